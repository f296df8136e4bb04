"""Push or fold: the equilibrium of a short-stacked preflop spot, heads-up or 3 to 10 handed.

The game: whoever acts first may go all in (push) or fold; once someone has pushed, each
player after them calls or folds, and the first call closes the action (no overcalls: the
two hands go to showdown). When everyone folds, the big blind takes the blinds and antes.

- Heads-up (small blind against big blind) the game is constant-sum: its exact
  equilibrium is the solution of a linear programme over the 169 classes of each player,
  card removal exact (each pair of classes weighted by its combinations that share no
  card). Mixed where the equilibrium mixes.
- 3 to 10 players are solved by fictitious play (each player's best response to the
  others' average strategies, averaged in) until no player can gain more than a set
  share of the prize pool by deviating. Card removal is exact between the pusher and
  each caller; folded players' cards are not taken out.

Payoffs are chips won (chip EV) or, with prizes, each player's prize equity by the
Independent Chip Model (``holdem.tournament.icm``) of the stacks after the hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

from holdem.errors import ConfigError
from holdem.solver.preflop_matchups import CLASSES, LABELS, Matchups, matchups
from holdem.tournament.icm import icm

__all__ = [
    "MAX_PLAYERS",
    "Equilibrium",
    "Spot",
    "Terminal",
    "position_names",
    "solve",
]

MAX_PLAYERS = 10
DEFAULT_GAP = 1e-4  # 0.01% of the prize pool
MAX_ITERATIONS = 200_000
_CLEAN = 0.02  # go on to this share of the tolerance, then snap near-pure frequencies
_CLEAN_ROUNDS = 2000  # at most this many rounds past the tolerance

_FIRST_POSITIONS = ("UTG", "UTG+1", "UTG+2", "UTG+3", "LJ", "HJ", "CO")


def position_names(players: int) -> tuple[str, ...]:
    """Names in the order of preflop action: ("SB", "BB") heads-up, ("UTG", "HJ", "CO",
    "BTN", "SB", "BB") six-handed."""
    if players == 2:
        return ("SB", "BB")
    if players == 3:
        return ("BTN", "SB", "BB")
    early = players - 3
    # UTG first, then the named seats nearest the button, then UTG+1.. to fill the rest.
    late = ("LJ", "HJ", "CO")[max(0, 3 - (early - 1)) :] if early > 1 else ()
    extra = tuple(_FIRST_POSITIONS[1 : early - len(late)])
    return ("UTG", *extra, *late, "BTN", "SB", "BB")


@dataclass(frozen=True)
class Spot:
    """A hand about to be dealt. ``stacks`` go from the small blind round the table (small
    blind, big blind, then the first to act, ... the button); heads-up the first is the
    small blind's, who is also the button. ``prizes`` (first place down) make the payoff
    ICM prize equity; without them it is chips."""

    stacks: tuple[float, ...]
    small_blind: float
    big_blind: float
    ante: float = 0.0
    prizes: tuple[float, ...] | None = None

    def __post_init__(self) -> None:
        n = len(self.stacks)
        if not 2 <= n <= MAX_PLAYERS:
            raise ConfigError(f"{n} stacks: push/fold takes 2 to {MAX_PLAYERS} players")
        if not 0 < self.small_blind <= self.big_blind:
            raise ConfigError(
                f"blinds {self.small_blind:g}/{self.big_blind:g}: the small blind is more "
                "than 0 and at most the big blind"
            )
        if self.ante < 0:
            raise ConfigError(f"ante {self.ante:g}: an ante is 0 or more")
        for stack in self.stacks:
            if not stack > self.ante + self.big_blind:
                raise ConfigError(
                    f"stack {stack:g}: every stack must cover the ante and the big blind "
                    f"({self.ante + self.big_blind:g}) with chips to spare"
                )
        if self.prizes is not None:
            if not self.prizes or any(p < 0 for p in self.prizes) or sum(self.prizes) <= 0:
                raise ConfigError("prizes: list amounts of 0 or more, first place first")
            if len(self.prizes) > n:
                raise ConfigError(f"{len(self.prizes)} prizes for {n} players: one per player")

    @property
    def players(self) -> int:
        return len(self.stacks)

    @property
    def pool(self) -> float:
        """What the payoffs add up to: the prizes, or the chips in play."""
        return float(sum(self.prizes)) if self.prizes is not None else float(sum(self.stacks))

    def acting_order(self) -> tuple[int, ...]:
        """Seat indices (into ``stacks``) in the order players act preflop."""
        n = self.players
        return (0, 1) if n == 2 else (*range(2, n), 0, 1)

    def posted(self) -> np.ndarray:
        """What each player (in acting order) has in before anyone acts."""
        order = self.acting_order()
        out = np.full(self.players, self.ante)
        out[order.index(0)] += self.small_blind
        out[order.index(1)] += self.big_blind
        return out


@dataclass(frozen=True)
class Terminal:
    """An end of the hand: the stacks after it (acting order) and what each is worth."""

    name: str
    stacks: tuple[float, ...]
    values: tuple[float, ...]


@dataclass
class Equilibrium:
    """Strategies in acting order: ``push[k][c]`` the chance position k goes all in with
    class c when everyone before folded; ``call[(m, k)][c]`` the chance m calls k's push
    (everyone between folded)."""

    spot: Spot
    positions: tuple[str, ...]
    push: list[np.ndarray]
    call: dict[tuple[int, int], np.ndarray]
    values: np.ndarray  # each player's expected payoff (acting order)
    gains: np.ndarray  # what each player gains by the best deviation
    iterations: int = 0
    terminals: list[Terminal] = field(default_factory=list)
    push_edge: list[np.ndarray] = field(default_factory=list)
    """Per first-in position and class: payoff(push) - payoff(fold) for the pusher."""
    call_edge: dict[tuple[int, int], np.ndarray] = field(default_factory=dict)
    """Per (caller, pusher) and class: payoff(call) - payoff(fold) for the caller."""

    @property
    def gap(self) -> float:
        """The most any player gains by deviating, in payoff units."""
        return float(self.gains.max())

    @property
    def gap_pct_pool(self) -> float:
        return 100 * self.gap / self.spot.pool

    def charts(self) -> dict[str, dict[str, dict[str, float]]]:
        """Position to situation ("push", "call_vs_UTG") to class to frequency."""
        out: dict[str, dict[str, dict[str, float]]] = {}
        for k, name in enumerate(self.positions):
            chart: dict[str, dict[str, float]] = {}
            if k < len(self.push):
                chart["push"] = _named(self.push[k])
            for pusher in range(k):
                chart[f"call_vs_{self.positions[pusher]}"] = _named(self.call[(k, pusher)])
            out[name] = chart
        return out


def _named(strategy: np.ndarray) -> dict[str, float]:
    return {label: _tidy(p) for label, p in zip(LABELS, strategy, strict=True)}


def _tidy(p: float) -> float:
    """A frequency as printed: 0 and 1 exactly when within rounding of them."""
    if p < 1e-9:
        return 0.0
    if p > 1 - 1e-9:
        return 1.0
    return round(float(p), 6)


# --- The model: terminal payoffs and the expectations over the opponent's class.


@dataclass(frozen=True)
class _Model:
    spot: Spot
    prior: np.ndarray  # P(class), 169
    given: np.ndarray  # given[i, j]: P(opponent holds j | I hold i), card removal exact
    win: np.ndarray  # win[i, j]: P(i beats j at showdown)
    tie: np.ndarray
    walk: np.ndarray  # payoffs (acting order) when all fold to the big blind
    steal: list[np.ndarray]  # steal[k]: k pushes, nobody calls
    showdown: dict[tuple[int, int], np.ndarray]  # (k, m) -> [3, n]: k wins, split, m wins
    terminals: list[Terminal]


def _model(spot: Spot, table: Matchups | None = None) -> _Model:
    table = table if table is not None else matchups()
    pairs = table.pairs.astype(float)
    combos = pairs.sum(axis=1)
    order = spot.acting_order()
    stacks = np.array([spot.stacks[s] for s in order], dtype=float)
    posted = spot.posted()
    n = spot.players
    names = position_names(n)
    terminals: list[Terminal] = []

    def payoff(name: str, after: np.ndarray) -> np.ndarray:
        values = np.array(icm(list(after), list(spot.prizes))) if spot.prizes else after.copy()
        terminals.append(Terminal(name, tuple(float(x) for x in after), tuple(values)))
        return values

    walk = stacks - posted
    walk[n - 1] += posted.sum()
    walk_value = payoff("fold to BB", walk)
    steal = []
    showdown = {}
    for k in range(n - 1):
        after = stacks - posted
        after[k] = stacks[k] + posted.sum() - posted[k]
        steal.append(payoff(f"{names[k]} pushes, all fold", after))
        for m in range(k + 1, n):
            matched = min(stacks[k], stacks[m])
            pot = posted.sum() - posted[k] - posted[m] + 2 * matched
            base = stacks - posted
            base[k] = stacks[k] - matched
            base[m] = stacks[m] - matched
            outcomes = []
            for label, share_k in (("wins", 1.0), ("splits", 0.5), ("loses", 0.0)):
                after = base.copy()
                after[k] += share_k * pot
                after[m] += (1 - share_k) * pot
                outcomes.append(payoff(f"{names[k]} pushes, {names[m]} calls, {label}", after))
            showdown[(k, m)] = np.array(outcomes)
    return _Model(
        spot=spot,
        prior=combos / combos.sum(),
        given=pairs / combos[:, None],
        win=table.win(),
        tie=table.tie(),
        walk=walk_value,
        steal=steal,
        showdown=showdown,
        terminals=terminals,
    )


# --- Heads-up: a linear programme, exact.

_HEADS_UP_GAP = 1e-6  # share of the pool, when SciPy cannot be loaded


def _linear_programming() -> bool:
    """Whether SciPy's linear programming can be loaded (a process may have kept SciPy
    out while numba loads its kernels: ``holdem sim`` does)."""
    try:
        import scipy.optimize  # noqa: F401
    except ImportError:
        return False
    return True


def _solve_heads_up(model: _Model) -> tuple[np.ndarray, np.ndarray]:
    """(SB's push, BB's call) at the equilibrium of the constant-sum heads-up game."""
    from scipy.optimize import linprog

    fold, steal = model.walk[0], model.steal[0][0]
    showdown = model.showdown[(0, 1)][:, 0]
    lose = model.win.T
    # SB's payoff when called, per class pair, less what stealing would have paid.
    called = model.win * showdown[0] + model.tie * showdown[1] + lose * showdown[2] - steal
    joint = model.prior[:, None] * model.given  # P(SB i, BB j)
    scale = 1.0 / max(abs(called).max(), abs(steal - fold), 1e-12)
    push_gain = model.prior * (steal - fold) * scale  # per class, when BB never calls
    calls = joint * called * scale  # [i, j]: SB's change when j calls i's push
    options = {"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10}
    eye = np.eye(CLASSES)
    # SB: maximise sum_i a_i p_i + sum_j t_j, t_j <= 0, t_j <= sum_i calls[i, j] p_i.
    sb = linprog(
        c=-np.concatenate([push_gain, np.ones(CLASSES)]),
        A_ub=np.hstack([-calls.T, eye]),
        b_ub=np.zeros(CLASSES),
        bounds=[(0, 1)] * CLASSES + [(None, 0)] * CLASSES,
        method="highs",
        options=options,
    )
    # BB: minimise sum_i u_i, u_i >= 0, u_i >= a_i + sum_j calls[i, j] q_j.
    bb = linprog(
        c=np.concatenate([np.zeros(CLASSES), np.ones(CLASSES)]),
        A_ub=np.hstack([calls, -eye]),
        b_ub=-push_gain,
        bounds=[(0, 1)] * CLASSES + [(0, None)] * CLASSES,
        method="highs",
        options=options,
    )
    if sb.status != 0 or bb.status != 0:  # pragma: no cover - HiGHS solves these always
        raise RuntimeError(f"the linear programme failed: {sb.message} / {bb.message}")
    return _polish(np.clip(sb.x[:CLASSES], 0, 1), np.clip(bb.x[:CLASSES], 0, 1), push_gain, calls)


def _polish(
    push: np.ndarray, call: np.ndarray, push_gain: np.ndarray, calls: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Snap the solver's near-0 and near-1 frequencies to their pure values, and solve the
    indifference of each side's one mixed class exactly, when that lowers exploitability."""
    best = (push, call)
    best_gap = _hu_exploitability(push, call, push_gain, calls)
    pure_push = np.where(push > 0.5, 1.0, 0.0)
    pure_call = np.where(call > 0.5, 1.0, 0.0)
    mixed_push = np.nonzero((push > 1e-7) & (push < 1 - 1e-7))[0]
    mixed_call = np.nonzero((call > 1e-7) & (call < 1 - 1e-7))[0]
    if len(mixed_push) <= 1 and len(mixed_call) <= 1:
        p, q = pure_push.copy(), pure_call.copy()
        if len(mixed_push) == 1 and len(mixed_call) == 1:
            # The SB's mixed class i keeps the BB's mixed class j indifferent and the
            # other way round: two linear equations, one unknown each.
            i, j = mixed_push[0], mixed_call[0]
            slope = calls[i, j]
            if slope != 0:
                q[j] = p[i] = 0
                q[j] = np.clip(-(push_gain[i] + calls[i] @ q) / slope, 0, 1)
                p[i] = np.clip(-(calls[:, j] @ p) / slope, 0, 1)
        gap = _hu_exploitability(p, q, push_gain, calls)
        if gap < best_gap:
            best, best_gap = (p, q), gap
    return best


