"""Many hands at a table: seats, the button, buy-ins, the ledger, house customs."""

from holdem.table.button import Blinds, next_blinds
from holdem.table.ledger import Entry, Ledger, LedgerEntry, PlayerTotals
from holdem.table.settings import NewPlayerRule, TableSettings
from holdem.table.table import Bounty, PlayedHand, Seat, Table

__all__ = [
    "Blinds",
    "Bounty",
    "Entry",
    "Ledger",
    "LedgerEntry",
    "NewPlayerRule",
    "PlayedHand",
    "PlayerTotals",
    "Seat",
    "Table",
    "TableSettings",
    "next_blinds",
]
