# mypy: disable-error-code="no-untyped-def"
# (numba kernels: their argument types are numba's to infer, not annotations)
"""Many tables, one decision each per call: the rules of ``Hand`` as a resumable kernel.

``holdem.engine.kernel_play`` plays whole hands in one go with its own random policy;
a learning agent instead decides between calls. Here every table's state lives in
arrays (one row per table), ``step`` applies one decision at every table, runs each
table on to its next decision (ending the betting round, the hand and dealing the next
one as needed) and writes the legal mask, bounds and observation of that decision.
Each piece names the ``Hand`` code it mirrors; ``tests/rl`` holds the two together; the
pot arithmetic is ``kernel_pots``'.

Speed: the helpers are inlined (arguments that are tuples of arrays are then free), and
the kernel is compiled without numba's reference counting (``_nrt=False``): every array
belongs to the ``VectorEnv`` that passes it in and outlives the call, and the kernel
allocates nothing, while counting references took an atomic operation per array name
per decision, more time than all the poker.

Positions are the engine's (0 dealt first, the last the button); seats are fixed round
the table and the button moves one seat a hand, so position ``p`` sits in seat
``(button + 1 + p) % n``.
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

from holdem.kernels import policies as batched
from holdem.kernels.pots import award_showdown, return_unmatched

# Inlined where called, and the entry points; neither counts references (see above).
_FLAGS: dict[str, Any] = {  # ``_nrt`` is numba's own switch for reference counting
    "cache": True,
    "nogil": True,
    "boundscheck": False,
    "error_model": "numpy",
    "_nrt": False,
}
_inlined = numba.njit(inline="always", **_FLAGS)
_entry = numba.njit(**_FLAGS)

# Fields of ``rules``.
R_PLAYERS = 0
R_STRUCTURE = 1  # 0 No-Limit, 1 Pot-Limit, 2 Fixed-Limit
R_MIN_BET = 2  # the big blind; Fixed-Limit: the small bet
R_BIG_BET = 3
R_RAISE_CAP = 4  # Fixed-Limit raises after the opening bet; -1: no cap
R_HALF_BET = 5  # Fixed-Limit half-bet rule for short all-ins (R22)
R_ODD_ONE_EACH = 6  # odd chips one each from the first winner, else all to it (R25)
RULES = 7

POT_LIMIT = 1
FIXED_LIMIT = 2

# Fields of ``tab``, one row per table.
T_BUTTON = 0  # the button's seat
T_STREET = 1
T_ACTOR = 2  # the position to act
T_FULL_RAISE = 3
T_FULL_LEVEL = 4
T_AGGRESSIONS = 5
T_CAPPED = 6
T_BET_SIZE = 7
T_HANDS = 8  # hands finished at this table
T_CALL = 9  # what a call adds, 0 when checking
T_LOW = 10  # raise bounds, -1 when no bet or raise is legal
T_HIGH = 11
T_ALL_IN_TO = 12  # -1: no all-in
T_TOP = 13  # the largest bet of this round
T_POT = 14  # every chip put in this hand, the bets of this round included
T_ABLE = 15  # players still in with chips behind (``Hand.can_act``)
TABLE_FIELDS = 16

# Rows of ``state`` (tables, 4, players): by position.
S_STACKS, S_BETS, S_CONTRIBUTED, S_ACTED_AT = range(4)

# ``offsets``: where the observation groups start (``layout.Layout``).
O_HOLE, O_BOARD, O_STREET, O_POSITION, O_STACKS, O_BETS, O_FOLDED, O_ALL_IN = range(8)
O_POT, O_STREET_CHIPS, O_STREET_RAISES = 8, 9, 10
OFFSETS = 11

# What ``step`` returns: -1, or the first table whose action is not legal.
OK = -1

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@_inlined
def _random_word(rng, t):
    """SplitMix64 on the table's own generator: 0 .. 2**63 - 1."""
    rng[t] += _GOLDEN
    z = rng[t]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z ^= z >> np.uint64(31)
    return np.int64(z >> np.uint64(1))