def _hu_exploitability(
    push: np.ndarray, call: np.ndarray, push_gain: np.ndarray, calls: np.ndarray
) -> float:
    """SB's gain from a best response plus BB's, in the scaled units of the programme."""
    sb_per_class = push_gain + calls @ call
    value = push @ sb_per_class
    sb_best = np.maximum(sb_per_class, 0).sum()
    bb_best = push_gain @ push + np.minimum(push @ calls, 0).sum()
    return float(sb_best - value + value - bb_best)


# --- Any number of players: expectations, best responses and fictitious play.


class _Evaluation(NamedTuple):
    """Each player's expected payoff (``values``) and gain from a best response
    (``gains``); payoff(push) - payoff(fold) per class for each first-in position
    (``push_edge``, given the class); payoff(call) - payoff(fold) per class for each
    caller, weighted by how often that class meets the push there (``call_weighted``) and
    given the class and the push (``call_edge``)."""

    values: np.ndarray
    gains: np.ndarray
    push_edge: list[np.ndarray]
    call_weighted: dict[tuple[int, int], np.ndarray]
    call_edge: dict[tuple[int, int], np.ndarray]


def _evaluate(
    model: _Model, push: list[np.ndarray], call: dict[tuple[int, int], np.ndarray]
) -> _Evaluation:
    n = model.spot.players
    given, win, tie, prior = model.given, model.win, model.tie, model.prior
    lose = win.T
    gains = np.zeros(n)
    push_adv: list[np.ndarray] = []
    call_adv: dict[tuple[int, int], np.ndarray] = {}
    call_edge: dict[tuple[int, int], np.ndarray] = {}
    # first_in[k]: payoff vector when everyone before k folded; built from the back.
    first_in = model.walk
    reach = [1.0]
    for k in range(n - 1):
        reach.append(reach[-1] * (1 - prior @ push[k]))
    push_values: list[np.ndarray] = [np.empty(0)] * (n - 1)
    for k in range(n - 2, -1, -1):
        # For k's class i: each later player's chance of calling and of each outcome.
        called = {m: given @ call[(m, k)] for m in range(k + 1, n)}
        outcomes = {
            m: (
                (given * win) @ call[(m, k)],
                (given * tie) @ call[(m, k)],
                (given * lose) @ call[(m, k)],
            )
            for m in range(k + 1, n)
        }
        # tail[m]: payoff vectors [169, n] from m on (players k+1..m-1 folded).
        tail = np.tile(model.steal[k], (CLASSES, 1))
        tails: dict[int, np.ndarray] = {}
        for m in range(n - 1, k, -1):
            tails[m] = tail  # after m folds
            win_k, split, lose_k = outcomes[m]
            sd = model.showdown[(k, m)]
            tail = (
                win_k[:, None] * sd[0]
                + split[:, None] * sd[1]
                + lose_k[:, None] * sd[2]
                + (1 - called[m])[:, None] * tail
            )
        pushed = tail  # [169, n]: payoffs once k pushes with each class
        push_values[k] = pushed
        advantage = pushed[:, k] - first_in[k]
        push_adv.insert(0, advantage)
        gains[k] += reach[k] * prior @ (np.maximum(advantage, 0) - push[k] * advantage)
        first_in = prior @ (push[k][:, None] * pushed) + (1 - prior @ push[k]) * first_in
        # Each caller m: its class j, k's class i weighted by P(i | j) and the chance
        # everyone between folded.
        alive = push[k].copy()  # weight of k's class i: pushed, callers so far folded
        for m in range(k + 1, n):
            sd = model.showdown[(k, m)][:, m]
            paid = win * sd[2] + tie * sd[1] + lose * sd[0]  # [j, i]: m's payoff, m holds j
            fold_value = tails[m][:, m]  # [i]
            weights = given * alive[None, :]  # [j, i]: P(k holds i | m holds j), k reached m
            adv = (weights * paid).sum(axis=1) - weights @ fold_value
            reached = weights.sum(axis=1)  # P(k pushed and m's turn came | m holds j)
            call_edge[(m, k)] = _ratio(adv, reached)
            adv = reach[k] * prior * adv
            call_adv[(m, k)] = adv
            gains[m] += (np.maximum(adv, 0) - call[(m, k)] * adv).sum()
            alive = alive * (1 - called[m])
    values = first_in
    return _Evaluation(values, gains, push_adv, call_adv, call_edge)


