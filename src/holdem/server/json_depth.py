"""How deeply a JSON text nests, found before it is parsed.

Python's parser recurses once per level of nesting and fails with ``RecursionError``
about a thousand levels down: a 3 KB message of brackets would be a fault of the server.
No message or body of the cardroom nests more than a few levels, so a text nesting
deeper than ``MAX_DEPTH`` is refused, by counting, without parsing it.
"""

from __future__ import annotations

import re

MAX_DEPTH = 32
# A string (whose brackets are text, not nesting) or one bracket.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def too_deep(text: str | bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether ``text`` opens more than ``limit`` arrays and objects inside one another."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    if text.count("[") + text.count("{") <= limit:
        return False  # cannot be deeper than it has openings: the common case, at C speed
    depth = 0
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > limit:
                return True
        elif token in "]}":
            depth -= 1
    return False
