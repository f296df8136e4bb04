"""The host's home-game options on a real cardroom: bomb pots called for the next hand,
the 7-2 game's bounty, and blinds changed from the next deal; refusals change nothing."""

from __future__ import annotations

import secrets
from typing import Any

from holdem.cardroom.options import TableOptions
from holdem.cardroom.room import Command, Room
from holdem.cards import Card
from holdem.engine.config import OddChips
from holdem.server.views import public_state
from tests.security.test_snapshots import check_every_prefix, table_command
from tests.server.client import Cardroom, Player


def two_players(cardroom: Cardroom, **options: Any) -> tuple[str, Player, Player]:
    """A new table's id, Ana (the host) in seat 1 and Ben in seat 2, before the start."""
    table_id, token = cardroom.create(seat_approval=False, **options)
    ana = cardroom.player(table_id, token)
    ana.send(type="sit", seat=1, name="Ana", buy_in=100)
    ben = cardroom.player(table_id, cardroom.identity(table_id))
    ben.send(type="sit", seat=2, name="Ben", buy_in=100)
    ben.until(lambda s: s["you"]["seat"] == 2)
    ana.until(lambda s: s["seats"][1]["name"] == "Ben")
    return table_id, ana, ben


def test_the_options_are_in_the_form_and_bad_ones_are_refused(cardroom: Cardroom) -> None:
    _, ana, _ = two_players(cardroom, bomb_pots=True, bomb_pot_ante=5, seven_deuce_bounty=3,
                         rabbit_hunt=True)  # fmt: skip
    table = ana.state["table"]
    assert (table["bomb_pots"], table["bomb_pot_ante"]) == (True, 5)
    assert table["seven_deuce_bounty"] == 3 and table["rabbit_hunt"] is True
    assert ana.state["house"] == {"bomb_pot_next": 0, "next_blinds": None,
                                  "seven_deuce_bounty": 3, "bounty_won": None,
                                  "odd_chips": OddChips.ONE_EACH.words}  # fmt: skip
    for options, words in [
        ({"bomb_pots": True}, "a bomb pot needs an ante of at least 1 chip"),
        ({"seven_deuce_bounty": -1}, "The 7-2 bounty is at least 0, not -1"),
        ({"rabbit_hunt": "yes"}, "Rabbit hunt"),
        ({"bomb_pot_ante": 10**7, "bomb_pots": True}, "The bomb pot's ante is at most"),
    ]:
        response = cardroom.http.post("/api/tables", json={"name": "Bad", **options})
        assert response.status_code == 400, response.text
        assert words.lower() in response.text.lower(), response.text


def test_the_host_calls_a_bomb_pot_for_the_next_hand(cardroom: Cardroom) -> None:
    _, ana, ben = two_players(cardroom, bomb_pots=True, bomb_pot_ante=5, between_hands_seconds=60)
    ben.refused("only the host can call bomb pot", type="call_bomb_pot")
    ben.refused("'ante' is not a field", type="call_bomb_pot", ante=9)
    ana.send(type="call_bomb_pot")
    ana.until(lambda s: s["house"]["bomb_pot_next"] == 5)
    ana.refused("a bomb pot is already called for the next hand", type="call_bomb_pot")
    ana.send(type="start")
    state = ana.until(lambda s: s["hand"] is not None)
    hand = state["hand"]
    # Everyone antes 5, no blinds, and the hand starts at the flop (R46).
    assert hand["street"] == "flop" and len(hand["board"]) == 3 and hand["pot_total"] == 10
    assert state["house"]["bomb_pot_next"] == 0
    assert any("bomb pot" in line["text"] for line in state["log"])


def test_a_table_without_bomb_pots_or_a_sit_and_go_refuses_them(cardroom: Cardroom) -> None:
    _, ana, _ = two_players(cardroom)
    ana.refused("this table does not play bomb pots", type="call_bomb_pot")
    table_id, token = cardroom.create(mode="sng", seats=2, bomb_pots=True, bomb_pot_ante=5)
    host = cardroom.player(table_id, token)
    host.next("state")
    host.refused("a sit & go plays no bomb pots", type="call_bomb_pot")
    message = {"type": "set_blinds", "small_blind": 5, "big_blind": 10}
    host.refused("a sit & go's blinds rise with its clock", **message)


