"""The ledger CSV opens in a spreadsheet: a player's name that reads as a formula
(=HYPERLINK(...), +, -, @) is written as text with a ' before it, and the numbers,
negative ones included, stay numbers."""

from __future__ import annotations

import csv
import io

import pytest

from holdem.table.ledger import Entry, Ledger
from tests.server.client import Cardroom

FORMULAS = ['=HYPERLINK("x.io","win")', "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A9)"]


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_a_name_that_reads_as_a_formula_downloads_as_text(cardroom: Cardroom) -> None:
    table_id, token = cardroom.create(seat_approval=False, seats=6)
    host = cardroom.player(table_id, token)
    for seat, name in enumerate(FORMULAS, start=1):
        player = cardroom.player(table_id, cardroom.identity(table_id))
        player.send(type="sit", seat=seat, name=name, buy_in=100)
        player.until(lambda s: s["you"]["seat"] is not None)
    host.send(type="adjust", seat=3, change=-50)
    host.until(lambda s: s["seats"][2]["stack"] == 50)
    response = cardroom.http.get(
        f"/api/tables/{table_id}/ledger.csv", headers={"Authorization": f"Bearer {token}"}
    )
    assert response.status_code == 200
    header, *players = rows(response.text)
    assert header == ["player", "bought", "cashed_out", "adjusted", "at_table", "net"]
    assert [row[0] for row in players] == ["'" + name for name in FORMULAS]
    assert players[2][1:] == ["100", "0", "-50", "50", "0"]
    assert "\n-50," not in response.text and ",-50," in response.text  # a number, unquoted


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_every_cell_that_could_start_a_formula_is_escaped(start: str) -> None:
    ledger = Ledger()
    ledger.record(0, f"{start}cmd", Entry.BUY_IN, 100)
    ledger.record(0, "Ana", Entry.BUY_IN, 100)
    ledger.record(1, f"{start}cmd", Entry.CASH_OUT, 40)
    [_, [name, *numbers], [plain, *_]] = rows(ledger.csv({"Ana": 160}))
    assert name == f"'{start}cmd" and plain == "Ana"
    assert numbers == ["100", "40", "0", "0", "-60"]
