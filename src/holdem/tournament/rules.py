"""What a tournament allows beyond the buy-in: rebuys, add-on, re-entry, late registration,
bounties, a house fee, a guarantee and satellite seats.

Money is whole units (dollars, cents or chips of a home game: the caller's choice), never
floats. Levels are blind level numbers (1 = the first level); "until level L" means open
until the end of level L, the break after it being closed already.

>>> rules = TournamentRules.from_mapping({"buy_in": 20, "rebuys": {"until_level": 4}})
>>> rules.rebuy.cost, rules.rebuy.chips, rules.rebuy.max_per_player
(20, 5000, None)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from holdem.errors import ConfigError

__all__ = [
    "BOUNTY_KINDS",
    "AddonRule",
    "BountyRule",
    "EntryWindow",
    "RebuyRule",
    "TournamentRules",
    "open_until",
]

BountyKind = Literal["fixed", "pko", "mystery"]
BOUNTY_KINDS: tuple[BountyKind, ...] = ("fixed", "pko", "mystery")
RULE_KEYS = (
    "buy_in", "starting_chips", "fee", "guarantee", "satellite_seat",
    "rebuys", "addon", "reentry", "late_registration", "bounty",
)  # fmt: skip
FINAL_TABLE = 9  # mystery bounties are drawn once this many players or fewer are left


def open_until(last_level: int, level: int, on_break: bool) -> bool:
    """True while level ``level`` (``on_break``: the break after it) is within "until the
    end of level ``last_level``"."""
    return level < last_level or (level == last_level and not on_break)


@dataclass(frozen=True)
class RebuyRule:
    """Rebuys until the end of ``until_level``, for a stack at or below ``threshold``
    (0: busted players only), at most ``max_per_player`` each (None: unlimited)."""

    until_level: int
    cost: int
    chips: int
    threshold: int = 0
    max_per_player: int | None = None


@dataclass(frozen=True)
class AddonRule:
    """One add-on per player at the break after level ``at_break``."""

    at_break: int
    cost: int
    chips: int


@dataclass(frozen=True)
class EntryWindow:
    """Late registration or re-entry: open until the end of ``until_level``."""

    until_level: int


@dataclass(frozen=True)
class BountyRule:
    """``amount`` on every head bought (entry, re-entry, rebuy after a bust), paid apart
    from the prize pool. ``fixed``: the head goes to who knocks its player out; ``pko``:
    half to their pocket, half onto their own head; ``mystery``: the money goes into
    envelopes drawn at the final table (``final_table`` players or fewer)."""

    kind: BountyKind
    amount: int
    final_table: int = FINAL_TABLE


