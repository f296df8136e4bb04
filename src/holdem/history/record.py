"""Write a played hand as PHH: a view of the engine's event log.

Our house rules differ from PokerKit's (which PHH files assume) in a few edge cases, so
a hand we played records them in the user-defined field ``_holdem_rules`` (PHH asks that
user-defined fields start with an underscore; files written before name it
``holdem_rules``, and are still read); ``holdem replay`` reads it back and replays under
the same rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields, replace

from holdem.engine import Hand, HandConfig, Structure, events
from holdem.engine.rake import RakeTaken
from holdem.history._toml import TomlValue
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

VARIANTS = {Structure.NO_LIMIT: "NT", Structure.POT_LIMIT: "PT", Structure.FIXED_LIMIT: "FT"}
RULES_FIELD = "_holdem_rules"

# House-rule fields of HandConfig recorded in ``_holdem_rules`` (the rest are PHH fields).
RULE_FIELDS = (
    "raise_cap",
    "blind_is_opening_bet",
    "heads_up_uncapped",
    "short_all_in_rule",
    "pokerkit_reopening",
    "pots_merged_after_showdown",
    "antes_before_blinds",
    "run_count",
    "live_posts",
    "dead_blinds",
    "bomb_pot",
    "full_blind_to_call",
)


def rules_of(config: HandConfig) -> dict[str, TomlValue]:
    rules: dict[str, TomlValue] = {}
    for name in RULE_FIELDS:
        value = getattr(config, name)
        if name == "short_all_in_rule":
            value = config.short_all_in.value
        rules[name] = -1 if value is None else value  # TOML has no null: -1 is "no cap"
    return rules


def config_with_rules(base: HandConfig, rules: Mapping[str, object]) -> HandConfig:
    """``base`` (from the PHH fields) under the house rules a ``_holdem_rules`` table gives."""
    from holdem.engine.config import ShortAllInRule
    from holdem.history.errors import PHHError

    known = {f.name for f in fields(HandConfig)}
    unknown = sorted(set(rules) - set(RULE_FIELDS))
    if unknown or not set(RULE_FIELDS) <= known:
        raise PHHError(f"{RULES_FIELD} has unknown keys {unknown}: known are {list(RULE_FIELDS)}")
    values = dict(rules)
    for name in ("live_posts", "dead_blinds"):
        if name in values:
            values[name] = tuple(values[name])  # type: ignore[arg-type]
    if "short_all_in_rule" in values:
        values["short_all_in_rule"] = ShortAllInRule(str(values["short_all_in_rule"]))
    if values.get("raise_cap") == -1:
        values["raise_cap"] = None
    return replace(base, **values)  # type: ignore[arg-type]


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
    return BetRaise(event.player, event.to)
