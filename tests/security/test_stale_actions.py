"""An ``act`` names the decision it answers; a repeated or stale one changes nothing.

The attack: the big blind sends ``check`` twice. The first closes the preflop betting,
and the second used to check the flop the player had never seen. A double click, or
``check`` and ``fold`` from two tabs, did the same.
"""

from __future__ import annotations

from tests.server.client import FAST, Cardroom, Json, Player

TOKENS: dict[Player, str] = {}  # each player's token, for a second tab of theirs


def heads_up(cardroom: Cardroom) -> dict[int, Player]:
    """Ana (the host) and Ben, two people at a running table, by seat."""
    table_id, token = cardroom.create(seat_approval=False, seats=2, action_seconds=600, **FAST)
    ana = cardroom.player(table_id, token)
    ana.send(type="sit", seat=1, name="Ana", buy_in=100)
    ben_token = cardroom.identity(table_id)
    ben = cardroom.player(table_id, ben_token)
    TOKENS.update({ana: token, ben: ben_token})
    ben.send(type="sit", seat=2, name="Ben", buy_in=100)
    ben.until(lambda s: s["you"]["seat"] == 2 and s["seats"][0]["name"] == "Ana")
    ana.send(type="start")
    return {1: ana, 2: ben}


def big_blind_to_check(cardroom: Cardroom) -> tuple[Player, Json]:
    """The small blind has called; the big blind may check: the big blind, its state."""
    at = heads_up(cardroom)
    state = at[1].until(lambda s: s["hand"] is not None and s["hand"]["to_act"] is not None)
    small, big = at[state["hand"]["small_blind"]], at[state["hand"]["big_blind"]]
    small.until(small.my_turn)
    small.act()  # calls
    checked = big.until(lambda s: big.my_turn(s) and s["hand"]["legal"]["check"])
    return big, checked


def test_a_second_check_for_the_same_decision_is_refused(cardroom: Cardroom) -> None:
    big, state = big_blind_to_check(cardroom)
    decision = state["hand"]["decision"]
    big.send(type="act", action="check", decision=decision, ref="first")
    big.send(type="act", action="check", decision=decision, ref="again")
    refused = big.next("error")
    assert refused["ref"] == "again" and "answers an earlier decision" in refused["message"]
    flop = big.until(lambda s: s["hand"]["street"] == "flop")
    big.send(type="ping")
    big.next("pong")
    assert big.state["version"] == flop["version"], "the second check changed something"
    assert big.state["hand"]["decision"] != decision and big.state["hand"]["to_act"] is not None
    assert all(seat["last_action"] != "checks" for seat in big.state["seats"] if seat["bet"])


def test_check_and_fold_from_two_tabs_apply_once(cardroom: Cardroom) -> None:
    big, state = big_blind_to_check(cardroom)
    tab = cardroom.player(state["table"]["id"], TOKENS[big])  # the same identity
    decision = state["hand"]["decision"]
    big.send(type="act", action="check", decision=decision, ref="tab-1")
    big.until(lambda s: s["hand"]["street"] == "flop")
    tab.send(type="act", action="fold", decision=decision, ref="tab-2")
    assert tab.next("error")["ref"] == "tab-2"
    tab.send(type="ping")
    tab.next("pong")
    assert tab.state["hands_played"] == 0, "the fold of the second tab ended the hand"
    assert tab.state["hand"]["street"] == "flop"
    tab.close()


def test_an_act_chosen_on_an_old_state_version_is_refused(cardroom: Cardroom) -> None:
    big, state = big_blind_to_check(cardroom)
    old = state["version"] - 1  # a state from before this decision was shown
    big.send(type="act", action="check", version=old, ref="old")
    assert "answers an earlier decision" in big.error()
    big.send(type="chat", text="still thinking")  # a change that keeps the decision
    chatted = big.until(lambda s: s["version"] > state["version"])
    big.send(type="act", action="check", version=state["version"], ref="seen")
    after = big.until(lambda s: s["version"] > chatted["version"])
    assert after["hand"]["street"] == "flop"


def test_an_act_that_names_no_decision_is_refused_with_the_way_to_name_it(
    cardroom: Cardroom,
) -> None:
    big, state = big_blind_to_check(cardroom)
    big.send(type="act", action="check")
    assert "hand.decision" in big.error()
    big.send(type="ping")
    big.next("pong")
    assert big.state["version"] == state["version"]
