"""Reading and writing PHH files: ``.phh`` holds one hand, ``.phhs`` many, under the
numbered tables ``[1]``, ``[2]``, ...

Strict readers (:func:`load`, :func:`loads`) raise the first :class:`PHHError`; the
lenient ones (:func:`iter_hands`, :func:`iter_hands_text`) yield every hand's result,
a :class:`HandHistory` or the error that stopped it, so one bad hand in a ``.phhs`` does
not hide the others. Errors name the file, the hand (``[n]``) and the field or action.

>>> text = '''
... variant = 'NT'
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [200, inf]
... actions = ['d dh p1 AsKd', 'd dh p2 ????', 'p2 cbr 6 # opens', 'p1 f']
... '''
>>> [hand] = loads(text)
>>> hand.actions[2]
BetRaise(player=1, to=6, comment='opens')
>>> print(dumps(hand), end="")
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, inf]
actions = ['d dh p1 AsKd', 'd dh p2 ????', 'p2 cbr 6 # opens', 'p1 f']
"""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from tomllib import TOMLDecodeError
from typing import Any, NamedTuple

from holdem.history._toml import format_key, format_value
from holdem.history._toml import loads as toml_loads
from holdem.history.actions import (
    Action,
    BetRaise,
    CheckCall,
    DealBoard,
    DealHole,
    Fold,
    NoOp,
    ShowMuck,
    format_action,
    parse_action,
)
from holdem.history.errors import PHHError
from holdem.history.hand import VARIANTS, HandHistory

__all__ = [
    "VARIANTS",
    "Action",
    "BetRaise",
    "CheckCall",
    "DealBoard",
    "DealHole",
    "Fold",
    "HandHistory",
    "HandResult",
    "NoOp",
    "PHHError",
    "ShowMuck",
    "dump",
    "dumps",
    "dumps_many",
    "find_files",
    "format_action",
    "iter_hands",
    "iter_hands_text",
    "load",
    "loads",
    "parse_action",
]

SUFFIXES = (".phh", ".phhs")
_HUGE_INTEGER = "an integer has more than 4300 digits (amounts have at most 30)"
_HUGE_EXPONENT = "a number's exponent is too large to read (amounts have at most 30 digits)"

StrPath = str | os.PathLike[str]


class HandResult(NamedTuple):
    """One hand of a file as the lenient readers give it.

    ``number`` is the hand's table number in a ``.phhs`` and ``None`` for a ``.phh`` (or
    for an error about the whole file: unreadable, not TOML, a table that is not a hand
    number). ``result`` is the hand, or the :class:`PHHError` that stopped it.
    """

    number: int | None
    result: HandHistory | PHHError


# Reading


def load(path: StrPath) -> list[HandHistory]:
    """Every hand of a ``.phh`` or ``.phhs`` file, in table order; raise the first error."""
    return _strict(iter_hands(path))


def loads(
    text: str, *, multi: bool | None = None, path: StrPath | None = None
) -> list[HandHistory]:
    """Every hand of PHH text; raise the first error. See :func:`iter_hands_text`."""
    return _strict(iter_hands_text(text, multi=multi, path=path))


def iter_hands(path: StrPath) -> Iterator[HandResult]:
    """Each hand of a file, or the error that stopped it: see :class:`HandResult`.

    A ``.phhs`` file is read as many hands, a ``.phh`` as one, anything else by content.
    Nothing is raised for a bad file or hand: the error is yielded in its place.
    """
    where = os.fspath(path)
    try:
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except UnicodeDecodeError as error:
        reason = f"is not UTF-8 text (a PHH file is TOML, which is UTF-8): {error.reason}"
        yield HandResult(None, PHHError(reason, path=where))
        return
    except OSError as error:
        yield HandResult(None, PHHError(f"cannot be read: {error.strerror}", path=where))
        return
    yield from iter_hands_text(text, path=path)


def iter_hands_text(
    text: str, *, multi: bool | None = None, path: StrPath | None = None
) -> Iterator[HandResult]:
    """Each hand of PHH text, or the error that stopped it.

    ``multi`` says whether the text is a ``.phhs`` (hands under ``[1]``, ``[2]``, ...);
    ``None`` decides by the suffix of ``path``, else by content: only tables at the top
    make a ``.phhs``. ``path`` also names the file in error messages. Hands come in the
    numeric order of their tables, after any error about a table that is not a hand.
    """
    where = None if path is None else os.fspath(path)
    # Editors on Windows start UTF-8 files with a byte order mark, which TOML does not allow.
    text = text.removeprefix("\ufeff")
    try:
        document = toml_loads(text)
    except (ValueError, ArithmeticError) as error:
        # TOMLDecodeError, Python's refusal of an integer of thousands of digits, or
        # Decimal's of an exponent of 19 digits (1e999999999999999999999).
        if isinstance(error, TOMLDecodeError):
            reason = str(error)
        else:
            reason = _HUGE_INTEGER if isinstance(error, ValueError) else _HUGE_EXPONENT
        yield HandResult(None, PHHError(f"is not valid TOML: {reason}", path=where))
        return
    if multi is None and path is not None:
        multi = {".phhs": True, ".phh": False}.get(Path(path).suffix)
    if multi is None:
        multi = (
            "variant" not in document
            and bool(document)
            and all(isinstance(value, dict) for value in document.values())
        )
    if not multi:
        yield HandResult(None, _read(document, where, None))
        return
    numbered: list[tuple[int, dict[str, Any]]] = []
    for key, value in document.items():
        if not isinstance(value, dict):
            reason = (
                f"{key!r} is outside any hand: a .phhs file holds hands under numbered "
                "tables [1], [2], ..., each with its own fields"
            )
            yield HandResult(None, PHHError(reason, path=where))
        elif not (key.isascii() and key.isdigit() and str(int(key)) == key):
            reason = (
                f"table [{key}] is not a hand number: a .phhs file numbers its hands [1], [2], ..."
            )
            yield HandResult(None, PHHError(reason, path=where))
        else:
            numbered.append((int(key), value))
    numbered.sort(key=lambda item: item[0])
    for index, table in numbered:
        yield HandResult(index, _read(table, where, index))


