"""Equity: each player's share of the pot over the boards still to come.

A player's equity is (boards won + for each tied board, 1/k of it when k players tie)
divided by the boards, over every deal of the players' ranges where no card is shared,
each deal weighted by the product of its combinations' weights. ``equity`` enumerates
every deal and board when that is little work (``exact``) and samples them otherwise
(Monte Carlo), with a 95% confidence interval and an optional stopping rule.

>>> result = equity(["AsAh", "KsKh"])
>>> result.exact, result.boards, round(result.equities[0], 4)
(True, 1712304, 0.8264)
"""

from __future__ import annotations

import math
import random
import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from holdem.cards import Card, ensure_distinct, parse_cards
from holdem.odds import exact as exact_kernels
from holdem.odds import known as known_kernels
from holdem.odds import montecarlo
from holdem.odds.errors import OddsError
from holdem.odds.kernels import MAX_PLAYERS
from holdem.odds.montecarlo import alias_tables
from holdem.odds.ranges import Range, parse_range

Player = str | Range | Sequence[int | str]
"""A known hand ("AsAh", two cards) or a range ("QQ+,AKs", a ``Range``)."""
Progress = Callable[[int, int], None]
"""Called now and then with (work done, work to do): boards, or trials."""

EXACT_WORK = 60_000_000  # player-boards enumerated without asking (well under a second)
EXACT_LIMIT = 20_000_000_000  # the most an explicit exact=True may ask for (minutes)
DEFAULT_PRECISION = 0.0005  # half-width of the 95% interval when no trials are given
MAX_TRIALS = 200_000_000  # where the stopping rule gives up when no trials are given
TRIALS_LIMIT = 1_000_000_000  # the most trials one question may ask for (about an hour)
MIN_TRIALS = 10_000  # before the stopping rule may stop
Z95 = 1.959963984540054
_CHUNK_BOARDS = 4_000_000


@dataclass(frozen=True)
class PlayerEquity:
    hand: str
    """The hand or the range as given ("AsAh", "QQ+,AKs")."""
    equity: float
    win: float
    """Share of the boards this player wins outright."""
    tie: float
    """Share of the boards this player ties for the best hand."""
    interval: float = 0.0
    """Half-width of the 95% confidence interval of ``equity`` (0 when exact)."""


