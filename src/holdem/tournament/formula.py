"""League points formulas: a small safe language, read by its own parser (never ``eval``).

A formula uses numbers, the names ``entrants``, ``place`` and ``buyin``, the operators
``+ - * /`` with parentheses, and the functions ``sqrt`` and ``log`` (natural log).

>>> Formula.parse("10 * sqrt(entrants) / sqrt(place)").points(entrants=16, place=4, buyin=20)
Decimal('20.00')
>>> Formula.parse("entrants - place + 1").points(entrants=9, place=1, buyin=0)
Decimal('9.00')
>>> Formula.parse("2 ** place")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
holdem.errors.ConfigError: formula '2 ** place': unexpected '*' at position 4; ...
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from holdem.errors import ConfigError

__all__ = ["MAX_FORMULA", "STANDARD_FORMULAS", "Formula", "formula_named"]

MAX_FORMULA = 200  # characters: a formula is a line, not a program
NAMES = ("entrants", "place", "buyin")
FUNCTIONS = {"sqrt": math.sqrt, "log": math.log}
CENT = Decimal("0.01")
HELP = "a formula uses numbers, entrants, place, buyin, + - * / ( ), sqrt() and log()"

STANDARD_FORMULAS = {
    "field": "entrants - place + 1",  # one point for every player finished above
    "sqrt": "10 * sqrt(entrants) / sqrt(place)",
    "log": "10 * (log(entrants + 1) - log(place))",
    "buyin": "buyin * (entrants - place + 1) / entrants",
}

_TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d+)?)|([a-z_]+)|(.))")


@dataclass(frozen=True)
class Num:
    value: float


@dataclass(frozen=True)
class Name:
    name: str


@dataclass(frozen=True)
class Neg:
    inner: Node


@dataclass(frozen=True)
class Call:
    function: str
    inner: Node


@dataclass(frozen=True)
class Op:
    op: str
    left: Node
    right: Node


Node = Num | Name | Neg | Call | Op


@dataclass(frozen=True)
class Formula:
    text: str
    tree: Node

    @classmethod
    def parse(cls, text: str) -> Formula:
        if not isinstance(text, str) or not text.strip():
            raise ConfigError(f"an empty formula: {HELP}")
        if len(text) > MAX_FORMULA:
            raise ConfigError(f"a formula is at most {MAX_FORMULA} characters")
        return cls(text, _Parser(text).parse())

    def value(self, *, entrants: int, place: int, buyin: int) -> float:
        names = {"entrants": float(entrants), "place": float(place), "buyin": float(buyin)}
        try:
            return _evaluate(self.tree, names)
        except (ZeroDivisionError, ValueError, OverflowError):
            raise ConfigError(
                f"formula {self.text!r} has no value for {entrants} entrants, place {place}, "
                f"buy-in {buyin} (a division by zero, or sqrt or log of a number too small)"
            ) from None

    def points(self, *, entrants: int, place: int, buyin: int) -> Decimal:
        """The points, to the hundredth (so that ties are ties)."""
        value = self.value(entrants=entrants, place=place, buyin=buyin)
        if not math.isfinite(value):
            raise ConfigError(f"formula {self.text!r} gives no finite number of points")
        return Decimal(repr(value)).quantize(CENT, rounding=ROUND_HALF_UP)


def formula_named(name_or_text: str) -> Formula:
    """A standard formula by name, or a custom one written out."""
    return Formula.parse(STANDARD_FORMULAS.get(name_or_text, name_or_text))


class _Parser:
    """expr := term (('+'|'-') term)*; term := unary (('*'|'/') unary)*;
    unary := '-' unary | atom; atom := number | name | func '(' expr ')' | '(' expr ')'."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[tuple[str, str, int]] = []
        position = 0
        stripped = text.rstrip()
        while position < len(stripped):
            match = _TOKEN.match(stripped, position)
            assert match is not None  # the last alternative matches any character
            number, word, other = match.groups()
            start = match.start(match.lastindex or 0)
            if number is not None:
                self.tokens.append(("num", number, start))
            elif word is not None:
                self.tokens.append(("word", word, start))
            else:
                self.tokens.append(("sym", other, start))
            position = match.end()
        self.at = 0

    def fail(self, what: str) -> ConfigError:
        return ConfigError(f"formula {self.text!r}: {what}; {HELP}")

    def peek(self) -> tuple[str, str, int] | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self, symbol: str) -> bool:
        token = self.peek()
        if token is not None and token[0] == "sym" and token[1] == symbol:
            self.at += 1
            return True
        return False

    def parse(self) -> Node:
        tree = self.expr(0)
        token = self.peek()
        if token is not None:
            raise self.fail(f"unexpected {token[1]!r} at position {token[2] + 1}")
        return tree

    def expr(self, depth: int) -> Node:
        if depth > 50:
            raise self.fail("too deeply nested")
        tree = self.term(depth)
        while (op := self._operator("+-")) is not None:
            tree = Op(op, tree, self.term(depth))
        return tree

    def term(self, depth: int) -> Node:
        tree = self.unary(depth)
        while (op := self._operator("*/")) is not None:
            tree = Op(op, tree, self.unary(depth))
        return tree

    def _operator(self, symbols: str) -> str | None:
        token = self.peek()
        if token is not None and token[0] == "sym" and token[1] in symbols:
            self.at += 1
            return token[1]
        return None

    def unary(self, depth: int) -> Node:
        if self.take("-"):
            return Neg(self.unary(depth + 1))
        return self.atom(depth)

    def atom(self, depth: int) -> Node:
        token = self.peek()
        if token is None:
            raise self.fail("it ends too soon")
        kind, text, start = token
        self.at += 1
        if kind == "num":
            return Num(float(text))
        if kind == "word" and text in NAMES:
            return Name(text)
        if kind == "word" and text in FUNCTIONS:
            if not self.take("("):
                raise self.fail(f"{text} needs parentheses: {text}(...)")
            inner = self.expr(depth + 1)
            if not self.take(")"):
                raise self.fail(f"a ')' is missing after {text}(")
            return Call(text, inner)
        if kind == "word":
            raise self.fail(f"unknown name {text!r} at position {start + 1}")
        if text == "(":
            inner = self.expr(depth + 1)
            if not self.take(")"):
                raise self.fail("a ')' is missing")
            return inner
        raise self.fail(f"unexpected {text!r} at position {start + 1}")


def _evaluate(node: Node, names: dict[str, float]) -> float:
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Name):
        return names[node.name]
    if isinstance(node, Neg):
        return -_evaluate(node.inner, names)
    if isinstance(node, Call):
        return FUNCTIONS[node.function](_evaluate(node.inner, names))
    left, right = _evaluate(node.left, names), _evaluate(node.right, names)
    if node.op == "+":
        return left + right
    if node.op == "-":
        return left - right
    if node.op == "*":
        return left * right
    return left / right
