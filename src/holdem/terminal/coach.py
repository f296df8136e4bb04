"""The coach: what the numbers say before each of the player's decisions (R47-R49).

- equity against a random hand for each opponent still in (Monte Carlo, quick);
- preflop, the starting hand's class and group (R48);
- on the flop and the turn, the outs: the cards that put the hand ahead of most of the
  hands that beat it now (against a random hand, "outs" would count cards that merely
  keep an ace high ahead), beside the rule of 2 and 4 and the exact chance (R49);
- facing a bet, the pot odds: the break-even equity of a call, and the call's EV at the
  equity above.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from holdem.cards import Card

TRIALS = 40_000  # about 0.02 s with 5 opponents; +/- 0.5% at 95%


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
    equity: float
    interval: float
    opponents: int
    trials: int
    starting: str | None
    """Preflop: "AKo, premium"."""
    outs: OutsAdvice | None
    call: int
    """Chips a call adds; 0 when checking is free."""
    pot: int
    """The pot now, every bet included."""
    break_even: float | None
    ratio: str | None
    call_ev: float | None


def advise(
    hole: Sequence[Card],
    board: Sequence[Card],
    opponents: int,
    *,
    pot: int,
    call: int,
    rng: random.Random | None = None,
) -> Advice:
    """The coach's numbers for a player holding ``hole`` against ``opponents`` players."""
    from holdem.odds import equity, pot_odds

    players: list[object] = [list(hole)] + ["random"] * opponents
    result = equity(players, board=list(board) or None, exact=False, trials=TRIALS, rng=rng)  # type: ignore[arg-type]
    mine = result.players[0]
    odds = pot_odds(pot - call, call) if call > 0 else None
    return Advice(
        equity=mine.equity,
        interval=mine.interval,
        opponents=opponents,
        trials=result.trials or 0,
        starting=_starting(hole) if not board else None,
        outs=_outs(hole, board) if len(board) in (3, 4) else None,
        call=call,
        pot=pot,
        break_even=odds.break_even if odds else None,
        ratio=odds.ratio if odds else None,
        call_ev=odds.ev(mine.equity) if odds else None,
    )


def _starting(hole: Sequence[Card]) -> str:
    from holdem.odds import class_of, group_of

    hand = class_of(hole[0], hole[1])
    return f"{hand.label}, {group_of(hand).label}"


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
    import numpy as np

    from holdem.evaluator import evaluate_batch
    from holdem.odds import Range

    others = Range.random().without([*hole, *board])
    combos = np.array(others.combos, dtype=np.uint8)
    cards = np.array(board, dtype=np.uint8)
    mine = int(evaluate_batch(np.array([[*hole, *board]], dtype=np.uint8))[0])
    theirs = evaluate_batch(np.hstack([combos, np.tile(cards, (len(combos), 1))]))
    return [c for c, value in zip(others.combos, theirs.tolist(), strict=True) if value > mine]
