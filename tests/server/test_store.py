"""What the store holds is the truth: a change it refuses is taken back and never sent."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from tests.server.client import Cardroom


def test_a_change_the_store_refuses_is_undone_and_the_player_told(tmp_path: Path) -> None:
    path = tmp_path / "cardroom.sqlite3"
    cardroom = Cardroom(f"sqlite:///{path}").start()
    try:
        table_id, _ = cardroom.create(seat_approval=False)
        ben = cardroom.player(table_id, cardroom.identity(table_id))
        ben.send(type="sit", seat=1, name="Ben", buy_in=100)
        ben.until(lambda s: s["you"]["seat"] == 1)
        # Another writer takes the next place in the log first.
        chat = {"kind": "chat", "name": "Zed", "text": "first!", "at": 0.0}
        with sqlite3.connect(path) as db:
            db.execute(
                "INSERT INTO commands (table_id, seq, body) VALUES (?, 2, ?)",
                (table_id, json.dumps(chat)),
            )
        ben.send(type="top_up", amount=50)
        assert "could not save that (IntegrityError): nothing changed" in ben.error()
        ben.send(type="chat", text="hello")
        state = ben.until(lambda s: len(s["chat"]) == 2)
        assert [c["text"] for c in state["chat"]] == ["first!", "hello"]
        assert state["seats"][0]["stack"] == 100 and state["version"] == 3
    finally:
        cardroom.stop()
