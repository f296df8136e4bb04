"""An all-in runout comes a street at a time, server-paced, with each hand's equity.

Two players all-in before the flop at a table with ``runout_seconds``: every client gets
the states with 0, 3, 4 and 5 board cards in that order, each street at least the pause
after the one before (by the states' own ``now``), the exposed hands' equities (summing to
1) on each street before the river, and no card of a street before it is dealt: not in
the board, the log, the stacks' outcome, the hand list nor the downloads. The finished
hand downloads as PHH that ``holdem replay`` replays, and a server killed while the
runout waits comes back waiting and finishes the hand.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import httpx

from holdem.cardroom.options import TableOptions
from holdem.engine import HandConfig
from holdem.server.codec import from_json, to_json
from holdem.server.restore import stored_options
from holdem.server.store import StoredTable
from tests.server.client import FAST, Cardroom, Json, Player
from tests.server.test_host_tools import ana_and_ben
from tests.support.replay_cli import cli_replays
from tests.support.server import ServerProcess

PAUSE = 0.3
SLACK_MS = 40  # the state of the street before is built a moment after its change


def go_all_in(players: list[Player]) -> None:
    """Whoever is to act goes all-in, the other calls: the hands turn up before the flop."""
    while not any(exposed(p.state) for p in players):
        for player in players:
            player.drain()
            if player.my_turn(player.state):
                player.act(lambda legal: "all-in" if legal["all_in"] else "call")
        time.sleep(0.005)


def exposed(state: Json) -> bool:
    hand = state.get("hand")
    return bool(hand and hand["equity"])


def states(player: Player) -> list[tuple[str, Json]]:
    """Every state the player received, as sent and as read."""
    read = [(frame, json.loads(frame)) for frame in player.frames]
    return [(frame, state) for frame, state in read if state["type"] == "state"]


def board_of(state: Json, number: int) -> list[str] | None:
    """The board a state shows of hand ``number``: in play, or at its showdown."""
    if state["hand"] is not None and state["hand"]["number"] == number:
        return list(state["hand"]["board"])
    if state["showdown"] is not None and state["showdown"]["hand"] == number:
        return list(state["showdown"]["board"])
    return None


def test_the_board_comes_a_street_at_a_time_with_each_hands_equity(
    cardroom: Cardroom, tmp_path: Path
) -> None:
    table_id, ana, ben, _ = ana_and_ben(cardroom, runout_seconds=PAUSE)
    spectator = cardroom.player(table_id, None)
    ana.send(type="start")
    go_all_in([ana, ben])
    # Waiting for the flop, the hand is nowhere in the store: no list entry, no download.
    assert cardroom.http.get(f"/api/tables/{table_id}/hands").json() == []
    assert cardroom.http.get(f"/api/tables/{table_id}/hands/1.phh").status_code == 404
    ben.until(lambda s: s["showdown"] is not None, timeout=10)
    for player in (ana, spectator):
        player.until(lambda s: s["showdown"] is not None, timeout=10)
    final = ben.state["showdown"]["board"]
    assert len(final) == 5

    for player in (ana, ben, spectator):
        seen = [(frame, state, board_of(state, 1)) for frame, state in states(player)]
        seen = [(frame, state, board) for frame, state, board in seen if board is not None]
        sizes = [len(board) for _, _, board in seen]
        assert sorted(sizes) == sizes and sorted(set(sizes)) == [0, 3, 4, 5]
        for frame, _, board in seen:
            assert board == final[: len(board)]
            for card in final[len(board) :]:  # a street to come is in no part of the state
                assert not re.search(rf"\b{card}\b", frame), f"{card} before its street"
        first = {}  # board size -> the first state showing it (0: the hands turned up)
        for _, state, board in seen:
            if len(board) not in first and (len(board) or exposed(state)):
                first[len(board)] = state
        for before, after in ((0, 3), (3, 4), (4, 5)):
            gap = first[after]["now"] - first[before]["now"]
            assert gap >= PAUSE * 1000 - SLACK_MS, f"the {after}-card board came after {gap} ms"
        for size in (0, 3, 4):
            equity = first[size]["hand"]["equity"]
            assert [e["seat"] for e in equity] == [1, 2]
            assert all(0 <= e["equity"] <= 1 for e in equity)
            assert abs(sum(e["equity"] for e in equity) - 1) < 1e-3, equity
            assert first[size]["hand"]["to_act"] is None and first[size]["hand"]["legal"] is None
            assert first[size]["hand"]["street"] == {0: "preflop", 3: "flop", 4: "turn"}[size]
        assert first[5]["hand"] is None  # over: the showdown has the whole board

    phh = cardroom.http.get(f"/api/tables/{table_id}/hands/1.phh").text
    assert cli_replays(phh, tmp_path)
    assert sum(s["stack"] for s in ben.state["seats"]) == 200


def test_a_killed_server_comes_back_waiting_for_the_runout_and_finishes(database: str) -> None:
    with ServerProcess(database) as server:
        http = httpx.Client(base_url=server.url, timeout=10)
        # The restored table waits a whole pause from when the new process loads it, and
        # the client reconnects only once that process answers: the pause must outlast the
        # rest of a restart on a loaded machine, or the flop is out before anyone looks.
        options = {"name": "Crash", "seat_approval": False, **FAST, "runout_seconds": 4}
        created = http.post("/api/tables", json=options).json()
        table_id, ana_token = created["id"], created["token"]
        ben_token = http.post(f"/api/tables/{table_id}/identity").json()["token"]
        ana = Player(server.port, table_id, ana_token)
        ben = Player(server.port, table_id, ben_token)
        ana.send(type="sit", seat=1, name="Ana", buy_in=100)
        ana.until(lambda s: s["you"]["seat"] == 1)
        ben.send(type="sit", seat=2, name="Ben", buy_in=100)
        ben.until(lambda s: s["you"]["seat"] == 2)
        ana.send(type="start")
        go_all_in([ana, ben])
        before = ben.state["hand"]
        assert before["board"] == [] and before["to_act"] is None

        server.kill()
        server.restart()

        ben = Player(server.port, table_id, ben_token)
        after = ben.next("state")["hand"]
        for key in ("number", "board", "pot_total", "to_act", "equity", "commitment"):
            assert after[key] == before[key], key
        done = ben.until(lambda s: s["showdown"] is not None, timeout=40)
        assert len(done["showdown"]["board"]) == 5 and done["showdown"]["hand"] == 1
        assert sum(s["stack"] for s in done["seats"]) == 200


def test_tables_and_hands_stored_before_paced_runouts_read_as_unpaced() -> None:
    """Their logs have no runout commands: their all-ins still deal the board at once."""
    options = TableOptions(name="Old").model_dump()
    del options["runout_seconds"]
    stored = StoredTable("t", json.dumps(options), "host", None, None, 0, [])
    assert stored_options(stored).runout_seconds == 0
    config = to_json(HandConfig.create("nl", [100, 100], small_blind=1, big_blind=2))
    del config["paced_runout"]
    assert from_json(HandConfig, config).paced_runout is False
