"""The web coach's answer, as its worker computes it: the same advice as the terminal's,
in JSON, with the mistakes keyed by the action names of ``act``."""

from __future__ import annotations

import json
import pickle

from holdem.bots import view_for
from holdem.engine import Action, Hand, HandConfig
from holdem.server.coaching import CoachQuestion, answer
from tests.bots.helpers import make, stacked_deck


def q6o_facing_a_tag_raise() -> CoachQuestion:
    holes = ["2c3d", "4h5s", "AsKd", "7c2h", "Qs6d", "8d3c"]
    config = HandConfig.create("nl", [200] * 6, small_blind=1, big_blind=2)
    hand = Hand(config, stacked_deck(holes))
    hand.act(make("tag").decide(view_for(hand, 2), hand.legal_actions()))
    hand.act(Action.fold())
    return CoachQuestion(7, f"7-{len(hand.events)}", view_for(hand, 4), hand.legal_actions())


def test_the_answer_recommends_folding_q6o_and_keys_the_mistakes_by_action():
    question = q6o_facing_a_tag_raise()
    # What crosses to the worker process: a few kilobytes of frozen values.
    sent = pickle.dumps(question)
    assert len(sent) < 20_000
    message = answer(pickle.loads(sent))
    assert json.loads(json.dumps(message)) == message  # plain JSON
    assert message["type"] == "coach" and message["hand"] == 7
    assert message["decision"] == question.decision
    advice = message["advice"]
    assert advice["action"] == "fold" and advice["words"] == "Fold" and advice["to"] is None
    assert "a raiser's range, about 26% of hands" in advice["assumption"]
    assert "a call needs 40% (call 6 to win 9)" in advice["reasons"][0]
    assert [c["action"] for c in advice["choices"]] == ["fold", "call", "raise"]
    assert advice["choices"][0]["ev"] == 0 and advice["choices"][1]["ev_bb"] < 0
    assert message["pot_odds"] == 0.4 and message["equity"] < 0.4
    mistakes = message["mistakes"]
    assert "fold" not in mistakes  # the coach's own choice
    assert any("needed 40% equity" in s for s in mistakes["call"])
    assert any("Q6o is one of the weak unconnected hands" in s for s in mistakes["all-in"])
