"""Cut a PokerStars hand-history file into hands, one at a time, with bounded memory.

A file is read line by line (never whole): a hand starts at its ``PokerStars ... #N:``
header and runs to the next one; whatever lies between hands (blank lines, a tracker's
``*** # 2 ***`` separators, tournament summaries) is skipped. A line is decoded as
UTF-8, or as Windows-1252 when it is not UTF-8 (older clients); a byte-order mark and
CRLF line ends are dropped. A line or hand too long to be a real one is cut short and
the hand is reported instead of held in memory.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import BinaryIO

__all__ = ["MAX_HAND_LINES", "MAX_LINE", "RawHand", "iter_raw_hands", "iter_raw_hands_text"]

MAX_LINE = 4096  # characters: the longest real line is a chat line of a few hundred
MAX_HAND_LINES = 2000  # a hand with every seat chatting and leaving stays far below
BLOCK = 1 << 16  # bytes read at a time
_HEADER_STARTS = ("PokerStars Hand #", "PokerStars Game #", "PokerStars Zoom Hand #")
_HOME_GAME = "PokerStars Home Game Hand #"
_BOM = "\ufeff"


@dataclass
class RawHand:
    """The lines of one hand, and the number in the file of its first line (1-based).

    ``problem`` (with ``problem_line``) says why the hand cannot be read whole: a line or
    the hand itself was too long; its lines are then incomplete.
    """

    first_line: int
    lines: list[str] = field(default_factory=list)
    problem: str | None = None
    problem_line: int | None = None


def is_header(line: str) -> bool:
    return line.startswith(_HEADER_STARTS) or line.startswith(_HOME_GAME)


def iter_raw_hands(path: str | os.PathLike[str]) -> Iterator[RawHand]:
    """Each hand of a file in order; raises OSError if it cannot be opened."""
    with open(path, "rb") as file:
        yield from _hands(_decoded_lines(file))


def iter_raw_hands_text(text: str) -> Iterator[RawHand]:
    """Each hand of text already in memory."""
    yield from _hands(_text_lines(text))


def _text_lines(text: str) -> Iterator[tuple[str, bool]]:
    for line in text.splitlines():
        if len(line) > MAX_LINE:
            yield line[:MAX_LINE], True
        else:
            yield line, False


def _decoded_lines(file: BinaryIO) -> Iterator[tuple[str, bool]]:
    """(line, too_long) for each line, read in blocks: at most a block and one line's
    worth of bytes are ever held, however long a line runs."""
    limit = MAX_LINE * 4 + 2  # bytes: a UTF-8 character takes up to four
    pending = b""  # the start of a line whose end is not read yet
    skipping = False  # inside a line already reported too long: drop it to its end
    while block := file.read(BLOCK):
        if skipping:
            end = block.find(b"\n")
            if end == -1:
                continue
            block, skipping = block[end + 1 :], False
        data = pending + block if pending else block
        last = data.rfind(b"\n")
        body, pending = (b"", data) if last == -1 else (data[:last], data[last + 1 :])
        if last != -1:
            yield from _block_lines(body)
        if len(pending) > limit:
            yield _decode(pending[:limit])[:MAX_LINE], True
            pending, skipping = b"", True
    if pending:
        yield from _block_lines(pending)


def _block_lines(body: bytes) -> Iterator[tuple[str, bool]]:
    try:  # one decoding for the whole block, the common case
        lines = body.decode("utf-8").split("\n")
    except UnicodeDecodeError:
        lines = [_decode(line) for line in body.split(b"\n")]
    for line in lines:
        if len(line) > MAX_LINE:
            yield line[:MAX_LINE], True
        else:
            yield line, False


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _hands(lines: Iterable[tuple[str, bool]]) -> Iterator[RawHand]:
    hand: RawHand | None = None
    summarised = False  # the hand has reached its summary: a blank line ends it
    for number, (line, too_long) in enumerate(lines, 1):
        if number == 1 and line.startswith(_BOM):
            line = line[1:]
        if line[-1:] == "\r":
            line = line[:-1]
        if line[:11] == "PokerStars " and is_header(line):
            if hand is not None:
                yield hand
            hand, summarised = RawHand(number), False
        if hand is None:
            continue
        if summarised and not line.strip():
            yield hand
            hand = None
            continue
        if hand.problem is not None:
            continue  # the hand is already lost: keep nothing more of it
        if too_long:
            hand.problem = f"the line is longer than {MAX_LINE} characters"
            hand.problem_line = number
            hand.lines.clear()
        elif len(hand.lines) >= MAX_HAND_LINES:
            hand.problem = f"the hand is longer than {MAX_HAND_LINES} lines"
            hand.problem_line = number
            hand.lines.clear()
        else:
            hand.lines.append(line)
            summarised = summarised or line.startswith("*** SUMMARY ***")
    if hand is not None:
        yield hand
