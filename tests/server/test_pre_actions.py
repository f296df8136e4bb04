"""Pre-actions on a real cardroom over WebSockets: chosen before the turn, made by the
server when it comes; a raise cancels a "call" (and refuses one chosen on the old bet,
however close the two messages come), a new street clears them, check/fold folds to a
bet, and one chosen on one's own turn is made at once."""

from __future__ import annotations

from typing import Any

from tests.server.client import Cardroom, Player

Json = dict[str, Any]


def three_players(cardroom: Cardroom) -> list[Player]:
    """Ana, Ben and Cleo in seats 1-3 of a 1/2 table, the first hand dealt."""
    table_id, token = cardroom.create(seat_approval=False, between_hands_seconds=60)
    players = [cardroom.player(table_id, token)]
    players += [cardroom.player(table_id, cardroom.identity(table_id)) for _ in range(2)]
    for seat, (player, name) in enumerate(zip(players, ("Ana", "Ben", "Cleo"), strict=True), 1):
        player.send(type="sit", seat=seat, name=name, buy_in=100)
        player.until(lambda s, n=seat: s["you"].get("seat") == n)  # type: ignore[misc]
    players[0].send(type="start")
    for player in players:
        player.until(lambda s: s["hand"] is not None and s["hand"]["to_act"] is not None)
    return players


def in_order(players: list[Player]) -> list[Player]:
    """The players in the order they act from now on the street (first: to act now)."""
    hand = players[0].state["hand"]
    seat = hand["to_act"]
    return sorted(players, key=lambda p: (p.state["you"]["seat"] - seat) % 3)


def take(player: Player, choose: Any = None) -> None:
    """Wait for the player's turn, and take it (check or call unless ``choose`` says)."""
    player.until(player.my_turn)
    player.act(choose)


def raise_to(player: Player, amount: int) -> None:
    state = player.until(player.my_turn)
    decision = state["hand"]["decision"]
    player.send(type="act", action="raise", amount=amount, decision=decision)
    player.until(lambda s: s["version"] > state["version"])


def last_action(player: Player) -> str | None:
    seat = player.state["you"]["seat"]
    return player.state["seats"][seat - 1]["last_action"]  # type: ignore[no-any-return]


def test_a_pre_call_is_made_at_the_turn_with_the_bet_seen(cardroom: Cardroom) -> None:
    first, second, last = in_order(three_players(cardroom))
    last.send(type="pre_action", action="call", amount=2)
    last.until(lambda s: s["you"].get("pre_action") == "call")
    take(first)
    take(second)  # calls the big blind or checks: the bet stays 2
    # The server makes the last player's decision: no turn is offered to them.
    state = last.until(lambda s: s["hand"] is None or s["hand"]["street"] != "preflop")
    assert state["you"].get("pre_action") is None
    assert last_action(last) in ("calls 1", "calls 2", "checks", None)
    assert any('"pre_action":"call"' in f or '"pre_action": "call"' in f for f in last.frames)


def test_a_raise_cancels_a_pre_call_and_a_call_on_the_old_bet_is_refused(
    cardroom: Cardroom,
) -> None:
    first, second, last = in_order(three_players(cardroom))
    last.send(type="pre_action", action="call", amount=2)
    last.until(lambda s: s["you"].get("pre_action") == "call")
    raise_to(first, 6)
    # The raise came first: the "call 2" is gone, and choosing it again on 2 is refused.
    last.until(lambda s: s["you"].get("pre_action") is None)
    assert max(seat["bet"] for seat in last.state["seats"]) == 6
    last.refused("the bet is now 6, not 2: choose again", type="pre_action",
                 action="call", amount=2)  # fmt: skip
    take(second, lambda legal: "fold")
    # Nothing was made for the last player: the turn is theirs to take.
    state = last.until(lambda s: last.my_turn(s))
    assert state["hand"]["legal"]["call"]


def test_check_fold_folds_to_a_bet_and_call_any_calls_it(cardroom: Cardroom) -> None:
    first, second, last = in_order(three_players(cardroom))
    second.send(type="pre_action", action="callany")
    last.send(type="pre_action", action="checkfold")
    second.until(lambda s: s["you"].get("pre_action") == "callany")
    last.until(lambda s: s["you"].get("pre_action") == "checkfold")
    raise_to(first, 6)
    state = first.until(lambda s: s["hand"] is None or s["hand"]["street"] != "preflop")
    if state["hand"] is not None:
        seats = state["seats"]
        assert seats[second.state["you"]["seat"] - 1]["state"] != "folded"
        assert seats[last.state["you"]["seat"] - 1]["state"] == "folded"
    for player in (second, last):
        player.until(lambda s: s["you"].get("pre_action") is None)


def test_a_pre_action_on_ones_own_turn_is_made_at_once_and_bad_ones_are_refused(
    cardroom: Cardroom,
) -> None:
    first, _, last = in_order(three_players(cardroom))
    version = first.state["version"]
    first.send(type="pre_action", action="callany")
    first.until(lambda s: s["version"] > version and not first.my_turn(s))
    assert last_action(first) is not None and "call" in str(last_action(first))
    last.until(lambda s: s["version"] == first.state["version"])
    last.refused("'action'", type="pre_action", action="raise")
    last.refused("call needs the amount to call", type="pre_action", action="call")
    last.send(type="pre_action", action="checkfold")
    last.until(lambda s: s["you"].get("pre_action") == "checkfold")
    last.send(type="pre_action", action=None)  # taken back
    last.until(lambda s: s["you"].get("pre_action") is None)
