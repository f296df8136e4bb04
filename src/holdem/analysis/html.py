"""The analysis as a page: each hand's cards as a replayer shows them and its graded
decisions, the file's summary on top. One self-contained file, light or dark as the
reader's system is."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from holdem.analysis.decisions import AnalyzedHand, Decision

_SUITS = {"s": ("♠", "black"), "h": ("♥", "red"), "d": ("♦", "red"), "c": ("♣", "black")}
_STYLE = """
:root { color-scheme: light dark; --bg: #f6f7f4; --fg: #1c1f1a; --card: #fff; --felt: #1f6b45;
  --line: #d5d9d0; --best: #2e7d32; --inaccuracy: #b58900; --mistake: #d2691e; --blunder: #c62828; }
@media (prefers-color-scheme: dark) { :root { --bg: #121411; --fg: #e6e8e3; --card: #1d201b;
  --felt: #17472f; --line: #33382f; } }
body { font: 15px/1.45 system-ui, sans-serif; background: var(--bg); color: var(--fg);
  margin: 0 auto; max-width: 60rem; padding: 1rem; }
h1 { font-size: 1.4rem; } .hand { background: var(--card); border: 1px solid var(--line);
  border-radius: 10px; margin: 1rem 0; padding: .75rem 1rem; }
.felt { background: var(--felt); border-radius: 8px; padding: .4rem .6rem; display: inline-flex;
  gap: .25rem; margin: .2rem .6rem .2rem 0; }
.c { display: inline-block; min-width: 1.7rem; padding: .1rem .25rem; border-radius: 4px;
  background: #fff; text-align: center; font-weight: 600; }
.c.red { color: #c62828; } .c.black { color: #111; }
table { border-collapse: collapse; width: 100%; } td, th { padding: .25rem .4rem;
  border-bottom: 1px solid var(--line); text-align: left; font-size: .92rem; }
.g { font-weight: 700; } .g.best { color: var(--best); } .g.inaccuracy { color: var(--inaccuracy); }
.g.mistake { color: var(--mistake); } .g.blunder { color: var(--blunder); }
.scroll { overflow-x: auto; } .method { opacity: .75; font-size: .85rem; }
.summary td:first-child { width: 14rem; }
"""


def html_report(hero: str, hands: Sequence[AnalyzedHand], summary: dict[str, Any]) -> str:
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width, initial-scale=1'>",
        f"<title>Hands of {escape(hero)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>Hands of {escape(hero)}: {summary['ev_lost_bb']:.2f} bb lost</h1>",
        _summary(summary),
    ]
    parts += [_hand(h) for h in hands]
    parts.append("</body></html>")
    return "\n".join(parts)


def _summary(summary: dict[str, Any]) -> str:
    rows = [
        ("hands", summary["hands"]),
        ("decisions graded", summary["decisions"]),
        ("EV lost", f"{summary['ev_lost_bb']:.2f} bb"),
    ]
    rows += [
        (f"{street}", f"{v['decisions']} decisions, {v['ev_lost_bb']:.2f} bb")
        for street, v in summary["by_street"].items()
    ]
    rows += [(m, f"{n} decisions") for m, n in summary["by_method"].items()]
    body = "".join(f"<tr><td>{escape(str(a))}</td><td>{escape(str(b))}</td></tr>" for a, b in rows)
    return f"<table class='summary' data-testid='analysis-summary'>{body}</table>"


def _cards(text: str) -> str:
    if not text:
        return ""
    out = []
    compact = text.replace(" ", "")
    for card in (compact[i : i + 2] for i in range(0, len(compact), 2)):  # "AsKh" -> As, Kh
        rank, suit = card[0], card[1]
        symbol, colour = _SUITS.get(suit, (suit, "black"))
        out.append(f"<span class='c {colour}'>{escape(rank)}{symbol}</span>")
    return f"<span class='felt'>{''.join(out)}</span>"


def _hand(hand: AnalyzedHand) -> str:
    title = escape(hand.where + (f" (hand {hand.hand_id})" if hand.hand_id else ""))
    head = (
        f"<div class='hand' data-testid='analysis-hand'><h2>{title}: "
        f"<span class='g {hand.grade}'>{hand.grade}</span>, {hand.ev_lost_bb:.2f} bb lost</h2>"
    )
    if hand.error:
        return head + f"<p>not graded: {escape(hand.error)}</p></div>"
    first = hand.decisions[0] if hand.decisions else None
    cards = _cards(first.hole) if first else ""
    last_board = hand.decisions[-1].board if hand.decisions else ""
    rows = "".join(_decision(d) for d in hand.decisions)
    return (
        f"{head}<div>{cards}{_cards(last_board)}</div><div class='scroll'><table>"
        f"<tr><th>street</th><th>spot</th><th>played</th><th>best</th><th>EV lost</th>"
        f"<th>grade</th></tr>{rows}</table></div></div>"
    )


def _decision(d: Decision) -> str:
    freq = f" ({d.frequency:.0%} in equilibrium)" if d.frequency is not None else ""
    return (
        f"<tr><td>{d.street}</td><td>{escape(d.spot)}<div class='method'>{escape(d.method)}"
        f"</div></td><td>{escape(d.action)}</td><td>{escape(d.best)}{freq}</td>"
        f"<td>{d.ev_lost_bb:.2f} bb</td><td class='g {d.grade}'>{d.grade}</td></tr>"
    )
