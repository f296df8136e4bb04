"""How good a made hand is after the flop, and its outs (R49), as a player reckons them.

``made(hole, board)`` puts a hand in one of five tiers by what the hole cards add to
the board: a pair on the board alone is nobody's pair. ``outs(hole, board)`` counts the
unseen cards that would lift the hand to ``Made.STRONG`` or better: "the unseen cards
that improve a hand to a probable winner" of R49 (nine to a flush draw, eight to an
open-ended straight draw, six to two overcards).

>>> from holdem.cards import parse_cards
>>> made(parse_cards("AsKd"), parse_cards("Ah7c2d")).name
'STRONG'
>>> made(parse_cards("9h9d"), parse_cards("9c7c2d")).name
'MONSTER'
>>> outs(parse_cards("6h5h"), parse_cards("Ah9h2c"))
9
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import IntEnum

from holdem.cards import ALL_CARDS, Card
from holdem.evaluator import Category, evaluate

GOOD_KICKER = 8  # a ten or better: top pair with it is a strong hand


class Made(IntEnum):
    NOTHING = 0  # no pair of one's own
    WEAK = 1  # a low pair: bottom pair, a pocket pair below the board's second card
    MEDIUM = 2  # top pair with a weak kicker, middle pair, a pocket pair between
    STRONG = 3  # top pair with a good kicker, an overpair
    MONSTER = 4  # two pair with both hole cards, sets, trips, straights and better


def made(hole: Sequence[Card], board: Sequence[Card]) -> Made:
    """The tier of the hand ``hole`` makes with a flop, turn or river ``board``."""
    category = evaluate([*hole, *board]).category
    if len(board) == 5 and evaluate(board) >= evaluate([*hole, *board]):
        return Made.NOTHING  # playing the board
    board_ranks = sorted({c.rank for c in board}, reverse=True)
    counts = Counter(c.rank for c in board)
    high, low = max(hole[0].rank, hole[1].rank), min(hole[0].rank, hole[1].rank)
    if category >= Category.STRAIGHT:
        return _made_big(category, hole, board, counts)
    if category == Category.THREE_OF_A_KIND:
        if any(counts[c.rank] == 3 for c in hole) or max(counts.values()) < 3:
            return Made.MONSTER  # a set, or trips with a hole card
        return Made.NOTHING  # trips on the board
    if category == Category.TWO_PAIR and high != low and counts[high] == counts[low] == 1:
        return Made.MONSTER  # both hole cards paired
    if high == low:
        return _pocket_pair(high, board_ranks, counts)
    return _one_pair(high, low, board_ranks, counts)


def _made_big(
    category: Category, hole: Sequence[Card], board: Sequence[Card], counts: Counter[int]
) -> Made:
    if category == Category.FLUSH:
        suit_counts = Counter(c.suit for c in board)
        suit, on_board = suit_counts.most_common(1)[0]
        mine = [c.rank for c in hole if c.suit == suit]
        if on_board >= 4 and max(mine, default=0) < 9:
            return Made.MEDIUM  # one low card of a four-flush board
    trips_on_board = max(counts.values()) == 3
    if category == Category.FULL_HOUSE and trips_on_board and not any(counts[c.rank] for c in hole):
        return Made.MEDIUM  # trips on the board and a pair in the hand
    return Made.MONSTER


def _pocket_pair(rank: int, board_ranks: list[int], counts: Counter[int]) -> Made:
    if rank > board_ranks[0]:
        return Made.STRONG  # an overpair
    if len(board_ranks) > 1 and rank > board_ranks[1]:
        return Made.MEDIUM
    return Made.WEAK


def _one_pair(high: int, low: int, board_ranks: list[int], counts: Counter[int]) -> Made:
    if counts[high]:
        paired, kicker = high, low
    elif counts[low]:
        paired, kicker = low, high
    else:
        return Made.NOTHING  # any pair is the board's
    if paired == board_ranks[0]:
        return Made.STRONG if kicker >= GOOD_KICKER else Made.MEDIUM
    if len(board_ranks) > 1 and paired == board_ranks[1]:
        return Made.MEDIUM
    return Made.WEAK


def outs(hole: Sequence[Card], board: Sequence[Card]) -> int:
    """Unseen cards after which the hand is ``Made.STRONG`` or better (0 on the river,
    or when it is strong already)."""
    if len(board) >= 5 or made(hole, board) >= Made.STRONG:
        return 0
    seen = {*hole, *board}
    return sum(
        1 for card in ALL_CARDS if card not in seen and made(hole, [*board, card]) >= Made.STRONG
    )
