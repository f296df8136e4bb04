"""The coach's simulations, off the event loop: one worker process for the whole cardroom.

A simulation costs tens of milliseconds of CPU; run on the event loop, a player toggling
the coach could stall every table. Here each one runs in a worker process (so not even
the GIL is shared), waits at most ``BUDGET_SECONDS``, and at most ``MAX_PENDING`` wait at
once: past that the coach says it is busy rather than queueing without bound. Which
decisions get a simulation at all (one per decision per seat) is the table's business.
"""

from __future__ import annotations

import asyncio
import atexit
import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from holdem.bots.base import PlayerView, view_for
from holdem.engine import Action, LegalActions
from holdem.errors import HoldemError
from holdem.table import PlayedHand

BUDGET_SECONDS = 5.0  # a warm worker answers in well under 0.1 s (a few ms preflop)
START_SECONDS = 60.0  # for the worker to start and load the compiled kernels, once
MAX_PENDING = 64  # simulations waiting at once, over all tables


class CoachUnavailable(HoldemError):
    """No advice this time: the coach is busy or took too long."""


@dataclass(frozen=True)
class CoachQuestion:
    """One decision, as the deciding player may see it: values a worker process can
    receive (frozen dataclasses of numbers, cards and events; the hand is not sent)."""

    hand: int
    decision: str
    """The decision it answers, named as the state's ``hand.decision``."""
    view: PlayerView
    legal: LegalActions


def coach_question(played: PlayedHand, seat: int) -> CoachQuestion | None:
    """What the coach needs to know of ``seat``'s decision in ``played``: its own cards and
    what everyone sees; None if it holds no cards to advise on."""
    hand = played.hand
    position = played.seat_of.index(seat)
    hole = hand.holes[position]
    if hole is None or None in hole or hand.to_act != position:
        return None
    legal = hand.legal_actions()
    if legal.show or legal.muck:
        return None  # a showdown choice: nothing to advise
    return CoachQuestion(
        hand=played.number,
        decision=f"{played.number}-{len(hand.events)}",
        view=view_for(hand, position),
        legal=legal,
    )


def answer(question: CoachQuestion) -> dict[str, object]:
    """The ``coach`` message for ``question`` (runs in the worker)."""
    from holdem.bots.coach import kind_of
    from holdem.terminal.coach import advise_view

    coaching = advise_view(question.view, question.legal)
    advice = coaching.advice
    bb = question.view.big_blind or 1
    # Keyed by the action names of ``act``: an all-in is the call, bet or raise it is.
    mistakes = dict(coaching.mistakes)
    all_in = mistakes.get(kind_of(Action.all_in(), question.view))
    if all_in and question.legal.all_in_to is not None:
        mistakes["all-in"] = all_in
    return {
        "v": 1,
        "type": "coach",
        "hand": question.hand,
        "decision": question.decision,
        "equity": round(advice.equity, 4),
        "opponents": len(question.view.opponents_in_hand),
        "outs": [str(c) for c in coaching.outs.cards] if coaching.outs else [],
        "pot_odds": round(advice.break_even, 4) if advice.break_even is not None else None,
        "to_call": advice.to_call,
        "pot": question.view.pot,
        "starting": advice.starting,
        "advice": {
            "action": advice.best.kind,
            "to": advice.best.to,
            "words": advice.words,
            "reasons": list(advice.reasons),
            "assumption": advice.assumption,
            "choices": [
                {"action": c.kind, "to": c.to, "ev": round(c.ev, 2), "ev_bb": round(c.ev / bb, 2)}
                for c in advice.choices
            ],
            "values": advice.values,
        },
        "mistakes": {kind: list(said) for kind, said in mistakes.items()},
    }


def warm_up() -> None:
    """Load the coach's code and compiled kernels in the worker (seconds, once)."""
    from holdem.cards import Deck
    from holdem.engine import Hand, HandConfig

    hand = Hand(HandConfig.create("nl", [200, 200], small_blind=1, big_blind=2), Deck())
    answer(CoachQuestion(0, "0-0", view_for(hand, hand.to_act or 0), hand.legal_actions()))


class CoachPool:
    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._warm: Future[None] | None = None  # the worker's start, for any event loop
        self._pending = 0

    async def ask(self, question: CoachQuestion) -> dict[str, object]:
        if self._pending >= MAX_PENDING:
            raise CoachUnavailable("the coach is busy: it speaks again at your next decision")
        self._pending += 1
        try:
            workers = self._workers()
            # The worker's start is not the question's: the budget counts the thinking.
            assert self._warm is not None
            await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(self._warm)), START_SECONDS)
            future = asyncio.get_running_loop().run_in_executor(workers, answer, question)
            return await asyncio.wait_for(future, BUDGET_SECONDS)
        except TimeoutError:
            raise CoachUnavailable(
                f"the coach took more than {BUDGET_SECONDS:g} s: it speaks again at your next "
                "decision"
            ) from None
        except BrokenProcessPool:
            self.close()  # the worker died: the next question starts a new one
            raise CoachUnavailable(
                "the coach stopped: it speaks again at your next decision"
            ) from None
        finally:
            self._pending -= 1

    def _workers(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: a fork of a server with threads and sockets open is not safe.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=context)
            self._warm = self._pool.submit(warm_up)
            atexit.register(self.close)
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool, self._warm = None, None


COACH = CoachPool()  # one worker for every table of the process