def _read(table: Mapping[str, Any], where: str | None, index: int | None) -> HandHistory | PHHError:
    try:
        return HandHistory.from_table(table)
    except PHHError as error:
        return error.located(path=where, hand=index)


def _strict(results: Iterable[HandResult]) -> list[HandHistory]:
    hands: list[HandHistory] = []
    for _, result in results:
        if isinstance(result, PHHError):
            raise result
        hands.append(result)
    return hands


def find_files(paths: Iterable[StrPath], *, max_depth: int | None = None) -> list[Path]:
    """The ``.phh`` and ``.phhs`` files under each path, folders walked recursively.

    A file named directly is kept whatever its suffix. Within a folder, files come in
    natural order (``hand-2`` before ``hand-10``); each file appears once. ``max_depth``:
    walk at most that many levels of a folder named (1: only the files directly in it,
    as ``find -maxdepth``); None walks the whole tree. A path that does not exist raises
    :class:`FileNotFoundError`.
    """
    if max_depth is not None and max_depth < 1:
        raise ValueError(f"max_depth {max_depth}: 1 (the folder's own files) or more")
    found: list[Path] = []
    seen: set[Path] = set()
    for path in map(Path, paths):
        if path.is_dir():
            files = sorted(_walk(path, max_depth), key=lambda f: _natural_key(f.relative_to(path)))
        elif path.is_file():
            files = [path]
        else:
            raise FileNotFoundError(errno.ENOENT, "no such PHH file or folder", str(path))
        for file in files:
            if file not in seen:
                seen.add(file)
                found.append(file)
    return found


def _walk(folder: Path, max_depth: int | None) -> Iterator[Path]:
    """The PHH files under ``folder``, at most ``max_depth`` levels down (None: all)."""
    for root, folders, names in os.walk(folder):
        here = Path(root)
        depth = len(here.relative_to(folder).parts) + 1
        if max_depth is not None and depth >= max_depth:
            folders.clear()  # go no deeper
        for name in names:
            file = here / name
            if file.suffix in SUFFIXES and file.is_file():
                yield file


def _natural_key(path: Path) -> tuple[list[str | int], ...]:
    # re.split with a group alternates text and digits, so like positions compare alike.
    return tuple(
        [int(piece) if i % 2 else piece for i, piece in enumerate(re.split(r"(\d+)", part))]
        for part in path.parts
    )


# Writing


def dumps(hand: HandHistory) -> str:
    """One hand as the text of a ``.phh`` file, fields in PHH's order."""
    lines = []
    for key, value in hand.to_table().items():
        try:
            lines.append(f"{format_key(key)} = {format_value(value)}\n")
        except TypeError as error:
            raise PHHError(f"cannot be written: {error}", field=key) from None
    return "".join(lines)


def dumps_many(hands: Iterable[HandHistory] | Mapping[int, HandHistory]) -> str:
    """Hands as the text of a ``.phhs`` file: under ``[1]``, ``[2]``, ... in order, or
    under the numbers of a mapping ``{index: hand}``."""
    items = hands.items() if isinstance(hands, Mapping) else enumerate(hands, 1)
    blocks = []
    for index, hand in items:
        if isinstance(index, bool) or not isinstance(index, int) or index < 0:
            raise PHHError(f"hand number {index!r} is not allowed: hands are numbered 0, 1, 2, ...")
        blocks.append(f"[{index}]\n{dumps(hand)}")
    return "\n".join(blocks)


def dump(
    hands: HandHistory | Iterable[HandHistory] | Mapping[int, HandHistory], path: StrPath
) -> None:
    """Write hands to ``path``: a ``.phhs`` gets them all, anything else exactly one."""
    if Path(path).suffix == ".phhs":
        text = dumps_many([hands] if isinstance(hands, HandHistory) else hands)
    else:
        if isinstance(hands, HandHistory):
            one = [hands]
        else:
            one = list(hands.values() if isinstance(hands, Mapping) else hands)
        if len(one) != 1:
            raise PHHError(
                f"a .phh file holds one hand, not {len(one)}: write several to a .phhs file",
                path=os.fspath(path),
            )
        text = dumps(one[0])
    with open(path, "w", encoding="utf-8", newline="\n") as file:
        file.write(text)
