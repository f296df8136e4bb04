# mypy: disable-error-code="no-untyped-def"
# (numba kernels: their argument types are numba's to infer, not annotations)
"""The built-in bots as compiled policies, for the kernel's simulations (``holdem sim``).

``random``, ``caller`` and ``tag`` decide inside the compiled kernel
(``engine.kernel_play``) exactly as their objects decide through ``Hand``: the same
action and the same amount from the same cards, bets and random words. The random
bot's draws are the kernel's own (``RandomBot`` draws the same words in the same
order); the caller is the kernel's passive action; the tight-aggressive bot is
``TagBot`` written again on arrays here, its preflop chart read from ``preflop_chart``
itself (a table of every starting hand) and its hand reading (``strength.made``,
``strength.outs``) on the evaluator's kernel. A test plays the same hands both ways.

A policy answers an *intent*, as ``acting`` names them: passive (check, else call),
check-or-fold, or aggressive to an amount already clamped to the legal range.
"""

from __future__ import annotations

from collections import namedtuple
from functools import cache

import numpy as np

from holdem.evaluator.batch import evaluate_rows, kernel

RANDOM, CALLER, TAG = 0, 1, 2
POLICIES = {"random": RANDOM, "caller": CALLER, "tag": TAG}
"""Bots with a compiled policy, by the name ``holdem sim --bots`` takes."""

PASSIVE, CHECK_OR_FOLD, AGGRESSIVE = 0, 1, 2

# ``acting`` and ``tag`` constants, the same numbers.
COMMIT_SHARE = 0.3
STRONG_CALL_SHARE = 0.12
SPECULATIVE_CALL_SHARE = 0.06
GOOD_KICKER = 8
RIVER = 3
EARLY, MIDDLE, LATE, BLINDS = 0, 1, 2, 3

# Columns of the preflop table, by (high rank, low rank, suited).
PREMIUM, STRONG_HAND, SPECULATIVE, ACES_OR_KINGS, PLAYABLE = 0, 1, 2, 3, 4
PREFLOP_COLUMNS = PLAYABLE + 4  # playable from each seat category

# Made tiers (``strength.Made``) and hand categories (``evaluator.Category``).
NOTHING, WEAK, MEDIUM, STRONG, MONSTER = 0, 1, 2, 3, 4
TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE = 2, 3, 4, 5, 6

# What the bots remember of the betting so far, per hand (``reading``).
SEEN_RAISES = 0  # bets and raises on each street: columns 0..3
SEEN_AGGRESSOR = 4  # the last to bet or raise on each street (-1: nobody): columns 4..7
SEEN_LIMPERS = 8  # preflop calls before the first raise
SEEN_RAISED = 9  # whether anyone has raised preflop yet
SEEN_COLUMNS = 10

# Work arrays of the tight-aggressive policy, allocated once per run.
TagWork = namedtuple(
    "TagWork", ["preflop", "category", "tables", "board", "codes5", "codes6", "codes7", "out"]
)


@cache
def preflop_table() -> np.ndarray:
    """Every starting hand's groups and, per seat category, whether the chart opens it."""
    from holdem.bots.preflop_chart import Seat, playable
    from holdem.odds import Group, StartingHand, group_of

    table = np.zeros((13, 13, 2, PREFLOP_COLUMNS), dtype=np.int8)
    for high in range(13):
        for low in range(high + 1):
            for suited in (False, True) if high != low else (False,):
                hand = StartingHand(high, low, suited)
                row = table[high, low, int(suited)]
                group = group_of(hand)
                row[PREMIUM] = group == Group.PREMIUM
                row[STRONG_HAND] = group == Group.STRONG
                row[SPECULATIVE] = group == Group.SPECULATIVE
                row[ACES_OR_KINGS] = hand.label in ("AA", "KK")
                for seat in Seat:
                    row[PLAYABLE + seat] = playable(hand, seat)
    return table


@cache
def category_table() -> np.ndarray:
    """The category of each strength 1..7,462 (index 0 unused)."""
    from holdem.evaluator.classes import CLASSES

    return np.array([0] + [c.category for c in CLASSES], dtype=np.int8)


