"""Settling up: who pays whom squares every net, in few transfers."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from holdem.table.settle import Transfer, settle_up, settle_with_house


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


def test_bots_neither_pay_nor_are_paid_the_house_settles_for_them() -> None:
    # Bolt (a bot) won 142 from Cleo; Ana won 30 from Ben.
    nets = {"Ana": 30, "Ben": -30, "Bolt": 142, "Cleo": -142}
    settled = settle_with_house(nets, {"Bolt"})
    # People square what they can between them; the rest (what Bolt won) goes to the house.
    assert settled.transfers == [Transfer("Cleo", "Ana", 30)]
    assert settled.with_house == {"Ben": -30, "Cleo": -112}


def test_a_bots_loss_is_paid_by_the_house() -> None:
    nets = {"Ana": 100, "Ben": 20, "Bolt": -120}
    settled = settle_with_house(nets, {"Bolt"})
    assert settled.transfers == []
    assert settled.with_house == {"Ana": 100, "Ben": 20}


@given(
    st.dictionaries(st.sampled_from("ABCDEFGH"), st.integers(-500, 500), min_size=1),
    st.sets(st.sampled_from("ABCDEFGH")),
)
def test_people_and_the_house_square_every_net(nets: dict[str, int], house: set[str]) -> None:
    nets["Z"] = -sum(nets.values())  # a ledger's nets add up to nothing
    settled = settle_with_house(nets, house)
    left = {name: net for name, net in nets.items() if name not in house}
    for t in settled.transfers:
        assert t.payer not in house and t.payee not in house and t.amount > 0
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    for name, amount in settled.with_house.items():
        left[name] -= amount
    assert all(net == 0 for net in left.values())
    # What the house pays out is what the bots lost (and the reverse).
    assert sum(settled.with_house.values()) == -sum(nets[n] for n in nets if n in house)
