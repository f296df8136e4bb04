"""A spot to solve: the board, both ranges, the pot, the stack and the bet sizes.

The same keys are read from a TOML file (``Spot.from_toml``) and given as Python
arguments (``Spot(board=..., oop_range=..., ...)``)::

    board = "Td9d6h Qc"          # 3, 4 or 5 cards
    oop_range = "66+,A8s+"
    ip_range = "QQ-22,AQs-A2s"
    pot = 200
    stack = 900                  # the effective stack behind, at the start of the spot
    dead = "2c"                  # optional: cards out of play
    rake = { rate = 0.05, cap = 3 }   # optional
    [sizes]                      # per street, for both players
    flop = { bet = "33%,75%,a", raise = "2.5x" }
    river = { bet = "60%,e,a", raise = "2.5x", donk = "50%" }
    [sizes.ip]                   # optional: one player's own sizes, street by street
    river = { bet = "75%" }
    [tree]
    add_allin_threshold = 1.5
    force_allin_threshold = 0.15
    merging_threshold = 0.1

A size is a percentage of the pot (``"60%"``), ``"e"`` (the geometric size that puts the
stacks in by the river in equal fractions of the pot), ``"a"`` (all-in) or, for raises,
a multiple of the bet faced (``"2.5x"``). A bad value raises ``SpotError`` naming its key.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from holdem.cards import Card, format_cards, parse_cards
from holdem.errors import ConfigError, HoldemError
from holdem.odds.ranges import Combo, parse_range

STREETS = ("flop", "turn", "river")
_KINDS = ("bet", "raise", "donk")
_TREE_DEFAULTS = {
    "add_allin_threshold": 1.5,
    "force_allin_threshold": 0.15,
    "merging_threshold": 0.1,
}


class SpotError(ConfigError):
    """A key of a spot that cannot be used: ``str()`` is ``key: reason``."""

    def __init__(self, key: str, reason: str) -> None:
        super().__init__(f"{key}: {reason}")
        self.key = key
        self.reason = reason


@dataclass(frozen=True)
class Size:
    """One size as written: ``kind`` is "pot" (a fraction of the pot), "geometric",
    "allin" or "times" (a multiple of the bet faced)."""

    kind: str
    value: float = 0.0

    @classmethod
    def parse(cls, text: str, key: str, *, raising: bool) -> Size:
        word = text.strip().lower()
        if word == "e":
            return cls("geometric")
        if word == "a":
            return cls("allin")
        try:
            if word.endswith("%"):
                value = float(word[:-1]) / 100
                if value > 0 and math.isfinite(value):
                    return cls("pot", value)
            elif word.endswith("x") and raising:
                value = float(word[:-1])
                if value > 1 and math.isfinite(value):
                    return cls("times", value)
        except ValueError:
            pass
        allowed = '"60%", "e", "a"' + (' or "2.5x" (more than 1x)' if raising else "")
        raise SpotError(key, f"{text!r} is not a size: write {allowed}, separated by commas")


@dataclass(frozen=True)
class StreetSizes:
    bet: tuple[Size, ...] = ()
    raise_: tuple[Size, ...] = ()
    donk: tuple[Size, ...] | None = None


@dataclass
class Spot:
    board: str
    oop_range: str
    ip_range: str
    pot: float
    stack: float
    sizes: dict[str, Any] = field(default_factory=dict)
    tree: dict[str, float] = field(default_factory=dict)
    rake: dict[str, float] | None = None
    dead: str = ""
    # read from the above by ``__post_init__``
    board_cards: list[Card] = field(init=False)
    dead_cards: list[Card] = field(init=False)
    ranges: tuple[list[tuple[Combo, float]], list[tuple[Combo, float]]] = field(init=False)
    street_sizes: dict[tuple[int, str], StreetSizes] = field(init=False)
    thresholds: dict[str, float] = field(init=False)
    rake_rate: float = field(init=False)
    rake_cap: float = field(init=False)

    def __post_init__(self) -> None:
        self.board_cards = _cards("board", self.board)
        if len(self.board_cards) not in (3, 4, 5):
            raise SpotError("board", f"a board is 3, 4 or 5 cards, not {len(self.board_cards)}")
        self.dead_cards = _cards("dead", self.dead) if self.dead else []
        both = self.board_cards + self.dead_cards
        if len(set(both)) != len(both):
            twice = next(c for c in both if both.count(c) > 1)
            raise SpotError("dead", f"{twice} is on the board and dead at once")
        self.pot = _number("pot", self.pot, positive=True)
        self.stack = _number("stack", self.stack, positive=False)
        self.ranges = (
            _range("oop_range", self.oop_range, both),
            _range("ip_range", self.ip_range, both),
        )
        self.street_sizes = _sizes(self.sizes)
        self.thresholds = dict(_TREE_DEFAULTS)
        if not isinstance(self.tree, dict):
            raise SpotError("tree", "write a table of thresholds: [tree]")
        for key, value in self.tree.items():
            if key not in _TREE_DEFAULTS:
                raise SpotError(
                    f"tree.{key}", "unknown key: the keys are " + ", ".join(_TREE_DEFAULTS)
                )
            self.thresholds[key] = _number(f"tree.{key}", value, positive=False)
        self.rake_rate, self.rake_cap = _rake(self.rake)

    @classmethod
    def from_toml(cls, path: str | Path) -> Spot:
        """Read a spot file; a ``SpotError`` names the key, a ``ParseError`` bad TOML."""
        try:
            data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            raise SpotError("toml", f"not valid TOML ({error})") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Spot:
        known = {"board", "oop_range", "ip_range", "pot", "stack", "sizes", "tree", "rake", "dead"}
        for key in data:
            if key not in known:
                raise SpotError(key, "unknown key: the keys are " + ", ".join(sorted(known)))
        for key in ("board", "oop_range", "ip_range", "pot", "stack"):
            if key not in data:
                raise SpotError(
                    key, "missing: a spot needs board, oop_range, ip_range, pot and stack"
                )
        for key in ("board", "oop_range", "ip_range", "dead"):
            if key in data and not isinstance(data[key], str):
                raise SpotError(key, "write it as a string in quotes")
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "board": self.board,
            "oop_range": self.oop_range,
            "ip_range": self.ip_range,
            "pot": self.pot,
            "stack": self.stack,
            "sizes": self.sizes,
            "tree": self.tree,
        }
        if self.rake is not None:
            out["rake"] = self.rake
        if self.dead:
            out["dead"] = self.dead
        return out

    def sizes_for(self, player: int, street: str) -> StreetSizes:
        return self.street_sizes.get((player, street), StreetSizes())

    @property
    def board_text(self) -> str:
        return format_cards(self.board_cards)


def _cards(key: str, text: Any) -> list[Card]:
    if not isinstance(text, str):
        raise SpotError(key, 'write the cards as a string, like "Td9d6h Qc"')
    try:
        return parse_cards(text)
    except HoldemError as error:
        raise SpotError(key, str(error)) from None


def _number(key: str, value: Any, *, positive: bool) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise SpotError(key, f"{value!r} is not a number")
    if value < 0 or (positive and value == 0):
        raise SpotError(key, f"{value!r} must be {'more than 0' if positive else '0 or more'}")
    return float(value)


def _range(key: str, text: str, out: list[Card]) -> list[tuple[Combo, float]]:
    try:
        found = parse_range(text).without(out)
    except HoldemError as error:
        raise SpotError(key, str(error)) from None
    if not len(found):
        raise SpotError(key, "no combination is left once the board and dead cards are removed")
    return list(found.items())


def _sizes(data: Any) -> dict[tuple[int, str], StreetSizes]:
    if not isinstance(data, dict):
        raise SpotError("sizes", "write a table: [sizes] with flop, turn and river")
    shared = {k: v for k, v in data.items() if k not in ("oop", "ip")}
    out: dict[tuple[int, str], StreetSizes] = {}
    for player, name in enumerate(("oop", "ip")):
        own = data.get(name, {})
        if not isinstance(own, dict):
            raise SpotError(f"sizes.{name}", f"write a table of streets: [sizes.{name}]")
        for street in STREETS:
            for key, where in ((street, shared), (street, own)):
                if key in where:
                    prefix = f"sizes.{name}.{key}" if where is own else f"sizes.{key}"
                    out[(player, street)] = _street(prefix, where[key], out.get((player, street)))
        for table in (shared, own):
            for key in table:
                if key not in STREETS:
                    raise SpotError(
                        f"sizes.{key}", "unknown street: write flop, turn or river (or oop, ip)"
                    )
    return out


def _street(prefix: str, value: Any, base: StreetSizes | None) -> StreetSizes:
    if not isinstance(value, dict):
        raise SpotError(prefix, 'write a table, like { bet = "60%,a", raise = "2.5x" }')
    found: dict[str, tuple[Size, ...] | None] = {}
    for kind, text in value.items():
        key = f"{prefix}.{kind}"
        if kind not in _KINDS:
            raise SpotError(key, "unknown key: write bet, raise or donk")
        if not isinstance(text, str):
            raise SpotError(key, 'write the sizes as a string, like "33%,75%,a"')
        words = [w for w in text.split(",") if w.strip()]
        found[kind] = tuple(Size.parse(w, key, raising=kind == "raise") for w in words)
    base = base or StreetSizes()
    return StreetSizes(
        bet=found.get("bet", base.bet) or (),
        raise_=found.get("raise", base.raise_) or (),
        donk=found.get("donk", base.donk),
    )


def _rake(value: Any) -> tuple[float, float]:
    if value is None:
        return 0.0, 0.0
    if not isinstance(value, dict):
        raise SpotError("rake", "write a table: rake = { rate = 0.05, cap = 3 }")
    for key in value:
        if key not in ("rate", "cap"):
            raise SpotError(f"rake.{key}", "unknown key: write rate and cap")
    rate = _number("rake.rate", value.get("rate", 0.0), positive=False)
    if rate >= 1:
        raise SpotError("rake.rate", f"{rate} is not a share of the pot below 1 (0.05 is 5%)")
    cap = (
        _number("rake.cap", value.get("cap", math.inf), positive=False)
        if "cap" in value
        else math.inf
    )
    return rate, cap
