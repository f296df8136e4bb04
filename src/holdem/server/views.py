"""What each client sees of a room: the ``state`` message of docs/protocol.md.

``public_state`` is built once per change and holds nothing private; ``state_for`` adds
what one client alone may see: its own hole cards, its legal actions, the host's seat
requests. Nobody else's hole cards are ever in a state unless they were shown.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from holdem.cardroom.after_hand import offer as show_offer
from holdem.cardroom.after_hand import rabbit_view, shown_after
from holdem.cardroom.home_game import BLIND_FIELDS, house_view
from holdem.cardroom.room import Room, SeatRequest
from holdem.cards import Card
from holdem.engine import Hand, LegalActions
from holdem.engine.events import BoardDealt, CardsShown, HandsExposed, HandVoided, PlayerActed
from holdem.engine.hand import BOARD_SIZES
from holdem.engine.narrate import did
from holdem.engine.pots import build_pots
from holdem.evaluator import evaluate
from holdem.server.runout import runout_equity, runout_key
from holdem.table import PlayedHand, Seat
from holdem.table.ledger import PlayerTotals
from holdem.table.settle import settle_with_house

PROTOCOL_VERSION = 1
STREETS = ("preflop", "flop", "turn", "river")
Json = dict[str, Any]


def cards(hand: tuple[Card | None, ...] | list[Card] | tuple[Card, ...] | None) -> list[str]:
    return [str(c) for c in hand or () if c is not None]


TABLE_FIELDS = {"name", "structure", "small_blind", "big_blind", "ante", "ante_kind", "seats",
                "min_buy_in", "max_buy_in", "straddles", "run_it_twice", "action_seconds",
                "time_bank_seconds", "mode", "starting_stack", "max_players", "bomb_pots",
                "bomb_pot_ante", "seven_deuce_bounty", "rabbit_hunt"}  # fmt: skip


def public_state(
    room: Room,
    connected: set[str],
    deadline: float | None,
    now: float,
    tournament: Json | None = None,
) -> Json:
    """Everything at the table that every client may see; ``tournament`` is the part a
    multi-table tournament builds for its tables (else the table's own tournament's)."""
    sng = room.tournament
    table = room.table
    last = table.history[-1] if table.history else None
    stacks = table.stacks_by_name()
    voided = table.voided
    ledger_key = (len(table.ledger.entries), tuple(stacks.items()))
    ledger = _remember(
        room,
        "ledger",
        ledger_key,
        lambda: [_ledger_row(row) for row in table.ledger.totals(stacks)],
    )
    if tournament is None and sng is not None:
        tournament = sng.view(now, table.chips_on_table())
    # Between hands only: the ledger does not change during one, and states stay small.
    settlement = (
        None
        if room.hand_in_progress
        else _remember(
            room,
            "settle_up",
            (ledger_key, len(room.bot_names)),
            lambda: _settle_up(ledger, room.bot_names),
        )
    )
    return {
        "v": PROTOCOL_VERSION,
        "type": "state",
        "version": room.version,
        "now": int(now * 1000),
        # Rebuilt when the settings change: the host changes a cash table's blinds.
        "table": _remember(room, "table", table.settings, lambda: _table(room)),
        "status": room.status,
        "seats": _seats(room, connected),
        "hand": _hand(room, deadline),
        # A voided hand is the latest: the one before it is no longer news.
        "showdown": None
        if voided is not None
        else _remember(room, "showdown", Same(last), lambda: last and _showdown(last)),
        "voided": _voided(voided) if voided is not None else None,
        "pause_after_hand": room.pause_after_hand,
        "house": house_view(room),
        "rabbit": None
        if voided is not None
        else _remember(room, "rabbit", Same(last), lambda: rabbit_view(room, last)),
        "ledger": ledger,
        "settle_up": None if settlement is None else settlement["settle_up"],
        # Only where bots played: a table of people alone never carries it.
        **(
            {"settle_house": settlement["settle_house"]}
            if settlement and settlement["settle_house"]
            else {}
        ),
        "log": _remember(
            room,
            "log",
            room.lines_logged,
            lambda: [{"hand": number, "text": text} for number, text in room.log],
        ),
        "chat": [{"name": c.name, "text": c.text, "at": int(c.at * 1000)} for c in room.chat],
        "hands_played": table.hands_played,
        "tournament": tournament,
    }


class Same:
    """A key equal only to a key of the very same object. ``id()`` alone is not enough: a
    hand dropped from the table's history is freed, and the next one may get its address
    (a state then showed the showdown of the hand before). Holding it keeps it alive."""

    __slots__ = ("thing",)

    def __init__(self, thing: object) -> None:
        self.thing = thing

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.thing is self.thing

    def __hash__(self) -> int:
        return id(self.thing)


@dataclass
class _Part:
    """A part of the state kept between changes, and its JSON once encoded."""

    key: object
    value: Any
    text: str | None = None


def _remember(room: Room, part: str, key: object, build: Callable[[], Any]) -> Any:
    """A part of the state rebuilt only when ``key`` changes (most changes touch neither
    the options, the last showdown, the ledger nor the log)."""
    kept: _Part | None = room.view_cache.get(part)
    if kept is None or kept.key != key:
        kept = room.view_cache[part] = _Part(key, build())
    return kept.value


def _table(room: Room) -> Json:
    """The options; a tournament's table also has its ``number`` (0: the lobby). A cash
    table's blinds and antes are those in play (the host may have changed them)."""
    options = room.options.model_dump(include=TABLE_FIELDS)
    if not room.options.tournament:
        settings = room.table.settings
        options.update({name: getattr(settings, name) for name in BLIND_FIELDS})
        options["ante_kind"] = str(settings.ante_kind)
    return {"id": room.id, "number": room.number, **options}


