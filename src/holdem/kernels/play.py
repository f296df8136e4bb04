# mypy: disable-error-code="no-untyped-def"
# (numba kernels: their argument types are numba's to infer, not annotations)
"""The compiled state machine behind ``holdem.kernels.hands``: whole hands in numba.

It applies the rules of ``Hand`` (``betting.Round``, ``pots``, ``showdown``) step for step,
on arrays instead of objects, for the configurations ``kernel.py`` accepts. Each
function names the Python code it mirrors; a differential test holds the two together.

Everything a hand needs is passed in: the rules as an int64 ``params`` vector, the
forced bets per position, a deck order (or a seed to shuffle with), and a stream of
random words for the decisions (or a seed to draw them from).
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from holdem.evaluator.batch import kernel
from holdem.kernels import policies as batched
from holdem.kernels import script as script_
from holdem.kernels.codes import (
    BAD_CARDS,
    BET,
    CALL,
    CHECK,
    DRAWS_EXHAUSTED,
    FIXED_LIMIT,
    FOLD,
    OK,
    P_ANTES_FIRST,
    P_ANTES_TRIMMED,
    P_BIG_BET,
    P_BLIND_OPENS,
    P_BOMB_POT,
    P_HALF_BET,
    P_HEADS_UP_UNCAPPED,
    P_MERGE_POTS,
    P_MIN_BET,
    P_ODD_ONE_EACH,
    P_PLAYERS,
    P_POKERKIT,
    P_RAISE_CAP,
    P_STRUCTURE,
    POT_LIMIT,
    R_ALL_IN,
    R_CALL,
    R_CHECK,
    R_HAND,
    R_KIND,
    R_MAX,
    R_MIN,
    R_PLAYER,
    R_TO,
    RAISE,
    RECORD_COLUMNS,
    RECORD_FULL,
    S_BET_RAISE,
    S_CHECK_CALL,
    S_FOLD,
    SCRIPT,
    STEP_WORDS,
    UNSCRIPTED,
)
from holdem.kernels.pots import AWARDED, award_replayed, return_unmatched
from holdem.kernels.streams import DECK_SLOT

# Work arrays of one run, allocated once: ``folded`` per position, ``codes`` and
# ``strengths`` for the evaluator, ``pots`` (strength, pot amounts, pot masks) for the
# showdown, the evaluator's ``tables``; for the bots' policies, each position's
# ``policy`` (``batched.RANDOM``, ...) and random ``slot`` (its state in ``rng``), what
# they have ``seen`` of the betting, and the tight-aggressive bot's ``tag`` work arrays;
# who acted ``since_full`` raise (PokerKit's reopening), and per position the chips
# ``returned`` uncalled and ``collected`` from the pots in the hand just played.
Scratch = namedtuple(
    "Scratch",
    [
        "folded", "codes", "strengths", "pots", "tables", "policy", "slot", "seen", "tag",
        "since_full", "returned", "collected",
    ],
)  # fmt: skip

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@kernel
def _mix(state):
    """The SplitMix64 word after ``state`` (``sim.streams.mix``)."""
    z = state + _GOLDEN
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@kernel
def _draw(stream, explicit, cursor, rng, slot=0):
    """The next random word (0 .. 2**63 - 1): from ``stream`` when ``explicit``, else from
    SplitMix64 on ``rng[slot]``; -1 when the stream has run out."""
    if explicit:
        if cursor[0] >= stream.shape[0]:
            return np.int64(-1)
        word = stream[cursor[0]]
        cursor[0] += 1
        return word
    z = _mix(rng[slot])
    rng[slot] += _GOLDEN
    return np.int64(z >> np.uint64(1))  # int64 arithmetic from here: no uint64/int64 mixing


@kernel
def _can_act_count(n, folded, stacks):
    count = 0
    for p in range(n):
        count += not folded[p] and stacks[p] > 0
    return count


@kernel
def _top(n, bets):
    top = bets[0]
    for p in range(1, n):
        top = max(top, bets[p])
    return top


@kernel
def _next_actor(n, after, folded, stacks, bets, acted_at):
    """``Round._next_actor``: facing a bet, or yet to act while someone else can bet (R12)."""
    others_able = _can_act_count(n, folded, stacks) - 1
    top = _top(n, bets)
    for step in range(1, n + 1):
        p = (after + step) % n
        if (
            not folded[p]
            and stacks[p] > 0
            and (bets[p] < top or (acted_at[p] < 0 and others_able > 0))
        ):
            return p
    return -1


@kernel
def _aggression_limit(params, street, top):
    """``Round._aggression_limit``: preflop the big blind may count as the opening bet."""
    blind_bet = street == 0 and params[P_BLIND_OPENS] != 0 and top > 0
    return params[P_RAISE_CAP] + (0 if blind_bet else 1)


@kernel
def _play_hand(
    params, forced, state, deck, stream, explicit, cursor, rng, record, used, hand, scratch
):
    """One hand from the posted forced bets to the last chip (``Hand``); ``state`` holds the
    starting stacks on entry and the final stacks on return.

    Under the ``SCRIPT`` policy the decisions, the board's streets and the showdown's
    shows and mucks come from a recorded hand's script in ``stream`` (``kernel_script``),
    each checked against the rules; UNSCRIPTED when they do not fit.
    Returns (status, decisions, reached the showdown).
    """
    n = params[P_PLAYERS]
    structure = params[P_STRUCTURE]
    min_bet = params[P_MIN_BET]
    raise_cap = params[P_RAISE_CAP]
    pokerkit = params[P_POKERKIT] != 0
    scripted = scratch.policy[0] == SCRIPT
    stacks, bets, contributed, acted_at = state[0], state[1], state[2], state[3]
    folded, since_full, returned = scratch.folded, scratch.since_full, scratch.returned
    for p in range(n):
        bets[p] = 0
        contributed[p] = 0
        folded[p] = False
        returned[p] = 0
    batched.reset_seen(scratch.seen)
    dead = 0
    # ``Hand._post_forced_bets``: blinds then antes (or antes first), then live and dead posts.
    for step in range(2):
        antes_now = (step == 0) == (params[P_ANTES_FIRST] != 0)
        for p in range(n):
            amount = min(forced[1 if antes_now else 0, p], stacks[p])
            stacks[p] -= amount
            if not antes_now:
                bets[p] += amount
                contributed[p] += amount
            elif params[P_ANTES_TRIMMED]:
                contributed[p] += amount
            else:
                dead += amount
    for p in range(n):
        amount = min(forced[2, p], stacks[p])
        stacks[p] -= amount
        bets[p] += amount
        contributed[p] += amount
    for p in range(n):
        amount = min(forced[3, p], stacks[p])
        stacks[p] -= amount
        dead += amount

    decisions = 0
    street = 0
    while True:
        # ``Round.start``: the full raise to beat, and the first to act (R10, R11).
        top = _top(n, bets)
        if structure == FIXED_LIMIT:
            bet_size = params[P_BIG_BET] if street >= 2 else min_bet
            full_raise = bet_size
        else:
            bet_size = 0
            full_raise = max(min_bet, top)
        if pokerkit:
            full_raise = 0  # the round's first bet or raise is full whatever its size
        full_level = top
        aggressions = 0
        capped = False
        short_run = 0  # PokerKit: what the current run of short all-ins adds up to ...
        in_short_run = False  # ... while there is one
        for p in range(n):
            acted_at[p] = -1
            since_full[p] = False
        opener = 0
        if street == 0:
            best = -1
            for p in range(n):  # after the largest blind or straddle posted, the last on ties
                posted = bets[p] if forced[0, p] else 0
                if posted >= best:
                    best, opener = posted, (p + 1) % n
        actor = _next_actor(n, opener - 1 + n, folded, stacks, bets, acted_at)
        if street == 0 and params[P_BOMB_POT]:
            actor = -1  # a bomb pot starts at the flop (R46)
        while actor >= 0:
            # ``Round._compute_legal`` and ``Round.refusal``.
            stack, bet = stacks[actor], bets[actor]
            top = _top(n, bets)
            to_call = top - bet
            total = stack + bet
            threshold = (bet_size + 1) // 2 if params[P_HALF_BET] else full_raise
            may_raise = stack > to_call
            nobody_calls = False
            if may_raise:
                anyone = False
                for p in range(n):
                    if p != actor and not folded[p] and stacks[p] + bets[p] > top:
                        anyone = True
                may_raise = anyone
                nobody_calls = not anyone  # an all-in is then made, the rest uncalled (R18)
            if may_raise and acted_at[actor] >= 0:  # ``Round._reopened_for`` (R18)
                if pokerkit:
                    may_raise = to_call >= full_raise and not (
                        in_short_run and short_run < full_raise and since_full[actor]
                    )
                else:  # a short all-in did not reopen the betting
                    may_raise = top - acted_at[actor] >= threshold
            if may_raise and structure == FIXED_LIMIT and raise_cap >= 0:
                if capped:
                    may_raise = False
                elif aggressions >= _aggression_limit(params, street, top):
                    may_raise = params[P_HEADS_UP_UNCAPPED] != 0 and (
                        _can_act_count(n, folded, stacks) <= 2
                    )
            low = high = -1
            if may_raise:  # ``Round.bounds``
                if structure == FIXED_LIMIT:
                    base = full_level if params[P_HALF_BET] else top
                    low = high = min(max(base + bet_size, top + 1), total)
                else:
                    smallest = top + max(full_raise, min_bet)
                    largest = total
                    if structure == POT_LIMIT:
                        pot = dead + to_call
                        for p in range(n):
                            pot += contributed[p]
                        largest = max(smallest, top + pot)
                    low, high = min(smallest, total), min(largest, total)
            policy = scratch.policy[actor]
            to = bet
            if policy == SCRIPT:  # the recorded step, if the rules allow it here
                i = script_.next_step(stream, cursor, folded)
                if i < 0 or stream[i + 1] != actor or stream[i] > S_BET_RAISE:
                    return UNSCRIPTED, decisions, False
                cursor[0] = i + STEP_WORDS
                if stream[i] == S_FOLD:
                    kind = FOLD
                elif stream[i] == S_CHECK_CALL:
                    kind = CHECK if to_call == 0 else CALL
                else:
                    to = stream[i + 2]
                    if not may_raise or to < low or to > high:
                        return UNSCRIPTED, decisions, False
                    kind = RAISE
            elif policy == batched.RANDOM:
                # Uniform over check, or fold and call, and bet-or-raise; then the amount.
                slot = scratch.slot[actor]
                choices = (1 if to_call == 0 else 2) + (1 if may_raise else 0)
                word = _draw(stream, explicit, cursor, rng, slot)
                if word < 0:
                    return DRAWS_EXHAUSTED, decisions, False
                pick = word % choices
                if to_call == 0:
                    kind = CHECK if pick == 0 else BET
                else:
                    kind = FOLD if pick == 0 else (CALL if pick == 1 else RAISE)
                if kind in (BET, RAISE):
                    word = _draw(stream, explicit, cursor, rng, slot)
                    if word < 0:
                        return DRAWS_EXHAUSTED, decisions, False
                    to = low + word % (high - low + 1)
            else:  # an intent, as ``bots.acting`` turns it into an action
                intent, amount = batched.PASSIVE, 0
                if policy == batched.TAG:
                    intent, amount = batched.tag_decision(
                        actor, n, street, state, folded, dead, deck, may_raise, low, high,
                        min_bet, scratch.seen, scratch.tag,
                    )  # fmt: skip
                if intent == batched.AGGRESSIVE:
                    kind, to = RAISE, amount
                elif intent == batched.PASSIVE:
                    kind = CHECK if to_call == 0 else CALL
                else:
                    kind = CHECK if to_call == 0 else FOLD
            if kind == CALL:
                to = bet + min(to_call, stack)
            elif kind in (BET, RAISE):
                kind = BET if top == 0 else RAISE
            batched.note_decision(
                scratch.seen, street, actor, 2 if kind >= BET else (1 if kind == CALL else 0)
            )
            if record.shape[0]:
                row = used[0]
                if row >= record.shape[0]:
                    return RECORD_FULL, decisions, False
                used[0] = row + 1
                record[row, R_HAND] = hand
                record[row, R_PLAYER] = actor
                record[row, R_KIND] = kind
                record[row, R_TO] = to
                record[row, R_CHECK] = to_call == 0
                record[row, R_CALL] = min(to_call, stack) if to_call else -1
                record[row, R_MIN] = low
                record[row, R_MAX] = high
                all_in = stack <= to_call or nobody_calls or (may_raise and total <= high)
                record[row, R_ALL_IN] = total if all_in else -1
            decisions += 1
            # ``Round._apply`` and ``Round._note_aggression``.
            if kind == FOLD:
                folded[actor] = True
                acted_at[actor] = -1
            else:
                added = to - bet
                stacks[actor] -= added
                bets[actor] = to
                contributed[actor] += added
                if to > top:
                    increment = to - top
                    full = increment >= threshold
                    if full or pokerkit:  # PokerKit counts short all-ins toward the cap
                        aggressions += 1
                        if structure == FIXED_LIMIT and full:
                            full_level = to
                    if increment >= full_raise:
                        for p in range(n):
                            since_full[p] = False
                    full_raise = max(full_raise, increment)
                    if stacks[actor]:
                        short_run, in_short_run = 0, False
                    else:
                        short_run, in_short_run = short_run + increment, True
                    if short_run >= full_raise:
                        short_run, in_short_run = 0, False
                    if (
                        structure == FIXED_LIMIT
                        and raise_cap >= 0
                        and aggressions >= _aggression_limit(params, street, to)
                        and not (
                            params[P_HEADS_UP_UNCAPPED] and _can_act_count(n, folded, stacks) <= 2
                        )
                    ):
                        capped = True
                acted_at[actor] = _top(n, bets)
            since_full[actor] = True
            actor = _next_actor(n, actor, folded, stacks, bets, acted_at)

        # ``Hand._end_betting_round``: the one bet nobody matched goes back (R23).
        first = 0
        for p in range(1, n):
            if bets[p] > bets[first]:
                first = p
        second = 0
        for p in range(n):
            if p != first:
                second = max(second, bets[p])
        excess = bets[first] - second
        if excess > 0:
            stacks[first] += excess
            contributed[first] -= excess
            returned[first] += excess
        for p in range(n):
            bets[p] = 0
        live = 0
        for p in range(n):
            live += not folded[p]
        if live == 1:  # ``Hand._award_uncontested``: every pot to the last player (R26)
            _return_unmatched(n, folded, stacks, contributed, returned)
            pot = dead
            for p in range(n):
                pot += contributed[p]
            for p in range(n):
                scratch.collected[p] = 0
                if not folded[p]:
                    stacks[p] += pot
                    scratch.collected[p] = pot
            if scripted and not script_.only_shows_left(stream, cursor, folded):
                return UNSCRIPTED, decisions, False
            return OK, decisions, False
        if street == 3 or _can_act_count(n, folded, stacks) < 2:
            # The river was bet, or nobody can bet any more: the board (burns included,
            # R3) is the same cards either way, so the run-out is the showdown.
            _return_unmatched(n, folded, stacks, contributed, returned)
            mucked = 0
            if scripted:  # the runout's streets, then the shows and mucks
                if not script_.take_runout(stream, cursor, folded, street):
                    return UNSCRIPTED, decisions, True
                mucked = script_.take_showdown(stream, cursor, folded, street < 3)
                if mucked < 0:
                    return UNSCRIPTED, decisions, True
            collected = scratch.collected
            for p in range(n):
                collected[p] = stacks[p]
            awarded = award_replayed(
                n, folded, stacks, contributed, dead, deck, scratch.codes, scratch.strengths,
                scratch.pots, scratch.tables, mucked, params[P_MERGE_POTS] != 0, scripted,
                params[P_ODD_ONE_EACH] != 0,
            )  # fmt: skip
            if awarded != AWARDED:
                return UNSCRIPTED if scripted else BAD_CARDS, decisions, True
            for p in range(n):
                collected[p] = stacks[p] - collected[p]
            return OK, decisions, True
        street += 1
        if scripted and not script_.take_board(stream, cursor, folded, 3 if street == 1 else 1):
            return UNSCRIPTED, decisions, False


@kernel
def _return_unmatched(n, folded, stacks, contributed, returned):
    """``kernel_pots.return_unmatched``, counting what each player gets back."""
    for p in range(n):
        returned[p] -= stacks[p]
    return_unmatched(n, folded, stacks, contributed)
    for p in range(n):
        returned[p] += stacks[p]


@kernel
def _scratch(n, tables, tag):
    return Scratch(
        np.zeros(n, dtype=np.bool_),
        np.zeros((n, 7), dtype=np.uint8),
        np.zeros(n, dtype=np.int32),
        np.zeros((3, n + 1), dtype=np.int64),
        tables,
        np.zeros(n, dtype=np.int64),  # every position plays the random policy ...
        np.zeros(n, dtype=np.int64),  # ... from the one stream rng[0]
        np.zeros(batched.SEEN_COLUMNS, dtype=np.int64),
        tag,
        np.zeros(n, dtype=np.bool_),
        np.zeros(n, dtype=np.int64),
        np.zeros(n, dtype=np.int64),
    )


@kernel
def _scratch_without_bots(n, tables):
    """Work arrays for play with no tight-aggressive bot: its tables are never read, so
    empty ones of the right types do."""
    tag = batched.new_tag_work(
        np.zeros((13, 13, 2, batched.PREFLOP_COLUMNS), dtype=np.int8),
        np.zeros(1, dtype=np.int8),
        tables,
    )
    return _scratch(n, tables, tag)


@kernel
def run(
    params,
    start,
    forced,
    decks,
    stream,
    explicit,
    seed,
    out_stacks,
    out_actions,
    out_showdown,
    record,
    tables,
):
    """Play ``out_stacks.shape[0]`` hands, each from the stacks ``start``.

    ``decks``: one deck order per hand, or none (shape (0, 52)) to shuffle with the seed.
    ``stream``: the decisions' random words when ``explicit``, else they come from the seed.
    ``record``: a row per decision (``R_*`` columns) while it has room; shape (0, 9) for none.
    Returns (status, hands played, stream words used, record rows used).
    """
    n = params[P_PLAYERS]
    hands = out_stacks.shape[0]
    state = np.zeros((4, n), dtype=np.int64)
    scratch = _scratch_without_bots(n, tables)  # everyone plays the random policy
    cursor = np.zeros(1, dtype=np.int64)
    used = np.zeros(1, dtype=np.int64)
    rng = np.full(1, seed, dtype=np.uint64)
    own_deck = np.arange(52).astype(np.uint8)
    dealt = 2 * n + 8  # hole cards, three burns, five board cards
    for h in range(hands):
        if decks.shape[0]:
            deck = decks[h]
        else:  # Fisher-Yates over the cards the hand can deal
            deck = own_deck
            for i in range(dealt):
                j = i + _draw(stream, False, cursor, rng) % (52 - i)
                deck[i], deck[j] = deck[j], deck[i]
        for p in range(n):
            state[0, p] = start[p]
        status, decisions, showdown = _play_hand(
            params, forced, state, deck, stream, explicit, cursor, rng, record, used, h, scratch
        )
        if status != OK:
            return status, h, cursor[0], used[0]
        for p in range(n):
            out_stacks[h, p] = state[0, p]
        out_actions[h] = decisions
        out_showdown[h] = showdown
    return OK, hands, cursor[0], used[0]


@kernel
def run_bots(params, start, forced, seat_policy, seed, first, out_nets, tables, tag):
    """Play ``out_nets.shape[0]`` hands of bots, numbered from ``first``, as ``holdem sim``
    does: every hand from the stacks ``start``, the button one seat further each hand
    (seat ``number % seats``), each seat playing its ``seat_policy`` (``batched.*``).

    Each hand deals from its own shuffle and each seat draws from its own stream, all
    keyed by (seed, hand number, seat) as ``sim.streams`` keys them, so a hand is the
    same whatever run it is part of. ``out_nets``: chips won or lost per hand and seat.
    Returns the status.
    """
    n = params[P_PLAYERS]
    state = np.zeros((4, n), dtype=np.int64)
    scratch = _scratch(n, tables, tag)
    no_stream = np.zeros(0, dtype=np.int64)
    no_record = np.zeros((0, RECORD_COLUMNS), dtype=np.int64)
    cursor = np.zeros(1, dtype=np.int64)
    used = np.zeros(1, dtype=np.int64)
    rng = np.zeros(n + 1, dtype=np.uint64)  # one stream per position, the deck's last
    deck = np.empty(52, dtype=np.uint8)
    dealt = 2 * n + 8
    base = _mix(seed)
    for h in range(out_nets.shape[0]):
        number = first + h
        button = number % n
        key = _mix(base ^ np.uint64(number))
        rng[n] = _mix(key ^ np.uint64(DECK_SLOT))
        for i in range(52):
            deck[i] = i
        for i in range(dealt):
            j = i + _draw(no_stream, False, cursor, rng, n) % (52 - i)
            deck[i], deck[j] = deck[j], deck[i]
        for p in range(n):
            seat = (button + 1 + p) % n
            scratch.policy[p] = seat_policy[seat]
            scratch.slot[p] = p
            rng[p] = _mix(key ^ np.uint64(seat))
            state[0, p] = start[p]
        status, _, _ = _play_hand(
            params, forced, state, deck, no_stream, False, cursor, rng, no_record, used, h,
            scratch,
        )  # fmt: skip
        if status != OK:
            return status
        for p in range(n):
            out_nets[h, (button + 1 + p) % n] = state[0, p] - start[p]
    return OK


@kernel
def run_scripts(params, start, forced, decks, script, offsets, out, out_status, tables):
    """Replay recorded hands, each by its own rules: ``params[h]``, ``start[h]`` (stacks by
    position), ``forced[h]`` and ``decks[h]`` (as ``run``'s, unknown cards 255), its steps
    ``script[offsets[h]:offsets[h + 1]]`` (``kernel_script``). Positions beyond a hand's
    player count are padding.

    ``out[h]``: rows of final stacks, chips collected from the pots and uncalled chips
    returned; ``out_status[h]``: OK, or UNSCRIPTED for a hand the kernel leaves to ``Hand``.
    """
    width = start.shape[1]
    state = np.zeros((4, width), dtype=np.int64)
    scratch = _scratch_without_bots(width, tables)
    scratch.policy[:] = SCRIPT
    cursor = np.zeros(2, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    used = np.zeros(1, dtype=np.int64)
    no_record = np.zeros((0, RECORD_COLUMNS), dtype=np.int64)
    for h in range(start.shape[0]):
        n = params[h, P_PLAYERS]
        for p in range(n):
            state[0, p] = start[h, p]
        cursor[0], cursor[1] = offsets[h], offsets[h + 1]
        status, _, _ = _play_hand(
            params[h], forced[h], state, decks[h], script, False, cursor, rng, no_record, used,
            h, scratch,
        )  # fmt: skip
        out_status[h] = status if status == OK else UNSCRIPTED
        for p in range(n):
            out[h, 0, p] = state[0, p]
            out[h, 1, p] = scratch.collected[p]
            out[h, 2, p] = scratch.returned[p]
