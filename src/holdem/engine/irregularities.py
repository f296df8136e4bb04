"""What a host or a live dealer does when something goes wrong (R39-R42).

- ``void``: the host cancels the hand; every chip goes back and the button stays (R42).
- ``misdeal``: before the first action; forced bets come back and the same button deals
  again (R39).
- ``expose_hole_card``: a hole card seen during the deal: a misdeal if it was the first
  or second card dealt or the second exposure, otherwise the card is replaced by the
  next card after the deal and becomes the first burn (R39).
- ``extra_hole_cards``: the dealer gave the first player cards beyond the deal: one extra
  card goes back and is the first burn; two or more are a misdeal (R39).
- ``premature_board``: board cards dealt before the betting ended: a flop or a river goes
  back into the deck, which is shuffled (the burns and the board stay out), and the new
  card(s) come without a burn (R40, R41); a turn is set aside, the betting finishes, the
  next card is dealt in its place, and the set-aside card is shuffled back before the
  river, dealt without a burn (R41).
- ``flop_with_too_many_cards``: the flop came with extra cards: all of them are mixed
  back into the deck (the burn stays), which is shuffled, and a new flop comes without a
  burn (R40).

Every one of them is an event in the log, never silent, and returns a ``Ruling``: the
rule applied and what it did, in words.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from holdem.cards import Card
from holdem.engine import events
from holdem.errors import DealingError, IllegalActionError

if TYPE_CHECKING:
    from holdem.engine.hand import Hand

STREET_WORDS = ("flop", "turn", "river")


@dataclass
class Procedure:
    """Changes to the normal dealing that an irregularity left behind."""

    skip_burn: bool = False
    set_aside: Card | None = None
    exposures: int = 0


@dataclass(frozen=True)
class Ruling:
    """What the book's procedure did: the rule applied (``"R39"``) and the outcome in words."""

    rule: str
    words: str
    misdeal: bool = False
    """True when the hand ended in a misdeal: the same button deals again."""

    def __str__(self) -> str:
        return f"{self.words} ({self.rule})"


def void(hand: Hand, reason: str) -> Ruling:
    _refuse_if_over(hand, "void")
    _return_every_chip(hand)
    hand.events.append(events.HandVoided(reason, tuple(hand.stacks)))
    return Ruling("R42", f"the hand is void ({reason}): every chip goes back")


def misdeal(hand: Hand, reason: str) -> Ruling:
    _refuse_if_over(hand, "call a misdeal in")
    if any(isinstance(e, events.PlayerActed) for e in hand.events):
        raise IllegalActionError(
            "a misdeal can only be called before the first action: void the hand instead (R42)"
        )
    _return_every_chip(hand)
    hand.events.append(events.Misdealt(reason, tuple(hand.stacks)))
    return Ruling(
        "R39",
        f"misdeal ({reason}): the forced bets come back and the same button deals again",
        misdeal=True,
    )


def _return_every_chip(hand: Hand) -> None:
    """End the hand with every stack as it started: nothing was won or lost."""
    from holdem.engine.hand import Phase

    hand.stacks = list(hand.config.starting_stacks)
    hand.bets = [0] * hand.player_count
    hand.contributed = [0] * hand.player_count
    hand.dead_money = 0
    hand.pending_deal = None
    hand.phase = Phase.VOIDED


def _check_deal_over(hand: Hand, what: str) -> None:
    """The hole cards are all dealt and nobody has acted yet."""
    _refuse_if_over(hand, f"report {what} in")
    if hand.street != 0 or (hand.pending_deal is not None and hand.pending_deal[0] == "hole"):
        raise DealingError(f"report {what} once the hole cards are dealt")
    if any(isinstance(e, events.PlayerActed) for e in hand.events):
        raise DealingError("the deal is over once the betting has started")


