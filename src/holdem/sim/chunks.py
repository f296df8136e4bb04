"""A simulation's hands, a chunk at a time, on either path; and what a chunk adds up to.

A chunk is hands ``first .. first + count - 1`` of one run (a ``Plan``). Each hand is
keyed by its number alone (``streams``), so chunks can be played in any order, in any
process, on any machine, and added up: the merged totals are exact integers, the same
however the hands were split.

- the *batched* path: the compiled kernel with the bots' compiled policies
  (``bots.batched``), for runs where every bot has one;
- the *object* path: ``Hand`` and the bot objects, for every bot (and for ``history``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from holdem.bots import BOTS, Bot, view_for
from holdem.cards import Deck
from holdem.engine import Hand, HandConfig
from holdem.errors import ConfigError
from holdem.kernels.streams import StreamRandom, deck_order, stream_key

BATCHED, OBJECT = "batched", "object"
HISTORY_FILE_HANDS = 1000  # hands per .phhs file written with ``history``


@dataclass(frozen=True)
class Plan:
    """Everything a process needs to play any hand of a run (it travels to workers)."""

    bots: tuple[str, ...]
    structure: str
    stack: int
    small_blind: int
    big_blind: int
    seed: int

    @property
    def seats(self) -> int:
        return len(self.bots)

    def config(self) -> HandConfig:
        return HandConfig.create(
            self.structure, [self.stack] * self.seats, small_blind=self.small_blind,
            big_blind=self.big_blind,
        )  # fmt: skip


@dataclass(frozen=True)
class Totals:
    """Per seat: the sum of each hand's net chips and the sum of their squares."""

    hands: int
    nets: tuple[int, ...]
    squares: tuple[int, ...]

    def __add__(self, other: Totals) -> Totals:
        return Totals(
            self.hands + other.hands,
            tuple(a + b for a, b in zip(self.nets, other.nets, strict=True)),
            tuple(a + b for a, b in zip(self.squares, other.squares, strict=True)),
        )

    @classmethod
    def of(cls, nets: np.ndarray) -> Totals:
        """Exact sums of a (hands, seats) int64 array (squares added in two halves, so
        nothing overflows while a net stays under 3e9 chips)."""
        if nets.size and int(np.abs(nets).max()) >= 3_000_000_000:
            squares = tuple(sum(int(x) ** 2 for x in column) for column in nets.T)
        else:
            square = nets * nets
            high, low = square >> 32, square & 0xFFFFFFFF
            squares = tuple(
                (int(h) << 32) + int(lo)
                for h, lo in zip(high.sum(axis=0), low.sum(axis=0), strict=True)
            )
        return cls(int(nets.shape[0]), tuple(int(x) for x in nets.sum(axis=0)), squares)


def batched_path_for(bots: Sequence[str]) -> bool:
    """Whether every bot named has a compiled policy."""
    from holdem.kernels.policies import POLICIES

    return all(name in POLICIES and BOTS.get(name) is _object_bot(name) for name in bots)


def _object_bot(name: str) -> type | None:
    """The built-in class of a name (a test may put another under the same name)."""
    from holdem.bots import CallerBot, RandomBot, TagBot

    built_in: dict[str, type] = {"random": RandomBot, "caller": CallerBot, "tag": TagBot}
    return built_in.get(name)


def batched_nets(plan: Plan, first: int, count: int) -> np.ndarray:
    from holdem.kernels.hands import play_bot_hands
    from holdem.kernels.policies import POLICIES

    policies = [POLICIES[name] for name in plan.bots]
    return play_bot_hands(plan.config(), policies, plan.seed, first, count)


def object_nets(plan: Plan, first: int, count: int, history: Path | None = None) -> np.ndarray:
    config = plan.config()
    nets = np.zeros((count, plan.seats), dtype=np.int64)
    recorded = []
    for h in range(count):
        number = first + h
        hand, seat_of = play_object_hand(plan, config, number)
        assert hand.result is not None
        for position, net in enumerate(hand.result.net):
            nets[h, seat_of[position]] = net
        if history is not None:
            recorded.append(_record(hand, seat_of, plan.bots, number))
    if history is not None and recorded:
        _write(history, recorded, first)
    return nets


def play_object_hand(plan: Plan, config: HandConfig, number: int) -> tuple[Hand, list[int]]:
    """Hand ``number`` through ``Hand``, each seat's bot made for it from its own stream."""
    seats = plan.seats
    button = number % seats
    seat_of = [(button + 1 + position) % seats for position in range(seats)]
    bots = make_bots(plan.bots, plan.seed, number)
    hand = Hand(config, Deck(deck_order(plan.seed, number, seats)))
    while not hand.is_over:
        player = hand.to_act
        assert player is not None
        bot = bots[seat_of[player]]
        hand.act(bot.decide(view_for(hand, player), hand.legal_actions()))
    return hand, seat_of


def make_bots(names: Sequence[str], seed: int, hand: int = 0) -> list[Bot]:
    """One bot per seat for hand number ``hand``, each with its seat's stream."""
    bots = []
    for seat, name in enumerate(names):
        if name not in BOTS:
            raise ConfigError(f"there is no bot called {name!r}: choose from {', '.join(BOTS)}")
        bots.append(BOTS[name](StreamRandom(stream_key(seed, hand, seat))))
    return bots


def chunk_totals(
    plan: Plan, path: str, first: int, count: int, history: Path | None = None
) -> Totals:
    """Play one chunk on ``path`` and add it up (what a worker process runs)."""
    if path == BATCHED:
        return Totals.of(batched_nets(plan, first, count))
    return Totals.of(object_nets(plan, first, count, history))


def _record(hand: Hand, seat_of: list[int], names: Sequence[str], number: int) -> object:
    from holdem.history.record import history_of

    return history_of(
        hand,
        players=[f"seat {seat_of[p] + 1} ({names[seat_of[p]]})" for p in range(hand.player_count)],
        seats=[seat_of[p] + 1 for p in range(hand.player_count)],
        hand=number + 1,
    )


def _write(folder: Path, hands: list[object], first: int) -> None:
    from holdem.history.phh import dump

    folder.mkdir(parents=True, exist_ok=True)
    last = first + len(hands)
    dump(hands, folder / f"hands-{first + 1:07d}-{last:07d}.phhs")  # type: ignore[arg-type]
