"""Replay PHH hand histories through the rules engine and check the finishing stacks.

Files made by PokerKit (the PHH corpus among them) follow PokerKit's house rules, so a
replay runs under ``HandConfig.pokerkit_conventions()`` (antes before blinds, PokerKit's
limit cap and reopening). A hand's ``finishing_stacks`` must match ours exactly, except
that a recorded half chip (``10112.5``, written where a pot split unevenly) is matched by
the whole chip on either side, as long as the total is the same: we give the odd chip
to the first winner clockwise from the button (R25).

The engine plays integer units of the hand's ``chip_unit`` (cents, for a file in dollars
and cents); a :class:`Replay` keeps them, and :meth:`Replay.as_json` writes amounts back
in the file's own terms and precision (``200.30``).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from operator import sub
from pathlib import Path
from typing import TYPE_CHECKING

from holdem.engine.config import HandConfig, Structure
from holdem.errors import HoldemError
from holdem.history.actions import acting_player, format_action
from holdem.history.errors import PHHError, said_of
from holdem.history.hand import HandHistory
from holdem.history.house_rules import config_with_rules, recorded_rules
from holdem.history.payouts import chips_of, payout_of
from holdem.history.phh import HandResult, find_files, iter_hands
from holdem.history.units import ONE, Units, amount_of, format_amount

if TYPE_CHECKING:
    from holdem.engine import Hand
    from holdem.kernels.replay import ReplayedChips

_STRUCTURES = {"NT": Structure.NO_LIMIT, "PT": Structure.POT_LIMIT, "FT": Structure.FIXED_LIMIT}


@dataclass(frozen=True)
class Replay:
    """One replayed hand: where it came from, our finishing stacks and the verdict.

    Amounts are units of ``chip_unit``. ``finishing_stacks`` are ours less each player's
    share of the rake the record implies (see :mod:`holdem.history.payouts`);
    ``collected`` is what each player took from the pots, ``returned`` the uncalled chips
    given back, ``rake`` the rake inferred from the recorded ``winnings`` or ``rake``
    (None when neither is recorded), and ``reason`` says why a hand does not match.
    """

    file: str
    index: int | None  # the hand's number in a .phhs, None for a .phh
    finishing_stacks: tuple[Units, ...] | None
    expected: tuple[Units, ...] | None  # as recorded
    match: bool | None  # None when the file records nothing to check
    error: str | None
    hand: Hand | None = None
    chip_unit: Decimal = ONE
    players: tuple[str, ...] | None = None
    collected: tuple[int, ...] | None = None
    returned: tuple[int, ...] | None = None
    winnings: tuple[Units, ...] | None = None  # as recorded
    rake: Units | None = None
    reason: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and self.match is not False

    def amounts(self, units: Sequence[Units] | None) -> list[Decimal | int] | None:
        """Units as the file's amounts (ints for a whole-chip file)."""
        if units is None:
            return None
        return [self.amount(u) for u in units]

    def as_json(self) -> dict[str, object]:
        """The row of ``holdem replay --json``; amounts are ``Decimal`` in the file's terms:
        write it with :func:`json_line`, which keeps their digits."""
        return {
            "file": self.file,
            "index": self.index,
            "players": list(self.players) if self.players is not None else None,
            "finishing_stacks": self.amounts(self.finishing_stacks) or None,
            "expected": self.amounts(self.expected),
            "collected": self.amounts(self.collected),
            "returned": self.amounts(self.returned),
            "winnings": self.amounts(self.winnings),
            "rake": None if self.rake is None else self.amount(self.rake),
            "match": self.match,
            "reason": self.reason,
            "error": self.error,
        }

    def amount(self, units: Units) -> Decimal | int:
        """One amount in the file's terms (an int for a whole-chip file)."""
        return (
            units
            if self.chip_unit == ONE and isinstance(units, int)
            else amount_of(units, self.chip_unit)
        )


def json_line(value: object) -> str:
    """JSON on one line, as ``json.dumps`` writes it, but amounts (``Decimal``) with their
    exact digits (``200.30``): JSON numbers may have any digits, and a float would lose them."""
    if isinstance(value, Decimal):
        return format(value, "f") if value.is_finite() else "null"
    if isinstance(value, Mapping):
        items = (f"{json.dumps(str(key))}: {json_line(item)}" for key, item in value.items())
        return "{" + ", ".join(items) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(json_line(item) for item in value) + "]"
    return json.dumps(value)


