"""The hero's decisions in one recorded hand, each graded by the EV it lost.

The hand is replayed through the engine step by step (``holdem.history``'s replayer);
at each of the hero's betting turns the spot is graded before the recorded action is
applied: against the push/fold equilibrium where the spot is one, else against the
coach's heuristic (``holdem.bots.coach``: equity against the ranges the betting implies,
this street's EV of each choice), which is not an equilibrium and is labelled so.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from holdem.analysis import pushfold_spot
from holdem.cards import format_cards
from holdem.engine import Hand, LegalActions, Phase
from holdem.history import BetRaise, CheckCall, Fold, HandHistory
from holdem.history.replay import config_of
from holdem.history.steps import Replayer

STREETS = ("preflop", "flop", "turn", "river")
HEURISTIC = "coach heuristic (no equilibrium for this spot)"
COACH_TRIALS = 400
# Grades by the EV a decision lost, in big blinds.
GRADES = ((0.05, "best"), (0.5, "inaccuracy"), (2.0, "mistake"))
WORST = "blunder"


def grade_of(ev_lost_bb: float) -> str:
    for limit, name in GRADES:
        if ev_lost_bb < limit:
            return name
    return WORST


@dataclass(frozen=True)
class Decision:
    """One decision of the hero, graded."""

    street: str
    spot: str  # "push/fold: push", "push/fold: call_vs_UTG", "facing a bet", "unopened"
    hole: str
    board: str
    pot_bb: float
    action: str  # fold, check, call, bet, raise (all-in: "push" in a push/fold spot)
    best: str
    ev_lost_bb: float
    method: str
    grade: str
    frequency: float | None = None  # push/fold: how often the equilibrium plays it

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class AnalyzedHand:
    where: str  # file, and hand number in it
    hand_id: str | None
    decisions: tuple[Decision, ...]
    error: str | None = None

    @property
    def ev_lost_bb(self) -> float:
        return sum(d.ev_lost_bb for d in self.decisions)

    @property
    def grade(self) -> str:
        return grade_of(max((d.ev_lost_bb for d in self.decisions), default=0.0))

    def to_dict(self) -> dict[str, Any]:
        return {
            "where": self.where,
            "hand": self.hand_id,
            "ev_lost_bb": round(self.ev_lost_bb, 6),
            "grade": self.grade,
            "decisions": [d.to_dict() for d in self.decisions],
            "error": self.error,
        }


def analyze_hand(
    history: HandHistory, hero: str, *, where: str = "", seed: int = 0
) -> AnalyzedHand | None:
    """The hero's decisions in ``history``, or None when the hero did not play it."""
    names = history.players or ()
    if hero not in names:
        return None
    seat = names.index(hero)
    hand_id = None if history.hand is None else str(history.hand)
    try:
        decisions = _walk(history, seat, np.random.default_rng(seed))
    except Exception as error:  # a hand the engine refuses is reported, not fatal
        return AnalyzedHand(where, hand_id, (), f"{type(error).__name__}: {error}")
    return AnalyzedHand(where, hand_id, tuple(decisions))


def _walk(history: HandHistory, seat: int, gen: np.random.Generator) -> list[Decision]:
    hand = Hand(config_of(history), auto_showdown=False)
    steps = Replayer(hand)
    prior: list[pushfold_spot.Prior] = []
    decisions: list[Decision] = []
    stacks = [s or 0 for s in history.starting_stacks]
    # The blinds as posted: heads-up PHH lists them in PokerKit's order, not the seats'.
    blinds = list(hand.bets)  # antes go to the pot, not into the bets
    for step in history.actions:
        if not (
            isinstance(step, Fold | CheckCall | BetRaise)
            and hand.phase == Phase.BETTING
            and hand.to_act == step.player
        ):
            steps.apply(step)
            continue
        player, street = step.player, hand.street
        legal = hand.legal_actions()
        kind = _kind(step, legal)
        if player == seat:
            before = _Before(hand, legal, kind)
            steps.apply(step)
            all_in = hand.stacks[seat] == 0 and kind != "fold"
            decisions.append(
                _grade(
                    _Table(stacks, blinds, _antes(history, len(stacks))),
                    seat,
                    before,
                    prior if street == 0 else None,
                    all_in,
                    gen,
                )
            )
        else:
            steps.apply(step)
        if street == 0:
            moved = "fold" if kind == "fold" else "allin" if hand.stacks[player] == 0 else "other"
            prior.append(pushfold_spot.Prior(player, moved))
    return decisions


