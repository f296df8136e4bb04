"""The engine's events as the lines of the hand's log ("Ana raises to 6")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from holdem.engine import HandConfig, HandResult, events
from holdem.terminal.style import chips, inline

STREETS = ("Preflop", "Flop", "Turn", "River")


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

    def name(self, player: int) -> Text:
        style = "bold cyan" if player == self.you else "bold"
        return Text(self.names[player], style=style)

    def says(self, player: int, second: str, third: str) -> Text:
        """The player's name and the verb in the right person: "You call", "Ana calls"."""
        return Text.assemble(self.name(player), " ", second if player == self.you else third)


def narrate(event: events.Event, cast: Cast, pots: int | None = None) -> Text | None:
    """One log line for an event, or None for those a player does not need to read.
    ``pots``: how many pots each board's awards share out, when the hand is over (a lone
    pot is "the pot", never "the main pot")."""
    if isinstance(event, events.PlayerActed):
        return _acted(event, cast)
    if isinstance(event, events.BlindPosted):
        line = cast.says(event.player, "post", "posts")
        line.append(f" {cast.blind(event)}{chips(event.amount)}")
        return _all_in(line, event.all_in)
    if isinstance(event, events.AntePosted):
        return _all_in(
            cast.says(event.player, "ante", "antes").append(f" {event.amount}"), event.all_in
        )
    if isinstance(event, events.HoleCardsDealt):
        if event.player != cast.you or event.cards is None:
            return None
        return Text.assemble("Dealt to you  ", inline(event.cards))
    if isinstance(event, events.BoardDealt):
        board = "" if event.run == 0 else f" (board {event.run + 1})"
        return Text.assemble(
            (f"── {STREETS[event.street]}{board} ", "bold yellow"), inline(event.cards)
        )
    if isinstance(event, events.UncalledBetReturned):
        return Text.assemble(
            f"{chips(event.amount)} uncalled goes back to ", cast.name(event.player)
        )
    if isinstance(event, events.HandsExposed):
        line = Text("All in, cards up:", style="bold magenta")
        for player, cards in event.hands:
            line.append("  ").append_text(cast.name(player))
            line.append(" ").append_text(inline(cards))
        return line
    if isinstance(event, events.CardsShown):
        line = cast.says(event.player, "show", "shows")
        return line.append(" ").append_text(inline(event.cards)).append(f"  {event.description}")
    if isinstance(event, events.CardsMucked):
        return cast.says(event.player, "muck", "mucks")
    if isinstance(event, events.PotAwarded):
        return _awarded(event, cast, pots)
    if isinstance(event, (events.HandVoided, events.Misdealt)):
        return Text(f"The hand is void: {event.reason}", style="bold red")
    return None


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


def _acted(event: events.PlayerActed, cast: Cast) -> Text:
    phrase = did(event, you=event.player == cast.you)
    line = Text.assemble(cast.name(event.player), " ", phrase)
    if event.action == "fold":
        line.stylize("dim")
    return _all_in(line, event.all_in)


def _all_in(line: Text, all_in: bool) -> Text:
    return line.append("  all-in", style="bold magenta") if all_in else line


def _awarded(event: events.PotAwarded, cast: Cast, pots: int | None) -> Text:
    pot = pot_name(event.pot, pots)
    board = f" (board {event.run + 1})" if event.run else ""
    winners = [player for player, _ in event.shares]
    line = Text()
    for k, player in enumerate(winners):
        if k:
            line.append(" and " if k == len(winners) - 1 else ", ")
        line.append_text(cast.name(player))
    if len(winners) == 1:
        verb = "win" if winners[0] == cast.you else "wins"
        line.append(f" {verb} {pot}{board}, {chips(event.amount)}", style="bold green")
    else:
        each = ", ".join(chips(c) for _, c in event.shares)
        line.append(f" split {pot}{board}, {chips(event.amount)} ({each})", style="bold green")
    return line.append(f": {event.reason}")


def pots_per_board(result: HandResult | None) -> int | None:
    """How many pots the first board's awards share out (None while the hand goes on)."""
    if result is None:
        return None
    return sum(1 for pot in result.pots if pot.run == 0)