def config_of(history: HandHistory) -> HandConfig:
    """The engine configuration of a recorded hand.

    PokerKit's house rules, unless the file records its own in ``_holdem_rules`` (or
    ``holdem_rules``, as files written before PHH's underscore rule name it).
    """
    if any(stack is None for stack in history.starting_stacks):
        raise PHHError("a starting stack is unknown (inf): the hand cannot be replayed")
    structure = _STRUCTURES[history.variant]
    fixed = structure == Structure.FIXED_LIMIT
    min_bet = history.small_bet if fixed else history.min_bet
    config = HandConfig(
        structure=structure,
        starting_stacks=tuple(s for s in history.starting_stacks if s is not None),
        blinds_or_straddles=history.blinds_or_straddles,
        antes=history.antes,
        min_bet=min_bet or 1,
        big_bet=history.big_bet if fixed else None,
        ante_trimming=bool(history.ante_trimming_status),
    )
    rules = recorded_rules(history.extra)
    if isinstance(rules, Mapping):
        return config_with_rules(config, rules)
    return config.pokerkit_conventions()


def replay_hand(history: HandHistory) -> Hand:
    """Play a recorded hand through the engine, step by step; raises on the first bad step."""
    # Imported here: a replay the compiled kernel does whole never needs ``Hand``.
    from holdem.engine import Hand, Phase
    from holdem.history.steps import Replayer

    hand = Hand(config_of(history), auto_showdown=False)
    steps = Replayer(hand)
    for number, step in enumerate(history.actions):
        try:
            steps.apply(step)
        except HoldemError as error:
            # The engine words amounts in the hand's units: say so when they are not chips.
            units = (
                "" if history.chip_unit == ONE else f" (amounts in units of {history.chip_unit})"
            )
            player = acting_player(step)
            said = str(error) if player is None else said_of(_name(history, player), str(error))
            raise PHHError(
                f"actions[{number}] {format_action(step, history.chip_unit)!r}: {said}{units}"
            ) from None
    if not hand.is_over:
        if hand.phase != Phase.SHOWDOWN:
            raise PHHError(f"the actions end before the hand does ({_waiting_for(hand)})")
        try:
            steps.finish()
        except HoldemError as error:
            raise PHHError(f"at the showdown: {error}") from None
    return hand


def _name(history: HandHistory, player: int) -> str:
    """A player as the file names them: by name when it has names, else p1, p2, ..."""
    names = history.players
    return names[player] if names is not None and player < len(names) else f"p{player + 1}"


def _waiting_for(hand: Hand) -> str:
    if hand.pending_deal is not None:
        kind, index = hand.pending_deal
        return (
            f"waiting for hole cards for p{index + 1}"
            if kind == "hole"
            else "waiting for board cards"
        )
    if hand.to_act is not None:
        return f"waiting for p{hand.to_act + 1} to act"
    return hand.phase.value


def stacks_match(ours: Sequence[Units], recorded: Sequence[Units | float]) -> bool:
    """Exact, or a recorded half chip matched by the whole chip on either side (same total)."""
    if ours == recorded:
        return True  # (most hands, at the cost of one comparison)
    theirs = [Decimal(repr(r)) if isinstance(r, float) else r for r in recorded]
    if len(ours) != len(theirs) or sum(ours) != sum(theirs):
        return False
    return all(
        o == r or (r % 1 == HALF and abs(o - r) == HALF) for o, r in zip(ours, theirs, strict=True)
    )


HALF = Decimal("0.5")


def replay(history: HandHistory, *, file: str = "", index: int | None = None) -> Replay:
    """Replay one hand through ``Hand`` and check what it records: finishing stacks,
    winnings, rake."""
    try:
        hand = replay_hand(history)
    except HoldemError as error:
        return Replay(
            file, index, None, history.finishing_stacks, False if _records(history) else None,
            str(error), None, history.chip_unit, history.players,
        )  # fmt: skip
    return _checked(history, file, index, *chips_of(hand), hand)


def _records(history: HandHistory) -> bool:
    """Whether the hand records anything to check: finishing stacks, winnings or rake."""
    return (
        history.finishing_stacks is not None
        or history.winnings is not None
        or history.rake is not None
    )


def _checked(
    history: HandHistory,
    file: str,
    index: int | None,
    collected: Sequence[int],
    returned: Sequence[int],
    final_stacks: Sequence[int],
    hand: Hand | None,
) -> Replay:
    """The verdict on a replayed hand, from its chips (``Hand``'s or the kernel's)."""
    expected = history.finishing_stacks
    checked = _records(history)
    unit, players = history.chip_unit, history.players
    payout = payout_of(history, collected, returned, final_stacks)
    stacks = tuple(map(sub, final_stacks, payout.deducted))  # (one of each a player)
    reason = payout.problem
    if reason is None and expected is not None and not stacks_match(stacks, expected):
        reason = _stacks_differ(stacks, expected, unit)
    return Replay(
        file,
        index,
        stacks,
        expected,
        (reason is None) if checked else None,
        None,
        hand,
        unit,
        players,
        collected=payout.collected,
        returned=payout.returned,
        winnings=history.winnings,
        rake=payout.rake,
        reason=reason,
    )


