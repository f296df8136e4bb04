"""Reading a JSON request body: never more than the limit, and every fault one sentence.

The body is counted while it streams in (a chunked body announces no length), so a
client sending gigabytes costs the server no more than the limit. Faults that Python's
own parser reports as crashes (text that is not UTF-8, a number of thousands of digits,
nesting deeper than the interpreter's stack) are turned into the same clear refusals.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request

from holdem.server.json_depth import MAX_DEPTH, too_deep

MAX_BODY_BYTES = 16_384
MAX_NUMBER_DIGITS = 30  # no table option comes near; int() itself refuses 4,300


class BodyError(Exception):
    """A body the cardroom does not read; ``status`` is 400 or 413."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


async def read_body(request: Request, limit: int = MAX_BODY_BYTES) -> bytes:
    """The whole body, refused as soon as it is longer than ``limit`` bytes."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise BodyError(f"a request body is at most {limit} bytes", 413)
        chunks.append(chunk)
    return b"".join(chunks)


async def read_json(request: Request, what: str, limit: int = MAX_BODY_BYTES) -> Any:
    """The body as JSON; ``what`` names it in the sentences ("the table options")."""
    body = await read_body(request, limit)
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as bad:
        raise BodyError(f"send {what} as UTF-8 text: byte {bad.start} is not") from None
    if too_deep(text):
        raise BodyError(f"{what} are nested too deeply to be read (at most {MAX_DEPTH} levels)")
    try:
        return json.loads(text, parse_int=_integer)
    except json.JSONDecodeError as bad:
        raise BodyError(
            f"send {what} as one JSON object ({bad.msg} at character {bad.pos})"
        ) from None
    except RecursionError:
        raise BodyError(f"{what} are nested too deeply to be read") from None


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise BodyError(f"a number has more than {MAX_NUMBER_DIGITS} digits: {digits[:12]}...")
    return int(digits)
