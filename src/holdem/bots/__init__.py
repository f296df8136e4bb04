"""Players that are programs: the protocol every bot implements, and the bots themselves.

- ``random``: any legal action, any amount, uniformly;
- ``caller``: a calling station, it checks or calls and never folds;
- ``tag``: tight-aggressive, by the beginner's starting-hand groups (R48), position,
  pot odds and the rule of 2 and 4 (R49);
- ``mc``: Monte Carlo equity against the ranges the opponents' actions suggest,
  with bets sized by equity, pot odds and fold equity;
- ``coach``: always plays the coach's recommendation (``bots/coach.py``), the measure of
  the advice the coach gives people;
- ``solver``: the push/fold equilibrium preflop at 15 big blinds or less, ``mc`` elsewhere.
"""

from holdem.bots.base import Bot, PlayerView, view_for, visible_events
from holdem.bots.caller import CallerBot
from holdem.bots.coach import CoachBot
from holdem.bots.mc import MonteCarloBot
from holdem.bots.random_bot import RandomBot
from holdem.bots.solver_bot import SolverBot
from holdem.bots.tag import TagBot

BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "caller": CallerBot,
    "tag": TagBot,
    "mc": MonteCarloBot,
    "coach": CoachBot,
    "solver": SolverBot,
}
"""Bots by the name ``holdem sim --bots`` takes."""

__all__ = [
    "BOTS",
    "Bot",
    "CallerBot",
    "CoachBot",
    "MonteCarloBot",
    "PlayerView",
    "RandomBot",
    "SolverBot",
    "TagBot",
    "view_for",
    "visible_events",
]
