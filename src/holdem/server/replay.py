"""A finished hand as steps for the page's replayer: stacks, bets, pot, board and the
cards one viewer may see, after each thing that happened.

The steps are read from the hand's events as the viewer saw them (``visible_to`` and
``redacted``, the rule of the PHH download): their own hole cards if they played the
hand, and the cards shown or turned up all-in; nobody else's ever.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from holdem.cardroom.after_hand import FinishedHand, shown_after_hand
from holdem.engine import events
from holdem.engine.narrate import did
from holdem.server.views import STREETS, cards

Json = dict[str, Any]

# Events that end the step being built (when it says something); the others (an uncalled
# bet returned, the hand's end) join the step they follow.
_NEW_STEP = (
    events.PlayerActed,
    events.BettingRoundEnded,  # bets go to the pot as the next street's step begins
    events.BoardDealt,
    events.HandsExposed,
    events.CardsShown,
    events.CardsMucked,
    events.HandVoided,
)
_STREET_NAMES = {1: "Flop", 2: "Turn", 3: "River"}


@dataclass
class _Replay:
    """The table as the replay has got to it."""

    finished: FinishedHand
    stacks: list[int]
    bets: list[int]
    folded: list[bool]
    seen: list[list[str] | None]
    pot: int = 0
    street: int = 0
    board: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)  # what the coming step says
    awarding: bool = False  # the coming step awards pots: every award joins it

    def name(self, position: int) -> str:
        return self.finished.played.names[position]

    def apply(self, event: events.Event) -> None:
        if isinstance(event, events.AntePosted):
            self.stacks[event.player] -= event.amount
            self.pot += event.amount
        elif isinstance(event, events.BlindPosted):
            self.stacks[event.player] -= event.amount
            if event.dead:
                self.pot += event.amount
            else:
                self.bets[event.player] += event.amount
            self.lines.append(f"{self.name(event.player)} posts {event.amount}")
        elif isinstance(event, events.HoleCardsDealt):
            if event.cards is not None:
                self.seen[event.player] = cards(event.cards)
        elif isinstance(event, events.PlayerActed):
            self.stacks[event.player] -= event.added
            self.bets[event.player] += event.added
            self.folded[event.player] = event.action == "fold"
            all_in = " (all-in)" if event.all_in else ""
            self.lines.append(f"{self.name(event.player)} {did(event)}{all_in}")
        elif isinstance(event, events.UncalledBetReturned):
            back = min(event.amount, self.bets[event.player])
            self.bets[event.player] -= back
            self.pot -= event.amount - back
            self.stacks[event.player] += event.amount
            self.lines.append(f"{event.amount} uncalled returned to {self.name(event.player)}")
        elif isinstance(event, events.BettingRoundEnded):
            self.pot += sum(self.bets)
            self.bets = [0] * len(self.bets)
        else:
            self._apply_showing(event)

    def _apply_showing(self, event: events.Event) -> None:
        if isinstance(event, events.BoardDealt):
            if event.run == 0:
                self.board += cards(event.cards)
                self.street = event.street
            board = " ".join(cards(event.cards))
            second = f" (board {event.run + 1})" if event.run else ""
            self.lines.append(f"{_STREET_NAMES.get(event.street, 'Board')}{second}: {board}")
        elif isinstance(event, events.HandsExposed):
            for player, hole in event.hands:
                self.seen[player] = cards(hole)
            self.lines.append("All-in: the hands are turned up")
        elif isinstance(event, events.CardsShown):
            self.seen[event.player] = cards(event.cards)
            shown = " ".join(cards(event.cards))
            self.lines.append(f"{self.name(event.player)} shows {shown} ({event.description})")
        elif isinstance(event, events.CardsMucked):
            self.lines.append(f"{self.name(event.player)} mucks")
        elif isinstance(event, events.PotAwarded):
            self.pot -= event.amount
            self.awarding = True
            for player, chips in event.shares:
                self.stacks[player] += chips
                self.lines.append(f"{self.name(player)} wins {chips}: {event.reason}")
        elif isinstance(event, events.HandVoided | events.Misdealt):
            self.stacks = list(event.stacks)
            self.bets = [0] * len(self.bets)
            self.pot = 0
            self.lines.append(f"The hand was voided: {event.reason}")

    def show_after_hand(self, position: int, shown: list[str]) -> None:
        """Cards turned up once the hand was over (after_hand.py): the viewer's own stay
        whole."""
        if self.seen[position] is None:
            self.seen[position] = shown
        self.lines.append(f"{self.name(position)} shows {' '.join(shown)} after the hand")

    def step(self) -> Json:
        played = self.finished.played
        step = {
            "text": "; ".join(self.lines),
            "street": STREETS[min(self.street, 3)],
            "board": list(self.board),
            "pot": self.pot,
            "seats": [
                {
                    "seat": played.seat_of[position] + 1,
                    "name": self.name(position),
                    "stack": self.stacks[position],
                    "bet": self.bets[position],
                    "folded": self.folded[position],
                    "cards": self.seen[position],
                }
                for position in range(len(self.stacks))
            ],
        }
        self.lines, self.awarding = [], False
        return step


def replay(finished: FinishedHand, owner: str | None) -> Json:
    """The hand's steps as the holder of ``owner``'s token may see them."""
    played = finished.played
    viewer = finished.position_of(owner)
    count = len(played.names)
    state = _Replay(
        finished,
        stacks=list(played.hand.config.starting_stacks),
        bets=[0] * count,
        folded=[False] * count,
        seen=[None] * count,
    )
    steps: list[Json] = []
    for event in played.hand.events:
        seen = event if event.visible_to(viewer) else event.redacted()
        new_step = isinstance(seen, _NEW_STEP) or (
            isinstance(seen, events.PotAwarded) and not state.awarding
        )
        if new_step and state.lines:
            steps.append(state.step())
        state.apply(seen)
    if state.lines:
        steps.append(state.step())
    for position, shown in shown_after_hand(finished):
        state.show_after_hand(position, shown)
    if state.lines:
        steps.append(state.step())
    blinds = played.blinds
    return {
        "number": played.number,
        "button": blinds.button + 1,
        "you": played.seat_of[viewer] + 1 if viewer is not None else None,
        "steps": steps,
    }
