"""The host's tools and the rules of play, as clients meet them on a real server: pausing
after this hand, voids, straddles, choices that outlive a reload, the log, removing and
banning, top-ups and settling up."""

from __future__ import annotations

import json
import time
from typing import Any

from tests.server.client import FAST, Cardroom, Json, Player

SLOW = {**FAST, "between_hands_seconds": 0.3}


def ana_and_ben(cardroom: Cardroom, **options: Any) -> tuple[str, Player, Player, str]:
    """A running table where the host Ana (seat 1) and Ben (seat 2) play: its id, Ana,
    Ben and Ben's token."""
    table_id, token = cardroom.create(seat_approval=False, **{**SLOW, **options})
    ana = cardroom.player(table_id, token)
    ana.send(type="sit", seat=1, name="Ana", buy_in=100)
    ana.until(lambda s: s["you"]["seat"] == 1)
    ben_token = cardroom.identity(table_id)
    ben = cardroom.player(table_id, ben_token)
    ben.send(type="sit", seat=2, name="Ben", buy_in=100)
    ben.until(lambda s: s["you"]["seat"] == 2)
    return table_id, ana, ben, ben_token


def fold_the_hand(players: list[Player]) -> None:
    """Whoever is to act folds (heads-up that ends the hand)."""
    for player in players:
        player.drain()
    to_act = next(p for p in players if p.my_turn(p.state))
    to_act.act(lambda legal: "fold")


def in_hand(state: Json) -> bool:
    return state["hand"] is not None and state["hand"]["to_act"] is not None


def test_the_host_pauses_after_this_hand_and_adjusts_between_hands(cardroom: Cardroom) -> None:
    _, ana, ben, _ = ana_and_ben(cardroom)
    ana.send(type="start")
    ana.until(in_hand)
    ana.send(type="pause_after_hand", on=True)
    state = ana.until(lambda s: s["pause_after_hand"])
    assert state["status"] == "running" and state["hand"] is not None
    ana.send(type="pause_after_hand", on=False)  # cancelled ...
    ana.until(lambda s: not s["pause_after_hand"])
    ana.refused(
        "no pause is waiting for this hand to end: nothing to cancel",
        type="pause_after_hand", on=False,
    )  # fmt: skip
    ana.send(type="pause_after_hand", on=True)  # ... and asked again
    ana.until(lambda s: s["pause_after_hand"])
    ben.until(lambda s: s["version"] >= ana.state["version"])
    ben.refused("only the host can pause after hand", type="pause_after_hand", on=True)
    fold_the_hand([ana, ben])
    state = ana.until(lambda s: s["status"] == "paused")
    assert state["hand"] is None and not state["pause_after_hand"]
    assert state["hands_played"] == 1
    before = state["seats"][1]["stack"]
    ana.send(type="adjust", seat=2, change=25)
    state = ana.until(lambda s: s["seats"][1]["stack"] == before + 25)
    assert state["status"] == "paused" and state["hands_played"] == 1
    ana.send(type="resume")
    ana.until(lambda s: s["hands_played"] >= 1 and in_hand(s))
    # Between hands the pause is at once.
    ana.send(type="pause")
    ana.until(lambda s: s["status"] == "paused")
    ana.refused("the game is paused: only a running game pauses", type="pause_after_hand", on=True)


def test_a_voided_hand_is_the_news_not_the_hand_before_it(cardroom: Cardroom) -> None:
    _, ana, ben, _ = ana_and_ben(cardroom)
    ana.send(type="start")
    ana.until(in_hand)
    fold_the_hand([ana, ben])
    state = ana.until(lambda s: s["showdown"] is not None and s["showdown"]["hand"] == 1)
    assert state["voided"] is None
    state = ana.until(lambda s: in_hand(s) and s["hand"]["number"] == 2)
    ana.send(type="pause")
    ana.until(lambda s: s["status"] == "paused")
    ana.send(type="void")
    state = ana.until(lambda s: s["hand"] is None)
    assert state["voided"] == {"hand": 2, "reason": "voided by the host"}
    assert state["showdown"] is None
    assert state["hands_played"] == 1
    ana.send(type="resume")
    state = ana.until(lambda s: s["hand"] is not None)
    assert state["voided"] is None and state["hand"]["number"] == 2


def test_a_straddle_is_shown_taken_back_and_refused_with_a_sentence(cardroom: Cardroom) -> None:
    _, ana, ben, _ = ana_and_ben(cardroom, straddles=True)
    assert ben.state["you"]["straddle"] is False
    ben.send(type="straddle")
    ben.until(lambda s: s["you"]["straddle"])
    assert not ana.until(lambda s: s["version"] >= ben.state["version"])["you"]["straddle"]
    ben.refused("you already straddle next hand: untick Straddle to cancel", type="straddle")
    ana.refused(
        "Ben already straddles next hand: one straddle a hand, ask again after it",
        type="straddle", on=True,
    )  # fmt: skip
    ben.send(type="straddle", on=False)
    ben.until(lambda s: not s["you"]["straddle"])
    ben.refused("you are not straddling next hand: nothing to cancel", type="straddle", on=False)
    ana.send(type="straddle", on=True)
    ana.until(lambda s: s["you"]["straddle"])
    lines = [line["text"] for line in ana.state["log"]]
    assert lines[-3:] == [
        "Ben will straddle next hand",
        "Ben will not straddle next hand",
        "Ana will straddle next hand",
    ]


