"""What a replayed hand paid out, checked against the ``winnings`` and ``rake`` it records.

The engine awards pots; a site then takes its rake, so a file's ``winnings`` (what each
player was paid) and ``finishing_stacks`` are net of it. From the replay we know, per
player, what they *collected* from the pots and what uncalled chips were *returned*;
the rake is what the pots paid that nobody was paid:

- with ``winnings``: each player's deduction is collected - paid, and the rake is their
  sum. A player paid more than they collected (paid while winning nothing, or more than
  the pot) cannot be, and a recorded ``rake`` must equal the rake inferred;
- with ``rake`` alone: the deductions are read from the finishing stacks (ours - theirs)
  and must add up to it, each between 0 and what that player collected;
- with neither, nothing is deducted and the finishing stacks are ours exactly.

All amounts are units of the hand's ``chip_unit``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import gt, sub
from typing import TYPE_CHECKING

from holdem.history.hand import HandHistory
from holdem.history.units import Units

if TYPE_CHECKING:
    from holdem.engine import Hand


@dataclass(frozen=True)
class Payout:
    """What each player collected from the pots and got back uncalled, the rake inferred
    (None when the hand records neither winnings nor rake, or a record that cannot be so),
    each player's share of it, and why the record cannot be so (None when it can)."""

    collected: tuple[int, ...]
    returned: tuple[int, ...]
    rake: Units | None
    deducted: tuple[Units, ...]
    problem: str | None = None


def payout_of(
    history: HandHistory,
    collected: Sequence[int],
    returned: Sequence[int],
    final_stacks: Sequence[int],
) -> Payout:
    """The payout of a replayed hand, checked against what ``history`` records: from what
    each player ``collected`` from the pots, got ``returned`` uncalled, and finished with
    (whether ``Hand`` or the compiled kernel replayed it)."""
    if history.winnings is not None:
        return _from_winnings(history, tuple(collected), tuple(returned), history.winnings)
    base = Payout(tuple(collected), tuple(returned), None, (0,) * len(collected))
    if history.rake is not None:
        return _from_rake(history, base, tuple(final_stacks), history.rake)
    return base


def chips_of(hand: Hand) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """(collected, returned, final stacks) of a finished ``Hand``, for :func:`payout_of`."""
    from holdem.engine import events  # a kernel's replay, which needs no events, skips it

    returned = [0] * hand.player_count
    assert hand.result is not None
    for event in hand.events:
        if isinstance(event, events.UncalledBetReturned):
            returned[event.player] += event.amount
    return hand.result.collected, tuple(returned), tuple(hand.stacks)


def _from_winnings(
    history: HandHistory,
    collected: tuple[int, ...],
    returned: tuple[int, ...],
    paid: Sequence[Units],
) -> Payout:
    if len(paid) != len(collected):
        raise ValueError("one payment a player: the hand's checks make it so")
    # Whole-tuple operations: this runs for every hand of a file with winnings.
    deducted = tuple(map(sub, collected, paid))
    rake = sum(deducted, start=0)
    checked = Payout(collected, returned, rake, deducted)
    overpaid = [*map(gt, paid, collected)]
    if True in overpaid:
        player = overpaid.index(True)
        who = _who(history, player)
        won, amount = collected[player], history.format_amount(paid[player])
        if won == 0:
            return _wrong(checked, f"{who} is paid {amount} but won nothing from the pots")
        return _wrong(
            checked,
            f"{who} is paid {amount}, more than the {history.format_amount(won)} "
            "they won from the pots",
        )
    if history.rake is not None and history.rake != rake:
        return _wrong(
            checked,
            f"the rake recorded is {history.format_amount(history.rake)}, but the pots "
            f"less the winnings leave {history.format_amount(rake)}",
        )
    return checked


def _from_rake(history: HandHistory, base: Payout, ours: Sequence[int], rake: Units) -> Payout:
    n = len(ours)
    recorded = history.finishing_stacks
    total = sum(base.collected)
    if recorded is None:
        # Who paid it is unknown; it can only be no more than the pots.
        checked = Payout(base.collected, base.returned, rake, (0,) * n)
        if rake > total:
            return _wrong(checked, _more_than_pots(history, rake, total))
        return checked
    deducted = tuple(mine - theirs for mine, theirs in zip(ours, recorded, strict=True))
    checked = Payout(base.collected, base.returned, rake, deducted)
    if rake > total:
        return _wrong(checked, _more_than_pots(history, rake, total))
    for player, (taken, won) in enumerate(zip(deducted, base.collected, strict=True)):
        if not 0 <= taken <= won:
            return _wrong(
                checked,
                f"{_who(history, player)} finishes with {history.format_amount(recorded[player])}"
                f", which no share of the rake from the {history.format_amount(won)} they won "
                "explains",
            )
    if sum(deducted, start=0) != rake:
        return _wrong(
            checked,
            f"the rake recorded is {history.format_amount(rake)}, but the finishing stacks "
            f"are {history.format_amount(sum(deducted, start=0))} short of the pots paid",
        )
    return checked


def _more_than_pots(history: HandHistory, rake: Units, total: int) -> str:
    return (
        f"the rake recorded, {history.format_amount(rake)}, is more than the pots "
        f"({history.format_amount(total)})"
    )


def _wrong(payout: Payout, problem: str) -> Payout:
    # A record that cannot be so implies no rake: nothing is deducted, the problem is said.
    nothing = (0,) * len(payout.collected)
    return Payout(payout.collected, payout.returned, None, nothing, problem)


def _who(history: HandHistory, player: int) -> str:
    name = history.players[player] if history.players is not None else None
    return f"p{player + 1}" + (f" ({name})" if name else "")
