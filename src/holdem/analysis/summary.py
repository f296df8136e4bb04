"""Totals over many analysed hands: EV lost, the costliest decisions, by street and spot."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from holdem.analysis.decisions import STREETS, AnalyzedHand

COSTLIEST = 10


def summarize(hands: Sequence[AnalyzedHand]) -> dict[str, Any]:
    graded = [(h, d) for h in hands for d in h.decisions if d.grade]
    by_street: dict[str, dict[str, float]] = {}
    by_spot: dict[str, dict[str, float]] = {}
    by_method: dict[str, int] = {}
    for _, d in graded:
        for table, key in ((by_street, d.street), (by_spot, _spot_type(d.spot))):
            row = table.setdefault(key, {"decisions": 0, "ev_lost_bb": 0.0})
            row["decisions"] += 1
            row["ev_lost_bb"] += d.ev_lost_bb
        by_method[d.method] = by_method.get(d.method, 0) + 1
    costliest = sorted(graded, key=lambda hd: -hd[1].ev_lost_bb)[:COSTLIEST]
    return {
        "hands": len(hands),
        "hands_with_errors": sum(1 for h in hands if h.error),
        "decisions": len(graded),
        "ev_lost_bb": round(sum(d.ev_lost_bb for _, d in graded), 6),
        "costliest": [{"where": h.where, "hand": h.hand_id, **d.to_dict()} for h, d in costliest],
        "by_street": {s: _rounded(by_street[s]) for s in STREETS if s in by_street},
        "by_spot": {k: _rounded(v) for k, v in sorted(by_spot.items())},
        "by_method": by_method,
    }


def _spot_type(spot: str) -> str:
    """ "push/fold: call_vs_UTG" -> "push/fold: call"."""
    return spot.split("_vs_")[0]


def _rounded(row: dict[str, float]) -> dict[str, float]:
    return {"decisions": int(row["decisions"]), "ev_lost_bb": round(row["ev_lost_bb"], 6)}
