"""Recorded actions applied to the engine one by one, with what real files contain.

A PHH file says less than the engine wants, or says it otherwise:

- ``cc`` is a check or a call, ``cbr`` a bet or a raise: the engine's state says which;
- PokerKit gives a turn that R12 skips: a player who alone can still bet, not facing a
  bet, who had not acted in the round (the big blind after everyone else is all-in or
  folded). That player may check, which changes nothing, or fold, which PokerKit allows in
  cash games: the fold is conceded (:func:`holdem.engine.concede.concede`). Exactly that
  turn is accepted, once, and no other;
- hands are tabled before an all-in runout, and again after each street: a show of a hand
  already face up is a repeat, and changes nothing (other cards are an error);
- PokerKit takes the showdown's shows and mucks in any order: each is kept until the
  rules' showing order reaches that player;
- hole cards the record leaves out are dealt face down, as PokerKit deals them (``????``);
- ``sm ????`` (or ``sm Kc??``) shows a hand whose cards nobody recorded: it keeps its
  claim to the pot and beats no known hand (as PokerKit scores it);
- PokerKit's showdown comes as soon as the betting ends, before an all-in runout: a muck
  there gives the hand up, its chips left in the pots (:func:`concede`). If one player is
  left, the hand is theirs, and PokerKit still deals the next street once: that deal is
  taken and changes nothing.
"""

from __future__ import annotations

from holdem.engine import Action, Hand, Phase
from holdem.engine.betting import Round
from holdem.engine.concede import concede
from holdem.engine.hand import BOARD_SIZES
from holdem.history import actions as phh
from holdem.history.errors import PHHError


