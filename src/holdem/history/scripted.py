"""A hand history as a script for the compiled kernel (``holdem.kernels.replay``).

Only what is plainly regular becomes a script: hole cards dealt first, in order, two to
each player; no card twice; board cards all named; every show naming the cards dealt, or
naming two cards dealt face down as ``????`` (then they are the player's from the start:
cards matter only at the showdown), or none. A hand nobody recorded (dealt ``????``, and
shown so or not at all) is scored at the showdown as ``Replayer`` scores it: it beats no
known hand. A muck before a deal (PokerKit's showdown comes before an all-in runout, and a
muck there gives the hand up) is left to ``Hand``. The kernel checks the rest (whose turn,
what is legal, when the board comes, who mucks). Anything else gives None and the hand is
replayed by ``Hand``, which words what is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from holdem.engine.config import HandConfig
from holdem.errors import HoldemError
from holdem.history import actions as phh
from holdem.history.hand import HandHistory
from holdem.history.house_rules import recorded_rules
from holdem.kernels import codes as s
from holdem.kernels.replay import (
    UNKNOWN_CARD,
    Script,
    Stakes,
    remembered_stakes,
)

_MAX_AMOUNT = 1 << 62
# The loop over every step reads these as globals, not as attributes of modules.
_CheckCall, _Fold, _BetRaise, _DealHole = phh.CheckCall, phh.Fold, phh.BetRaise, phh.DealHole
_S_FOLD, _S_CHECK_CALL, _S_BET_RAISE = s.S_FOLD, s.S_CHECK_CALL, s.S_BET_RAISE
_UNSEEN = (None, None)


def script_of(history: HandHistory) -> Script | None:
    """The kernel's script of a recorded hand, or None when ``Hand`` must replay it."""
    stakes = _stakes_of(history)
    if stakes is None:
        return None
    return script_of_steps(stakes, history.starting_stacks, history.actions)  # type: ignore[arg-type]


def script_of_steps(
    stakes: Stakes, stacks: Sequence[int], actions: Sequence[phh.Action]
) -> Script | None:
    """The script of a hand of these compiled stakes and starting stacks, recorded as
    ``actions`` (which name only the players it has), or None when ``Hand`` must play it."""
    n = len(stacks)
    holes: list[tuple[int | None, ...]] = []
    unread: set[int] = set()  # players shown as sm ????
    board: list[int] = []
    steps: list[int] = []
    dealt = n == 0
    mucked = False
    # The most frequent steps first: this runs for every step. (A HandHistory names only
    # players it has, so the players need no check here.)
    # (Each step is told by its exact type, which mypy does not narrow on: Any here.)
    step: Any
    for step in actions:
        kind = type(step)
        if kind is _CheckCall or kind is _Fold:
            if not dealt:
                return None
            steps += (_S_FOLD if kind is _Fold else _S_CHECK_CALL, step.player, 0)
        elif kind is _BetRaise:
            if not dealt or step.to >= _MAX_AMOUNT:
                return None  # (an amount past any stack the kernel plays: int64 chips)
            steps += (_S_BET_RAISE, step.player, step.to)
        elif kind is _DealHole:
            if step.player != len(holes) or len(step.cards) != 2:
                return None  # every hole card is dealt first, in order
            holes.append(step.cards)
            dealt = len(holes) == n
        elif isinstance(step, phh.DealBoard):
            if not dealt or None in step.cards or mucked:
                return None  # (a muck before a deal gives a hand up at an all-in: Hand's)
            board.extend(step.cards)  # type: ignore[arg-type]
            steps += (s.S_BOARD, 0, len(step.cards))
        elif isinstance(step, phh.ShowMuck):
            if not dealt:
                return None
            if step.mucked:
                steps += (s.S_MUCK, step.player, 0)
                mucked = True
                continue
            hole = holes[step.player]
            shown = step.cards
            if hole == _UNSEEN and shown is not None:
                if shown == _UNSEEN:
                    unread.add(step.player)  # shown, but nobody recorded the cards
                elif len(shown) == 2 and None not in shown and step.player not in unread:
                    holes[step.player] = shown  # learnt at the show, as most sites record
                else:
                    return None  # partly read, or read after all: ``Hand`` checks it
            elif None in hole or (shown is not None and (None in shown or set(shown) != set(hole))):
                return None  # cards contradicted at the show, or partly known: ``Hand`` checks
            steps += (s.S_SHOW, step.player, 0)
    known = [card for hole in holes for card in hole if card is not None] + board
    if len(holes) != n or len(board) > 5 or len(set(known)) != len(known):
        return None
    deck = [UNKNOWN_CARD] * (2 * n + 8)
    for player, (first, second) in enumerate(holes):
        deck[player] = UNKNOWN_CARD if first is None else int(first)
        deck[n + player] = UNKNOWN_CARD if second is None else int(second)
    for place, card in zip((1, 2, 3, 5, 7), board, strict=False):  # burns between streets
        deck[2 * n + place] = int(card)
    return Script(stakes, stacks, deck, steps)


def _stakes_of(history: HandHistory) -> Stakes | None:
    """``replay.config_of`` compiled for the kernel, None where either refuses; remembered,
    as a file repeats the same stakes and rules hand after hand (the stacks, which differ,
    are the script's own)."""
    if None in history.starting_stacks:
        return None  # an unknown stack: config_of refuses this hand, whatever its stakes
    rules = recorded_rules(history.extra)
    key = (
        "phh",
        history.variant,
        len(history.starting_stacks),
        history.blinds_or_straddles,
        history.antes,
        history.small_bet,
        history.big_bet,
        history.min_bet,
        history.ante_trimming_status,
        # repr tells 1 from 1.0 and True, which the rules' checks tell apart too
        None if rules is None else repr(rules),
    )  # every field config_of reads, besides the stacks
    return remembered_stakes(key, lambda: _config_of(history))


def _config_of(history: HandHistory) -> HandConfig | None:
    from holdem.history.replay import config_of

    try:
        return config_of(history)
    except HoldemError:
        return None
