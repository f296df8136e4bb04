"""One hand of Texas Hold'em: a deterministic state machine that is its own event log.

A ``Hand`` posts the forced bets, deals (from a ``Deck``, or cards given one step at a
time), runs the four betting rounds, the showdown and the awards. Ask it
``legal_actions()`` and give it ``act(action)``; a refused action raises
``IllegalActionError`` with the reason and changes nothing.

>>> from holdem.cards import Deck
>>> config = HandConfig.create("nl", [200, 200, 200], small_blind=1, big_blind=2)
>>> hand = Hand(config, Deck())
>>> hand.to_act, hand.legal_actions().describe()
(2, 'fold, call 2, raise to [4..200], all-in (200)')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING

from holdem.cards import Card, Deck, ensure_distinct, format_cards
from holdem.engine import betting, events, irregularities
from holdem.engine.actions import Action, ActionKind, LegalActions
from holdem.engine.config import HandConfig
from holdem.engine.irregularities import Ruling
from holdem.engine.pots import build_pots, uncalled_excess, unmatched
from holdem.engine.result import HandResult, build_result
from holdem.engine.showdown import Award, Showdown
from holdem.errors import DealingError, IllegalActionError

if TYPE_CHECKING:
    from holdem.engine.events import AnyEvent

STREET_NAMES = ("preflop", "flop", "turn", "river")
BOARD_SIZES = (0, 3, 4, 5)  # cards on the board once each street is dealt


class Phase(StrEnum):
    DEALING = "dealing"  # waiting for cards (explicit dealing only)
    BETTING = "betting"
    RUNOUT = "runout"  # all-in, waiting for deal_runout() before the next street (paced)
    SHOWDOWN = "showdown"  # waiting for show or muck (when not automatic)
    COMPLETE = "complete"
    VOIDED = "voided"


class Hand:
    """One hand, from the forced bets to the last chip awarded.

    ``deck``: deal from it automatically (burning before each street, R3). Without one,
    the caller deals: ``deal_hole(player, cards)`` then ``deal_board(cards)`` when
    ``pending_deal`` asks, as a live dealer or a hand history does.
    ``auto_showdown``: players show when they can win a pot and muck otherwise (or show
    all, per the config); without it each player in showing order acts show or muck.
    """

    def __init__(
        self,
        config: HandConfig,
        deck: Deck | None = None,
        *,
        auto_showdown: bool = True,
        rng: random.Random | None = None,
    ) -> None:
        self.config = config
        self.player_count = config.player_count
        self.deck = deck
        self.auto_showdown = auto_showdown
        self.rng = rng  # for the reshuffles of R40 and R41; None: a secure shuffle (R4)
        self.procedure = irregularities.Procedure()
        n = config.player_count
        self.events: list[AnyEvent] = []
        self.stacks = list(config.starting_stacks)
        self.bets = [0] * n
        self.contributed = [0] * n
        self.dead_money = 0
        self.folded = [False] * n
        self.holes: list[tuple[Card | None, ...] | None] = [None] * n
        self.boards: list[list[Card]] = [[]]
        self.street = 0
        self.phase = Phase.DEALING
        self.round = betting.Round.start(self, 0)
        self.pending_deal: tuple[str, int] | None = None  # ("hole", player) or ("board", run)
        self.showdown: Showdown | None = None
        self.result: HandResult | None = None
        self._exposed = False
        self._post_forced_bets()
        self._begin_hole_dealing()

    # -- what the outside world asks ----------------------------------------------------

    @property
    def board(self) -> list[Card]:
        """The board of the first run (the only one unless the hand is run more than once)."""
        return self.boards[0]

    @property
    def to_act(self) -> int | None:
        """The position whose decision the hand waits for, if any."""
        if self.phase == Phase.BETTING:
            return self.round.actor
        if self.phase == Phase.SHOWDOWN and self.showdown is not None:
            return self.showdown.next_player
        return None

    @property
    def runout_due(self) -> bool:
        """All-in with a paced runout: nobody acts, the next street waits for deal_runout()."""
        return self.phase == Phase.RUNOUT

    @property
    def is_over(self) -> bool:
        return self.phase in (Phase.COMPLETE, Phase.VOIDED)

    @property
    def in_hand(self) -> list[bool]:
        return [not f for f in self.folded]

    @property
    def pot_total(self) -> int:
        """Every chip put in this hand, current bets included."""
        return sum(self.contributed) + self.dead_money

    def all_in(self, player: int) -> bool:
        return not self.folded[player] and self.stacks[player] == 0

    def can_act(self, player: int) -> bool:
        return not self.folded[player] and self.stacks[player] > 0

    def tabled(self, player: int) -> bool:
        """The player's hand lies face up: turned up at an all-in (R30) or shown at the
        showdown. Cards speak: it is read as it lies and can no longer be mucked (R29)."""
        if self.folded[player]:
            return False
        if self._exposed:
            return True
        return self.showdown is not None and player in self.showdown.values

    def legal_actions(self) -> LegalActions:
        """What the player to act may do now, with the bounds of every amount."""
        if self.phase == Phase.SHOWDOWN and self.showdown is not None:
            player = self.showdown.next_player
            if player is not None:  # a hand turned up at an all-in may not be mucked (R30)
                return LegalActions(player, show=True, muck=not self.tabled(player))
        if self.phase != Phase.BETTING or self.round.actor is None:
            raise IllegalActionError(self._nobody_to_act())
        return self.round.legal_actions()

    def act(self, action: Action, player: int | None = None) -> None:
        """Apply one decision of the player to act (``player``, if given, is checked: R13)."""
        actor = self.to_act
        if actor is None:
            raise IllegalActionError(self._nobody_to_act())
        if player is not None and player != actor:
            raise IllegalActionError(
                f"it is not player {player + 1}'s turn: player {actor + 1} is to act"
            )
        if self.phase == Phase.SHOWDOWN:
            assert self.showdown is not None
            self.showdown.act(action)
            self._after_showdown_step()
            return
        self.round.act(action)
        if self.round.actor is None:
            self._end_betting_round()

    @property
    def final_stacks(self) -> tuple[int, ...] | None:
        """The stacks once the hand is over (the starting stacks if it was voided)."""
        return tuple(self.stacks) if self.is_over else None

    # -- a host's and a live dealer's operations (R39-R42) ---------------------------------

    def void(self, reason: str = "voided by the host") -> Ruling:
        """Cancel the hand: every chip goes back, the button does not move (R42)."""
        return irregularities.void(self, reason)

    def misdeal(self, reason: str = "misdeal") -> Ruling:
        """Before the first action: forced bets come back; the same button deals again (R39)."""
        return irregularities.misdeal(self, reason)

    def expose_hole_card(self, player: int, which: int, replacement: Card | None = None) -> Ruling:
        """A hole card was seen during the deal (R39); ``replacement`` in explicit dealing."""
        return irregularities.expose_hole_card(self, player, which, replacement)

    def extra_hole_cards(self, count: int = 1) -> Ruling:
        """The first player got ``count`` cards beyond the deal: one is the first burn, two
        or more a misdeal (R39)."""
        return irregularities.extra_hole_cards(self, count)

    def premature_board(self, cards: Sequence[Card] | None = None) -> Ruling:
        """The next street was dealt before this betting round ended (R40, R41)."""
        return irregularities.premature_board(
            self, None if cards is None else tuple(cards), self.rng
        )

    def flop_with_too_many_cards(
        self, cards: Sequence[Card] | None = None, *, extra: int = 1
    ) -> Ruling:
        """The flop was turned with more than three cards: it is dealt again (R40).
        ``cards`` in explicit dealing, ``extra`` (how many too many) from a deck."""
        return irregularities.flop_with_too_many_cards(
            self, None if cards is None else tuple(cards), extra, self.rng
        )

    def resolve_showdown(self) -> None:
        """Finish a showdown left to the players: the rest show if they can win, else muck."""
        if self.phase != Phase.SHOWDOWN or self.showdown is None:
            raise IllegalActionError(f"there is no showdown to finish: {self._state_words()}")
        self.showdown.resolve_automatically()
        self._after_showdown_step()

    def reveal(self, player: int, cards: Sequence[Card]) -> None:
        """Learn hole cards nobody knew (a recorded hand tabled at an all-in, R30)."""
        hole = self.holes[player]
        if hole is None or None not in hole:
            raise DealingError(f"player {player + 1}'s hole cards are already known")
        if len(cards) != 2:
            raise DealingError(f"a player holds 2 hole cards, not {len(cards)}")
        self.check_new_cards(list(cards))
        self.holes[player] = tuple(cards)

    # -- dealing --------------------------------------------------------------------------

    def deal_hole(self, player: int, cards: Sequence[Card | None]) -> None:
        """Give a player their hole cards (explicit dealing); None for a card nobody saw."""
        if self.pending_deal != ("hole", player):
            raise DealingError(self._expected_deal(f"hole cards for player {player + 1}"))
        if len(cards) != 2:
            raise DealingError(f"a player gets 2 hole cards, not {len(cards)}")
        self.check_new_cards([c for c in cards if c is not None])
        self._give_hole(player, tuple(cards))
        self._after_hole_dealt(player)

    def deal_board(self, cards: Sequence[Card]) -> None:
        """Put the next street's cards on the board (explicit dealing)."""
        if self.pending_deal is None or self.pending_deal[0] != "board":
            raise DealingError(self._expected_deal("board cards"))
        run = self.pending_deal[1]
        street = self._next_street_of(run)
        needed = BOARD_SIZES[street] - BOARD_SIZES[street - 1]
        if len(cards) != needed:
            raise DealingError(f"the {STREET_NAMES[street]} is {needed} card(s), not {len(cards)}")
        self.check_new_cards(list(cards))
        irregularities.check_not_set_aside(self, list(cards))
        self._lay_board(run, street, tuple(cards))
        self._after_board_dealt()

    def deal_runout(self) -> None:
        """Deal the next street of a paced runout (with run it twice, of the run being dealt)."""
        if self.phase != Phase.RUNOUT:
            raise IllegalActionError(f"no runout street is due: {self._state_words()}")
        self.deal_next_street()

    def check_new_cards(self, cards: list[Card]) -> None:
        """Refuse cards already in play (for the showdown's and the irregularities' rules)."""
        try:
            ensure_distinct([*self._cards_in_play(), *cards])
        except ValueError as error:
            raise DealingError(str(error)) from None

    def _cards_in_play(self) -> list[Card]:
        held = [c for hole in self.holes if hole for c in hole if c is not None]
        # Runs of a board share the cards dealt before the all-in: count each card once.
        return held + list(dict.fromkeys(c for board in self.boards for c in board))

    def _expected_deal(self, got: str) -> str:
        if self.pending_deal is None:
            return f"cannot deal {got}: no cards are due now ({self._state_words()})"
        kind, index = self.pending_deal
        due = f"hole cards for player {index + 1}" if kind == "hole" else "the next board cards"
        return f"cannot deal {got}: {due} come next"

    def _begin_hole_dealing(self) -> None:
        if self.deck is None:
            self.pending_deal = ("hole", 0)
            return
        n = self.player_count
        # One card at a time, clockwise from the first position, twice round (R2).
        first = self.deck.deal(n)
        second = self.deck.deal(n)
        for player in range(n):
            self._give_hole(player, (first[player], second[player]))
        self._begin_betting(0)

    def _give_hole(self, player: int, cards: tuple[Card | None, ...]) -> None:
        self.holes[player] = cards
        known = None if None in cards else tuple(c for c in cards if c is not None)
        self.events.append(events.HoleCardsDealt(player, known))

    def _after_hole_dealt(self, player: int) -> None:
        if player + 1 < self.player_count:
            self.pending_deal = ("hole", player + 1)
        else:
            self.pending_deal = None
            self._begin_betting(0)

    def _next_street_of(self, run: int) -> int:
        size = len(self.boards[run])
        return BOARD_SIZES.index(size) + 1

    def _begin_board(self) -> None:
        """Deal the next street (or, all-in, the next street of the next unfinished run)."""
        if self.deck is None:
            self.pending_deal = ("board", self._run_being_dealt())
            self.phase = Phase.DEALING
        elif self._exposed and self.config.paced_runout:
            self.phase = Phase.RUNOUT
        else:
            self.deal_next_street()

    def _run_being_dealt(self) -> int:
        return next(r for r, board in enumerate(self.boards) if len(board) < 5)

    def deal_next_street(self) -> None:
        """Deal the next street of the run being dealt from the deck."""
        assert self.deck is not None
        run = self._run_being_dealt()
        street = self._next_street_of(run)
        if not irregularities.before_board(self):
            self.deck.burn()
            self.events.append(events.CardBurned())
        cards = self.deck.deal(BOARD_SIZES[street] - BOARD_SIZES[street - 1])
        self._lay_board(run, street, tuple(cards))
        self._after_board_dealt()

    def _lay_board(self, run: int, street: int, cards: tuple[Card, ...]) -> None:
        self.boards[run].extend(cards)
        self.events.append(events.BoardDealt(street, cards, run))
        self.pending_deal = None

    def _after_board_dealt(self) -> None:
        if self._betting_possible():
            self.street = BOARD_SIZES.index(len(self.board))
            self._begin_betting(self.street)
        elif any(len(board) < 5 for board in self.boards):
            self._begin_board()
        else:
            self._begin_showdown()

    # -- forced bets and betting rounds ---------------------------------------------------

    def _post_forced_bets(self) -> None:
        config = self.config
        order = ("ante", "blind") if config.antes_before_blinds else ("blind", "ante")
        for kind in order:
            for player in range(self.player_count):
                owed = config.ante(player) if kind == "ante" else config.forced_bet(player)
                amount = min(owed, self.stacks[player])
                if not amount:
                    continue
                self.stacks[player] -= amount
                all_in = self.stacks[player] == 0
                if kind == "ante":
                    if config.antes_trimmed:
                        self.contributed[player] += amount
                    else:
                        self.dead_money += amount
                    self.events.append(events.AntePosted(player, amount, all_in))
                else:
                    self.bets[player] += amount
                    self.contributed[player] += amount
                    self.events.append(events.BlindPosted(player, amount, all_in))
        for dead, posts in ((False, config.live_posts), (True, config.dead_blinds)):
            for player, owed in enumerate(posts):
                amount = min(owed, self.stacks[player])
                if not amount:
                    continue
                self.stacks[player] -= amount
                if dead:
                    self.dead_money += amount
                else:
                    self.bets[player] += amount
                    self.contributed[player] += amount
                all_in = self.stacks[player] == 0
                self.events.append(events.BlindPosted(player, amount, all_in, dead=dead))

    def _begin_betting(self, street: int) -> None:
        self.phase = Phase.BETTING
        self.round = betting.Round.start(self, street)
        if street == 0 and self.config.bomb_pot:
            self.round.actor = None  # a bomb pot starts at the flop (R46)
        if self.round.actor is None:
            self._end_betting_round()

    def _betting_possible(self) -> bool:
        """Two or more players can still bet: nobody needs to be all-in yet."""
        return sum(self.can_act(p) for p in range(self.player_count)) >= 2 and not self._exposed

    def _end_betting_round(self) -> None:
        returned = uncalled_excess(self.bets)
        if returned is not None:
            player, amount = returned
            self.stacks[player] += amount
            self.contributed[player] -= amount
            self.events.append(events.UncalledBetReturned(player, amount))
        self.events.append(events.BettingRoundEnded(self.street, self.pot_total))
        self.bets = [0] * self.player_count
        if sum(self.in_hand) == 1:
            self.award_uncontested()
        elif self.street == 3:
            self._begin_showdown()
        elif sum(self.can_act(p) for p in range(self.player_count)) >= 2:
            self._begin_board()
        else:
            self._expose_all_in_hands()
            self._prepare_runs()
            self._begin_board()

    def _expose_all_in_hands(self) -> None:
        """No more betting is possible: every hand still in is turned up (R30)."""
        self._exposed = True
        shown = tuple(
            (p, tuple(c for c in hole if c is not None))
            for p, hole in enumerate(self.holes)
            if hole is not None and not self.folded[p] and None not in hole
        )
        self.events.append(events.HandsExposed(shown))

    def _prepare_runs(self) -> None:
        if self.config.run_count > 1 and len(self.board) < 5:
            self.boards += [list(self.board) for _ in range(self.config.run_count - 1)]

    # -- the end of the hand --------------------------------------------------------------

    def _return_unmatched(self) -> None:
        for player, amount in enumerate(unmatched(self.contributed, self.in_hand)):
            if amount:
                self.stacks[player] += amount
                self.contributed[player] -= amount
                self.events.append(events.UncalledBetReturned(player, amount))

    def _begin_showdown(self) -> None:
        self._return_unmatched()
        self.phase = Phase.SHOWDOWN
        self.showdown = Showdown(self)
        self._after_showdown_step()

    def _after_showdown_step(self) -> None:
        assert self.showdown is not None
        if self.auto_showdown:
            self.showdown.resolve_automatically()
        if self.showdown.next_player is None:
            self._finish(self.showdown.award())

    def award_uncontested(self) -> None:
        """Every pot to the one player left in the hand."""
        self._return_unmatched()
        winner = self.in_hand.index(True)
        pots = build_pots(self.contributed, self.dead_money, self.in_hand)
        awards: list[Award] = [
            (index, pot, ((winner, pot.amount),), 0, "everyone else folded")
            for index, pot in enumerate(pots)
        ]
        self._finish(awards)

    def _finish(self, awards: list[Award]) -> None:
        for index, _pot, shares, run, reason in awards:
            for player, chips in shares:
                self.stacks[player] += chips
            amount = sum(chips for _, chips in shares)
            self.events.append(events.PotAwarded(index, amount, shares, run, reason))
        self.phase = Phase.COMPLETE
        self.pending_deal = None
        self.events.append(events.HandEnded(tuple(self.stacks)))
        self.result = build_result(self, awards)

    # -- words ------------------------------------------------------------------------------

    def _nobody_to_act(self) -> str:
        return f"no player is to act: {self._state_words()}"

    def _state_words(self) -> str:
        if self.phase == Phase.DEALING:
            return "the dealer is dealing"
        if self.phase == Phase.COMPLETE:
            return "the hand is over"
        if self.phase == Phase.VOIDED:
            return "the hand was voided"
        if self.phase == Phase.RUNOUT:
            return "the board is being run out"
        return f"{STREET_NAMES[self.street]} {self.phase.value}"

    def __repr__(self) -> str:
        board = format_cards(self.board, sep=" ") or "-"
        return (
            f"Hand({self.config.structure.label}, {self.player_count} players, "
            f"{STREET_NAMES[self.street]}, board {board}, pot {self.pot_total}, {self.phase.value})"
        )


__all__ = ["Action", "ActionKind", "Hand", "LegalActions", "Phase"]
