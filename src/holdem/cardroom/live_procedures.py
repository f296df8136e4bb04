"""The "what happened?" menu of a live game: the book's procedure for each mishap.

Each procedure names the rule it applies (an id of the project's RULES.md, with its
words), tells the dealer what to do with the physical cards, and changes the chips and
the state of the hand through the engine (``Hand.misdeal``, ``Hand.premature_board``,
``Hand.void``) or through the live hand's own bookkeeping (an action out of turn held
until the turn comes, a burn card taken out of play). The table rules the numbered list
does not spell out (string bets, a single oversized chip, verbal declarations, actions
out of turn) are those of "Table rules and disputed situations" in the reference texts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from holdem.cards import Card
from holdem.engine import LegalActions, events
from holdem.engine.hand import Phase
from holdem.errors import IllegalActionError

if TYPE_CHECKING:
    from holdem.cardroom.live_hand import Entry, LiveHand
    from holdem.engine import Hand

RULES = {
    "R13": "Act in turn. At a live table an action out of turn is binding if the action "
    "has not changed when the turn reaches the player; if it changed (a bet or raise "
    "came in between), the action is void, the chips go back and every option is open.",
    "R16": "Call: match the current bet, or all-in for less. A single oversized chip put "
    'out without a word, facing a bet, is a call; to raise, say "raise" first. Not '
    "facing a bet, a single chip is a bet of its full value.",
    "R17": "A raise must add at least the largest bet or raise of the round, and is made "
    "in one motion or announced first: going back to the stack for more chips without "
    'having said "raise" (a string bet) is not allowed, only the first motion counts.',
    "R19": 'Verbal declarations in turn are binding: "raise to 400" commits the player '
    "to 400; the words come before the chips, and the chips must follow them.",
    "R39": "Misdeal when the first or second hole card dealt is exposed, or more than one "
    "hole card is exposed, or a player is dealt more than one extra card: forced bets "
    "come back, the deck is reshuffled, the same button deals again. Another exposed "
    "hole card: the deal goes on; that card is replaced by the next card after the deal "
    "and becomes the first burn.",
    "R40": "A flop with too many cards, or dealt before the betting ended, is mixed back "
    "into the deck (the burn stays), the deck is shuffled and cut, and a new flop is "
    "dealt without a burn.",
    "R41": "A turn card dealt before the betting ended is set aside; the betting is "
    "completed; the dealer burns and deals the card that would have been the river as "
    "the turn; after that round the set-aside card is shuffled back into the deck and "
    "the river is dealt without a burn. A premature river is handled the same way.",
    "R42": "A host can void a hand in progress: every chip bet in it goes back, the "
    "button does not move; it is recorded, never silent.",
}


@dataclass(frozen=True)
class Applied:
    """What the page shows once a procedure ran."""

    what: str
    title: str
    rule: str
    ruling: str  # the ruling in one line, read first by a hurried host
    dealer: str  # what to do with the cards
    effect: str  # what happened to the chips and the hand

    def json(self) -> dict[str, str]:
        return {
            "what": self.what,
            "title": self.title,
            "ruling": self.ruling,
            "rule": self.rule,
            "rule_words": RULES[self.rule],
            "dealer": self.dealer,
            "effect": self.effect,
        }


@dataclass(frozen=True)
class Choice:
    what: str
    title: str
    rule: str
    fields: tuple[str, ...]  # what the menu asks for


MENU = (
    Choice("misdeal", "Misdeal", "R39", ()),
    Choice("exposed_card", "Card exposed during the deal", "R39", ("seat", "card_number", "card")),
    Choice("extra_card", "Extra card dealt to a player", "R39", ("count",)),
    Choice("premature", "Premature flop, turn or river", "R40", ("cards",)),
    Choice("flop_too_many", "Flop turned with too many cards", "R40", ("cards",)),
    Choice("face_up_in_deck", "Card found face up in the deck", "R39", ("card",)),
    Choice("out_of_turn", "Action out of turn", "R13", ("seat", "action", "amount")),
    Choice("string_bet", "String bet", "R17", ("seat", "amount")),  # amount: "to" the 1st motion
    Choice("oversized_chip", "A single oversized chip", "R16", ("seat", "chip", "raise_said")),
    Choice("verbal", "Verbal declaration", "R19", ("seat", "action", "amount")),
    Choice("void", "Void the hand", "R42", ()),
)
CHOICES = {choice.what: choice for choice in MENU}


def menu_json() -> list[dict[str, Any]]:
    return [
        {"what": c.what, "title": c.title, "rule": c.rule, "fields": list(c.fields)} for c in MENU
    ]


def apply(live: LiveHand, entry: Entry) -> Applied:
    what = entry.get("what")
    procedure = PROCEDURES.get(str(what))
    if procedure is None:
        raise IllegalActionError(f"{what!r} is not in the menu: {', '.join(CHOICES)}")
    return procedure(live, entry)


def _applied(what: str, ruling: str, dealer: str, effect: str, rule: str | None = None) -> Applied:
    choice = CHOICES[what]
    return Applied(what, choice.title, rule or choice.rule, ruling, dealer, effect)


def _voiding(
    what: str, end: Callable[[Hand], object], ruling: str, dealer: str, effect: str
) -> Callable[[LiveHand, Entry], Applied]:
    """A procedure that ends the hand with every chip back where it was (R39, R42)."""

    def procedure(live: LiveHand, entry: Entry) -> Applied:
        end(live.hand)
        return _applied(what, ruling, dealer, effect)

    return procedure


def _misdealt(what: str, why: str) -> Applied:
    return _applied(
        what,
        "Misdeal: the blinds come back and the same button deals again",
        f"{why}: gather every card, shuffle and cut, and deal again from the same button.",
        "Misdeal: the blinds and antes went back; the same button deals again.",
    )


def _exposed_card(live: LiveHand, entry: Entry) -> Applied:
    hand = live.hand
    position = live.position_of(_seat(entry))
    number = entry.get("card_number")
    if number not in (1, 2):
        raise IllegalActionError("say which card was exposed: the player's first or second")
    if hand.street != 0 or any(isinstance(e, events.PlayerActed) for e in hand.events):
        raise IllegalActionError(
            "an exposed card during the deal is reported before the first action: after "
            "it, the card stays in the player's hand"
        )
    name = live.name_of(position)
    order = (number - 1) * live.config.player_count + position  # the order dealt (R2)
    live.exposures += 1
    if order < 2 or live.exposures > 1:
        why = "one of the first two cards dealt" if order < 2 else "a second exposed card"
        hand.misdeal(f"{why} was exposed")
        return _misdealt("exposed_card", f"It was {why}")
    card = _card_or_none(entry.get("card"))
    if card is not None:
        live.dead_cards.append(card)
    hand.procedure.skip_burn = True  # the exposed card is the flop's burn (R39)
    return _applied(
        "exposed_card",
        "The deal goes on: the card is replaced, no new burn",
        f"Show the card to everyone and finish the deal; then give {name} the next card "
        "from the deck in its place. The exposed card is the first burn: deal the flop "
        "without burning another.",
        "The deal goes on; no chips move.",
    )


def _premature(live: LiveHand, entry: Entry) -> Applied:
    hand = live.hand
    if hand.phase != Phase.BETTING or hand.street == 3:
        raise IllegalActionError(
            "a card can only come too soon while a betting round before the river is going on"
        )
    street = hand.street + 1
    cards = live.cards_of(list(entry.get("cards") or []))
    hand.premature_board(cards)
    if street == 1:
        return _applied(
            "premature",
            "A new flop after the betting, without a burn",
            "Put the flop cards back into the stock (the burn stays burned), shuffle and "
            "cut, and finish the betting; then deal a new flop without a burn.",
            "The betting goes on as before: nothing that was bet changes.",
            "R40",
        )
    which = "turn" if street == 2 else "river"
    after = (
        "burn and deal the next card as the turn; after that round, shuffle the set-aside "
        "card back into the stock and deal the river without a burn"
        if street == 2
        else "shuffle the set-aside card back into the stock and deal the river without a burn"
    )
    return _applied(
        "premature",
        f"The early {which} is set aside; the betting goes on",
        f"Set the early {which} ({cards[0]}) aside, face down, and finish the betting; "
        f"then {after}.",
        "The betting goes on as before: nothing that was bet changes.",
        "R41",
    )


def _extra_card(live: LiveHand, entry: Entry) -> Applied:
    count = _chips(entry.get("count"), "how many extra cards were dealt")
    ruling = live.hand.extra_hole_cards(count)
    if ruling.misdeal:
        return _misdealt("extra_card", "Two or more extra cards")
    return _applied(
        "extra_card",
        "The deal stands: the extra card is the first burn",
        "Take the extra card back from the first player, unseen, and use it as the first "
        "burn: deal the flop without burning another.",
        "The deal stands; no chips move.",
    )


def _flop_too_many(live: LiveHand, entry: Entry) -> Applied:
    cards = live.cards_of(list(entry.get("cards") or []))
    live.hand.flop_with_too_many_cards(cards)
    return _applied(
        "flop_too_many",
        "A new flop: the cards go back, no burn",
        "Mix every card of that flop back into the stock (the burn stays burned), shuffle "
        "and cut, and turn a new flop without a burn; then enter it.",
        "No chips move; the flop is dealt again.",
    )


def _face_up_in_deck(live: LiveHand, entry: Entry) -> Applied:
    card = _card_or_none(entry.get("card"))
    if card is not None:
        if card in live.dead_cards or card in live.hand.board:
            raise IllegalActionError(f"{card} is already out of the stock")
        live.dead_cards.append(card)
    return _applied(
        "face_up_in_deck",
        "The card is out of play; the deal goes on",
        "Take the face-up card out of play and put it with the burn cards; deal the next "
        "card in its place. A face-up card in the stock is never dealt.",
        "Nothing changes in the chips; the card cannot come on the board.",
    )


def _out_of_turn(live: LiveHand, entry: Entry) -> Applied:
    position = live.position_of(_seat(entry))
    action = _action(entry)
    live.hold_out_of_turn(position, action, entry.get("amount"))
    name = live.name_of(position)
    return _applied(
        "out_of_turn",
        f"{name}'s {action} waits for the turn",
        f"Leave {name}'s chips where they are; the action goes back to the player whose "
        "turn it is.",
        f"{name}'s {action} is held: it stands when the turn reaches {name} if nobody bets "
        "or raises before; otherwise it is void and the chips go back.",
    )


def _in_turn(live: LiveHand, entry: Entry) -> int:
    advice = ": this happens in turn (for an action before its turn, see out of turn)"
    return live.in_turn(_seat(entry), live.actor, "nobody is to act", advice)


def _string_bet(live: LiveHand, entry: Entry) -> Applied:
    position = _in_turn(live, entry)
    to = _chips(entry.get("amount"), 'the bet the first motion made (a "to" amount)')
    kind, amount = _as_action(live, position, to, raises=True)
    live.act(position, kind, amount)
    return _applied(
        "string_bet",
        f"Only the first motion counts: {live.name_of(position)} {_said(kind, amount)}",
        f"Only the first motion counts: hand back whatever {live.name_of(position)} "
        "added after it.",
        f"{live.name_of(position)}: {_said(kind, amount)}.",
    )


def _oversized_chip(live: LiveHand, entry: Entry) -> Applied:
    position = _in_turn(live, entry)
    chip = _chips(entry.get("chip"), "the chip's value")
    said = bool(entry.get("raise_said"))
    to = live.hand.bets[position] + chip
    kind, amount = _as_action(live, position, to, raises=said)
    live.act(position, kind, amount)
    change = "give the change back" if kind in ("call", "check") else "make change"
    return _applied(
        "oversized_chip",
        f"One chip without a word: {live.name_of(position)} {_said(kind, amount)}",
        f"Take the chip and {change}: {live.name_of(position)} {_said(kind, amount)}.",
        f"{live.name_of(position)}: {_said(kind, amount)}"
        + ("" if said or kind != "call" else " (no raise was said)")
        + ".",
    )


def _verbal(live: LiveHand, entry: Entry) -> Applied:
    position = _in_turn(live, entry)
    kind = _action(entry)
    amount = entry.get("amount")
    legal = live.legal()
    assert legal is not None
    if amount is None and kind == "raise" and legal.raise_ is not None:
        amount = legal.raise_.min  # "raise" with no amount: the smallest raise
    if amount is None and kind == "bet" and legal.bet is not None:
        amount = legal.bet.min
    live.act(position, kind, amount)
    return _applied(
        "verbal",
        f"Words are binding: {live.name_of(position)} {_said(kind, amount)}",
        f"{live.name_of(position)}'s words stand: the chips must follow them.",
        f"{live.name_of(position)}: {_said(kind, amount)} (binding).",
    )


def _as_action(live: LiveHand, position: int, to: int, *, raises: bool) -> tuple[str, int | None]:
    """What chips put out up to ``to`` mean. Facing a bet they are a call, unless they
    make at least the smallest raise and ``raises`` (a string bet's first motion, a
    chip with "raise" said); not facing one they are a bet of their value."""
    legal = live.legal()
    assert legal is not None
    if legal.call is not None:
        assert legal.call_to is not None
        if not raises or to <= legal.call_to:
            return "call", None
        if legal.raise_ is not None and to >= legal.raise_.min:
            return ("raise", min(to, legal.raise_.max)) if to < legal.raise_.max else _all_in(legal)
        if legal.raise_ is None and legal.all_in_to is not None and to >= legal.all_in_to:
            return "all-in", None
        return "call", None
    if legal.bet is None:
        return "check", None
    if to < legal.bet.min:
        raise IllegalActionError(f"those chips are less than the smallest bet, {legal.bet.min}")
    return ("bet", min(to, legal.bet.max)) if to < legal.bet.max else _all_in(legal)


def _all_in(legal: LegalActions) -> tuple[str, int | None]:
    """The largest bet or raise allowed: all-in when it takes the whole stack."""
    bound = legal.raise_ or legal.bet
    assert bound is not None
    if legal.all_in_to is not None and legal.all_in_to <= bound.max:
        return "all-in", None
    return ("raise" if legal.raise_ else "bet"), bound.max


def _said(kind: str, amount: int | None) -> str:
    if kind in ("bet", "raise") and amount is not None:
        return f"{'bets' if kind == 'bet' else 'raises to'} {amount}"
    return {"fold": "folds", "check": "checks", "call": "calls", "all-in": "is all-in"}.get(
        kind, kind
    )


def _chips(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise IllegalActionError(f"say {what}: a whole number of chips, at least 1")
    return value


def _seat(entry: Entry) -> int:
    seat = entry.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise IllegalActionError(f"say whose {CHOICES[entry['what']].title.lower()} it is: a seat")
    return seat


def _action(entry: Entry) -> str:
    action = entry.get("action")
    if not isinstance(action, str):
        raise IllegalActionError("say what the player did: fold, check, call, bet, raise or all-in")
    return action


def _card_or_none(text: Any) -> Card | None:
    if text in (None, ""):
        return None
    return Card.parse(str(text))


PROCEDURES: dict[str, Callable[[LiveHand, Entry], Applied]] = {
    "misdeal": _voiding(
        "misdeal",
        lambda hand: hand.misdeal("misdeal called by the dealer"),
        "Misdeal: the blinds come back and the same button deals again",
        "Gather every card, shuffle and cut the whole deck, and deal again from the same button.",
        "The hand is void: the blinds and antes went back; the same button deals again.",
    ),
    "exposed_card": _exposed_card,
    "premature": _premature,
    "extra_card": _extra_card,
    "flop_too_many": _flop_too_many,
    "face_up_in_deck": _face_up_in_deck,
    "out_of_turn": _out_of_turn,
    "string_bet": _string_bet,
    "oversized_chip": _oversized_chip,
    "verbal": _verbal,
    "void": _voiding(
        "void",
        lambda hand: hand.void("voided by the host"),
        "The hand is void: every chip goes back, the button stays",
        "Take every card in; the button stays where it is for the next deal.",
        "Every chip bet in the hand went back to its owner.",
    ),
}
