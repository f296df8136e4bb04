"""Write a played hand as a PokerStars-style text hand history.

Tracking programs (PokerTracker, Hold'em Manager and others) import the plain-text
histories PokerStars writes; this module writes a hand played at a ``Table`` in that
format, as a view of the engine's event log. By default chips are play money: amounts
carry no currency sign and the table line says ``(Play Money)``, as the format does for
play-money tables, and the rake is 0. A :class:`TextStyle` gives the rest of what a
recorded hand knows: money in a currency (``$0.25``), the rake and what each player was
paid, a tournament's header, the time zone of the clock. The header is PokerStars' own,
the local time followed by the Eastern time in brackets
(``- 2009/07/01 12:30:00 CET [2009/07/01 6:30:00 ET]``), so the parsers written for
PokerStars' files read it.

Only what the players at the table saw appears: the hero's own hole cards, and other
hole cards only when they were shown (or turned up at an all-in, R30). Straddles are
written ``posts straddle``, a returning player's missed blinds ``posts small & big
blinds``, and a hand run twice has ``FIRST``/``SECOND`` streets, showdowns and boards.
Table customs with no place in the format (the 7-2 bounty, paid outside the pot) are
left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Protocol

from holdem.cards import Card
from holdem.engine import Structure, events
from holdem.errors import HoldemError
from holdem.evaluator import Category, evaluate
from holdem.history.eastern import eastern_time

if TYPE_CHECKING:
    from holdem.engine import Hand


class SeatedBlinds(Protocol):
    """Where the button and blinds sat (``holdem.table.button.Blinds`` is one)."""

    @property
    def button(self) -> int: ...
    @property
    def small_blind(self) -> int: ...
    @property
    def small_blind_posts(self) -> bool: ...
    @property
    def big_blind(self) -> int: ...


class PlayedHand(Protocol):
    """A finished hand and its seating (``holdem.table.PlayedHand`` is one): the writer
    needs no table, so a recorded hand can be written without one."""

    @property
    def number(self) -> int: ...
    @property
    def hand(self) -> Hand: ...
    @property
    def seat_of(self) -> list[int]: ...
    @property
    def blinds(self) -> SeatedBlinds: ...
    @property
    def names(self) -> list[str]: ...


__all__ = ["PokerStarsError", "TextStyle", "pokerstars_description", "pokerstars_text"]

GAMES = {
    Structure.NO_LIMIT: "No Limit",
    Structure.POT_LIMIT: "Pot Limit",
    Structure.FIXED_LIMIT: "Limit",
}
STREETS = ("Preflop", "Flop", "Turn", "River")
BOARD_SIZES = (0, 3, 4, 5)
RUN_WORDS = ("FIRST", "SECOND", "THIRD", "FOURTH", "FIFTH")
RUN_TIMES = {2: "twice", 3: "three times", 4: "four times", 5: "five times"}
RANK_WORDS = (
    "Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight",
    "Nine", "Ten", "Jack", "Queen", "King", "Ace",
)  # fmt: skip
RANK_PLURALS = (
    "Deuces", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights",
    "Nines", "Tens", "Jacks", "Queens", "Kings", "Aces",
)  # fmt: skip
FIVE_HIGH = 3  # the top rank of the wheel


class PokerStarsError(HoldemError):
    """A hand that cannot be written as a PokerStars-style history, or bad arguments."""


@dataclass(frozen=True)
class TextStyle:
    """How a hand's money, header and hole cards are written.

    ``unit`` is what one chip of the engine is worth (``Decimal("0.01")``: the engine
    counts cents) and ``symbol`` the currency sign written before every amount (``$``);
    with a ``currency`` (``USD``) the table is a real-money one, else play money.
    ``zone`` names the clock of ``started_at`` (its own local time, UTC by default);
    ``eastern`` is the Eastern time PokerStars adds in brackets (computed when None).
    ``paid`` is what each position was paid after the ``rake`` (by position), when a
    recorded hand says so, and ``cashed_out`` what a player took for their hand instead
    of the pot (PokerStars' all-in cash-out), by position. ``tournament``, ``buy_in``
    (``$10+$1 USD``) and ``level`` write a tournament's header, ``home_game`` and ``club``
    a home game's (``PokerStars Home Game Hand #N: {Club #123} ...``). ``dealt_all`` writes a
    ``Dealt to`` line for every player whose cards are known (a record that saw them
    all), not only the hero's.
    """

    unit: Decimal = Decimal(1)
    symbol: str = ""
    currency: str | None = None
    zone: str = "UTC"
    eastern: datetime | None = None
    rake: int = 0
    paid: tuple[int, ...] | None = None
    cashed_out: tuple[int, ...] | None = None
    tournament: int | None = None
    buy_in: str | None = None
    level: int | None = None
    zoom: bool = False
    home_game: bool = False
    club: str | None = None
    dealt_all: bool = False

    def money(self, chips: int) -> str:
        """``$0.25``, ``$50`` (whole amounts without cents, as PokerStars writes them)."""
        if self.unit == 1:
            return f"{self.symbol}{chips}"
        value = Decimal(chips) * self.unit
        text = f"{value:f}"
        if value == value.to_integral_value():
            text = str(int(value))
        return f"{self.symbol}{text}"


def pokerstars_text(
    played: PlayedHand,
    *,
    table_name: str,
    started_at: datetime,
    hero_seat: int | None = None,
    max_seats: int,
    hand_number: int | None = None,
    style: TextStyle | None = None,
) -> str:
    """One finished hand as PokerStars writes it, ending with a blank line.

    ``hero_seat`` is the 0-based seat (as ``Table`` numbers seats) whose hole cards are
    written on a ``Dealt to`` line; None (a spectator) writes no one's. ``max_seats`` is
    the number of seats at the table (``6-max``). ``started_at`` is written in UTC; a
    naive datetime is taken to be UTC already. ``hand_number`` replaces the table's own
    count: trackers treat two hands with the same number as one, so a cardroom with
    several tables should pass a number unique to the whole room. ``style``: see
    :class:`TextStyle` (play money, UTC, by default).
    """
    hand = played.hand
    if not hand.is_over:
        raise PokerStarsError(
            f"hand {played.number} is still being played: only a finished hand can be written"
        )
    if hand.result is None:
        raise PokerStarsError(
            f"hand {played.number} was voided or misdealt: only a hand played to the end can be "
            "written"
        )
    if not 2 <= max_seats <= 10:
        raise PokerStarsError(f"max_seats is {max_seats}: a table has 2 to 10 seats")
    if max(played.seat_of) >= max_seats:
        raise PokerStarsError(
            f"max_seats is {max_seats} but seat {max(played.seat_of) + 1} is in the hand: "
            "give the number of seats at the table"
        )
    if hero_seat is not None and not 0 <= hero_seat < max_seats:
        raise PokerStarsError(
            f"hero_seat {hero_seat} is not a seat: seats are 0 to {max_seats - 1} (0-based)"
        )
    writer = _Writer(played, hero_seat, style or TextStyle())
    number = played.number if hand_number is None else hand_number
    writer.header(number, _clean(table_name).replace("'", "\u2019"), started_at, max_seats)
    writer.body()
    writer.summary()
    return "\n".join(writer.lines) + "\n\n"


def pokerstars_description(cards: Sequence[Card]) -> str:
    """The best hand of 5 to 7 cards in PokerStars' words.

    >>> from holdem.cards import parse_cards
    >>> pokerstars_description(parse_cards("AhAd KsKc 7d 3c 2s"))
    'two pair, Aces and Kings'
    >>> pokerstars_description(parse_cards("Ah2d 3s4c5d Kh Qh"))
    'a straight, Ace to Five'
    """
    category, ranks = evaluate(list(cards)).hand_class
    top = ranks[0]
    if category == Category.STRAIGHT_FLUSH:
        return "a Royal Flush" if top == 12 else f"a straight flush, {_run(top)}"
    if category == Category.FOUR_OF_A_KIND:
        return f"four of a kind, {RANK_PLURALS[top]}"
    if category == Category.FULL_HOUSE:
        return f"a full house, {RANK_PLURALS[top]} full of {RANK_PLURALS[ranks[1]]}"
    if category == Category.FLUSH:
        return f"a flush, {RANK_WORDS[top]} high"
    if category == Category.STRAIGHT:
        return f"a straight, {_run(top)}"
    if category == Category.THREE_OF_A_KIND:
        return f"three of a kind, {RANK_PLURALS[top]}"
    if category == Category.TWO_PAIR:
        return f"two pair, {RANK_PLURALS[top]} and {RANK_PLURALS[ranks[1]]}"
    if category == Category.ONE_PAIR:
        return f"a pair of {RANK_PLURALS[top]}"
    return f"high card {RANK_WORDS[top]}"


def _run(top: int) -> str:
    low = 12 if top == FIVE_HIGH else top - 4  # the wheel starts at the ace
    return f"{RANK_WORDS[low]} to {RANK_WORDS[top]}"


def _clean(text: str) -> str:
    """One line of text: a line break inside a name would end the line for a parser."""
    return " ".join(text.splitlines()).strip()


def _cards(cards: Sequence[Card]) -> str:
    return "[" + " ".join(str(c) for c in cards) + "]"


@dataclass
class _Player:
    position: int
    seat: int
    name: str
    posted: bool = False  # a blind, straddle or post
    blind: str | None = None  # "small blind", "big blind" or "straddle", when posted
    voluntary: bool = False  # called, bet or raised
    folded_on: int | None = None
    shown: tuple[Card, ...] | None = None  # shown at the showdown or turned up all-in
    won: int = 0
    won_on: dict[int, int] = field(default_factory=dict)  # run -> chips won on that board


@dataclass
class _Writer:
    played: PlayedHand
    hero_seat: int | None
    style: TextStyle
    lines: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        played = self.played
        names = played.names
        self.hand: Hand = played.hand
        self.players = [
            _Player(
                position,
                seat,
                _clean(names[position]) if position < len(names) else f"Player{seat + 1}",
            )
            for position, seat in enumerate(played.seat_of)
        ]
        self.runs = len(self.hand.boards)
        self.exposed: dict[int, tuple[Card, ...]] = {}
        self.split = False  # the board is being run more than once
        self.awards: list[events.PotAwarded] = []
        self.pot_count = 1

    # -- the top ---------------------------------------------------------------------------

    def header(self, number: int, table: str, started_at: datetime, max_seats: int) -> None:
        config, style = self.hand.config, self.style
        small, big = self._stakes()
        game = f"Hold'em {GAMES[config.structure]}"
        when = started_at
        if style.zone == "UTC" and started_at.tzinfo is not None:
            when = started_at.astimezone(UTC)
        eastern = style.eastern or eastern_time(when, style.zone)
        clock = _clock(when) + f" {style.zone}"
        if eastern is not None:  # PokerStars' own clock, which parsers read
            clock += f" [{_clock(eastern)} ET]"
        kind = "Zoom Hand" if style.zoom else "Home Game Hand" if style.home_game else "Hand"
        club = "" if style.club is None else f"{{{style.club}}} "  # a home game's club
        if style.tournament is not None:
            buy_in = f"{style.buy_in} " if style.buy_in else ""
            level = _roman(style.level or 1)
            self.lines.append(
                f"PokerStars {kind} #{number}: {club}Tournament #{style.tournament}, "
                f"{buy_in}{game}"
                f" - Level {level} ({small}/{big}) - {clock}"
            )
        else:
            stakes = f"{style.money(small)}/{style.money(big)}"
            if style.currency:
                stakes += f" {style.currency}"
            space = " " if style.home_game else "  "  # a home game's header has one
            self.lines.append(
                f"PokerStars {kind} #{number}:{space}{club}{game} ({stakes}) - {clock}"
            )
        button = self.played.blinds.button + 1
        money = "" if style.currency or style.tournament is not None else "(Play Money) "
        self.lines.append(f"Table '{table}' {max_seats}-max {money}Seat #{button} is the button")
        for player in sorted(self.players, key=lambda p: p.seat):
            stack = style.money(config.starting_stacks[player.position])
            self.lines.append(f"Seat {player.seat + 1}: {player.name} ({stack} in chips)")

    def _stakes(self) -> tuple[int, int]:
        """The header's stakes: the blinds, or in Limit the small and big bet."""
        config = self.hand.config
        if config.structure == Structure.FIXED_LIMIT:
            return config.min_bet, config.bet_size(3)
        big = config.min_bet
        blinds = self.played.blinds
        for player in self.players:
            if player.seat == blinds.small_blind and blinds.small_blind_posts:
                small = config.forced_bet(player.position)
                if small:
                    return small, big
        # A dead small blind: nobody posted it, so the config does not say how big it is.
        dead = [d for d in config.dead_blinds if d]
        return (max(dead) if dead else big // 2), big

    # -- the hand ---------------------------------------------------------------------------

    def body(self) -> None:
        hand = self.hand
        self._posts()
        self.lines.append("*** HOLE CARDS ***")
        hero = self._hero()
        dealt = self.players if self.style.dealt_all else [hero] if hero is not None else []
        for player in dealt:
            assert player is not None
            hole = hand.holes[player.position]
            if hole is not None and None not in hole:
                self.lines.append(
                    f"Dealt to {player.name} {_cards([c for c in hole if c is not None])}"
                )
        street = 0
        round_bet = self._preflop_bet()
        awards: list[events.PotAwarded] = []
        showdown = False
        for event in hand.events:
            if isinstance(event, events.PlayerActed):
                player = self.players[event.player]
                self.lines.append(f"{player.name}: {self._action(event, round_bet)}")
                round_bet = max(round_bet, event.to)
                if event.action == "fold":
                    player.folded_on = street
                elif event.action != "check":
                    player.voluntary = True
            elif isinstance(event, events.UncalledBetReturned):
                name = self.players[event.player].name
                money = self.style.money(event.amount)
                self.lines.append(f"Uncalled bet ({money}) returned to {name}")
            elif isinstance(event, events.BoardDealt):
                street, round_bet = event.street, 0
                self._street(event)
            elif isinstance(event, events.HandsExposed):
                self.exposed = dict(event.hands)
                self.split = self.runs > 1
            elif isinstance(event, events.CardsShown | events.CardsMucked):
                if not showdown:
                    showdown = True
                    self.lines.append(self._showdown_title(0))
                self._show_or_muck(event)
            elif isinstance(event, events.PotAwarded):
                awards.append(event)
        contested = sum(p.folded_on is None for p in self.players) > 1
        if contested and not showdown:
            self.lines.append(self._showdown_title(0))
        self._awards(awards, contested)

    def _hero(self) -> _Player | None:
        return next((p for p in self.players if p.seat == self.hero_seat), None)

    def _posts(self) -> None:
        """Antes, then the blinds and straddles, then the posts of returning players."""
        config = self.hand.config
        owes_blind = [config.forced_bet(p) > 0 for p in range(config.player_count)]
        antes, blinds = [], []
        posts: dict[int, list[int]] = {}  # position -> [live, dead]
        all_in_after: dict[int, bool] = {}
        for event in self.hand.events:
            if isinstance(event, events.AntePosted):
                antes.append(event)
            elif isinstance(event, events.BlindPosted):
                self.players[event.player].posted = True
                all_in_after[event.player] = event.all_in
                if not event.dead and owes_blind[event.player]:
                    owes_blind[event.player] = False
                    blinds.append(event)
                else:
                    posts.setdefault(event.player, [0, 0])[event.dead] += event.amount
        for ante in antes:
            self._post(ante.player, "the ante", ante.amount, ante.all_in)
        names = {event.player: self._blind_name(event.player) for event in blinds}
        for position, name in names.items():
            self.players[position].blind = name
        order = ("small blind", "big blind", "straddle")  # heads-up the big blind posts first
        for blind in sorted(blinds, key=lambda event: order.index(names[event.player])):
            self._post(blind.player, names[blind.player], blind.amount, blind.all_in)
        for position, (live, dead) in posts.items():
            what = "small & big blinds" if live and dead else "big blind" if live else "small blind"
            self._post(position, what, live + dead, all_in_after[position])

    def _post(self, position: int, what: str, amount: int, all_in: bool) -> None:
        suffix = " and is all-in" if all_in else ""
        money = self.style.money(amount)
        self.lines.append(f"{self.players[position].name}: posts {what} {money}{suffix}")

    def _blind_name(self, position: int) -> str:
        blinds, seat = self.played.blinds, self.players[position].seat
        if seat == blinds.big_blind:
            return "big blind"
        if seat == blinds.small_blind and blinds.small_blind_posts:
            return "small blind"
        return "straddle"

    def _preflop_bet(self) -> int:
        posted = [
            e.amount for e in self.hand.events if isinstance(e, events.BlindPosted) and not e.dead
        ]
        if self.hand.config.full_blind_to_call:  # the blind due, though posted all-in short
            posted += self.hand.config.blinds_or_straddles
        return max(posted, default=0)

    def _action(self, event: events.PlayerActed, round_bet: int) -> str:
        suffix = " and is all-in" if event.all_in else ""
        money = self.style.money
        if event.action == "fold":
            return "folds"
        if event.action == "check":
            return "checks"
        if event.action == "call":
            return f"calls {money(event.added)}{suffix}"
        if event.action == "bet" or round_bet == 0:
            return f"bets {money(event.to)}{suffix}"
        return f"raises {money(event.to - round_bet)} to {money(event.to)}{suffix}"

    def _street(self, event: events.BoardDealt) -> None:
        board = self.hand.boards[event.run]
        before = board[: BOARD_SIZES[event.street - 1]]
        title = STREETS[event.street].upper()
        if self.split:
            title = f"{RUN_WORDS[event.run]} {title}"
        shown = _cards(before) + " " if before else ""
        self.lines.append(f"*** {title} *** {shown}{_cards(event.cards)}")

    def _showdown_title(self, run: int) -> str:
        return f"*** {RUN_WORDS[run]} SHOW DOWN ***" if self.runs > 1 else "*** SHOW DOWN ***"

    def _show_or_muck(self, event: events.CardsShown | events.CardsMucked) -> None:
        player = self.players[event.player]
        cards = event.cards if isinstance(event, events.CardsShown) else None
        if cards is None:
            cards = self.exposed.get(event.player)  # turned up at the all-in: no mucking it
        if cards is None:
            self.lines.append(f"{player.name}: mucks hand")
            return
        player.shown = cards
        self.lines.append(f"{player.name}: shows {_cards(cards)} ({self._describe(cards, 0)})")

    def _describe(self, hole: Sequence[Card], run: int) -> str:
        return pokerstars_description([*hole, *self.hand.boards[run]])

    def _awards(self, awards: list[events.PotAwarded], contested: bool) -> None:
        pots = 1 + max((a.pot for a in awards), default=0)
        cut = self._rake_cuts(awards)
        for position, cash in enumerate(self.style.cashed_out or ()):
            if cash and position < len(self.players):
                name = self.players[position].name
                self.lines.append(f"{name} cashed out the hand for {self.style.money(cash)}")
        for run in range(self.runs):
            if run > 0:
                self.lines.append(self._showdown_title(run))
                for player in self.players:
                    if player.shown is not None:
                        description = self._describe(player.shown, run)
                        self.lines.append(
                            f"{player.name}: shows {_cards(player.shown)} ({description})"
                        )
            for award in awards:
                if award.run != run:
                    continue
                for position, share in award.shares:
                    taken = min(share, cut[position])  # the rake comes out of what was won
                    cut[position] -= taken
                    chips = share - taken
                    if not chips:
                        continue
                    self.players[position].won += chips
                    won_on = self.players[position].won_on
                    won_on[run] = won_on.get(run, 0) + chips
                    name = self.players[position].name
                    money = self.style.money(chips)
                    self.lines.append(f"{name} collected {money} from {_pot_name(award.pot, pots)}")
        if not contested:
            winner = next(p for p in self.players if p.folded_on is None)
            if not self._one_card(winner):
                self.lines.append(f"{winner.name}: doesn't show hand")
        if self.style.dealt_all:  # a single card shown once the hand is over
            for player in self.players:
                if one := self._one_card(player):
                    self.lines.append(f"{player.name}: shows {_cards(one)}")
        self.awards = awards
        self.pot_count = pots

    def _one_card(self, player: _Player) -> tuple[Card, ...]:
        """The one card known of ``player``'s hand, when only one is."""
        hole = self.hand.holes[player.position]
        if hole is None or None not in hole:
            return ()
        return tuple(c for c in hole if c is not None)

    def _rake_cuts(self, awards: list[events.PotAwarded]) -> list[int]:
        """By position, how much less than the pots gave them the players were paid."""
        won = [0] * len(self.players)
        for award in awards:
            for position, chips in award.shares:
                won[position] += chips
        paid = self.style.paid
        if paid is None or len(paid) != len(won):
            return [0] * len(won)
        return [max(0, w - p) for w, p in zip(won, paid, strict=True)]

    # -- the summary ----------------------------------------------------------------------

    def summary(self) -> None:
        lines = self.lines
        lines.append("*** SUMMARY ***")
        money = self.style.money
        total = sum(a.amount for a in self.awards)
        parts = ""
        if self.pot_count > 1:
            amounts = [0] * self.pot_count
            for award in self.awards:
                amounts[award.pot] += award.amount
            parts = f" Main pot {money(amounts[0])}."
            for index in range(1, self.pot_count):
                label = "Side pot" if self.pot_count == 2 else f"Side pot-{index}"
                parts += f" {label} {money(amounts[index])}."
        lines.append(f"Total pot {money(total)}{parts} | Rake {money(self.style.rake)}")
        boards = self.hand.boards
        if self.runs > 1:
            lines.append(f"Hand was run {RUN_TIMES.get(self.runs, f'{self.runs} times')}")
            for run, board in enumerate(boards):
                lines.append(f"{RUN_WORDS[run]} Board {_cards(board)}")
        elif boards[0]:
            lines.append(f"Board {_cards(boards[0])}")
        for player in sorted(self.players, key=lambda p: p.seat):
            lines.append(f"Seat {player.seat + 1}: {player.name}{self._tags(player)} "
                         f"{self._outcome(player)}")  # fmt: skip

    def _tags(self, player: _Player) -> str:
        tags = " (button)" if player.seat == self.played.blinds.button else ""
        if player.blind in ("small blind", "big blind"):  # none in a bomb pot
            tags += f" ({player.blind})"
        return tags

    def _outcome(self, player: _Player) -> str:
        if player.folded_on is not None:
            where = (
                "before Flop" if player.folded_on == 0 else f"on the {STREETS[player.folded_on]}"
            )
            quiet = player.folded_on == 0 and not player.posted and not player.voluntary
            return f"folded {where}" + (" (didn't bet)" if quiet else "")
        if player.shown is not None and self.runs > 1:
            return f"showed {_cards(player.shown)} and " + self._outcome_by_board(player)
        if player.shown is not None:
            cards = _cards(player.shown)
            description = self._describe(player.shown, 0)
            if player.won:
                return f"showed {cards} and won ({self.style.money(player.won)}) with {description}"
            return f"showed {cards} and lost with {description}"
        if player.won:
            return f"collected ({self.style.money(player.won)})"
        hole = self.hand.holes[player.position]
        if player.seat == self.hero_seat and hole is not None and None not in hole:
            return f"mucked {_cards([c for c in hole if c is not None])}"
        return "mucked"

    def _outcome_by_board(self, player: _Player) -> str:
        """Each board's own result: a player may lose the first and win the second."""
        assert player.shown is not None
        parts = []
        for run in range(self.runs):
            board = f"the {RUN_WORDS[run].lower()} board with {self._describe(player.shown, run)}"
            won = player.won_on.get(run)
            parts.append(f"won ({self.style.money(won)}) {board}" if won else f"lost {board}")
        return ", ".join(parts)


def _clock(when: datetime) -> str:
    """PokerStars' clock: the hour without a leading zero (``2009/07/01 6:30:00``)."""
    return f"{when:%Y/%m/%d} {when.hour}:{when:%M:%S}"


def _roman(number: int) -> str:
    """A tournament level as PokerStars numbers it: I, II, ..., XIV."""
    words = []
    for value, letters in (
        (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
        (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    ):  # fmt: skip
        count, number = divmod(number, value)
        words.append(letters * count)
    return "".join(words)


def _pot_name(index: int, pots: int) -> str:
    if pots == 1:
        return "pot"
    if index == 0:
        return "main pot"
    return "side pot" if pots == 2 else f"side pot-{index}"
