"""What the live page shows: a session and its hand as one JSON object (docs/live.md).

Everyone sees the same state (the cards are on a real table); only ``you`` differs,
which the server adds.
"""

from __future__ import annotations

from typing import Any

from holdem.cardroom.live_hand import LiveHand, pot_label
from holdem.cardroom.live_procedures import menu_json
from holdem.cardroom.live_session import LiveSession, owed_words
from holdem.engine import LegalActions, Structure
from holdem.engine.config import OddChips

Json = dict[str, Any]
LOG_LINES = 30
HANDS_LISTED = 200


def live_state(session: LiveSession) -> Json:
    hand = session.hand
    return {
        "v": 1,
        "type": "live_state",
        "version": session.version,
        "table": {"id": session.id, "name": session.options.name, "seats": session.seat_count},
        "blinds": session.blinds.json(),
        "clock_linked": session.clock_linked,
        "clock_url": session.clock_url,
        "button": session.button,
        "house": _house(session),
        "before_deal": _before_deal(session),
        "seats": [_seat(session, hand, n) for n in range(1, session.seat_count + 1)],
        "hand": _hand(hand, session) if hand is not None else None,
        "can_undo": hand is not None and not session.sealed,
        "menu": menu_json(),
        "ledger": [
            {
                "name": row.name,
                "bought": row.bought,
                "cashed_out": row.cashed_out,
                "stack": _stack_of(session, row.name),
                "net": _stack_of(session, row.name) + row.cashed_out - row.bought,
            }
            for row in session.ledger.values()
        ],
        "hands": [
            {
                "number": f.number,
                "voided": f.voided,
                "misdeal": f.misdeal,
                "words": list(f.words),
                "phh": None if f.source is None else f"/api/live/{session.id}/hands/{f.number}.phh",
            }
            for f in session.finished[-HANDS_LISTED:]
        ],
        "log": session.log[-LOG_LINES:],
    }


def _house(session: LiveSession) -> Json:
    """The house settings a player may ask about (R25, R36, R38)."""
    options = session.options
    return {
        "dead_button": options.dead_button,
        "new_players": options.new_players,
        "odd_chips": OddChips.ONE_EACH.value,
        "words": [
            "dead button: the big blind moves exactly one seat each hand (R36)"
            if options.dead_button
            else "moving button: the button moves to the next player each hand (R35)",
            "new players and players back from missed blinds "
            + ("wait for the big blind (R38)" if options.new_players == "wait" else "post (R38)"),
            OddChips.ONE_EACH.words + " (R25)",
        ],
    }


def _before_deal(session: LiveSession) -> list[str]:
    """Who must post what before the next deal (R38), in words."""
    if session.hand is not None and not session.hand.over:
        return []
    return [
        f"{p.name} (seat {seat}) {owed_words(p)}"
        for seat, p in sorted(session.players.items())
        if any(p.owed) and not p.sitting_out
    ]


def _stack_of(session: LiveSession, name: str) -> int:
    return sum(p.stack for p in session.players.values() if p.name == name)


def _seat(session: LiveSession, hand: LiveHand | None, seat: int) -> Json:
    player = session.players.get(seat)
    if player is None:
        return {"seat": seat, "name": None, "state": "empty"}
    row: Json = {
        "seat": seat,
        "name": player.name,
        "stack": player.stack,
        "state": "sitting-out" if player.sitting_out else "waiting",
        "bet": 0,
        "in_pot": 0,
        "role": None,
        "cards": None,
        "owes": owed_words(player)
        if player.waiting or player.owes_big or player.owes_small
        else None,
    }
    if hand is not None and seat in hand.seats and not hand.over:
        position = hand.seats.index(seat)
        engine = hand.hand
        row["stack"] = engine.stacks[position]
        row["bet"] = engine.bets[position]
        row["in_pot"] = engine.contributed[position]
        row["state"] = (
            "folded" if engine.folded[position] else "all-in" if engine.all_in(position) else "in"
        )
        row["role"] = _role(hand, position)
    if hand is not None and seat in hand.shown():
        row["cards"] = [str(c) for c in hand.shown()[seat]]
    return row


def _role(hand: LiveHand, position: int) -> str | None:
    n = len(hand.seats)
    blinds = hand.config.blinds_or_straddles
    roles = []
    if hand.seats[position] == hand.button:
        roles.append("BTN")
    if n == 2:
        roles.append("BB" if position == 0 else "SB")
        return "/".join(roles)
    # A dead small blind (R36) is posted by nobody: then the big blind is position 0.
    big = 0 if blinds[0] and not blinds[1] else 1
    if position == big:
        roles.append("BB")
    elif position == 0 and big == 1 and blinds[0]:
        roles.append("SB")
    elif position == big + 1 and blinds[position]:
        roles.append("STR")
    return "/".join(roles) or None


def _hand(hand: LiveHand, session: LiveSession) -> Json:
    actor = hand.actor
    showing = hand.showdown_next
    pots = hand.pots()
    return {
        "number": hand.number,
        "street": hand.street_name,
        "board": [str(c) for c in hand.hand.board],
        "over": hand.over,
        "voided": hand.voided,
        "waiting_for": hand.waiting_for(),
        "to_act": hand.seats[actor] if actor is not None else None,
        "to_act_name": hand.name_of(actor) if actor is not None else None,
        "legal": _legal(hand.legal(), session.blinds.structure),
        "board_due": hand.board_due,
        "next_street": hand.street_after() if hand.board_due else None,
        "pots": [
            {
                "label": pot_label(i, len(pots)),
                "amount": pot.amount,
                "seats": [hand.seats[p] for p in pot.eligible],
                "names": [hand.name_of(p) for p in pot.eligible],
            }
            for i, pot in enumerate(pots)
        ],
        "pot_total": hand.hand.pot_total,
        "showdown": showing is not None,
        "showing_order": hand.showing_order(),
        "next_to_show": hand.seats[showing] if showing is not None else None,
        "out_of_turn": [
            {"seat": hand.seats[p], "name": hand.name_of(p), "action": o.action, "amount": o.amount}
            for p, o in hand.pending.items()
        ],
        "result": hand.result_words(),
        "procedure": hand.procedure.json() if hand.procedure is not None else None,
        "notes": hand.notes[-10:],
        "entries": len(hand.entries),
        "dead_cards": [str(c) for c in hand.dead_cards],
    }


def _legal(legal: LegalActions | None, structure: Structure) -> Json | None:
    if legal is None:
        return None
    bound = legal.raise_ or legal.bet
    return {
        "fold": legal.fold,
        "check": legal.check,
        "call": legal.call,
        "call_to": legal.call_to,
        "bet": None if legal.bet is None else {"min": legal.bet.min, "max": legal.bet.max},
        "raise": None
        if legal.raise_ is None
        else {"min": legal.raise_.min, "max": legal.raise_.max},
        "all_in": legal.all_in_to,
        # Pot-limit's maximum is the pot (R21): the page shows it beside the minimum.
        "max_is_pot": structure == Structure.POT_LIMIT and bound is not None,
    }
