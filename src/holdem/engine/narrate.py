"""The engine's events as the lines of the hand's log ("Ana raises to 6"), in plain words.

A line is a run of spans, each marked with what it is (a player's name, your name, cards,
a street, an all-in, a win); the cardroom and the server keep its plain text, and only
the terminal gives the marks a style (``holdem.terminal.style.styled``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, assert_never

from holdem.cards import RANKS, SUIT_SYMBOLS, Card
from holdem.engine import HandConfig, HandResult, events

STREETS = ("Preflop", "Flop", "Turn", "River")

Mark = Literal["", "name", "you", "cards", "street", "all_in", "won", "void", "quiet"]
"""What a span (or a whole line) is, for whoever styles it: ``quiet`` is a fold."""


@dataclass(frozen=True, slots=True)
class Span:
    """A piece of a line: its words, what they are, and the cards they name (if any)."""

    text: str
    mark: Mark = ""
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the log: its spans, and a mark for the whole line ("" for none)."""

    spans: tuple[Span, ...]
    mark: Mark = ""

    @property
    def plain(self) -> str:
        return "".join(span.text for span in self.spans)


def chips(amount: int) -> str:
    return f"{amount:,}"


def cards_span(cs: Iterable[Card]) -> Span:
    """Cards inside a sentence: "A♠ K♦"."""
    held = tuple(cs)
    return Span(" ".join(f"{RANKS[c.rank]}{SUIT_SYMBOLS[c.suit]}" for c in held), "cards", held)


@dataclass(frozen=True)
class Cast:
    """Who is who in one hand: names by position, and the person's position (or None)."""

    names: Sequence[str]
    you: int | None
    small_blind: int
    big_blind: int
    blind_positions: Sequence[int] = ()
    """Per player, the forced bet the position owes (``HandConfig.blind_position``): a
    blind is named by the position that owes it, not by its amount (a big blind all-in
    for 1 is still the big blind)."""
    owed: Sequence[int] = ()
    """Per player, the amount that position owes (0: none)."""

    @classmethod
    def of(cls, names: Sequence[str], you: int | None, config: HandConfig) -> Cast:
        players = range(config.player_count)
        small, big = config.blinds_or_straddles[0], config.blinds_or_straddles[1]
        return cls(
            names, you, small, big,
            tuple(config.blind_position(p) for p in players),
            tuple(config.forced_bet(p) for p in players),
        )  # fmt: skip

    def blind(self, event: events.BlindPosted) -> str:
        """The words for a posted blind: "the small blind ", "a straddle of ", ..."""
        if event.dead:
            return "a dead blind "
        if self.owed and self.owed[event.player]:
            position = self.blind_positions[event.player]
            return (
                ("the small blind ", "the big blind ")[position]
                if position < 2
                else ("a straddle of ")
            )
        if event.amount == self.big_blind:
            return "a big blind "  # owed by no position: a player coming in posts it
        return ""

    def name(self, player: int) -> Span:
        return Span(self.names[player], "you" if player == self.you else "name")

    def says(self, player: int, second: str, third: str) -> list[Span]:
        """The player's name and the verb in the right person: "You call", "Ana calls"."""
        return [self.name(player), Span(" " + (second if player == self.you else third))]


