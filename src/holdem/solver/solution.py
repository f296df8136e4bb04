"""Solving a spot and keeping the answer: ``solve``, ``Solution``, save and load.

A ``.holdem-solution`` file is a line naming the format and its version, then the spot
and the average strategy, compressed with zlib. Loading rebuilds the tree from the spot
(the build is deterministic), so a file holds only what the solve found.
"""

from __future__ import annotations

import io
import json
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from holdem.errors import HoldemError
from holdem.solver import results
from holdem.solver.cfr import CFR, threads
from holdem.solver.game import PLAYER, VectorGame
from holdem.solver.spot import Spot
from holdem.solver.tree import build

MAGIC = b"holdem-solution"
VERSION = 1
SUFFIX = ".holdem-solution"


class SolutionFileError(HoldemError, ValueError):
    """A file that is not a solution this version can read."""


@dataclass
class Progress:
    """Where a solve stands: shown by the command's progress bar."""

    iteration: int
    exploitability: float  # chips
    pct_pot: float
    seconds: float
    memory_bytes: int


def memory_needed(game: VectorGame, *, bytes_per_value: int = 4) -> int:
    """Bytes a solve of ``game`` holds: regrets, current and summed strategies (hands x
    actions at every decision) and the reach and value vectors of every node."""
    n0, n1 = (len(h.weights) for h in game.hands)
    values = 3 * game.size + game.n_nodes * (n0 + n1 + max(n0, n1))
    return values * bytes_per_value


