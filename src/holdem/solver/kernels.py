"""The numba kernels of one CFR pass: reach forward, counterfactual values backward.

A pass walks the flattened tree (``holdem.solver.game``) one depth at a time; the nodes
of a depth do not depend on each other, so each depth is a ``prange`` and every core
works on it. Forward, each node takes both players' reach vectors from its parent (times
the acting player's strategy, or with the dealt card's hands removed). Backward, each node
computes the traverser's counterfactual values from its children, and at the traverser's
own nodes updates regrets (``CFR``), takes the best action (``BEST``) or follows the given
strategy (``FOLLOW``).

Terminal values against the opponent's reach use the inclusion-exclusion of card
removal: the reach compatible with a hand is the total, less what holds either of its
cards, plus what holds both (the same combo, counted twice). At a showdown the hands are
walked in strength order, so a whole range costs O(n) rather than O(n^2).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

CFR, BEST, FOLLOW = 0, 1, 2
_PLAYER, _CHANCE, _FOLD, _SHOWDOWN = 0, 1, 2, 3


# A depth with fewer nodes than this runs on the calling thread: waking the others
# costs more than such a depth's work.
PARALLEL_MIN = 16


@njit(cache=True)
def forward(  # type: ignore[no-untyped-def]
    tree, cards0, cards1, strat, ssum, locked, reach0, reach1, trav, accumulate, keep, parallel,
):  # fmt: skip
    """Fill ``reach0``/``reach1`` (nodes x hands); with ``accumulate``, add the traverser's
    reach-weighted strategy to ``ssum`` (after scaling the old sum by ``keep``)."""
    level_start = tree[12]
    for d in range(len(level_start) - 1):
        lo = level_start[d]
        hi = level_start[d + 1]
        if parallel and hi - lo >= PARALLEL_MIN:
            forward_level(
                lo,
                hi,
                tree,
                cards0,
                cards1,
                strat,
                ssum,
                locked,
                reach0,
                reach1,
                trav,
                accumulate,
                keep,
            )
        else:
            for n in range(lo, hi):
                forward_node(
                    n,
                    tree,
                    cards0,
                    cards1,
                    strat,
                    ssum,
                    locked,
                    reach0,
                    reach1,
                    trav,
                    accumulate,
                    keep,
                )


@njit(cache=True, parallel=True)
def forward_level(  # type: ignore[no-untyped-def]
    lo, hi, tree, cards0, cards1, strat, ssum, locked, reach0, reach1, trav, accumulate, keep
):
    for k in prange(hi - lo):
        forward_node(
            lo + k,
            tree,
            cards0,
            cards1,
            strat,
            ssum,
            locked,
            reach0,
            reach1,
            trav,
            accumulate,
            keep,
        )


@njit(cache=True)
def forward_node(  # type: ignore[no-untyped-def]
    n, tree, cards0, cards1, strat, ssum, locked, reach0, reach1, trav, accumulate, keep
):
    kind, player, parent, action, _, child_count, _, dealt = tree[:8]
    offset = tree[11]
    n0 = reach0.shape[1]
    n1 = reach1.shape[1]
    if n > 0:
        p = parent[n]
        if kind[p] == _PLAYER:
            na = child_count[p]
            a = action[n]
            off = offset[p]
            if player[p] == 0:
                for h in range(n0):
                    reach0[n, h] = reach0[p, h] * strat[off + h * na + a]
                reach1[n, :] = reach1[p, :]
            else:
                reach0[n, :] = reach0[p, :]
                for h in range(n1):
                    reach1[n, h] = reach1[p, h] * strat[off + h * na + a]
        else:
            c = dealt[n]
            for h in range(n0):
                blocked = cards0[h, 0] == c or cards0[h, 1] == c
                reach0[n, h] = 0.0 if blocked else reach0[p, h]
            for h in range(n1):
                blocked = cards1[h, 0] == c or cards1[h, 1] == c
                reach1[n, h] = 0.0 if blocked else reach1[p, h]
    if accumulate and kind[n] == _PLAYER and player[n] == trav and not locked[n]:
        na = child_count[n]
        off = offset[n]
        for h in range(n0 if trav == 0 else n1):
            r = reach0[n, h] if trav == 0 else reach1[n, h]
            for a in range(na):
                i = off + h * na + a
                ssum[i] = ssum[i] * keep + r * strat[i]


@njit(cache=True)
def backward(  # type: ignore[no-untyped-def]
    tree, n_cards, trav, mode, strat, regret, locked, cfv, reach_o, cards_t, cards_o, same_t,
    order_t, order_o, sorted_t, sorted_o, strength_t, strength_o, keep_pos, keep_neg, parallel,
):  # fmt: skip
    """Fill ``cfv`` (nodes x traverser's hands) from the leaves up."""
    level_start = tree[12]
    for d in range(len(level_start) - 2, -1, -1):
        lo = level_start[d]
        hi = level_start[d + 1]
        if parallel and hi - lo >= PARALLEL_MIN:
            backward_level(
                lo, hi, tree, n_cards, trav, mode, strat, regret, locked, cfv, reach_o, cards_t,
                cards_o, same_t, order_t, order_o, sorted_t, sorted_o, strength_t, strength_o,
                keep_pos, keep_neg,
            )  # fmt: skip
        else:
            for n in range(lo, hi):
                backward_node(
                    n, tree, n_cards, trav, mode, strat, regret, locked, cfv, reach_o, cards_t,
                    cards_o, same_t, order_t, order_o, sorted_t, sorted_o, strength_t, strength_o,
                    keep_pos, keep_neg,
                )  # fmt: skip


@njit(cache=True, parallel=True)
def backward_level(  # type: ignore[no-untyped-def]
    lo, hi, tree, n_cards, trav, mode, strat, regret, locked, cfv, reach_o, cards_t, cards_o,
    same_t, order_t, order_o, sorted_t, sorted_o, strength_t, strength_o, keep_pos, keep_neg,
):  # fmt: skip
    for k in prange(hi - lo):
        backward_node(
            lo + k, tree, n_cards, trav, mode, strat, regret, locked, cfv, reach_o, cards_t,
            cards_o, same_t, order_t, order_o, sorted_t, sorted_o, strength_t, strength_o,
            keep_pos, keep_neg,
        )  # fmt: skip


@njit(cache=True)
def backward_node(  # type: ignore[no-untyped-def]
    n, tree, n_cards, trav, mode, strat, regret, locked, cfv, reach_o, cards_t, cards_o,
    same_t, order_t, order_o, sorted_t, sorted_o, strength_t, strength_o, keep_pos, keep_neg,
):  # fmt: skip
    kind, player, _, _, child_start, child_count, children, dealt = tree[:8]
    chance_weight, payoff, board, offset = tree[8:12]
    nt = cards_t.shape[0]
    kd = kind[n]
    if kd == _FOLD:
        fold_values(n_cards, payoff[n, trav, 0], reach_o[n], cards_t, cards_o, same_t, cfv[n])
    elif kd == _SHOWDOWN:
        b = board[n]
        showdown_values(
            n_cards, payoff[n, trav, 0], payoff[n, trav, 1], payoff[n, trav, 2],
            reach_o[n], same_t, order_t[b], order_o[b], sorted_t[b], sorted_o[b],
            strength_t[b], strength_o[b], cfv[n],
        )  # fmt: skip
    elif kd == _CHANCE:
        w = chance_weight[n]
        s = child_start[n]
        cfv[n, :] = 0.0
        for j in range(child_count[n]):
            c = children[s + j]
            card = dealt[c]
            for h in range(nt):
                if cards_t[h, 0] != card and cards_t[h, 1] != card:
                    cfv[n, h] += w * cfv[c, h]
    elif player[n] != trav:
        s = child_start[n]
        cfv[n, :] = cfv[children[s], :]
        for j in range(1, child_count[n]):
            c = children[s + j]
            for h in range(nt):
                cfv[n, h] += cfv[c, h]
    else:
        traverser_node(
            n, mode, child_start[n], child_count[n], children, offset[n], strat,
            regret, locked[n], cfv, keep_pos, keep_neg,
        )  # fmt: skip


@njit(cache=True)
def traverser_node(n, mode, s, na, children, off, strat, regret, locked, cfv, keep_pos, keep_neg):  # type: ignore[no-untyped-def]
    nt = cfv.shape[1]
    for h in range(nt):
        row = off + h * na
        if mode == BEST:
            best = cfv[children[s], h]
            for a in range(1, na):
                best = max(best, cfv[children[s + a], h])
            cfv[n, h] = best
            continue
        v = 0.0
        for a in range(na):
            v += strat[row + a] * cfv[children[s + a], h]
        cfv[n, h] = v
        if mode != CFR or locked:
            continue
        positive = 0.0
        for a in range(na):
            r = regret[row + a]
            r = r * (keep_pos if r > 0 else keep_neg) + cfv[children[s + a], h] - v
            regret[row + a] = r
            if r > 0:
                positive += r
        for a in range(na):
            r = regret[row + a]
            if positive > 0:
                strat[row + a] = r / positive if r > 0 else 0.0
            else:
                strat[row + a] = 1.0 / na


@njit(cache=True)
def fold_values(n_cards, pay, reach, cards_t, cards_o, same_t, out):  # type: ignore[no-untyped-def]
    per_card = np.zeros(n_cards)
    total = 0.0
    for o in range(cards_o.shape[0]):
        r = reach[o]
        total += r
        per_card[cards_o[o, 0]] += r
        if cards_o[o, 1] >= 0:
            per_card[cards_o[o, 1]] += r
    for h in range(cards_t.shape[0]):
        out[h] = pay * compatible(total, per_card, reach, cards_t, same_t, h)


@njit(cache=True, inline="always")
def compatible(total, per_card, reach, cards_t, same_t, h):  # type: ignore[no-untyped-def]
    m = total - per_card[cards_t[h, 0]]
    if cards_t[h, 1] >= 0:
        m -= per_card[cards_t[h, 1]]
    if same_t[h] >= 0:
        m += reach[same_t[h]]
    return m


@njit(cache=True)
def showdown_values(  # type: ignore[no-untyped-def]
    n_cards, win, lose, tie, reach, same_t, order_t, order_o, cards_t, cards_o, strength_t,
    strength_o, out,
):  # fmt: skip
    """The traverser's values at a showdown: ``cards_*`` and ``strength_*`` are both
    players' hands in ascending strength on this board, ``order_*`` their indices."""
    nt = cards_t.shape[0]
    no = cards_o.shape[0]
    lone_o = n_cards  # where an opponent's missing second card adds up
    lone_t = n_cards + 1  # where a traverser's missing second card looks: always 0
    below = np.zeros(n_cards + 2)
    above = np.zeros(n_cards + 2)
    beaten = np.empty(nt)
    total = 0.0
    j = 0
    for i in range(nt):  # weaker opponents, walking up
        s = strength_t[i]
        while j < no and strength_o[j] < s:
            r = reach[order_o[j]]
            total += r
            below[cards_o[j, 0]] += r
            below[cards_o[j, 1] if cards_o[j, 1] >= 0 else lone_o] += r
            j += 1
        second = cards_t[i, 1] if cards_t[i, 1] >= 0 else lone_t
        beaten[i] = total - below[cards_t[i, 0]] - below[second]
    for k in range(j, no):  # the rest, for the reach each hand can meet at all
        r = reach[order_o[k]]
        total += r
        below[cards_o[k, 0]] += r
        below[cards_o[k, 1] if cards_o[k, 1] >= 0 else lone_o] += r
    every_total = total
    total = 0.0
    j = no - 1
    for i in range(nt - 1, -1, -1):  # stronger opponents, walking down
        s = strength_t[i]
        while j >= 0 and strength_o[j] > s:
            r = reach[order_o[j]]
            total += r
            above[cards_o[j, 0]] += r
            above[cards_o[j, 1] if cards_o[j, 1] >= 0 else lone_o] += r
            j -= 1
        first = cards_t[i, 0]
        second = cards_t[i, 1] if cards_t[i, 1] >= 0 else lone_t
        losing = total - above[first] - above[second]
        every = every_total - below[first] - below[second]
        h = order_t[i]
        if same_t[h] >= 0:  # the same combo was taken away twice
            every += reach[same_t[h]]
        out[h] = beaten[i] * win + losing * lose + (every - beaten[i] - losing) * tie
