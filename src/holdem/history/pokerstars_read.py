"""Read the text of one PokerStars hand into :class:`StarsHand`, line by line.

This module only reads: it knows the words PokerStars writes (cash, Zoom, home game and
tournament headers; No-Limit, Pot-Limit and Limit Hold'em; posts, bets, shows, pots,
the summary) and turns them into plain values, amounts in whole units of the hand (cents
when the stakes carry a currency sign, chips otherwise). Whether the hand adds up is for
``pokerstars_import``, which plays it through the engine.

Lines that carry no chips or cards (chat, joins and leaves, sitting out, time-outs,
disconnections, tournament finishes, a tracker's notes) are skipped; a line that looks
like a player's action but cannot be read stops the hand with :class:`StarsError`, which
names the line.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from holdem.cards import ALL_CARDS, Card
from holdem.errors import ParseError

__all__ = ["StarsAction", "StarsError", "StarsHand", "StarsSeat", "read_hand"]

CENT = Decimal("0.01")
SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}
GAMES = {"No Limit": "NT", "Pot Limit": "PT", "Limit": "FT"}
STREETS = {"FLOP": 1, "TURN": 2, "RIVER": 3}
RUNS = {"FIRST": 0, "SECOND": 1, "THIRD": 2, "FOURTH": 3}
_CARD = {str(card): card for card in ALL_CARDS} | {
    f"10{str(card)[1]}": card for card in ALL_CARDS if str(card)[0] == "T"
}

_AMOUNT = r"[^\s\d]?[\d,]+(?:\.\d+)?"
_HEADER = re.compile(r"PokerStars (Zoom |Home Game )?(?:Hand|Game) #(\d+):\s+(.*)")
_GAME = re.compile(
    r"(?:\{.*\}\s+)?Hold'em (No Limit|Pot Limit|Limit) \(([^/)]+)/([^)\s]+)(?: ([A-Z]{3}))?\)"
)
# A mixed game names the game of the hand in brackets: "HORSE (Hold'em Limit, $0.10/$0.20)".
_MIXED = re.compile(
    r".*?\(Hold'em (No Limit|Pot Limit|Limit), ([^/)]+)/([^)\s]+)(?: ([A-Z]{3}))?\)"
)
_TOURNAMENT = re.compile(
    r"(?:\{.*\}\s+)?Tournament #(\d+), (.*?)\s*Hold'em (No Limit|Pot Limit|Limit)"
    r" - (?:Match Round [IVXLCDM]+, )?Level ([IVXLCDM]+) \(([\d,.]+)/([\d,.]+)\)"
)
_WHEN = re.compile(
    r" - (\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})(?: ([A-Z]{2,5}))?"
    r"(?: \[(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2}) ([A-Z]{2,5})\])?"
)
_TABLE = re.compile(
    r"Table '(.*)' (?:(\d+)-max )?(?:\((?:Play|Real) Money\) )?Seat #(\d+) is the button"
)
_SEAT = re.compile(rf"Seat (\d+): (.+) \(({_AMOUNT}) in chips(?:, ({_AMOUNT}) bounty)?\)(.*)")
_AMOUNT_AT_START = re.compile(rf"({_AMOUNT})(.*)")
_RAISE = re.compile(rf"raises ({_AMOUNT}) to ({_AMOUNT})(.*)")
_CARDS = re.compile(r"\[([^\]]*)\](.*)")
_COLLECTED = re.compile(
    rf"(.+) collected ({_AMOUNT}) from (?:the )?(pot|main pot|side pot(?:-\d+)?)"
)
_CASHED_OUT = re.compile(
    rf"(.+) cashed out the hand for ({_AMOUNT})(?: \| Cash Out Fee ({_AMOUNT}))?", re.I
)
_UNCALLED = re.compile(rf"Uncalled bet \(({_AMOUNT})\) returned to (.+)")
_TOTAL = re.compile(rf"Total pot ({_AMOUNT})(.*)")
# "| Rake $0.05", and any other take of the house beside it ("| Jackpot $0.01").
_FEE = re.compile(rf"\| ([A-Z][A-Za-z ]*?) ({_AMOUNT})(?= \||$)")
_STREET = re.compile(r"\*\*\* (?:(FIRST|SECOND|THIRD|FOURTH) )?(FLOP|TURN|RIVER) \*\*\* (.*)")
# Chip or card words after "name: " that this reader must understand, or refuse.
_ACTION_WORDS = ("posts", "calls", "bets", "raises", "checks", "folds", "shows", "mucks")
_ALL_IN_ENDINGS = (" and is all-in", " and is all in")
_CAP = re.compile(r" and has reached the .* cap$")


class StarsError(ParseError):
    """A hand that cannot be read; ``line`` is its number in the file when known."""

    def __init__(self, reason: str, line: int | None = None) -> None:
        self.reason = reason
        self.line = line
        super().__init__(reason if line is None else f"line {line}: {reason}")


@dataclass(slots=True)
class StarsSeat:
    seat: int
    name: str
    stack: int
    sitting_out: bool
    out_of_hand: bool


@dataclass(slots=True)
class StarsAction:
    """One line that moves chips or cards.

    ``kind`` is one of: ante, small blind, big blind, small & big blinds, straddle, fold,
    check, call, bet, raise, show, muck, board, collect, uncalled, cash out. ``amount``
    is the chips of a post, call, bet, collection or return; ``to`` the total of a raise;
    ``cards`` the cards shown (or of a fold that shows, or the board's new cards).
    """

    line: int
    kind: str
    player: str | None = None
    amount: int = 0
    to: int = 0
    cards: tuple[Card, ...] = ()
    street: int = 0  # for a board: 1 flop, 2 turn, 3 river
    run: int = 0  # for a board of a hand run more than once


@dataclass
class StarsHand:
    number: int
    first_line: int
    variant: str  # NT, PT or FT
    unit: Decimal  # what one unit of every amount is worth: 0.01 for cents
    small: int  # the header's stakes: the blinds, or in Limit the small and big bet
    big: int
    currency: str | None = None
    symbol: str | None = None
    zoom: bool = False
    home_game: bool = False
    club: str | None = None  # a home game's "{Club #N}", without the braces
    tournament: int | None = None
    buy_in: str | None = None
    level: int | None = None
    when: dt.datetime | None = None
    zone: str | None = None
    when_et: dt.datetime | None = None
    table: str = ""
    max_seats: int | None = None
    play_money: bool = False
    button: int = 0
    seats: list[StarsSeat] = field(default_factory=list)
    actions: list[StarsAction] = field(default_factory=list)
    dealt: dict[str, tuple[Card, ...]] = field(default_factory=dict)  # Dealt to ...
    summary_cards: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    total_pot: int | None = None
    total_line: int | None = None  # the line of "Total pot ..."
    rake: int = 0
    run_twice: bool = False


def read_hand(lines: list[str], first_line: int) -> StarsHand:
    """Read one hand's lines (``first_line``: the file's line number of ``lines[0]``)."""
    return _Reader(lines, first_line).read()


class _Reader:
    def __init__(self, lines: list[str], first_line: int) -> None:
        self.lines = lines
        self.first_line = first_line
        self.index = 0
        self.hand: StarsHand

    def line_number(self) -> int:
        return self.first_line + self.index

    def fail(self, reason: str) -> StarsError:
        return StarsError(reason, self.line_number())

    # -- the top -----------------------------------------------------------------------

    def read(self) -> StarsHand:
        self.hand = self._header(self.lines[0])
        self._whole()
        self.index = 1
        self._table()
        self._seats()
        self.names = {seat.name for seat in self.hand.seats}
        self.seat_heads = {f"Seat {seat.seat}": seat for seat in self.hand.seats}
        self.summary = False
        while self.index < len(self.lines):
            line = self.lines[self.index].strip()
            if line:
                self._body_line(line)
            self.index += 1
        return self.hand

    def _header(self, line: str) -> StarsHand:
        match = _HEADER.match(line)
        if match is None:
            raise self.fail("the hand does not start with 'PokerStars Hand #N:'")
        kind, number, rest = match.groups()
        tournament = _TOURNAMENT.match(rest)
        if tournament is not None:
            tid, buy_in, game, level, small, big = tournament.groups()
            hand = StarsHand(
                number=int(number),
                first_line=self.first_line,
                variant=GAMES[game],
                unit=Decimal(1),
                small=0,
                big=0,
                tournament=int(tid),
                buy_in=buy_in.strip() or None,
                level=_roman(level),
            )
            code = re.search(r"\b([A-Z]{3})$", buy_in.strip())
            hand.currency = code[1] if code and code[1] != "FPP" else None
            stakes = (small, big)
        else:
            game_match = _GAME.match(rest) or _MIXED.match(rest)
            if game_match is None:
                what = rest.split(" - ")[0]
                raise self.fail(
                    f"{what!r} is not a Hold'em game holdem reads: it reads Hold'em No Limit, "
                    "Pot Limit and Limit, cash or tournament"
                )
            game, small, big, currency = game_match.groups()
            symbol = None if small[:1].isdigit() else small[:1]  # $, €, £, ₹ ...
            cents = symbol is not None or "." in small + big  # money, with or without a sign
            hand = StarsHand(
                number=int(number),
                first_line=self.first_line,
                variant=GAMES[game],
                unit=CENT if cents else Decimal(1),
                small=0,
                big=0,
                symbol=symbol,
                currency=currency or SYMBOLS.get(symbol or ""),
            )
            stakes = (small, big)
        hand.zoom = kind == "Zoom "
        hand.home_game = kind == "Home Game "
        if rest.startswith("{"):
            hand.club = rest[1 : rest.find("}")]
        self.hand = hand
        hand.small, hand.big = (self.amount(s) for s in stakes)
        when = _WHEN.search(rest)
        if when is not None:
            g = when.groups()
            try:
                hand.when = _datetime(g[0:6])
                hand.when_et = None if g[7] is None else _datetime(g[7:13])
            except ValueError:
                raise self.fail(f"{when[0][3:]!r} is not a date and time") from None
            hand.zone = g[6]
        return hand

    def _whole(self) -> None:
        """Refuse a hand the file cuts short (a client that stopped mid-hand): without its
        summary the rake and the total pot are unknown. The summary is near the end, so it
        is looked for from there."""
        if not any(line.startswith("*** SUMMARY ***") for line in reversed(self.lines)):
            self.index = len(self.lines) - 1
            while self.index and not self.lines[self.index].strip():
                self.index -= 1  # the blank lines before the next hand are none of this one
            raise self.fail("the hand is cut short: it stops here, before its summary")

    def amount(self, text: str) -> int:
        """Units of the hand in an amount like ``$1,234.50`` or ``1500``."""
        digits = text if text[:1].isdigit() else text[1:]  # after any currency sign
        whole, dot, cents = digits.partition(".")
        if whole.isdigit() and (not dot or (len(cents) == 2 and cents.isdigit())):
            # The common shapes, "1500" and "12.50", without building a Decimal.
            if self.hand.unit == 1 and not dot:
                return int(whole)
            if self.hand.unit == CENT:
                return int(whole) * 100 + (int(cents) if dot else 0)
        try:
            value = Decimal(digits.replace(",", ""))
        except InvalidOperation:
            raise self.fail(f"{text!r} is not an amount") from None
        units = value / self.hand.unit
        if units != units.to_integral_value():
            raise self.fail(
                f"{text!r} has more decimals than this hand's amounts "
                f"(counted in units of {self.hand.unit})"
            )
        return int(units)

    def _table(self) -> None:
        line = self.lines[1] if len(self.lines) > 1 else ""
        match = _TABLE.match(line)
        if match is None:
            self.index = 1
            raise self.fail("the second line is not \"Table '...' Seat #N is the button\"")
        self.hand.table = match[1]
        self.hand.max_seats = int(match[2]) if match[2] else None
        self.hand.play_money = "(Play Money)" in line
        self.hand.button = int(match[3])
        self.index = 2

    def _seats(self) -> None:
        while self.index < len(self.lines):
            match = _SEAT.fullmatch(self.lines[self.index].strip())
            if match is None:
                break
            seat, name, stack, _bounty, rest = match.groups()
            self.hand.seats.append(
                StarsSeat(
                    int(seat),
                    name,
                    self.amount(stack),
                    sitting_out="sitting out" in rest,
                    out_of_hand="out of hand" in rest,
                )
            )
            self.index += 1
        if len(self.hand.seats) < 2:
            raise self.fail("a hand lists at least two seats: 'Seat N: name (X in chips)'")

    # -- the body ----------------------------------------------------------------------

    def _body_line(self, line: str) -> None:
        if line.startswith("*** "):
            self._section(line)
        elif self.summary:
            self._summary_line(line)
        elif line.startswith("Uncalled bet ("):
            match = _UNCALLED.fullmatch(line)
            if match is None or match[2] not in self.names:
                raise self.fail("cannot read this uncalled bet")
            self.add("uncalled", match[2], amount=self.amount(match[1]))
        elif line.startswith("Dealt to "):
            self._dealt(line)
        elif ' said, "' in line and self._chat(line):
            return  # the words may say anything at all
        elif line == "Hand cancelled":
            raise self.fail("the hand was cancelled: PokerStars stopped it before its end")
        elif not self._paid(line):
            name, rest = self._split_name(line)
            if name is not None:
                self._action(name, rest)
            elif " collected " in line and " from " in line:
                raise self.fail("cannot read this collection: 'name collected X from pot'")
            # Joins, leaves, time-outs, disconnections, removals, finishes: nothing moves.

    def add(
        self,
        kind: str,
        player: str | None,
        amount: int = 0,
        to: int = 0,
        cards: tuple[Card, ...] = (),
        street: int = 0,
        run: int = 0,
    ) -> None:
        line = self.first_line + self.index
        self.hand.actions.append(StarsAction(line, kind, player, amount, to, cards, street, run))

    def _section(self, line: str) -> None:
        if line.startswith("*** SUMMARY ***"):
            self.summary = True
            return
        match = _STREET.match(line)
        if match is None:
            return  # HOLE CARDS, SHOW DOWN, FIRST SHOW DOWN ...
        run_word, street_word, cards_text = match.groups()
        groups = re.findall(r"\[([^\]]*)\]", cards_text)
        if not groups:
            raise self.fail("a street line gives its cards in brackets")
        run = RUNS[run_word] if run_word else 0
        if run_word:
            self.hand.run_twice = True
        self.add("board", None, cards=self.cards(groups[-1]), street=STREETS[street_word], run=run)

    def cards(self, text: str) -> tuple[Card, ...]:
        cards = []
        for word in text.split():
            card = _CARD.get(word)
            if card is None:
                raise self.fail(
                    f"{word!r} is not a card (a rank 2-9, T, J, Q, K, A, then c, d, h, s)"
                )
            cards.append(card)
        return tuple(cards)

    def _dealt(self, line: str) -> None:
        rest = line[len("Dealt to ") :]
        name, bracket, cards = rest.rpartition(" [")
        if not bracket:
            return  # "Dealt to name" with no cards: another player, cards unseen
        if name not in self.names:
            raise self.fail(f"cards are dealt to {name!r}, who has no seat in this hand")
        # "[Ah] [Kd]" (a card dealt later in other games) or "[Ah Kd]"
        self.hand.dealt[name] = self.cards(cards.rstrip("]").replace("] [", " "))

    def _chat(self, line: str) -> bool:
        """``name said, "..."`` by a player of the hand, or by someone without a seat (a
        player who left); not the post of a player whose name holds ' said, "'."""
        speaker = line[: line.find(' said, "')]
        if speaker in self.names:
            return True
        return self._split_name(line)[0] is None

    def _split_name(self, line: str) -> tuple[str | None, str]:
        """``name: rest`` for a seated player's name; a name may itself hold ': ', and the
        longest name that fits wins ("Bob: Jr: folds" is Bob: Jr's, though Bob sits too)."""
        at = line.rfind(": ")
        while at != -1:
            if line[:at] in self.names:
                return line[:at], line[at + 2 :]
            at = line.rfind(": ", 0, at)
        return None, line

    def _action(self, name: str, rest: str) -> None:
        for ending in _ALL_IN_ENDINGS:
            if rest.endswith(ending):
                rest = rest[: -len(ending)]
        if rest.endswith(" cap"):
            rest = _CAP.sub("", rest)
        word, _, tail = rest.partition(" ")
        if word == "folds":
            cards = _CARDS.match(tail) if tail else None
            self.add("fold", name, cards=self.cards(cards[1]) if cards else ())
        elif word == "checks":
            self.add("check", name)
        elif word in ("calls", "bets"):
            self.add(word[:-1] if word == "calls" else "bet", name, amount=self._amount_of(tail))
        elif word == "raises":
            match = _RAISE.match(rest)
            if match is None:
                raise self.fail(
                    f"cannot read {name}'s {rest!r}: a raise reads 'name: raises X to Y'"
                )
            self.add("raise", name, amount=self.amount(match[1]), to=self.amount(match[2]))
        elif word == "posts":
            self._post(name, tail)
        elif word == "shows":
            match = _CARDS.match(tail)
            if match is None:
                raise self.fail(
                    f"cannot read {name}'s {rest!r}: a show reads 'name: shows [cards]'"
                )
            self.add("show", name, cards=self.cards(match[1]))
        elif word == "mucks":
            match = _CARDS.match(tail)
            self.add("muck", name, cards=self.cards(match[1]) if match else ())
        elif word in _ACTION_WORDS:
            raise self.fail(f"cannot read {name}'s action {rest!r}")
        # Anything else ("doesn't show hand", "is sitting out", "sits out") moves nothing.

    def _amount_of(self, tail: str) -> int:
        match = _AMOUNT_AT_START.match(tail)
        if match is None:
            raise self.fail(f"{tail!r} is not an amount")
        return self.amount(match[1])

    def _post(self, name: str, tail: str) -> None:
        for words, kind in (
            ("small & big blinds ", "small & big blinds"),
            ("small blind ", "small blind"),
            ("big blind ", "big blind"),
            ("the ante ", "ante"),
            ("ante ", "ante"),
            ("straddle ", "straddle"),
            ("button blind ", "straddle"),
        ):
            if tail.startswith(words):
                self.add(kind, name, amount=self._amount_of(tail[len(words) :]))
                return
        raise self.fail(f"cannot read the post {tail!r}")

    def _paid(self, line: str) -> bool:
        """Read a collection or a cash-out (before any 'name: ' split: the name of who is
        paid may start with another player's name and a colon)."""
        if " collected " in line:
            match = _COLLECTED.fullmatch(line)
            if match is not None and match[1] in self.names:
                self.add("collect", match[1], amount=self.amount(match[2]))
                return True
        if "ashed out the hand for " in line:
            match = _CASHED_OUT.fullmatch(line)
            if match is not None and match[1] in self.names:
                self.add("cash out", match[1], amount=self.amount(match[2]))
                return True
        return False

    # -- the summary -------------------------------------------------------------------

    def _summary_line(self, line: str) -> None:
        total = _TOTAL.match(line)
        if total is not None:
            self.hand.total_pot = self.amount(total[1])
            self.hand.total_line = self.line_number()
            self.hand.rake = sum(self.amount(fee[2]) for fee in _FEE.finditer(total[2]))
            return
        if not line.startswith("Seat "):
            return  # Board [...], Hand was run twice, FIRST Board [...]
        head, _, rest = line.partition(": ")
        seat = self.seat_heads.get(head)
        if seat is None or not rest.startswith(seat.name):
            return
        outcome = rest[len(seat.name) :]
        for word in (" showed [", " mucked [", " folded "):
            at = outcome.find(word)
            if at == -1:
                continue
            if word == " folded ":
                cards = _CARDS.search(outcome[at:])
                if cards is None:
                    return
                text = cards[1]
            else:
                text = outcome[at + len(word) :].partition("]")[0]
            self.hand.summary_cards[seat.name] = self.cards(text)
            return


def _roman(text: str) -> int:
    values = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
    total = 0
    for i, ch in enumerate(text):
        value = values[ch]
        total += -value if i + 1 < len(text) and values[text[i + 1]] > value else value
    return total


def _datetime(parts: tuple[str | None, ...]) -> dt.datetime:
    year, month, day, hour, minute, second = (int(p or 0) for p in parts)
    return dt.datetime(year, month, day, hour, minute, second)
