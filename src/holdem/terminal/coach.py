"""The coach: what to do at each of the player's decisions, and why (R47-R49).

- the advice of ``holdem.bots.coach``: one recommended action, the equity against the
  ranges the betting implies and the assumption made about them, the pot odds, the
  position, the starting-hand group, and what each alternative is worth;
- on the flop and the turn, the outs: the cards that put the hand ahead of most of the
  hands that beat it now (against a random hand, "outs" would count cards that merely
  keep an ace high ahead), beside the rule of 2 and 4 and the exact chance (R49);
- after the player acts, the beginner mistake that action made, if any
  (``holdem.bots.mistakes``), in one kind sentence.

The same ``advise`` answers the terminal game and the web coach's worker.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from rich.console import Console, ConsoleOptions, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from holdem.bots import coach as advice_of
from holdem.bots.base import PlayerView, view_for
from holdem.bots.mistakes import mistakes_by_kind
from holdem.cards import Card
from holdem.engine import Action, Hand, LegalActions
from holdem.terminal.style import inline, pct


@dataclass(frozen=True)
class OutsAdvice:
    cards: tuple[Card, ...]
    """The outs; empty when nothing beats the hand now (``best``) or nothing helps."""
    best: bool
    """No two cards beat the hand now."""
    rule: float
    """The rule of 2 and 4: outs x 4% with two cards to come, x 2% with one."""
    hit: float
    """The exact chance that one of the outs comes."""
    to_come: int


@dataclass(frozen=True)
class Advice:
    advice: advice_of.Advice
    """The recommendation, its reasons and the alternatives' values."""
    outs: OutsAdvice | None
    mistakes: dict[str, tuple[str, ...]]
    """By kind of action (fold, check, call, bet, raise): the mistakes it would make."""

    def after(self, action: Action) -> tuple[str, ...]:
        """What the coach says once the player has chosen ``action``: its mistakes."""
        return self.mistakes.get(advice_of.kind_of(action, self.advice.view), ())


def advise(hand: Hand, rng: random.Random | None = None) -> Advice:
    """The coach's advice to the player whose turn it is in ``hand``."""
    legal = hand.legal_actions()
    return advise_view(view_for(hand, legal.player), legal, rng)


def advise_view(view: PlayerView, legal: LegalActions, rng: random.Random | None = None) -> Advice:
    """The coach's advice for one decision, from what the player may see."""
    gen = np.random.default_rng(rng.getrandbits(64) if rng is not None else None)
    advice = advice_of.advise(view, legal, gen)
    board = view.board
    return Advice(
        advice=advice,
        outs=_outs(view.hole, board) if len(board) in (3, 4) else None,
        mistakes=mistakes_by_kind(advice),
    )


TALL = 30  # terminal lines from which the coach's box gives every reason in full


class CoachBox:
    """The coach's box under the table: the advice, the values, the ranges, the outs.

    In a terminal under ``TALL`` lines (80x24) the ranges are the brief ones; every line
    wraps at word boundaries, never cut."""

    def __init__(self, coaching: Advice) -> None:
        self.coaching = coaching

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield box(self.coaching, full=console.height >= TALL)


def panel(coaching: Advice) -> CoachBox:
    return CoachBox(coaching)


def box(coaching: Advice, *, full: bool = True) -> Panel:
    advice = coaching.advice
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold magenta", no_wrap=True)
    grid.add_column()
    numbers, *why = advice.reasons

    grid.add_row("Advice", Text.assemble((advice.words, "bold green"), ": ", numbers))
    grid.add_row("Values", Text(advice.values))
    # Wrapped at word boundaries; on a short screen the briefer ranges, and ``render``
    # lets the box's last lines give way when the screen is full.
    grid.add_row("Ranges", Text(advice.assumption if full else advice.assumption_brief))
    if coaching.outs is not None:
        grid.add_row("Outs", _outs_text(coaching.outs))
    grid.add_row("Why", Text(" ".join(why)))
    return Panel(grid, title="coach", title_align="left", border_style="magenta", padding=(0, 1))


def after_lines(coaching: Advice | None, action: Action) -> list[Text]:
    """The log lines naming the mistakes of ``action`` (none when it was good advice)."""
    if coaching is None:
        return []
    return [Text(f"coach: {sentence}", style="magenta") for sentence in coaching.after(action)]


def _outs_text(outs: OutsAdvice) -> Text:
    if outs.best:
        return Text("none needed: no two cards beat you now")
    if not outs.cards:
        return Text("none: no next card puts you ahead of the hands that beat you now")
    factor = 4 if outs.to_come == 2 else 2
    return Text.assemble(
        (f"{len(outs.cards)}: ", "bold"),
        inline(outs.cards),
        f"   rule of {factor}: {len(outs.cards)} × {factor}% ≈ ",
        (pct(outs.rule), "bold"),
        f", exactly {pct(outs.hit)} to hit by the river" if outs.to_come == 2 else
        f", exactly {pct(outs.hit)} on the river",
    )  # fmt: skip


def _outs(hole: Sequence[Card], board: Sequence[Card]) -> OutsAdvice:
    from holdem.odds import Range, outs

    to_come = 5 - len(board)
    ahead = hands_ahead(hole, board)
    if not ahead:
        return OutsAdvice((), True, 0.0, 0.0, to_come)
    found = outs(list(hole), list(board), Range(dict.fromkeys(ahead, 1.0), "hands ahead"))
    return OutsAdvice(found.outs, False, found.rule_estimate, found.hit_chance, to_come)


def hands_ahead(hole: Sequence[Card], board: Sequence[Card]) -> list[tuple[Card, Card]]:
    """Every two-card hand that beats ``hole`` on this ``board`` now."""
    from holdem.evaluator import evaluate_batch
    from holdem.odds import Range

    others = Range.random().without([*hole, *board])
    combos = np.array(others.combos, dtype=np.uint8)
    cards = np.array(board, dtype=np.uint8)
    mine = int(evaluate_batch(np.array([[*hole, *board]], dtype=np.uint8))[0])
    theirs = evaluate_batch(np.hstack([combos, np.tile(cards, (len(combos), 1))]))
    return [c for c, value in zip(others.combos, theirs.tolist(), strict=True) if value > mine]
