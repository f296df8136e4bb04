"""A raking cash table: the rake is an option of the table, comes out of the winners'
stacks, and is written in the PHH and text downloads, where replay finds it again."""

from __future__ import annotations

import pytest

from holdem.history.phh import loads
from holdem.history.replay import replay
from tests.server.client import Cardroom, play_together
from tests.server.test_protocol import ben_and_a_bot


def test_the_rake_is_taken_and_written_where_replay_checks_it(cardroom: Cardroom) -> None:
    table_id, _, ben_token, ben = ben_and_a_bot(
        cardroom, small_blind=5, big_blind=10, rake_percent=10, rake_cap=3
    )
    play_together([ben], lambda s: s["hands_played"] >= 4)
    auth = {"Authorization": f"Bearer {ben_token}"}
    raked = 0
    for number in range(1, 5):
        text = cardroom.http.get(f"/api/tables/{table_id}/hands/{number}.phh", headers=auth).text
        (record,) = loads(text)
        assert record.rake is not None and 0 <= record.rake <= 3
        result = replay(record)
        assert result.ok and result.match, (result.reason, result.error)
        assert result.rake == record.rake  # what replay infers from the pots is what was taken
        raked += record.rake
        stars = cardroom.http.get(f"/api/tables/{table_id}/hands/{number}.txt", headers=auth).text
        assert f"| Rake {record.rake}" in stars
    # callers reach the flop: a pot of 20 at 10% is 2 chips
    assert raked > 0


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"rake_percent": 11}, "The rake percent is at most 10.0, not 11"),
        ({"rake_percent": 5, "mode": "sng"}, "Only a cash table rakes"),
        ({"rake_percent": 5, "rake_cap": -1}, "The rake cap is at least 0, not -1"),
    ],
)
def test_a_rake_out_of_bounds_is_refused_in_words(cardroom: Cardroom, options, words) -> None:
    response = cardroom.http.post("/api/tables", json={"name": "Friday", **options})
    assert response.status_code == 400, response.text
    assert words in response.text
