"""Convert between PokerStars text and PHH, many files in, one stream out.

Input is read by its name: ``.phh`` and ``.phhs`` files are PHH, anything else is
PokerStars text (folders are walked for ``.phh``, ``.phhs`` and ``.txt``). Hands come
one at a time, so a file of any size is converted in bounded memory. Each hand is a
:class:`Converted`: the :class:`HandHistory`, or the reason it could not be read with
the file and line where the hand starts (or the line that stopped it).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from holdem.errors import HoldemError
from holdem.history.errors import PHHError
from holdem.history.hand import HandHistory
from holdem.history.phh import dumps, iter_hands
from holdem.history.pokerstars_import import histories_of_stars
from holdem.history.pokerstars_lines import RawHand, iter_raw_hands
from holdem.history.pokerstars_read import StarsError, StarsHand, read_hand

__all__ = [
    "Converted",
    "convert_paths",
    "convert_raw",
    "convert_raws",
    "input_files",
    "read_paths",
    "read_pokerstars",
    "write_phh",
    "write_pokerstars",
]

PHH_SUFFIXES = (".phh", ".phhs")
FOLDER_SUFFIXES = (*PHH_SUFFIXES, ".txt")
FORMATS = ("phh", "pokerstars")


@dataclass(frozen=True)
class Converted:
    """One hand read from a file: ``hand``, or ``error`` with where it happened."""

    path: str
    line: int | None  # the line of a PokerStars hand (or of what stopped it)
    hand: HandHistory | None
    error: str | None = None

    @property
    def where(self) -> str:
        return self.path if self.line is None else f"{self.path}:{self.line}"


def input_files(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """The files to read: each file named, and the hand files under each folder.

    A path that does not exist raises :class:`FileNotFoundError`.
    """
    found: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            found += sorted(
                (f for f in path.rglob("*") if f.suffix in FOLDER_SUFFIXES and f.is_file()),
                key=lambda f: _natural(f.relative_to(path).as_posix()),
            )
        elif path.is_file():
            found.append(path)
        else:
            raise FileNotFoundError(2, "no such file or folder", str(path))
    return found


def _natural(text: str) -> list[str | int]:
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", text)]


def read_paths(paths: Iterable[str | os.PathLike[str]]) -> Iterator[Converted]:
    """Every hand of every input, PHH or PokerStars, in order."""
    for path in input_files(paths):
        if path.suffix in PHH_SUFFIXES:
            yield from _read_phh(path)
        else:
            yield from read_pokerstars(path)


def _read_phh(path: Path) -> Iterator[Converted]:
    for read in iter_hands(path):
        if isinstance(read.result, PHHError):
            error = read.result  # worded without the path, which Converted.where gives
            reason = str(PHHError(error.reason, hand=error.hand, field=error.field))
            yield Converted(str(path), None, None, reason)
        else:
            yield Converted(str(path), None, read.result)


def read_pokerstars(path: str | os.PathLike[str]) -> Iterator[Converted]:
    """Every hand of a PokerStars text file as PHH; a file with none is one error."""
    where = os.fspath(path)
    count = 0
    batch: list[RawHand] = []
    try:
        for raw in iter_raw_hands(path):
            count += 1
            batch.append(raw)
            if len(batch) == _BATCH:
                yield from convert_raws(where, batch)
                batch = []
    except OSError as error:
        yield from convert_raws(where, batch)
        yield Converted(where, None, None, f"cannot be read: {error.strerror}")
        return
    yield from convert_raws(where, batch)
    if not count:
        yield Converted(
            where, None, None, "no PokerStars hand in it (a hand starts 'PokerStars Hand #')"
        )


_BATCH = 256
"""Hands converted together: the compiled kernel checks them in one call."""


def convert_raw(where: str, raw: RawHand) -> Converted:
    """One cut hand of file ``where`` as PHH, or why it cannot be."""
    [converted] = convert_raws(where, [raw])
    return converted


def convert_raws(where: str, raws: Sequence[RawHand]) -> list[Converted]:
    """Cut hands of file ``where`` as PHH, each or why it cannot be, in order."""
    read: list[StarsHand | Converted] = []
    for raw in raws:
        if raw.problem is not None:
            read.append(Converted(where, raw.problem_line, None, raw.problem))
            continue
        try:
            read.append(read_hand(raw.lines, raw.first_line))
        except HoldemError as error:
            read.append(_failed(where, raw, error))
    histories = iter(histories_of_stars([r for r in read if isinstance(r, StarsHand)]))
    converted = []
    for raw, done in zip(raws, read, strict=True):
        if isinstance(done, Converted):
            converted.append(done)
            continue
        history = next(histories)
        if isinstance(history, HoldemError):
            converted.append(_failed(where, raw, history))
        else:
            converted.append(Converted(where, raw.first_line, history))
    return converted


def _failed(where: str, raw: RawHand, error: HoldemError) -> Converted:
    if isinstance(error, StarsError):
        return Converted(where, error.line or raw.first_line, None, error.reason)
    return Converted(where, raw.first_line, None, str(error))  # the record itself refuses


# Writing


def write_phh(
    results: Iterable[Converted], out: TextIO, *, single: bool = False
) -> Iterator[Converted]:
    """Write each hand read as a numbered table of a ``.phhs``; yield every result.

    ``single``: the output is a ``.phh``, which holds one hand, written bare; any hand
    after the first is refused.
    """
    number = 0
    for result in results:
        if result.hand is not None:
            if single and number:
                reason = "a .phh file holds one hand: write several to a .phhs file"
                yield Converted(result.path, result.line, None, reason)
                continue
            try:
                text = dumps(result.hand)
            except PHHError as error:
                yield Converted(result.path, result.line, None, str(error))
                continue
            number += 1
            if single:
                out.write(text)
            else:
                out.write(f"[{number}]\n{text}" if number == 1 else f"\n[{number}]\n{text}")
        yield result


def write_pokerstars(results: Iterable[Converted], out: TextIO) -> Iterator[Converted]:
    """Write each hand read as PokerStars text, hands apart as PokerStars sets them."""
    # Imported here: the writer replays each hand through Hand, which --to phh never needs.
    from holdem.history.pokerstars_export import SEPARATOR, pokerstars_of_history

    number = 0
    for result in results:
        if result.hand is not None:
            try:
                text = pokerstars_of_history(result.hand, number=number + 1)
            except HoldemError as error:
                yield Converted(result.path, result.line, None, f"cannot be written: {error}")
                continue
            number += 1
            out.write(text + SEPARATOR)
        yield result


def convert_paths(
    paths: Iterable[str | os.PathLike[str]], to: str, out: TextIO, *, single: bool = False
) -> Iterator[Converted]:
    """Read every input and write it to ``out`` in format ``to`` (phh or pokerstars);
    ``single``: PHH for a ``.phh`` file, one hand."""
    if to not in FORMATS:
        raise ValueError(f"{to!r} is not a format: convert to {' or '.join(FORMATS)}")
    if to == "phh":
        yield from write_phh(read_paths(paths), out, single=single)
    else:
        yield from write_pokerstars(read_paths(paths), out)
