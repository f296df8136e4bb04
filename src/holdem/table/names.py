"""Names and chat lines as people type them: made safe to show, compared as people see them.

Text is normalised (NFKC: full-width and styled letters become plain ones, "ｈｏｓｔ" is
"host") and the whitespace around it stripped; inside a name, runs of spaces become one.
A name is refused if it holds a character that shows nothing or changes how the text
around it shows (controls, bidi controls, zero-width characters, unassigned code points:
see ``_hidden``), or if nothing in it is visible. A chat line is held to the same rule,
except that it may join emoji into one (a ZWJ sequence such as the family emoji, and the
emoji presentation selector). Neither may stack more than ``MAX_MARKS`` combining marks
(accents drawn above or below) on one character: a letter with twenty of them draws as a
smear across the lines around it. Two names are the same name when they differ only in
letter case or by look-alike characters (Unicode TR39's confusables, as the
``confusables`` package compares them: "Аlice" with a Cyrillic А is "Alice").
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

import confusables  # type: ignore[import-untyped]

from holdem.errors import HoldemError, IllegalActionError

MAX_NAME_LENGTH = 24
MAX_CHAT_LENGTH = 300
# Controls, format characters (bidi controls, zero-width ones, the BOM), private use,
# surrogates, unassigned code points, line and paragraph separators.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})
# The default-ignorable code points of other categories (Unicode's DerivedCoreProperties:
# the combining grapheme joiner, Hangul fillers, variation selectors), and the blank
# braille pattern: each shows as nothing.
BLANK_RANGES = (
    (0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
    (0x2800, 0x2800), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0),
    (0xE0100, 0xE01EF),
)  # fmt: skip
# Combining marks on one character: Vietnamese and Thai stack two, a few scripts three.
MAX_MARKS = 3
STACKING = frozenset({"Mn", "Me"})  # nonspacing and enclosing marks: drawn on the one before
ZWJ = "\u200d"
EMOJI_STYLES = ("\ufe0e", "\ufe0f")  # text and emoji presentation selectors


class TextError(HoldemError, ValueError):
    """A name or a chat line that cannot be shown as it was typed."""


def normalised(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip()


def player_name(text: str, what: str = "a name", max_length: int = MAX_NAME_LENGTH) -> str:
    """``text`` as a name (of a player, or ``what`` else): normalised, then checked."""
    # Checked as sent too, so that a refusal names the character typed, and before a
    # line break inside could become a space.
    _refuse_hidden(text.strip(), what)
    name = " ".join(normalised(text).split())
    check_name(name, what, max_length)
    return name


def check_name(name: str, what: str = "a name", max_length: int = MAX_NAME_LENGTH) -> None:
    """Raise ``TextError`` unless every character of ``name`` shows and one of them is a
    letter, a digit or a symbol."""
    _refuse_hidden(name, what)
    _refuse_stacked_marks(name, what)
    if not any(unicodedata.category(c)[0] in "LNS" for c in name):
        raise TextError(f"{what} needs at least one visible letter, digit or symbol")
    if len(name) > max_length:
        raise TextError(f"{what} is at most {max_length} characters, not {len(name)}")


def chat_text(text: str) -> str:
    """``text`` as a chat line: normalised, checked like a name, emoji sequences allowed."""
    _refuse_hidden(text.strip(), "a chat line", emoji=True)
    line = normalised(text)
    _refuse_hidden(line, "a chat line", emoji=True)
    _refuse_stacked_marks(line, "a chat line")
    if not any(unicodedata.category(c)[0] in "LNSP" for c in line):
        raise TextError("a chat line needs at least one visible character")
    if len(line) > MAX_CHAT_LENGTH:
        raise TextError(f"a chat line is at most {MAX_CHAT_LENGTH} characters, not {len(line)}")
    return line


def _refuse_stacked_marks(text: str, what: str) -> None:
    run = 0
    for character in text:
        run = run + 1 if unicodedata.category(character) in STACKING else 0
        if run > MAX_MARKS:
            raise TextError(
                f"{what} has more than {MAX_MARKS} accents (combining marks) on one character"
            )


def same_name(a: str, b: str) -> bool:
    """Whether ``a`` would pass for ``b``: they differ only in letter case or look-alikes."""
    a, b = _compared(a), _compared(b)
    return a == b or bool(confusables.is_confusable(a, b))


def check_free(name: str, taken: Iterable[str], where: str) -> None:
    """Raise ``IllegalActionError`` if ``name`` would pass for one of ``taken``, the names
    already ``where`` ("at the table", "registered")."""
    twin = next((other for other in taken if same_name(name, other)), None)
    if twin == name:
        raise IllegalActionError(f"{name!r} is already {where}: choose another name")
    if twin is not None:
        raise IllegalActionError(
            f"{name!r} is already {where} as {twin!r} (names that differ only in letter case"
            " or look-alike characters are one name): choose another name"
        )


def _compared(name: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def _hidden(char: str) -> bool:
    code = ord(char)
    return unicodedata.category(char) in HIDDEN_CATEGORIES or any(
        low <= code <= high for low, high in BLANK_RANGES
    )


def _refuse_hidden(text: str, what: str, *, emoji: bool = False) -> None:
    """Raise ``TextError`` naming the first hidden character of ``text`` (joiners inside
    emoji aside, when ``emoji``)."""
    for i, char in enumerate(text):
        if _hidden(char) and not (emoji and _joins_emoji(text, i)):
            raise TextError(
                f"{what} may not contain invisible or control characters (U+{ord(char):04X})"
            )


def _joins_emoji(text: str, i: int) -> bool:
    """Whether ``text[i]`` is a joiner or a presentation selector inside an emoji: a ZWJ
    between two pictographs (👨‍👩‍👧), a selector after a symbol or a keycap's digit (❤️, 1️⃣)."""
    char = text[i]
    before = unicodedata.category(text[i - 1]) if i > 0 else ""
    if char in EMOJI_STYLES:
        return i > 0 and (before == "So" or text[i - 1] in "0123456789#*")
    if char == ZWJ and i + 1 < len(text):
        joined = before in ("So", "Sk") or (i > 0 and text[i - 1] in EMOJI_STYLES)
        return joined and unicodedata.category(text[i + 1]) == "So"
    return False
