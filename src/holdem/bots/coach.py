"""The coach's advice: one recommended action, why, and what the alternatives are worth.

The coach reads the spot exactly as the ``mc`` bot does (``bots/mc.py``): each
opponent's range from the betting (``bots/opponents.py``), the equity against those
ranges, and the expected value of each choice for this street: fold 0, check equity x
pot, call equity x (pot + call) - call less a margin for the streets to come (the pot
odds, R49), a bet or raise by the chance everyone folds and the equity against the
hands that go on. It recommends the choice worth the most, says the assumption it made
about the ranges, and gives its reasons in words: equity against pot odds, position,
the starting-hand groups (R48).

Pure: no I/O, no clock; its only randomness is the numpy generator it is handed. The
terminal game, the web coach's worker and the ``coach`` bot all call ``advise``, so the
advice a person reads is the play the bot makes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from holdem.bots.acting import aggressive, check_or_fold, passive
from holdem.bots.base import PlayerView
from holdem.bots.mc import MonteCarloBot, Read, aggressive_ev, passive_ev, raise_target, read_spot
from holdem.bots.opponents import RANGES, preflop_label, range_of, street_move
from holdem.bots.preflop_chart import Seat, playable, seat_of
from holdem.bots.preflop_equity import range_share
from holdem.bots.reading import Acted, actions, raises_on
from holdem.engine import Action, ActionKind, LegalActions
from holdem.odds import Group, class_of, group_of

TRIALS = 400  # deals per equity after the flop: about +/- 5% at 95%, well under 0.1 s
CAP_CHECKS = True  # a check caps the range (``opponents.CHECK_CAP``)
KINDS = ("fold", "check", "call", "bet", "raise")
STREETS = ("preflop", "flop", "turn", "river")
SHOWN_HANDS = 8  # groups of a range named in words; the rest is "..."

RANGE_NAMES = {
    "any": "any two cards (no raise yet)",
    "open": "a raiser's range",
    "call": "a caller's range",
    "3bet": "a re-raiser's range",
    "call3": "a range that calls a re-raise",
    "4bet": "a range that raises a third time",
}
SEAT_WORDS = {
    Seat.EARLY: "from early position",
    Seat.MIDDLE: "from middle position",
    Seat.LATE: "in late position",
    Seat.BLINDS: "from the blinds",
}
SEAT_NAMES = {
    Seat.EARLY: "early position",
    Seat.MIDDLE: "middle position",
    Seat.LATE: "late position",
    Seat.BLINDS: "the blinds",
}
MOVE_WORDS = {"bet": "bet", "raise": "raised", "call": "called", "check": "checked"}


@dataclass(frozen=True)
class Choice:
    """One thing the player may do, and what it is worth (chips, for this street)."""

    kind: str  # fold, check, call, bet, raise
    action: Action
    ev: float

    @property
    def to(self) -> int | None:
        return self.action.to


@dataclass(frozen=True)
class OpponentRead:
    """What the coach assumes one opponent holds, and why."""

    player: int
    seat: str  # "the button", "the big blind", "under the gun"
    label: str  # a key of ``opponents.RANGES``
    moves: tuple[str, ...]  # after the flop: "bet the flop", "called the turn"
    share: float  # the share of all hands left in the range, by weight

    @property
    def brief(self) -> str:
        """The same without the hands: "the button: a raiser's range (26%), then bet the
        flop: 13%"."""
        if self.label == "any":
            text = f"{self.seat}: any two cards"
        else:
            text = f"{self.seat}: {RANGE_NAMES[self.label]} ({percent(range_share(self.label))})"
        if self.moves:
            text += f", then {' and '.join(self.moves)}: {percent(self.share)}"
        return text

    @property
    def words(self) -> str:
        name = RANGE_NAMES[self.label]
        if self.label == "any":
            text = f"{self.seat}: {name}"
        else:  # the hands of the range in the usual notation, the strongest first
            hands = RANGES[self.label].split(",")
            shown = ", ".join(hands[:SHOWN_HANDS]) + (", ..." if len(hands) > SHOWN_HANDS else "")
            text = (
                f"{self.seat}: {name}, about {percent(range_share(self.label))} of hands ({shown})"
            )
        if self.moves:
            moves = " and ".join(self.moves)
            text += f"; narrowed because they {moves}, to about {percent(self.share)}"
        return text