def _ratio(top: np.ndarray, bottom: np.ndarray) -> np.ndarray:
    out = np.zeros(top.shape)
    np.divide(top, bottom, out=out, where=bottom > 0)
    return out


def solve(
    spot: Spot,
    *,
    gap: float = DEFAULT_GAP,
    max_iterations: int = MAX_ITERATIONS,
    table: Matchups | None = None,
) -> Equilibrium:
    """The push/fold equilibrium of ``spot``; ``gap`` (share of the pool) bounds what any
    player may gain by deviating, for 3 players or more (heads-up it is exact)."""
    model = _model(spot, table)
    n = spot.players
    if n == 2 and _linear_programming():
        sb_push, bb_call = _solve_heads_up(model)
        push, call = [sb_push], {(1, 0): bb_call}
        iterations = 0
    elif n == 2:  # without SciPy: fictitious play, to well within a millionth of the pot
        push, call, iterations = _fictitious_play(model, _HEADS_UP_GAP * spot.pool, max_iterations)
    else:
        push, call, iterations = _fictitious_play(model, gap * spot.pool, max_iterations)
    values, gains, push_edge, _, call_edge = _evaluate(model, push, call)
    return Equilibrium(
        spot=spot,
        positions=position_names(n),
        push=push,
        call=call,
        values=values,
        gains=gains,
        iterations=iterations,
        terminals=model.terminals,
        push_edge=push_edge,
        call_edge=call_edge,
    )


