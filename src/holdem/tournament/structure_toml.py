"""Blind structures as TOML: written by hand, read with tomllib, errors naming the field."""

from __future__ import annotations

from holdem.errors import ConfigError
from holdem.tournament.structure import Break, Item, Level, Structure

__all__ = ["from_toml", "tables_from_toml", "to_toml"]

EXTRA_TABLES = ("tournament", "league")  # read by the clock, beside the structure

_LEVEL_KEYS = {"small_blind", "big_blind", "ante", "big_blind_ante", "minutes"}
_BREAK_KEYS = {"break", "minutes", "color_up"}


def to_toml(structure: Structure) -> str:
    """The structure as TOML (``[[levels]]`` tables; a break has ``break = true``).

    >>> from holdem.tournament.structure import preset
    >>> from_toml(to_toml(preset("home"))) == preset("home")
    True
    """
    lines = [
        f"name = {_toml_string(structure.name)}",
        f"starting_stack = {structure.starting_stack}",
    ]
    for item in structure.levels:
        lines += ["", "[[levels]]"]
        if isinstance(item, Break):
            lines += ["break = true", f"minutes = {item.minutes}"]
            if item.color_up is not None:
                lines.append(f"color_up = [{', '.join(str(c) for c in item.color_up)}]")
        else:
            lines += [
                f"small_blind = {item.small_blind}",
                f"big_blind = {item.big_blind}",
                f"ante = {item.ante}",
                f"big_blind_ante = {'true' if item.big_blind_ante else 'false'}",
                f"minutes = {item.minutes}",
            ]
    return "\n".join(lines) + "\n"


def _toml_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    escaped = "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in escaped)
    return f'"{escaped}"'


def from_toml(text: str) -> Structure:
    """Read a structure written by ``to_toml`` (or by hand); errors name the bad field."""
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"structure TOML: {error}") from None
    unknown = set(data) - {"name", "starting_stack", "levels", *EXTRA_TABLES}
    if unknown:
        raise ConfigError(f"structure TOML: unknown field {sorted(unknown)[0]!r}")
    name = data.get("name", "custom")
    if not isinstance(name, str):
        raise ConfigError(f"name: expected a string, got {name!r}")
    stack = _int(data, "starting_stack", "starting_stack")
    raw = data.get("levels")
    if not isinstance(raw, list) or not raw:
        raise ConfigError("levels: expected one or more [[levels]] tables")
    items: list[Item] = []
    for index, entry in enumerate(raw):
        where = f"levels[{index}]"
        if not isinstance(entry, dict):
            raise ConfigError(f"{where}: expected a table")
        try:
            items.append(_item(entry, where))
        except ConfigError as error:
            message = str(error)
            raise ConfigError(
                message if message.startswith("levels[") else f"{where}: {message}"
            ) from None
    return Structure(name=name, starting_stack=stack, levels=tuple(items))


def tables_from_toml(text: str) -> dict[str, dict[str, object]]:
    r"""The ``[tournament]`` (rebuys, add-on, bounties...) and ``[league]`` tables of a
    structure file, those present; ``from_toml`` reads the rest.

    >>> tables_from_toml('starting_stack = 1\n[tournament]\nbuy_in = 20\n')
    {'tournament': {'buy_in': 20}}
    """
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"structure TOML: {error}") from None
    tables: dict[str, dict[str, object]] = {}
    for key in EXTRA_TABLES:
        if key in data:
            if not isinstance(data[key], dict):
                raise ConfigError(f"{key}: expected a [{key}] table")
            tables[key] = data[key]
    return tables


def _item(entry: dict[str, object], where: str) -> Item:
    is_break = entry.get("break", False)
    if not isinstance(is_break, bool):
        raise ConfigError(f"{where}.break: expected true or false, got {is_break!r}")
    allowed = _BREAK_KEYS if is_break else _LEVEL_KEYS
    unknown = set(entry) - allowed
    if unknown:
        raise ConfigError(f"{where}: unknown field {sorted(unknown)[0]!r}")
    if is_break:
        color_up = entry.get("color_up")
        chips: tuple[int, ...] | None = None
        if color_up is not None:
            if not isinstance(color_up, list) or not all(
                isinstance(c, int) and not isinstance(c, bool) for c in color_up
            ):
                raise ConfigError(f"{where}.color_up: expected a list of chip values")
            chips = tuple(color_up)
        return Break(minutes=_int(entry, "minutes", where, 10), color_up=chips)
    for key in ("small_blind", "big_blind"):
        if key not in entry:
            raise ConfigError(f"{where}.{key}: missing")
    bb_ante = entry.get("big_blind_ante", False)
    if not isinstance(bb_ante, bool):
        raise ConfigError(f"{where}.big_blind_ante: expected true or false, got {bb_ante!r}")
    return Level(
        small_blind=_int(entry, "small_blind", where),
        big_blind=_int(entry, "big_blind", where),
        ante=_int(entry, "ante", where, 0),
        big_blind_ante=bb_ante,
        minutes=_int(entry, "minutes", where, 20),
    )


def _int(table: dict[str, object], key: str, where: str, default: int | None = None) -> int:
    value = table.get(key, default)
    label = key if where == key else f"{where}.{key}"
    if value is None:
        raise ConfigError(f"{label}: missing")
    if not isinstance(value, int) or isinstance(value, bool):
        raise ConfigError(f"{label}: expected a whole number, got {value!r}")
    return value
