"""A PokerStars hand checked by the compiled replay kernel rather than played by ``Hand``.

``pokerstars_import`` plays every hand through the engine, decision by decision, and
that is three-quarters of a conversion's time. Most hands are plain: here the PHH steps
are written straight from the text, the kernel (``engine.kernel_replay``) replays them
by the rules of ``Hand`` and gives each player's chips, and the text is checked against
those chips as the engine's play checks it:

- every call is for what the player owes, or all they have left (the betting is followed
  from the text's own posts, bets and raises);
- what each player put in, less the uncalled chips given back, is what the kernel took;
- the uncalled chips the text gives back are the kernel's, player by player;
- the pots and the rake add up to the text's collected amounts (``check_pots``).

The showdown is written as ``Hand`` writes it: in the rules' showing order (the river's
last bettor first, else the first player after the button, R28), each hand shown that
the text shows, the others mucked, but for hands turned up at an all-in (R30), shown as
far as the text knows them. Whatever is less plain (a run twice, a muck that would change
who wins, any check that fails) gives None, and ``Hand`` plays the hand as before: it
gives the same record, or the error in words. ``tests/history/test_pokerstars_kernel.py``
holds the two to the same records.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from holdem.errors import HoldemError
from holdem.history import actions as steps
from holdem.history.hand import HandHistory
from holdem.history.pokerstars_read import StarsError
from holdem.history.scripted import script_of_steps
from holdem.kernels.replay import (
    ReplayedChips,
    Script,
    Stakes,
    remembered_stakes,
    replay_kernel,
    replay_scripts,
)

if TYPE_CHECKING:
    from holdem.engine import HandConfig
    from holdem.history.pokerstars_import import _Importer


def through_kernel(importer: _Importer) -> HandHistory | None:
    """The record of ``importer``'s hand when the kernel vouches for it, else None."""
    return through_kernel_many([importer])[0]


def through_kernel_many(importers: Sequence[_Importer]) -> list[HandHistory | None]:
    """:func:`through_kernel` of each importer's hand, the kernel called once for them all:
    a call has a cost of its own, as much as a plain hand's replay."""
    kernel = replay_kernel(numba=False)  # (numba's costs half a second to load: not here)
    if kernel is None:
        return [None] * len(importers)
    plays = [_played(importer) for importer in importers]
    scripts = [play.script for play in plays if play is not None]
    replayed = iter(replay_scripts(scripts, kernel) if scripts else ())
    return [
        None if play is None else _recorded(importer, play, next(replayed))
        for importer, play in zip(importers, plays, strict=True)
    ]


@dataclass(frozen=True)
class _Play:
    """A hand's PHH steps as the text gives them, its script for the kernel, and the chips
    the text says each player has left, collected, cashed out and got back."""

    config: HandConfig
    script: Script
    recorded: list[steps.Action]
    left: list[int]
    collected: list[int]
    cashed_out: list[int]
    returned: list[int]


def _played(importer: _Importer) -> _Play | None:
    """The hand followed through its text, or None for one the kernel leaves to ``Hand``."""
    try:
        return _follow(importer)
    except HoldemError:
        return None  # Hand words it


def _follow(importer: _Importer) -> _Play | None:
    config = importer.config()
    stakes = _stakes(config)
    if stakes is None:
        return None
    stars, n = importer.stars, len(importer.order)
    holes = importer.hole_cards()
    recorded: list[steps.Action] = [steps.DealHole(p, holes[p]) for p in range(n)]
    left = list(config.starting_stacks)  # chips behind, as the text spends them
    bets = [0] * n  # in front of each player this street
    folded = [False] * n
    exposed = False  # every hand turned up: betting ended before the river (R30)
    street = 0
    river_bettor: int | None = None
    collected, cashed_out, returned = [0] * n, [0] * n, [0] * n
    for p, role, amount in importer.posts():
        left[p] -= amount
        if role in ("blind", "live"):
            bets[p] += amount
    shown = importer.shown_cards()
    for action in stars.actions:
        kind = action.kind
        p = importer.at(action) if action.player is not None else -1
        if kind == "fold":
            folded[p] = True
            recorded.append(steps.Fold(p))
        elif kind == "check":
            recorded.append(steps.CheckCall(p))
        elif kind == "call":
            if action.amount != min(max(bets) - bets[p], left[p]):
                return None  # the call is not what is owed: Hand says so
            bets[p] += action.amount
            left[p] -= action.amount
            recorded.append(steps.CheckCall(p))
        elif kind in ("bet", "raise"):
            to = action.amount if kind == "bet" else action.to
            left[p] -= to - bets[p]
            bets[p] = to
            river_bettor = p if street == 3 else river_bettor
            recorded.append(steps.BetRaise(p, to))
        elif kind == "board":
            if action.street <= street or action.run:
                return None  # (a board run twice, or out of order: Hand)
            in_hand = [q for q in range(n) if not folded[q]]
            if len(in_hand) >= 2 and sum(left[q] > 0 for q in in_hand) < 2:
                exposed = True
            street = action.street
            bets = [0] * n
            recorded.append(steps.DealBoard(action.cards))
        elif kind == "collect":
            collected[p] += action.amount
        elif kind == "cash out":
            cashed_out[p] += action.amount
        elif kind == "uncalled":
            returned[p] += action.amount
            left[p] += action.amount
    in_hand = [q for q in range(n) if not folded[q]]
    if len(in_hand) >= 2:
        first = river_bettor if street == 3 and river_bettor is not None else 0
        for k in range(n):
            q = (first + k) % n
            if folded[q]:
                continue
            if q in shown:
                recorded.append(steps.ShowMuck(q, shown[q]))
            elif exposed:  # turned up at the all-in, so not mucked (R30): shown as known
                hole = holes[q]
                recorded.append(steps.ShowMuck(q, (None, None) if None in hole else hole))
            else:
                recorded.append(steps.ShowMuck(q, None))
    script = script_of_steps(stakes, config.starting_stacks, recorded)
    if script is None:
        return None
    return _Play(config, script, recorded, left, collected, cashed_out, returned)


def _recorded(importer: _Importer, play: _Play, chips: ReplayedChips | None) -> HandHistory | None:
    """The record of a hand the kernel replayed to ``chips``, when they are the text's."""
    if chips is None:
        return None
    for q in range(len(importer.order)):
        behind = chips.final_stacks[q] - chips.collected[q]
        if chips.returned[q] != play.returned[q] or behind != play.left[q]:
            return None  # the text's chips are not the kernel's: Hand finds where
    importer.collected, importer.cashed_out = play.collected, play.cashed_out
    try:
        importer.check_pots(chips.collected)
    except StarsError:
        return None
    finishing = tuple(
        stack - won + got + cash
        for stack, won, got, cash in zip(
            chips.final_stacks, chips.collected, play.collected, play.cashed_out, strict=True
        )
    )
    importer.recorded = play.recorded
    try:
        return HandHistory(**importer._fields(play.config, finishing))
    except HoldemError:
        return None  # Hand plays it and words why the record refuses it


def _stakes(config: HandConfig) -> Stakes | None:
    """``config`` compiled for the kernel, remembered for the hands of the same stakes."""
    key = (
        "pokerstars",
        config.structure,
        config.blinds_or_straddles,
        config.antes,
        config.min_bet,
        config.big_bet,
        config.ante_trimming,
        config.live_posts,
        config.dead_blinds,
        config.run_count,
        config.full_blind_to_call,  # (the kernel refuses it: such hands go to Hand)
    )  # every field ``_Importer.config`` sets but the stacks (the count is the blinds')
    return remembered_stakes(key, lambda: config)
