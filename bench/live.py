"""A live table's costs: a restart replaying a long session, and one undo.

    python bench/live.py [--hands 1000] [--players 6]

A session of ``--hands`` hands is played command by command as a host taps it (six
players checking and calling to the river, the board typed, the pot tapped to one winner),
then replayed from its log twice, side by side: as the session does it (each finished
hand keeps its deal and entries, its PHH written when downloaded) and with every hand's
PHH written as it ends (the first version). Then an action and its undo at the end of a
long hand (undo plays the hand again from its entries), and one hand's PHH download.
Prints seconds, milliseconds and the ratio.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from holdem.cardroom.live_session import LiveSession
from holdem.cardroom.options import TableOptions

DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]


def next_entry(session: LiveSession) -> dict[str, Any]:
    hand = session.hand
    assert hand is not None
    legal = hand.legal()
    if legal is not None and hand.actor is not None:
        action = "check" if legal.check else "call"
        return {"kind": "act", "seat": hand.seats[hand.actor], "action": action}
    if hand.board_due:
        used = {str(card) for card in hand.hand.board}
        return {"kind": "board", "cards": [c for c in DECK if c not in used][: hand.board_due]}
    showdown = hand.hand.showdown
    assert showdown is not None
    return {"kind": "winners", "pots": [[hand.seats[pot.eligible[0]]] for pot in showdown.pots]}


def session_log(hands: int, players: int) -> tuple[TableOptions, list[dict[str, Any]]]:
    options = TableOptions(name="Bench", mode="live", seats=players, small_blind=1, big_blind=2)
    session = LiveSession("bench", options, "host")
    log: list[dict[str, Any]] = [
        {"kind": "seat", "seat": seat, "name": f"P{seat}", "buy_in": 1_000_000}
        for seat in range(1, players + 1)
    ]
    log.append({"kind": "button", "seat": players})
    for command in log:
        session.apply(command)
    for _ in range(hands):
        commands = [{"kind": "deal"}]
        session.apply(commands[0])
        while session.hand is not None and not session.hand.over:
            entry = next_entry(session)
            session.apply(entry)
            commands.append(entry)
        log.extend(commands)
    return options, log


def replay_seconds(options: TableOptions, log: list[dict[str, Any]], eager: bool) -> float:
    started = time.perf_counter()
    session = LiveSession("bench", options, "host")
    written = 0
    for command in log:
        session.apply(command)
        if eager and len(session.finished) > written:  # a hand just ended: its PHH now,
            assert session.hand is not None  # from the hand itself, as the first version did
            session.hand.phh()
            written = len(session.finished)
    return time.perf_counter() - started


def undo_milliseconds(options: TableOptions, log: list[dict[str, Any]], rounds: int) -> float:
    session = LiveSession.from_log("bench", options, "host", log)
    session.apply({"kind": "deal"})
    for _ in range(5):
        session.apply(next_entry(session))
    started = time.perf_counter()
    for _ in range(rounds):
        hand = session.hand
        assert hand is not None and hand.actor is not None
        session.apply({"kind": "act", "seat": hand.seats[hand.actor], "action": "fold"})
        session.apply({"kind": "undo"})
    return (time.perf_counter() - started) / rounds * 1000


def download_milliseconds(options: TableOptions, log: list[dict[str, Any]], rounds: int) -> float:
    """One hand's PHH as the download makes it: the hand played again, then written."""
    session = LiveSession.from_log("bench", options, "host", log)
    started = time.perf_counter()
    for _ in range(rounds):
        session.finished[-1].phh()
    return (time.perf_counter() - started) / rounds * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--players", type=int, default=6)
    args = parser.parse_args()
    options, log = session_log(args.hands, args.players)
    lazy = min(replay_seconds(options, log, eager=False) for _ in range(3))
    eager = min(replay_seconds(options, log, eager=True) for _ in range(3))
    print(f"{args.hands} hands, {len(log):,} commands")
    print(f"restart replay, PHH when downloaded: {lazy:.2f} s")
    print(f"restart replay, PHH as each ends:    {eager:.2f} s  (x{eager / lazy:.2f} slower)")
    print(f"an action and its undo after 5 entries: {undo_milliseconds(options, log, 200):.2f} ms")
    print(f"one hand's PHH download: {download_milliseconds(options, log, 200):.2f} ms")


if __name__ == "__main__":
    main()
