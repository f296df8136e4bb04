"""What the named rule tests share: playing moves, stacking a deck, checking a refusal."""

from __future__ import annotations

import pytest

from holdem.cards import ALL_CARDS, Deck, parse_cards
from holdem.engine import Action, Hand
from holdem.errors import IllegalActionError

FOLD, CHECK, CALL, ALL_IN = Action.fold(), Action.check(), Action.call(), Action.all_in()


def play(hand: Hand, *moves: tuple[int, Action]) -> None:
    """Apply (position, action) pairs, checking that each is that position's turn."""
    for player, action in moves:
        assert hand.to_act == player, f"expected position {player} to act, not {hand.to_act}"
        hand.act(action, player=player)


def stacked(holes: list[str], board: str) -> Deck:
    """A deck dealing ``holes[i]`` to position i (R2) and ``board`` after the burns (R3)."""
    hole_cards = [parse_cards(h) for h in holes]
    board_cards = parse_cards(board)
    used = {c for cards in hole_cards for c in cards} | set(board_cards)
    rest = [c for c in ALL_CARDS if c not in used]
    order = [cards[0] for cards in hole_cards] + [cards[1] for cards in hole_cards]
    for start, size in ((0, 3), (3, 1), (4, 1)):
        order += [rest.pop(0), *board_cards[start : start + size]]
    return Deck(order + rest)


def state(hand: Hand) -> tuple[object, ...]:
    """Everything a refused action must leave as it was."""
    legal = hand.legal_actions() if hand.to_act is not None else None
    return (
        list(hand.events),
        list(hand.stacks),
        list(hand.bets),
        list(hand.contributed),
        list(hand.folded),
        [list(board) for board in hand.boards],
        list(hand.holes),
        hand.dead_money,
        hand.to_act,
        hand.phase,
        hand.street,
        hand.pending_deal,
        legal,
    )


def assert_refused(hand: Hand, action: Action, *words: str, player: int | None = None) -> str:
    """The action raises IllegalActionError saying ``words``, and nothing changes."""
    before = state(hand)
    with pytest.raises(IllegalActionError) as info:
        hand.act(action, player=player)
    message = str(info.value)
    for word in words:
        assert word in message, message
    assert state(hand) == before
    return message


def deck_starting(text: str) -> Deck:
    """A deck whose top cards are ``text`` in that order, then the rest in order."""
    top = parse_cards(text)
    return Deck([*top, *(c for c in ALL_CARDS if c not in top)])
