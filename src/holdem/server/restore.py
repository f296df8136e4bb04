"""A stored table back in memory: its snapshot, then the commands stored after it.

Whatever is wrong with a stored table (a row that is not JSON, options that no longer
validate, a command the rules refuse) becomes one ``RestoreError`` naming the table and
the row, so the cardroom can set that table aside and open the others.
"""

from __future__ import annotations

import json
from typing import Any

from holdem.server.multi_table import MultiTable
from holdem.server.options import TableOptions
from holdem.server.room import Command, Logged, RestoreError, Room
from holdem.server.runtime import TableRuntime
from holdem.server.store import Store, StoredTable
from holdem.server.tournament_runtime import TournamentRuntime

AnyRuntime = TableRuntime | TournamentRuntime
State = Room | MultiTable


def stored_options(stored: StoredTable) -> TableOptions:
    try:
        return TableOptions(**json.loads(stored.options))
    except Exception as error:  # not JSON, or options this version no longer accepts
        raise RestoreError(f"its stored options cannot be read ({_first_line(error)})") from None


def restored_state(stored: StoredTable) -> State:
    """The table's room (or tournament) as its stored rows describe it."""
    options = stored_options(stored)
    state: State = (
        MultiTable(stored.id, options, stored.host)
        if options.multi_table
        else Room(stored.id, options, stored.host)
    )
    return replay(state, stored.log, first=stored.after + 1)


def replay(state: State, bodies: list[str], first: int) -> State:
    """``state`` with the stored commands ``bodies`` (numbered from ``first``) applied."""
    for seq, body in enumerate(bodies, start=first):
        command: Command | None = None
        try:
            command = json.loads(body)
            _apply(state, command)
        except Exception as error:  # any failure: the row or the code no longer agree
            kind = command.get("kind") if isinstance(command, dict) else None
            what = f"stored command {seq}" + (f" ({kind})" if kind else "")
            raise RestoreError(f"{what} does not replay: {_first_line(error)}") from None
    return state


def runtime_for(state: State, store: Store) -> AnyRuntime:
    if isinstance(state, MultiTable):
        return TournamentRuntime(state, store)
    return TableRuntime(state, store)


def _apply(state: Logged, command: Any) -> None:
    if not isinstance(command, dict) or not isinstance(command.get("kind"), str):
        raise RestoreError("it is not a command object")
    state.apply(command)


def _first_line(error: BaseException) -> str:
    words = str(error).strip().splitlines()
    return words[0] if words else type(error).__name__
