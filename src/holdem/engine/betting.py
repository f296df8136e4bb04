"""One betting round: whose turn it is, what they may do, and what each action does.

The rules, with their ids in RULES.md:

- order: preflop from the player after the last blind or straddle, later from the first
  player after the button (R10, R11); a round ends when everyone still able to bet has
  acted and matched the bet, and nobody acts when no one else can (R12);
- a raise adds at least the largest bet or raise of the round (R17); the blinds count
  as the bet preflop, and straddles too (R9) unless PokerKit's conventions are asked for;
  with ``full_blind_to_call`` a blind or straddle posted all-in short still counts in full
  (R8);
- an all-in for less than a full raise does not reopen the betting for players who
  have acted, unless several such all-ins together add up to a full raise (R18);
  Fixed-Limit's half-bet rule counts half a bet as a full one (R22);
- Pot-Limit caps a raise at the bet plus the pot after the call (R21);
- Fixed-Limit bets in fixed steps with a cap of a bet and 3 raises, lifted heads-up (R22).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from holdem.engine import events
from holdem.engine.actions import Action, ActionKind, AmountRange, LegalActions
from holdem.engine.config import ShortAllInRule, Structure
from holdem.errors import IllegalActionError

if TYPE_CHECKING:
    from holdem.engine.hand import Hand


@dataclass
class Round:
    hand: Hand
    street: int
    full_raise: int
    """The size a raise must reach to count as full (and to reopen the betting)."""
    full_level: int
    """Fixed-Limit, half-bet rule: the bet after the last full bet or raise."""
    acted_at: list[int | None]
    """The bet each player had matched when they last acted this round (None: not yet)."""
    aggressions: int = 0
    capped: bool = False
    acted_since_full: set[int] = field(default_factory=set)
    """PokerKit's model: who has acted since the last full raise."""
    short_all_ins: list[int] = field(default_factory=list)
    """PokerKit's model: the increments of the current run of short all-ins."""
    last_aggressor: int | None = None
    actor: int | None = field(default=None)
    _legal: LegalActions | None = field(default=None, repr=False)

    @classmethod
    def start(cls, hand: Hand, street: int) -> Round:
        config = hand.config
        top = _level(hand, street)
        if config.pokerkit_reopening:
            floor = 0  # the first bet or raise of a round is full whatever its size
        elif config.structure == Structure.FIXED_LIMIT:
            floor = config.bet_size(street)
        else:
            floor = max(config.min_bet, top)  # preflop the blinds and straddles are the bet
        round_ = cls(
            hand=hand,
            street=street,
            full_raise=floor,
            full_level=top,
            acted_at=[None] * hand.player_count,
        )
        round_.actor = round_._next_actor(round_._opener() - 1)
        return round_

    def level(self) -> int:
        """The bet to call now, the base of a raise (``_level``)."""
        return _level(self.hand, self.street)

    # -- turn order ---------------------------------------------------------------------

    def _opener(self) -> int:
        hand = self.hand
        if self.street > 0:
            return 0
        # Preflop: the player after the largest blind or straddle actually posted (R10, R9).
        posters = [
            (hand.bets[p] if hand.config.forced_bet(p) else 0, p) for p in range(hand.player_count)
        ]
        return (max(posters)[1] + 1) % hand.player_count

    def _next_actor(self, after: int) -> int | None:
        """The next player clockwise who must act: facing a bet, or yet to act this round
        while someone else could still bet (R12)."""
        hand = self.hand
        n = hand.player_count
        able = [not hand.folded[p] and hand.stacks[p] > 0 for p in range(n)]
        others_able = sum(able) - 1
        top = self.level()
        for step in range(1, n + 1):
            player = (after + step) % n
            if able[player] and (
                hand.bets[player] < top or (self.acted_at[player] is None and others_able > 0)
            ):
                return player
        return None

    # -- what is allowed ----------------------------------------------------------------

    def legal_actions(self) -> LegalActions:
        if self._legal is None:  # asked by the player, then checked again by act()
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> LegalActions:
        hand, player = self.hand, self.actor
        assert player is not None
        stack, bet, top = hand.stacks[player], hand.bets[player], self.level()
        to_call = top - bet
        call = min(to_call, stack) if to_call else None
        bounds = None if self.refusal(player) else self.bounds(player)
        total = stack + bet
        all_in_to = None
        if stack <= to_call or (bounds is not None and total <= bounds.max):
            all_in_to = total
        elif self._nobody_could_call(player):
            # All-in with nobody left to call a raise: recorded as made, and what nobody
            # matched comes back as an uncalled bet when the round ends (R18, R23; E4).
            all_in_to = total
        return LegalActions(
            player,
            fold=True,
            check=to_call == 0,
            call=call,
            call_to=None if call is None else bet + call,
            bet=bounds if top == 0 else None,
            raise_=bounds if top else None,
            all_in_to=all_in_to,
        )

    def _nobody_could_call(self, player: int) -> bool:
        """Every other player still in is all-in or has at most the bet to call already."""
        hand, top = self.hand, self.level()
        return not any(
            not hand.folded[p] and hand.stacks[p] + hand.bets[p] > top
            for p in range(hand.player_count)
            if p != player
        )

    def refusal(self, player: int) -> str | None:
        """Why this player may not bet or raise now, or None when they may."""
        hand, config = self.hand, self.hand.config
        stack, bet, top = hand.stacks[player], hand.bets[player], self.level()
        if stack <= top - bet:
            return f"your {stack} chips only call: you can call all-in or fold"
        if self._nobody_could_call(player):
            return "every other player is all-in or has folded, so nobody could call a raise"
        acted = self.acted_at[player]
        if acted is not None and not self._reopened_for(player, acted):
            return (
                f"the all-in since your last action added {top - acted}, less than a full raise "
                f"of {self._reopen_threshold()}, so the betting is not reopened for you"
            )
        if config.structure == Structure.FIXED_LIMIT and not self._under_cap():
            return f"the betting is capped at {self._cap_words()}"
        return None

    def _reopened_for(self, player: int, acted_at: int) -> bool:
        """Whether a player who has acted this round may raise again (R18)."""
        hand = self.hand
        if not hand.config.pokerkit_reopening:
            return self.level() - acted_at >= self._reopen_threshold()
        to_call = min(hand.stacks[player], self.level() - hand.bets[player])
        if to_call < self.full_raise:
            return False
        in_short_run = bool(self.short_all_ins) and sum(self.short_all_ins) < self.full_raise
        return not (in_short_run and player in self.acted_since_full)

    def _reopen_threshold(self) -> int:
        config = self.hand.config
        if (
            config.structure == Structure.FIXED_LIMIT
            and config.short_all_in == ShortAllInRule.HALF_BET
        ):
            return (config.bet_size(self.street) + 1) // 2
        return self.full_raise

    def _aggression_limit(self) -> int:
        config = self.hand.config
        assert config.raise_cap is not None
        blind_bet = self.street == 0 and config.blind_is_opening_bet and self.level() > 0
        return config.raise_cap + (0 if blind_bet else 1)

    def _under_cap(self) -> bool:
        config = self.hand.config
        if config.raise_cap is None:
            return True
        if self.capped:
            return False
        if self.aggressions < self._aggression_limit():
            return True
        return config.heads_up_uncapped and self._live_players() <= 2

    def _live_players(self) -> int:
        return sum(self.hand.can_act(p) for p in range(self.hand.player_count))

    def _cap_words(self) -> str:
        config = self.hand.config
        assert config.raise_cap is not None
        return f"a bet and {config.raise_cap} raises: you can call or fold"

    def bounds(self, player: int) -> AmountRange:
        """The smallest and largest "to" amount of a bet or raise (before the all-in limit)."""
        hand, config = self.hand, self.hand.config
        stack, bet, top = hand.stacks[player], hand.bets[player], self.level()
        total = stack + bet
        if config.structure == Structure.FIXED_LIMIT:
            step = config.bet_size(self.street)
            half_bet = config.short_all_in == ShortAllInRule.HALF_BET
            base = self.full_level if half_bet else top
            fixed = max(base + step, top + 1)
            return AmountRange(min(fixed, total), min(fixed, total))
        smallest = top + max(self.full_raise, config.min_bet)
        if config.structure == Structure.POT_LIMIT:
            pot_after_call = hand.pot_total + (top - bet)
            largest = max(smallest, top + pot_after_call)
        else:
            largest = total
        return AmountRange(min(smallest, total), min(largest, total))

    # -- doing it -------------------------------------------------------------------------

    def act(self, action: Action) -> None:
        player = self.actor
        assert player is not None
        legal = self.legal_actions()
        to = self._resolve(action, legal)
        self._apply(player, action.kind, to)

    def _resolve(self, action: Action, legal: LegalActions) -> int:
        """The player's bet after the action; raises IllegalActionError when not allowed."""
        hand, player = self.hand, legal.player
        bet, top = hand.bets[player], self.level()
        kind = action.kind
        if kind == ActionKind.FOLD:
            return bet
        if kind == ActionKind.CHECK:
            if not legal.check:
                raise IllegalActionError(
                    f"you cannot check: there is a bet of {top}, {top - bet} to you; "
                    "call, raise or fold"
                )
            return bet
        if kind == ActionKind.CALL:
            if legal.call_to is None:
                raise IllegalActionError("there is no bet to call: check or bet")
            return legal.call_to
        if kind == ActionKind.ALL_IN:
            if legal.all_in_to is None:
                reason = self.refusal(player) or "it would bet more than the limit"
                raise IllegalActionError(f"you cannot go all-in: {reason}")
            return legal.all_in_to
        if kind in (ActionKind.BET, ActionKind.RAISE):
            return self._resolve_aggression(action, legal)
        raise IllegalActionError(f"{kind.value} is not a betting action: {legal.describe()}")

    def _resolve_aggression(self, action: Action, legal: LegalActions) -> int:
        hand, player = self.hand, legal.player
        top = self.level()
        verb = action.kind.value
        if action.to is None or not isinstance(action.to, int):
            raise IllegalActionError(
                f"say how much to {verb} to, for example {verb} to {top * 2 or 100}"
            )
        if action.kind == ActionKind.BET and top > 0:
            raise IllegalActionError(f"there is already a bet of {top}: raise, call or fold")
        if action.kind == ActionKind.RAISE and top == 0:
            raise IllegalActionError("there is no bet to raise: bet, or check")
        refusal = self.refusal(player)
        if refusal is not None:
            raise IllegalActionError(f"you cannot {verb}: {refusal}")
        bounds = legal.bet or legal.raise_
        assert bounds is not None
        total = hand.stacks[player] + hand.bets[player]
        if action.to > total:
            raise IllegalActionError(
                f"you have {hand.stacks[player]} chips: you can {verb} to at most {total} (all-in)"
            )
        if action.to < bounds.min:
            raise IllegalActionError(self._too_small(verb, bounds))
        if action.to > bounds.max:
            raise IllegalActionError(self._too_large(verb, bounds, player))
        return action.to

    def _too_small(self, verb: str, bounds: AmountRange) -> str:
        config = self.hand.config
        if config.structure == Structure.FIXED_LIMIT:
            return f"in Fixed-Limit the {verb} is to exactly {bounds.min}"
        top = self.level()
        if top == 0:
            return f"the minimum bet is {bounds.min}"
        return f"the minimum raise is to {bounds.min}: the last full raise was {bounds.min - top}"

    def _too_large(self, verb: str, bounds: AmountRange, player: int) -> str:
        config = self.hand.config
        if config.structure == Structure.FIXED_LIMIT:
            return f"in Fixed-Limit the {verb} is to exactly {bounds.max}"
        hand = self.hand
        pot_after_call = hand.pot_total + self.level() - hand.bets[player]
        return (
            f"the maximum {verb} is to {bounds.max} in Pot-Limit: the pot after your call is "
            f"{pot_after_call}"
        )

    def _apply(self, player: int, kind: ActionKind, to: int) -> None:
        hand = self.hand
        top = self.level()
        uncallable = to > top and self._nobody_could_call(player)
        if kind == ActionKind.FOLD:
            hand.folded[player] = True
            self._record(player, "fold", to, 0)
        else:
            added = to - hand.bets[player]
            hand.stacks[player] -= added
            hand.bets[player] = to
            hand.contributed[player] += added
            if to > top:
                if not uncallable:  # a raise nobody can call is no aggression (R28)
                    self._note_aggression(player, to - top, to)
                name = "bet" if top == 0 else "raise"
            else:
                name = "call" if added else "check"
            self._record(player, name, to, added, uncallable)
        self.acted_at[player] = self.level() if kind != ActionKind.FOLD else None
        self.acted_since_full.add(player)
        self.actor = self._next_actor(player)
        self._legal = None

    def _note_aggression(self, player: int, increment: int, to: int) -> None:
        config = self.hand.config
        full = increment >= self._reopen_threshold()
        if full or config.pokerkit_reopening:  # PokerKit counts short all-ins toward the cap
            self.aggressions += 1
        self.last_aggressor = player
        if config.structure == Structure.FIXED_LIMIT and full:
            self.full_level = to
        if increment >= self.full_raise:
            self.acted_since_full.clear()
        self.full_raise = max(self.full_raise, increment)
        if self.hand.stacks[player]:
            self.short_all_ins.clear()
        else:
            self.short_all_ins.append(increment)
        if sum(self.short_all_ins) >= self.full_raise:
            self.short_all_ins.clear()
        if (
            config.structure == Structure.FIXED_LIMIT
            and config.raise_cap is not None
            and self.aggressions >= self._aggression_limit()
            and not (config.heads_up_uncapped and self._live_players() <= 2)
        ):
            self.capped = True

    def _record(
        self, player: int, name: str, to: int, added: int, uncallable: bool = False
    ) -> None:
        all_in = self.hand.stacks[player] == 0 and name != "fold"
        self.hand.events.append(events.PlayerActed(player, name, to, added, all_in, uncallable))


def _level(hand: Hand, street: int) -> int:
    """The largest bet in; preflop under ``full_blind_to_call``, at least the largest blind
    or straddle due, though its poster went all-in for less (R8): the others still owe it."""
    top = max(hand.bets)
    if street == 0 and hand.config.full_blind_to_call:
        return max(top, *hand.config.blinds_or_straddles)
    return top
