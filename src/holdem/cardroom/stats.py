"""Each player's numbers at this table, from its own hands: hands played, VPIP (the share
of hands they put chips in before the flop of their own will: a call, bet or raise, not a
blind), PFR (the share they raised before the flop) and their net in chips.

They are counted as each hand ends (``TableStats.add``), so a state or a page never reads
the hands again; the room keeps them, and its snapshot stores them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from holdem.engine import events
from holdem.table import PlayedHand

VOLUNTARY = ("call", "bet", "raise")
RAISES = ("bet", "raise")  # a bet before the flop opens an unblinded pot: a raise all the same


@dataclass
class PlayerLine:
    hands: int = 0
    vpip: int = 0  # hands with chips put in voluntarily before the flop
    pfr: int = 0  # hands raised before the flop
    net: int = 0  # chips won less chips lost


@dataclass
class TableStats:
    players: dict[str, PlayerLine] = field(default_factory=dict)  # by the name played under

    def add(self, played: PlayedHand) -> None:
        """Count one finished hand (a voided one changes nothing)."""
        hand = played.hand
        final = hand.final_stacks
        if hand.result is None or final is None:
            return
        voluntary: set[int] = set()
        raised: set[int] = set()
        for event in hand.events:
            if isinstance(event, events.BoardDealt):
                break  # the flop: what follows is no longer preflop
            if isinstance(event, events.PlayerActed) and event.action in VOLUNTARY:
                voluntary.add(event.player)
                if event.action in RAISES:
                    raised.add(event.player)
        for position, name in enumerate(played.names):
            line = self.players.setdefault(name, PlayerLine())
            line.hands += 1
            line.vpip += position in voluntary
            line.pfr += position in raised
            line.net += final[position] - hand.config.starting_stacks[position]

    def rows(self, seated: list[tuple[int, str]]) -> list[dict[str, int | str | None]]:
        """The lines of the players seated now (seat numbers from 1), then of everyone else
        who played here (``seat`` None: they left, or the table ended), percentages
        rounded: the night's numbers outlive the seats."""
        here = {name for _, name in seated}
        gone: list[tuple[int | None, str]] = [
            (None, name) for name in self.players if name not in here
        ]
        rows: list[dict[str, int | str | None]] = []
        for seat, name in [*seated, *gone]:
            line = self.players.get(name, PlayerLine())
            rows.append(
                {
                    "seat": seat,
                    "name": name,
                    "hands": line.hands,
                    "vpip": _percent(line.vpip, line.hands),
                    "pfr": _percent(line.pfr, line.hands),
                    "net": line.net,
                }
            )
        return rows


def _percent(part: int, whole: int) -> int:
    return round(100 * part / whole) if whole else 0