@_inlined
def _count_able(n, state, folded, t):
    """Players still in with chips behind (``Hand.can_act``), counted again."""
    count = 0
    for p in range(n):
        if not folded[t, p] and state[t, S_STACKS, p] > 0:
            count += 1
    return count


@_inlined
def _top_bet(n, state, t):
    top = state[t, S_BETS, 0]
    for p in range(1, n):
        top = max(top, state[t, S_BETS, p])
    return top


@_inlined
def _first_to_act(n, tab, state, folded, t, after):
    """``Round._next_actor``: facing a bet, or yet to act while another can bet (R12)."""
    others = tab[t, T_ABLE] - 1
    top = tab[t, T_TOP]
    p = after - n if after >= n else after  # 0 <= after < 2n: no division
    for _ in range(n):
        p = p + 1 if p + 1 < n else 0  # no division: a modulo costs more than the test
        if folded[t, p] or state[t, S_STACKS, p] <= 0:
            continue
        if state[t, S_BETS, p] < top or (state[t, S_ACTED_AT, p] < 0 and others > 0):
            return p
    return -1


@_inlined
def _cap_reached(rules, street, top, aggressions):
    """``Round._aggression_limit``: preflop the big blind is the opening bet (R22)."""
    limit = rules[R_RAISE_CAP] + (0 if street == 0 and top > 0 else 1)
    return aggressions >= limit


@_inlined
def _open_round(rules, blinds, tab, state, folded, history, t, street):
    """``Round.start``: the full raise to beat and the first to act (R10, R11)."""
    n = rules[R_PLAYERS]
    top = _top_bet(n, state, t)
    tab[t, T_TOP] = top
    tab[t, T_ABLE] = _count_able(n, state, folded, t)
    if rules[R_STRUCTURE] == FIXED_LIMIT:
        size = rules[R_BIG_BET] if street >= 2 else rules[R_MIN_BET]
        tab[t, T_BET_SIZE] = size
        tab[t, T_FULL_RAISE] = size
    else:
        tab[t, T_BET_SIZE] = 0
        tab[t, T_FULL_RAISE] = max(rules[R_MIN_BET], top)
    tab[t, T_FULL_LEVEL] = top
    tab[t, T_AGGRESSIONS] = 0
    tab[t, T_CAPPED] = 0
    tab[t, T_STREET] = street
    opener = 0
    best = -1
    for p in range(n):
        state[t, S_ACTED_AT, p] = -1
        bet = state[t, S_BETS, p]
        if street:
            history[t, street, p] = state[t, S_CONTRIBUTED, p]
        elif blinds[p] and bet >= best:  # after the largest blind, the last on ties
            best, opener = bet, p + 1 if p + 1 < n else 0
    tab[t, T_ACTOR] = _first_to_act(n, tab, state, folded, t, opener - 1 + n)


@_inlined
def _deal(rules, blinds, seat_stacks, tab, state, folded, history, raises, decks, rng, t):
    """A new hand: stacks back to ``seat_stacks``, a shuffle, the blinds (``Hand``)."""
    n = rules[R_PLAYERS]
    button = tab[t, T_BUTTON]
    for i in range(0, 2 * n + 8, 2):  # Fisher-Yates over the cards the hand can deal
        word = _random_word(rng, t)  # two 31-bit draws, scaled by multiplication (Lemire)
        for half in range(2):
            j = i + half + (((word >> (31 * half)) & 0x7FFFFFFF) * (52 - i - half) >> 31)
            decks[t, i + half], decks[t, j] = decks[t, j], decks[t, i + half]
    seat = button
    pot = 0
    for p in range(n):
        seat = seat + 1 if seat + 1 < n else 0
        stack = seat_stacks[seat]
        posted = min(blinds[p], stack)
        state[t, S_STACKS, p] = stack - posted
        state[t, S_BETS, p] = posted
        state[t, S_CONTRIBUTED, p] = posted
        pot += posted
        folded[t, p] = False
        for s in range(4):
            history[t, s, p] = 0
    for s in range(4):
        raises[t, s] = 0
    tab[t, T_POT] = pot
    _open_round(rules, blinds, tab, state, folded, history, t, 0)


