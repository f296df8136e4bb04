"""Cards, their notation, and the deck.

A card is an ``int`` code ``rank * 4 + suit``: ranks 2..A are 0..12, suits c, d, h, s are
0..3. Codes index every lookup table directly, so a card costs nothing to evaluate.

>>> parse_cards("AsKd Qh")
[Card('As'), Card('Kd'), Card('Qh')]
>>> Card.parse("10d").pretty
'T♦'
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable

from holdem.errors import DeckError, DuplicateCardError, InvalidCardsError, ParseError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
_WHITE_SUIT_SYMBOLS = "♧♢♡♤"

_RANK_OF_CHAR = {ch: i for i, ch in enumerate(RANKS)} | {
    ch.lower(): i for i, ch in enumerate(RANKS)
}
_SUIT_OF_CHAR = (
    {ch: i for i, ch in enumerate(SUITS)}
    | {ch.upper(): i for i, ch in enumerate(SUITS)}
    | {ch: i for i, ch in enumerate(SUIT_SYMBOLS)}
    | {ch: i for i, ch in enumerate(_WHITE_SUIT_SYMBOLS)}
)
_RANK_HELP = "a rank is 2-9, T (or 10), J, Q, K or A"
_SUIT_HELP = "a suit is c, d, h, s or ♣ ♦ ♥ ♠"


class Card(int):
    """One playing card; an ``int`` 0..51 so it can index tables and arrays."""

    __slots__ = ()

    def __new__(cls, code: int) -> Card:
        if not 0 <= code < 52:
            raise InvalidCardsError(f"card code {code} is out of range: codes are 0..51")
        return super().__new__(cls, code)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card: "As", "Td", "10d", "A♠"."""
        cards = _scan(text.strip())
        if len(cards) != 1:
            raise ParseError(f"{text!r} is not one card: write a rank then a suit, like As or 10d")
        return cards[0]

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        return cls(rank * 4 + suit)

    @property
    def rank(self) -> int:
        """0 for a two up to 12 for an ace."""
        return self >> 2

    @property
    def suit(self) -> int:
        """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
        return self & 3

    @property
    def pretty(self) -> str:
        return RANKS[self >> 2] + SUIT_SYMBOLS[self & 3]

    def __str__(self) -> str:
        return RANKS[self >> 2] + SUITS[self & 3]

    def __repr__(self) -> str:
        return f"Card('{self}')"


ALL_CARDS: tuple[Card, ...] = tuple(Card(code) for code in range(52))


def _scan(text: str) -> list[Card]:
    """Read cards written one after another; spaces and commas between them are optional."""
    cards: list[Card] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace() or ch == ",":
            i += 1
            continue
        start = i
        if text.startswith("10", i):
            rank, i = 8, i + 2
        elif ch in _RANK_OF_CHAR:
            rank, i = _RANK_OF_CHAR[ch], i + 1
        else:
            token = text[start : start + 2]
            raise ParseError(f"{token!r} is not a card: {ch!r} is not a rank ({_RANK_HELP})")
        if i >= n or text[i] not in _SUIT_OF_CHAR:
            token = text[start : i + 1]
            got = f"{text[i]!r} is not a suit" if i < n else "the suit is missing"
            raise ParseError(f"{token!r} is not a card: {got} ({_SUIT_HELP})")
        cards.append(ALL_CARDS[rank * 4 + _SUIT_OF_CHAR[text[i]]])
        i += 1
    return cards


def parse_cards(text: str | Iterable[str | int], *, distinct: bool = True) -> list[Card]:
    """Read a list of cards: "AsKd Qh", "As Kd Qh", ["As", "Kd"], or codes.

    With ``distinct`` (the default) a card written twice is an error, since no real
    hand, board or deck holds the same card twice.
    """
    if isinstance(text, str):
        cards = _scan(text)
    else:
        cards = [
            Card.parse(item) if isinstance(item, str) else ALL_CARDS[_code(item)] for item in text
        ]
    if distinct:
        ensure_distinct(cards)
    return cards


def _code(value: int) -> int:
    if not isinstance(value, int) or not 0 <= value < 52:
        raise InvalidCardsError(f"{value!r} is not a card code: codes are 0..51")
    return value


def ensure_distinct(cards: Iterable[int]) -> None:
    """Raise DuplicateCardError naming the first card that appears twice."""
    seen: set[int] = set()
    for card in cards:
        if card in seen:
            raise DuplicateCardError(
                f"{ALL_CARDS[card]} appears twice: every card in play is distinct"
            )
        seen.add(card)


def format_cards(cards: Iterable[int], *, pretty: bool = False, sep: str = "") -> str:
    """Write cards back as text: ``format_cards(parse_cards("As Kd"))`` gives "AsKd"."""
    return sep.join(ALL_CARDS[c].pretty if pretty else str(ALL_CARDS[c]) for c in cards)


class Deck:
    """52 cards in a dealing order; the top of the deck is dealt first.

    A new ``Deck()`` is in order (2c first); ``Deck.shuffled()`` is in a secure random
    order (R4), or a reproducible one when a seeded ``random.Random`` is passed.
    ``Deck(cards)`` stacks the deck in the given order, for replays and tests.
    """

    def __init__(self, cards: Iterable[int] | None = None) -> None:
        if cards is None:
            order = list(ALL_CARDS)
        else:
            order = [ALL_CARDS[_code(c)] for c in cards]
            ensure_distinct(order)
        self._cards: list[Card] = order
        self._next = 0
        # Shuffling is lazy: positions from _mixed on are still to be drawn at random
        # (Fisher-Yates one card at a time), so a hand that deals 20 cards draws 20.
        self._mixed = len(order)
        self._rng: random.Random | None = None
        self.burned: list[Card] = []
        self.dealt: list[Card] = []

    @classmethod
    def shuffled(cls, rng: random.Random | None = None) -> Deck:
        deck = cls()
        deck.shuffle(rng)
        return deck

    def shuffle(self, rng: random.Random | None = None) -> None:
        """Shuffle the cards not yet dealt; a secure generator unless ``rng`` is given.

        Every order is equally likely; each card is drawn when it is dealt.
        """
        self._rng = rng if rng is not None else secrets.SystemRandom()
        self._mixed = self._next

    def _mix(self, upto: int) -> None:
        """Draw the cards of positions up to ``upto`` at random from the rest of the stock."""
        cards, rng, size = self._cards, self._rng, len(self._cards)
        if rng is None or upto <= self._mixed:
            return
        for i in range(self._mixed, min(upto, size)):
            j = rng.randrange(i, size)
            cards[i], cards[j] = cards[j], cards[i]
        self._mixed = upto

    def deal(self, count: int = 1) -> list[Card]:
        if count < 0 or count > len(self):
            raise DeckError(f"cannot deal {count} cards: {len(self)} remain in the deck")
        self._mix(self._next + count)
        cards = self._cards[self._next : self._next + count]
        self._next += count
        self.dealt.extend(cards)
        return cards

    def deal_one(self) -> Card:
        return self.deal(1)[0]

    def burn(self) -> Card:
        """Take the top card out of play, face down (R3)."""
        card = self.deal_one()
        self.dealt.pop()
        self.burned.append(card)
        return card

    def remove(self, cards: Iterable[int]) -> None:
        """Take known dead cards (or cards already on the table) out of the undealt stock."""
        dead = [ALL_CARDS[_code(c)] for c in cards]
        self._mix(len(self._cards))
        rest = self._cards[self._next :]
        missing = [c for c in dead if c not in rest]
        if missing:
            raise DeckError(
                f"cannot remove {format_cards(missing, sep=' ')}: not in the undealt cards"
            )
        dead_set = set(dead)
        self._cards[self._next :] = [c for c in rest if c not in dead_set]

    def put_back(self, cards: Iterable[int]) -> None:
        """Return dealt cards to the bottom of the undealt stock (shuffle after, as R40 asks)."""
        back = [ALL_CARDS[_code(c)] for c in cards]
        self._mix(len(self._cards))
        stray = [c for c in back if c in self.remaining]
        if stray:
            raise DeckError(f"cannot put back {format_cards(stray, sep=' ')}: not dealt")
        self.dealt = [c for c in self.dealt if c not in back]
        self.burned = [c for c in self.burned if c not in back]
        self._cards = [c for c in self._cards if c not in back] + back
        self._next -= len(back)

    @property
    def remaining(self) -> list[Card]:
        """The undealt cards, top first."""
        self._mix(len(self._cards))
        return self._cards[self._next :]

    def __len__(self) -> int:
        return len(self._cards) - self._next

    def __repr__(self) -> str:
        return f"Deck({len(self)} cards remaining)"
