"""Who wins a showdown, and why, in a sentence a beginner understands."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from holdem.cards import Card, ensure_distinct, parse_cards
from holdem.errors import InvalidCardsError
from holdem.evaluator import words
from holdem.evaluator.classes import Category, HandClass, five_ranks
from holdem.evaluator.hand_value import HandValue
from holdem.evaluator.scalar import evaluate

# How many of a class's deciding ranks make the hand itself; the rest are kickers.
_MADE_RANKS = {
    Category.HIGH_CARD: 0,
    Category.ONE_PAIR: 1,
    Category.TWO_PAIR: 2,
    Category.THREE_OF_A_KIND: 1,
    Category.STRAIGHT: 1,
    Category.FLUSH: 0,
    Category.FULL_HOUSE: 2,
    Category.FOUR_OF_A_KIND: 1,
    Category.STRAIGHT_FLUSH: 1,
}


@dataclass(frozen=True)
class Comparison:
    """The result of ``compare``: each player's value, the winners, and the reason."""

    board: tuple[Card, ...]
    holes: tuple[tuple[Card, ...], ...]
    values: tuple[HandValue, ...]
    winners: tuple[int, ...]
    """Indices into ``holes`` of the players with the best hand (several on a split)."""
    reason: str

    @property
    def is_split(self) -> bool:
        return len(self.winners) > 1


CardsLike = str | Iterable[str | int]


def compare(board: CardsLike, *holes: CardsLike) -> Comparison:
    """Showdown of several players' hole cards on one board.

    >>> compare("Ac9d7s4h2c", "AsKd", "AhQc").reason
    'A-A-K-9-7 beats A-A-Q-9-7: king kicker'
    >>> compare("KsKhQdQcJs", "8d3c", "7h6h").reason
    'split: the board plays (K-K-Q-Q-J)'
    """
    board_cards = tuple(parse_cards(board))
    hole_cards = tuple(tuple(parse_cards(hole)) for hole in holes)
    if not hole_cards:
        raise InvalidCardsError("compare needs at least one player's hole cards")
    if not 3 <= len(board_cards) <= 5:
        raise InvalidCardsError(
            f"the board has 3 to 5 cards (a flop, turn or river), not {len(board_cards)}"
        )
    for number, hole in enumerate(hole_cards, 1):
        if len(hole) != 2:
            raise InvalidCardsError(
                f"player {number} has {len(hole)} hole cards: each player has exactly 2"
            )
    ensure_distinct([*board_cards, *(c for hole in hole_cards for c in hole)])
    values = tuple(evaluate([*hole, *board_cards]) for hole in hole_cards)
    best = max(values)
    winners = tuple(i for i, v in enumerate(values) if v == best)
    return Comparison(
        board_cards, hole_cards, values, winners, reason(board_cards, values, winners)
    )


def reason(board: Sequence[Card], values: Sequence[HandValue], winners: Sequence[int]) -> str:
    """Why ``winners`` (indices into ``values``) win: a split, or the best against the rest."""
    best = values[winners[0]]
    if len(winners) > 1:
        shape = words.dashed(five_ranks(best.hand_class))
        if len(board) == 5 and evaluate(board) == best:
            return f"split: the board plays ({shape})"
        return f"split: {_how_many(len(winners))} {shape}"
    others = [v for i, v in enumerate(values) if i != winners[0]]
    if not others:
        return best.describe()
    return explain(best, max(others))


def _how_many(n: int) -> str:
    return "both have" if n == 2 else f"{n} players have"


def explain(winner: HandValue | HandClass, loser: HandValue | HandClass) -> str:
    """Why one hand beats another: "A-A-K-9-7 beats A-A-Q-9-7: king kicker"."""
    win = winner.hand_class if isinstance(winner, HandValue) else winner
    lose = loser.hand_class if isinstance(loser, HandValue) else loser
    return _explain_classes(win, lose)


@cache
def _explain_classes(win: HandClass, lose: HandClass) -> str:
    head = f"{words.dashed(five_ranks(win))} beats {words.dashed(five_ranks(lose))}"
    if win.category != lose.category:
        phrases = words.CATEGORY_PHRASES
        return f"{head}: {phrases[win.category]} beats {phrases[lose.category]}"
    at = next(i for i, (a, b) in enumerate(zip(win.ranks, lose.ranks, strict=True)) if a != b)
    return f"{head}: {_deciding(win, lose, at)}"


def _deciding(win: HandClass, lose: HandClass, at: int) -> str:
    cat, won, lost = win.category, win.ranks[at], lose.ranks[at]
    made = _MADE_RANKS[cat]
    if at < made:
        if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
            return f"{words.name(won)} high beats {words.name(lost)} high"
        if cat == Category.TWO_PAIR and at == 1:
            return f"the second pair, {words.plural(won)} over {words.plural(lost)}"
        if cat == Category.FULL_HOUSE and at == 1:
            return f"the pair, {words.plural(won)} over {words.plural(lost)}"
        return f"{words.plural(won)} beat {words.plural(lost)}"
    if made == 0:  # high card and flush: card by card
        if at == 0:
            return f"{words.name(won)} high beats {words.name(lost)} high"
        return f"the {words.ORDINALS[at]} card, {words.name(won)} over {words.name(lost)}"
    kicker = at - made
    which = "" if kicker == 0 else f" (the {words.ORDINALS[kicker]} kicker)"
    return f"{words.name(won)} kicker{which}"
