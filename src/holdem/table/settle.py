"""Settling up after a home game: who pays whom, in few transfers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Transfer:
    payer: str
    payee: str
    amount: int


def settle_up(nets: Mapping[str, int]) -> list[Transfer]:
    """The payments that square every player's net (chips ahead, or behind when negative).

    Greedy: the player who owes most pays the player owed most, as much as one of them
    needs, until nobody is owed. That takes at most one fewer transfer than there are
    players with a net, and no player both pays and is paid. Ties go by name, so the same
    ledger always settles the same way. Nets that do not sum to zero settle as far as
    they can: what is left over is nobody's to pay.
    """
    owed = {name: net for name, net in nets.items() if net > 0}
    owing = {name: -net for name, net in nets.items() if net < 0}
    transfers = []
    while owed and owing:
        payer = min(owing, key=lambda name: (-owing[name], name))
        payee = min(owed, key=lambda name: (-owed[name], name))
        amount = min(owing[payer], owed[payee])
        transfers.append(Transfer(payer, payee, amount))
        for side, name in ((owing, payer), (owed, payee)):
            side[name] -= amount
            if side[name] == 0:
                del side[name]
    return transfers


@dataclass(frozen=True)
class HouseSettlement:
    """The people's transfers, and what each person still owes the house or is owed by it.

    Bots play with the house's chips: a bot's win is the house's, paid by whoever lost to
    it, and a bot's loss is paid by the house. ``with_house`` maps a person to what the
    house pays them (negative: what they pay the house)."""

    transfers: list[Transfer]
    with_house: dict[str, int]


def settle_with_house(nets: Mapping[str, int], house: set[str]) -> HouseSettlement:
    """Transfers between the people only (the players not in ``house``); whatever their
    nets do not square between themselves is settled with the house."""
    people = {name: net for name, net in nets.items() if name not in house}
    transfers = settle_up(people)
    left = dict(people)
    for t in transfers:
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    return HouseSettlement(transfers, {name: net for name, net in left.items() if net})
