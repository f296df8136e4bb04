"""Reactions at a seat and the count of who is watching: broadcast, never stored, bounded."""

from __future__ import annotations

import pytest

from tests.server.client import Cardroom, Player


def ben_seated(cardroom: Cardroom) -> tuple[str, Player, Player]:
    """A table (not started) with a bot; the host watches and Ben sits in seat 2."""
    table_id, token = cardroom.create(bots=["caller"], seat_approval=False)
    host = cardroom.player(table_id, token)
    ben = cardroom.player(table_id, cardroom.identity(table_id))
    ben.send(type="sit", seat=2, name="Ben", buy_in=100)
    ben.until(lambda s: s["you"]["seat"] == 2)
    host.until(lambda s: s["seats"][1]["name"] == "Ben")
    return table_id, host, ben


def test_a_reaction_reaches_everyone_at_the_seat_and_changes_nothing(cardroom: Cardroom) -> None:
    table_id, host, ben = ben_seated(cardroom)
    spectator = cardroom.player(table_id, None)
    spectator.next("state")
    version = spectator.state["version"]
    ben.send(type="react", emote="cool")
    for client in (host, ben, spectator):
        reaction = client.next("reaction")
        assert (reaction["seat"], reaction["emote"]) == (2, "cool")
    spectator.send(type="ping")
    spectator.next("pong")
    assert spectator.state["version"] == version, "a reaction was stored as a change"


@pytest.mark.parametrize(
    ("message", "refusal"),
    [
        ({"emote": "poop"}, "input should be 'heart', 'laugh'"),
        ({}, "'emote' is missing"),
        ({"emote": "cool", "seat": 1}, "'seat' is not a field"),
        ({"emote": 1}, "'emote'"),
    ],
)
def test_a_bad_reaction_is_refused_with_a_sentence(
    cardroom: Cardroom, message: dict[str, object], refusal: str
) -> None:
    _, _, ben = ben_seated(cardroom)
    ben.send(type="react", **message)
    assert refusal in ben.error()


def test_only_the_seated_react_and_not_too_fast(cardroom: Cardroom) -> None:
    table_id, host, ben = ben_seated(cardroom)
    host.send(type="react", emote="wow")  # the host has no seat here
    assert host.error() == "only a player with a seat can react: take a seat first"
    spectator = cardroom.player(table_id, None)
    spectator.send(type="react", emote="wow")
    assert "only a player with a seat" in spectator.error()
    for _ in range(3):
        ben.send(type="react", emote="laugh")
        ben.next("reaction")
    ben.send(type="react", emote="laugh")
    assert ben.error().startswith("you are reacting too fast: 3 at once")


def test_the_state_counts_who_is_watching(cardroom: Cardroom) -> None:
    table_id, host, ben = ben_seated(cardroom)
    assert ben.until(lambda s: s["watching"] == 1)  # the host, without a seat
    spectator = cardroom.player(table_id, None)
    second_tab = cardroom.player(table_id, cardroom.identity(table_id))
    ben.until(lambda s: s["watching"] == 3)
    spectator.close()
    ben.until(lambda s: s["watching"] == 2)
    second_tab.send(type="sit", seat=3, name="Cleo", buy_in=100)  # sat down: playing now
    ben.until(lambda s: s["watching"] == 1)
    host.close()
    assert ben.until(lambda s: s["watching"] == 0)["seats"][2]["name"] == "Cleo"