def expose_hole_card(hand: Hand, player: int, which: int, replacement: Card | None) -> Ruling:
    _check_deal_over(hand, "an exposed hole card")
    hole = hand.holes[player]
    if hole is None or not 0 <= which < len(hole) or hole[which] is None:
        raise DealingError(f"player {player + 1} has no known hole card number {which + 1}")
    card = hole[which]
    assert card is not None
    position = which * hand.player_count + player  # the order the card was dealt in (R2)
    if position >= 2 and hand.procedure.exposures == 0 and hand.deck is None:
        if replacement is None:
            raise DealingError(
                "say which card replaces the exposed one (the next card after the deal)"
            )
        hand.check_new_cards([replacement])
    hand.procedure.exposures += 1
    hand.events.append(events.CardExposed(card, f"hole card of player {player + 1}"))
    if position < 2 or hand.procedure.exposures > 1:
        what = "the first or second card dealt" if position < 2 else "a second exposed card"
        return misdeal(hand, f"{what} was exposed ({card})")
    if hand.deck is not None:
        replacement = hand.deck.deal_one()
        hand.deck.dealt.remove(card)
        hand.deck.burned.append(card)  # the exposed card is the first burn
    assert replacement is not None
    hand.procedure.skip_burn = True
    new_hole = tuple(replacement if i == which else c for i, c in enumerate(hole))
    hand.holes[player] = new_hole
    hand.events.append(events.HoleCardsDealt(player, tuple(c for c in new_hole if c is not None)))
    return Ruling(
        "R39",
        f"{card} was exposed: player {player + 1} gets the next card instead, and {card} is "
        "the first burn",
    )


def extra_hole_cards(hand: Hand, count: int) -> Ruling:
    """The first player was dealt ``count`` cards beyond the deal (R39)."""
    if not isinstance(count, int) or count < 1:
        raise DealingError(f"say how many extra cards were dealt: 1 or more, not {count}")
    _check_deal_over(hand, "an extra card")
    hand.events.append(events.ExtraCardsDealt(0, count))
    if count > 1:
        return misdeal(hand, f"{count} extra cards were dealt")
    if hand.deck is not None:
        extra = hand.deck.deal_one()
        hand.deck.dealt.remove(extra)
        hand.deck.burned.append(extra)
    hand.procedure.skip_burn = True  # the extra card is the first burn
    return Ruling("R39", "the extra card goes back and is used as the first burn")


def premature_board(
    hand: Hand, cards: tuple[Card, ...] | None, rng: random.Random | None
) -> Ruling:
    """Board cards dealt before the betting of the current street ended (R40, R41)."""
    from holdem.engine.hand import BOARD_SIZES, Phase

    if hand.phase != Phase.BETTING or hand.street == 3:
        raise DealingError("a premature card needs a betting round still going before the river")
    street = hand.street + 1
    size = BOARD_SIZES[street] - BOARD_SIZES[street - 1]
    if hand.deck is not None:
        hand.deck.burn()  # the burn that came with them stays burned
        cards = tuple(hand.deck.deal(size))
    elif cards is None or len(cards) != size:
        raise DealingError(f"say which {size} card(s) were dealt too soon")
    else:
        hand.check_new_cards(list(cards))
    name = STREET_WORDS[street - 1]
    # The burn dealt with the early cards stays burned: the history shows it, and the
    # street dealt again comes without one.
    hand.events.append(events.CardBurned())
    for card in cards:
        hand.events.append(events.CardExposed(card, f"premature {name}"))
    if street == 2:
        hand.procedure.set_aside = cards[0]  # kept out until the next street is dealt (R41)
        return Ruling(
            "R41",
            f"the turn {cards[0]} is set aside: after the betting the dealer burns and deals "
            "the next card as the turn; the set-aside card is shuffled back before the river",
        )
    _mix_back(hand, cards, rng)
    rule = "R40" if street == 1 else "R41"
    return Ruling(
        rule,
        f"the {name} goes back into the deck, which is shuffled: the new {name} comes "
        "without a burn once the betting ends",
    )


