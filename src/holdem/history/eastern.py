"""The Eastern time of a clock reading: PokerStars writes every hand's time in ET too.

The IANA database (``zoneinfo``) converts when it knows the zone; without it (a system
with no time-zone data) US Eastern time is computed from the rule in force since 2007,
daylight time from the second Sunday of March to the first Sunday of November, at 2:00.
"""

from __future__ import annotations

import datetime as dt

__all__ = ["eastern_time", "zone_name"]

# PokerStars' abbreviations, as IANA time zones.
ZONES = {
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "CT": "America/Chicago",
    "MT": "America/Denver",
    "PT": "America/Los_Angeles",
    "UTC": "UTC",
    "GMT": "UTC",
    "WET": "WET",
    "CET": "CET",
    "CEST": "CET",
    "EET": "EET",
    "MSK": "Europe/Moscow",
    "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
    "AET": "Australia/Sydney",
    "NZT": "Pacific/Auckland",
    "IST": "Asia/Kolkata",
    "JST": "Asia/Tokyo",
    "CCT": "Asia/Shanghai",
}


def zone_name(abbreviation: str) -> str | None:
    """The IANA zone of a PokerStars abbreviation (``CET`` -> ``CET``), None if unknown."""
    return ZONES.get(abbreviation)


def eastern_time(when: dt.datetime, zone: str) -> dt.datetime | None:
    """``when`` read on the clock of ``zone`` (an abbreviation), as a naive ET time.

    None when the zone is unknown. An aware ``when`` is converted whatever ``zone`` says.
    """
    if when.tzinfo is None:
        tz = _zone(zone)
        if tz is None:
            return None
        when = when.replace(tzinfo=tz)
    utc = when.astimezone(dt.UTC).replace(tzinfo=None)
    eastern = _zone("ET")
    if eastern is not None:
        return when.astimezone(eastern).replace(tzinfo=None)
    return utc + _eastern_offset(utc)


def _zone(abbreviation: str) -> dt.tzinfo | None:
    name = ZONES.get(abbreviation)
    if name is None:
        return None
    if name == "UTC":
        return dt.UTC
    try:
        from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

        try:
            return ZoneInfo(name)
        except ZoneInfoNotFoundError:
            return None
    except ImportError:  # pragma: no cover
        return None


def _eastern_offset(utc: dt.datetime) -> dt.timedelta:
    """US Eastern's offset from UTC at a UTC instant (the 2007 rule)."""
    march = dt.datetime(utc.year, 3, 8)
    start = march + dt.timedelta(days=(6 - march.weekday()) % 7, hours=2 + 5)  # 2:00 EST
    november = dt.datetime(utc.year, 11, 1)
    end = november + dt.timedelta(days=(6 - november.weekday()) % 7, hours=2 + 4)  # 2:00 EDT
    return dt.timedelta(hours=-4 if start <= utc < end else -5)
