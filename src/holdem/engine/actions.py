"""What a player can do, and what the engine says they may do now.

Amounts are "to" amounts, as in PHH: ``Raise(600)`` makes the player's total bet for
this round 600, whatever they had in before.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from holdem.cards import Card


class ActionKind(StrEnum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all-in"
    SHOW = "show"
    MUCK = "muck"


@dataclass(frozen=True)
class Action:
    """One decision: a kind, and for bet and raise the amount to bet *to*.

    ``Action.fold()``, ``Action.check()``, ``Action.call()``, ``Action.bet(200)``,
    ``Action.raise_to(600)``, ``Action.all_in()``, and at showdown ``Action.show()`` and
    ``Action.muck()``. ``check_or_call`` and ``bet_or_raise`` read PHH's ``cc`` and ``cbr``.
    """

    kind: ActionKind
    to: int | None = None
    cards: tuple[Card, ...] | None = None
    """Show: the hole cards, when the hand did not know them (a live or recorded deal)."""

    @classmethod
    def fold(cls) -> Action:
        return cls(ActionKind.FOLD)

    @classmethod
    def check(cls) -> Action:
        return cls(ActionKind.CHECK)

    @classmethod
    def call(cls) -> Action:
        return cls(ActionKind.CALL)

    @classmethod
    def bet(cls, to: int) -> Action:
        return cls(ActionKind.BET, to)

    @classmethod
    def raise_to(cls, to: int) -> Action:
        return cls(ActionKind.RAISE, to)

    @classmethod
    def all_in(cls) -> Action:
        return cls(ActionKind.ALL_IN)

    @classmethod
    def show(cls, cards: tuple[Card, ...] | None = None) -> Action:
        return cls(ActionKind.SHOW, cards=cards)

    @classmethod
    def muck(cls) -> Action:
        return cls(ActionKind.MUCK)

    def __str__(self) -> str:
        return f"{self.kind.value} to {self.to}" if self.to is not None else self.kind.value


@dataclass(frozen=True)
class AmountRange:
    """Inclusive bounds of a bet or raise "to" amount."""

    min: int
    max: int

    def __contains__(self, amount: object) -> bool:
        return isinstance(amount, int) and self.min <= amount <= self.max

    def __str__(self) -> str:
        return str(self.min) if self.min == self.max else f"{self.min}..{self.max}"


@dataclass(frozen=True)
class LegalActions:
    """What the player to act may do, with the limits of every amount.

    ``call`` is the chips the call adds (all-in when the stack is short), ``call_to``
    the total bet after it. ``bet`` or ``raise_`` bound the "to" amount; ``all_in_to``
    is the total of an all-in when one is allowed (it may be a call or a short raise);
    when nobody left could call a raise it is ``call_to``: the all-in is a call and the
    rest of the stack stays (R18).
    At showdown only ``show`` and ``muck`` are set.
    """

    player: int
    fold: bool = False
    check: bool = False
    call: int | None = None
    call_to: int | None = None
    bet: AmountRange | None = None
    raise_: AmountRange | None = None
    all_in_to: int | None = None
    show: bool = False
    muck: bool = False

    @property
    def kinds(self) -> tuple[ActionKind, ...]:
        """The allowed kinds, in the order a player reads them."""
        allowed = {
            ActionKind.FOLD: self.fold,
            ActionKind.CHECK: self.check,
            ActionKind.CALL: self.call is not None,
            ActionKind.BET: self.bet is not None,
            ActionKind.RAISE: self.raise_ is not None,
            ActionKind.ALL_IN: self.all_in_to is not None,
            ActionKind.SHOW: self.show,
            ActionKind.MUCK: self.muck,
        }
        return tuple(kind for kind, ok in allowed.items() if ok)

    def describe(self) -> str:
        """ "fold, call 50, raise to [200..1000], all-in (1000)"."""
        parts = []
        for kind in self.kinds:
            if kind == ActionKind.CALL:
                parts.append(f"call {self.call}")
            elif kind == ActionKind.BET and self.bet is not None:
                parts.append(f"bet [{self.bet}]")
            elif kind == ActionKind.RAISE and self.raise_ is not None:
                parts.append(f"raise to [{self.raise_}]")
            elif kind == ActionKind.ALL_IN:
                parts.append(f"all-in ({self.all_in_to})")
            else:
                parts.append(kind.value)
        return ", ".join(parts)