@dataclass(frozen=True)
class Advice:
    """The coach's advice for one decision: the numbers, and the words made from them."""

    view: PlayerView
    read: Read
    choices: tuple[Choice, ...]
    best: Choice
    kinds: tuple[str, ...]
    """The kinds of action the player may choose: fold, check, call, bet, raise."""

    @property
    def equity(self) -> float:
        """The share of the pot the hand wins against the opponents' ranges."""
        return self.read.equity

    @property
    def to_call(self) -> int:
        return min(self.view.to_call, self.view.stacks[self.view.player])

    @property
    def break_even(self) -> float | None:
        """The equity a call needs (R49): call / (pot after the call); None when free."""
        call = self.to_call
        return call / (self.view.pot + call) if call else None

    @property
    def words(self) -> str:
        """The recommendation: "Fold", "Call 4", "Raise to 15"."""
        return choice_words(self.best, self.view)

    @cached_property
    def opponents(self) -> tuple[OpponentRead, ...]:
        return opponent_reads(self.view, actions(self.view))

    @property
    def assumption(self) -> str:
        """The ranges the advice assumes, in words; the players who have not raised are
        named together."""
        unread = [o.seat for o in self.opponents if o.label == "any" and not o.moves]
        parts = [o.words for o in self.opponents if o.label != "any" or o.moves]
        if unread:
            who = unread[0] if len(unread) == 1 else f"{', '.join(unread[:-1])} and {unread[-1]}"
            parts.append(f"{who}: {RANGE_NAMES['any']}")
        return "; ".join(parts)

    @property
    def assumption_brief(self) -> str:
        """The ranges assumed, short: no hands named."""
        return "; ".join(o.brief for o in self.opponents)

    @property
    def position(self) -> str:
        """Where the player sits, in words, and what it means for the hand."""
        return position_words(self.view)

    @property
    def starting(self) -> str | None:
        """Preflop, the hand's class and its R48 group: "Q6o, a weak hand"."""
        if self.view.street != 0:
            return None
        hand = class_of(*self.view.hole)
        return f"{hand.label}, {_group_words(group_of(hand))}"

    @property
    def reasons(self) -> tuple[str, ...]:
        """Why: the numbers (equity, pot odds, fold chance), then the position, then
        (preflop) what the starting-hand groups say; one sentence each."""
        said = [numbers_words(self), f"You are {position_words(self.view)}."]
        if self.view.street == 0:
            said.append(_chart_words(self.view))
        return tuple(said)

    @property
    def reason(self) -> str:
        return " ".join(self.reasons)

    @property
    def values(self) -> str:
        """Every choice's expected value: "fold: 0 · call 4: -1.2 bb · raise to 15: +2.3 bb"."""
        bb = self.view.big_blind or 1
        return " · ".join(
            f"{choice_words(c, self.view).lower()}: {_signed(c.ev / bb)}" for c in self.choices
        )


def advise(
    view: PlayerView, legal: LegalActions, gen: np.random.Generator, trials: int = TRIALS
) -> Advice:
    """The coach's advice for ``view``'s decision among ``legal`` (two hole cards, and a
    betting decision: not a showdown)."""
    history = actions(view)
    can_raise = legal.bet is not None or legal.raise_ is not None
    read = read_spot(view, history, can_raise, gen, trials, cap_checks=CAP_CHECKS)
    choices: list[Choice] = []
    if not legal.check and legal.fold:
        choices.append(Choice("fold", check_or_fold(legal), 0.0))
    calm = passive(legal)
    choices.append(Choice(str(calm.kind), calm, passive_ev(view, legal, read)))
    if can_raise:
        action = aggressive(view, legal, raise_target(view, history, read))
        if action.to is not None:
            choices.append(Choice(str(action.kind), action, aggressive_ev(view, read, action.to)))
    kinds = tuple(k for k in KINDS if ActionKind(k) in legal.kinds)
    return Advice(view, read, tuple(choices), _best(choices), kinds)


def _best(choices: list[Choice]) -> Choice:
    """The most valuable choice, as ``mc`` chooses: a call or check worth as much as a
    fold is preferred to it, and a bet or raise must be worth strictly more."""
    best = choices[0]
    for choice in choices[1:]:
        if choice.ev > best.ev or (choice.ev == best.ev and best.kind == "fold"):
            best = choice
    return best


class CoachBot(MonteCarloBot):
    """Always plays the coach's recommendation: the measure of the advice. (It is the
    ``mc`` bot's reading and arithmetic, with more deals per equity and checks read as
    capping a range.)"""

    name = "coach"

    def decide(self, view: PlayerView, legal: LegalActions) -> Action:
        if legal.show or legal.muck or len(view.hole) != 2:
            return passive(legal)  # a showdown, or cards the hand never learned
        return advise(view, legal, self.generator).best.action


# -- words ---------------------------------------------------------------------------------


def choice_words(choice: Choice, view: PlayerView) -> str:
    if choice.kind in ("bet", "raise"):
        all_in = choice.to == view.stacks[view.player] + view.bets[view.player]
        return f"{choice.kind.capitalize()} {'all-in ' if all_in else ''}to {choice.to:,}"
    if choice.kind == "call":
        return f"Call {min(view.to_call, view.stacks[view.player]):,}"
    return choice.kind.capitalize()


def seat_name(view: PlayerView, player: int) -> str:
    """A position in words: the button, the blinds, the cutoff, or "seat 2 of 6"."""
    if view.players == 2:
        return "the button" if player == view.button else "the big blind"
    behind = (view.button - player) % view.players
    names = {0: "the button", 1: "the cutoff", 2: "the hijack", view.players - 1: "the small blind"}
    names[view.players - 2] = "the big blind"
    return names.get(behind, "under the gun" if player == 2 else "early position")


