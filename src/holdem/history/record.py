"""Write a played hand as PHH: a view of the engine's event log.

A hand we played records the house rules it was played under in ``_holdem_rules`` (see
:mod:`holdem.history.house_rules`), so that ``holdem replay`` replays it under the same
rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from holdem.engine import Hand, Structure, events
from holdem.engine.rake import RakeTaken
from holdem.history.actions import (
    Action,
    BetRaise,
    CheckCall,
    DealBoard,
    DealHole,
    Fold,
    ShowMuck,
)
from holdem.history.hand import HandHistory
from holdem.history.house_rules import RULES_FIELD, rules_of

VARIANTS = {Structure.NO_LIMIT: "NT", Structure.POT_LIMIT: "PT", Structure.FIXED_LIMIT: "FT"}


def history_of(
    played: Hand,
    *,
    players: Sequence[str] | None = None,
    seats: Sequence[int] | None = None,
    private: bool = True,
    viewer: int | None = None,
    **optional: object,
) -> HandHistory:
    """The PHH record of a finished hand; a hand run more than once has every run's
    ``d db`` lines, one run after another, as the engine dealt them.

    With ``private=False`` the record holds only what ``viewer`` (a position, or None for
    anyone) saw: other players' hole cards are ``????`` unless they were shown.
    A raking table's hand adds its rake with :func:`with_rake`.
    ``optional`` takes any other PHH field: ``hand=12``, ``table=3``, ``event=...``.
    """
    config = played.config
    fixed = config.structure == Structure.FIXED_LIMIT
    return HandHistory(
        variant=VARIANTS[config.structure],
        ante_trimming_status=config.antes_trimmed,
        antes=config.antes,
        blinds_or_straddles=config.blinds_or_straddles,
        min_bet=None if fixed else config.min_bet,
        small_bet=config.min_bet if fixed else None,
        big_bet=config.bet_size(3) if fixed else None,
        starting_stacks=config.starting_stacks,
        actions=tuple(_actions(played.events if private else _seen_by(played.events, viewer))),
        players=tuple(players) if players is not None else None,
        seats=tuple(seats) if seats is not None else None,
        finishing_stacks=played.final_stacks,
        extra={RULES_FIELD: rules_of(config)},
        **optional,  # type: ignore[arg-type]
    )


def with_rake(history: HandHistory, played: Hand, rake: RakeTaken) -> HandHistory:
    """``history`` of ``played`` with the house's take (a raking table's ``PlayedHand.rake``):
    the ``rake``, each player's ``winnings`` net of it and the finishing stacks after it."""
    assert played.result is not None and played.final_stacks is not None
    paid = rake.less_shares(played.result.collected)
    after = rake.less_shares(played.final_stacks)
    return replace(history, rake=rake.total, winnings=paid, finishing_stacks=after)


def _seen_by(log: Sequence[events.Event], viewer: int | None) -> list[events.Event]:
    return [e if e.visible_to(viewer) else e.redacted() for e in log]


def _actions(log: Sequence[events.Event]) -> list[Action]:
    steps: list[Action] = []
    for event in log:
        if isinstance(event, events.HoleCardsDealt):
            steps.append(DealHole(event.player, event.cards or (None, None)))
        elif isinstance(event, events.BoardDealt):  # every run, in the order dealt
            steps.append(DealBoard(event.cards))
        elif isinstance(event, events.PlayerActed):
            steps.append(_betting(event))
        elif isinstance(event, events.CardsShown):
            steps.append(ShowMuck(event.player, event.cards))
        elif isinstance(event, events.CardsMucked):
            steps.append(ShowMuck(event.player, None))
    return steps


def _betting(event: events.PlayerActed) -> Action:
    if event.action == "fold":
        return Fold(event.player)
    if event.action in ("check", "call"):
        return CheckCall(event.player)
    if event.uncallable:  # PHH (PokerKit) has no raise nobody can call: the call it comes to
        return CheckCall(event.player, comment=f"all-in to {event.to}, the rest uncalled")
    return BetRaise(event.player, event.to)
