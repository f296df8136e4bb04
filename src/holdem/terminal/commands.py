"""What the player types, read into an engine action, or quit, or help.

Short forms: ``f`` fold, ``k`` or ``x`` check, ``c`` call (or check when nothing is to
call), ``b 10`` / ``r 10`` bet or raise *to* 10 (either letter works for either, and
``min``, ``max`` and ``pot`` are amounts too), a bare number bets or raises to it, ``a``
all-in, ``q`` quit, ``?`` help. The amount is only read here: whether it is allowed is
the engine's to say, so a refusal carries the engine's reason.

>>> from holdem.engine import LegalActions, AmountRange
>>> legal = LegalActions(0, fold=True, call=2, call_to=2, raise_=AmountRange(4, 200),
...                      all_in_to=200)
>>> read_command("r 10", legal, pot=3)
Action(kind=<ActionKind.RAISE: 'raise'>, to=10, cards=None)
>>> read_command("c", legal, pot=3).kind.value, read_command("r pot", legal, pot=3).to
('call', 7)
>>> read_command("r", legal, pot=3)
Refusal(message='raise to how much? for example r 4 (from 4 to 200)')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from holdem.engine import Action, ActionKind, LegalActions


@dataclass(frozen=True)
class Quit:
    pass


@dataclass(frozen=True)
class Help:
    pass


@dataclass(frozen=True)
class Refusal:
    """Input that is not an action at all; the message says what to type instead."""

    message: str


Command = Action | Quit | Help | Refusal

HELP = (
    "f fold · k or x check · c call (or check) · b 10 / r 10 bet or raise to 10 "
    "(also min, max, pot) · a all-in · q quit"
)

_WORDS = {
    "f": "fold", "fold": "fold",
    "k": "check", "x": "check", "check": "check",
    "c": "c", "call": "call",
    "b": "aggress", "bet": "aggress", "r": "aggress", "raise": "aggress",
    "a": "allin", "allin": "allin", "shove": "allin", "jam": "allin",
    "q": "quit", "quit": "quit", "exit": "quit",
    "?": "help", "h": "help", "help": "help",
}  # fmt: skip
_SHAPE = re.compile(r"^([a-z?]+)?\s*(?:to\s+)?(\S+)?$")
_NEGATIVE = re.compile(r"(?:^|\s)(-\s*[\d,]+)")


def read_command(text: str, legal: LegalActions, *, pot: int) -> Command:
    """The command ``text`` asks for, given what is legal and the pot (for ``pot`` bets)."""
    negative = _NEGATIVE.search(text)
    if negative:
        return Refusal(
            f"{negative.group(1)} is not an amount: bets and raises are chips above 0, like r 50"
        )
    raw = " ".join(text.strip().lower().replace("-", " ").split())  # all-in, all - in
    raw = raw.replace("all in", "allin")
    if not raw:
        return Refusal(f"type your action: {HELP}")
    match = _SHAPE.match(raw)
    word = _WORDS.get(match.group(1) or "") if match else None
    amount = match.group(2) if match else None
    if match and match.group(1) is None and amount is not None:
        word = "aggress"  # a bare number: bet or raise to it
    if word is None or (amount is not None and word != "aggress"):
        return Refusal(f"{text.strip()!r} is not an action here: {HELP}")
    if word == "quit":
        return Quit()
    if word == "help":
        return Help()
    if word == "fold":
        return Action.fold()
    if word == "check":
        return Action.check()
    if word == "call":
        return Action.call()
    if word == "c":
        return Action.check() if legal.check else Action.call()
    if word == "allin":
        return Action.all_in()
    return _aggression(amount, legal, pot)


def _aggression(amount: str | None, legal: LegalActions, pot: int) -> Command:
    bounds = legal.bet or legal.raise_
    kind = ActionKind.BET if legal.bet is not None or legal.call is None else ActionKind.RAISE
    verb = kind.value
    if amount is not None and amount.replace(",", "").isdigit():
        return Action(kind, int(amount.replace(",", "")))  # the engine judges the amount
    if bounds is None:
        return Refusal(f"you cannot {verb} now: you may {legal.describe()}")
    span = f"from {bounds.min} to {bounds.max}" if bounds.min != bounds.max else str(bounds.min)
    if amount is None:
        if bounds.min == bounds.max:  # Fixed-Limit: the size is set
            return Action(kind, bounds.min)
        return Refusal(f"{verb} to how much? for example {verb[0]} {bounds.min} ({span})")
    if amount == "min":
        return Action(kind, bounds.min)
    if amount == "max":
        return Action(kind, bounds.max)
    if amount == "pot":
        # A pot-sized raise: call first, then raise by the pot that makes.
        call_to, call = legal.call_to or 0, legal.call or 0
        return Action(kind, max(bounds.min, min(bounds.max, call_to + pot + call)))
    return Refusal(
        f"{amount!r} is not an amount: write chips, like {verb[0]} {bounds.min} ({span})"
    )