def tag_work(tables: tuple[np.ndarray, ...]) -> TagWork:
    """The work arrays with the real tables, for runs where the bot plays."""
    work: TagWork = new_tag_work(preflop_table(), category_table(), tables)
    return work


@kernel
def new_tag_work(preflop, category, tables):
    return TagWork(
        preflop,
        category,
        tables,
        np.zeros(5, dtype=np.uint8),
        np.zeros((1, 5), dtype=np.uint8),
        np.zeros((1, 6), dtype=np.uint8),
        np.zeros((1, 7), dtype=np.uint8),
        np.zeros(1, dtype=np.int32),
    )


def empty_seen() -> np.ndarray:
    return np.zeros(SEEN_COLUMNS, dtype=np.int64)


@kernel
def reset_seen(seen):
    for street in range(4):
        seen[SEEN_RAISES + street] = 0
        seen[SEEN_AGGRESSOR + street] = -1
    seen[SEEN_LIMPERS] = 0
    seen[SEEN_RAISED] = 0


@kernel
def note_decision(seen, street, player, intent_kind):
    """Remember a decision: ``intent_kind`` 0 fold or check, 1 call, 2 bet or raise."""
    if intent_kind == 2:
        seen[SEEN_RAISES + street] += 1
        seen[SEEN_AGGRESSOR + street] = player
        if street == 0:
            seen[SEEN_RAISED] = 1
    elif intent_kind == 1 and street == 0 and not seen[SEEN_RAISED]:
        seen[SEEN_LIMPERS] += 1


# -- acting (``bots.acting``) ----------------------------------------------------------


@kernel
def aggressive(to, stack, bet, pot, low, high):
    """``acting.aggressive`` once a bet or raise is allowed: the amount, clamped, or all-in
    when it would leave under ``COMMIT_SHARE`` of the pot behind."""
    amount = min(max(to, low), high)
    behind = stack + bet - amount
    pot_after = pot + amount - bet
    if behind < COMMIT_SHARE * pot_after:
        amount = high
    return amount


@kernel
def pot_sized(fraction, top, pot, to_call, big_blind):
    """``acting.pot_sized``: a bet of ``fraction`` of the pot, a raise after the call."""
    return top + max(round(fraction * (pot + to_call)), big_blind)


# -- hand reading (``strength``) -------------------------------------------------------


@kernel
def _strength(cards, count, work):
    """The evaluator's strength of the first ``count`` (5..7) codes of ``cards``."""
    card_keys, flush, row_offsets, hashed = work.tables
    rows = work.codes5 if count == 5 else (work.codes6 if count == 6 else work.codes7)
    for i in range(count):
        rows[0, i] = cards[i]
    evaluate_rows(rows, card_keys, flush, row_offsets, hashed, work.out)
    return work.out[0]


