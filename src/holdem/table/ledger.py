"""The ledger a home game keeps: every buy-in, top-up and cash-out, and each player's net."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


class Entry(StrEnum):
    BUY_IN = "buy-in"
    TOP_UP = "top-up"
    CASH_OUT = "cash-out"
    ADJUSTMENT = "adjustment"  # a host's correction of a stack


@dataclass(frozen=True)
class LedgerEntry:
    hand: int  # the number of hands played before it
    player: str
    kind: Entry
    amount: int


@dataclass(frozen=True)
class PlayerTotals:
    player: str
    bought: int  # buy-ins and top-ups
    cashed_out: int
    adjusted: int
    at_table: int  # chips in front of the player now

    @property
    def net(self) -> int:
        """Chips ahead (positive) or behind, counting what is still on the table."""
        return self.cashed_out + self.at_table - self.bought - self.adjusted


class Ledger:
    def __init__(self) -> None:
        self.entries: list[LedgerEntry] = []

    def record(self, hand: int, player: str, kind: Entry, amount: int) -> None:
        self.entries.append(LedgerEntry(hand, player, kind, amount))

    def totals(self, stacks: dict[str, int]) -> list[PlayerTotals]:
        """One row per player who ever sat down, in order of arrival."""
        names = list(dict.fromkeys(e.player for e in self.entries))
        rows = []
        for name in names:
            mine = [e for e in self.entries if e.player == name]
            rows.append(
                PlayerTotals(
                    player=name,
                    bought=sum(e.amount for e in mine if e.kind in (Entry.BUY_IN, Entry.TOP_UP)),
                    cashed_out=sum(e.amount for e in mine if e.kind == Entry.CASH_OUT),
                    adjusted=sum(e.amount for e in mine if e.kind == Entry.ADJUSTMENT),
                    at_table=stacks.get(name, 0),
                )
            )
        return rows

    def csv(self, stacks: dict[str, int]) -> str:
        """The totals as CSV, for the host to download."""
        lines = ["player,bought,cashed_out,adjusted,at_table,net"]
        for row in self.totals(stacks):
            lines.append(
                f"{text_cell(row.player)},{row.bought},{row.cashed_out},{row.adjusted},"
                f"{row.at_table},{row.net}"
            )
        return "\n".join(lines) + "\n"


def text_cell(text: str) -> str:
    """A quoted CSV cell that a spreadsheet shows as text and never runs as a formula: one
    starting as a formula can (=, +, -, @, a tab, a carriage return) gets a ' before it
    (OWASP's advice on CSV injection). Numbers are written as they are, never through here."""
    if text.startswith(FORMULA_STARTS):
        text = "'" + text
    return '"' + text.replace('"', '""') + '"'
