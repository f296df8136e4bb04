"""Cards, suits and chips as rich text: a four-colour deck on white card faces."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from holdem.cards import RANKS, SUIT_SYMBOLS, Card
from holdem.engine.narrate import Line, Mark
from holdem.engine.narrate import chips as chips

# Suits in code order (c, d, h, s). Four colours tell a flush apart at a glance.
SUIT_COLOURS = ("green4", "blue", "red3", "black")
CARD_BACK = Text(" ░░ ", style="bright_blue on blue")
NO_CARD = Text("    ", style="on grey23")


def card(c: Card) -> Text:
    """One card face: " A♠ ", bold, in its suit's colour on white."""
    return Text(
        f" {RANKS[c.rank]}{SUIT_SYMBOLS[c.suit]} ", style=f"bold {SUIT_COLOURS[c.suit]} on white"
    )


def cards(cs: Iterable[Card], *, faces: bool = True) -> Text:
    """Cards side by side, one space apart; ``faces=False`` shows their backs."""
    return Text(" ").join(card(c) if faces else CARD_BACK.copy() for c in cs)


def inline(cs: Iterable[Card]) -> Text:
    """Cards inside a sentence: coloured symbols without the card face (A♠ K♦)."""
    return Text(" ").join(
        Text(f"{RANKS[c.rank]}{SUIT_SYMBOLS[c.suit]}", style=f"bold {_on_dark(c)}") for c in cs
    )


# The style of each mark of a narrated line (holdem.engine.narrate).
MARK_STYLES: dict[Mark, str] = {
    "name": "bold",
    "you": "bold cyan",
    "street": "bold yellow",
    "all_in": "bold magenta",
    "won": "bold green",
    "void": "bold red",
    "quiet": "dim",
}


def styled(line: Line) -> Text:
    """A narrated line in the terminal's colours: names in bold, cards in their suits'."""
    text = Text(style=MARK_STYLES[line.mark] if line.mark else "")  # under the spans' own
    for span in line.spans:
        if span.cards:
            text.append_text(inline(span.cards))
        else:
            text.append(span.text, style=MARK_STYLES.get(span.mark, ""))
    return text


def _on_dark(c: Card) -> str:
    # Black spades vanish on a dark terminal: inline text uses the default colour instead.
    return ("green", "bright_blue", "red", "default")[c.suit]


def pct(share: float) -> str:
    return f"{100 * share:.1f}%"