@_inlined
def _finish(rules, seat_stacks, tab, state, rewards, net, final, dones, t):
    """The hand is over: results by seat, and the button moves on."""
    n = rules[R_PLAYERS]
    button = tab[t, T_BUTTON]
    seat = button
    for p in range(n):
        seat = seat + 1 if seat + 1 < n else 0
        won = state[t, S_STACKS, p] - seat_stacks[seat]
        final[t, seat] = state[t, S_STACKS, p]
        net[t, seat] += won
        rewards[t, seat] += np.float32(won / rules[R_MIN_BET])
    dones[t] = True
    tab[t, T_HANDS] += 1
    tab[t, T_BUTTON] = button + 1 if button + 1 < n else 0


@_inlined
def _close_round(n, tab, state, folded, t):
    """``Hand._end_betting_round``: the bet nobody matched goes back (R23); the players
    still in."""
    first = 0
    second = 0
    for p in range(1, n):
        bet = state[t, S_BETS, p]
        if bet > state[t, S_BETS, first]:
            second = state[t, S_BETS, first]
            first = p
        elif bet > second:
            second = bet
    excess = state[t, S_BETS, first] - second
    state[t, S_STACKS, first] += excess
    state[t, S_CONTRIBUTED, first] -= excess
    tab[t, T_POT] -= excess
    live = 0
    for p in range(n):
        state[t, S_BETS, p] = 0
        live += not folded[t, p]
    return live


@_entry
def _settle(n, state, folded, decks, t, live, codes, strengths, pots, tables, one_each):
    """``Hand._award_uncontested`` or the showdown with side pots and odd chips (R26-R31)."""
    stacks, contributed = state[t, S_STACKS], state[t, S_CONTRIBUTED]
    return_unmatched(n, folded[t], stacks, contributed)
    if live == 1:
        pot = 0
        for p in range(n):
            pot += contributed[p]
        for p in range(n):
            if not folded[t, p]:
                stacks[p] += pot
        return True
    return award_showdown(
        n, folded[t], stacks, contributed, 0, decks[t], codes, strengths, pots, tables, one_each
    )


@_inlined
def _run_on(env, out, t, work):
    """From a decision made (or a hand dealt) to the next decision: rounds, hands, deals."""
    rules, blinds, seat_stacks, tab, state, folded, history, raises, decks, rng = env
    rewards, net, final, dones = out
    codes, strengths, pots, tables = work
    n = rules[R_PLAYERS]
    while tab[t, T_ACTOR] < 0:
        live = _close_round(n, tab, state, folded, t)
        street = tab[t, T_STREET]
        if live == 1 or street == 3 or _count_able(n, state, folded, t) < 2:
            one_each = rules[R_ODD_ONE_EACH] != 0
            if not _settle(
                n, state, folded, decks, t, live, codes, strengths, pots, tables, one_each
            ):
                return False
            _finish(rules, seat_stacks, tab, state, rewards, net, final, dones, t)
            _deal(rules, blinds, seat_stacks, tab, state, folded, history, raises, decks, rng, t)
        else:
            _open_round(rules, blinds, tab, state, folded, history, t, street + 1)
    return True


@_inlined
def _threshold(rules, tab, t):
    """``Round._reopen_threshold``: a full raise, or half the bet under the half-bet rule."""
    return (tab[t, T_BET_SIZE] + 1) // 2 if rules[R_HALF_BET] else tab[t, T_FULL_RAISE]


