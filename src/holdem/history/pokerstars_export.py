"""A PHH :class:`HandHistory` written as PokerStars text.

The hand is replayed through the engine (as ``holdem replay`` does) and handed to the
PokerStars writer with the seats, names, button and blinds PHH's order implies: the last
position holds the button, the first the small blind (heads-up the button posts it).
What the record says about money (the unit, the currency, the rake and what each player
was paid), the time and a tournament goes into the :class:`TextStyle`; every known hole
card gets its ``Dealt to`` line, since a record that knows them lets everyone see them.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from holdem.engine import Hand
from holdem.history.errors import PHHError
from holdem.history.hand import HandHistory
from holdem.history.pokerstars import PokerStarsError, TextStyle, pokerstars_text
from holdem.history.replay import replay_hand

__all__ = ["SEPARATOR", "pokerstars_of_history"]

SEPARATOR = "\n\n"  # after each hand's own blank line: hands stand three blank lines apart
SYMBOL_OF = {"USD": "$", "EUR": "€", "GBP": "£"}
NO_TIME = dt.datetime(1970, 1, 1)  # a record without a time still needs a header's clock


@dataclass(frozen=True)
class _Blinds:
    button: int
    small_blind: int
    small_blind_posts: bool
    big_blind: int


@dataclass(frozen=True)
class _Played:
    """A recorded hand seated as the writer wants it (no table module needed: it is slow
    to import, and a conversion has no table)."""

    number: int
    hand: Hand
    seat_of: list[int]
    blinds: _Blinds
    names: list[str] = field(default_factory=list)


def pokerstars_of_history(history: HandHistory, *, number: int = 1) -> str:
    """One hand as PokerStars text, ending with a blank line; ``number`` is the hand
    number written when the record has no numeric ``hand`` of its own.

    Raises :class:`PHHError` when the hand cannot be replayed, and
    :class:`PokerStarsError` when it cannot be written (more than ten seats).
    """
    hand = replay_hand(history)
    n = history.player_count
    seats = [s - 1 for s in history.seats] if history.seats else list(range(n))
    if len(set(seats)) != n or min(seats) < 0:
        raise PHHError("the seats are not distinct numbers from 1: PokerStars names each seat")
    config = hand.config
    if n == 2:
        blinds = _Blinds(seats[1], seats[1], config.forced_bet(1) > 0, seats[0])
    elif config.forced_bet(0) and not config.forced_bet(1):  # no small blind: p1 posts the big
        blinds = _Blinds(seats[-1], seats[-1], False, seats[0])
    else:
        blinds = _Blinds(seats[-1], seats[0], config.forced_bet(0) > 0, seats[1])
    names = list(history.players) if history.players else [f"Player{s + 1}" for s in seats]
    played = _Played(number, hand, seats, blinds, names)
    max_seats = max(history.seat_count or 0, max(seats) + 1, 2)
    if max_seats > 10:
        raise PokerStarsError(f"seat {max(seats) + 1} is in the hand: PokerStars has 10 seats")
    hand_number = history.hand if isinstance(history.hand, int) else None
    if isinstance(history.hand, str) and history.hand.isdigit():
        hand_number = int(history.hand)
    return pokerstars_text(
        played,
        table_name=str(history.table) if history.table is not None else "holdem",
        started_at=_started_at(history),
        hero_seat=None,
        max_seats=max_seats,
        hand_number=number if hand_number is None else hand_number,
        style=_style(history),
    )


def _style(history: HandHistory) -> TextStyle:
    extra = history.extra
    currency = history.currency
    symbol = history.currency_symbol or SYMBOL_OF.get(currency or "", "")
    tournament = extra.get("_tournament")
    eastern = extra.get("_time_et")
    buy_in = extra.get("_buy_in")
    winnings = history.winnings
    paid = None
    if winnings is not None and all(isinstance(w, int) for w in winnings):
        paid = tuple(int(w) for w in winnings)
    rake = history.rake if isinstance(history.rake, int) else extra.get("_rake", 0)
    cashed = extra.get("_cashed_out")
    cashed_out = None
    if isinstance(cashed, tuple) and all(isinstance(c, int) for c in cashed):
        cashed_out = tuple(int(c) for c in cashed)  # type: ignore[arg-type]
    return TextStyle(
        unit=history.chip_unit,
        symbol="" if tournament is not None else symbol,
        currency=None if tournament is not None else currency,
        zone=history.time_zone_abbreviation or "UTC",
        eastern=eastern if isinstance(eastern, dt.datetime) else None,
        rake=rake if isinstance(rake, int) else 0,
        paid=paid,
        cashed_out=cashed_out,
        tournament=tournament if isinstance(tournament, int) else None,
        buy_in=buy_in if isinstance(buy_in, str) else None,
        level=history.level,
        zoom=extra.get("_zoom") is True,
        home_game=extra.get("_home_game") is True,
        club=club if isinstance(club := extra.get("_club"), str) else None,
        dealt_all=True,
    )


def _started_at(history: HandHistory) -> dt.datetime:
    time = history.time
    if isinstance(time, dt.datetime):
        return time.replace(tzinfo=None) if history.time_zone_abbreviation else time
    if isinstance(time, dt.time) and history.year and history.month and history.day:
        try:
            return dt.datetime.combine(dt.date(history.year, history.month, history.day), time)
        except ValueError:
            return NO_TIME
    return NO_TIME
