"""The replayer's steps (`/api/tables/<id>/hands/<n>/replay`): every chip accounted for at
every step, and only the hole cards the viewer may see, by the rule of the PHH download."""

from __future__ import annotations

from holdem.history.actions import DealHole, ShowMuck
from holdem.history.phh import loads
from tests.server.client import Cardroom, Json, play_together
from tests.server.test_protocol import ben_and_a_bot


def headers(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def replay_of(cardroom: Cardroom, table_id: str, number: int, token: str | None) -> Json:
    response = cardroom.http.get(
        f"/api/tables/{table_id}/hands/{number}/replay", headers=headers(token)
    )
    assert response.status_code == 200, response.text
    body: Json = response.json()
    return body


def seen_in_phh(cardroom: Cardroom, table_id: str, number: int, token: str | None) -> Json:
    """What the PHH download shows that viewer: each player's cards (None: hidden)."""
    text = cardroom.http.get(f"/api/tables/{table_id}/hands/{number}.phh", headers=headers(token))
    (record,) = loads(text.text)
    holes: dict[int, list[str] | None] = {}
    for action in record.actions:
        if isinstance(action, DealHole):
            dealt = None if None in action.cards else [str(c) for c in action.cards]
            holes[action.player] = dealt
        elif isinstance(action, ShowMuck) and action.cards:
            holes[action.player] = [str(c) for c in action.cards]
    return {"holes": holes, "players": list(record.players or ()), "final": record.finishing_stacks}


def test_the_replay_accounts_for_every_chip_and_shows_only_what_its_viewer_may_see(
    cardroom: Cardroom,
) -> None:
    table_id, _, ben_token, ben = ben_and_a_bot(cardroom)
    play_together([ben], lambda s: s["hands_played"] >= 2)
    spectator = cardroom.identity(table_id)  # a token that never sat
    for number in (1, 2):
        for token in (ben_token, spectator, None):
            replay = replay_of(cardroom, table_id, number, token)
            phh = seen_in_phh(cardroom, table_id, number, token)
            steps = replay["steps"]
            assert replay["number"] == number and len(steps) >= 3
            assert replay["you"] == (2 if token == ben_token else None)
            total = sum(s["stack"] + s["bet"] for s in steps[0]["seats"]) + steps[0]["pot"]
            for step in steps:
                chips = sum(s["stack"] + s["bet"] for s in step["seats"]) + step["pot"]
                assert chips == total, f"chips appeared or vanished at {step['text']!r}"
                assert step["text"]
            assert [s["stack"] for s in steps[-1]["seats"]] == list(phh["final"])
            # A player's cards are in the replay exactly when PHH shows them to this viewer.
            for position, seat in enumerate(steps[-1]["seats"]):
                assert seat["name"] == phh["players"][position]
                assert seat["cards"] == phh["holes"][position]
            if token != ben_token:  # cards shown at showdown are hidden until that step
                for step in steps:
                    if any(s["cards"] for s in step["seats"]):
                        assert "shows" in step["text"] or "turned up" in step["text"]
                        break
    own = replay_of(cardroom, table_id, 1, ben_token)["steps"][0]["seats"]
    assert [s["cards"] is not None for s in own] == [s["name"] == "Ben" for s in own]


def test_a_hand_that_does_not_exist_has_no_replay(cardroom: Cardroom) -> None:
    table_id, _ = cardroom.create(bots=["caller"])
    response = cardroom.http.get(f"/api/tables/{table_id}/hands/7/replay")
    assert response.status_code == 404
    assert "no finished hand #7" in response.json()["error"]
    wrong = cardroom.http.get(f"/api/tables/{table_id}/hands/x7/replay")
    assert wrong.status_code == 404
