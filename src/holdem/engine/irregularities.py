"""What a host or a live dealer does when something goes wrong (R39-R42).

- ``void``: the host cancels the hand; every chip goes back and the button stays (R42).
- ``misdeal``: before the first action; forced bets come back and the same button deals
  again (R39).
- ``expose_hole_card``: a hole card seen during the deal: a misdeal if it was the first
  or second card dealt or the second exposure, otherwise the card is replaced by the
  next card after the deal and becomes the first burn (R39).
- ``premature_board``: board cards dealt before the betting ended: a flop goes back into
  the deck, which is shuffled, and the new flop comes without a burn (R40); a turn or
  river is set aside, the betting finishes, the next card is dealt in its place, and the
  set-aside card is shuffled back before the following street, dealt without a burn (R41).

Every one of them is an event in the log, never silent.
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


@dataclass
class Procedure:
    """Changes to the normal dealing that an irregularity left behind."""

    skip_burn: bool = False
    set_aside: Card | None = None
    exposures: int = 0


def void(hand: Hand, reason: str) -> None:
    _refuse_if_over(hand, "void")
    _return_every_chip(hand)
    hand.events.append(events.HandVoided(reason, tuple(hand.stacks)))


def misdeal(hand: Hand, reason: str) -> None:
    _refuse_if_over(hand, "call a misdeal in")
    if any(isinstance(e, events.PlayerActed) for e in hand.events):
        raise IllegalActionError(
            "a misdeal can only be called before the first action: void the hand instead (R42)"
        )
    _return_every_chip(hand)
    hand.events.append(events.Misdealt(reason, tuple(hand.stacks)))


def _return_every_chip(hand: Hand) -> None:
    """End the hand with every stack as it started: nothing was won or lost."""
    from holdem.engine.hand import Phase

    hand.stacks = list(hand.config.starting_stacks)
    hand.bets = [0] * hand.player_count
    hand.contributed = [0] * hand.player_count
    hand.dead_money = 0
    hand.pending_deal = None
    hand.phase = Phase.VOIDED


def expose_hole_card(hand: Hand, player: int, which: int, replacement: Card | None) -> None:
    if hand.street != 0 or (hand.pending_deal is not None and hand.pending_deal[0] == "hole"):
        raise DealingError("report an exposed hole card once the hole cards are dealt")
    if any(isinstance(e, events.PlayerActed) for e in hand.events):
        raise DealingError("the deal is over once the betting has started")
    hole = hand.holes[player]
    if hole is None or not 0 <= which < len(hole) or hole[which] is None:
        raise DealingError(f"player {player + 1} has no known hole card number {which + 1}")
    card = hole[which]
    assert card is not None
    position = which * hand.player_count + player  # the order the card was dealt in (R2)
    hand.procedure.exposures += 1
    hand.events.append(events.CardExposed(card, f"hole card of player {player + 1}"))
    if position < 2 or hand.procedure.exposures > 1:
        what = "the first or second card dealt" if position < 2 else "a second exposed card"
        misdeal(hand, f"{what} was exposed ({card})")
        return
    if hand.deck is not None:
        replacement = hand.deck.deal_one()
        hand.deck.dealt.remove(card)
        hand.deck.burned.append(card)  # the exposed card is the first burn
    elif replacement is None:
        raise DealingError("say which card replaces the exposed one (the next card after the deal)")
    else:
        hand._check_new_cards([replacement])
    hand.procedure.skip_burn = True
    new_hole = tuple(replacement if i == which else c for i, c in enumerate(hole))
    hand.holes[player] = new_hole
    hand.events.append(events.HoleCardsDealt(player, tuple(c for c in new_hole if c is not None)))


def premature_board(hand: Hand, cards: tuple[Card, ...] | None, rng: random.Random | None) -> None:
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
    for card in cards:
        hand.events.append(
            events.CardExposed(card, f"premature {('flop', 'turn', 'river')[street - 1]}")
        )
    if street == 1:
        if hand.deck is not None:
            hand.deck.put_back(cards)
            hand.deck.shuffle(rng)
        hand.procedure.skip_burn = True  # the new flop comes without a burn (R40)
    else:
        hand.procedure.set_aside = cards[0]  # kept out until the next street is dealt (R41)


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
