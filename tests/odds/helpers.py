"""Brute-force references for the odds tests: every board, the scalar evaluator, fractions."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, product

from holdem.cards import ALL_CARDS, Card, parse_cards
from holdem.evaluator import evaluate
from holdem.odds import Range, parse_range


def brute_force(
    players: list[str], board: str = "", dead: str = ""
) -> tuple[list[Fraction], list[Fraction], list[Fraction], int]:
    """(equities, wins, ties, boards) over every deal of the ranges and every board.

    A deal's boards count with the product of its combinations' weights.
    """
    known = parse_cards(board)
    gone = set(known) | set(parse_cards(dead))
    ranges = [parse_range(p) for p in players]
    n = len(ranges)
    share = [Fraction(0)] * n
    wins = [Fraction(0)] * n
    ties = [Fraction(0)] * n
    total, boards = Fraction(0), 0
    for deal in product(*(_combos(r, gone) for r in ranges)):
        held = [c for combo, _ in deal for c in combo]
        if len(set(held)) != len(held):
            continue
        weight = Fraction(1)
        for _, w in deal:
            weight *= Fraction(w)
        rest = [c for c in ALL_CARDS if c not in gone and c not in held]
        for extra in combinations(rest, 5 - len(known)):
            full = [*known, *extra]
            values = [evaluate([*combo, *full]).strength for combo, _ in deal]
            best = max(values)
            winners = [i for i, v in enumerate(values) if v == best]
            for i in winners:
                share[i] += weight / len(winners)
                if len(winners) == 1:
                    wins[i] += weight
                else:
                    ties[i] += weight
            total += weight
            boards += 1
    return [s / total for s in share], [w / total for w in wins], [t / total for t in ties], boards


def _combos(r: Range, gone: set[Card]) -> list[tuple[tuple[Card, Card], float]]:
    return [(c, w) for c, w in r.items() if c[0] not in gone and c[1] not in gone]
