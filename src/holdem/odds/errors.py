"""Errors of the odds toolkit, in the package's one hierarchy (``holdem.errors``)."""

from __future__ import annotations

from holdem.errors import HoldemError, ParseError


class RangeParseError(ParseError):
    """A range could not be read; ``token`` is the part of the text that was wrong."""

    def __init__(self, token: str, reason: str) -> None:
        super().__init__(f"{token!r} is not a hand or range: {reason}")
        self.token = token


class OddsError(HoldemError, ValueError):
    """An odds question that has no answer as asked: too many players, an empty range, ..."""
