"""Every message type, sent by the host, a seated player and a spectator, to a cash table,
a sit & go and a multi-table tournament, gets a state or a sentence, and the connection
stays open: no message reaches a code path that was not written for it."""

from __future__ import annotations

import time
from typing import Any

import pytest

from holdem.server.protocol import TYPES
from holdem.server.runtime import RATE_PER_SECOND
from tests.server.client import FAST, Cardroom, Json, Player

# The smallest well-formed message of each type (its fields' values need not be legal).
FIELDS: dict[str, Json] = {
    "sit": {"seat": 3, "name": "Newcomer", "buy_in": 100},
    "act": {"action": "check", "decision": "1-0"},
    "top_up": {"amount": 10},
    "run_twice": {"agree": True},
    "chat": {"text": "hello"},
    "coach": {"on": True},
    "approve": {"request": "none"},
    "refuse": {"request": "none"},
    "adjust": {"seat": 1, "change": 5},
    "remove": {"seat": 1},
    "add_bot": {"kind": "caller", "seat": 5},
    "register": {"name": "Late"},
    "watch": {"table": 1},
    "straddle": {"on": True},
    "pause_after_hand": {"on": True},
    "call_bomb_pot": {},
    "set_blinds": {"small_blind": 2, "big_blind": 4},
    "show_cards": {"cards": [0]},
    "react": {"emote": "heart"},
}
MODES: dict[str, dict[str, Any]] = {
    "cash": {"bots": ["caller"], "seat_approval": False},
    "sng": {"mode": "sng", "seats": 3, "bots": ["caller"]},
    "mtt": {"mode": "mtt", "seats": 3, "max_players": 6, "bots": ["caller"]},
}


def answered(player: Player, kind: str) -> None:
    """Send ``kind`` and check the table answers with a state or an error, and still
    answers a ping afterwards (the connection was not dropped)."""
    time.sleep(2 / RATE_PER_SECOND)  # two messages: within the rate limit
    player.send(type=kind, **FIELDS.get(kind, {}), ref=kind)
    player.send(type="ping")
    player.next("pong", timeout=10)


@pytest.mark.parametrize("mode", sorted(MODES))
def test_every_message_gets_an_answer_from_everyone_everywhere(
    cardroom: Cardroom, mode: str
) -> None:
    table_id, host_token = cardroom.create(**MODES[mode], **FAST)
    host = cardroom.player(table_id, host_token)
    seated = cardroom.player(table_id, cardroom.identity(table_id))
    if mode == "mtt":
        seated.send(type="register", name="Seated")
    else:
        seated.send(type="sit", seat=2, name="Seated", buy_in=100)
    spectator = cardroom.player(table_id, None)
    for kind in TYPES:
        if kind in ("end", "leave", "unregister"):
            continue  # they end what the others need: sent last
        for player in (spectator, seated, host):
            answered(player, kind)
    for kind in ("leave", "unregister", "end"):
        for player in (spectator, seated, host):
            answered(player, kind)
    for player in (host, seated, spectator):
        player.close()
