"""One hand of a live game: real cards dealt by hand, the chips kept by the engine.

The hand is its list of *entries* (what the host tapped: an action, the board, a hand
shown, the winners of each pot, an irregularity from the "what happened?" menu), applied
in order to an engine ``Hand`` dealt explicitly with every hole card unknown. Undo drops
the last entry and plays the others again from the configuration, so a corrected mistake
leaves no trace in the chips. A refused entry raises ``HoldemError`` and changes nothing.

Players are named by their seat (1-10) in entries; the engine knows positions (0 is the
first player after the button; heads-up the big blind).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from holdem.cardroom import live_procedures
from holdem.cards import Card
from holdem.engine import Action, ActionKind, Hand, HandConfig, LegalActions, Phase, events
from holdem.engine.hand import BOARD_SIZES, STREET_NAMES
from holdem.engine.pots import Pot, build_pots, split
from holdem.errors import HoldemError, IllegalActionError
from holdem.history import phh
from holdem.history.record import history_of

Entry = dict[str, Any]
MAX_ENTRIES = 300  # entries in one hand: far more than any hand needs
ACTION_KINDS = ("fold", "check", "call", "bet", "raise", "all-in")


@dataclass(frozen=True)
class PotAward:
    """One pot as it was given out: who won what, and why, in words."""

    index: int
    amount: int
    eligible: tuple[int, ...]  # seats
    shares: tuple[tuple[int, int], ...]  # (seat, chips)
    reason: str


@dataclass(frozen=True)
class OutOfTurn:
    """An action taken before the player's turn, binding if nothing changes before it."""

    position: int
    action: str
    amount: int | None
    street: int
    facing: int  # the highest bet of the round when it was taken


@dataclass(frozen=True)
class HandSource:
    """What plays a hand again: its deal and its entries (all a finished hand keeps)."""

    number: int
    seats: tuple[int, ...]
    names: tuple[str, ...]
    config: HandConfig
    button: int
    entries: tuple[Entry, ...]

    def replayed(self) -> LiveHand:
        hand = LiveHand(self.number, self.seats, self.names, self.config, self.button)
        for entry in self.entries:
            hand.add(entry)
        return hand


