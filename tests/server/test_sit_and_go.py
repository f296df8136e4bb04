"""A sit & go in the cardroom: it starts when full, the blinds rise, one player wins."""

from __future__ import annotations

import pytest

from tests.server.client import FAST, Cardroom, Json, play_together


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


def test_the_schedule_has_the_structures_break_scaled_to_the_levels() -> None:
    from holdem.cardroom.online_tournament import OnlineTournament
    from holdem.cardroom.options import TableOptions

    # The home structure: six 20-minute levels, a 10-minute break, then three more.
    options = TableOptions(name="S", mode="sng", seats=3, level_minutes=1.0)
    tournament = OnlineTournament.create(options)
    tournament.start(["a", "b", "c"], at=1000.0)
    assert tournament.break_seconds == {5: 30.0}  # half a level, as in the structure
    at_start = tournament.position(1000.0)
    assert (at_start.level, at_start.on_break) == (0, False)
    during = 1000.0 + 6 * 60 + 5  # five seconds into the break
    assert tournament.position(during).on_break
    assert tournament.level_index(during) == 6  # the blinds after the break
    assert tournament.break_ends(during) == 1000.0 + 6 * 60 + 30
    assert tournament.level_ends(during) is None
    view = tournament.view(during, 15000)
    assert view["on_break"] and view["break_ends"] == int((1000.0 + 390) * 1000)
    after = 1000.0 + 6 * 60 + 31
    assert not tournament.position(after).on_break and tournament.level_index(after) == 6
    assert tournament.level_ends(after) == 1000.0 + 7 * 60 + 30
    tournament.pause(during)
    assert tournament.break_ends(during + 100) is None  # the clock is stopped


def test_no_hand_is_dealt_during_a_break(cardroom: Cardroom) -> None:
    table_id, token = cardroom.create(
        mode="sng", seats=2, bots=["caller"], starting_stack=100_000, level_minutes=0.02,
        seat_approval=False, **FAST,
    )  # fmt: skip
    host = cardroom.player(table_id, token)
    host.send(type="sit", seat=2, name="Host", buy_in=1)

    def hand_over_on_a_break(state: Json) -> bool:
        tournament = state.get("tournament") or {}
        return bool(state and state["hand"] is None and tournament.get("on_break"))

    play_together([host], hand_over_on_a_break, timeout=60)
    ends = host.state["tournament"]["break_ends"]
    played = host.state["hands_played"]
    nxt = host.until(lambda s: s["hands_played"] > played or s["hand"] is not None)
    assert nxt["now"] >= ends - 5, "a hand was dealt before the break was over"


@pytest.mark.xfail(
    reason="known defect: after the rebuys close, a sit & go with an add-on sometimes stalls "
    "at the add-on break with the host out (open in the home tournaments issue)",
    strict=False,
)
def test_a_sit_and_go_with_rebuys_an_addon_and_pko_bounties(cardroom: Cardroom) -> None:
    """Bots rebuy by their rule while rebuys are open and take the add-on after its break;
    every bounty and prize is paid, the pool counting the rebuys and add-ons."""
    table_id, token = cardroom.create(
        mode="sng", seats=3, bots=["random", "random"], starting_stack=1000,
        level_minutes=0.01, prize_per_player=20, rebuys=6, addon=6, bounty="pko",
        seat_approval=False, **FAST,
    )  # fmt: skip
    host = cardroom.player(table_id, token)
    host.next("state")
    host.send(type="sit", seat=3, name="Host", buy_in=1)
    play_together([host], lambda s: s["status"] == "ended", timeout=90)
    tournament = host.state["tournament"]
    money = tournament["money"]
    assert tournament["prize_pool"] == 20 * (3 + money["rebuys"] + money["addons"])
    assert sum(row["prize"] for row in tournament["finishing"]) == tournament["prize_pool"]
    assert money["bounty_money"] == 10 * (3 + money["rebuys"])
    assert sum(money["bounties_won"].values()) == money["bounty_money"]
    assert set(money["heads"].values()) <= {0}  # the winner's own head is paid to them
    assert money["rebuys"] >= 1  # the bots bust in the first levels, and rebuy


def test_sit_and_go_extras_are_checked() -> None:
    from pydantic import ValidationError

    from holdem.cardroom.options import TableOptions

    with pytest.raises(ValidationError, match="rebuys, the add-on and bounties are for a sit"):
        TableOptions(name="T", mode="cash", rebuys=2)
    with pytest.raises(ValidationError):
        TableOptions(name="T", mode="sng", bounty="mystery")
