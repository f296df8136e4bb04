"""The house's rake of a cash game: a percentage of the pots, up to a cap, and none when
the hand ends before the flop ("no flop, no drop").

The rake is taken once the pots are awarded, from what the winners collected; uncalled
chips given back are not part of a pot and are never raked. Amounts are chips (or the
hand's units) as integers, so the rake is rounded **down** to a whole chip: 5% of a pot
of 39 is 1 (1.95 rounded down); the house never takes a fraction. Each winner gives up a
share in proportion to what they collected, rounded down, and the chips the rounding
leaves go one each to the winners who collected most (the lower position first on a tie).

>>> rule = RakeRule(percent=Decimal(5), cap=3)
>>> rule.amount(39), rule.amount(1000), rule.amount(1000, flop_dealt=False)
(1, 3, 0)
>>> taken = take_rake(rule, collected=(0, 30, 10), flop_dealt=True)
>>> taken.total, taken.shares
(2, (0, 2, 0))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from holdem.errors import ConfigError

__all__ = ["RakeRule", "RakeTaken", "take_rake"]


@dataclass(frozen=True)
class RakeRule:
    """``percent`` of each hand's pots (0 to 100, a Decimal like ``Decimal("4.5")``), at
    most ``cap`` chips a hand (None: no cap), and nothing from a hand that ends before the
    flop when ``no_flop_no_drop``."""

    percent: Decimal
    cap: int | None = None
    no_flop_no_drop: bool = True

    def __post_init__(self) -> None:
        percent = self.percent
        if not isinstance(percent, int | Decimal) or not 0 <= percent <= 100:
            raise ConfigError(
                f"a rake of {percent!r} percent: the rake is 0 to 100 percent of the pot"
            )
        if self.cap is not None and (not isinstance(self.cap, int) or self.cap < 0):
            raise ConfigError(f"a rake cap of {self.cap!r}: the cap is 0 or more chips, or none")

    def amount(self, pot: int, *, flop_dealt: bool = True) -> int:
        """The rake of a hand whose pots came to ``pot`` chips: rounded down, capped."""
        if self.no_flop_no_drop and not flop_dealt:
            return 0
        raked = int(pot * Decimal(self.percent) // 100)  # exact: Decimal, then floor
        return raked if self.cap is None else min(raked, self.cap)


@dataclass(frozen=True)
class RakeTaken:
    """The rake of one hand: its total and what each position gave up of its winnings."""

    total: int
    shares: tuple[int, ...]

    def less_shares(self, amounts: Sequence[int]) -> tuple[int, ...]:
        """Each position's amount less its share of the rake (what it collected: what it
        was paid; its stack after the pots: its stack after the rake)."""
        return tuple(amount - taken for amount, taken in zip(amounts, self.shares, strict=True))


def take_rake(rule: RakeRule, collected: Sequence[int], *, flop_dealt: bool) -> RakeTaken:
    """The rake of a hand in which each position collected ``collected`` from the pots."""
    pot = sum(collected)
    total = rule.amount(pot, flop_dealt=flop_dealt)
    if total == 0:
        return RakeTaken(0, (0,) * len(collected))
    shares = [total * won // pot for won in collected]
    left = total - sum(shares)
    by_winnings = sorted(range(len(collected)), key=lambda p: (-collected[p], p))
    for player in by_winnings[:left]:
        shares[player] += 1
    return RakeTaken(total, tuple(shares))
