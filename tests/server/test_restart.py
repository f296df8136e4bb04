"""Kill the server with SIGKILL in the middle of a hand, start it again: nothing is lost.

The interrupted hand resumes from its stored log, card for card and chip for chip, and
the ledger balances. This runs ``holdem serve`` as a user does, in a subprocess.
"""

from __future__ import annotations

import httpx

from tests.server.client import FAST, Json, Player, play_together
from tests.support.server import ServerProcess


def picture(state: Json) -> list[tuple[object, ...]]:
    """What a player sees of each seat: name, chips, bet, state and cards."""
    return [(s["name"], s["stack"], s["bet"], s["state"], s["cards"]) for s in state["seats"]]


def chips_in_play(state: Json) -> int:
    """Every chip at the table: the stacks behind and the pot (its bets included)."""
    return sum(v["stack"] for v in state["seats"]) + (state["hand"] or {}).get("pot_total", 0)


def at_a_flop(player: Player) -> Json:
    """Call to the flop of some hand, then stop there, the player to act."""
    while True:
        state = player.until(player.my_turn, timeout=60)
        if state["hand"]["street"] != "preflop":
            return state
        player.act()


def test_a_killed_server_comes_back_with_the_hand_in_progress(database: str) -> None:
    with ServerProcess(database) as server:
        http = httpx.Client(base_url=server.url, timeout=10)
        options = {"name": "Crash", "bots": ["caller", "caller"], "seat_approval": False, **FAST}
        created = http.post("/api/tables", json=options).json()
        table_id, host_token = created["id"], created["token"]
        ben_token = http.post(f"/api/tables/{table_id}/identity").json()["token"]
        host = Player(server.port, table_id, host_token)
        ben = Player(server.port, table_id, ben_token)
        ben.send(type="sit", seat=3, name="Ben", buy_in=150)
        ben.until(lambda s: s["you"]["seat"] == 3)
        host.send(type="start")
        before = at_a_flop(ben)
        assert chips_in_play(before) == 550

        server.kill()
        server.restart()

        ben = Player(server.port, table_id, ben_token)
        assert ben.welcome["you"] == {"host": False, "seat": 3}
        after = ben.next("state")
        for key in ("number", "board", "pots", "pot_total", "to_act", "legal", "commitment"):
            assert after["hand"][key] == before["hand"][key], key
        assert picture(after) == picture(before)

        # The hand goes on from where it stopped, and so does the game.
        number = after["hand"]["number"]
        play_together([ben], lambda s: s["hands_played"] >= number)
        host = Player(server.port, table_id, host_token)
        host.send(type="end")
        final = host.until(lambda s: s["status"] == "ended")
        assert sum(row["net"] for row in final["ledger"]) == 0
        assert sum(row["cashed_out"] for row in final["ledger"]) == 550
        log = server.log_text()
        assert host_token not in log and ben_token not in log
        http.close()


def test_a_killed_server_comes_back_with_every_table_of_a_tournament(database: str) -> None:
    with ServerProcess(database) as server:
        http = httpx.Client(base_url=server.url, timeout=10)
        options = {"name": "Crash MTT", "mode": "mtt", "seats": 3, "max_players": 6,
                   "bots": ["caller"] * 5, "level_minutes": 60, **FAST}  # fmt: skip
        created = http.post("/api/tables", json=options).json()
        table_id = created["id"]
        ben_token = http.post(f"/api/tables/{table_id}/identity").json()["token"]
        ben = Player(server.port, table_id, ben_token)
        ben.send(type="register", name="Ben")  # the sixth: it starts
        before = at_a_flop(ben)
        spectator = Player(server.port, table_id, None)
        other = 3 - before["tournament"]["table"]
        spectator.send(type="watch", table=other)
        elsewhere = spectator.until(lambda s: s["tournament"]["table"] == other)

        server.kill()
        server.restart()

        ben = Player(server.port, table_id, ben_token)
        after = ben.next("state")
        assert after["tournament"]["table"] == before["tournament"]["table"]
        for key in ("number", "board", "pots", "pot_total", "to_act", "legal", "commitment"):
            assert after["hand"][key] == before["hand"][key], key
        assert picture(after) == picture(before)
        sizes = [(t["table"], t["players"]) for t in after["tournament"]["tables"]]
        assert sizes == [(t["table"], t["players"]) for t in before["tournament"]["tables"]]
        assert after["tournament"]["level"] == before["tournament"]["level"]
        spectator = Player(server.port, table_id, None)
        spectator.send(type="watch", table=other)
        again = spectator.until(lambda s: s["tournament"]["table"] == other)
        assert again["hands_played"] >= elsewhere["hands_played"]

        number = after["hand"]["number"]
        play_together([ben], lambda s: s["hands_played"] >= number)  # it goes on
        total = sum(t["players"] for t in ben.state["tournament"]["tables"])
        assert total == ben.state["tournament"]["players_left"]
        http.close()