def flop_with_too_many_cards(
    hand: Hand, cards: tuple[Card, ...] | None, extra: int, rng: random.Random | None
) -> Ruling:
    """The flop was turned with more than three cards (R40).

    Explicit dealing: report it when the flop is due (``cards``: every card turned, they
    may come again) or once it is laid (``cards``: the extra ones); the dealer then deals
    the new flop. Dealing from the deck, once the flop is laid: ``extra`` cards too many.
    """
    from holdem.engine.hand import Phase

    laid = _flop_just_laid(hand)
    due = hand.pending_deal is not None and hand.pending_deal[0] == "board" and not hand.board
    if not (laid or due):
        raise DealingError(
            "report a flop with too many cards when it is dealt, before anyone acts on it"
        )
    if hand.deck is not None:
        if not isinstance(extra, int) or extra < 1:
            raise DealingError(f"say how many cards too many the flop had: 1 or more, not {extra}")
        cards = tuple(hand.deck.deal(extra))
    elif cards is None or not cards:
        raise DealingError("say which cards were turned with the flop")
    else:
        hand.check_new_cards(list(cards))
    turned = (*hand.board, *cards) if laid else cards
    if due and len(turned) <= 3:
        raise DealingError(f"a flop is 3 cards: {len(turned)} are not too many")
    for card in turned:
        hand.events.append(events.CardExposed(card, "flop with too many cards"))
    if laid:
        flop = tuple(hand.board)
        hand.events.append(events.BoardReturned(1, flop, 0))
        hand.boards[0].clear()
        hand.street = 0
        hand.phase = Phase.DEALING
        hand.pending_deal = ("board", 0)
    _mix_back(hand, turned, rng)
    if hand.deck is not None:
        hand.deal_next_street()
    return Ruling(
        "R40",
        f"the flop had {len(turned)} cards: they go back into the deck, which is shuffled, "
        "and a new flop comes without a burn",
    )


def _flop_just_laid(hand: Hand) -> bool:
    """The flop is on the board and nobody has acted on it yet."""
    from holdem.engine.hand import Phase

    if hand.phase != Phase.BETTING or hand.street != 1 or len(hand.boards) != 1:
        return False
    for event in reversed(hand.events):
        if isinstance(event, events.BoardDealt):
            return True
        if isinstance(event, events.PlayerActed):
            return False
    return False


def _mix_back(hand: Hand, cards: tuple[Card, ...], rng: random.Random | None) -> None:
    """Cards go back into the deck, which is shuffled; the next street has no burn."""
    if hand.deck is not None:
        hand.deck.put_back(cards)
        hand.deck.shuffle(rng)
    hand.procedure.skip_burn = True


def before_board(hand: Hand) -> bool:
    """Apply what an irregularity left for the next street; True if its burn is skipped."""
    procedure = hand.procedure
    skip = procedure.skip_burn
    procedure.skip_burn = False
    set_aside = procedure.set_aside
    if set_aside is not None and hand.deck is not None and _set_aside_since(hand) >= 1:
        hand.deck.put_back([set_aside])
        hand.deck.shuffle(hand.rng)
        procedure.set_aside = None
        return True  # the river after a premature turn comes without a burn (R41)
    return skip


def _set_aside_since(hand: Hand) -> int:
    """How many streets were dealt since the card was set aside."""
    found = False
    count = 0
    for event in hand.events:
        if isinstance(event, events.CardExposed) and event.card == hand.procedure.set_aside:
            found = True
        elif found and isinstance(event, events.BoardDealt):
            count += 1
    return count


def check_not_set_aside(hand: Hand, cards: list[Card]) -> None:
    """Explicit dealing: a set-aside card may not be dealt as the street it was early for."""
    card = hand.procedure.set_aside
    if card is not None and card in cards and _set_aside_since(hand) == 0:
        raise DealingError(f"{card} was dealt too soon and is set aside: deal the next card (R41)")
    if card is not None and _set_aside_since(hand) >= 1:
        hand.procedure.set_aside = None


def _refuse_if_over(hand: Hand, what: str) -> None:
    if hand.is_over:
        raise IllegalActionError(f"cannot {what} a hand that is over")