def test_run_it_twice_and_the_coach_switch_outlive_a_reload(cardroom: Cardroom) -> None:
    table_id, ana, ben, ben_token = ana_and_ben(cardroom, run_it_twice=True)
    assert ben.state["you"]["run_twice"] is True and ben.state["you"]["coach"] is False
    ben.send(type="run_twice", agree=False)
    ben.until(lambda s: s["you"]["run_twice"] is False)
    ben.send(type="coach", on=True)
    ben.until(lambda s: s["you"]["coach"] is True)
    ben.close()
    again = cardroom.player(table_id, ben_token)
    state = again.until(lambda s: s["you"]["seat"] == 2)
    assert state["you"]["run_twice"] is False and state["you"]["coach"] is True
    # The coach speaks to the reloaded page without being asked again.
    ana.send(type="start")

    def coached() -> list[Json]:
        return [m for f in again.frames if (m := json.loads(f))["type"] in ("coach", "error")]

    deadline = time.monotonic() + 30
    while not coached():  # Ana checks or calls until it is Ben's turn
        assert time.monotonic() < deadline, "the coach never spoke"
        ana.drain()
        again.drain()
        if ana.my_turn(ana.state):
            ana.act()
        time.sleep(0.01)
    coach = coached()[0]
    assert coach["type"] == "coach", coach
    assert coach["hand"] == again.state["hand"]["number"]
    assert "run_twice" not in ana.state["seats"][1] and "coach" not in ana.state["seats"][1]


def test_lines_logged_during_a_hand_are_filed_under_it(cardroom: Cardroom) -> None:
    _, ana, ben, _ = ana_and_ben(cardroom)
    ana.send(type="start")
    ana.until(in_hand)
    fold_the_hand([ana, ben])
    state = ana.until(lambda s: in_hand(s) and s["hand"]["number"] == 2)
    ben.send(type="sit_out")
    ben.until(lambda s: any(line["text"] == "Ben sits out" for line in s["log"]))
    ben.send(type="sit_in")
    state = ben.until(lambda s: any(line["text"] == "Ben is back" for line in s["log"]))
    filed = {line["text"]: line["hand"] for line in state["log"]}
    assert filed["Ben sits out"] == 2 and filed["Ben is back"] == 2


def test_a_removed_player_is_told_and_a_banned_one_cannot_ask_again(cardroom: Cardroom) -> None:
    _, ana, ben, _ = ana_and_ben(cardroom)
    ana.send(type="remove", seat=2)
    removed = ben.next("removed")
    assert removed == {
        "v": 1,
        "type": "removed",
        "banned": False,
        "message": "The host removed you from the table: you may ask for a seat again.",
    }
    ben.send(type="sit", seat=2, name="Ben", buy_in=100)
    ben.until(lambda s: s["you"]["seat"] == 2)
    ana.send(type="remove", seat=2, ban=True)
    removed = ben.next("removed")
    assert removed["banned"] is True
    assert removed["message"] == (
        "The host removed you from the table and banned you: you cannot take a seat here again."
    )
    state = ben.until(lambda s: s["you"]["seat"] is None)
    assert state["you"]["banned"] is True
    assert state["log"][-1]["text"] == "The host removes and bans Ben"
    ben.refused(
        "the host has banned you from this table: you cannot take a seat here",
        type="sit", seat=3, name="Benjamin", buy_in=100,
    )  # fmt: skip
    ana.until(lambda s: s["version"] >= state["version"])
    ana.refused("remove: 'ban' must be true or false, not a string", type="remove", seat=2,
                ban="yes")  # fmt: skip


def test_the_top_up_room_is_what_the_server_accepts(cardroom: Cardroom) -> None:
    _, ana, ben, _ = ana_and_ben(cardroom)
    assert ben.state["you"]["top_up_max"] == 100  # the most at this table is 200
    ana.send(type="start")
    ben.until(in_hand)
    ben.send(type="top_up", amount=60)  # during the hand: added once it is over
    state = ben.until(lambda s: s["you"]["top_up_max"] == 40)
    assert state["hand"] is not None
    ben.refused("you can add up to 40", type="top_up", amount=41)
    ben.send(type="top_up", amount=40)
    ben.until(lambda s: s["you"]["top_up_max"] == 0)


def test_the_ledger_settles_up_in_few_transfers(cardroom: Cardroom) -> None:
    _, ana, ben, _ = ana_and_ben(cardroom)
    assert ana.state["settle_up"] == []
    ana.send(type="start")
    ana.until(in_hand)
    fold_the_hand([ana, ben])
    state = ana.until(lambda s: s["hands_played"] == 1)
    nets = {row["player"]: row["net"] for row in state["ledger"]}
    (winner,) = [name for name, net in nets.items() if net > 0]
    (loser,) = [name for name, net in nets.items() if net < 0]
    assert state["settle_up"] == [{"from": loser, "to": winner, "amount": nets[winner]}]