@kernel
def made(h0, h1, board, nboard, work):
    """``strength.made``: the tier of hole cards ``h0``, ``h1`` with ``nboard`` cards."""
    hand = np.empty(7, dtype=np.uint8)
    hand[0], hand[1] = h0, h1
    for i in range(nboard):
        hand[2 + i] = board[i]
    strength = _strength(hand, nboard + 2, work)
    category = work.category[strength]
    if nboard == 5 and _strength(board, 5, work) >= strength:
        return NOTHING  # playing the board
    counts = np.zeros(13, dtype=np.int64)
    suits = np.zeros(4, dtype=np.int64)
    for i in range(nboard):
        counts[board[i] >> 2] += 1
        suits[board[i] & 3] += 1
    top = -1
    second = -1
    for rank in range(12, -1, -1):
        if counts[rank]:
            if top < 0:
                top = rank
            elif second < 0:
                second = rank
    most = 0
    for rank in range(13):
        most = max(most, counts[rank])
    r0, r1 = h0 >> 2, h1 >> 2
    high, low = max(r0, r1), min(r0, r1)
    if category >= STRAIGHT:
        if category == FLUSH:
            suit = 0
            for s in range(4):
                if suits[s] > suits[suit]:
                    suit = s
            mine = 0
            if h0 & 3 == suit:
                mine = max(mine, r0)
            if h1 & 3 == suit:
                mine = max(mine, r1)
            if suits[suit] >= 4 and mine < 9:
                return MEDIUM  # one low card of a four-flush board
        if category == FULL_HOUSE and most == 3 and counts[r0] == 0 and counts[r1] == 0:
            return MEDIUM  # trips on the board and a pair in the hand
        return MONSTER
    if category == THREE_OF_A_KIND:
        if counts[r0] == 3 or counts[r1] == 3 or most < 3:
            return MONSTER
        return NOTHING
    if category == TWO_PAIR and high != low and counts[high] == 1 and counts[low] == 1:
        return MONSTER
    if high == low:
        if high > top:
            return STRONG
        if second >= 0 and high > second:
            return MEDIUM
        return WEAK
    if counts[high]:
        paired, kicker = high, low
    elif counts[low]:
        paired, kicker = low, high
    else:
        return NOTHING
    if paired == top:
        return STRONG if kicker >= GOOD_KICKER else MEDIUM
    if second >= 0 and paired == second:
        return MEDIUM
    return WEAK


@kernel
def outs(h0, h1, board, nboard, tier, work):
    """``strength.outs``: unseen cards after which the hand is strong or better."""
    if nboard >= 5 or tier >= STRONG:
        return 0
    longer = np.empty(5, dtype=np.uint8)
    seen = (np.int64(1) << h0) | (np.int64(1) << h1)
    for i in range(nboard):
        longer[i] = board[i]
        seen |= np.int64(1) << board[i]
    count = 0
    for card in range(52):
        if not seen >> card & 1:
            longer[nboard] = card
            count += made(h0, h1, longer, nboard + 1, work) >= STRONG
    return count


# -- the tight-aggressive bot (``tag.TagBot``) -------------------------------------------


@kernel
def _seat(behind, players, unopened):
    """``preflop_chart.seat_of`` from the seats to the button (0 on the button)."""
    if players == 2:
        return LATE if behind == 0 else BLINDS
    if behind == players - 1:
        return LATE if unopened else BLINDS
    if behind == players - 2:
        return BLINDS
    if behind <= 1:
        return LATE
    return MIDDLE if behind == 2 else EARLY


@kernel
def tag_decision(actor, n, street, state, folded, dead, deck, may_raise, low, high, bb, seen, work):
    """``TagBot.decide``: (intent, amount); the amount counts only when aggressive."""
    stacks, bets, contributed = state[0], state[1], state[2]
    top = 0
    pot = dead
    theirs = 0
    opponents = 0
    for p in range(n):
        top = max(top, bets[p])
        pot += contributed[p]
        if p != actor and not folded[p]:
            theirs = max(theirs, stacks[p] + bets[p])
            opponents += 1
    stack, bet = stacks[actor], bets[actor]
    to_call = top - bet
    h0, h1 = deck[actor], deck[n + actor]
    if street == 0:
        want, to = _tag_preflop(actor, n, h0, h1, stack, bet, top, to_call, theirs, bb, seen, work)
    else:
        want, to = _tag_postflop(
            actor, n, street, state, folded, deck, h0, h1, pot, top, to_call, opponents, bb, seen,
            work,
        )  # fmt: skip
    if want == AGGRESSIVE:
        if not may_raise:
            return PASSIVE, 0
        return AGGRESSIVE, aggressive(to, stack, bet, pot, low, high)
    return want, 0


