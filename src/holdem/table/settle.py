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