@_inlined
def _judge(rules, tab, state, folded, t):
    """``Round._compute_legal``, ``refusal`` and ``bounds`` for the table's actor."""
    n = rules[R_PLAYERS]
    structure = rules[R_STRUCTURE]
    actor = tab[t, T_ACTOR]
    stack, bet = state[t, S_STACKS, actor], state[t, S_BETS, actor]
    top = tab[t, T_TOP]
    to_call = top - bet
    total = stack + bet
    may = stack > to_call
    nobody_calls = False
    if may:
        covered = False
        for p in range(n):
            if (
                p != actor
                and not folded[t, p]
                and state[t, S_STACKS, p] + state[t, S_BETS, p] > top
            ):
                covered = True
        may = covered
        nobody_calls = not covered
    acted = state[t, S_ACTED_AT, actor]
    if may and acted >= 0 and top - acted < _threshold(rules, tab, t):
        may = False  # a short all-in did not reopen the betting (R18)
    if may and structure == FIXED_LIMIT and rules[R_RAISE_CAP] >= 0:
        if tab[t, T_CAPPED]:
            may = False
        elif _cap_reached(rules, tab[t, T_STREET], top, tab[t, T_AGGRESSIONS]):
            may = tab[t, T_ABLE] <= 2  # heads-up, raising is unlimited
    low = high = -1
    if may:
        if structure == FIXED_LIMIT:
            base = tab[t, T_FULL_LEVEL] if rules[R_HALF_BET] else top
            low = high = min(max(base + tab[t, T_BET_SIZE], top + 1), total)
        else:
            smallest = top + max(tab[t, T_FULL_RAISE], rules[R_MIN_BET])
            largest = total
            if structure == POT_LIMIT:
                largest = max(smallest, top + tab[t, T_POT] + to_call)
            low, high = min(smallest, total), min(largest, total)
    tab[t, T_CALL] = min(to_call, stack)
    tab[t, T_LOW] = low
    tab[t, T_HIGH] = high
    all_in_to = -1
    if stack <= to_call or nobody_calls or (may and total <= high):
        all_in_to = total  # nobody left could call a raise: the rest comes back (R18, R23)
    tab[t, T_ALL_IN_TO] = all_in_to


@_inlined
def _describe(rules, offsets, tab, state, folded, history, raises, decks, t, masks, bounds, obs):
    """The decision's legal mask, bounds and observation (``layout.Layout``)."""
    n = rules[R_PLAYERS]
    bb = rules[R_MIN_BET]
    actor = tab[t, T_ACTOR]
    street = tab[t, T_STREET]
    low, high, all_in_to = tab[t, T_LOW], tab[t, T_HIGH], tab[t, T_ALL_IN_TO]
    masks[t, 0] = True
    masks[t, 1] = True
    for a in range(2, 5):
        masks[t, a] = low >= 0
    masks[t, 5] = all_in_to >= 0
    bounds[t, 0] = tab[t, T_CALL]
    bounds[t, 1] = low
    bounds[t, 2] = high
    bounds[t, 3] = all_in_to
    for i in range(obs.shape[1]):
        obs[t, i] = 0
    obs[t, offsets[O_HOLE] + decks[t, actor]] = 1
    obs[t, offsets[O_HOLE] + decks[t, n + actor]] = 1
    board = 0 if street == 0 else street + 2
    for i in range(board):  # flop after the first burn, then burn and turn, burn and river
        obs[t, offsets[O_BOARD] + decks[t, 2 * n + 1 + i + max(0, i - 2)]] = 1
    obs[t, offsets[O_STREET] + street] = 1
    obs[t, offsets[O_POSITION] + actor] = 1
    scale = 1.0 / bb  # chips times the inverse, as ``TableGame.observation`` computes them
    p = actor
    for k in range(n):
        stack = state[t, S_STACKS, p]
        obs[t, offsets[O_STACKS] + k] = stack * scale
        obs[t, offsets[O_BETS] + k] = state[t, S_BETS, p] * scale
        obs[t, offsets[O_FOLDED] + k] = folded[t, p]
        obs[t, offsets[O_ALL_IN] + k] = not folded[t, p] and stack == 0
        for s in range(street + 1):
            upto = state[t, S_CONTRIBUTED, p] if s == street else history[t, s + 1, p]
            obs[t, offsets[O_STREET_CHIPS] + s * n + k] = (upto - history[t, s, p]) * scale
        p = p + 1 if p + 1 < n else 0
    for s in range(street + 1):
        obs[t, offsets[O_STREET_RAISES] + s] = raises[t, s]
    obs[t, offsets[O_POT]] = tab[t, T_POT] * scale
    obs[t, offsets[O_POT] + 1] = tab[t, T_CALL] * scale
    if low >= 0:
        obs[t, offsets[O_POT] + 2] = low * scale
        obs[t, offsets[O_POT] + 3] = high * scale


