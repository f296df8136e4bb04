# mypy: disable-error-code="no-untyped-def"
# (numba kernels: their argument types are numba's to infer, not annotations)
"""The end of a hand in the compiled kernel: unmatched chips back, side pots, the showdown.

The arithmetic of ``pots.unmatched``, ``pots.build_pots``, ``pots.split`` and
``Showdown.award`` on arrays, with the evaluator's own kernel for the strengths.
"""

from __future__ import annotations

from holdem.evaluator.batch import _evaluate_rows, kernel


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
def award_showdown(n, folded, stacks, contributed, dead, deck, codes, strengths, pot_work, tables):
    """``Showdown``: pots by contribution layers (``pots.build_pots``), each to its best
    hands, odd chips to the lowest position (``pots.split``). Returns False on bad cards.

    Muckers never change an award: a hand is mucked only when a hand already shown beats
    it in every pot it contests, so the best shown hand of a pot is its best hand.
    """
    card_keys, flush, row_offsets, hashed = tables
    live = 0
    for p in range(n):
        if not folded[p]:
            codes[live, 0] = deck[p]
            codes[live, 1] = deck[n + p]
            for k in range(3):  # the flop after the first burn, then burn, turn, burn, river
                codes[live, 2 + k] = deck[2 * n + 1 + k]
            codes[live, 5] = deck[2 * n + 5]
            codes[live, 6] = deck[2 * n + 7]
            live += 1
    if _evaluate_rows(codes[:live], card_keys, flush, row_offsets, hashed, strengths) >= 0:
        return False
    strength, amounts, masks = pot_work[0], pot_work[1], pot_work[2]
    live = 0
    for p in range(n):
        if not folded[p]:
            strength[p] = strengths[live]
            live += 1
    # The pots: dead money first (every live hand contests it), then one layer per
    # distinct contribution; neighbours contested by the same hands are one pot.
    pots = 0
    everyone = 0
    for p in range(n):
        if not folded[p]:
            everyone |= 1 << p
    if dead:
        amounts[0] = dead
        masks[0] = everyone
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
            if contributed[p] >= level and not folded[p]:
                mask |= 1 << p
        if pots and masks[pots - 1] == mask:
            amounts[pots - 1] += amount
        elif amount:
            amounts[pots] = amount
            masks[pots] = mask
            pots += 1
        previous = level
    for i in range(pots):
        best = 0
        winners = 0
        for p in range(n):
            if masks[i] >> p & 1:
                if strength[p] > best:
                    best, winners = strength[p], 1
                elif strength[p] == best:
                    winners += 1
        share = amounts[i] // winners
        odd = amounts[i] - share * winners
        for p in range(n):
            if masks[i] >> p & 1 and strength[p] == best:
                stacks[p] += share + odd
                odd = 0
    return True
