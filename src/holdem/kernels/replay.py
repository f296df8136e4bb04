"""Recorded hands replayed in the compiled kernel, each step checked against the rules.

``Hand`` replays a hand history step by step with an event log and every error worded;
a corpus of thousands of hands that are plainly legal needs only the chips. Here each
hand is a :class:`Script`: its stakes compiled, its stacks, its deck (the cards the
record names) and its steps (``kernel_script``). The kernel (``kernel_play.run_scripts``)
plays them with the rules of ``Hand``, checking every decision against the legal bounds
it computes as ``Hand`` does; a hand it cannot vouch for (a step the rules refuse, a muck
that would change the winner, a configuration it does not play) comes back as None, for
``Hand`` to replay and to word. A hand whose cards nobody recorded beats no known hand at
the showdown, as ``Replayer`` scores it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import numpy as np

from holdem.engine.config import HandConfig
from holdem.errors import ConfigError
from holdem.kernels import codes
from holdem.kernels.hands import MAX_CHIPS, compile_config, evaluator_tables

UNKNOWN_CARD = 255
"""A card the record does not name (a hole card nobody saw, a burn, a street never
dealt): the kernel's evaluator refuses it, so a hand that needs it at a showdown is
left to ``Hand``."""


Stakes = tuple[np.ndarray, np.ndarray]
"""A configuration compiled for the kernel (``kernel.compile_config``): its parameters
and forced bets by position. Hands of the same stakes share one, whatever their stacks."""


def compile_stakes(config: HandConfig) -> Stakes | None:
    """``config`` compiled for the kernel, or None for a configuration it does not play."""
    try:
        return compile_config(config)
    except ConfigError:
        return None


def remembered_stakes(key: Hashable, config: Callable[[], HandConfig | None]) -> Stakes | None:
    """``compile_stakes(config())``, remembered under ``key`` (what the stakes are made of,
    besides the stacks): a file repeats the same stakes hand after hand, and the stacks,
    which differ, are each script's own. ``config`` gives None for a hand without one."""
    if key in _STAKES:
        return _STAKES[key]
    made = config()
    stakes = None if made is None else compile_stakes(made)
    if len(_STAKES) >= _STAKES_KEPT:
        _STAKES.clear()
    _STAKES[key] = stakes
    return stakes


_STAKES: dict[Hashable, Stakes | None] = {}
_STAKES_KEPT = 4096


def clear_cache() -> None:
    """Forget the stakes compiled so far (``holdem.history.clear_caches``)."""
    _STAKES.clear()


@dataclass(frozen=True)
class Script:
    """One recorded hand for the kernel.

    ``stakes``: its configuration compiled (:func:`compile_stakes`); ``stacks``: the
    starting stacks by position. ``deck``: 2 * players + 8 card codes dealt as ``Hand``
    deals from a deck (first hole cards round the table, second ones, burn, flop, burn,
    turn, burn, river), UNKNOWN_CARD where the record names none. ``steps``: three words
    per step, (code, player, amount) with the codes of ``kernel_script``.
    """

    stakes: Stakes
    stacks: Sequence[int]
    deck: Sequence[int]
    steps: Sequence[int]


class ReplayedChips(NamedTuple):
    """What a scripted hand came to, per position: the final stacks, the chips each player
    collected from the pots, and the uncalled chips returned to them. (A named tuple: one
    is made for every hand replayed.)"""

    final_stacks: tuple[int, ...]
    collected: tuple[int, ...]
    returned: tuple[int, ...]


def replay_kernel(*, numba: bool = True) -> Callable[..., None] | None:
    """The kernel that replays scripts: the one built ahead of time for these sources
    (``kernel_native``: no numba to load), else numba's; None without numba. ``numba``:
    False gives None rather than load numba's (half a second) when neither is loaded."""
    if _kernels:
        return _kernels[0]
    from holdem.kernels import native as kernel_native

    folder = kernel_native.folder()
    if folder not in _looked_for_native:
        _looked_for_native.append(folder)
        native = kernel_native.replay_kernel()
        if native is not None:
            _kernels.append(native)
            return native
    if not numba:
        return None
    try:
        import holdem.kernels.play as kernel_play
    except ImportError:
        return None  # (not remembered: numba may be installed later on)
    _kernels.append(kernel_play.run_scripts)
    return _kernels[0]