def _kind(step: Fold | CheckCall | BetRaise, legal: LegalActions) -> str:
    if isinstance(step, Fold):
        return "fold"
    if isinstance(step, CheckCall):
        return "check" if legal.check else "call"
    return "bet" if legal.bet is not None else "raise"


class _Before:
    """The spot as it stood at the hero's turn, before the recorded action."""

    def __init__(self, hand: Hand, legal: LegalActions, kind: str) -> None:
        from holdem.bots.base import view_for

        self.view = view_for(hand, legal.player)
        self.legal = legal
        self.kind = kind


@dataclass(frozen=True)
class _Table:
    stacks: list[int]
    blinds: list[int]
    antes: list[int]


def _antes(history: HandHistory, players: int) -> list[int]:
    antes = list(history.antes) or [0]
    return antes if len(antes) == players else [antes[0]] * players


def _grade(
    table: _Table,
    seat: int,
    before: _Before,
    prior: list[pushfold_spot.Prior] | None,
    all_in: bool,
    gen: np.random.Generator,
) -> Decision:
    view = before.view
    bb = view.big_blind or 1
    hole, board = view.hole, view.board
    common: dict[str, Any] = {
        "street": STREETS[min(view.street, 3)],
        "hole": format_cards(hole) if hole else "",
        "board": format_cards(board) if board else "",
        "pot_bb": view.pot / bb,
    }
    if len(hole) != 2:
        return Decision(
            spot="hole cards unknown",
            action=before.kind,
            best="",
            ev_lost_bb=0.0,
            method="not graded",
            grade="",
            **common,
        )
    if prior is not None and (before.kind == "fold" or all_in or before.kind == "call"):
        graded = pushfold_spot.grade(
            table.stacks,
            table.blinds,
            table.antes,
            seat,
            (hole[0], hole[1]),
            prior,
            aggressive=before.kind != "fold",
        )
        if graded is not None:
            pushing = graded.situation == "push"
            if pushing and before.kind != "fold" and not all_in:
                graded = None  # a limp or a smaller raise is no push/fold move
        if graded is not None:
            lost = graded.ev_lost / bb
            action = before.kind if before.kind == "fold" else "push" if pushing else "call"
            return Decision(
                spot=f"push/fold: {graded.situation}",
                action=action,
                best=graded.best,
                ev_lost_bb=_clean(lost),
                method=pushfold_spot.METHOD,
                grade=grade_of(lost),
                frequency=graded.frequency,
                **common,
            )
    return _coach_grade(before, common, gen)


def _coach_grade(before: _Before, common: dict[str, Any], gen: np.random.Generator) -> Decision:
    from holdem.bots.coach import advise

    view, legal = before.view, before.legal
    bb = view.big_blind or 1
    advice = advise(view, legal, gen, COACH_TRIALS)
    values = {choice.kind: choice.ev for choice in advice.choices}
    kind = before.kind
    if kind in values:
        taken = values[kind]
    elif kind in ("bet", "raise"):  # the coach sized its bet otherwise: the nearest it values
        taken = max(v for k, v in values.items() if k in ("bet", "raise", "check", "call"))
    else:  # a fold when checking was free
        taken = 0.0
    lost = max(advice.best.ev - taken, 0.0) / bb
    return Decision(
        spot="facing a bet"
        if view.to_call > 0
        else "unopened"
        if view.street == 0
        else "checked to",
        action=kind,
        best=advice.best.kind,
        ev_lost_bb=_clean(lost),
        method=HEURISTIC,
        grade=grade_of(lost),
        **common,
    )


def _spot_name(to_call: int, street: int) -> str:
    if to_call > 0:
        return "facing a bet"
    return "unopened" if street == 0 else "checked to"


def _clean(ev: float) -> float:
    """Rounding noise of the solver (1e-15 bb) is no loss."""
    return 0.0 if ev < 1e-9 else round(ev, 6)
