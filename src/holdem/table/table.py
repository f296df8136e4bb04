"""A cash-game table: seats, hand after hand, players coming and going (R20, R35-R38, R43, R46).

The table turns its seats into the positions of each hand's engine configuration (the
first player after the button is position 0), starts the hand, passes actions through
by seat, and settles the stacks when the hand is over. Chips change hands only inside
hands; buy-ins, top-ups and cash-outs happen between hands and go in the ledger.

>>> table = Table(TableSettings(seats=6))
>>> for seat, name in enumerate(["Ana", "Ben", "Cleo"]):
...     table.sit(seat, name, 100)
>>> hand = table.start_hand()
>>> table.seat_to_act, table.button
(0, 0)
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field

from holdem.cards import Deck
from holdem.engine import Action, AnteKind, Hand, HandConfig
from holdem.engine.rake import RakeTaken, take_rake
from holdem.errors import ConfigError, IllegalActionError
from holdem.table.button import Blinds, next_blinds, passed_over
from holdem.table.ledger import Entry, Ledger
from holdem.table.names import check_free, check_name
from holdem.table.settings import NewPlayerRule, TableSettings

SEVEN_DEUCE = frozenset({5, 0})  # the ranks of 7-2 (seven is rank 5, deuce rank 0)
RUNOUT = "runout"  # the entry of PlayedHand.actions for a street of a paced runout


@dataclass
class Seat:
    name: str
    stack: int
    sitting_out: bool = False
    waiting: bool = False  # a new or returning player waiting for the big blind (R38)
    owes_big: bool = False  # missed a big blind while sitting out
    owes_small: bool = False
    leaving: bool = False  # asked to leave during a hand: goes once it is over
    plays_twice: bool = True  # agrees to run it twice (R46)
    top_up_after: int = 0  # chips asked for during a hand, added when it is over


@dataclass(frozen=True)
class Bounty:
    """The 7-2 game (R46): the winner collects from every other player dealt in."""

    winner: int  # seat
    paid: tuple[tuple[int, int], ...]  # (seat, chips)


@dataclass
class PlayedHand:
    number: int
    hand: Hand
    seat_of: list[int]  # position -> seat
    blinds: Blinds
    bounty: Bounty | None = None
    names: list[str] = field(default_factory=list)
    # The decisions in order, (kind, amount to), and (RUNOUT, None) for each street of a
    # paced runout: with the deck they replay the hand.
    actions: list[tuple[str, int | None]] = field(default_factory=list)
    # What the table owed and was offered before the deal, put back if the hand is voided
    # or misdealt: the redeal asks the same posts again (R38, R39, R42).
    before: BeforeDeal | None = field(default=None, repr=False)
    settled: bool = False
    rake: RakeTaken | None = None  # what the house took, when the table rakes


@dataclass(frozen=True)
class BeforeDeal:
    """What a deal changed at the table, kept to put back if the hand does not count."""

    blinds: Blinds | None
    owed: tuple[tuple[int, Seat, bool, bool, bool], ...]  # seat, player, waiting, big, small
    straddler: int | None
    bomb_pot: int


class Table:
    def __init__(
        self,
        settings: TableSettings,
        rng: random.Random | None = None,
        *,
        hands_kept: int | None = None,
    ) -> None:
        """``hands_kept``: how many finished hands ``history`` holds (None: all of them; a
        server keeps the last one and stores the others)."""
        self.settings = settings
        self.rng = rng  # None: every deck is shuffled by the secure generator (R4)
        self.seats: list[Seat | None] = [None] * settings.seats
        self.ledger = Ledger()
        self.hands_played = 0
        self.blinds: Blinds | None = None
        self.current: PlayedHand | None = None
        self.history: deque[PlayedHand] = deque(maxlen=hands_kept)
        self._straddler: int | None = None
        self._bomb_pot = 0
        self.raked = 0  # chips the house has taken (settings.rake)

    # -- players ------------------------------------------------------------------------

    def customs_to_snapshot(self) -> tuple[int | None, int]:
        """The house customs waiting for the next hand, for a snapshot: the seat that offered
        a straddle (or None) and the bomb pot called (0: none)."""
        return self._straddler, self._bomb_pot

    def customs_from_snapshot(self, straddler: int | None, bomb_pot: int) -> None:
        """Put back what ``customs_to_snapshot`` gave."""
        self._straddler, self._bomb_pot = straddler, bomb_pot

    def check_sit(self, seat: int, name: str, buy_in: int) -> None:
        """Raise the reason ``sit`` would refuse, if any (a request to be approved later)."""
        self._check_seat_number(seat)
        if self.seats[seat] is not None:
            raise IllegalActionError(f"seat {seat + 1} is taken: choose an empty seat")
        check_name(name)
        check_free(name, (s.name for s in self.seats if s is not None), "at the table")
        self._check_buy_in(buy_in, 0)

    def sit(self, seat: int, name: str, buy_in: int) -> None:
        self.check_sit(seat, name, buy_in)
        wait = self.settings.new_players == NewPlayerRule.WAIT and self.hands_played > 0
        self.seats[seat] = Seat(
            name, buy_in, waiting=wait, owes_big=not wait and self.hands_played > 0
        )
        self.ledger.record(self.hands_played, name, Entry.BUY_IN, buy_in)

    def leave(self, seat: int) -> None:
        """Cash out and go; during a hand the player goes when it is over."""
        player = self._player(seat)
        if self._in_current_hand(seat):
            player.leaving = True
            return
        self.ledger.record(self.hands_played, player.name, Entry.CASH_OUT, player.stack)
        self.seats[seat] = None
        if self._straddler == seat:
            self._straddler = None  # a straddle offered by someone who has gone

    def sit_out(self, seat: int) -> None:
        self._player(seat).sitting_out = True

    def sit_in(self, seat: int) -> None:
        """Come back: post the missed blinds or wait for the big blind (R38, a setting)."""
        player = self._player(seat)
        player.sitting_out = False
        owes = player.owes_big or player.owes_small
        if owes and self.settings.new_players == NewPlayerRule.WAIT:
            player.waiting = True

    def top_up(self, seat: int, amount: int) -> None:
        """Add chips between hands, up to the maximum buy-in (R20, R43).

        Asked during a hand the player is in, the chips come once it is over (table
        stakes: none join a hand in play), as much of them as the maximum then allows.
        """
        player = self._player(seat)
        if amount <= 0:
            raise IllegalActionError(f"a top-up is a positive number of chips, not {amount}")
        if self._in_current_hand(seat):
            # The stack it began with and the chips already asked for count.
            self._check_buy_in(amount, player.stack + player.top_up_after)
            player.top_up_after += amount
            return
        self._check_buy_in(amount, player.stack)
        player.stack += amount
        self.ledger.record(self.hands_played, player.name, Entry.TOP_UP, amount)

    def adjust(self, seat: int, change: int) -> None:
        """A host's correction of a stack, between hands, recorded in the ledger."""
        player = self._player(seat)
        if self._in_current_hand(seat):
            raise IllegalActionError("a stack can be adjusted only between hands")
        if player.stack + change < 0:
            raise IllegalActionError(f"{player.name} has {player.stack}: cannot take {-change}")
        player.stack += change
        self.ledger.record(self.hands_played, player.name, Entry.ADJUSTMENT, change)

    def set_run_twice(self, seat: int, agrees: bool) -> None:
        self._player(seat).plays_twice = agrees

    # -- house customs for the next hand -------------------------------------------------

    def straddle(self, seat: int, on: bool = True) -> None:
        """The player after the next big blind posts a straddle of two big blinds (R9);
        ``on=False`` takes the offer back. One player straddles a hand."""
        if not self.settings.straddles:
            raise IllegalActionError("this table does not allow straddles")
        self._player(seat)
        if not on:
            if self._straddler != seat:
                raise IllegalActionError("you are not straddling next hand: nothing to cancel")
            self._straddler = None
            return
        if self._straddler == seat:
            raise IllegalActionError("you already straddle next hand: untick Straddle to cancel")
        if self._straddler is not None:
            other = self._player(self._straddler).name
            raise IllegalActionError(
                f"{other} already straddles next hand: one straddle a hand, ask again after it"
            )
        self._straddler = seat

    @property
    def straddler(self) -> int | None:
        """The seat that offered to straddle the next hand, if any."""
        return self._straddler

    def top_up_room(self, seat: int) -> int:
        """How many chips ``seat`` may still add: up to the maximum buy-in, counting the
        stack it had when its hand began and the chips already asked for during it."""
        player = self._player(seat)
        return max(0, self.settings.max_buy_in - player.stack - player.top_up_after)

    @property
    def voided(self) -> PlayedHand | None:
        """The last hand dealt, if the host voided it (it is not in ``history``)."""
        played = self.current
        if played is None or not played.hand.is_over or played.hand.result is not None:
            return None
        return played

    def bomb_pot(self, ante: int) -> None:
        """Next hand: everyone antes ``ante`` and the hand starts at the flop (R46)."""
        if ante <= 0:
            raise IllegalActionError(f"a bomb pot ante is a positive number of chips, not {ante}")
        self._bomb_pot = ante

    @property
    def next_bomb_pot(self) -> int:
        """The ante of the bomb pot called for the next hand; 0 if none is."""
        return self._bomb_pot

    # -- hands -----------------------------------------------------------------------------

    @property
    def hand(self) -> Hand | None:
        return self.current.hand if self.current is not None else None

    @property
    def button(self) -> int | None:
        return self.blinds.button if self.blinds is not None else None

    @property
    def seat_to_act(self) -> int | None:
        if self.current is None or self.current.hand.to_act is None:
            return None
        return self.current.seat_of[self.current.hand.to_act]

    def active_seats(self) -> list[int]:
        return [
            i
            for i, s in enumerate(self.seats)
            if s is not None and not s.sitting_out and not s.leaving and s.stack > 0
        ]

    def start_hand(self, deck: Deck | None = None) -> Hand:
        if self.current is not None and not self.current.hand.is_over:
            raise IllegalActionError("a hand is in progress: finish it first")
        if self.current is not None and self.current.before is not None:
            self._settle_if_over()  # a misdeal called on the hand itself (R39) is settled here
        active = self.active_seats()
        if len(active) < 2:
            raise IllegalActionError("a hand needs two players sitting in with chips")
        blinds = next_blinds(
            self.blinds, active, len(self.seats), dead_button=self.settings.dead_button
        )
        dealt = self._dealt_in(active, blinds)
        if len(dealt) < 2:
            # Waiting for the big blind (R38) would stop the game: with nobody else to
            # play, they come in now owing nothing, as at a table's first hand.
            for seat in active:
                player = self._player(seat)
                player.waiting = player.owes_big = player.owes_small = False
            dealt = self._dealt_in(active, blinds)
        before = self._before_deal()
        self._note_missed_blinds(blinds)
        config = self._config(dealt, blinds)
        hand = Hand(config, deck if deck is not None else Deck.shuffled(self.rng), rng=self.rng)
        names = [self._player(seat).name for seat in dealt]
        self.blinds = blinds
        self.current = PlayedHand(
            self.hands_played + 1, hand, dealt, blinds, names=names, before=before
        )
        self._straddler = None
        self._bomb_pot = 0
        self._settle_if_over()
        return hand

    def act(self, seat: int, action: Action) -> None:
        if self.current is None or self.current.hand.is_over:
            raise IllegalActionError("no hand is being played: start one")
        if seat not in self.current.seat_of:
            raise IllegalActionError(f"seat {seat + 1} is not in this hand")
        self.current.hand.act(action, player=self.current.seat_of.index(seat))
        self.current.actions.append((action.kind.value, action.to))
        self._settle_if_over()

    def deal_runout(self) -> None:
        """Deal the next street of an all-in runout that waits for it (paced runouts)."""
        if self.current is None or self.current.hand.is_over:
            raise IllegalActionError("no hand is being played: start one")
        self.current.hand.deal_runout()
        self.current.actions.append((RUNOUT, None))
        self._settle_if_over()

    def void_hand(self, reason: str = "voided by the host") -> None:
        """The host voids the hand in progress (R42): chips back, the button does not move,
        and the next deal asks the same posts again (missed blinds are not forgiven)."""
        if self.current is None or self.current.hand.is_over:
            raise IllegalActionError("no hand is being played")
        self.current.hand.void(reason)
        self._settle_if_over()

    def misdeal(self, reason: str = "misdeal") -> None:
        """A misdeal before the first action (R39): the forced bets come back and the same
        button deals again, with the same posts."""
        if self.current is None or self.current.hand.is_over:
            raise IllegalActionError("no hand is being played")
        self.current.hand.misdeal(reason)
        self._settle_if_over()

    # -- inside ---------------------------------------------------------------------------

    def _before_deal(self) -> BeforeDeal:
        owed = tuple(
            (seat, p, p.waiting, p.owes_big, p.owes_small)
            for seat, p in enumerate(self.seats)
            if p is not None
        )
        return BeforeDeal(self.blinds, owed, self._straddler, self._bomb_pot)

    def _deal_again(self, played: PlayedHand) -> None:
        """A voided or misdealt hand did not happen: the same button deals again, owing
        and offering what it did before (R39, R42)."""
        before = played.before
        if before is None:  # a hand restored from a record: only the blinds are known
            self.blinds = self.history[-1].blinds if self.history else None
            return
        self.blinds = before.blinds
        for seat, player, waiting, big, small in before.owed:
            if self.seats[seat] is player:
                player.waiting, player.owes_big, player.owes_small = waiting, big, small
        if before.straddler is not None and self.seats[before.straddler] is not None:
            self._straddler = before.straddler
        self._bomb_pot = before.bomb_pot

    def _note_missed_blinds(self, blinds: Blinds) -> None:
        for seat in passed_over(self.blinds, blinds, len(self.seats)):
            player = self.seats[seat]
            if player is not None and player.sitting_out:
                player.owes_big = player.owes_small = True  # the blinds went past both
        if not blinds.small_blind_posts:
            player = self.seats[blinds.small_blind]
            if player is not None and player.sitting_out:
                player.owes_small = True

    def _dealt_in(self, active: list[int], blinds: Blinds) -> list[int]:
        """Active players clockwise from the seat after the button; waiting ones only
        when the big blind reaches them (R38)."""
        n = len(self.seats)
        order = [(blinds.button + 1 + k) % n for k in range(n)]
        dealt = []
        for seat in order:
            player = self.seats[seat]
            if seat not in active or player is None:
                continue
            if player.waiting and seat != blinds.big_blind:
                continue
            dealt.append(seat)
        if len(dealt) == 2:  # heads-up the big blind is position 0 (PHH's order)
            dealt.sort(key=lambda seat: seat != blinds.big_blind)
        return dealt

    def _config(self, dealt: list[int], blinds: Blinds) -> HandConfig:
        s = self.settings
        n = len(dealt)
        players = [self._player(seat) for seat in dealt]
        blind_amounts = [0] * n
        posts = [0] * n
        dead = [0] * n
        antes = [0] * n
        heads_up = n == 2
        for position, (seat, player) in enumerate(zip(dealt, players, strict=True)):
            if seat == blinds.big_blind:
                blind_amounts[1 if heads_up else position] = s.big_blind
                player.waiting = player.owes_big = player.owes_small = False
            elif seat == blinds.small_blind and blinds.small_blind_posts:
                blind_amounts[0 if heads_up else position] = s.small_blind
            elif player.owes_big or player.owes_small:  # back, posting what was missed (R38)
                posts[position] = s.big_blind if player.owes_big else 0
                dead[position] = s.small_blind if player.owes_small else 0
                player.owes_big = player.owes_small = False
        if self._straddler is not None and self._straddler in dealt and not heads_up:
            position = dealt.index(self._straddler)
            if dealt[position - 1] == blinds.big_blind and not posts[position] + dead[position]:
                blind_amounts[position] = 2 * s.big_blind
        if self._bomb_pot:
            antes = [self._bomb_pot] * n
            blind_amounts = [0] * n
        elif s.ante_kind == AnteKind.UNIFORM or (s.ante and s.ante_kind == AnteKind.NONE):
            antes = [s.ante] * n
        elif s.ante_kind == AnteKind.BIG_BLIND:
            antes[1 if heads_up else dealt.index(blinds.big_blind)] = s.ante or s.big_blind
        elif s.ante_kind == AnteKind.BUTTON and blinds.button in dealt:
            antes[0 if heads_up else n - 1] = s.ante or s.big_blind
        runs = 2 if s.run_it_twice and all(p.plays_twice for p in players) else 1
        return HandConfig(
            structure=s.structure,
            starting_stacks=tuple(p.stack for p in players),
            blinds_or_straddles=tuple(blind_amounts),
            antes=tuple(antes),
            min_bet=s.big_blind,
            big_bet=2 * s.big_blind if s.structure == "fl" else None,
            raise_cap=s.raise_cap,
            live_posts=tuple(posts) if any(posts) else (),
            dead_blinds=tuple(dead) if any(dead) else (),
            bomb_pot=bool(self._bomb_pot),
            run_count=runs,
            ante_trimming=None if not self._bomb_pot else False,
            paced_runout=s.paced_runouts,
        )

    def _settle_if_over(self) -> None:
        played = self.current
        if played is None or not played.hand.is_over or played.settled:
            return
        played.settled = True
        stacks = played.hand.final_stacks
        assert stacks is not None
        played.rake = self._rake(played.hand)
        taken = played.rake.shares if played.rake is not None else (0,) * len(stacks)
        for position, seat in enumerate(played.seat_of):
            player = self.seats[seat]
            assert player is not None
            player.stack = stacks[position] - taken[position]
        played.bounty = self._seven_deuce(played)
        voided = played.hand.result is None
        if voided:
            self._deal_again(played)
        else:
            self.hands_played += 1
            self.history.append(played)
        for seat, player in enumerate(self.seats):
            if player is not None and player.leaving:
                player.leaving = False
                self.leave(seat)
            elif player is not None and player.top_up_after:
                chips = min(player.top_up_after, self.settings.max_buy_in - player.stack)
                player.top_up_after = 0
                if chips > 0:
                    player.stack += chips
                    self.ledger.record(self.hands_played, player.name, Entry.TOP_UP, chips)

    def _rake(self, hand: Hand) -> RakeTaken | None:
        """The house's rake of a finished hand, from what its winners collected."""
        rule, result = self.settings.rake, hand.result
        if rule is None or result is None:
            return None
        taken = take_rake(rule, result.collected, flop_dealt=len(result.boards[0]) >= 3)
        self.raked += taken.total
        return taken

    def _seven_deuce(self, played: PlayedHand) -> Bounty | None:
        bounty = self.settings.seven_deuce_bounty
        result = played.hand.result
        if not bounty or result is None or not result.pots:
            return None
        main = next(p for p in result.pots if p.index == 0 and p.run == 0)
        if len(main.winners) != 1:
            return None
        position = main.winners[0]
        hole = played.hand.holes[position]
        if hole is None or None in hole or {c.rank for c in hole if c is not None} != SEVEN_DEUCE:
            return None
        winner = self._player(played.seat_of[position])
        paid = []
        for seat in played.seat_of:
            payer = self._player(seat)
            if payer is winner:
                continue
            chips = min(bounty, payer.stack)
            payer.stack -= chips
            winner.stack += chips
            paid.append((seat, chips))
        return Bounty(played.seat_of[position], tuple(paid))

    def _in_current_hand(self, seat: int) -> bool:
        return (
            self.current is not None
            and not self.current.hand.is_over
            and seat in self.current.seat_of
        )

    def player(self, seat: int) -> Seat:
        """The player in ``seat``; an empty or unknown seat is refused with the reason."""
        return self._player(seat)

    def _player(self, seat: int) -> Seat:
        self._check_seat_number(seat)
        player = self.seats[seat]
        if player is None:
            raise IllegalActionError(f"seat {seat + 1} is empty")
        return player

    def _check_seat_number(self, seat: int) -> None:
        if not 0 <= seat < len(self.seats):
            raise IllegalActionError(
                f"there is no seat {seat + 1}: seats are 1 to {len(self.seats)}"
            )

    def _check_buy_in(self, amount: int, current: int) -> None:
        s = self.settings
        if current + amount > s.max_buy_in:
            raise IllegalActionError(
                f"the most you can have at this table is {s.max_buy_in}: you can add up to "
                f"{max(0, s.max_buy_in - current)}"
            )
        if current == 0 and amount < s.min_buy_in:
            raise IllegalActionError(f"the buy-in is {s.min_buy_in} to {s.max_buy_in} chips")

    def stacks_by_name(self) -> dict[str, int]:
        return {s.name: s.stack for s in self.seats if s is not None}

    def chips_on_table(self) -> int:
        """Every chip at the table: the stacks, and the chips of a hand being played."""
        if self.current is not None and not self.current.hand.is_over:
            hand = self.current.hand
            in_hand = set(self.current.seat_of)
            others = sum(s.stack for i, s in enumerate(self.seats) if s and i not in in_hand)
            return others + sum(hand.stacks) + hand.pot_total
        return sum(s.stack for s in self.seats if s is not None)


__all__ = ["Bounty", "ConfigError", "PlayedHand", "Seat", "Table"]