def state_for(public: Json, room: Room, owner: str | None) -> Json:
    """``public`` with what the client holding ``owner``'s token alone may see."""
    seat = room.seat_of(owner) if owner is not None else None
    host = owner is not None and owner == room.host
    request = room.request_of(owner) if owner is not None else None
    state = dict(public)
    state["you"] = {
        "seat": seat + 1 if seat is not None else None,
        "host": host,
        "request": _request(request) if request is not None else None,
        **(_your_seat(room, seat) if seat is not None else {}),
        "banned": owner is not None and owner in room.banned,
        "show_after": show_offer(room, owner),
    }
    state["requests"] = [_request(r) for r in room.requests.values()] if host else []
    played = room.table.current
    # The cards go to whoever was dealt them, not to whoever sits in that seat now: the
    # next occupant of a seat must never see the last hand's cards of the one before.
    position = room.position_in(played.number, owner) if played is not None else None
    if seat is not None and played is not None and position is not None:
        hole = played.hand.holes[position]
        up = public["seats"][seat]["cards"]
        unshown = up is None or len(up) < len(hole or ())  # one card shown after the hand
        if played.seat_of[position] == seat and hole is not None and unshown:
            state["seats"] = list(public["seats"])
            state["seats"][seat] = {**public["seats"][seat], "cards": cards(hole)}
        your_turn = room.table.seat_to_act == seat and room.status == "running"
        if public["hand"] is not None and your_turn:
            state["hand"] = {**public["hand"], "legal": _legal(played.hand)}
    return state


def _your_seat(room: Room, seat: int) -> Json:
    """The choices a seated player made that the page shows again after a reload."""
    table = room.table
    player = table.player(seat)
    choices: Json = {
        "run_twice": player.plays_twice,
        "coach": seat in room.coached,
        "straddle": table.straddler == seat,
        "top_up_max": table.top_up_room(seat),
    }
    pre = room.pre_actions.get(seat)
    if pre is not None:  # only while one is set: most states carry none
        choices["pre_action"] = pre.kind
    return choices


PERSONAL = ("you", "requests", "seats", "hand")  # the keys ``state_for`` may change


class EncodedStates:
    """One change's ``state`` messages as JSON text, one per client.

    The public part (the log, the ledger, the showdown, ...) is encoded once; for each
    client only what ``state_for`` made its own is encoded again, and clients who see
    the same thing (spectators) share one text.
    """

    def __init__(
        self, public: Json, room: Room, about: Callable[[str], Json | None] | None = None
    ) -> None:
        """``about(owner)``: more for a client's ``you`` (a tournament's entrant), if any."""
        self.public = public
        self.room = room
        self.about = about
        # Parts kept from an earlier change keep their text; the rest are encoded with one
        # call (a call per small part cost more than the encoding itself).
        kept, fresh = [], {}
        for key, value in public.items():
            if key in PERSONAL:
                continue
            text = _kept_text(room, key, value)
            if text is None:
                fresh[key] = value
            else:
                kept.append(f'"{key}":{text}')
        if fresh:
            kept.append(_dumps(fresh)[1:-1])
        self._shared = ",".join(kept)
        self._public_texts: dict[str, str] = {}  # seats, hand: encoded once if anyone shares
        self._texts: dict[str | None, str] = {}

    def text_for(self, owner: str | None) -> str:
        key = owner if owner is not None and self._is_someone(owner) else None
        text = self._texts.get(key)
        if text is None:
            state = state_for(self.public, self.room, key)
            you = state["you"]
            if key is not None and self.about is not None:
                you = {**you, **(self.about(key) or {})}
            own: Json = {"you": you, "requests": state["requests"]}
            parts = [self._shared]
            for part in ("seats", "hand"):
                if state[part] is self.public[part]:
                    parts.append(f'"{part}":{self._public_text(part)}')
                else:
                    own[part] = state[part]
            parts.append(_dumps(own)[1:-1])  # what is this client's alone, in one call
            text = "{" + ",".join(parts) + "}"
            self._texts[key] = text
        return text

    def _public_text(self, part: str) -> str:
        text = self._public_texts.get(part)
        if text is None:
            text = self._public_texts[part] = _dumps(self.public[part])
        return text

    def _is_someone(self, owner: str) -> bool:
        """Whether this token sees anything a spectator does not."""
        room = self.room
        return (
            owner == room.host
            or room.seat_of(owner) is not None
            or (room.request_of(owner) is not None)
            or owner in room.banned
            or (self.about is not None and self.about(owner) is not None)
        )


