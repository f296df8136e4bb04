# mypy: disable-error-code="no-untyped-def"
# (numba kernels: their argument types are numba's to infer, not annotations)
"""The end of a hand in the compiled kernel: unmatched chips back, side pots, the showdown.

The arithmetic of ``pots.unmatched``, ``pots.build_pots``, ``pots.split`` and
``Showdown.award`` on arrays, with the evaluator's own kernel for the strengths.
"""

from __future__ import annotations

from holdem.evaluator.batch import evaluate_rows, kernel


@kernel
def return_unmatched(n, folded, stacks, contributed):
    """``pots.unmatched``: chips above the largest contribution still in go back (R23)."""
    top = -1
    for p in range(n):
        if not folded[p]:
            top = max(top, contributed[p])
    for p in range(n):
        if contributed[p] > top:
            stacks[p] += contributed[p] - top
            contributed[p] = top


@kernel
def award_showdown(
    n, folded, stacks, contributed, dead, deck, codes, strengths, pot_work, tables, one_each
):  # fmt: skip
    """``Showdown``: pots by contribution layers (``pots.build_pots``), each to its best
    hands, odd chips from the lowest position on, one each (``one_each``) or all to the
    first (``pots.split``). Returns False on bad cards.

    Muckers never change an award: a hand is mucked only when a hand already shown beats
    it in every pot it contests, so the best shown hand of a pot is its best hand.
    """
    awarded = award_replayed(
        n, folded, stacks, contributed, dead, deck, codes, strengths, pot_work, tables, 0, False,
        False, one_each,
    )  # fmt: skip
    return awarded == AWARDED


# What ``award_replayed`` returns.
AWARDED, BAD_HAND, MUCKED_WINNER = 0, 1, 2

UNREAD = 0
"""The strength of a hand whose hole cards the record does not give (``Showdown``'s
``UNREAD``): below every real hand (the evaluator's are positive), equal to any other
such hand."""


@kernel
def _unread(n, deck, p):
    """Whether the deck lacks a hole card of position ``p`` (a card code of 52 or more)."""
    return deck[p] >= 52 or deck[n + p] >= 52


@kernel
def award_replayed(
    n, folded, stacks, contributed, dead, deck, codes, strengths, pot_work, tables, mucked, merge,
    recorded, one_each,
):  # fmt: skip
    """``award_showdown`` for a recorded showdown: ``mucked`` (a mask of positions) gave up
    their hands, which changes nothing unless one of them would have won something
    (MUCKED_WINNER: left to ``Hand``); ``merge``: the pots are formed again among the hands
    that win something before they are paid (``pots_merged_after_showdown``); ``recorded``:
    a hand whose hole cards the deck lacks is UNREAD, as ``Replayer`` shows it (else those
    are bad cards)."""
    card_keys, flush, row_offsets, hashed = tables
    live = 0
    unread = 0  # the mask of hands nobody recorded
    for p in range(n):
        if folded[p]:
            continue
        if recorded and _unread(n, deck, p):
            unread |= 1 << p
        else:
            codes[live, 0] = deck[p]
            codes[live, 1] = deck[n + p]
            for k in range(3):  # the flop after the first burn, then burn, turn, burn, river
                codes[live, 2 + k] = deck[2 * n + 1 + k]
            codes[live, 5] = deck[2 * n + 5]
            codes[live, 6] = deck[2 * n + 7]
            live += 1
    if evaluate_rows(codes[:live], card_keys, flush, row_offsets, hashed, strengths) >= 0:
        return BAD_HAND
    strength, amounts, masks = pot_work[0], pot_work[1], pot_work[2]
    live = 0
    everyone = 0
    for p in range(n):
        if not folded[p]:
            everyone |= 1 << p
            if unread >> p & 1:
                strength[p] = UNREAD  # a hand nobody recorded beats no known one
            else:
                strength[p] = strengths[live]
                live += 1
    pots = _build_pots(n, everyone, contributed, dead, amounts, masks)
    if mucked or merge:
        winning = 0
        for i in range(pots):
            winning |= _best_of(n, masks[i], strength)
        if winning & mucked:
            return MUCKED_WINNER
        if merge:
            pots = _build_pots(n, winning, contributed, dead, amounts, masks)
    for i in range(pots):
        winners = _best_of(n, masks[i], strength)
        count = 0
        for p in range(n):
            count += winners >> p & 1
        if count == 0:  # a pot nobody may win: never so, but not a division by zero
            return BAD_HAND
        share = amounts[i] // count
        odd = amounts[i] - share * count
        for p in range(n):  # positions from the button on: one odd chip each, or all (R25)
            if winners >> p & 1:
                extra = min(odd, 1) if one_each else odd
                stacks[p] += share + extra
                odd -= extra
    return AWARDED


@kernel
def _build_pots(n, claimants, contributed, dead, amounts, masks):
    """``pots.build_pots``: dead money first (every claimant contests it), then one layer
    per distinct contribution; neighbours contested by the same hands are one pot.
    Returns the number of pots."""
    pots = 0
    if dead:
        amounts[0] = dead
        masks[0] = claimants
        pots = 1
    previous = 0
    while True:
        level = -1
        for p in range(n):  # the next distinct contribution above the previous one
            c = contributed[p]
            if c > previous and (level < 0 or c < level):
                level = c
        if level < 0:
            break
        amount = 0
        mask = 0
        for p in range(n):
            amount += min(contributed[p], level) - min(contributed[p], previous)
            if contributed[p] >= level and claimants >> p & 1:
                mask |= 1 << p
        if pots and masks[pots - 1] == mask:
            amounts[pots - 1] += amount
        elif amount:
            amounts[pots] = amount
            masks[pots] = mask
            pots += 1
        previous = level
    return pots


@kernel
def _best_of(n, mask, strength):
    """The mask of the best hands among ``mask``."""
    best = 0
    winners = 0
    for p in range(n):
        if mask >> p & 1:
            if strength[p] > best:
                best, winners = strength[p], 1 << p
            elif strength[p] == best:
                winners |= 1 << p
    return winners
