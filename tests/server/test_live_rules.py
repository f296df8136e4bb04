"""The live table's rules without a server: a session of commands, as the host taps them.

Side pots and who can win each, splits with odd chips in words, the showing order, the
"what happened?" procedures with their rule ids, undo leaving no trace, the ledger, and
each finished hand's PHH replaying to the stacks the session holds.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from holdem.cardroom.live_session import LiveSession
from holdem.cardroom.live_view import live_state
from holdem.cardroom.options import TableOptions
from holdem.clock.store import SavedState, save
from holdem.errors import HoldemError
from holdem.history import phh
from holdem.history.replay import replay
from holdem.server.live_clock import NoClock, clock_level
from holdem.tournament.clock import Clock
from holdem.tournament.structure import preset

Seats = tuple[tuple[int, str, int], ...]
THREE: Seats = ((1, "Ann", 100), (2, "Bob", 300), (3, "Cy", 500))


def session_with(seats: Seats = THREE, button: int = 3, **options: Any) -> LiveSession:
    session = LiveSession("t1", TableOptions(name="Live", mode="live", **options), "host")
    for seat, name, stack in seats:
        session.apply({"kind": "seat", "seat": seat, "name": name, "buy_in": stack})
    session.apply({"kind": "button", "seat": button})
    return session


def run(session: LiveSession, *commands: dict[str, Any]) -> None:
    for command in commands:
        session.apply(command)


def act(seat: int, action: str, amount: int | None = None) -> dict[str, Any]:
    command: dict[str, Any] = {"kind": "act", "seat": seat, "action": action}
    if amount is not None:
        command["amount"] = amount
    return command


def board(*cards: str) -> dict[str, Any]:
    return {"kind": "board", "cards": list(cards)}


def odd(what: str, **fields: Any) -> dict[str, Any]:
    return {"kind": "irregularity", "what": what, **fields}


def stacks(session: LiveSession) -> dict[str, int]:
    return {p.name: p.stack for p in session.players.values()}


def hand_state(session: LiveSession) -> dict[str, Any]:
    state = live_state(session)["hand"]
    assert state is not None
    return dict(state)


def refused(session: LiveSession, command: dict[str, Any], words: str) -> None:
    """The command is refused with ``words`` and the whole state is as it was."""
    before = json.dumps(live_state(session), sort_keys=True)
    with pytest.raises(HoldemError, match=words):
        session.apply(command)
    assert json.dumps(live_state(session), sort_keys=True) == before


def replays_to_the_session(session: LiveSession, *, cards_known: bool = True) -> None:
    """The last hand's PHH records the session's stacks; when every hand that reached the
    showdown was shown, the history module replays it to the same stacks."""
    text = session.finished[-1].phh()
    assert text is not None
    (record,) = phh.loads(text)
    assert record.finishing_stacks is not None
    by_seat = dict(zip(record.seats or (), record.finishing_stacks, strict=True))
    assert by_seat == {seat: session.players[seat].stack for seat in by_seat}
    if cards_known:
        assert replay(record).match, replay(record).error


# -- betting: whose turn, to call, raises, pots -----------------------------------------------


def test_the_page_shows_the_turn_the_call_and_the_raise_bounds() -> None:
    session = session_with(small_blind=5, big_blind=10)
    run(session, {"kind": "deal"})
    state = hand_state(session)
    assert state["to_act"] == 3 and state["to_act_name"] == "Cy"  # the button, 3-handed
    assert state["legal"]["call"] == 10
    assert state["legal"]["raise"] == {"min": 20, "max": 500}
    run(session, act(3, "raise", 30))
    state = hand_state(session)
    assert state["to_act"] == 1 and state["legal"]["call"] == 25  # the small blind's 5 is in
    assert state["legal"]["raise"]["min"] == 50  # raised by 20: the next raise is to 50 (R17)
    roles = {s["seat"]: s["role"] for s in live_state(session)["seats"] if s["name"]}
    assert roles == {1: "SB", 2: "BB", 3: "BTN"}


def test_pot_limit_shows_the_pot_as_the_maximum() -> None:
    session = session_with(structure="pl", small_blind=5, big_blind=10)
    run(session, {"kind": "deal"})
    legal = hand_state(session)["legal"]
    # Pot 15, 10 to call: raise by the pot after the call (35), to 45 (R21).
    assert legal["raise"] == {"min": 20, "max": 35} and legal["max_is_pot"]


def test_side_pots_name_who_can_win_each_and_the_tapped_winners_get_them() -> None:
    session = session_with(small_blind=5, big_blind=10)
    run(session, {"kind": "deal"}, act(3, "raise", 100), act(1, "all-in"))
    run(session, act(2, "raise", 300), act(3, "call"))
    state = hand_state(session)
    assert state["board_due"] == 3 and state["next_street"] == "flop"
    assert state["pots"] == [
        {"label": "Main pot", "amount": 300, "seats": [1, 2, 3], "names": ["Ann", "Bob", "Cy"]},
        {"label": "Side pot 1", "amount": 400, "seats": [2, 3], "names": ["Bob", "Cy"]},
    ]
    run(session, board("Ah", "7d", "2c"), board("Ks"), board("3d"))
    # All-in before the flop, nobody bet the river: the first player left of the button
    # shows first (R28).
    assert hand_state(session)["showing_order"] == [1, 2, 3]
    run(session, {"kind": "winners", "pots": [[1], [2, 3]]})
    assert stacks(session) == {"Ann": 300, "Bob": 200, "Cy": 400}
    assert session.finished[-1].words == (
        "Side pot 1 400: Bob and Cy split, 200 each. Chosen at the table.",
        "Main pot 300: Ann wins it. Chosen at the table.",
    )
    replays_to_the_session(session, cards_known=False)


def test_cards_shown_decide_the_pots_and_the_odd_chip_goes_left_of_the_button() -> None:
    seats: Seats = ((2, "Ann", 200), (4, "Bob", 200), (6, "Cy", 200))
    session = session_with(seats, button=6, small_blind=5, big_blind=10)
    run(session, {"kind": "deal"}, act(6, "call"), act(2, "fold"), act(4, "check"))
    for cards in (("Ah", "Kd", "Qc"), ("Jh",), ("Ts",)):
        run(session, board(*cards), act(4, "check"), act(6, "check"))
    assert hand_state(session)["showing_order"] == [4, 6]  # checked through: left of the button
    refused(
        session,
        {"kind": "show", "seat": 6, "cards": ["2c", "3c"]},
        "it is Bob's turn .* shows first",
    )
    run(session, {"kind": "show", "seat": 4, "cards": ["2c", "3d"]})
    run(session, {"kind": "show", "seat": 6, "cards": ["4h", "5h"]})
    # Pot 5 + 10 + 10 = 25: both play the board's straight; 12 each, the odd chip to Bob,
    # the first of them left of the button (R25).
    assert stacks(session) == {"Ann": 195, "Bob": 190 + 13, "Cy": 190 + 12}
    (words,) = session.finished[-1].words
    assert words.startswith("The pot 25: Bob and Cy split, 12 each; the odd chip goes to Bob")
    assert words.endswith("first left of the button (R25). Split: the board plays (A-K-Q-J-T).")
    replays_to_the_session(session)


def test_the_last_to_bet_on_the_river_shows_first() -> None:
    session = session_with()
    run(session, {"kind": "deal"}, act(3, "call"), act(1, "call"), act(2, "check"))
    for cards in (("Ah", "7d", "2c"), ("Ks",)):
        run(session, board(*cards), act(1, "check"), act(2, "check"), act(3, "check"))
    run(session, board("3d"), act(1, "check"), act(2, "bet", 4), act(3, "call"), act(1, "call"))
    state = hand_state(session)
    assert state["showing_order"] == [2, 3, 1] and state["next_to_show"] == 2  # R28
    run(session, {"kind": "muck", "seat": 2}, {"kind": "show", "seat": 3, "cards": ["Kc", "Kd"]})
    run(session, {"kind": "muck", "seat": 1})
    assert stacks(session) == {"Ann": 94, "Bob": 294, "Cy": 512}
    assert session.finished[-1].words == (
        "The pot 18: Cy wins it. The only hand shown for this pot.",
    )


def test_a_heads_up_big_blind_ante_is_the_big_blinds_and_a_straddle_is_refused() -> None:
    seats: Seats = ((1, "Ann", 100), (5, "Bob", 100))
    session = session_with(seats, button=5, small_blind=1, big_blind=2, ante=2,
                           ante_kind="big-blind")  # fmt: skip
    run(session, {"kind": "deal"})
    assert live_state(session)["seats"][0]["stack"] == 100 - 2 - 2  # Ann: the big blind
    assert hand_state(session)["pot_total"] == 5
    run(session, odd("void"))
    refused(session, {"kind": "deal", "straddle": True}, "three players or more")


def test_a_heads_up_hand_posts_the_small_blind_on_the_button() -> None:
    session = session_with(((1, "Ann", 100), (5, "Bob", 100)), button=5, small_blind=1, big_blind=2)
    run(session, {"kind": "deal"})
    state = hand_state(session)
    assert state["to_act"] == 5 and state["legal"]["call"] == 1  # the button acts first (R6)
    roles = {s["seat"]: s["role"] for s in live_state(session)["seats"] if s["name"]}
    assert roles == {1: "BB", 5: "BTN/SB"}


def test_a_straddle_and_antes_are_posted() -> None:
    seats: Seats = ((1, "A", 100), (2, "B", 100), (3, "C", 100), (4, "D", 100))
    session = session_with(seats, button=4, small_blind=1, big_blind=2, ante=1,
                           ante_kind="uniform")  # fmt: skip
    run(session, {"kind": "deal", "straddle": True})
    state = hand_state(session)
    assert state["to_act"] == 4 and state["legal"]["call"] == 4  # after the straddle (R9)
    assert state["pot_total"] == 4 + 1 + 2 + 4


def test_the_button_moves_after_a_hand_and_stays_after_a_misdeal() -> None:
    session = session_with()
    run(session, {"kind": "deal"}, odd("misdeal"))
    assert session.hand is not None and session.hand.voided
    assert stacks(session) == {"Ann": 100, "Bob": 300, "Cy": 500}  # the blinds went back
    run(session, {"kind": "deal"})
    assert session.button == 3  # the same button deals again (R39)
    run(session, act(3, "fold"), act(1, "fold"))
    run(session, {"kind": "deal"})
    assert session.button == 1


def roles_of(session: LiveSession) -> dict[int, str | None]:
    return {s["seat"]: s["role"] for s in live_state(session)["seats"] if s["name"]}


FOUR: Seats = ((1, "Ann", 100), (2, "Bob", 100), (3, "Cy", 100), (4, "Di", 100))


def test_r36_the_big_blind_moves_exactly_one_seat_when_a_player_leaves() -> None:
    # Button Ann, small blind Bob, big blind Cy; Cy cashes out. Di must take the big blind
    # (R36): the small blind is dead (Cy's seat is empty) and the button goes to Bob.
    session = session_with(FOUR, button=1)
    run(session, {"kind": "deal"})
    assert roles_of(session) == {1: "BTN", 2: "SB", 3: "BB", 4: None}
    run(session, act(4, "fold"), act(1, "fold"), act(2, "fold"))
    run(session, {"kind": "cash_out", "seat": 3}, {"kind": "deal"})
    assert session.button == 2
    assert roles_of(session) == {1: None, 2: "BTN", 4: "BB"}
    state = hand_state(session)
    assert state["pot_total"] == 2 and state["to_act"] == 1  # no small blind: Ann is first
    run(session, act(1, "fold"), act(2, "fold"))
    # The next hand: Di's small blind, Ann's big blind, the button on Cy's empty seat.
    run(session, {"kind": "deal"})
    assert roles_of(session) == {1: "BB", 2: None, 4: "SB"} and session.button == 3


def test_r36_without_the_dead_button_the_button_simply_moves_on() -> None:
    session = session_with(FOUR, button=1, dead_button=False)
    run(session, {"kind": "deal"}, act(4, "fold"), act(1, "fold"), act(2, "fold"))
    run(session, {"kind": "cash_out", "seat": 3}, {"kind": "deal"})
    assert roles_of(session) == {1: "BB", 2: "BTN", 4: "SB"}


def test_r37_from_three_players_to_two_nobody_posts_the_big_blind_twice() -> None:
    session = session_with(button=1)  # Ann the button, Bob the small blind, Cy the big
    run(session, {"kind": "deal"})
    assert roles_of(session) == {1: "BTN", 2: "SB", 3: "BB"}
    run(session, act(1, "fold"), act(2, "fold"))
    run(session, {"kind": "cash_out", "seat": 1}, {"kind": "deal"})
    # Cy had the big blind last: Cy takes the button and the small blind (R37, R6).
    assert roles_of(session) == {2: "BB", 3: "BTN/SB"}


def test_r6_r35_heads_up_the_big_blind_alternates_each_hand() -> None:
    session = session_with(((1, "Ann", 100), (5, "Bob", 100)), button=5)
    for big, button in ((1, 5), (5, 1), (1, 5)):
        run(session, {"kind": "deal"})
        assert roles_of(session) == {big: "BB", button: "BTN/SB"}
        run(session, act(button, "fold"))


# -- the "what happened?" menu ---------------------------------------------------------------


def test_a_misdeal_after_the_first_action_is_refused_with_the_rule() -> None:
    session = session_with()
    run(session, {"kind": "deal"}, act(3, "call"))
    refused(session, odd("misdeal"), "void the hand instead")
    run(session, odd("void"))
    procedure = hand_state(session)["procedure"]
    assert procedure["rule"] == "R42" and "the button does not move" in procedure["rule_words"]
    assert stacks(session) == {"Ann": 100, "Bob": 300, "Cy": 500}


def test_an_exposed_first_card_is_a_misdeal_and_a_later_one_is_replaced() -> None:
    session = session_with()
    run(session, {"kind": "deal"}, odd("exposed_card", seat=1, card_number=1))
    procedure = hand_state(session)["procedure"]
    assert session.hand is not None and session.hand.voided
    assert procedure["rule"] == "R39" and "deal again from the same button" in procedure["dealer"]
    run(session, {"kind": "deal"}, odd("exposed_card", seat=3, card_number=1, card="Qs"))
    state = hand_state(session)
    assert not state["over"] and state["dead_cards"] == ["Qs"]
    assert "first burn" in state["procedure"]["dealer"]
    run(session, act(3, "call"), act(1, "call"), act(2, "check"))
    refused(session, board("Qs", "2d", "3d"), "Qs is out of play")
    refused(session, odd("exposed_card", seat=2, card_number=2), "before the first action")


def test_r39_the_procedure_gives_the_ruling_first_in_one_line() -> None:
    session = session_with()
    run(session, {"kind": "deal"}, odd("exposed_card", seat=3, card_number=1, card="Qs"))
    procedure = hand_state(session)["procedure"]
    assert list(procedure)[:3] == ["what", "title", "ruling"]
    assert procedure["ruling"] == "The deal goes on: the card is replaced, no new burn"
    run(session, act(3, "fold"), act(1, "fold"))
    run(session, {"kind": "deal"}, odd("misdeal"))
    ruling = hand_state(session)["procedure"]["ruling"]
    assert ruling == "Misdeal: the blinds come back and the same button deals again"
    assert "\n" not in ruling and len(ruling) <= 80


def test_r39_a_misdeal_uses_up_no_hand_number() -> None:
    session = session_with()
    run(session, {"kind": "deal"}, act(3, "fold"), act(1, "fold"))
    run(session, {"kind": "deal"}, odd("misdeal"))
    assert session.finished[-1].number == 2 and session.finished[-1].misdeal
    run(session, {"kind": "deal"})
    assert session.hand is not None and session.hand.number == 2  # dealt again as hand 2
    run(session, act(1, "fold"), act(2, "fold"))
    run(session, {"kind": "deal"})
    assert session.hand is not None and session.hand.number == 3
    hands = live_state(session)["hands"]
    assert [(h["number"], h["misdeal"]) for h in hands] == [(1, False), (2, True), (2, False)]


def test_a_second_exposed_card_is_a_misdeal() -> None:
    session = session_with()
    run(session, {"kind": "deal"}, odd("exposed_card", seat=3, card_number=1))
    run(session, odd("exposed_card", seat=2, card_number=2))
    assert session.hand is not None and session.hand.voided
    assert "second exposed card" in hand_state(session)["procedure"]["dealer"]


def test_a_premature_flop_goes_back_and_a_new_one_comes() -> None:
    session = session_with()
    run(session, {"kind": "deal"}, act(3, "call"))
    run(session, odd("premature", cards=["Ah", "Kh", "Qh"]))
    state = hand_state(session)
    assert state["procedure"]["rule"] == "R40" and "without a burn" in state["procedure"]["dealer"]
    assert state["to_act"] == 1 and state["board"] == []  # the betting goes on
    run(session, act(1, "call"), act(2, "check"), board("2s", "3s", "4s"))
    assert hand_state(session)["board"] == ["2s", "3s", "4s"]


@pytest.mark.parametrize(("street", "rule_text"), [("turn", "as the turn"), ("river", "river")])
def test_a_premature_turn_or_river_is_set_aside(street: str, rule_text: str) -> None:
    session = session_with()
    run(session, {"kind": "deal"}, act(3, "call"), act(1, "call"), act(2, "check"))
    run(session, board("2s", "3s", "4s"))
    if street == "river":
        run(session, act(1, "check"), act(2, "check"), act(3, "check"), board("9c"))
    run(session, act(1, "check"), odd("premature", cards=["Ah"]))
    procedure = hand_state(session)["procedure"]
    assert procedure["rule"] == "R41" and rule_text in procedure["dealer"]
    assert "Ah" in procedure["dealer"]
    assert hand_state(session)["to_act"] == 2


def test_one_extra_card_is_the_burn_and_two_are_a_misdeal() -> None:
    session = session_with()
    run(session, {"kind": "deal"}, odd("extra_card", count=1))
    state = hand_state(session)
    assert not state["over"] and "first burn" in state["procedure"]["dealer"]
    run(session, odd("extra_card", count=2))
    assert session.hand is not None and session.hand.voided and session.button == 3


def test_a_flop_with_too_many_cards_is_dealt_again() -> None:
    session = session_with()
    run(session, {"kind": "deal"}, act(3, "call"), act(1, "call"), act(2, "check"))
    refused(session, odd("flop_too_many", cards=["Ah", "Kh", "Qh"]), "3 are not too many")
    run(session, odd("flop_too_many", cards=["Ah", "Kh", "Qh", "Jh"]))
    state = hand_state(session)
    assert state["procedure"]["rule"] == "R40" and state["board_due"] == 3
    run(session, board("Ah", "2c", "3d"))  # the cards went back: any may come again
    assert hand_state(session)["to_act"] == 1


def test_a_card_face_up_in_the_deck_is_taken_out_of_play() -> None:
    session = session_with()
    run(session, {"kind": "deal"}, odd("face_up_in_deck", card="7c"))
    state = hand_state(session)
    assert state["procedure"]["title"] == "Card found face up in the deck"
    assert state["dead_cards"] == ["7c"] and state["to_act"] == 3
    run(session, act(3, "call"), act(1, "call"), act(2, "check"))
    refused(session, board("7c", "8c", "9c"), "7c is out of play")


def test_an_action_out_of_turn_stands_if_nothing_changed() -> None:
    session = session_with(small_blind=5, big_blind=10)
    run(session, {"kind": "deal"}, odd("out_of_turn", seat=1, action="call"))
    assert hand_state(session)["out_of_turn"] == [
        {"seat": 1, "name": "Ann", "action": "call", "amount": None}
    ]
    run(session, act(3, "call"))  # nothing changed: Ann's call stands, Bob is to act
    state = hand_state(session)
    assert state["to_act"] == 2 and state["notes"][-1].endswith("stands: nothing changed")
    assert live_state(session)["seats"][0]["bet"] == 10


def test_an_action_out_of_turn_that_could_never_stand_is_refused() -> None:
    session = session_with(small_blind=5, big_blind=10)
    run(session, {"kind": "deal"})
    refused(session, odd("out_of_turn", seat=1, action="check"), "faces 5 to call")
    refused(session, odd("out_of_turn", seat=1, action="raise", amount=10), "more than 10")


def test_an_action_out_of_turn_is_void_once_the_action_changed() -> None:
    session = session_with(small_blind=5, big_blind=10)
    run(session, {"kind": "deal"}, odd("out_of_turn", seat=1, action="call"))
    assert hand_state(session)["procedure"]["rule"] == "R13"
    run(session, act(3, "raise", 40))  # a raise came in between: Ann acts again
    state = hand_state(session)
    assert state["to_act"] == 1 and "not binding" in state["notes"][-1]
    assert state["legal"]["call"] == 35


def test_a_string_bet_counts_only_the_first_motion() -> None:
    session = session_with(small_blind=5, big_blind=10)
    run(session, {"kind": "deal"}, odd("string_bet", seat=3, amount=10))
    assert live_state(session)["seats"][2]["bet"] == 10  # a call, whatever came after
    run(session, odd("string_bet", seat=1, amount=50))  # a full raise to 50 in one motion
    assert live_state(session)["seats"][0]["bet"] == 50


def test_a_single_oversized_chip_is_a_call_unless_raise_was_said() -> None:
    session = session_with(small_blind=5, big_blind=10)
    run(session, {"kind": "deal"}, odd("oversized_chip", seat=3, chip=100))
    assert live_state(session)["seats"][2]["bet"] == 10
    assert "no raise was said" in hand_state(session)["procedure"]["effect"]
    run(session, odd("oversized_chip", seat=1, chip=100, raise_said=True))
    assert live_state(session)["seats"][0]["bet"] == 100  # 5 in, a 100 chip: the most it makes
    assert hand_state(session)["procedure"]["rule"] == "R16"


def test_a_verbal_declaration_is_binding() -> None:
    session = session_with(small_blind=5, big_blind=10)
    run(session, {"kind": "deal"}, odd("verbal", seat=3, action="raise"))
    assert live_state(session)["seats"][2]["bet"] == 20  # "raise": the smallest raise
    run(session, odd("verbal", seat=1, action="raise", amount=75))
    assert live_state(session)["seats"][0]["bet"] == 75
    refused(session, odd("verbal", seat=3, action="call"), "it is Bob's turn")


def test_an_action_out_of_turn_is_refused_with_the_way_to_report_it() -> None:
    session = session_with()
    run(session, {"kind": "deal"})
    refused(session, act(1, "fold"), "it is Cy's turn .* out of turn")
    refused(session, act(3, "raise", 1), "raise")
    refused(session, odd("unknown"), "not in the menu")
    refused(session, odd("out_of_turn", seat=1), "say what the player did")
    refused(session, odd("verbal", action="call"), "say whose verbal declaration")
    refused(session, odd("exposed_card", seat=2), "which card was exposed")


# -- undo, the ledger, the hands -----------------------------------------------------------


def test_undo_rebuilds_the_hand_without_the_last_entry() -> None:
    session = session_with(small_blind=5, big_blind=10)
    run(session, {"kind": "deal"}, act(3, "raise", 40))
    before = json.dumps(live_state(session), sort_keys=True)
    run(session, act(1, "all-in"), {"kind": "undo"})
    after = live_state(session)
    assert after["seats"][0]["stack"] == 95 and hand_state(session)["to_act"] == 1
    assert json.dumps({**after, "version": 0}, sort_keys=True) == json.dumps(
        {**json.loads(before), "version": 0}, sort_keys=True
    )


def test_undo_reopens_a_finished_hand_until_the_chips_change() -> None:
    session = session_with()
    run(session, {"kind": "deal"}, act(3, "fold"), act(1, "fold"))
    assert stacks(session)["Bob"] == 301 and len(session.finished) == 1
    run(session, {"kind": "undo"})
    assert stacks(session) == {"Ann": 99, "Bob": 300, "Cy": 500} or stacks(session)["Bob"] == 300
    assert not session.finished and hand_state(session)["to_act"] == 1
    run(session, act(1, "call"), act(2, "check"), {"kind": "undo"}, {"kind": "undo"})
    run(session, {"kind": "undo"}, {"kind": "undo"})  # the fold, then the deal itself
    assert session.hand is None and session.button == 3
    run(session, {"kind": "deal"}, act(3, "fold"), act(1, "fold"))
    run(session, {"kind": "rebuy", "seat": 1, "amount": 50})
    refused(session, {"kind": "undo"}, "nothing to undo")


def test_the_ledger_counts_buy_ins_rebuys_and_cash_outs() -> None:
    session = session_with()
    run(session, {"kind": "deal"}, act(3, "fold"), act(1, "fold"))
    run(session, {"kind": "rebuy", "seat": 1, "amount": 50}, {"kind": "cash_out", "seat": 2})
    ledger = {row["name"]: row for row in live_state(session)["ledger"]}
    assert ledger["Ann"] == {"name": "Ann", "bought": 150, "cashed_out": 0, "stack": 149,
                             "net": -1}  # fmt: skip
    assert ledger["Bob"]["cashed_out"] == 301 and ledger["Bob"]["net"] == 1
    assert sum(row["net"] for row in ledger.values()) == 0


def test_bad_setup_is_refused_in_a_sentence() -> None:
    session = session_with()
    refused(session, {"kind": "seat", "seat": 1, "name": "Zed", "buy_in": 5}, "taken by Ann")
    refused(session, {"kind": "seat", "seat": 4, "name": "ann", "buy_in": 5}, "Ann")
    refused(session, {"kind": "seat", "seat": 11, "name": "Zed", "buy_in": 5}, "1 to 6")
    refused(session, {"kind": "seat", "seat": 4, "name": "Zed", "buy_in": 0}, "buy-in")
    refused(session, {"kind": "setup", "small_blind": 20, "big_blind": 10}, "R5")
    refused(session, {"kind": "winners", "pots": [[1]]}, "no hand is in progress")
    run(session, {"kind": "deal"})
    refused(session, {"kind": "rebuy", "seat": 1, "amount": 5}, "between hands")
    refused(session, {"kind": "deal"}, "between hands")
    refused(session, board("Ah", "Kh", "Qh"), "no board cards are due")


def test_a_finished_hand_is_phh_with_unknown_hole_cards() -> None:
    session = session_with()
    run(session, {"kind": "deal"}, act(3, "call"), act(1, "call"), act(2, "check"))
    for cards in (("Ah", "7d", "2c"), ("Ks",), ("3d",)):
        run(session, board(*cards), act(1, "check"), act(2, "check"), act(3, "check"))
    run(session, {"kind": "show", "seat": 1, "cards": ["Ac", "Ad"]}, {"kind": "muck", "seat": 2})
    run(session, {"kind": "muck", "seat": 3})
    text = session.finished[-1].phh()
    assert text is not None and "d dh p2 ????" in text and "p1 sm AcAd" in text
    assert stacks(session) == {"Ann": 104, "Bob": 298, "Cy": 498}
    replays_to_the_session(session)


# -- the clock ---------------------------------------------------------------------------------


def test_the_level_comes_from_the_clock_file(tmp_path: Path) -> None:
    path = tmp_path / "clock.json"
    with pytest.raises(NoClock, match="start `holdem clock` first"):
        clock_level(path)
    clock = Clock.create(preset("home"), entrants=6, buy_in=20).start(1000.0)
    save(path, SavedState(clock, ()))
    level = clock_level(path, now=1000.0 + 25 * 60)  # into the second level
    expected = clock.view(1000.0 + 25 * 60)
    assert level["small_blind"] == expected.small_blind and level["level"] == expected.level
    session = session_with()
    run(session, {"kind": "clock", "linked": True}, {"kind": "deal", "level": level})
    assert live_state(session)["blinds"]["big_blind"] == expected.big_blind


# -- random sessions: no chip made or lost, and undo leaves no trace ---------------------------


def random_entry(session: LiveSession, rng: random.Random) -> dict[str, Any]:
    """A plausible next tap of a host: an action, a street, the winners, now and then a
    mishap from the menu."""
    hand = session.hand
    assert hand is not None
    legal = hand.legal()
    if legal is not None and hand.actor is not None:
        seat = hand.seats[hand.actor]
        if rng.random() < 0.05:
            others = [s for s in hand.seats if s != seat]
            return odd("out_of_turn", seat=rng.choice(others), action="fold")
        if rng.random() < 0.05 and legal.call is not None:
            return odd(
                "oversized_chip", seat=seat, chip=legal.call_to, raise_said=rng.random() < 0.5
            )
        choices = ["fold", "all-in"] + (["check"] * 3 if legal.check else ["call"] * 3)
        if legal.raise_ is not None or legal.bet is not None:
            choices += ["raise" if legal.raise_ else "bet"] * 2
        action = rng.choice(choices)
        bound = legal.raise_ or legal.bet
        if action in ("bet", "raise") and bound is not None:
            return act(seat, action, rng.randint(bound.min, bound.max))
        return act(seat, action)
    if hand.board_due:
        used = {str(c) for c in hand.hand.board}
        deck = [r + s for r in "23456789TJQKA" for s in "cdhs" if r + s not in used]
        return board(*rng.sample(deck, hand.board_due))
    showdown = hand.hand.showdown
    assert showdown is not None
    return {"kind": "winners", "pots": [rng.sample(list(hand.seats[p] for p in pot.eligible),
                                                   1) for pot in showdown.pots]}  # fmt: skip


@pytest.mark.parametrize("seed", [16, 17])
def test_random_sessions_keep_every_chip_and_undo_leaves_no_trace(seed: int) -> None:
    rng = random.Random(seed)
    seats: Seats = tuple((n, f"P{n}", rng.randint(20, 400)) for n in range(1, 7))
    session = session_with(seats, button=6, small_blind=1, big_blind=2)
    bought = sum(chips for _, _, chips in seats)
    for _ in range(150):
        for number, player in session.players.items():
            if player.stack == 0:  # busted: buys back in, as the ledger records
                amount = rng.randint(20, 200)
                run(session, {"kind": "rebuy", "seat": number, "amount": amount})
                bought += amount
        run(
            session,
            {"kind": "deal", "straddle": len(session.dealt_in()) > 2 and rng.random() < 0.2},
        )
        if rng.random() < 0.05:
            run(session, odd("misdeal"))
        while session.hand is not None and not session.hand.over:
            before = json.dumps({**live_state(session), "version": 0}, sort_keys=True)
            entry = random_entry(session, rng)
            try:
                session.apply(entry)
            except HoldemError:
                continue  # a refusal changes nothing: checked by the comparison below
            finally:
                hand = session.hand
                in_play = sum(p.stack for p in session.players.values())
                if hand is not None and not hand.over:
                    in_play += hand.hand.pot_total - sum(
                        session.players[s].stack for s in hand.seats
                    ) + sum(hand.hand.stacks)  # fmt: skip
                assert in_play == bought, entry
            if rng.random() < 0.15:
                run(session, {"kind": "undo"})
                after = json.dumps({**live_state(session), "version": 0}, sort_keys=True)
                assert after == before, entry
                session.apply(entry)
        assert sum(p.stack for p in session.players.values()) == bought


# -- R38: new players and missed blinds ------------------------------------------------------


def test_r38_a_new_player_waits_for_the_big_blind_and_the_page_says_so() -> None:
    session = session_with(FOUR, button=1)
    run(session, {"kind": "deal"}, act(4, "fold"), act(1, "fold"), act(2, "fold"))
    # Eve sits between Di and Ann, under the gun of the next hand: she is not dealt in.
    run(session, {"kind": "seat", "seat": 5, "name": "Eve", "buy_in": 100})
    assert live_state(session)["before_deal"] == ["Eve (seat 5) waits for the big blind"]
    run(session, {"kind": "deal"})  # button Bob, small blind Cy, big blind Di
    assert session.hand is not None and 5 not in session.hand.seats
    run(session, act(1, "fold"), act(2, "fold"), act(3, "fold"))
    run(session, {"kind": "deal"})  # the big blind reaches Eve: she plays, posting it
    assert roles_of(session)[5] == "BB"
    assert live_state(session)["before_deal"] == []


def test_r38_a_new_player_posts_a_big_blind_at_once_where_the_house_says_so() -> None:
    session = session_with(FOUR, button=1, new_players="post")
    run(session, {"kind": "deal"}, act(4, "fold"), act(1, "fold"), act(2, "fold"))
    run(session, {"kind": "seat", "seat": 5, "name": "Eve", "buy_in": 100})
    assert live_state(session)["before_deal"] == ["Eve (seat 5) posts a big blind, live"]
    run(session, {"kind": "deal"})
    state = hand_state(session)
    assert session.hand is not None and 5 in session.hand.seats
    assert state["pot_total"] == 1 + 2 + 2  # the blinds and Eve's live big blind
    assert stacks(session)["Eve"] == 100  # the stack shown is before the hand settles


def test_r38_a_player_who_missed_blinds_posts_small_dead_and_big_live() -> None:
    session = session_with(FOUR, button=1, new_players="post")
    run(session, {"kind": "sit_out", "seat": 4})
    for _ in range(3):  # the blinds pass Di's seat while she sits out
        run(session, {"kind": "deal"})
        to_act = hand_state(session)["to_act"]
        while session.hand is not None and not session.hand.over:
            run(session, act(hand_state(session)["to_act"], "fold"))
        assert to_act is not None
    run(session, {"kind": "sit_in", "seat": 4})
    assert live_state(session)["before_deal"] == [
        "Di (seat 4) posts the missed blinds: the small blind dead and the big blind live"
    ]
    run(session, {"kind": "deal"})
    assert session.hand is not None and 4 in session.hand.seats
    config = session.hand.config
    position = session.hand.seats.index(4)
    assert config.live_posts[position] == 2 and config.dead_blinds[position] == 1


def test_r38_the_host_overrides_what_a_player_owes_with_a_recorded_reason() -> None:
    session = session_with(FOUR, button=1)
    run(session, {"kind": "deal"}, act(4, "fold"), act(1, "fold"), act(2, "fold"))
    run(session, {"kind": "seat", "seat": 5, "name": "Eve", "buy_in": 100})
    refused(session, {"kind": "owes", "seat": 5, "post": "none"}, "give the reason")
    refused(session, {"kind": "owes", "seat": 5, "post": "all", "reason": "x"}, "post is one of")
    run(session, {"kind": "owes", "seat": 5, "post": "none", "reason": "came back from dinner"})
    assert session.log[-1] == "host: Eve posts nothing owed: came back from dinner"
    assert live_state(session)["before_deal"] == []
    run(session, {"kind": "deal"})
    assert session.hand is not None and 5 in session.hand.seats


def test_r38_r39_a_misdeal_leaves_the_posts_owed() -> None:
    session = session_with(FOUR, button=1, new_players="post")
    run(session, {"kind": "deal"}, act(4, "fold"), act(1, "fold"), act(2, "fold"))
    run(session, {"kind": "seat", "seat": 5, "name": "Eve", "buy_in": 100})
    run(session, {"kind": "deal"}, odd("misdeal"))
    assert live_state(session)["before_deal"] == ["Eve (seat 5) posts a big blind, live"]
    assert stacks(session)["Eve"] == 100
