# mypy: disable-error-code="no-untyped-def"
# (numba kernels: their argument types are numba's to infer, not annotations)
"""Scripted hands in the compiled kernel: a recorded hand's steps, read one at a time.

A script is a run of int64 words, three per step: (code, player, amount). ``cursor``
holds the position of the next step and the end of the hand's script. The kernel
(``kernel_play._play_hand`` under the ``SCRIPT`` policy) asks for each step where
``Hand`` would take it; whenever the script says something else than the rules allow,
or anything ``Hand`` would treat in a way the kernel does not model, the readers answer
False and the hand is left to ``Hand`` (``holdem.history.replay``).
"""

from __future__ import annotations

from holdem.evaluator.batch import kernel
from holdem.kernels.codes import (
    S_BOARD,
    S_MUCK,
    S_SHOW,
    STEP_WORDS,
)


@kernel
def next_step(script, cursor, folded):
    """The index of the next step that changes something, past the shows and mucks before
    the showdown (a hand tabled or mucked early changes no chip: ``Replayer``); -1 at the
    end of the script, -2 for a show or muck by a player who folded (left to ``Hand``)."""
    while cursor[0] < cursor[1]:
        i = cursor[0]
        code = script[i]
        if code != S_SHOW and code != S_MUCK:
            return i
        if folded[script[i + 1]]:
            return -2
        cursor[0] = i + STEP_WORDS
    return -1


@kernel
def take_board(script, cursor, folded, cards):
    """Consume the next street's deal of ``cards`` board cards; False if it is not next."""
    i = next_step(script, cursor, folded)
    if i < 0 or script[i] != S_BOARD or script[i + 2] != cards:
        return False
    cursor[0] = i + STEP_WORDS
    return True


@kernel
def take_runout(script, cursor, folded, street):
    """The streets after ``street`` dealt without betting (an all-in runout)."""
    for later in range(street + 1, 4):
        if not take_board(script, cursor, folded, 3 if later == 1 else 1):
            return False
    return True


@kernel
def take_showdown(script, cursor, folded, exposed):
    """The shows and mucks of the showdown; returns the mask of those who mucked, or -1
    when a step is not a show or muck, comes from a player who folded, or mucks a hand
    turned up at the all-in (``Hand`` refuses that). A player's first decision counts."""
    mucked = 0
    decided = 0
    while cursor[0] < cursor[1]:
        i = cursor[0]
        code, player = script[i], script[i + 1]
        if (code != S_SHOW and code != S_MUCK) or folded[player]:
            return -1
        if not decided >> player & 1:
            decided |= 1 << player
            if code == S_MUCK:
                if exposed:
                    return -1
                mucked |= 1 << player
        cursor[0] = i + STEP_WORDS
    return mucked


@kernel
def only_shows_left(script, cursor, folded):
    """After a hand won uncontested: nothing but shows and mucks may follow."""
    return next_step(script, cursor, folded) == -1