class Solution:
    """A solved (or partly solved) spot; ``report(line)`` reads any node."""

    def __init__(self, spot: Spot, game: VectorGame | None = None) -> None:
        self.spot = spot
        self.game = game if game is not None else build(spot)
        self.cfr = CFR(self.game)
        self.seconds = 0.0
        self.threads = 0
        self.exploitability = float("inf")
        self._strategy: np.ndarray | None = None

    @property
    def iterations(self) -> int:
        return self.cfr.iterations

    @property
    def memory_bytes(self) -> int:
        return self.cfr.memory_bytes

    @property
    def pot(self) -> float:
        return self.spot.pot

    @property
    def strategy(self) -> np.ndarray:
        """The average strategy, hands x actions at every decision, flat."""
        if self._strategy is None:
            self._strategy = self.cfr.average()
        return self._strategy

    def run(
        self,
        *,
        target: float = 0.5,
        max_iterations: int = 1000,
        thread_count: int | None = None,
        check_every: int = 10,
        progress: Callable[[Progress], None] | None = None,
    ) -> Solution:
        """Iterate until the exploitability is at most ``target`` % of the pot, or
        ``max_iterations`` in all."""
        import numba

        started = time.perf_counter() - self.seconds
        with threads(thread_count):
            self.threads = numba.get_num_threads()
            while True:
                steps = min(check_every, max_iterations - self.cfr.iterations)
                if steps <= 0:
                    break
                self.cfr.iterate(steps)
                self._strategy = None
                self.exploitability = self.cfr.exploitability(self.strategy)
                self.seconds = time.perf_counter() - started
                if progress is not None:
                    progress(self.progress())
                if self.pct_pot <= target:
                    break
        return self

    def progress(self) -> Progress:
        return Progress(
            self.iterations, self.exploitability, self.pct_pot, self.seconds, self.memory_bytes
        )

    @property
    def pct_pot(self) -> float:
        return 100 * self.exploitability / self.spot.pot

    def node(self, line: str = "") -> int:
        return results.find_node(self.game, line)[0]

    def report(self, line: str = "") -> dict[str, Any]:
        """The JSON of ``holdem solve show``: see docs/solver.md."""
        node, words = results.find_node(self.game, line)
        if self.game.kind[node] != PLAYER:
            where = " ".join(words) or "the root"
            what = (
                "a card is dealt"
                if self.game.kind[node] != 2 and self.game.kind[node] != 3
                else "the hand is over"
            )
            raise results.LineError(f"after {where} {what}: the line must end at a decision")
        found = results.node_report(self.game, self.cfr, self.strategy, node)
        found["node"]["line"] = " ".join(words)  # type: ignore[index]
        e = self.exploitability
        head: dict[str, Any] = {
            "exploitability": {"chips": round(e, 6), "pct_pot": round(self.pct_pot, 6)},
            "iterations": self.iterations,
            "seconds": round(self.seconds, 3),
            "threads": self.threads,
            "memory_bytes": self.memory_bytes,
            "spot": self.spot.to_dict(),
        }
        return head | found

    def lock(self, line: str, strategy: Any) -> None:
        """Fix the strategy at a node: one frequency per action for every combo, or a
        mapping from combos ("AsAh") to frequencies (other combos keep what was solved).
        Then ``resolve`` solves the rest of the tree again around it."""
        node = self.node(line)
        if self.game.kind[node] != PLAYER:
            raise results.LineError("only a decision can be locked")
        current = self.cfr.block(self.strategy, node).astype(np.float64)
        n_actions = current.shape[1]
        if isinstance(strategy, dict):
            labels = self.game.hands[int(self.game.player[node])].labels
            for combo, freqs in strategy.items():
                if combo not in labels:
                    raise results.LineError(f"{combo} is not a combo of the acting player's range")
                current[labels.index(combo)] = _frequencies(freqs, n_actions)
        else:
            current[:] = _frequencies(strategy, n_actions)
        self.cfr.lock(node, current)

    def resolve(self, **options: Any) -> Solution:
        """Solve again from scratch, keeping the locked nodes fixed."""
        locked = {
            int(n): self.cfr.block(self.cfr.strat, int(n)).copy()
            for n in np.flatnonzero(self.cfr.locked)
        }
        self.cfr = CFR(self.game)
        for n, block in locked.items():
            self.cfr.lock(n, block)
        self.seconds = 0.0
        self._strategy = None
        return self.run(**options)

    def save(self, path: str | Path) -> None:
        buffer = io.BytesIO()
        locked = np.flatnonzero(self.cfr.locked)
        np.savez(
            buffer,
            strategy=self.strategy,
            locked=locked,
            stats=np.array([self.iterations, self.seconds, self.threads, self.exploitability]),
            spot=np.frombuffer(json.dumps(self.spot.to_dict()).encode(), np.uint8),
        )
        head = MAGIC + b" %d\n" % VERSION
        Path(path).write_bytes(head + zlib.compress(buffer.getvalue(), 6))

    @classmethod
    def load(cls, path: str | Path) -> Solution:
        name = str(path)
        try:
            data = Path(path).read_bytes()
        except OSError as error:
            raise SolutionFileError(f"{name}: cannot be read ({error.strerror})") from None
        head, _, body = data.partition(b"\n")
        if not head.startswith(MAGIC):
            raise SolutionFileError(
                f"{name} is not a solution file: write one with holdem solve -o FILE"
            )
        version = head[len(MAGIC) :].strip().decode("ascii", "replace")
        if version != str(VERSION):
            raise SolutionFileError(
                f"{name} was saved in solution format {version}; this holdem reads "
                f"format {VERSION}: solve the spot again"
            )
        try:
            arrays = np.load(io.BytesIO(zlib.decompress(body)), allow_pickle=False)
            spot = Spot.from_dict(json.loads(arrays["spot"].tobytes().decode()))
            strategy = arrays["strategy"]
            locked = arrays["locked"]
            stats = arrays["stats"]
        except HoldemError as error:
            raise SolutionFileError(f"{name} is damaged: its spot is not valid ({error})") from None
        except Exception as error:  # zlib, npz or JSON: the bytes are not what was written
            raise SolutionFileError(
                f"{name} is damaged and cannot be read ({type(error).__name__})"
            ) from None
        solution = cls(spot)
        if strategy.shape != (solution.game.size,):
            raise SolutionFileError(f"{name} is damaged: its strategy does not fit the spot's tree")
        solution.cfr.ssum[:] = strategy
        solution.cfr.strat[:] = strategy
        for n in locked:
            solution.cfr.locked[int(n)] = True
        solution.cfr.iterations = int(stats[0])
        solution.seconds = float(stats[1])
        solution.threads = int(stats[2])
        solution.exploitability = float(stats[3])
        return solution


def _frequencies(value: Any, n_actions: int) -> np.ndarray:
    row = np.asarray(value, np.float64)
    if row.shape != (n_actions,) or (row < 0).any() or not np.isclose(row.sum(), 1.0):
        raise results.LineError(
            f"a locked strategy is {n_actions} frequencies from 0 to 1 that add up to 1"
        )
    return row


def solve(
    spot: Spot | str | Path | None = None,
    *,
    target: float = 0.5,
    max_iterations: int = 1000,
    threads: int | None = None,
    check_every: int = 10,
    progress: Callable[[Progress], None] | None = None,
    **keys: Any,
) -> Solution:
    """Solve a spot (a ``Spot``, a TOML file, or the spot's keys as arguments) until its
    exploitability is at most ``target`` % of the pot."""
    if spot is None:
        spot = Spot.from_dict(keys)
    elif not isinstance(spot, Spot):
        spot = Spot.from_toml(spot)
    return Solution(spot).run(
        target=target, max_iterations=max_iterations, thread_count=threads,
        check_every=check_every, progress=progress,
    )  # fmt: skip