def _stacks_differ(ours: Sequence[Units], recorded: Sequence[Units], unit: Decimal) -> str:
    """Why the finishing stacks do not match: chips gained or lost in all, if they were
    (a pot the record never paid, say), else only who has what."""
    if len(ours) == len(recorded) and sum(ours) != sum(recorded):
        return (
            f"the finishing stacks differ: the recorded ones add up to "
            f"{format_amount(sum(recorded), unit)}, the chips in play to "
            f"{format_amount(sum(ours), unit)}"
        )
    return "the finishing stacks differ"


BATCH = 512
"""Hands of a file replayed by the compiled kernel in one call."""
KERNEL_WORTH_BYTES = 1 << 20
"""From about this much PHH (some 1,500 hands) numba's kernel repays loading it: numba and
the kernel take some 0.8 s to load in a fresh process, and save some 0.6 ms a hand. The
kernel built ahead of time (``engine.kernel_native``) loads in a millisecond: when it is
there, every replay uses it."""


def replay_paths(
    paths: Sequence[str | Path],
    *,
    compiled: bool | None = None,
    notice: Callable[[str], None] | None = None,
    max_depth: int | None = None,
) -> Iterator[Replay]:
    """Replay every hand of every .phh and .phhs file under ``paths`` (folders recursively).

    A file or hand that cannot be read or replayed yields a Replay with its error, and
    the others still replay. ``compiled``: replay the hands in batches through the
    compiled kernel (``holdem.engine.kernel_replay``), each hand it leaves through
    ``Hand``; the rows are the same either way, except that a hand the kernel replayed
    carries no ``Hand`` (``hand`` is None: :func:`replay` gives one). None (the default):
    when it is built ahead of time (``engine.kernel_native``), loaded already, or the
    files are large enough to repay loading numba's. ``notice``: told when the kernel is
    compiled first (seconds). ``max_depth``: how deep to walk a folder (``find_files``).
    """
    files = find_files(paths, max_depth=max_depth)
    if compiled is None:
        compiled = _kernel_at_hand() or _size(files) >= KERNEL_WORTH_BYTES
    batch = _kernel_batch(notice) if compiled else None
    for path in files:
        reads: list[HandResult] = []
        for read in iter_hands(path):
            reads.append(read)
            if len(reads) == BATCH:
                yield from _replay_reads(str(path), reads, batch)
                reads = []
        yield from _replay_reads(str(path), reads, batch)


def _kernel_at_hand() -> bool:
    """Whether a kernel is loaded in this process, or built ahead of time (and loaded now:
    a millisecond); numba's is not loaded for this."""
    from holdem.kernels.replay import replay_kernel

    return replay_kernel(numba=False) is not None


def _size(files: Sequence[Path]) -> int:
    total = 0
    for file in files:
        with contextlib.suppress(OSError):  # iter_hands words what is wrong with it
            total += file.stat().st_size
    return total


_Batch = Callable[[Sequence[HandHistory]], "list[ReplayedChips | None]"]


def _replay_reads(file: str, reads: Sequence[HandResult], batch: _Batch | None) -> Iterator[Replay]:
    histories = [read.result for read in reads if not isinstance(read.result, PHHError)]
    fast = iter(batch(histories) if batch is not None and histories else [None] * len(histories))
    for read in reads:
        if isinstance(read.result, PHHError):
            yield Replay(file, read.number, None, None, None, str(read.result))
            continue
        chips = next(fast)
        if chips is None:
            yield replay(read.result, file=file, index=read.number)
        else:
            yield _checked(
                read.result, file, read.number, chips.collected, chips.returned,
                chips.final_stacks, None,
            )  # fmt: skip


def _kernel_batch(notice: Callable[[str], None] | None) -> _Batch | None:
    """The compiled kernel's replay of a batch of hands: the chips of each hand, None for
    a hand left to ``Hand``; None without a kernel (no numba, nor one built ahead of time)."""
    from holdem.history.scripted import script_of
    from holdem.kernels.replay import replay_kernel, replay_kernel_cached, replay_scripts

    kernel = replay_kernel()
    if kernel is None:
        return None
    if notice is not None and not replay_kernel_cached():
        notice("compiling the replay kernel (first run only, up to half a minute)…")

    def batch(histories: Sequence[HandHistory]) -> list[ReplayedChips | None]:
        scripts = [script_of(history) for history in histories]
        replayed = iter(
            replay_scripts([script for script in scripts if script is not None], kernel)
        )
        return [None if script is None else next(replayed) for script in scripts]

    return batch
