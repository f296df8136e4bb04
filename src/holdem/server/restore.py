"""A stored table back in memory: its snapshot, then the commands stored after it.

A snapshot only saves time: one that cannot be read (damaged, or of another schema) is
passed over and the whole log replays. Whatever is wrong with the log itself (a row that
is not JSON, options that no longer validate, a command the rules refuse) becomes one
``RestoreError`` naming the row, so the cardroom can set that table aside and open the
others.
"""

from __future__ import annotations

import json
from typing import Any

from holdem.cardroom.multi_table import MultiTable
from holdem.cardroom.options import TableOptions
from holdem.cardroom.room import Command, Logged, RestoreError, Room
from holdem.server.hand_record import take_finished
from holdem.server.runtime import TableRuntime
from holdem.server.snapshot import SNAPSHOT_EVERY, restored, snapshot_of
from holdem.server.store import HandRow, Store, StoredTable
from holdem.server.tournament_runtime import TournamentRuntime

AnyRuntime = TableRuntime | TournamentRuntime
State = Room | MultiTable


def stored_options(stored: StoredTable) -> TableOptions:
    try:
        # A table stored before runouts were paced has no runout commands in its log.
        return TableOptions(**{"runout_seconds": 0, **json.loads(stored.options)})
    except Exception as error:  # not JSON, or options this version no longer accepts
        raise RestoreError(f"its stored options cannot be read ({_first_line(error)})") from None


async def restored_state(store: Store, stored: StoredTable) -> State:
    """The table's room (or tournament) as its stored rows describe it."""
    options = stored_options(stored)
    if stored.snapshot is not None:
        try:
            state = restored(stored.id, options, stored.host, json.loads(stored.snapshot))
        except Exception:
            pass  # replay the whole log instead, below
        else:
            return replay(state, stored.log, first=stored.after + 1)
        log = await store.raw_log(stored.id)
    else:
        log = stored.log
    fresh: State = (
        MultiTable(stored.id, options, stored.host)
        if options.multi_table
        else Room(stored.id, options, stored.host)
    )
    # A whole log replayed: hands finished before hands were stored get their rows now,
    # and a long log a snapshot, so the next restart does not replay it again.
    finished: list[HandRow] = []
    state = replay(fresh, log, first=1, finished=finished)
    await store.add_missing_hands(stored.id, finished)
    if len(log) >= SNAPSHOT_EVERY:
        await store.put_snapshot(stored.id, state.version, snapshot_of(state))
    return state


def replay(
    state: State, bodies: list[str], first: int, finished: list[HandRow] | None = None
) -> State:
    """``state`` with the stored commands ``bodies`` (numbered from ``first``) applied;
    the records of the hands they end go in ``finished``, if given."""
    rooms = _rooms_of(state)
    for seq, body in enumerate(bodies, start=first):
        command: Command | None = None
        try:
            command = json.loads(body)
            _apply(state, command)
        except Exception as error:  # any failure: the row or the code no longer agree
            kind = command.get("kind") if isinstance(command, dict) else None
            what = f"stored command {seq}" + (f" ({kind})" if kind else "")
            raise RestoreError(f"{what} does not replay: {_first_line(error)}") from None
        for room in rooms():
            row = take_finished(room)
            if row is not None and finished is not None:
                finished.append(row)
    return state


def runtime_for(state: State, store: Store) -> AnyRuntime:
    if isinstance(state, MultiTable):
        return TournamentRuntime(state, store)
    return TableRuntime(state, store)


def _rooms_of(state: State) -> Any:
    if isinstance(state, MultiTable):
        return lambda: [state.lobby, *state.rooms.values()]
    return lambda: [state]


def _apply(state: Logged, command: Any) -> None:
    if not isinstance(command, dict) or not isinstance(command.get("kind"), str):
        raise RestoreError("it is not a command object")
    state.apply(command)


def _first_line(error: BaseException) -> str:
    words = str(error).strip().splitlines()
    return words[0] if words else type(error).__name__