@dataclass(frozen=True)
class TournamentRules:
    """The money and options of one tournament."""

    buy_in: int = 0
    starting_chips: int = 5000
    fee: int = 0  # the house's part of every buy-in, rebuy, add-on and re-entry
    rebuy: RebuyRule | None = None
    addon: AddonRule | None = None
    reentry: EntryWindow | None = None
    late_registration: EntryWindow | None = None
    bounty: BountyRule | None = None
    guarantee: int = 0
    satellite_seat: int | None = None  # a seat's value: the pool pays whole seats

    def __post_init__(self) -> None:
        _at_least(self.buy_in, 0, "buy_in")
        _at_least(self.starting_chips, 1, "starting_chips")
        _at_least(self.fee, 0, "fee")
        _at_least(self.guarantee, 0, "guarantee")
        prices = [("buy_in", self.buy_in)]
        if self.rebuy is not None:
            r = self.rebuy
            _at_least(r.until_level, 1, "rebuys.until_level")
            _at_least(r.cost, 0, "rebuys.cost")
            _at_least(r.chips, 1, "rebuys.chips")
            _at_least(r.threshold, 0, "rebuys.threshold")
            if r.max_per_player is not None:
                _at_least(r.max_per_player, 1, "rebuys.max")
            prices.append(("rebuys.cost", r.cost))
        if self.addon is not None:
            _at_least(self.addon.at_break, 1, "addon.at_break")
            _at_least(self.addon.cost, 0, "addon.cost")
            _at_least(self.addon.chips, 1, "addon.chips")
            prices.append(("addon.cost", self.addon.cost))
        for name, window in (
            ("reentry", self.reentry),
            ("late_registration", self.late_registration),
        ):
            if window is not None:
                _at_least(window.until_level, 1, f"{name}.until_level")
        if self.bounty is not None:
            if self.bounty.kind not in BOUNTY_KINDS:
                raise ConfigError(
                    f"bounty {self.bounty.kind!r}: choose from {', '.join(BOUNTY_KINDS)}"
                )
            _at_least(self.bounty.amount, 1, "bounty.amount")
            _at_least(self.bounty.final_table, 2, "bounty.final_table")
        if self.satellite_seat is not None:
            _at_least(self.satellite_seat, 1, "satellite_seat")
        for name, price in prices:
            if self.fee > price:
                raise ConfigError(
                    f"fee {self.fee}: more than {name} {price}; the fee is the house's part of it"
                )

    def head(self) -> int:
        """The bounty bought with a head (0 without bounties)."""
        return 0 if self.bounty is None else self.bounty.amount

    # Reading and writing (the TOML [tournament] table, the clock's state file)

    def to_mapping(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "buy_in": self.buy_in,
            "starting_chips": self.starting_chips,
            "fee": self.fee,
            "guarantee": self.guarantee,
        }
        if self.satellite_seat is not None:
            data["satellite_seat"] = self.satellite_seat
        if self.rebuy is not None:
            r = self.rebuy
            data["rebuys"] = {
                "until_level": r.until_level,
                "cost": r.cost,
                "chips": r.chips,
                "threshold": r.threshold,
                **({} if r.max_per_player is None else {"max": r.max_per_player}),
            }
        if self.addon is not None:
            data["addon"] = {
                "at_break": self.addon.at_break,
                "cost": self.addon.cost,
                "chips": self.addon.chips,
            }
        if self.reentry is not None:
            data["reentry"] = {"until_level": self.reentry.until_level}
        if self.late_registration is not None:
            data["late_registration"] = {"until_level": self.late_registration.until_level}
        if self.bounty is not None:
            data["bounty"] = {
                "kind": self.bounty.kind,
                "amount": self.bounty.amount,
                "final_table": self.bounty.final_table,
            }
        return data

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], where: str = "tournament") -> TournamentRules:
        """Rules from a TOML table or JSON object; unknown keys and wrong types are named.

        Rebuys and the add-on cost the buy-in and give the starting chips unless told.
        """
        _only(data, set(RULE_KEYS), where)
        buy_in = _int(data, "buy_in", where, 0)
        chips = _int(data, "starting_chips", where, 5000)
        rebuy = addon = reentry = late = bounty = None
        if "rebuys" in data:
            raw = _table(data, "rebuys", where)
            _only(raw, {"until_level", "cost", "chips", "threshold", "max"}, f"{where}.rebuys")
            most = raw.get("max")
            rebuy = RebuyRule(
                until_level=_int(raw, "until_level", f"{where}.rebuys"),
                cost=_int(raw, "cost", f"{where}.rebuys", buy_in),
                chips=_int(raw, "chips", f"{where}.rebuys", chips),
                threshold=_int(raw, "threshold", f"{where}.rebuys", 0),
                max_per_player=None if most is None else _int(raw, "max", f"{where}.rebuys"),
            )
        if "addon" in data:
            raw = _table(data, "addon", where)
            _only(raw, {"at_break", "cost", "chips"}, f"{where}.addon")
            addon = AddonRule(
                at_break=_int(raw, "at_break", f"{where}.addon"),
                cost=_int(raw, "cost", f"{where}.addon", buy_in),
                chips=_int(raw, "chips", f"{where}.addon", chips),
            )
        if "reentry" in data:
            raw = _table(data, "reentry", where)
            _only(raw, {"until_level"}, f"{where}.reentry")
            reentry = EntryWindow(_int(raw, "until_level", f"{where}.reentry"))
        if "late_registration" in data:
            raw = _table(data, "late_registration", where)
            _only(raw, {"until_level"}, f"{where}.late_registration")
            late = EntryWindow(_int(raw, "until_level", f"{where}.late_registration"))
        if "bounty" in data:
            raw = _table(data, "bounty", where)
            _only(raw, {"kind", "amount", "final_table"}, f"{where}.bounty")
            kind = raw.get("kind", "fixed")
            if kind not in BOUNTY_KINDS:
                raise ConfigError(
                    f"{where}.bounty.kind: {kind!r} is not a bounty; choose from "
                    f"{', '.join(BOUNTY_KINDS)}"
                )
            bounty = BountyRule(
                kind=kind,
                amount=_int(raw, "amount", f"{where}.bounty"),
                final_table=_int(raw, "final_table", f"{where}.bounty", FINAL_TABLE),
            )
        seat = data.get("satellite_seat")
        return cls(
            buy_in=buy_in,
            starting_chips=chips,
            fee=_int(data, "fee", where, 0),
            guarantee=_int(data, "guarantee", where, 0),
            satellite_seat=None if seat is None else _int(data, "satellite_seat", where),
            rebuy=rebuy,
            addon=addon,
            reentry=reentry,
            late_registration=late,
            bounty=bounty,
        )


def _at_least(value: int, least: int, name: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise ConfigError(f"{name} {value!r}: must be a whole number of {least} or more")


def _only(data: Mapping[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise ConfigError(
            f"{where}: unknown field {unknown[0]!r}; allowed: {', '.join(sorted(allowed))}"
        )


def _table(data: Mapping[str, Any], key: str, where: str) -> Mapping[str, Any]:
    value = data[key]
    if not isinstance(value, Mapping):
        raise ConfigError(f"{where}.{key}: expected a table, got {value!r}")
    return value


def _int(data: Mapping[str, Any], key: str, where: str, default: int | None = None) -> int:
    value = data.get(key, default)
    if value is None:
        raise ConfigError(f"{where}.{key}: missing")
    if not isinstance(value, int) or isinstance(value, bool):
        raise ConfigError(f"{where}.{key}: expected a whole number, got {value!r}")
    return value
