"""A PokerStars hand read by ``pokerstars_read`` becomes a PHH :class:`HandHistory`.

The hand is played through the rules engine as the text tells it, so what comes out is
a hand that replays: the players in PHH's order (clockwise from the first seat after the
button, the button last), the forced bets (antes, blinds, straddles, and a returning
player's live and dead posts), every decision checked against the engine as it is made,
the showdown in the engine's order, and at the end the engine's pots against the text's
``collected`` lines and total pot. A hand that does not add up is refused with the line
and the reason rather than written wrong.

PokerStars plays by the usual casino rules, not PokerKit's, so every hand records the
engine's house rules (standard reopening, antes posted before blinds, and any live or
dead posts, the run count, and the full big blind to call when it was posted all-in
short) in the rules field ``replay`` honours.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from holdem.cards import Card
from holdem.engine.config import HandConfig, Structure
from holdem.errors import HoldemError
from holdem.history import actions as steps
from holdem.history.eastern import zone_name
from holdem.history.errors import said_of
from holdem.history.hand import HandHistory
from holdem.history.house_rules import RULES_FIELD, rules_of
from holdem.history.pokerstars_read import StarsAction, StarsError, StarsHand

if TYPE_CHECKING:
    from holdem.engine import Hand

__all__ = ["histories_of_stars", "history_of_stars"]

STRUCTURES = {"NT": Structure.NO_LIMIT, "PT": Structure.POT_LIMIT, "FT": Structure.FIXED_LIMIT}
_BETTING = ("fold", "check", "call", "bet", "raise")
_POSTS = ("ante", "small blind", "big blind", "small & big blinds", "straddle")


def history_of_stars(stars: StarsHand) -> HandHistory:
    """The PHH record of a PokerStars hand; raises :class:`StarsError` if it does not add up.

    A plain hand is checked by the compiled kernel (``pokerstars_kernel``) when it is
    loaded or built ahead of time; any other, or one it does not vouch for, is played
    through ``Hand``. The record is the same either way."""
    [history] = histories_of_stars([stars])
    if isinstance(history, HoldemError):
        raise history
    return history


def histories_of_stars(hands: Sequence[StarsHand]) -> list[HandHistory | HoldemError]:
    """:func:`history_of_stars` of each hand, or the error it raises, the plain hands
    checked by one call of the kernel."""
    from holdem.history.pokerstars_kernel import through_kernel_many

    importers = [_Importer(stars) for stars in hands]
    fast = through_kernel_many(importers)
    histories: list[HandHistory | HoldemError] = []
    for stars, history in zip(hands, fast, strict=True):
        if history is None:
            try:
                history = _Importer(stars).run()  # (a fresh one: the kernel's has notes)
            except HoldemError as error:
                histories.append(error)
                continue
        histories.append(history)
    return histories


class _Importer:
    def __init__(self, stars: StarsHand) -> None:
        self.stars = stars
        self.order = _positions(stars)
        self.position = {name: p for p, name in enumerate(self.order)}
        self.seat_of = {seat.name: seat for seat in stars.seats}
        self.recorded: list[steps.Action] = []
        self.collected = [0] * len(self.order)
        self.cashed_out = [0] * len(self.order)
        self.returned: list[tuple[int, int, int]] = []  # (line, position, amount)

    def fail(self, reason: str, line: int | None) -> StarsError:
        return StarsError(reason, line)

    # -- the forced bets ----------------------------------------------------------------

    def config(self) -> HandConfig:
        stars, n = self.stars, len(self.order)
        if not 2 <= n <= 10:
            raise self.fail(f"{n} players are in the hand: a hand has 2 to 10", stars.first_line)
        antes, blinds = [0] * n, [0] * n
        live, dead = [0] * n, [0] * n
        fixed = stars.variant == "FT"
        for p, role, amount in self.posts():
            forced = 1 - p if n == 2 else p
            if role == "ante":
                antes[forced] += amount
            elif role == "blind":
                blinds[forced] = amount
            elif role == "live":
                live[p] += amount
            else:
                dead[p] += amount
        # PokerStars makes the others call the full big blind when it is posted all-in
        # short (TDA rules): the blind due is recorded, the engine posts what the stack
        # covers. The rule is set only where the text plays it: it changes nothing in
        # other hands (which stay the compiled kernel's), and a text written from a hand
        # played to the largest bet posted (PokerKit's way) calls that instead.
        full_blind = False
        short = self._short_big_blind()
        if short is not None and self._calls_full_blind():
            blinds[1 - short if n == 2 else short] = self._big_blind()
            full_blind = True
        stacks = tuple(self.seat_of[name].stack for name in self.order)
        if min(stacks) < 1:
            broke = self.order[stacks.index(min(stacks))]
            raise self.fail(
                f"{broke} is in the hand with no chips: a player dealt in has chips",
                stars.first_line,
            )
        try:
            return HandConfig(
                structure=STRUCTURES[stars.variant],
                starting_stacks=stacks,
                blinds_or_straddles=tuple(blinds),
                antes=tuple(antes),
                min_bet=max(stars.small if fixed else stars.big, 1),
                big_bet=stars.big if fixed else None,
                ante_trimming=sum(1 for a in antes if a) > 1,
                antes_before_blinds=True,
                live_posts=tuple(live) if any(live) else (),
                dead_blinds=tuple(dead) if any(dead) else (),
                run_count=2 if stars.run_twice else 1,
                full_blind_to_call=full_blind,
            )
        except HoldemError as error:
            raise self.fail(str(error), stars.first_line) from None

    def _big_blind(self) -> int:
        return self.stars.small if self.stars.variant == "FT" else self.stars.big

    def _short_big_blind(self) -> int | None:
        """The position of a big blind posted for less than the blind (so all-in), if any."""
        post = next((a for a in self.stars.actions if a.kind == "big blind"), None)
        return None if post is None or post.amount >= self._big_blind() else self.at(post)

    def _calls_full_blind(self) -> bool:
        """Whether a preflop call, or the first raise, is from more than the largest bet
        posted: from the full big blind (a raise says what it adds to the bet before)."""
        bets = [0] * len(self.order)
        for p, role, amount in self.posts():
            bets[p] += amount if role in ("blind", "live") else 0
        for action in self.stars.actions:
            if action.kind == "call" and bets[self.at(action)] + action.amount > max(bets):
                return True
            if action.kind == "raise":
                return action.to - action.amount > max(bets)
            if action.kind in ("bet", "board"):
                break
        return False

    def posts(self) -> Iterator[tuple[int, str, int]]:
        """Each forced bet as (position, role, amount), the role one of ``ante``, ``blind``
        (the first small and big blinds, a straddle), ``live`` (a second big blind: a new
        player's post) and ``dead`` (a second small blind, or the small part of ``small &
        big blinds``)."""
        big_blind = self._big_blind()
        small_seen = big_seen = False
        for action in self.stars.actions:
            if action.kind not in _POSTS:
                continue
            p = self.at(action)
            if action.kind == "ante":
                yield p, "ante", action.amount
            elif action.kind == "small blind" and not small_seen and not big_seen:
                small_seen = True
                yield p, "blind", action.amount
            elif action.kind == "big blind" and not big_seen:
                big_seen = True
                yield p, "blind", action.amount
            elif action.kind == "straddle":
                yield p, "blind", action.amount
            elif action.kind == "big blind":
                yield p, "live", action.amount
            elif action.kind == "small blind":
                yield p, "dead", action.amount
            else:  # small & big blinds: the big one live, the small one dead
                live_part = min(action.amount, big_blind)
                yield p, "live", live_part
                yield p, "dead", action.amount - live_part

    def at(self, action: StarsAction) -> int:
        assert action.player is not None
        return self.position[action.player]

    # -- the play -----------------------------------------------------------------------
    # The engine is imported by the methods that play through ``Hand``: a hand the
    # compiled kernel vouches for never needs it, and a command that converts only such
    # hands starts without it.

    def run(self) -> HandHistory:
        from holdem.engine import Hand

        config = self.config()
        hand = Hand(config, auto_showdown=False)
        holes = self.hole_cards()
        for p in range(len(self.order)):
            try:
                hand.deal_hole(p, holes[p])
            except HoldemError as error:  # cards shown twice, or in two hands
                raise self.fail(
                    f"{self.order[p]}'s cards: {error}", self.stars.first_line
                ) from None
            self.recorded.append(steps.DealHole(p, holes[p]))
        shown = self.shown_cards()
        for action in self.stars.actions:
            try:
                self._apply(hand, action, shown)
            except HoldemError as error:
                if isinstance(error, StarsError):
                    raise
                said = str(error) if action.player is None else said_of(action.player, str(error))
                raise self.fail(said, action.line) from None
        last = self.stars.actions[-1].line if self.stars.actions else self.stars.first_line
        try:
            self._showdown(hand, shown)
        except HoldemError as error:
            raise self.fail(f"at the showdown: {error}", last) from None
        if not hand.is_over:
            raise self.fail(
                f"the hand ends before the play does ({_waiting(hand, self.order)})", last
            )
        return self._history(config, hand)

    def shown_cards(self) -> dict[int, tuple[Card, ...]]:
        """The two cards each player shows, by position."""
        shows = (a for a in self.stars.actions if a.kind == "show" and len(a.cards) == 2)
        return {self.at(a): a.cards for a in shows}

    def hole_cards(self) -> list[tuple[Card | None, ...]]:
        stars = self.stars
        known: dict[str, tuple[Card, ...]] = {}
        for action in stars.actions:
            if action.kind in ("show", "fold", "muck") and action.cards:
                assert action.player is not None
                if len(action.cards) >= len(known.get(action.player, ())):
                    known[action.player] = action.cards
        for source in (stars.summary_cards, stars.dealt):
            for name, cards in source.items():
                if len(cards) >= len(known.get(name, ())):
                    known[name] = cards
        holes: list[tuple[Card | None, ...]] = []
        for name in self.order:
            cards = known.get(name, ())[:2]
            holes.append(tuple(cards) + (None,) * (2 - len(cards)))
        return holes

    def _apply(self, hand: Hand, action: StarsAction, shown: dict[int, tuple[Card, ...]]) -> None:
        kind = action.kind
        if kind in _BETTING:
            self._bet(hand, action)
        elif kind == "board":
            if hand.pending_deal is None or hand.pending_deal[0] != "board":
                raise self.fail(
                    f"the board is dealt while {_waiting(hand, self.order)}", action.line
                )
            hand.deal_board(action.cards)
            self.recorded.append(steps.DealBoard(action.cards))
        elif kind in ("show", "muck", "collect"):
            self._showdown(hand, shown)
            if kind == "collect":
                self.collected[self.at(action)] += action.amount
        elif kind == "uncalled":
            self.returned.append((action.line, self.at(action), action.amount))
        elif kind == "cash out":
            self.cashed_out[self.at(action)] += action.amount

    def _bet(self, hand: Hand, action: StarsAction) -> None:
        from holdem.engine import Action, events

        p = self.at(action)
        if hand.to_act != p:
            raise self.fail(
                f"{action.player} {action.kind}s, but {_waiting(hand, self.order)}", action.line
            )
        before = len(hand.events)
        if action.kind == "fold":
            hand.act(Action.fold())
            self.recorded.append(steps.Fold(p))
        elif action.kind == "check":
            hand.act(Action.check())
            self.recorded.append(steps.CheckCall(p))
        elif action.kind == "call":
            hand.act(Action.call())
            self.recorded.append(steps.CheckCall(p))
            acted = hand.events[before]  # the decision comes first, then what it ends
            if not isinstance(acted, events.PlayerActed):
                acted = next(e for e in hand.events[before:] if isinstance(e, events.PlayerActed))
            if acted.added != action.amount:
                raise self.fail(
                    f"{action.player} calls {action.amount} units, but the call is {acted.added}",
                    action.line,
                )
        elif action.kind == "bet":  # PokerStars says bet or raise as the engine does
            hand.act(Action.bet(action.amount))
            self.recorded.append(steps.BetRaise(p, action.amount))
        elif self._uncallable_all_in(hand, action.to):
            hand.act(Action.all_in())  # recorded as made; the rest comes back uncalled
            self.recorded.append(steps.CheckCall(p))
        else:
            hand.act(Action.raise_to(action.to))
            self.recorded.append(steps.BetRaise(p, action.to))

    @staticmethod
    def _uncallable_all_in(hand: Hand, to: int) -> bool:
        """A raise to the whole stack that nobody left could call (R18)."""
        legal = hand.legal_actions()
        return legal.raise_ is None and legal.call is not None and legal.all_in_to == to

    def _showdown(self, hand: Hand, shown: dict[int, tuple[Card, ...]]) -> None:
        from holdem.engine import Action, Phase

        while hand.phase == Phase.SHOWDOWN and hand.to_act is not None:
            p = hand.to_act
            cards = shown.get(p)
            if cards is not None:
                hand.act(Action.show(cards))
                self.recorded.append(steps.ShowMuck(p, cards))
                continue
            try:
                hand.act(Action.muck())
                self.recorded.append(steps.ShowMuck(p, None))
            except HoldemError:  # a hand turned up at the all-in: no mucking it (R30)
                hole = hand.holes[p]
                if hole is None or None in hole:
                    hand.act(Action.show(()))  # shown, but the text never says what
                    self.recorded.append(steps.ShowMuck(p, (None, None)))
                    continue
                known = tuple(c for c in hole if c is not None)
                hand.act(Action.show(known))
                self.recorded.append(steps.ShowMuck(p, known))

    # -- the check against the text, and the record -------------------------------------

    def _history(self, config: HandConfig, hand: Hand) -> HandHistory:
        from holdem.engine import events

        awarded = [0] * len(self.order)
        for event in hand.events:
            if isinstance(event, events.PotAwarded):
                for p, chips in event.shares:
                    awarded[p] += chips
        returned = {
            (e.player, e.amount) for e in hand.events if isinstance(e, events.UncalledBetReturned)
        }
        for line, p, amount in self.returned:
            if (p, amount) not in returned:
                raise self.fail(
                    f"{amount} units go back to {self.order[p]}, but no such bet is uncalled", line
                )
        self.check_pots(awarded)
        assert hand.final_stacks is not None
        finishing = tuple(
            stack - won + got + cash
            for stack, won, got, cash in zip(
                hand.final_stacks, awarded, self.collected, self.cashed_out, strict=True
            )
        )
        return HandHistory(**self._fields(config, finishing))

    def check_pots(self, awarded: Sequence[int]) -> None:
        stars = self.stars
        line = stars.total_line or (stars.actions[-1].line if stars.actions else stars.first_line)
        total = sum(awarded)
        if stars.total_pot is not None and stars.total_pot != total:
            raise self.fail(
                f"the summary's total pot is {stars.total_pot} units, but the players put "
                f"{total} in the pots",
                line,
            )
        cash_out = any(self.cashed_out)
        for p, (won, got) in enumerate(zip(awarded, self.collected, strict=True)):
            exact = not stars.rake and not cash_out
            if got != won if exact else (got > won or (got and not won)):
                raise self.fail(
                    f"{self.order[p]} collects {got} units, but the pots give them {won}", line
                )
        if not cash_out and total - sum(self.collected) != stars.rake:
            raise self.fail(
                f"the pots hold {total} units and the players collect {sum(self.collected)}, "
                f"which is not the rake of {stars.rake}",
                line,
            )

    def _fields(self, config: HandConfig, finishing: tuple[int, ...]) -> dict[str, Any]:
        stars = self.stars
        fixed = stars.variant == "FT"
        extra: dict[str, Any] = {RULES_FIELD: rules_of(config)}
        fields: dict[str, Any] = dict(
            variant=stars.variant,
            ante_trimming_status=config.antes_trimmed,
            antes=config.antes,
            blinds_or_straddles=config.blinds_or_straddles,
            min_bet=None if fixed else config.min_bet,
            small_bet=config.min_bet if fixed else None,
            big_bet=config.big_bet if fixed else None,
            starting_stacks=config.starting_stacks,
            actions=tuple(self.recorded),
            venue="PokerStars",
            hand=stars.number,
            table=stars.table,
            seat_count=stars.max_seats,
            seats=tuple(self.seat_of[name].seat for name in self.order),
            players=tuple(self.order),
            finishing_stacks=finishing,
            winnings=tuple(self.collected),
            currency=None if stars.tournament is not None else stars.currency,
            currency_symbol=stars.symbol,
            level=stars.level,
        )
        if stars.when is not None:
            fields.update(
                time=stars.when.time(),
                day=stars.when.day,
                month=stars.when.month,
                year=stars.when.year,
            )
            if stars.zone is not None:
                fields["time_zone_abbreviation"] = stars.zone
                fields["time_zone"] = zone_name(stars.zone)
        if stars.when_et is not None and stars.zone != "ET":
            extra["_time_et"] = stars.when_et  # kept: an unknown zone cannot give it again
        if stars.tournament is not None:
            fields["event"] = f"Tournament #{stars.tournament}"
            extra["_tournament"] = stars.tournament
            if stars.buy_in is not None:
                extra["_buy_in"] = stars.buy_in
        fields["rake"] = stars.rake
        if any(self.cashed_out):
            # Money paid outside the pots: the stacks and the house's take are no pot's
            # result, so only the text's own figures are kept, under names of their own.
            extra["_cashed_out"] = tuple(self.cashed_out)
            extra["_finishing_stacks"] = fields.pop("finishing_stacks")
            extra["_rake"] = fields.pop("rake")
        for flag, value in (
            ("_zoom", stars.zoom),
            ("_home_game", stars.home_game),
            ("_play_money", stars.play_money),
        ):
            if value:
                extra[flag] = True
        if stars.club is not None:
            extra["_club"] = stars.club
        fields["extra"] = extra
        fields["chip_unit"] = stars.unit
        return {k: v for k, v in fields.items() if v is not None}


def _positions(stars: StarsHand) -> list[str]:
    """The players dealt in, in PHH's order.

    A player is in the hand if a line names them acting, posting, shown or collecting:
    someone sitting out or just seated is listed with a seat but plays no part.
    """
    named = {a.player for a in stars.actions if a.player is not None}
    named |= set(stars.dealt) | set(stars.summary_cards)
    seated = sorted((s for s in stars.seats if s.name in named), key=lambda s: s.seat)
    after = [s for s in seated if s.seat > stars.button] + [
        s for s in seated if s.seat <= stars.button
    ]
    order = [s.name for s in after]
    first = _first_blind(stars)
    if first is not None and first.player in order:
        # The first blind starts PHH's order, but heads-up the small blind is the button,
        # last (the button may sit on an empty seat, so the seats alone cannot say).
        k = order.index(first.player) + (len(order) == 2 and first.kind == "small blind")
        order = order[k % len(order) :] + order[: k % len(order)]
    return order


def _first_blind(stars: StarsHand) -> StarsAction | None:
    """The small blind's post (or, with none, the big blind's): a small blind after the
    big one is a dead one."""
    return next((a for a in stars.actions if a.kind in ("small blind", "big blind")), None)


def _waiting(hand: Hand, order: Sequence[str]) -> str:
    if hand.pending_deal is not None:
        return (
            "the next board cards are due" if hand.pending_deal[0] == "board" else "cards are due"
        )
    if hand.to_act is not None:
        return f"{order[hand.to_act]} is to act"
    if hand.is_over:
        return "the hand is over"
    return f"the hand is at its {hand.phase.value}"