def narrate(event: events.AnyEvent, cast: Cast, pots: int | None = None) -> Line | None:
    """One log line for an event, or None for those a player does not need to read.
    ``pots``: how many pots each board's awards share out, when the hand is over (a lone
    pot is "the pot", never "the main pot")."""
    match event:
        case events.PlayerActed():
            phrase = did(event, you=event.player == cast.you)
            spans = [cast.name(event.player), Span(" " + phrase)]
            return _line(spans, event.all_in, "quiet" if event.action == "fold" else "")
        case events.BlindPosted():
            spans = cast.says(event.player, "post", "posts")
            spans.append(Span(f" {cast.blind(event)}{chips(event.amount)}"))
            return _line(spans, event.all_in)
        case events.AntePosted():
            spans = cast.says(event.player, "ante", "antes")
            return _line([*spans, Span(f" {event.amount}")], event.all_in)
        case events.HoleCardsDealt():
            if event.player != cast.you or event.cards is None:
                return None
            return Line((Span("Dealt to you  "), cards_span(event.cards)))
        case events.BoardDealt():
            board = "" if event.run == 0 else f" (board {event.run + 1})"
            street = Span(f"── {STREETS[event.street]}{board} ", "street")
            return Line((street, cards_span(event.cards)))
        case events.UncalledBetReturned():
            back = Span(f"{chips(event.amount)} uncalled goes back to ")
            return Line((back, cast.name(event.player)))
        case events.HandsExposed():
            spans = [Span("All in, cards up:")]
            for player, cards in event.hands:
                spans += [Span("  "), cast.name(player), Span(" "), cards_span(cards)]
            return Line(tuple(spans), "all_in")
        case events.CardsShown():
            spans = cast.says(event.player, "show", "shows")
            spans += [Span(" "), cards_span(event.cards), Span(f"  {event.description}")]
            return Line(tuple(spans))
        case events.CardsMucked():
            return Line(tuple(cast.says(event.player, "muck", "mucks")))
        case events.PotAwarded():
            return _awarded(event, cast, pots)
        case events.HandVoided() | events.Misdealt():
            return Line((Span(f"The hand is void: {event.reason}"),), "void")
        case (
            events.CardBurned()
            | events.BettingRoundEnded()
            | events.HandEnded()
            | events.CardExposed()
            | events.ExtraCardsDealt()
            | events.BoardReturned()
        ):
            return None  # the dealer's and the engine's own steps: the log's readers skip them
        case _:
            assert_never(event)


def pot_name(index: int, pots: int | None = None) -> str:
    if pots == 1:
        return "the pot"
    return "the main pot" if index == 0 else f"side pot {index}"


def did(event: events.PlayerActed, *, you: bool = False) -> str:
    """What a player did, as a verb phrase: "raises to 6" (or "raise to 6" for you)."""
    words = {
        "fold": ("fold", "folds"),
        "check": ("check", "checks"),
        "call": (f"call {chips(event.added)}", f"calls {chips(event.added)}"),
        "bet": (f"bet {chips(event.to)}", f"bets {chips(event.to)}"),
        "raise": (f"raise to {chips(event.to)}", f"raises to {chips(event.to)}"),
    }
    second, third = words.get(event.action, (event.action, event.action))
    return second if you else third


def _line(spans: list[Span], all_in: bool, mark: Mark = "") -> Line:
    if all_in:
        spans.append(Span("  all-in", "all_in"))
    return Line(tuple(spans), mark)


def _awarded(event: events.PotAwarded, cast: Cast, pots: int | None) -> Line:
    pot = pot_name(event.pot, pots)
    board = f" (board {event.run + 1})" if event.run else ""
    winners = [player for player, _ in event.shares]
    spans: list[Span] = []
    for k, player in enumerate(winners):
        if k:
            spans.append(Span(" and " if k == len(winners) - 1 else ", "))
        spans.append(cast.name(player))
    if len(winners) == 1:
        verb = "win" if winners[0] == cast.you else "wins"
        spans.append(Span(f" {verb} {pot}{board}, {chips(event.amount)}", "won"))
    else:
        each = ", ".join(chips(c) for _, c in event.shares)
        spans.append(Span(f" split {pot}{board}, {chips(event.amount)} ({each})", "won"))
    spans.append(Span(f": {event.reason}"))
    return Line(tuple(spans))


def pots_per_board(result: HandResult | None) -> int | None:
    """How many pots the first board's awards share out (None while the hand goes on)."""
    if result is None:
        return None
    return sum(1 for pot in result.pots if pot.run == 0)
