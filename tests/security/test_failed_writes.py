"""A failed write does not freeze a table: once the store takes writes again, every timer
and bot job is retried and the table resumes by itself.

The store is made to refuse every new command for real: a trigger on the commands table
raises "disk full" (SQLite) or "no space left on device" (PostgreSQL), from a connection
of the test's own, exactly as a full disk refuses an insert. The trigger is dropped to
bring the disk back.
"""

from __future__ import annotations

import time

from sqlalchemy import text

from tests.security.stored import execute
from tests.server.client import FAST, Cardroom, Player

SQLITE_FULL = """CREATE TRIGGER disk_full BEFORE INSERT ON commands
BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END"""
POSTGRES_FULL = (
    "CREATE FUNCTION disk_full() RETURNS trigger AS $$ BEGIN "
    "RAISE EXCEPTION 'could not extend file: No space left on device'; END $$ "
    "LANGUAGE plpgsql",
    "CREATE TRIGGER disk_full BEFORE INSERT ON commands FOR EACH ROW EXECUTE FUNCTION disk_full()",
)
POSTGRES_BACK = ("DROP TRIGGER disk_full ON commands", "DROP FUNCTION disk_full()")


def run_sql(database: str, statements: tuple[str, ...]) -> None:
    execute(database, *(text(statement) for statement in statements))


def disk_full(database: str) -> None:
    run_sql(database, (SQLITE_FULL,) if database.startswith("sqlite") else POSTGRES_FULL)


def disk_back(database: str) -> None:
    sqlite = database.startswith("sqlite")
    run_sql(database, ("DROP TRIGGER disk_full",) if sqlite else POSTGRES_BACK)


def test_a_bot_thinking_while_the_disk_is_full_acts_once_it_is_back(
    cardroom: Cardroom, database: str
) -> None:
    table_id, token = cardroom.create(
        bots=["caller"], seat_approval=False, action_seconds=600,
        **{**FAST, "bot_think_seconds": 0.5},
    )  # fmt: skip
    host = cardroom.player(table_id, token)
    ben = cardroom.player(table_id, cardroom.identity(table_id))
    ben.send(type="sit", seat=2, name="Ben", buy_in=100)
    ben.until(lambda s: s["you"]["seat"] == 2)
    host.send(type="start")
    state = play_until_the_bot_is_to_act(ben)
    disk_full(database)
    time.sleep(2.0)  # the bot tried, and its retries failed
    ben.drain()
    assert ben.state["version"] == state["version"], "a command was applied without a store"
    disk_back(database)
    resumed = ben.until(lambda s: s["version"] > state["version"], timeout=20)
    assert resumed["hand"] is None or resumed["hand"]["to_act"] != 1 or resumed["hands_played"]
    ben.until(lambda s: s["hands_played"] > state["hands_played"] or ben.my_turn(s), timeout=20)


def test_a_players_move_refused_by_a_full_disk_changes_nothing_and_goes_through_after(
    cardroom: Cardroom, database: str
) -> None:
    table_id, token = cardroom.create(bots=["caller"], seat_approval=False, action_seconds=600,
                                      **FAST)  # fmt: skip
    host = cardroom.player(table_id, token)
    ben = cardroom.player(table_id, cardroom.identity(table_id))
    ben.send(type="sit", seat=2, name="Ben", buy_in=100)
    ben.until(lambda s: s["you"]["seat"] == 2)
    host.send(type="start")
    state = ben.until(ben.my_turn)
    disk_full(database)
    decision = state["hand"]["decision"]
    ben.send(type="act", action="fold", decision=decision, ref="full")
    refused = ben.next("error")
    assert refused["ref"] == "full" and "could not save that" in refused["message"]
    disk_back(database)
    ben.send(type="ping")
    ben.next("pong")
    assert ben.state["version"] == state["version"] and ben.my_turn(ben.state)
    ben.act()  # the same decision, now stored
    assert ben.state["version"] > state["version"]


def play_until_the_bot_is_to_act(ben: Player) -> dict[str, object]:
    """Ben checks or calls until the bot (seat 1) is the one to act."""
    while True:
        state = ben.until(lambda s: ben.my_turn(s) or (s["hand"] or {}).get("to_act") == 1)
        if not ben.my_turn(state):
            return state
        ben.act()
