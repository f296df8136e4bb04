"""The error a PHH file raises, with where it went wrong."""

from __future__ import annotations

import re

from holdem.errors import ParseError


class PHHError(ParseError):
    """A PHH file or hand that cannot be read, or a hand that cannot be written.

    The message starts with where the problem is, as far as it is known: the file, the
    hand (its table number ``[n]`` in a ``.phhs``) and the field or action, then says
    what is wrong and what is allowed.

    >>> str(PHHError("unknown action 'x'", path="a.phhs", hand=3, field="actions[5] 'p2 x'"))
    "a.phhs, hand [3], actions[5] 'p2 x': unknown action 'x'"
    """

    def __init__(
        self,
        reason: str,
        *,
        path: str | None = None,
        hand: int | None = None,
        field: str | None = None,
    ) -> None:
        self.reason = reason
        self.path = path
        self.hand = hand
        self.field = field
        where = [
            part
            for part in (path, None if hand is None else f"hand [{hand}]", field)
            if part is not None
        ]
        super().__init__(", ".join(where) + ": " + reason if where else reason)

    def located(
        self, *, path: str | None = None, hand: int | None = None, field: str | None = None
    ) -> PHHError:
        """The same error with the parts of its location it did not know filled in."""
        return PHHError(
            self.reason,
            path=self.path if self.path is not None else path,
            hand=self.hand if self.hand is not None else hand,
            field=self.field if self.field is not None else field,
        )


def said_of(name: str, message: str) -> str:
    """``message``, an engine's refusal worded to the player, worded of ``name``:
    "you cannot check: there is a bet of 300, 250 to you" becomes "Ann cannot check:
    there is a bet of 300, 250 to call"."""
    return _YOU.sub(lambda found: _SAID[found.group()].format(name=name), message)


# The engine speaks to the player whose turn it is ("you cannot check: ... 50 to you");
# a reader of someone's hand history speaks of them.
_YOU = re.compile(r"\b(?:you have|you cannot|you can|your|to you)\b")
_SAID = {
    "you have": "{name} has",
    "you cannot": "{name} cannot",
    "you can": "{name} can",
    "your": "{name}'s",
    "to you": "to call",
}
