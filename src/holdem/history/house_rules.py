"""Our house rules in a PHH file: the user-defined field ``_holdem_rules``.

Our house rules differ from PokerKit's (which PHH files assume) in a few edge cases, so
a hand we played records them in ``_holdem_rules`` (PHH asks that user-defined fields
start with an underscore; files written before name it ``holdem_rules``, and are still
read); ``holdem replay`` reads it back and replays under the same rules. Kept apart from
:mod:`holdem.history.record` so that reading a file needs the settings alone, not the
engine that writes one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, replace

from holdem.engine.config import HandConfig, OddChips, ShortAllInRule
from holdem.history._toml import TomlValue
from holdem.history.errors import PHHError

RULES_FIELD = "_holdem_rules"
_OLD_FIELD = "holdem_rules"  # its name in files written before PHH's underscore rule

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
    "odd_chips",
)
# Files written before a rule was recorded were played under its old default.
_BEFORE_RECORDED: dict[str, object] = {"odd_chips": OddChips.FIRST_WINNER}


def recorded_rules(extra: Mapping[str, TomlValue]) -> TomlValue | None:
    """The house rules a hand's extra fields record, under either name; None if none."""
    return extra.get(RULES_FIELD, extra.get(_OLD_FIELD))


def rules_of(config: HandConfig) -> dict[str, TomlValue]:
    rules: dict[str, TomlValue] = {}
    for name in RULE_FIELDS:
        value = getattr(config, name)
        if name == "short_all_in_rule":
            value = config.short_all_in.value
        elif name == "odd_chips":
            value = config.odd_chips.value
        rules[name] = -1 if value is None else value  # TOML has no null: -1 is "no cap"
    return rules


def config_with_rules(base: HandConfig, rules: Mapping[str, object]) -> HandConfig:
    """``base`` (from the PHH fields) under the house rules a ``_holdem_rules`` table gives."""
    known = {f.name for f in fields(HandConfig)}
    unknown = sorted(set(rules) - set(RULE_FIELDS))
    if unknown or not set(RULE_FIELDS) <= known:
        raise PHHError(f"{RULES_FIELD} has unknown keys {unknown}: known are {list(RULE_FIELDS)}")
    values = {**_BEFORE_RECORDED, **rules}
    for name in ("live_posts", "dead_blinds"):
        if name in values:
            values[name] = tuple(values[name])  # type: ignore[arg-type]
    values["odd_chips"] = OddChips(str(values["odd_chips"]))
    if "short_all_in_rule" in values:
        values["short_all_in_rule"] = ShortAllInRule(str(values["short_all_in_rule"]))
    if values.get("raise_cap") == -1:
        values["raise_cap"] = None
    return replace(base, **values)  # type: ignore[arg-type]
