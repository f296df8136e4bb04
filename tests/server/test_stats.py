"""Player stats (`/api/tables/<id>/stats`): hands, VPIP, PFR and net, counted as each hand
ends, checked against the hands' own replays, and the same after a restart."""

from __future__ import annotations

from tests.server.client import FAST, Cardroom, Json, play_together
from tests.server.test_replay import replay_of

HANDS = 4
DEEP = 20_000  # chips: 10,000 big blinds


def expected_from_replays(cardroom: Cardroom, table_id: str, hands: int) -> dict[str, Json]:
    """Each player's numbers worked out again from the replay of every hand."""
    lines: dict[str, Json] = {}
    for number in range(1, hands + 1):
        steps = replay_of(cardroom, table_id, number, None)["steps"]
        preflop = []
        for step in steps:
            if step["board"]:
                break
            preflop += step["text"].split("; ")
        for first, last in zip(steps[0]["seats"], steps[-1]["seats"], strict=True):
            name = first["name"]
            line = lines.setdefault(name, {"hands": 0, "vpip": 0, "pfr": 0, "net": 0})
            line["hands"] += 1
            said = [text for text in preflop if text.startswith(f"{name} ")]
            line["vpip"] += any(" calls " in t or " raises " in t or " bets " in t for t in said)
            line["pfr"] += any(" raises " in t or " bets " in t for t in said)
            line["net"] += last["stack"] - first["stack"] - first["bet"]
    return lines


def test_stats_count_every_finished_hand_and_survive_a_restart(database: str) -> None:
    cardroom = Cardroom(database).start()
    try:
        # Deep stacks: Ben calls everything, and a bust would stop the table short of HANDS.
        table_id, token = cardroom.create(
            bots=["tag"], seat_approval=False, max_buy_in=DEEP, **FAST
        )
        host = cardroom.player(table_id, token)
        ben = cardroom.player(table_id, cardroom.identity(table_id))
        ben.send(type="sit", seat=2, name="Ben", buy_in=DEEP)
        ben.until(lambda s: s["you"]["seat"] == 2)
        host.send(type="start")
        play_together([ben], lambda s: s["hands_played"] >= HANDS)
        host.send(type="pause")
        ben.until(lambda s: s["status"] == "paused")
        played = ben.state["hands_played"]  # the pause may come after one more hand
        stats = cardroom.http.get(f"/api/tables/{table_id}/stats").json()
        expected = expected_from_replays(cardroom, table_id, played)
        assert [row["seat"] for row in stats] == [1, 2]
        for row in stats:
            line = expected[row["name"]]
            assert row["hands"] == line["hands"] == played
            assert row["vpip"] == round(100 * line["vpip"] / played)
            assert row["pfr"] == round(100 * line["pfr"] / played)
            assert row["net"] == line["net"]
        assert sum(row["net"] for row in stats) == 0, "chips appeared or vanished"
        assert any(row["vpip"] > 0 for row in stats)
    finally:
        cardroom.stop()
    again = Cardroom(database).start()
    try:
        assert again.http.get(f"/api/tables/{table_id}/stats").json() == stats
    finally:
        again.stop()


def test_a_table_without_hands_has_empty_lines_and_an_unknown_one_none(
    cardroom: Cardroom,
) -> None:
    table_id, _ = cardroom.create(bots=["caller", "tag"])
    assert cardroom.http.get(f"/api/tables/{table_id}/stats").json() == [
        {"seat": 1, "name": "Ada", "hands": 0, "vpip": 0, "pfr": 0, "net": 0},
        {"seat": 2, "name": "Bolt", "hands": 0, "vpip": 0, "pfr": 0, "net": 0},
    ]
    missing = cardroom.http.get("/api/tables/nosuchtable/stats")
    assert missing.status_code == 404