@dataclass(frozen=True)
class EquityResult:
    players: tuple[PlayerEquity, ...]
    exact: bool
    boards: int | None
    """Boards enumerated (exact), summed over every deal; None for Monte Carlo."""
    trials: int | None
    """Trials run (Monte Carlo); None when exact."""

    @property
    def equities(self) -> tuple[float, ...]:
        return tuple(p.equity for p in self.players)

    @property
    def wins(self) -> tuple[float, ...]:
        return tuple(p.win for p in self.players)

    @property
    def ties(self) -> tuple[float, ...]:
        return tuple(p.tie for p in self.players)

    @property
    def intervals(self) -> tuple[float, ...]:
        return tuple(p.interval for p in self.players)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``holdem odds --json``."""
        return {
            "players": [
                {"hand": p.hand, "equity": p.equity, "win": p.win, "tie": p.tie}
                for p in self.players
            ],
            "exact": self.exact,
            "boards": self.boards,
            "trials": self.trials,
        }


@dataclass(frozen=True)
class _Problem:
    """An equity question, checked and reduced to arrays for the kernels."""

    labels: list[str]
    board: np.ndarray  # int64, the known board cards
    dead_mask: int  # one bit per card that cannot be dealt: dead cards and the board
    live: np.ndarray  # int64, cards that are neither on the board, dead, nor a known hand
    cards: np.ndarray  # int64 (n, widest, 2): each player's combinations
    weights: np.ndarray  # float64 (n, widest)
    sizes: np.ndarray  # int64 (n,)

    @property
    def to_come(self) -> int:
        return 5 - len(self.board)

    @property
    def all_known(self) -> bool:
        return bool((self.sizes == 1).all())

    @property
    def boards_per_deal(self) -> int:
        dealt = int((self.sizes > 1).sum())
        return math.comb(len(self.live) - 2 * dealt, self.to_come)

    @property
    def work(self) -> int:
        """Player-boards an exact answer takes, at most (clashing deals still counted)."""
        deals: int = math.prod(self.sizes.tolist())
        return deals * self.boards_per_deal * len(self.sizes)


def equity(
    players: Sequence[Player],
    board: str | Iterable[int | str] | None = None,
    dead: str | Iterable[int | str] | None = None,
    exact: bool | None = None,
    trials: int | None = None,
    *,
    precision: float | None = None,
    rng: random.Random | None = None,
    progress: Progress | None = None,
) -> EquityResult:
    """Each player's equity, wins and ties, over the boards to come.

    - ``players``: 2 to 10 hands or ranges, in order;
    - ``board``: 0, 3, 4 or 5 cards; ``dead``: cards out of play (folded, burned, seen);
    - ``exact``: True to enumerate everything, False for Monte Carlo; by default exact
      when that is at most ``EXACT_WORK`` player-boards and no ``trials`` or
      ``precision`` is asked for, Monte Carlo otherwise;
    - ``trials``: how many Monte Carlo trials (the most, with ``precision``);
    - ``precision``: stop once every equity's 95% interval is within +/- this
      (default ``DEFAULT_PRECISION`` when neither ``trials`` nor ``precision`` is given);
    - ``rng``: a ``random.Random`` to seed the sampler, for results that repeat;
    - ``progress``: called with (done, total) between pieces of work.
    """
    problem = _setup(players, board, dead)
    if trials is not None and not 1 <= trials <= TRIALS_LIMIT:
        raise OddsError(f"trials run from 1 to {TRIALS_LIMIT:,} (about an hour), not {trials:,}")
    if precision is not None and not 0 < precision < 1:
        raise OddsError(f"precision is a half-width between 0 and 1, like 0.001, not {precision}")
    if exact is None:
        exact = trials is None and precision is None and problem.work <= EXACT_WORK
    if exact:
        if problem.work > EXACT_LIMIT:
            raise OddsError(
                f"an exact answer takes up to {problem.work:,} player-boards, more than the "
                f"{EXACT_LIMIT:,} allowed: use Monte Carlo (exact=False, or --trials)"
            )
        return _exact(problem, progress)
    if trials is None and precision is None:
        precision = DEFAULT_PRECISION
    seed = (rng.getrandbits(64) if rng is not None else secrets.randbits(64)) or 1
    return _monte_carlo(problem, trials, precision, seed, progress)


def _player_range(player: Player, index: int) -> Range:
    if isinstance(player, Range):
        return player
    if isinstance(player, str):
        return parse_range(player)
    try:
        return Range.of_hand(player)
    except TypeError:
        raise OddsError(
            f"player {index + 1} is {player!r}: give a hand (AsAh, two cards) or a range"
        ) from None


def _setup(
    players: Sequence[Player],
    board: str | Iterable[int | str] | None,
    dead: str | Iterable[int | str] | None,
) -> _Problem:
    if isinstance(players, str):
        raise OddsError("players is a list of hands or ranges, like ['AsAh', 'KsKh']")
    ranges = [_player_range(p, i) for i, p in enumerate(players)]
    if not 2 <= len(ranges) <= MAX_PLAYERS:
        raise OddsError(f"equity needs 2 to {MAX_PLAYERS} players, not {len(ranges)}")
    board_cards = parse_cards(board) if board is not None else []
    if len(board_cards) not in (0, 3, 4, 5):
        raise OddsError(
            f"a board has 0, 3, 4 or 5 cards (preflop, flop, turn, river), not {len(board_cards)}"
        )
    dead_cards = parse_cards(dead) if dead is not None else []
    held = [c for r in ranges if r.hand is not None for c in r.hand]
    ensure_distinct([*board_cards, *dead_cards, *held])
    left = _card_removal(ranges, [*board_cards, *dead_cards])
    held = [c for r in left if r.hand is not None for c in r.hand]
    out = [*board_cards, *dead_cards, *held]
    combos = [list(r.combos) for r in left]
    weights = [list(r.weights) for r in left]
    width = max(len(c) for c in combos)
    cards = np.zeros((len(ranges), width, 2), np.int64)
    weight_array = np.zeros((len(ranges), width))
    for p, (cs, ws) in enumerate(zip(combos, weights, strict=True)):
        cards[p, : len(cs)] = cs
        weight_array[p, : len(ws)] = ws
    gone = set(out)
    live = np.array([c for c in range(52) if c not in gone], np.int64)
    sizes = np.array([len(c) for c in combos], np.int64)
    dealt = int((sizes > 1).sum())
    to_come = 5 - len(board_cards)
    if len(live) - 2 * dealt < to_come:
        raise OddsError(
            f"only {len(live) - 2 * dealt} cards are left to deal the {to_come} the board needs"
        )
    return _Problem(
        labels=[r.text for r in ranges],
        board=np.array(board_cards, np.int64),
        dead_mask=sum(1 << c for c in (*board_cards, *dead_cards)),
        live=live,
        cards=cards,
        weights=weight_array,
        sizes=sizes,
    )


def _card_removal(ranges: list[Range], out: list[Card]) -> list[Range]:
    """Each range less the combinations that hold a card out of play or a known hand's card.

    A range left with one combination is a known hand from then on, whose cards leave
    the others' ranges in turn.
    """
    left = list(ranges)
    while True:
        held = [c for r in left if r.hand is not None for c in r.hand]
        known = set(held)
        left = [r if r.hand is not None else r.without([*out, *held]) for r in left]
        for i, r in enumerate(left):
            if not len(r):
                raise OddsError(
                    f"player {i + 1}'s range {ranges[i].text!r} has no combination left once "
                    "the board, the dead cards and the known hands are taken out"
                )
        if {c for r in left if r.hand is not None for c in r.hand} == known:
            ensure_distinct(held)
            return left


def _result(
    problem: _Problem,
    wins: np.ndarray,
    ties: np.ndarray,
    *,
    exact: bool,
    boards: int | None,
    trials: int | None,
) -> EquityResult:
    total, shares, _ = _moments(wins, ties)
    intervals = [0.0] * len(wins) if exact else _half_widths(wins, ties).tolist()
    players = tuple(
        PlayerEquity(
            hand=label,
            equity=float(shares[p] / total),
            win=float(wins[p] / total),
            tie=float(ties[p].sum() / total),
            interval=intervals[p],
        )
        for p, label in enumerate(problem.labels)
    )
    return EquityResult(players=players, exact=exact, boards=boards, trials=trials)


def _moments(wins: np.ndarray, ties: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    """(boards, each player's summed share, summed squared share); shares are 1, 1/k or 0."""
    k = np.arange(ties.shape[1], dtype=np.float64)
    k[0] = k[1] = 1.0  # no tie has 0 or 1 players: those columns stay empty
    shares = wins + (ties / k).sum(axis=1)
    squares = wins + (ties / k**2).sum(axis=1)
    return float(shares.sum()), shares, squares


def _half_widths(wins: np.ndarray, ties: np.ndarray) -> np.ndarray:
    total, shares, squares = _moments(wins, ties)
    mean = shares / total
    variance = np.maximum(squares / total - mean**2, 0.0)
    return np.asarray(Z95 * np.sqrt(variance / total))


def _exact(problem: _Problem, progress: Progress | None) -> EquityResult:
    holes, weights = exact_kernels.deals(problem.cards, problem.weights, problem.sizes)
    if not len(holes):
        raise OddsError("no deal gives every player different cards: the ranges overlap fully")
    n = len(problem.sizes)
    wins, ties = np.zeros(n), np.zeros((n, 11))
    per_deal = problem.boards_per_deal
    chunk = max(1, _CHUNK_BOARDS // max(per_deal, 1))
    total = per_deal * len(holes)
    boards = 0
    for start in range(0, len(holes), chunk):
        boards += exact_kernels.run(
            holes[start : start + chunk],
            weights[start : start + chunk],
            problem.board,
            problem.dead_mask,
            wins,
            ties,
        )
        if progress is not None:
            progress(boards, total)
    return _result(problem, wins, ties, exact=True, boards=boards, trials=None)


def _monte_carlo(
    problem: _Problem,
    trials: int | None,
    precision: float | None,
    seed: int,
    progress: Progress | None,
) -> EquityResult:
    n = len(problem.sizes)
    wins, ties = np.zeros(n, np.int64), np.zeros((n, 11), np.int64)
    limit = trials if trials is not None else MAX_TRIALS
    keep, alias = alias_tables(
        [problem.weights[p, : problem.sizes[p]] for p in range(n)], problem.cards.shape[1]
    )
    holes = problem.cards[:, 0, :].copy()
    state, done, chunk = seed, 0, 1 << 16
    if precision is not None:  # enough for the worst variance (1/4), no more, to start
        chunk = min(chunk, max(MIN_TRIALS, int((Z95 / 2 / precision) ** 2)))
    while done < limit:
        size = min(chunk, limit - done)
        if problem.all_known:
            state, ran, counts = known_kernels.run(size, state, holes, problem.live, problem.board)
            _add_outcomes(counts, wins, ties)
        else:
            state, ran = montecarlo.run(
                size,
                state,
                problem.cards,
                problem.sizes,
                keep,
                alias,
                problem.live,
                problem.board,
                wins,
                ties,
            )
            if ran < 0:
                raise OddsError(
                    "the ranges leave almost no deal where every card is different: "
                    "narrow them or let them overlap less"
                )
        done += ran
        chunk = min(chunk * 2, 1 << 21)
        target = limit
        if precision is not None and done >= MIN_TRIALS:
            widest = float(_half_widths(wins, ties).max())
            if widest <= precision:
                break
            # Trials needed shrink the interval as 1/sqrt(trials): aim for the precision.
            target = min(limit, int(done * (widest / precision) ** 2) + 1)
        if progress is not None:
            progress(done, max(target, done))
    return _result(problem, wins, ties, exact=False, boards=None, trials=done)


def _add_outcomes(counts: np.ndarray, wins: np.ndarray, ties: np.ndarray) -> None:
    """Fold counts of outcomes (bit masks of the players with the best hand) into wins, ties."""
    for mask in np.flatnonzero(counts).tolist():
        players = [p for p in range(len(wins)) if mask >> p & 1]
        for p in players:
            if len(players) == 1:
                wins[p] += counts[mask]
            else:
                ties[p, len(players)] += counts[mask]
