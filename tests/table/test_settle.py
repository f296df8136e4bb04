"""Settling up: who pays whom squares every net, in few transfers."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from holdem.table.settle import Transfer, settle_up


def test_the_biggest_loser_pays_the_biggest_winner_first() -> None:
    nets = {"Ana": 120, "Ben": -80, "Cleo": -60, "Dan": 20}
    assert settle_up(nets) == [
        Transfer("Ben", "Ana", 80),
        Transfer("Cleo", "Ana", 40),
        Transfer("Cleo", "Dan", 20),
    ]


def test_nobody_even_pays_or_is_paid() -> None:
    assert settle_up({"Ana": 0, "Ben": 0}) == []
    assert settle_up({}) == []


def test_ties_settle_the_same_way_every_time() -> None:
    assert settle_up({"Ben": 50, "Ana": 50, "Cleo": -100}) == [
        Transfer("Cleo", "Ana", 50),
        Transfer("Cleo", "Ben", 50),
    ]


@given(st.lists(st.integers(-1000, 1000), min_size=1, max_size=9))
def test_every_net_is_squared_in_fewer_transfers_than_players(amounts: list[int]) -> None:
    nets = {f"P{i}": amount for i, amount in enumerate(amounts)}
    nets["Last"] = -sum(amounts)  # chips only change hands: the nets sum to zero
    transfers = settle_up(nets)
    squared = dict.fromkeys(nets, 0)
    for t in transfers:
        assert t.amount > 0 and t.payer != t.payee
        squared[t.payer] += t.amount
        squared[t.payee] -= t.amount
    assert {name: -value for name, value in squared.items()} == nets
    players = sum(1 for net in nets.values() if net)
    assert len(transfers) <= max(0, players - 1)
    payers, payees = {t.payer for t in transfers}, {t.payee for t in transfers}
    assert not payers & payees
