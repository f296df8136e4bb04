"""Bot-against-bot simulation: many hands through the engine, each seat's result measured.

Every hand starts from the same stacks (a cash game where everyone tops up) and the
button moves one seat each hand, so each bot plays every position equally often.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from holdem.bots import BOTS, Bot, view_for
from holdem.cards import Deck
from holdem.engine import Hand, HandConfig, Structure
from holdem.errors import ConfigError

HISTORY_FILE_HANDS = 1000  # hands per .phhs file written with ``history``


@dataclass(frozen=True)
class SeatResult:
    seat: int
    bot: str
    net: int
    bb_per_100: float
    ci95: tuple[float, float]


@dataclass(frozen=True)
class SimResult:
    hands: int
    seconds: float
    results: tuple[SeatResult, ...]

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else float("inf")

    def as_json(self) -> dict[str, object]:
        return {
            "hands": self.hands,
            "seconds": self.seconds,
            "hands_per_second": self.hands_per_second,
            "results": [
                {
                    "seat": r.seat,
                    "bot": r.bot,
                    "net": r.net,
                    "bb_per_100": r.bb_per_100,
                    "ci95": list(r.ci95),
                }
                for r in self.results
            ],
        }


def make_bots(names: Sequence[str], seed: int) -> list[Bot]:
    bots = []
    for seat, name in enumerate(names):
        if name not in BOTS:
            raise ConfigError(f"there is no bot called {name!r}: choose from {', '.join(BOTS)}")
        bots.append(BOTS[name](random.Random(f"{seed}-bot-{seat}")))
    return bots


def simulate(
    bot_names: Sequence[str],
    hands: int,
    *,
    structure: Structure | str = Structure.NO_LIMIT,
    stack: int = 200,
    small_blind: int = 1,
    big_blind: int = 2,
    seed: int = 0,
    history: Path | None = None,
    progress: Callable[[int], None] | None = None,
) -> SimResult:
    seats = len(bot_names)
    if hands < 1:
        raise ConfigError(f"simulate at least one hand, not {hands}")
    bots = make_bots(bot_names, seed)
    config = HandConfig.create(
        structure, [stack] * seats, small_blind=small_blind, big_blind=big_blind
    )
    deck_rng = random.Random(f"{seed}-deck")
    per_hand: list[list[int]] = [[] for _ in range(seats)]
    recorded = []
    start = time.perf_counter()
    for number in range(hands):
        button = number % seats
        seat_of = [(button + 1 + position) % seats for position in range(seats)]
        hand = Hand(config, Deck.shuffled(deck_rng))
        while not hand.is_over:
            player = hand.to_act
            assert player is not None
            bot = bots[seat_of[player]]
            hand.act(bot.decide(view_for(hand, player), hand.legal_actions()))
        assert hand.result is not None
        for position, net in enumerate(hand.result.net):
            per_hand[seat_of[position]].append(net)
        if history is not None:
            recorded.append(_record(hand, seat_of, bot_names, number))
            if len(recorded) == HISTORY_FILE_HANDS:
                _write(history, recorded, number)
                recorded = []
        if progress is not None:
            progress(number + 1)
    seconds = time.perf_counter() - start
    if history is not None and recorded:
        _write(history, recorded, hands - 1)
    results = tuple(
        _seat_result(seat, bot_names[seat], per_hand[seat], big_blind) for seat in range(seats)
    )
    return SimResult(hands, seconds, results)


def _seat_result(seat: int, bot: str, nets: list[int], big_blind: int) -> SeatResult:
    n = len(nets)
    mean = sum(nets) / n / big_blind
    variance = sum((x / big_blind - mean) ** 2 for x in nets) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(variance / n) if n > 1 else float("inf")
    return SeatResult(seat, bot, sum(nets), 100 * mean, (100 * (mean - half), 100 * (mean + half)))


def _record(hand: Hand, seat_of: list[int], names: Sequence[str], number: int) -> object:
    from holdem.history.record import history_of

    return history_of(
        hand,
        players=[f"seat {seat_of[p] + 1} ({names[seat_of[p]]})" for p in range(hand.player_count)],
        seats=[seat_of[p] + 1 for p in range(hand.player_count)],
        hand=number + 1,
    )


def _write(folder: Path, hands: list[object], last: int) -> None:
    from holdem.history.phh import dump

    folder.mkdir(parents=True, exist_ok=True)
    first = last + 2 - len(hands)
    dump(hands, folder / f"hands-{first:07d}-{last + 1:07d}.phhs")  # type: ignore[arg-type]