def opponent_reads(view: PlayerView, history: list[Acted]) -> tuple[OpponentRead, ...]:
    known = [*view.hole, *view.board]
    found = []
    for o in view.opponents_in_hand:
        moves = tuple(
            f"{MOVE_WORDS[move]} the {STREETS[street]}"
            for street in range(1, view.street + 1)
            if (move := street_move(history, o, street, CAP_CHECKS)) is not None
        )
        share = range_of(history, o, view.board, known, CAP_CHECKS).total / 1326 if moves else 0.0
        found.append(OpponentRead(o, seat_name(view, o), preflop_label(history, o), moves, share))
    return tuple(found)


def rivals(view: PlayerView) -> tuple[int, ...]:
    """The opponents that position is reckoned against. Preflop only those who have put
    chips in by choice count, when there are any: the others may yet fold."""
    found = view.opponents_in_hand
    if view.street == 0:
        entered = {a.player for a in actions(view) if a.street == 0 and a.action != "fold"}
        found = tuple(o for o in found if o in entered) or found
    return found


def position_words(view: PlayerView) -> str:
    """ "under the gun (early position): you act first on the later streets, ..."."""
    where = at(seat_name(view, view.player))
    if view.street == 0:
        seat = seat_of(view, unopened=raises_on(actions(view), 0) == 0)
        where += f" ({SEAT_NAMES[seat]})"
    against = rivals(view)
    later = [seat_name(view, o) for o in against if o > view.player]
    if not later:
        return f"{where}: you act after them on the later streets, in position"
    if len(later) == len(against):
        return f"{where}: you act first on the later streets, out of position"
    who = later[0] if len(later) == 1 else f"{', '.join(later[:-1])} and {later[-1]}"
    return f"{where}: {who} will act after you on the later streets"


def at(seat: str) -> str:
    """A seat's name with its preposition: "on the button", "in the big blind"."""
    if seat == "the button":
        return "on the button"
    return seat if seat == "under the gun" else f"in {seat}"


def numbers_words(advice: Advice) -> str:
    """The numbers behind the recommended choice, in one sentence."""
    view, read, best = advice.view, advice.read, advice.best
    ranges = "their range" if len(view.opponents_in_hand) == 1 else "their ranges"
    equity = f"about {percent(read.equity)} equity against {ranges}"
    need = ""  # the equity a call needs, with the price
    if advice.break_even is not None:
        need = f"{percent(advice.break_even)} (call {advice.to_call:,} to win {view.pot:,})"
    if best.kind == "fold":
        text = f"You have {equity} and a call needs {need}: not enough"
    elif best.kind == "call":
        text = f"You have {equity} and a call needs {need}"
    elif best.kind == "check":
        text = f"You have {equity}; checking is free"
        if len(advice.choices) > 1:
            text += (
                f", and a bet is worth less: they would fold about {percent(read.fold_chance)} "
                f"of the time, and you would have about {percent(read.equity_called)} against "
                "the hands that call"
            )
    else:
        text = (
            f"They fold about {percent(read.fold_chance)} of the time, and you have about "
            f"{percent(read.equity_called)} equity against the hands that go on"
        )
        if need:
            text += f"; calling would need {need}"
    return text + "."


def _chart_words(view: PlayerView) -> str:
    """What the beginner's groups (R48) and the chart by position say of the hand."""
    hand = class_of(*view.hole)
    unopened = raises_on(actions(view), 0) == 0
    seat = seat_of(view, unopened)
    verdict = "plays" if playable(hand, seat) else "folds"
    return (
        f"{hand.label} is {_group_words(group_of(hand))}; the beginner's chart {verdict} it "
        f"{SEAT_WORDS[seat]}."
    )


def _group_words(group: Group) -> str:
    return {
        Group.PREMIUM: "a premium hand",
        Group.STRONG: "a strong hand",
        Group.SPECULATIVE: "a speculative hand",
        Group.WEAK: "a weak hand (unconnected offsuit: one to avoid)",
        Group.OTHER: "a hand to play by position",
    }[group]


def kind_of(action: Action, view: PlayerView) -> str:
    """What ``action`` amounts to: fold, check, call, bet or raise (an all-in is one of
    the last three)."""
    if action.kind != ActionKind.ALL_IN:
        return str(action.kind)
    top = max(view.bets)
    if view.stacks[view.player] + view.bets[view.player] <= top:
        return "call"
    return "raise" if top > 0 else "bet"


def percent(share: float) -> str:
    return f"{100 * share:.0f}%"


def _signed(value: float) -> str:
    """A value in big blinds, to a hundredth below one: "0", "-0.04 bb", "+2.3 bb"."""
    if value == 0:
        return "0"
    return f"{value:+.2f} bb" if abs(value) < 1 else f"{value:+.1f} bb"