def test_new_blinds_wait_for_the_next_deal(cardroom: Cardroom) -> None:
    _, ana, ben = two_players(cardroom, between_hands_seconds=0.3)
    ana.send(type="start")
    ana.until(lambda s: s["hand"] is not None)
    ben.until(lambda s: s["hand"] is not None)
    set_blinds = {"type": "set_blinds", "small_blind": 2, "big_blind": 4, "ante": 1,
                  "ante_kind": "uniform"}  # fmt: skip
    ben.refused("only the host can set blinds", **set_blinds)
    ana.refused("blinds 5/4: the big blind is at least 1", **{**set_blinds, "small_blind": 5})
    ana.refused("'big_blind' must be a whole number", **{**set_blinds, "big_blind": "4"})
    ana.refused("'big_blind'", **{**set_blinds, "big_blind": 10**7})
    ana.refused("'ante_kind'", **{**set_blinds, "ante_kind": "huge"})
    ana.refused("already 1/2", type="set_blinds", small_blind=1, big_blind=2)
    ana.send(**set_blinds)
    state = ana.until(lambda s: s["house"]["next_blinds"] is not None)
    assert state["house"]["next_blinds"] == {"small_blind": 2, "big_blind": 4, "ante": 1,
                                             "ante_kind": "uniform"}  # fmt: skip
    assert (state["table"]["small_blind"], state["table"]["big_blind"]) == (1, 2)
    assert state["hand"]["number"] == 1 and state["hand"]["pot_total"] <= 4
    ana.refused("already waiting for the next hand", **set_blinds)
    while ana.state["hand"] is not None and ana.state["hand"]["number"] == 1:
        player = ana if ana.state["hand"]["to_act"] == 1 else ben
        player.until(lambda s: s["hand"] is None or s["hand"]["legal"] is not None)
        if player.state["hand"] is not None and player.state["hand"]["number"] == 1:
            player.act(lambda legal: "fold")
        ana.until(lambda s: s["hand"] is None or s["hand"]["to_act"] is not None)
    state = ana.until(lambda s: s["hand"] is not None and s["hand"]["number"] == 2)
    assert (state["table"]["small_blind"], state["table"]["big_blind"]) == (2, 4)
    assert state["table"]["ante"] == 1 and state["house"]["next_blinds"] is None
    assert state["hand"]["pot_total"] == 2 + 4 + 2  # the new blinds and two antes of 1


def deal(order: list[int], at: float) -> Command:
    rest = [code for code in range(52) if code not in order]
    full = order + rest
    return {"kind": "deal", "order": full, "salts": [secrets.token_hex(16) for _ in full],
            "at": at}  # fmt: skip


def test_winning_with_seven_deuce_collects_the_bounty_and_survives_a_snapshot() -> None:
    options = TableOptions(name="Friday", seats=2, seven_deuce_bounty=3, bomb_pots=True,
                           bomb_pot_ante=2)  # fmt: skip
    # Heads-up the big blind is dealt first: 7-2 to the big blind, kings to the button.
    order = [int(Card.parse(c)) for c in ("7h", "Ks", "2c", "Kd")]
    log: list[Command] = [
        {"kind": "sit", "seat": 0, "name": "Ana", "buy_in": 100, "owner": "ana", "at": 0.0},
        {"kind": "sit", "seat": 1, "name": "Ben", "buy_in": 100, "owner": "ben", "at": 0.0},
        {"kind": "status", "status": "running", "at": 1.0},
        deal(order, 2.0),
    ]
    room = Room("t", options, "ana")
    for command in log:
        room.apply(dict(command))
    button = room.table.seat_to_act  # heads-up the button acts first and folds
    assert button is not None
    fold = {"kind": "act", "seat": button, "action": "fold", "at": 3.0}
    room.apply(dict(fold))
    log += [fold, {"kind": "blinds", "small_blind": 2, "big_blind": 4, "ante": 0,
                   "ante_kind": "none", "at": 4.0}, {"kind": "bomb_pot", "at": 4.0}]  # fmt: skip
    house = public_state(room, set(), None, 5.0)["house"]
    winner = 1 - button
    assert house["bounty_won"] == {"hand": 1, "seat": winner + 1, "name": ["Ana", "Ben"][winner],
                                   "chips": 3}  # fmt: skip
    stacks = [p.stack for p in room.table.seats if p is not None]
    assert stacks[winner] == 100 + 1 + 3 and stacks[button] == 100 - 1 - 3
    log.append(deal([], 5.0))
    check_every_prefix(lambda: Room("t", options, "ana"), log, table_command)