def _kept_text(room: Room, part: str, value: object) -> str | None:
    """The JSON of a part ``_remember`` kept from an earlier change (encoded once); None
    for a part built anew."""
    kept: _Part | None = room.view_cache.get(part)
    if kept is None or kept.value is not value:
        return None
    if kept.text is None:
        kept.text = _dumps(value)
    return kept.text


def _dumps(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


def _seats(room: Room, connected: set[str]) -> list[Json]:
    table = room.table
    played = table.current
    hand = played.hand if played is not None else None
    in_progress = room.hand_in_progress
    shown = _shown_cards(played) | shown_after(room) if played is not None else {}
    last = _last_actions(played) if in_progress and played is not None else {}
    views = []
    for seat, player in enumerate(table.seats):
        view: Json = {
            "seat": seat + 1,
            "name": None,
            "stack": 0,
            "bet": 0,
            "bot": None,
            "state": "empty",
            "connected": False,
            "dealt": False,
            "cards": None,
            "time_bank": 0.0,
            "last_action": None,
        }
        if player is not None:
            owner = room.owners.get(seat)
            view.update(
                name=player.name,
                stack=player.stack,
                bot=room.bots.get(seat),
                connected=seat in room.bots or (owner is not None and owner in connected),
                time_bank=round(room.banks.get(seat, 0.0), 1),
                state=_between_hands_state(player, in_progress),
            )
            if played is not None and hand is not None and seat in played.seat_of:
                position = played.seat_of.index(seat)
                view["cards"] = shown.get(position)
                if in_progress:
                    view.update(
                        stack=hand.stacks[position],
                        bet=hand.bets[position],
                        dealt=True,
                        state=_seat_state(hand, position),
                        last_action=last.get(position),
                    )
        views.append(view)
    return views


def _between_hands_state(player: Seat, in_progress: bool) -> str:
    """A seated player's state when not in the hand being played."""
    if player.sitting_out:
        return "sitting-out"
    if player.waiting or player.stack == 0 or in_progress:
        return "waiting"
    return "playing"


def _seat_state(hand: Hand, position: int) -> str:
    if hand.folded[position]:
        return "folded"
    return "all-in" if hand.stacks[position] == 0 else "playing"


def _shown_cards(played: PlayedHand) -> dict[int, list[str]]:
    shown: dict[int, list[str]] = {}
    for event in played.hand.events:
        if isinstance(event, CardsShown):
            shown[event.player] = cards(event.cards)
        elif isinstance(event, HandsExposed):
            for player, hole in event.hands:
                shown[player] = cards(hole)
    return shown


def _last_actions(played: PlayedHand) -> dict[int, str]:
    """Each player's latest betting action on this street, in words ("raises to 6"): a new
    street starts with no labels, so a "calls 2" from before the flop is not read as now."""
    latest: dict[int, PlayerActed] = {}
    for event in reversed(played.hand.events):  # newest first: words only for those shown
        if isinstance(event, BoardDealt):
            break
        if isinstance(event, PlayerActed) and event.player not in latest:
            latest[event.player] = event
            if len(latest) == len(played.seat_of):
                break
    return {p: did(e) + (" (all-in)" if e.all_in else "") for p, e in latest.items()}


def _hand(room: Room, deadline: float | None) -> Json | None:
    played = room.table.current
    if played is None or not room.hand_in_progress:
        return None
    hand = played.hand
    blinds = played.blinds
    collected = [c - b for c, b in zip(hand.contributed, hand.bets, strict=True)]
    pots = build_pots(collected, hand.dead_money, hand.in_hand) if any(collected) else []
    commitment = room.deals.get(played.number)
    equity_key = runout_key(played)
    return {
        "number": played.number,
        "button": blinds.button + 1,
        "small_blind": blinds.small_blind + 1 if blinds.small_blind_posts else None,
        "big_blind": blinds.big_blind + 1,
        # A runout deals its streets with no betting round: the board says how far it is.
        "street": STREETS[max(min(hand.street, 3), BOARD_SIZES.index(len(hand.board)))],
        "board": cards(hand.board),
        "boards": [cards(board) for board in hand.boards],
        "pots": [
            {"amount": pot.amount, "seats": [played.seat_of[p] + 1 for p in pot.eligible]}
            for pot in pots
        ],
        "pot_total": hand.pot_total,
        "to_act": to_act + 1 if (to_act := room.table.seat_to_act) is not None else None,
        "decision": room.decision,
        "deadline": int(deadline * 1000) if deadline is not None else None,
        "commitment": commitment.commitment if commitment is not None else None,
        # All-in with the hands up: each one's equity on the board so far (runout.py).
        "equity": _remember(room, "equity", equity_key, lambda: _equity(played, equity_key)),
        "legal": None,
    }


def _equity(played: PlayedHand, key: object) -> list[Json] | None:
    return runout_equity(played) if key is not None else None


def _legal(hand: Hand) -> Json:
    legal: LegalActions = hand.legal_actions()
    bounds = legal.bet or legal.raise_
    presets = None
    if bounds is not None:
        facing = max(hand.bets)
        to_call = facing - hand.bets[legal.player]
        pot_after_call = hand.pot_total + to_call

        def clamp(amount: int) -> int:
            return max(bounds.min, min(bounds.max, amount))

        presets = {
            "half_pot": clamp(facing + pot_after_call // 2),
            "pot": clamp(facing + pot_after_call),
            "all_in": bounds.max,
        }
    return {
        "fold": legal.fold,
        "check": legal.check,
        "call": legal.call,
        "call_to": legal.call_to,
        "bet": {"min": legal.bet.min, "max": legal.bet.max} if legal.bet else None,
        "raise": {"min": legal.raise_.min, "max": legal.raise_.max} if legal.raise_ else None,
        "all_in": legal.all_in_to,
        "show": legal.show,
        "muck": legal.muck,
        "presets": presets,
    }


def _showdown(played: PlayedHand) -> Json | None:
    result = played.hand.result
    if result is None:
        return None
    seat_of = played.seat_of
    shown = []
    for hand in result.shown:
        board = result.boards[0] if result.boards else ()
        best = evaluate([*hand.cards, *board]).best_five if len(board) >= 3 else hand.cards
        view: Json = {
            "seat": seat_of[hand.player] + 1,
            "name": played.names[hand.player],
            "cards": cards(hand.cards),
            "description": hand.description,
            "best_five": cards(best),
        }
        if len(result.boards) > 1:  # run more than once: what the hand made on each board
            view["by_board"] = [_made(hand.cards, board) for board in result.boards]
        shown.append(view)
    return {
        "hand": played.number,
        "board": cards(result.boards[0]) if result.boards else [],
        "boards": [cards(board) for board in result.boards],
        "shown": shown,
        "pots": [
            {
                "amount": pot.amount,
                "winners": [seat_of[p] + 1 for p in pot.winners],
                "winner_names": [played.names[p] for p in pot.winners],
                "shares": [[seat_of[p] + 1, chips] for p, chips in pot.shares],
                "run": pot.run,
                "reason": pot.reason,
            }
            for pot in result.pots
        ],
    }


def _made(hole: tuple[Card, ...], board: tuple[Card, ...]) -> Json:
    value = evaluate([*hole, *board])
    return {"description": value.describe(), "best_five": cards(value.best_five)}


def _voided(played: PlayedHand) -> Json:
    ended = played.hand.events[-1] if played.hand.events else None
    reason = ended.reason if isinstance(ended, HandVoided) else "voided"
    return {"hand": played.number, "reason": reason}


def _settle_up(ledger: list[Json], bots: set[str]) -> Json:
    """Who pays whom to square the ledger's nets (its rows), if everyone cashed out now:
    people pay people; the bots' chips are the house's, settled with it apart."""
    nets = {row["player"]: row["net"] for row in ledger}
    settled = settle_with_house(nets, bots)
    transfers = [{"from": t.payer, "to": t.payee, "amount": t.amount} for t in settled.transfers]
    house = [{"player": name, "amount": amount} for name, amount in settled.with_house.items()]
    return {"settle_up": transfers, "settle_house": house}


def _ledger_row(row: PlayerTotals) -> Json:
    return {**asdict(row), "net": row.net}


def _request(request: SeatRequest) -> Json:
    return {
        "id": request.id,
        "name": request.name,
        "seat": request.seat + 1,
        "buy_in": request.buy_in,
    }
