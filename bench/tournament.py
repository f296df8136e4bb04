"""An online multi-table tournament of bots, whole, through `holdem serve`, beside the same
bots at cash tables: the server's CPU per hand, side by side.

- tournament: ``--players`` bots (90 by default: ten tables of nine) that answer at once,
  levels of ``--level-seconds``, from creation to the winner: wall time, hands, players
  moved, and the server's CPU time per hand and per action;
- cash: as many tables of nine of the same bots, for as long as the tournament took:
  hands, and the server's CPU time per hand and per action.

The ratio of the two costs per hand is what playing as one tournament adds (per action
too, though a tournament's hands are shorter: short stacks go all-in or fold sooner):
the moves between tables, and one log and one lock for every table. No client is
connected, so no time goes to sending states.

    python bench/tournament.py [--players N] [--level-seconds S] [--bot KIND] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from common import cpu_seconds  # bench/common.py, beside this script

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # tests/support starts the server

from tests.support.server import ServerProcess  # noqa: E402

from holdem.history.actions import BetRaise, CheckCall, Fold  # noqa: E402
from holdem.history.phh import loads  # noqa: E402

Json = dict[str, Any]
TABLE_SIZE = 9
BETTING = (Fold, CheckCall, BetRaise)
FAST = {"bot_think_seconds": 0, "between_hands_seconds": 0, "action_seconds": 30}


def played(
    http: httpx.Client, tables: list[tuple[str, int | None]], cpu: float, wall: float
) -> Json:
    """Hands and actions finished at ``tables`` (id, tournament table number), and the
    server's CPU per hand and per action."""
    hands = actions = 0
    for table_id, number in tables:
        query = f"?table={number}" if number is not None else ""
        for listed in http.get(f"/api/tables/{table_id}/hands{query}").json():
            (record,) = loads(http.get(listed["phh"]).text)
            hands += 1
            actions += sum(1 for a in record.actions if isinstance(a, BETTING))
    per = {"hand": hands, "action": actions}
    return {"hands": hands, "actions": actions, "hands_per_second": hands / wall,
            **{f"cpu_ms_per_{k}": 1000 * cpu / n for k, n in per.items()}}  # fmt: skip


def run_tournament(server: ServerProcess, players: int, level: float, bot: str) -> Json:
    http = httpx.Client(base_url=server.url, timeout=30)
    assert server.pid is not None
    options = {"name": "Bench MTT", "mode": "mtt", "seats": TABLE_SIZE, "max_players": players,
               "bots": [bot] * (players - 1), "level_minutes": level / 60, **FAST}  # fmt: skip
    created = http.post("/api/tables", json=options).json()
    table_id = created["id"]
    cpu = cpu_seconds(server.pid)
    start = time.perf_counter()
    # The last place goes to one more bot, registered by the host: the full field starts it.
    _register_last_bot(server, table_id, created["token"], bot)
    while True:
        row = next(r for r in http.get("/api/tables").json() if r["id"] == table_id)
        if row["status"] == "ended":
            break
        time.sleep(0.2)
    wall = time.perf_counter() - start
    used = cpu_seconds(server.pid) - cpu
    tables = math.ceil(players / TABLE_SIZE)
    return {"players": players, "tables": tables, "seconds": wall,
            **played(http, [(table_id, n) for n in range(1, tables + 1)], used, wall)}  # fmt: skip


def _register_last_bot(server: ServerProcess, table_id: str, token: str, bot: str) -> None:
    from websockets.sync.client import connect

    headers = {"Authorization": f"Bearer {token}"}
    with connect(f"{server.ws_url}/ws/{table_id}", additional_headers=headers) as ws:
        ws.send(json.dumps({"v": 1, "type": "add_bot", "kind": bot}))
        ws.recv(timeout=10)  # the welcome: the message is on its way


def run_cash(server: ServerProcess, tables: int, seconds: float, bot: str) -> Json:
    http = httpx.Client(base_url=server.url, timeout=30)
    assert server.pid is not None
    options = {"name": "Bench cash", "seats": TABLE_SIZE, "bots": [bot] * (TABLE_SIZE - 1),
               "min_buy_in": 100, "max_buy_in": 200, **FAST}  # fmt: skip
    created = [http.post("/api/tables", json=options).json() for _ in range(tables)]
    from websockets.sync.client import connect

    cpu = cpu_seconds(server.pid)
    start = time.perf_counter()
    for table in created:
        headers = {"Authorization": f"Bearer {table['token']}"}
        with connect(f"{server.ws_url}/ws/{table['id']}", additional_headers=headers) as ws:
            ws.send(json.dumps({"v": 1, "type": "start"}))
            ws.recv(timeout=10)
    time.sleep(seconds)
    wall = time.perf_counter() - start
    used = cpu_seconds(server.pid) - cpu
    return {"tables": tables, "seconds": wall,
            **played(http, [(table["id"], None) for table in created], used, wall)}  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=90, choices=range(2, 101),
                        metavar="2..100")  # fmt: skip
    parser.add_argument("--level-seconds", type=float, default=20.0)
    parser.add_argument("--bot", default="random", choices=["random", "caller", "tag"])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        database = f"sqlite:///{Path(work) / 'bench.sqlite3'}"
        # One address creates every table: well past the per-address limit of a household.
        limits = ("--tables-per-hour", "10000")
        with ServerProcess(database, workdir=Path(work), startup_timeout=60, args=limits) as server:
            tournament = run_tournament(server, args.players, args.level_seconds, args.bot)
            cash = run_cash(server, tournament["tables"], tournament["seconds"], args.bot)
    ratio = tournament["cpu_ms_per_hand"] / cash["cpu_ms_per_hand"]
    if args.json:
        print(json.dumps({"tournament": tournament, "cash": cash, "cost_ratio": ratio}))
        return 0
    print(f"{'run':<12}{'tables':>7}{'seconds':>9}{'hands':>7}{'actions':>9}{'hands/s':>9}"
          f"{'CPU/hand':>11}{'CPU/action':>12}")  # fmt: skip
    for name, r in (("tournament", tournament), ("cash", cash)):
        print(f"{name:<12}{r['tables']:>7}{r['seconds']:>9.1f}{r['hands']:>7}{r['actions']:>9}"
              f"{r['hands_per_second']:>9.1f}{r['cpu_ms_per_hand']:>9.2f}ms"
              f"{r['cpu_ms_per_action']:>10.2f}ms")  # fmt: skip
    field, took = tournament["players"], tournament["seconds"]
    print(f"A tournament hand costs the server {ratio:.2f}x a cash-table hand "
          f"({field} players, the winner after {took:.0f} s).")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