class LiveHand:
    def __init__(
        self,
        number: int,
        seats: tuple[int, ...],
        names: tuple[str, ...],
        config: HandConfig,
        button: int,
    ) -> None:
        self.number = number
        self.seats = seats  # seat of each position
        self.names = names
        self.config = config
        self.button = button
        self.entries: list[Entry] = []
        self._reset()

    # -- building the hand from its entries --------------------------------------------

    def _reset(self) -> None:
        hand = Hand(self.config, None, auto_showdown=False)
        for position in range(self.config.player_count):
            hand.deal_hole(position, (None, None))
        self.hand = hand
        self.awards: tuple[PotAward, ...] | None = None  # set when the host taps winners
        self.pending: dict[int, OutOfTurn] = {}
        self.dead_cards: list[Card] = []  # seen face up in the deck, or exposed and burned
        self.exposures = 0
        self.notes: list[str] = []  # what the table should know, in order
        self.procedure: live_procedures.Applied | None = None

    def add(self, entry: Entry) -> None:
        """Apply one entry; a refused one changes nothing (the hand is played again)."""
        if self.over:
            raise IllegalActionError(f"hand {self.number} is over: deal the next hand")
        if len(self.entries) >= MAX_ENTRIES:
            raise IllegalActionError(f"a hand takes at most {MAX_ENTRIES} entries")
        try:
            self._apply(entry)
        except Exception:  # refused (or a fault of ours): the hand as it was, then the error
            self._replay(self.entries)
            raise
        self.entries.append(entry)

    def undo(self) -> Entry:
        """Forget the last entry, as if it had never been made."""
        if not self.entries:
            raise IllegalActionError("nothing was entered in this hand yet")
        last = self.entries[-1]
        self._replay(self.entries[:-1])
        self.entries.pop()
        return last

    def _replay(self, entries: list[Entry]) -> None:
        self._reset()
        for entry in entries:
            self._apply(entry)

    def _apply(self, entry: Entry) -> None:
        kind = entry.get("kind")
        if kind == "act":
            self._act_in_turn(entry["seat"], entry["action"], entry.get("amount"))
        elif kind == "board":
            self._board(entry["cards"])
        elif kind == "show":
            self._show(entry["seat"], entry["cards"])
        elif kind == "muck":
            self._muck(entry["seat"])
        elif kind == "winners":
            self._winners(entry["pots"])
        elif kind == "irregularity":
            self.procedure = live_procedures.apply(self, entry)
        else:
            raise IllegalActionError(f"{kind!r} is not something that happens in a hand")
        self._settle_out_of_turn()

    # -- what the host enters ----------------------------------------------------------

    def position_of(self, seat: int) -> int:
        if seat not in self.seats:
            raise IllegalActionError(f"seat {seat} is not dealt in hand {self.number}")
        return self.seats.index(seat)

    def name_of(self, position: int) -> str:
        return self.names[position]

    def _act_in_turn(self, seat: int, kind: str, amount: int | None) -> None:
        advice = ': for an action before its turn, use "what happened?" > out of turn'
        self.act(self.in_turn(seat, self.actor, "nobody is to act", advice), kind, amount)

    def in_turn(self, seat: int, due: int | None, nobody: str, advice: str) -> int:
        """The position of ``seat``, refused unless it is the one ``due`` now."""
        position = self.position_of(seat)
        if due is None:
            raise IllegalActionError(f"{nobody}: {self.waiting_for()}")
        if due != position:
            raise IllegalActionError(
                f"it is {self.name_of(due)}'s turn (seat {self.seats[due]}), not "
                f"{self.name_of(position)}'s{advice}"
            )
        return position

    def act(self, position: int, kind: str, amount: int | None) -> None:
        """The engine's action for the player to act (amounts are "to" amounts)."""
        if kind not in ACTION_KINDS:
            raise IllegalActionError(f"{kind!r} is not an action: {', '.join(ACTION_KINDS)}")
        if kind in ("bet", "raise"):
            if amount is None:
                raise IllegalActionError(f"say how much to {kind} to")
            action = Action(ActionKind(kind), amount)
        else:
            action = Action(ActionKind(kind))
        self.hand.act(action, position)

    def _board(self, texts: list[str]) -> None:
        cards = self.cards_of(texts)
        if self.hand.pending_deal is None or self.hand.pending_deal[0] != "board":
            raise IllegalActionError(f"no board cards are due: {self.waiting_for()}")
        self.hand.deal_board(cards)

    def _show(self, seat: int, texts: list[str]) -> None:
        position = self._next_to_show(seat)
        self.hand.act(Action.show(tuple(self.cards_of(texts))), position)

    def _muck(self, seat: int) -> None:
        position = self._next_to_show(seat)
        self.hand.act(Action.muck(), position)

    def _next_to_show(self, seat: int) -> int:
        advice = (
            ": the last to bet or raise on the river shows first, else the first player "
            "left of the button (R28)"
        )
        return self.in_turn(seat, self.showdown_next, "nobody is to show", advice)

    def cards_of(self, texts: list[str]) -> list[Card]:
        cards = [Card.parse(text) for text in texts]
        dead = [c for c in cards if c in self.dead_cards]
        if dead:
            raise IllegalActionError(f"{dead[0]} is out of play in this hand (a burn card)")
        return cards

    def _winners(self, pots: list[list[int]]) -> None:
        """The host taps who won each pot: splits and odd chips follow R25."""
        if self.hand.phase != Phase.SHOWDOWN or self.hand.showdown is None:
            raise IllegalActionError(f"winners are chosen at the showdown: {self.waiting_for()}")
        showdown = self.hand.showdown
        if len(pots) != len(showdown.pots):
            raise IllegalActionError(
                f"there are {len(showdown.pots)} pots: name the winners of each"
            )
        awards = []
        for index, (pot, seats) in enumerate(zip(showdown.pots, pots, strict=True)):
            positions = sorted({self.position_of(seat) for seat in seats})
            label = pot_label(index, len(showdown.pots))
            if not positions:
                raise IllegalActionError(f"name at least one winner of the {label.lower()}")
            for position in positions:
                if position not in pot.eligible or position in showdown.mucked:
                    raise IllegalActionError(
                        f"{self.name_of(position)} cannot win the {label.lower()}: it is "
                        f"contested by {self.names_in(self._contesting(pot))}"
                    )
            shares = split(pot.amount, positions)  # clockwise from the button (R25)
            awards.append(self._award(index, pot, shares, "chosen at the table"))
        self.awards = tuple(awards)

    def _contesting(self, pot: Pot) -> list[int]:
        assert self.hand.showdown is not None
        return [p for p in pot.eligible if p not in self.hand.showdown.mucked]

    def _award(
        self, index: int, pot: Pot, shares: list[tuple[int, int]] | tuple[tuple[int, int], ...],
        reason: str,
    ) -> PotAward:  # fmt: skip
        return PotAward(
            index,
            pot.amount,
            tuple(self.seats[p] for p in pot.eligible),
            tuple((self.seats[p], chips) for p, chips in shares),
            reason,
        )

    # -- out-of-turn actions ------------------------------------------------------------

    def hold_out_of_turn(self, position: int, kind: str, amount: int | None) -> None:
        if self.hand.phase != Phase.BETTING or self.actor is None:
            raise IllegalActionError(f"no betting round is going on: {self.waiting_for()}")
        if position == self.actor:
            raise IllegalActionError(f"it is {self.name_of(position)}'s turn: enter the action")
        if not self.hand.can_act(position):
            raise IllegalActionError(f"{self.name_of(position)} has no decision left to make")
        if kind not in ACTION_KINDS:
            raise IllegalActionError(f"{kind!r} is not an action: {', '.join(ACTION_KINDS)}")
        self._possible_later(position, kind, amount)
        self.pending[position] = OutOfTurn(
            position, kind, amount, self.hand.street, max(self.hand.bets)
        )

    def _possible_later(self, position: int, kind: str, amount: int | None) -> None:
        """Whether the action could stand when the turn comes, if nothing changes."""
        high = max(self.hand.bets)
        facing = high - self.hand.bets[position]
        name = self.name_of(position)
        if kind == "check" and facing:
            raise IllegalActionError(f"{name} faces {facing} to call: a check is not possible")
        if kind == "call" and not facing:
            raise IllegalActionError(f"{name} has nothing to call: that is a check")
        if kind in ("bet", "raise") and (amount is None or amount <= high):
            raise IllegalActionError(f"say the amount {name} put in: more than {high}")

    def _settle_out_of_turn(self) -> None:
        """When the turn reaches a player who acted early: binding if the action facing
        them has not changed, else void (their chips go back; every option is open)."""
        while (actor := self.actor) is not None and actor in self.pending:
            early = self.pending.pop(actor)
            name = self.name_of(actor)
            changed = early.street != self.hand.street or max(self.hand.bets) != early.facing
            if changed:
                self.notes.append(
                    f"{name}'s {early.action} out of turn is not binding: the action changed "
                    f"before their turn; any chips go back and {name} acts again"
                )
                continue
            try:
                self.act(actor, early.action, early.amount)
            except HoldemError as error:
                self.notes.append(f"{name}'s {early.action} out of turn cannot stand ({error})")
                continue
            self.notes.append(f"{name}'s {early.action} out of turn stands: nothing changed")
        if self.hand.phase != Phase.BETTING:
            self.pending.clear()

    # -- what the page shows ------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.hand.is_over or self.awards is not None

    @property
    def voided(self) -> bool:
        return self.hand.phase == Phase.VOIDED

    @property
    def actor(self) -> int | None:
        return self.hand.round.actor if self.hand.phase == Phase.BETTING else None

    @property
    def showdown_next(self) -> int | None:
        if self.hand.phase != Phase.SHOWDOWN or self.hand.showdown is None or self.awards:
            return None
        return self.hand.showdown.next_player

    @property
    def board_due(self) -> int:
        """How many board cards the dealer should turn now (0: none due)."""
        pending = self.hand.pending_deal
        if pending is None or pending[0] != "board":
            return 0
        size = len(self.hand.board)
        street = BOARD_SIZES.index(size) + 1
        return BOARD_SIZES[street] - size

    @property
    def street_name(self) -> str:
        if self.hand.phase == Phase.SHOWDOWN or self.over:
            return "showdown" if not self.voided else "voided"
        return STREET_NAMES[BOARD_SIZES.index(len(self.hand.board))]

    def legal(self) -> LegalActions | None:
        return self.hand.legal_actions() if self.actor is not None else None

    def waiting_for(self) -> str:
        if self.voided:
            return "the hand was voided"
        if self.over:
            return "the hand is over"
        if self.actor is not None:
            return f"{self.name_of(self.actor)} (seat {self.seats[self.actor]}) is to act"
        if self.board_due:
            return f"the dealer turns the {self.street_after()} ({self.board_due} card(s))"
        if self.showdown_next is not None:
            who = self.name_of(self.showdown_next)
            return f"{who} shows or mucks (R28), or tap the winner of each pot"
        return "the showdown"

    def street_after(self) -> str:
        return STREET_NAMES[BOARD_SIZES.index(len(self.hand.board)) + 1]

    def pots(self) -> list[Pot]:
        """The pots as they stand: the showdown's, or those of the finished rounds."""
        hand = self.hand
        if hand.showdown is not None:
            return list(hand.showdown.pots)
        before = [c - b for c, b in zip(hand.contributed, hand.bets, strict=True)]
        return build_pots(before, hand.dead_money, hand.in_hand)

    def names_in(self, positions: list[int] | tuple[int, ...]) -> str:
        return words_list([self.name_of(p) for p in positions])

    def showing_order(self) -> list[int]:
        """Seats in the order they show (R28): the river's last aggressor first."""
        showdown = self.hand.showdown
        return [self.seats[p] for p in showdown.order] if showdown is not None else []

    def result(self) -> tuple[PotAward, ...]:
        """Each pot as given out, side pots first (R24)."""
        if self.awards is not None:
            return tuple(reversed(self.awards))
        outcome = self.hand.result
        if outcome is None:
            return ()
        return tuple(
            self._award(p.index, Pot(p.amount, p.eligible), p.shares, p.reason)
            for p in outcome.pots
        )

    def result_words(self) -> list[str]:
        count = len({award.index for award in self.result()})
        return [pot_words(award, count, self.name_by_seat) for award in self.result()]

    def name_by_seat(self, seat: int) -> str:
        return self.names[self.seats.index(seat)]

    def final_stacks(self) -> tuple[int, ...]:
        """Each position's stack at the end (as it started if the hand was voided)."""
        stacks = list(self.hand.stacks)
        for award in self.awards or ():
            for seat, chips in award.shares:
                stacks[self.seats.index(seat)] += chips
        return tuple(stacks)

    def source(self) -> HandSource:
        return HandSource(
            self.number, self.seats, self.names, self.config, self.button, tuple(self.entries)
        )

    def phh(self) -> str:
        """The hand as PHH: hole cards as shown, ``????`` where nobody saw them."""
        record = history_of(
            self.hand, players=list(self.names), seats=list(self.seats), hand=self.number
        )
        if self.awards is not None:
            record = replace(record, finishing_stacks=self.final_stacks())
        return phh.dumps(record)

    def shown(self) -> dict[int, tuple[Card, ...]]:
        return {
            self.seats[e.player]: e.cards
            for e in self.hand.events
            if isinstance(e, events.CardsShown)
        }


def pot_label(index: int, count: int) -> str:
    if count == 1:
        return "The pot"
    return "Main pot" if index == 0 else f"Side pot {index}"


def pot_words(award: PotAward, count: int, name: Any) -> str:
    """ "Main pot 300: Ann and Bob split, 150 each; the odd chip goes to Ann, first left
    of the button (R25). Split: the board plays (...)." """
    label = f"{pot_label(award.index, count)} {award.amount}"
    winners = [name(seat) for seat, _ in award.shares]
    why = award.reason[:1].upper() + award.reason[1:]
    if len(winners) == 1:
        return f"{label}: {winners[0]} wins it. {why}."
    share = award.amount // len(winners)
    odd = award.amount - share * len(winners)
    words = f"{label}: {words_list(winners)} split, {share} each"
    if odd == 1:
        words += f"; the odd chip goes to {winners[0]}, first left of the button (R25)"
    elif odd:  # one each, in order from the first winner left of the button
        words += (
            f"; the {odd} odd chips go one each to {words_list(winners[:odd])}, "
            "in order from the first left of the button (R25)"
        )
    return f"{words}. {why}."


def words_list(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"