@_inlined
def _codes_and_chips(n, tab, state, decks, t, hole, board, chips):
    """The actor's hole cards and the board as card codes (-1 not dealt), and the
    amounts in chips: stacks and bets by slot from the actor, the pot, the call."""
    actor = tab[t, T_ACTOR]
    hole[t, 0] = decks[t, actor]
    hole[t, 1] = decks[t, n + actor]
    street = tab[t, T_STREET]
    shown = 0 if street == 0 else street + 2
    for i in range(5):
        board[t, i] = decks[t, 2 * n + 1 + i + max(0, i - 2)] if i < shown else -1
    p = actor
    for slot in range(n):
        chips[t, slot] = state[t, S_STACKS, p]
        chips[t, n + slot] = state[t, S_BETS, p]
        p = p + 1 if p + 1 < n else 0
    chips[t, 2 * n] = tab[t, T_POT]
    chips[t, 2 * n + 1] = tab[t, T_CALL]


@_inlined
def _target(tab, state, t, action, amount):
    """The "to" amount of an action id: clamped into the legal bounds (``layout``)."""
    bet = state[t, S_BETS, tab[t, T_ACTOR]]
    if action == 1:
        return bet + tab[t, T_CALL]
    if action == 5:
        return tab[t, T_ALL_IN_TO]
    top = tab[t, T_TOP]
    if amount >= 0:
        to = amount
    elif action == 2:
        to = tab[t, T_LOW]
    else:
        pot_after_call = tab[t, T_POT] + top - bet
        to = top + (pot_after_call // 2 if action == 3 else pot_after_call)
    return min(max(to, tab[t, T_LOW]), tab[t, T_HIGH])


@_inlined
def _apply(rules, tab, state, folded, raises, t, action, amount):
    """``Round._apply`` and ``Round._note_aggression``, then the next actor."""
    n = rules[R_PLAYERS]
    actor = tab[t, T_ACTOR]
    if action == 0:
        folded[t, actor] = True
        state[t, S_ACTED_AT, actor] = -1
        tab[t, T_ABLE] -= 1  # whoever acts has chips behind
    else:
        top = tab[t, T_TOP]
        to = _target(tab, state, t, action, amount)
        added = to - state[t, S_BETS, actor]
        state[t, S_STACKS, actor] -= added
        state[t, S_BETS, actor] = to
        state[t, S_CONTRIBUTED, actor] += added
        tab[t, T_POT] += added
        if state[t, S_STACKS, actor] == 0:
            tab[t, T_ABLE] -= 1
        if to > top:
            tab[t, T_TOP] = to
            street = tab[t, T_STREET]
            raises[t, street] += 1
            increment = to - top
            if increment >= _threshold(rules, tab, t):
                tab[t, T_AGGRESSIONS] += 1
                if rules[R_STRUCTURE] == FIXED_LIMIT:
                    tab[t, T_FULL_LEVEL] = to
            tab[t, T_FULL_RAISE] = max(tab[t, T_FULL_RAISE], increment)
            if (
                rules[R_STRUCTURE] == FIXED_LIMIT
                and rules[R_RAISE_CAP] >= 0
                and _cap_reached(rules, street, to, tab[t, T_AGGRESSIONS])
                and tab[t, T_ABLE] > 2
            ):
                tab[t, T_CAPPED] = 1
        state[t, S_ACTED_AT, actor] = max(top, to)
    tab[t, T_ACTOR] = _first_to_act(n, tab, state, folded, t, actor)


@_inlined
def _next_decision(env, views, out, t, work):
    """Run table ``t`` on to its next decision and describe it; False on refused cards."""
    rules, _, _, tab, state, folded, history, raises, decks, _ = env
    offsets, masks, bounds, obs, to_act, hole, board, chips = views
    if not _run_on(env, out, t, work):
        return False
    _judge(rules, tab, state, folded, t)
    _describe(rules, offsets, tab, state, folded, history, raises, decks, t, masks, bounds, obs)
    n = rules[R_PLAYERS]
    _codes_and_chips(n, tab, state, decks, t, hole, board, chips)
    seat = tab[t, T_BUTTON] + 1 + tab[t, T_ACTOR]  # below 2n: one subtraction, no division
    to_act[t] = seat - n if seat >= n else seat
    return True


@_entry
def reset(env, views, out, work):
    """Deal every table its first hand (the button and generator already set)."""
    rules, blinds, seat_stacks, tab, state, folded, history, raises, decks, rng = env
    for t in range(tab.shape[0]):
        for c in range(52):
            decks[t, c] = c
        _deal(rules, blinds, seat_stacks, tab, state, folded, history, raises, decks, rng, t)
        if not _next_decision(env, views, out, t, work):
            return -2 - t
    return OK


@_entry
def step(env, views, out, work, actions, amounts):
    """One decision at every table: check them all, then apply, run on and describe.

    Returns ``OK``, the first table whose action its mask forbids (nothing changed), or
    ``-2 - t`` when table ``t`` was dealt cards the evaluator refuses."""
    rules, tab, state, folded, raises = env[0], env[3], env[4], env[5], env[7]
    masks = views[1]
    rewards, net, _, dones = out
    count = tab.shape[0]
    for t in range(count):
        a = actions[t]
        if a < 0 or a >= 6 or not masks[t, a]:
            return t
    rewards[:] = 0
    net[:] = 0
    dones[:] = False
    for t in range(count):
        _apply(rules, tab, state, folded, raises, t, actions[t], amounts[t])
        if not _next_decision(env, views, out, t, work):
            return -2 - t
    return OK


# -- opponents inside the kernel (``VectorEnv(opponents=...)``) ----------------------------
#
# ``bots`` = (seat_policy, seen, tag_work, bot_rng): the compiled policy of each seat
# (``holdem.kernels.policies``: RANDOM, CALLER, TAG; -1 for a seat the caller decides),
# each table's reading of the hand for the tight-aggressive bot (``batched.SEEN_*``,
# the last column the hand it belongs to), its work arrays, and each table's own
# generator for the random bot (so that the cards dealt never depend on the bots).
# These entries count references: the tight-aggressive bot's hand reading allocates.

EXTERNAL = -1
SEEN_HAND = 10  # the column of ``seen`` naming the hand it was read from
_bots_entry = numba.njit(cache=True, nogil=True, boundscheck=False, error_model="numpy")


@_inlined
def _fresh_seen(tab, seen, t):
    """The bots' reading starts again with each hand."""
    if seen[t, SEEN_HAND] != tab[t, T_HANDS]:
        batched.reset_seen(seen[t])
        seen[t, SEEN_HAND] = tab[t, T_HANDS]


@_inlined
def _note(tab, state, seen, t, action, amount):
    """What the bots remember of a decision about to be applied (``batched.note_decision``)."""
    _fresh_seen(tab, seen, t)
    actor = tab[t, T_ACTOR]
    to_call = tab[t, T_CALL]
    kind = 0
    if action >= 2:
        kind = 2 if _target(tab, state, t, action, amount) > tab[t, T_TOP] else 1
    elif action == 1 and to_call > 0:
        kind = 1
    batched.note_decision(seen[t], tab[t, T_STREET], actor, kind)


@_inlined
def _bot_action(rules, tab, state, folded, decks, t, policy, seen, tag_work, bot_rng):
    """(action id, "to" amount) of a compiled bot, as ``kernel_play`` plays it."""
    to_call = tab[t, T_CALL]
    low, high = tab[t, T_LOW], tab[t, T_HIGH]
    may_raise = low >= 0
    if policy == batched.CALLER:
        return 1, -1
    if policy == batched.RANDOM:
        choices = (1 if to_call == 0 else 2) + (1 if may_raise else 0)
        pick = _random_word(bot_rng, t) % choices
        if to_call == 0:
            pick += 1  # check or bet: no fold
        if pick == 2:
            return 2, low + _random_word(bot_rng, t) % (high - low + 1)
        return pick, -1
    _fresh_seen(tab, seen, t)
    intent, amount = batched.tag_decision(
        tab[t, T_ACTOR], rules[R_PLAYERS], tab[t, T_STREET], state[t], folded[t], 0, decks[t],
        may_raise, low, high, rules[R_MIN_BET], seen[t], tag_work,
    )  # fmt: skip
    if intent == batched.AGGRESSIVE:
        return 2, amount
    if intent == batched.PASSIVE or to_call == 0:
        return 1, -1
    return 0, -1


@_inlined
def _play_bots(env, views, out, t, work, bots):
    """Let the bots act at table ``t`` until a seat outside them is to act."""
    rules, tab, state, folded, raises, decks = env[0], env[3], env[4], env[5], env[7], env[8]
    seat_policy, seen, tag_work, bot_rng = bots
    to_act = views[4]
    while seat_policy[to_act[t]] != EXTERNAL:
        policy = seat_policy[to_act[t]]
        action, amount = _bot_action(
            rules, tab, state, folded, decks, t, policy, seen, tag_work, bot_rng
        )
        _note(tab, state, seen, t, action, amount)
        _apply(rules, tab, state, folded, raises, t, action, amount)
        if not _next_decision(env, views, out, t, work):
            return False
    return True


@_bots_entry
def reset_bots(env, views, out, work, bots):
    """``reset``, then the bots play on to the first decision outside them."""
    tab = env[3]
    status = reset(env, views, out, work)
    if status != OK:
        return status
    for t in range(tab.shape[0]):
        if not _play_bots(env, views, out, t, work, bots):
            return -2 - t
    return OK


@_bots_entry
def step_bots(env, views, out, work, actions, amounts, active, clear, bots):
    """``step`` at the ``active`` tables (rewards zeroed first when ``clear``), and the
    bots play on at each to the next decision outside them."""
    rules, tab, state, folded, raises = env[0], env[3], env[4], env[5], env[7]
    seen = bots[1]
    masks = views[1]
    rewards, net, _, dones = out
    count = tab.shape[0]
    for t in range(count):
        a = actions[t]
        if active[t] and (a < 0 or a >= 6 or not masks[t, a]):
            return t
    if clear:
        rewards[:] = 0
        net[:] = 0
        dones[:] = False
    for t in range(count):
        if not active[t]:
            continue
        _note(tab, state, seen, t, actions[t], amounts[t])
        _apply(rules, tab, state, folded, raises, t, actions[t], amounts[t])
        if not _next_decision(env, views, out, t, work):
            return -2 - t
        if not _play_bots(env, views, out, t, work, bots):
            return -2 - t
    return OK


@_entry
def describe_table(env, views, out, work, t):
    """Describe table ``t``'s decision again (after its state or deck was set)."""
    return _next_decision(env, views, out, t, work)
