"""Plain values as JSON and back, led by type hints: dataclasses, enums, tuples, sets and
dicts (stored as pairs, since JSON keys are strings).

Stored records and snapshots use it so that each field is written once, by name, and
read back into the type its class declares; a field added to a class is stored without
anyone remembering to.
"""

from __future__ import annotations

import dataclasses
import types
from enum import Enum
from functools import cache
from typing import Any, Union, get_args, get_origin, get_type_hints


def to_json(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in _fields(type(value))}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dict):
        return [[to_json(k), to_json(v)] for k, v in value.items()]
    if isinstance(value, set | frozenset):
        return sorted(to_json(v) for v in value)
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"{type(value).__name__} has no JSON form")


def from_json(kind: Any, data: Any) -> Any:
    """``data`` (from ``to_json``) as a value of the type hint ``kind``."""
    origin, args = get_origin(kind), get_args(kind)
    if kind is Any:
        return data
    if origin in (Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        return from_json(next(a for a in args if a is not type(None)), data)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = _hints(kind)
        # A field added since the record was written takes its default.
        present = (f for f in _fields(kind) if f.name in data)
        return kind(**{f.name: from_json(hints[f.name], data[f.name]) for f in present})
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(data)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_json(args[0], v) for v in data)
        return tuple(from_json(a, v) for a, v in zip(args, data, strict=True))
    if origin in (list, set, frozenset):
        return origin(from_json(args[0], v) for v in data)
    if origin is dict:
        return {from_json(args[0], k): from_json(args[1], v) for k, v in data}
    return data  # a number stays as stored: 30 is not 30.0 in a state


@cache
def _fields(kind: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(f for f in dataclasses.fields(kind) if f.init)


@cache
def _hints(kind: type) -> dict[str, Any]:
    return get_type_hints(kind)
