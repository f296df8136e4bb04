"""The event union: every kind of event is in ``AnyEvent``, so a reader's ``match`` that
ends in ``assert_never`` is a type error until it handles a new kind."""

from __future__ import annotations

import typing

from holdem.engine import events


def _kinds(cls: type) -> set[type]:
    found = set()
    for sub in cls.__subclasses__():
        found |= {sub} | _kinds(sub)
    return found


def test_every_event_class_is_in_the_union() -> None:
    assert set(typing.get_args(events.AnyEvent)) == _kinds(events.Event)


def test_the_union_holds_events_only() -> None:
    assert all(issubclass(kind, events.Event) for kind in typing.get_args(events.AnyEvent))
