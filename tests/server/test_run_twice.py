"""A hand run twice: each board has its own winner and winning hand, in the state, in the
text history and in the PHH download, which ``holdem replay`` plays to the same stacks."""

from __future__ import annotations

import random
import time
from datetime import datetime
from pathlib import Path

from holdem.cardroom.options import TableOptions
from holdem.cardroom.room import Room
from holdem.engine import Action, ActionKind
from holdem.history.phh import dumps, loads
from holdem.history.pokerstars import pokerstars_text
from holdem.history.record import history_of
from holdem.history.replay import replay
from holdem.server.views import public_state
from holdem.table import PlayedHand, Table, TableSettings
from tests.server.client import Cardroom
from tests.server.test_host_tools import ana_and_ben
from tests.support.replay_cli import cli_replays


def ana_wins_the_second_board() -> PlayedHand:
    """Heads-up, all-in before the flop, run twice: Ben wins the first board with a pair
    of deuces, Ana the second with three jacks (the deck of ``Random(1)``)."""
    table = Table(TableSettings(seats=6, run_it_twice=True), random.Random(1))
    table.sit(0, "Ana", 100)
    table.sit(1, "Ben", 100)
    table.start_hand()
    for action in (ActionKind.ALL_IN, ActionKind.CALL):
        assert table.seat_to_act is not None
        table.act(table.seat_to_act, Action(action))
    played = table.history[-1]
    assert [(pot.run, played.names[pot.winners[0]]) for pot in played.hand.result.pots] == [
        (0, "Ben"),
        (1, "Ana"),
    ]
    return played


def test_the_text_history_names_each_boards_winning_hand() -> None:
    text = pokerstars_text(
        ana_wins_the_second_board(), table_name="Friday", started_at=datetime(2026, 1, 1),
        max_seats=6,
    )  # fmt: skip
    assert (
        "Seat 1: Ana (button) (small blind) showed [Jd 3s] and lost the first board with a "
        "pair of Deuces, won (100) the second board with three of a kind, Jacks"
    ) in text
    assert (
        "Seat 2: Ben (big blind) showed [4c Ah] and won (100) the first board with a pair of "
        "Deuces, lost the second board with a pair of Jacks"
    ) in text


def test_the_phh_holds_both_boards_and_replays_to_the_same_stacks() -> None:
    played = ana_wins_the_second_board()
    record = history_of(played.hand, players=played.names)
    text = dumps(record)
    assert "'d db 5c2dTs', 'd db 2h', 'd db 8c', 'd db Kc5sJs', 'd db 6d', 'd db Jc'" in text
    result = replay(loads(text)[0])
    assert result.error is None and result.match
    assert list(result.finishing_stacks or ()) == [100, 100]


def test_the_states_showdown_names_each_boards_hand() -> None:
    played = ana_wins_the_second_board()
    room = Room("t", TableOptions(name="Friday", run_it_twice=True), host="host")
    room.table.history.append(played)
    showdown = public_state(room, set(), None, 0.0)["showdown"]
    by_seat = {shown["name"]: shown for shown in showdown["shown"]}
    ana = [board["description"] for board in by_seat["Ana"]["by_board"]]
    assert ana[0].startswith("Pair of twos") and ana[1].startswith("Three of a kind, jacks")
    assert sorted(by_seat["Ana"]["by_board"][1]["best_five"]) == ["6d", "Jc", "Jd", "Js", "Kc"]
    assert [(pot["run"], pot["winner_names"]) for pot in showdown["pots"]] == [
        (0, ["Ben"]),
        (1, ["Ana"]),
    ]


def test_a_hand_run_twice_downloads_as_phh_that_replays(cardroom: Cardroom, tmp_path: Path) -> None:
    table_id, ana, ben, _ = ana_and_ben(cardroom, run_it_twice=True)
    ana.send(type="start")
    while ana.state["hands_played"] < 1:  # both go all-in before the flop
        for player in (ana, ben):
            player.drain()
            if player.my_turn(player.state):
                player.act(lambda legal: "all-in" if legal["all_in"] else "call")
        time.sleep(0.005)
    showdown = ana.until(lambda s: s["showdown"] is not None)["showdown"]
    assert len(showdown["boards"]) == 2
    phh = cardroom.http.get(f"/api/tables/{table_id}/hands/1.phh").text
    (record,) = loads(phh)
    assert sum(1 for line in phh.split("'") if line.startswith("d db")) == 6
    result = replay(record)
    assert result.error is None and result.match, result.as_json()
    assert cli_replays(phh, tmp_path)
