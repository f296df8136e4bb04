"""A sit & go in the cardroom: it starts when full, the blinds rise, one player wins."""

from __future__ import annotations

from tests.server.client import FAST, Cardroom, play_together


def test_a_sit_and_go_runs_from_the_last_seat_taken_to_the_winner(cardroom: Cardroom) -> None:
    table_id, token = cardroom.create(
        mode="sng", seats=3, bots=["caller", "caller"], starting_stack=2000, level_minutes=0.003,
        prize_per_player=100, seat_approval=False, **FAST,
    )  # fmt: skip
    host = cardroom.player(table_id, token)
    state = host.next("state")
    assert state["status"] == "waiting" and state["tournament"]["entrants"] == 0
    host.send(type="sit", seat=3, name="Host", buy_in=1)  # a sit & go's stack is fixed
    play_together([host], lambda s: s["status"] == "running")
    first_level = host.state["tournament"]["level"]
    host.send(type="top_up", amount=10)
    assert "chips cannot be added in a sit & go" in host.error()
    late = cardroom.player(table_id, cardroom.identity(table_id))
    late.send(type="sit", seat=1, name="Late", buy_in=300)
    assert "seats are taken before it starts" in late.error()
    play_together([host], lambda s: s["status"] == "ended", timeout=120)
    tournament = host.state["tournament"]
    assert first_level == 1 and tournament["level"] > 1, "the blinds never rose"
    assert tournament["prize_pool"] == 300 and tournament["entrants"] == 3
    finishing = tournament["finishing"]
    assert [row["place"] for row in finishing] == [1, 2, 3]
    assert {row["name"] for row in finishing} == {"Host", "Ada", "Bolt"}
    assert sum(row["prize"] for row in finishing) == 300
    winner = next(seat for seat in host.state["seats"] if seat["name"] is not None)
    assert winner["name"] == finishing[0]["name"] and winner["stack"] == 6000
    assert any("wins the sit & go" in line["text"] for line in host.state["log"])


def test_a_sit_and_go_cannot_be_left_once_begun(cardroom: Cardroom) -> None:
    table_id, token = cardroom.create(
        mode="sng", seats=2, bots=["caller"], seat_approval=False, **FAST
    )
    host = cardroom.player(table_id, token)
    host.send(type="sit", seat=2, name="Host", buy_in=1)
    host.until(lambda s: s["status"] == "running")
    host.send(type="leave")
    assert "cannot be left once it has begun" in host.error()
    assert host.state["seats"][1]["name"] == "Host"
