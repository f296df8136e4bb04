"""The beginner mistakes of the reference texts, named when the player makes one.

The guides list them (/work/shared/rules, "Five common beginner mistakes"; R48, R49):
playing a weak starting hand, ignoring position, overrating a pair on a board of three
cards of a suit or four connected cards, calling without doing the maths, and bluffing
at random (a bluff must tell a story consistent with earlier actions and target
opponents able to fold). Each check looks at the coach's ``Advice`` for the decision and
the kind of action the player chose; a choice the coach recommended is never a mistake.
Each mistake is one kind sentence.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from holdem.bots.coach import SEAT_WORDS, Advice, percent
from holdem.bots.preflop_chart import Seat, playable, seat_of
from holdem.bots.reading import AGGRESSIVE, actions, raises_on
from holdem.bots.strength import Made, made, outs
from holdem.cards import SUITS
from holdem.evaluator import Category, evaluate
from holdem.odds import Group, class_of, group_of

SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
DRAW_OUTS = 4  # a bet with this many outs is a semi-bluff, not a bluff
ODDS_TOLERANCE = 0.03  # a call this close to the odds is no mistake: the equity is an estimate


def mistakes(advice: Advice, kind: str) -> tuple[str, ...]:
    """The beginner mistakes in choosing ``kind`` (fold, check, call, bet, raise) at the
    decision ``advice`` is for: none when it is the coach's own recommendation."""
    if kind == advice.best.kind:
        return ()
    found = (check(advice, kind) for check in CHECKS)
    return tuple(sentence for sentence in found if sentence is not None)


def mistakes_by_kind(advice: Advice) -> dict[str, tuple[str, ...]]:
    """For each kind of action the player may choose, the mistakes it would make: what a
    client shows after the player acts, without asking again."""
    found = {kind: mistakes(advice, kind) for kind in advice.kinds}
    return {kind: said for kind, said in found.items() if said}


def weak_hand_out_of_position(advice: Advice, kind: str) -> str | None:
    """Preflop, putting chips in with a hand the chart folds from an early seat or the
    blinds (the player acts first after the flop), or with a weak unconnected hand."""
    view = advice.view
    if view.street != 0 or kind not in ("call", "raise"):
        return None
    hand = class_of(*view.hole)
    seat = seat_of(view, unopened=raises_on(actions(view), 0) == 0)
    if group_of(hand) == Group.WEAK:
        return (
            f"{hand.label} is one of the weak unconnected hands the beginner's groups say to "
            f"avoid {SEAT_WORDS[seat]}: it rarely makes a hand worth the chips, so folding "
            "it is no loss."
        )
    if seat == Seat.LATE or playable(hand, seat):
        return None
    return (
        f"{hand.label} is a hand the beginner's chart folds {SEAT_WORDS[seat]}: you will "
        "act first on every street after the flop, with players behind who may hold "
        "better, so waiting for a stronger hand or a later seat pays."
    )


def call_without_odds(advice: Advice, kind: str) -> str | None:
    """A call whose equity against the ranges is clearly below what the pot odds ask (R49)."""
    need = advice.break_even
    if kind != "call" or need is None or advice.equity + ODDS_TOLERANCE >= need:
        return None
    return (
        f"Calling {advice.to_call:,} needed {percent(need)} equity and you had about "
        f"{percent(advice.equity)} against their likely hands: checking the pot odds first "
        "saves those chips next time."
    )


def overrated_pair(advice: Advice, kind: str) -> str | None:
    """Going on with one good pair on a board with three cards of a suit or four
    connected cards, where the coach would have let it go or kept the pot small."""
    view = advice.view
    if view.street == 0 or kind not in ("call", "bet", "raise"):
        return None
    hole, board = view.hole, view.board
    if evaluate([*hole, *board]).category != Category.ONE_PAIR:
        return None
    if made(hole, board) < Made.MEDIUM:
        return None  # a weak pair is not the one beginners overrate
    danger = board_danger(board)
    if danger is None:
        return None
    return (
        f"One pair is easy to overrate on {danger}: straights and flushes beat it "
        "there, so it is worth less than it looks."
    )


def bluff_without_story(advice: Advice, kind: str) -> str | None:
    """A bet or raise with nothing and no draw, when the earlier actions tell no story
    (the player only checked and called) or too many players are left to fold."""
    view = advice.view
    if view.street == 0 or kind not in ("bet", "raise"):
        return None
    if made(view.hole, view.board) > Made.WEAK or outs(view.hole, view.board) >= DRAW_OUTS:
        return None
    history = actions(view)
    earlier = [a for a in history if a.player == view.player and a.street < view.street]
    passive_so_far = not any(a.action in AGGRESSIVE for a in earlier)
    crowd = len(view.opponents_in_hand)
    if passive_so_far:
        return (
            "A bluff after only checking and calling tells no story: opponents who saw you "
            "play along rarely believe a sudden bet, so it works best when your earlier "
            "actions already said you were strong."
        )
    if crowd >= 2:
        return (
            f"A bluff into {crowd} opponents needs every one of them to fold: bluff one "
            "player who can let a hand go, not a crowd."
        )
    return None


def board_danger(board: tuple[int, ...] | list[int]) -> str | None:
    """ "a board with three hearts" or "a board with four connected cards", or None."""
    suits = Counter(c & 3 for c in board)
    suit, count = suits.most_common(1)[0]
    if count >= 3:
        return f"a board with {_count_words(count)} {SUIT_NAMES[SUITS[suit]]}"
    ranks = {c >> 2 for c in board}
    ranks |= {-1} if 12 in ranks else set()  # the ace plays low in the wheel
    if any(len(ranks & set(range(low, low + 5))) >= 4 for low in range(-1, 9)):
        return "a board with four connected cards"
    return None


def _count_words(count: int) -> str:
    return {3: "three", 4: "four", 5: "five"}[count]


CHECKS: tuple[Callable[[Advice, str], str | None], ...] = (
    weak_hand_out_of_position,
    overrated_pair,
    call_without_odds,
    bluff_without_story,
)

__all__ = ["board_danger", "mistakes", "mistakes_by_kind"]