@kernel
def _tag_preflop(actor, n, h0, h1, stack, bet, top, to_call, theirs, bb, seen, work):
    r0, r1 = h0 >> 2, h1 >> 2
    high, low = max(r0, r1), min(r0, r1)
    row = work.preflop[high, low, 1 if high != low and h0 & 3 == h1 & 3 else 0]
    raises = seen[SEEN_RAISES]
    behind = n - 1 - actor
    effective = min(stack + bet, theirs)
    if raises == 0:
        seat = _seat(behind, n, True)
        callers = seen[SEEN_LIMPERS]
        if to_call == 0:  # the big blind's option after limps
            if row[PREMIUM] or row[STRONG_HAND]:
                return AGGRESSIVE, (3 + callers) * bb
            return PASSIVE, 0
        if row[PLAYABLE + seat]:
            size = 3.0 if seat == EARLY else 2.5
            return AGGRESSIVE, round((size + callers) * bb)
        if row[SPECULATIVE] and callers and to_call <= bb:
            return PASSIVE, 0
        return CHECK_OR_FOLD, 0
    if raises == 1:
        if row[PREMIUM]:
            return AGGRESSIVE, 3 * top + to_call
        share = to_call / max(effective, 1)
        if row[STRONG_HAND] and share <= STRONG_CALL_SHARE:
            return PASSIVE, 0
        seat = _seat(behind, n, False)
        if row[SPECULATIVE] and share <= SPECULATIVE_CALL_SHARE and seat >= LATE:
            return PASSIVE, 0
        if seat == BLINDS and to_call <= bb and row[PLAYABLE + LATE]:
            return PASSIVE, 0
        return CHECK_OR_FOLD, 0
    if row[ACES_OR_KINGS]:
        return AGGRESSIVE, round(2.5 * top)
    if row[PREMIUM]:
        return PASSIVE, 0
    return CHECK_OR_FOLD, 0


@kernel
def _tag_postflop(
    actor, n, street, state, folded, deck, h0, h1, pot, top, to_call, opponents, bb, seen, work
):
    board = work.board
    nboard = 2 + street  # 3, 4, 5 cards: flop after a burn, then burn and card each street
    for k in range(3):
        board[k] = deck[2 * n + 1 + k]
    if street >= 2:
        board[3] = deck[2 * n + 5]
    if street >= 3:
        board[4] = deck[2 * n + 7]
    tier = made(h0, h1, board, nboard, work)
    draw = outs(h0, h1, board, nboard, tier, work) if street < RIVER else 0
    heads_up = opponents == 1
    if to_call == 0:
        if tier >= STRONG:
            return AGGRESSIVE, pot_sized(2 / 3, top, pot, to_call, bb)
        aggressor = seen[SEEN_AGGRESSOR + street - 1] == actor
        if street < RIVER and heads_up and (tier == MEDIUM or draw >= 8):
            return AGGRESSIVE, pot_sized(1 / 2, top, pot, to_call, bb)
        if street == 1 and heads_up and aggressor and draw >= 4:
            return AGGRESSIVE, pot_sized(1 / 2, top, pot, to_call, bb)
        return PASSIVE, 0
    break_even = to_call / (pot + to_call)
    raises = seen[SEEN_RAISES + street]
    facing_raise = raises >= 2
    if tier == MONSTER:
        if raises < 4:
            return AGGRESSIVE, pot_sized(3 / 4, top, pot, to_call, bb)
        return PASSIVE, 0
    if tier == STRONG and (not facing_raise or break_even <= 0.3):
        return PASSIVE, 0
    limit = 0.0
    if tier == MEDIUM:
        limit = 0.3 if street < RIVER else 0.25
    elif tier == WEAK:
        limit = 0.2
    if not facing_raise and break_even <= limit:
        return PASSIVE, 0
    if draw and _draw_chance(actor, n, street, state[0], folded, to_call, draw) >= break_even:
        return PASSIVE, 0
    return CHECK_OR_FOLD, 0


@kernel
def _draw_chance(actor, n, street, stacks, folded, to_call, draw):
    """``tag._draw_chance``: the rule of 2 and 4 (R49)."""
    all_in = stacks[actor] <= to_call
    if not all_in:
        all_in = True
        for p in range(n):
            if p != actor and not folded[p] and stacks[p] != 0:
                all_in = False
    per_out = 4 if street == 1 and all_in else 2
    return min(draw * per_out / 100, 1.0)