# What a process has found: the kernel once loaded, and the cache folders it looked in
# for a built one (a fingerprint of the sources costs a millisecond: not once a hand).
_kernels: list[Callable[..., None]] = []
_looked_for_native: list[Path] = []


def replay_scripts(
    scripts: Sequence[Script], kernel: Callable[..., None] | None = None
) -> list[ReplayedChips | None]:
    """Each hand's chips, or None for a hand the kernel leaves to ``Hand``. ``kernel``:
    ``run_scripts`` as built ahead of time or by numba (by default :func:`replay_kernel`'s;
    ImportError when there is none)."""
    run = kernel or replay_kernel()
    if run is None:
        raise ImportError("the replay kernel needs numba, or the kernel built ahead of time")
    # Stacks past the kernel's 64-bit counts are left to Hand.
    playable = [number for number, script in enumerate(scripts) if sum(script.stacks) < MAX_CHIPS]
    results: list[ReplayedChips | None] = [None] * len(scripts)
    if not playable:
        return results
    hands = len(playable)
    width = max(len(scripts[number].deck) for number in playable)
    players = max(len(scripts[number].stacks) for number in playable)
    # The arrays are made whole from lists (each padded to the widest hand): a row at a
    # time cost as much as the kernel's replay of it. Hands of the same stakes share the
    # arrays of them, so each is padded once a call.
    params: list[np.ndarray] = []
    forced: list[np.ndarray] = []
    padded: dict[int, np.ndarray] = {}
    stack_rows: list[list[int]] = []
    deck_rows: list[list[int]] = []
    steps: list[int] = []
    offsets = [0]
    for number in playable:
        script = scripts[number]
        n = len(script.stacks)
        params.append(script.stakes[0])
        bets = padded.get(id(script.stakes[1]))
        if bets is None:
            bets = padded[id(script.stakes[1])] = np.zeros((4, players), dtype=np.int64)
            bets[:, :n] = script.stakes[1]
        forced.append(bets)
        stack_rows.append([*script.stacks] + [0] * (players - n))
        deck_rows.append([*script.deck] + [UNKNOWN_CARD] * (width - len(script.deck)))
        steps.extend(script.steps)
        offsets.append(len(steps))
    all_params = np.array(params, dtype=np.int64)
    start = np.array(stack_rows, dtype=np.int64)
    forced_bets = np.array(forced, dtype=np.int64)
    decks = np.array(deck_rows, dtype=np.uint8)
    out = np.zeros((hands, 3, players), dtype=np.int64)
    status = np.zeros(hands, dtype=np.int64)
    run(
        all_params, start, forced_bets, decks, np.array(steps, dtype=np.int64),
        np.array(offsets, dtype=np.int64), out, status, evaluator_tables(),
    )  # fmt: skip
    done = (status == codes.OK).tolist()
    for number, (stacks, collected, returned), ok in zip(playable, out.tolist(), done, strict=True):
        if ok:
            n = len(scripts[number].stacks)
            results[number] = ReplayedChips(
                tuple(stacks[:n]), tuple(collected[:n]), tuple(returned[:n])
            )
    return results


def replay_kernel_cached() -> bool:
    """Whether the replay kernel is built for these sources, ahead of time or in numba's
    cache (a first run compiles it, up to half a minute on a shared machine)."""
    from holdem.kernels import native as kernel_native

    if kernel_native.built():
        return True
    from holdem.kernels import play as kernel_play
    from holdem.numba_cache import compiled_before

    return compiled_before(kernel_play.run_scripts)
