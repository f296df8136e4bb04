"""Reviewing the hands a player played: each of their decisions graded by the EV it lost.

- ``analyze_hand(history, hero)``: the hero's decisions in one recorded hand, graded.
- ``summarize(hands)``: totals over a file (EV lost, the costliest decisions, by street
  and by spot).
- ``html_report(...)``: the same as a page to look at.

Where an equilibrium is known (push/fold spots preflop) a decision is graded against it;
elsewhere against the coach's heuristic, and labelled so.
"""