def _fictitious_play(
    model: _Model, tolerance: float, max_iterations: int
) -> tuple[list[np.ndarray], dict[tuple[int, int], np.ndarray], int]:
    n = model.spot.players
    push = [np.full(CLASSES, 0.5) for _ in range(n - 1)]
    call = {(m, k): np.full(CLASSES, 0.5) for k in range(n - 1) for m in range(k + 1, n)}
    within = 0  # rounds since the gap first fell within the tolerance
    for t in range(1, max_iterations + 1):
        _, gains, push_adv, call_adv, _ = _evaluate(model, push, call)
        if gains.max() <= tolerance:
            # The gap falls as 1/t^2 or so: going on to well within the tolerance costs
            # little and leaves charts that snapping makes pure, not a mist of mixes.
            within += 1
            if gains.max() <= tolerance * _CLEAN or within > _CLEAN_ROUNDS:
                snapped = _snapped(model, push, call, tolerance)
                return *(snapped or (push, call)), t - 1
        # Linear averaging (the newer best responses weigh more) converges faster than
        # plain 1/t averaging on these games; the first best response replaces the start.
        step = 2 / (t + 1)
        for k in range(n - 1):
            push[k] += step * ((push_adv[k] > 0) - push[k])
        for key, adv in call_adv.items():
            call[key] += step * ((adv > 0) - call[key])
    raise ConfigError(
        f"no equilibrium within {max_iterations} iterations: the gap is still "
        f"{100 * gains.max() / model.spot.pool:.4f}% of the pool"
    )


def _snapped(
    model: _Model,
    push: list[np.ndarray],
    call: dict[tuple[int, int], np.ndarray],
    tolerance: float,
) -> tuple[list[np.ndarray], dict[tuple[int, int], np.ndarray]] | None:
    """The averages with near-pure frequencies made pure, when that keeps the gap within
    ``tolerance``: averaging leaves traces of early best responses (a 0.97 that means
    "always") that are no part of the equilibrium. None when no snapping keeps it."""
    for margin in (0.25, 0.1, 0.02):
        pure_push = [_snap(p, margin) for p in push]
        pure_call = {key: _snap(c, margin) for key, c in call.items()}
        gains = _evaluate(model, pure_push, pure_call).gains
        if gains.max() <= tolerance:
            return pure_push, pure_call
    return None


def _snap(strategy: np.ndarray, margin: float) -> np.ndarray:
    out = strategy.copy()
    out[out < margin] = 0.0
    out[out > 1 - margin] = 1.0
    return out