class Replayer:
    """Applies a hand history's steps to ``hand`` (explicit dealing, showdown by steps)."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self._round: Round | None = None
        self._queued: frozenset[int] = frozenset()  # PokerKit's actors when the round began
        self._extra_turns_taken: set[int] = set()
        self._decided: dict[int, Action] = {}  # shows and mucks recorded before their turn
        self._late_deal = False  # a hand given up at the runout: PokerKit deals once more

    def apply(self, step: phh.Action) -> None:
        """Apply one step; raises the engine's error (or :class:`PHHError`) when it is wrong."""
        hand = self.hand
        if isinstance(step, phh.NoOp):
            return
        if not isinstance(step, phh.DealHole):
            self._deal_unrecorded_holes()
        if isinstance(step, phh.DealHole):
            hand.deal_hole(step.player, step.cards)
        elif isinstance(step, phh.DealBoard):
            cards = [c for c in step.cards if c is not None]
            if len(cards) != len(step.cards):
                raise PHHError("board cards cannot be unknown")
            if self._late_deal and hand.is_over:
                self._late_deal = False
                return
            hand.deal_board(cards)
        elif isinstance(step, phh.ShowMuck):
            self._show_or_muck(step)
        elif self._extra_turn(step.player):
            if isinstance(step, phh.Fold):
                concede(hand, step.player)
            elif isinstance(step, phh.BetRaise):
                raise PHHError(
                    f"p{step.player + 1} cannot bet: nobody else can call (check or fold)"
                )
        else:
            hand.act(_betting_action(hand, step), player=step.player)
        self._note_round()

    def _deal_unrecorded_holes(self) -> None:
        # Hole cards the record leaves out are dealt face down, as PokerKit deals them.
        hand = self.hand
        while hand.pending_deal is not None and hand.pending_deal[0] == "hole":
            hand.deal_hole(hand.pending_deal[1], (None, None))
            self._note_round()

    def _note_round(self) -> None:
        # A betting round began: who PokerKit asks to act in it, before anybody does.
        hand = self.hand
        if hand.round is self._round or hand.phase != Phase.BETTING:
            return
        self._round = hand.round
        self._extra_turns_taken.clear()
        self._queued = frozenset(
            p for p in range(hand.player_count) if _effective_stack(hand, p) > 0
        )

    def _extra_turn(self, player: int) -> bool:
        """Whether PokerKit gives ``player`` a turn that the engine skipped (R12)."""
        hand, round_ = self.hand, self.hand.round
        if hand.phase == Phase.BETTING or round_ is not self._round or round_.street > 3:
            return False
        if len(hand.board) != BOARD_SIZES[round_.street]:
            return False  # the next street is out: that round is over for PokerKit too
        others = [p for p in range(hand.player_count) if p != player and hand.can_act(p)]
        turn = (
            hand.can_act(player)
            and not others
            and player in self._queued
            and round_.acted_at[player] is None
            and player not in self._extra_turns_taken
        )
        if turn:
            self._extra_turns_taken.add(player)
        return turn

    def finish(self) -> None:
        """The showdown as the record leaves it, in the rules' showing order: each player's
        recorded show or muck; a hand whose cards nobody recorded is shown unknown (as
        PokerKit scores it); the other hands follow the rules (shown if they can win)."""
        hand = self.hand
        while hand.phase == Phase.SHOWDOWN and (player := hand.to_act) is not None:
            action = self._decided.pop(player, None)
            if action is None:
                hole = hand.holes[player]
                if hole is None or None in hole:
                    action = Action.show(())
                elif not self._decided:
                    hand.resolve_showdown()
                    continue
                else:
                    action = Action.show(None)  # cards speak: a later decision still waits
            hand.act(action, player=player)

    def _show_or_muck(self, step: phh.ShowMuck) -> None:
        hand, player = self.hand, step.player
        hole = hand.holes[player]
        known = hole is not None and None not in hole
        cards = None if step.cards is None else tuple(c for c in step.cards if c is not None)
        unread = step.cards is not None and len(cards or ()) < len(step.cards)
        if hand.phase != Phase.SHOWDOWN:
            if step.mucked and hand.tabled(player) and not hand.is_over:
                concede(hand, player)  # PokerKit's showdown, before the runout
                self._late_deal = hand.is_over
                return
            # Hands tabled before an all-in runout (R30): the engine has turned them up.
            if cards and not unread and not known:
                hand.reveal(player, cards)
            if not step.mucked:
                _check_same_cards(hand, player, cards, unread)
            return
        if hand.folded[player]:
            raise PHHError(f"p{player + 1} has folded: only players still in show or muck")
        showdown = hand.showdown
        assert showdown is not None
        if player in showdown.values or player in showdown.mucked or player in self._decided:
            if not step.mucked:
                _check_same_cards(hand, player, cards, unread)
            return  # shown again (as sites write it after each street of a runout)
        if not step.mucked:
            _check_same_cards(hand, player, cards, unread)
        if step.mucked:
            action = Action.muck()
        elif unread and not known:
            action = Action.show(())  # face up, but the record does not say what
        else:
            action = Action.show(None if unread else cards or None)
        # PokerKit takes shows and mucks in any order; the rules take them in theirs.
        self._decided[player] = action
        while hand.phase == Phase.SHOWDOWN and hand.to_act in self._decided:
            turn = hand.to_act
            hand.act(self._decided.pop(turn), player=turn)


def _check_same_cards(
    hand: Hand, player: int, cards: tuple[object, ...] | None, unread: bool
) -> None:
    hole = hand.holes[player]
    if cards and not unread and hole is not None and None not in hole and set(cards) != set(hole):
        raise PHHError(f"p{player + 1} shows other cards than they hold")


def _betting_action(hand: Hand, step: phh.Fold | phh.CheckCall | phh.BetRaise) -> Action:
    if isinstance(step, phh.Fold):
        return Action.fold()
    if hand.to_act is None or hand.phase != Phase.BETTING:
        return Action.check()  # let the engine word the refusal
    legal = hand.legal_actions()
    if isinstance(step, phh.CheckCall):
        return Action.check() if legal.check else Action.call()
    return Action.bet(step.to) if legal.bet is not None else Action.raise_to(step.to)


def _effective_stack(hand: Hand, player: int) -> int:
    """PokerKit's effective stack: what ``player`` can still lose to the others in the hand;
    a player with none is not asked to act in the round."""
    if hand.folded[player]:
        return 0
    totals = sorted(
        hand.bets[p] + hand.stacks[p] for p in range(hand.player_count) if not hand.folded[p]
    )
    if len(totals) < 2:
        return 0
    return min(hand.stacks[player], max(0, totals[-2] - hand.bets[player]))
