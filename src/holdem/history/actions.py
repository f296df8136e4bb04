"""PHH action notation: ``d dh p3 AsKd``, ``p2 cbr 500 # shove`` and the rest.

Each action is a small frozen value. ``player`` is **0-based** (``p1`` is player 0), so
it indexes the hand's per-player arrays directly; the notation keeps PHH's 1-based
``pN``. An unknown card (``??``) is ``None``. Every action keeps its commentary (the
text after ``#``) and writes back to its PHH string with :func:`format_action`.
Amounts (``cbr 3.00``) are integers in the hand's unit (see :mod:`holdem.history.units`):
give the unit to :func:`parse_action` and :func:`format_action` for a hand in cents.

>>> parse_action("p2 cbr 500 # shove")
BetRaise(player=1, to=500, comment='shove')
>>> parse_action("d dh p3 As??")
DealHole(player=2, cards=(Card('As'), None), comment=None)
>>> format_action(parse_action("p1  sm   -"))
'p1 sm -'
>>> cents = Decimal("0.01")
>>> parse_action("p3 cbr 3.25", cents), format_action(BetRaise(2, 300), cents)
(BetRaise(player=2, to=325, comment=None), 'p3 cbr 3.00')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import assert_never

from holdem.cards import ALL_CARDS, Card
from holdem.history.errors import PHHError
from holdem.history.units import MAX_PLACES, ONE, format_amount, to_units, unit_of_places

Cards = tuple[Card | None, ...]
"""Cards as written in PHH, ``None`` for an unknown card (``??``)."""

UNKNOWN_CARD = "??"

# Only PHH's own spelling (rank then lower-case suit, two characters each) is read, so
# every card writes back exactly as it was written.
_CARD_OF_TEXT: dict[str, Card | None] = {str(card): card for card in ALL_CARDS}
_CARD_OF_TEXT[UNKNOWN_CARD] = None

_PLAYER_VERBS = (
    "f (fold), cc (check or call), cbr AMOUNT (bet or raise to) and sm [CARDS|-] (show or muck)"
)
_DEALER_VERBS = "dh pN CARDS (deal hole cards) and db CARDS (deal board cards)"


@dataclass(frozen=True, slots=True)
class DealHole:
    """``d dh pN CARDS``: the dealer deals hole cards to a player."""

    player: int
    cards: Cards
    comment: str | None = field(default=None, kw_only=True)

    def __post_init__(self) -> None:
        _check_cards(self.cards)


@dataclass(frozen=True, slots=True)
class DealBoard:
    """``d db CARDS``: the dealer deals board cards (3 on the flop, then 1 and 1)."""

    cards: Cards
    comment: str | None = field(default=None, kw_only=True)

    def __post_init__(self) -> None:
        _check_cards(self.cards)


@dataclass(frozen=True, slots=True)
class Fold:
    """``pN f``."""

    player: int
    comment: str | None = field(default=None, kw_only=True)


@dataclass(frozen=True, slots=True)
class CheckCall:
    """``pN cc``: check, or call, whichever applies."""

    player: int
    comment: str | None = field(default=None, kw_only=True)


@dataclass(frozen=True, slots=True)
class BetRaise:
    """``pN cbr AMOUNT``: bet or raise *to* ``to`` units in total this round."""

    player: int
    to: int
    comment: str | None = field(default=None, kw_only=True)

    def __post_init__(self) -> None:
        if self.to <= 0:
            raise PHHError(f"the amount to bet or raise to must be positive, not {self.to}")


@dataclass(frozen=True, slots=True)
class ShowMuck:
    """``pN sm CARDS`` shows, ``pN sm`` mucks, ``pN sm -`` shows the cards already dealt.

    ``cards`` is ``None`` when no cards are written (a muck, or ``shown_dealt``).
    """

    player: int
    cards: Cards | None = None
    shown_dealt: bool = False
    comment: str | None = field(default=None, kw_only=True)

    def __post_init__(self) -> None:
        if self.cards is not None:
            if self.shown_dealt:
                raise PHHError("show either cards or, with shown_dealt, the cards dealt: not both")
            _check_cards(self.cards)

    @property
    def mucked(self) -> bool:
        return self.cards is None and not self.shown_dealt


@dataclass(frozen=True, slots=True)
class NoOp:
    """An action that is only commentary (``# text``), or an empty string."""

    comment: str | None = field(default=None, kw_only=True)


Action = DealHole | DealBoard | Fold | CheckCall | BetRaise | ShowMuck | NoOp
"""One entry of a hand's ``actions`` array."""


def parse_action(text: str, unit: Decimal = ONE) -> Action:
    """Read one PHH action string, amounts counted in ``unit``; raise :class:`PHHError`
    saying what is wrong."""
    body, hash_sign, after = text.partition("#")
    action = _action_of(body, unit)
    if not hash_sign:
        return action
    # One space after '#' is the separator the writer puts there; the rest is the comment.
    # (Most actions have none: building them without the keyword costs a third less.)
    return replace(action, comment=after[1:] if after.startswith(" ") else after)


def _action_of(body: str, unit: Decimal) -> Action:
    """The action of a PHH action string without its comment."""
    words = body.split()
    if not words:
        return NoOp()
    actor, args = words[0], words[1:]
    if actor == "d":
        verb = args[0] if args else None
        if verb == "dh":
            if len(args) != 3:
                raise PHHError(
                    f"write the deal of hole cards as 'd dh pN CARDS', not {body.strip()!r}"
                )
            return DealHole(_player(args[1]), _cards(args[2]))
        if verb == "db":
            if len(args) != 2:
                raise PHHError(
                    f"write the deal of board cards as 'd db CARDS', not {body.strip()!r}"
                )
            return DealBoard(_cards(args[1]))
        what = "no dealer action" if verb is None else f"unknown dealer action {verb!r}"
        raise PHHError(f"{what}: the dealer's actions are {_DEALER_VERBS}")
    player = _player(actor)
    if not args:
        raise PHHError(f"no action after {actor!r}: a player's actions are {_PLAYER_VERBS}")
    verb, rest = args[0], args[1:]
    if verb in ("f", "cc"):
        if rest:
            raise PHHError(f"{verb!r} takes nothing after it, but {' '.join(rest)!r} follows")
        return Fold(player) if verb == "f" else CheckCall(player)
    if verb == "cbr":
        if len(rest) != 1:
            raise PHHError("'cbr' takes one amount, the total to bet or raise to: 'p2 cbr 500'")
        return BetRaise(player, _amount(rest[0], unit))
    if verb == "sm":
        if not rest:
            return ShowMuck(player)
        if len(rest) == 1:
            if rest[0] == "-":
                return ShowMuck(player, shown_dealt=True)
            return ShowMuck(player, _cards(rest[0]))
        raise PHHError(f"'sm' takes one card string or '-', not {' '.join(rest)!r}")
    if verb == "sd":
        raise PHHError(
            f"'sd' (stand pat or discard) is for draw games, not Hold'em: "
            f"a player's actions are {_PLAYER_VERBS}"
        )
    if verb == "pb":
        raise PHHError(
            f"'pb' (bring-in) is for stud games, not Hold'em: "
            f"a player's actions are {_PLAYER_VERBS}"
        )
    raise PHHError(f"unknown player action {verb!r}: a player's actions are {_PLAYER_VERBS}")


def format_action(action: Action, unit: Decimal = ONE) -> str:
    """Write an action back in PHH notation, amounts in ``unit``; the inverse of
    :func:`parse_action`."""
    match action:
        case DealHole(player, cards):
            core = f"d dh p{player + 1} {format_phh_cards(cards)}"
        case DealBoard(cards):
            core = f"d db {format_phh_cards(cards)}"
        case Fold(player):
            core = f"p{player + 1} f"
        case CheckCall(player):
            core = f"p{player + 1} cc"
        case BetRaise(player, to):
            core = f"p{player + 1} cbr {format_amount(to, unit)}"
        case ShowMuck(player, cards, shown_dealt):
            if shown_dealt:
                core = f"p{player + 1} sm -"
            elif cards is None:
                core = f"p{player + 1} sm"
            else:
                core = f"p{player + 1} sm {format_phh_cards(cards)}"
        case NoOp():
            core = ""
        case _:
            assert_never(action)
    if action.comment is None:
        return core
    comment = f"# {action.comment}" if action.comment else "#"
    return f"{core} {comment}" if core else comment


def format_phh_cards(cards: Cards) -> str:
    """``(Card('As'), None)`` -> ``'As??'``."""
    return "".join(UNKNOWN_CARD if card is None else str(ALL_CARDS[card]) for card in cards)


def parse_phh_cards(text: str) -> Cards:
    """Read PHH cards: two characters each, rank (``23456789TJQKA``) then suit (``cdhs``),
    or ``??`` for an unknown card. A known card written twice is an error."""
    return _cards(text)


def acting_player(action: Action) -> int | None:
    """The 0-based player an action names (dealt to, or acting); None for the board or a no-op."""
    if isinstance(action, DealBoard | NoOp):
        return None
    return action.player


def _check_cards(cards: Cards) -> None:
    # An empty card string would write an action that reads back as another, or not at all.
    if not cards:
        raise PHHError("no cards: an action that deals or shows cards names at least one")


def _player(word: str) -> int:
    number = word[1:]
    if word[:1] != "p" or not (number.isascii() and number.isdigit()):
        raise PHHError(
            f"{word!r} is not an actor: write d for the dealer or p1, p2, ... for a player"
        )
    if int(number) < 1:
        raise PHHError(f"{word!r} is not a player: players are numbered from p1")
    return int(number) - 1


_AMOUNT = re.compile(r"[0-9]+(\.[0-9]+)?")


def _amount(word: str, unit: Decimal) -> int:
    if not (word.isascii() and _AMOUNT.fullmatch(word)):
        raise PHHError(f"{word!r} is not an amount: write the total as a number, like 500 or 3.25")
    if word.isdigit() and unit == ONE:
        amount = int(word)  # the usual case, without decimals
    elif (exact := _exact_units(word, unit)) is not None:
        amount = exact  # a site's bet in dollars and cents, counted without Decimal
    else:
        try:
            amount = to_units(Decimal(word), unit)
        except PHHError as error:
            raise PHHError(f"cbr {word}: {error.reason}") from None
    if amount <= 0:
        raise PHHError(f"the amount to bet or raise to must be positive, not {word}")
    return amount


def _exact_units(word: str, unit: Decimal) -> int | None:
    """``to_units(Decimal(word), unit)`` for a plain amount (digits, maybe a point and
    digits) within the unit and of few digits, read from its text; None for any other,
    which ``to_units`` words. Each bet of a site's file in cents is a new text to read."""
    places = _UNIT_PLACES.get(unit)
    whole, _, fraction = word.partition(".")
    if places is None or len(fraction) > places or len(whole) > _FEW_DIGITS:
        return None
    return int(whole + fraction.ljust(places, "0"))


# The units a file may have, by their decimal places; amounts of up to _FEW_DIGITS digits
# before the point are far inside the bound to_units checks.
_UNIT_PLACES = {unit_of_places(places): places for places in range(MAX_PLACES + 1)}
_FEW_DIGITS = 18


def amount_places(text: str) -> int:
    """The decimal places of a ``cbr`` amount in an action string (0 for any other action),
    read before the hand's unit is known."""
    body = text.partition("#")[0]
    if "." not in body:
        return 0
    words = body.split()
    if len(words) == 3 and words[1] == "cbr" and _AMOUNT.fullmatch(words[2]):
        return len(words[2].partition(".")[2])
    return 0


def _cards(text: str) -> Cards:
    known = _CARDS_READ.get(text)
    if known is not None:
        return known
    cards = _read_cards(text)
    if len(_CARDS_READ) >= _CARDS_KEPT:
        _CARDS_READ.clear()
    _CARDS_READ[text] = cards
    return cards


# Card strings already read: a file deals the same 1,326 hole-card pairs over and over,
# each in a new action text ('d dh p3 AsKd') that the readers' caches of whole actions miss.
_CARDS_READ: dict[str, Cards] = {}
_CARDS_KEPT = 1 << 14


def clear_cache() -> None:
    """Forget the card strings read so far (``holdem.history.clear_caches``)."""
    _CARDS_READ.clear()


def _read_cards(text: str) -> Cards:
    cards: list[Card | None] = []
    seen: set[Card] = set()
    for i in range(0, len(text), 2):
        token = text[i : i + 2]
        if token not in _CARD_OF_TEXT:
            raise PHHError(
                f"{token!r} in {text!r} is not a card: write a rank (23456789TJQKA) then a "
                "suit (cdhs), like As or Td, or ?? for an unknown card"
            )
        card = _CARD_OF_TEXT[token]
        if card is not None:
            if card in seen:
                raise PHHError(f"{token} appears twice in {text!r}: every card is distinct")
            seen.add(card)
        cards.append(card)
    return tuple(cards)
