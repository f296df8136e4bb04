"""The random numbers of a simulation: one seeded stream per hand and per seat.

Every hand of a simulation draws its deck order and each bot's random numbers from
streams keyed by (seed, hand index, seat), never from a generator carried over from the
hand before. So a hand is the same whichever process plays it and whatever hands it is
played with: a run split over workers or machines gives the same hands as one process,
and the object path (``Hand`` and the bot objects) and the compiled path (the kernel's
batched bots) deal the same cards and make the same random choices.

A stream is SplitMix64 (Steele, Lea and Flood): a 64-bit state advanced by a constant,
each word a mix of the state. The kernel (``kernel_play``) computes the same words in
numba; a test holds the two together.
"""

from __future__ import annotations

import random
from typing import Any

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
DECK_SLOT = 1 << 16
"""The stream of a hand's deck order; seats use slots 0, 1, ..."""


def mix(state: int) -> int:
    """The SplitMix64 word after ``state``: advance by the golden ratio, then mix."""
    z = (state + GOLDEN) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def stream_key(seed: int, hand: int, slot: int) -> int:
    """The starting state of the stream ``slot`` of hand number ``hand`` (0-based)."""
    return mix(mix(mix(seed & MASK) ^ hand) ^ slot)


class StreamRandom(random.Random):
    """A ``random.Random`` that draws from one SplitMix64 stream.

    ``getrandbits(63)`` is the kernel's random word (the top 63 bits of the next
    64-bit word), which is what the random bot draws on both paths.
    """

    def __init__(self, key: int = 0) -> None:
        super().__init__(key)

    def seed(self, a: Any = None, version: int = 2) -> None:
        self._state = int(a or 0) & MASK

    def _next(self) -> int:
        word = mix(self._state)
        self._state = (self._state + GOLDEN) & MASK
        return word

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        bits, value = 0, 0
        while bits < k:
            value = value << 64 | self._next()
            bits += 64
        return value >> (bits - k)

    def random(self) -> float:
        return (self._next() >> 11) * (1.0 / (1 << 53))

    def getstate(self) -> Any:
        return self._state

    def setstate(self, state: Any) -> None:
        self._state = int(state)


def word(stream: StreamRandom) -> int:
    """One random word, 0 .. 2**63 - 1, as the kernel draws it."""
    return stream.getrandbits(63)


def deck_order(seed: int, hand: int, players: int) -> list[int]:
    """The deck of hand ``hand``: a Fisher-Yates shuffle of the cards the hand can deal
    (hole cards, three burns, five board cards), the rest left in order behind them."""
    stream = StreamRandom(stream_key(seed, hand, DECK_SLOT))
    cards = list(range(52))
    for i in range(2 * players + 8):
        j = i + word(stream) % (52 - i)
        cards[i], cards[j] = cards[j], cards[i]
    return cards
