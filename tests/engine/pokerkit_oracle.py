"""Play the same random hand through holdem's engine and PokerKit's, side by side.

At every decision both engines must agree on who acts, the amount to call, and the
smallest and largest bet or raise; at the end, on every stack. Our engine runs under
``HandConfig.pokerkit_conventions()`` (the house rules PokerKit applies).
"""

from __future__ import annotations

import random
import warnings
from dataclasses import dataclass

import pokerkit

from holdem.cards import ALL_CARDS, Card
from holdem.engine import Action, Hand, HandConfig, Phase, Structure


@dataclass(frozen=True)
class Scenario:
    structure: Structure
    stacks: tuple[int, ...]
    blinds: tuple[int, ...]
    antes: tuple[int, ...]
    min_bet: int
    ante_trimming: bool

    def config(self) -> HandConfig:
        return HandConfig(
            structure=self.structure,
            starting_stacks=self.stacks,
            blinds_or_straddles=self.blinds,
            antes=self.antes,
            min_bet=self.min_bet,
            big_bet=2 * self.min_bet if self.structure == Structure.FIXED_LIMIT else None,
            ante_trimming=self.ante_trimming,
        ).pokerkit_conventions()

    def pokerkit_state(self) -> pokerkit.State:
        # We deal the cards ourselves, the same ones to both engines.
        manual = (pokerkit.Automation.HOLE_DEALING, pokerkit.Automation.BOARD_DEALING)
        automations = tuple(a for a in pokerkit.Automation if a not in manual)
        n = len(self.stacks)
        if self.structure == Structure.FIXED_LIMIT:
            return pokerkit.FixedLimitTexasHoldem.create_state(
                automations, self.ante_trimming, self.antes, self.blinds,
                self.min_bet, 2 * self.min_bet, self.stacks, n,
            )  # fmt: skip
        return pokerkit.NoLimitTexasHoldem.create_state(
            automations, self.ante_trimming, self.antes, self.blinds, self.min_bet, self.stacks, n
        )


def random_scenario(rng: random.Random) -> Scenario:
    n = rng.choice([2, 2, 3, 3, 4, 5, 6, 6, 7, 8, 9, 10])
    structure = rng.choice([Structure.NO_LIMIT, Structure.NO_LIMIT, Structure.FIXED_LIMIT])
    bb = rng.choice([2, 10, 100])
    blinds = [0] * n
    blinds[0], blinds[1] = bb // 2, bb
    if n >= 4 and rng.random() < 0.2:
        blinds[2] = 2 * bb  # UTG straddle
    antes = [0] * n
    trimming = True
    roll = rng.random()
    if roll < 0.25:
        antes = [max(1, bb // 10)] * n
    elif roll < 0.45:
        antes[1] = bb  # big-blind ante, dead money
        trimming = False
    kind = rng.random()
    stacks = []
    for _ in range(n):
        if kind < 0.3:
            stacks.append(rng.randint(1, 3 * bb))  # tiny: may not cover the blinds
        elif kind < 0.6:
            stacks.append(rng.randint(1, 40 * bb))
        else:
            stacks.append(rng.choice([rng.randint(1, 5 * bb), rng.randint(20 * bb, 200 * bb)]))
    return Scenario(structure, tuple(stacks), tuple(blinds), tuple(antes), bb, trimming)


class Mismatch(AssertionError):
    pass


def play(scenario: Scenario, rng: random.Random) -> int:
    """Play one random hand through both engines; returns the number of decisions compared."""
    with warnings.catch_warnings():
        # PokerKit burns from its own deck and then warns that our card "was burnt".
        warnings.filterwarnings("ignore", "A card being dealt", UserWarning)
        return _play(scenario, rng)


def _play(scenario: Scenario, rng: random.Random) -> int:
    theirs = scenario.pokerkit_state()
    ours = Hand(scenario.config())
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    decisions = 0
    while not ours.is_over:
        if ours.phase == Phase.DEALING:
            if ours.pending_deal and ours.pending_deal[0] == "board":
                _skip_pointless_checks(ours, theirs)
            _deal(ours, theirs, deck)
            continue
        legal = ours.legal_actions()
        _compare_legal(ours, theirs, legal, scenario)
        decisions += 1
        action = _choose(legal, ours, rng)
        ours.act(action)
        _apply(theirs, action, legal)
    _skip_pointless_checks(ours, theirs)
    if theirs.status:
        raise Mismatch(f"PokerKit's hand is not over when ours is: {scenario}")
    if tuple(theirs.stacks) != ours.result.final_stacks:  # type: ignore[union-attr]
        raise Mismatch(
            f"final stacks differ: ours {ours.result.final_stacks}, "  # type: ignore[union-attr]
            f"PokerKit {tuple(theirs.stacks)}; {scenario}; events {ours.events}"
        )
    return decisions


def _skip_pointless_checks(ours: Hand, theirs: pokerkit.State) -> None:
    """PokerKit asks a player to check when nobody else can bet; R12 (and we) skip that turn.

    Such a turn has one possible action, so skipping it changes no chip; anything else
    PokerKit still waits for is a real disagreement.
    """
    while theirs.actor_index is not None and (ours.is_over or theirs.street_index == ours.street):
        if (
            theirs.checking_or_calling_amount
            or theirs.min_completion_betting_or_raising_to_amount is not None
        ):
            raise Mismatch(
                f"PokerKit waits for player {theirs.actor_index}, we do not: {ours.events}"
            )
        theirs.check_or_call()


def _deal(ours: Hand, theirs: pokerkit.State, deck: list[Card]) -> None:
    assert ours.pending_deal is not None
    kind, index = ours.pending_deal
    if kind == "hole":
        cards = [deck.pop(), deck.pop()]
        ours.deal_hole(index, cards)
        theirs.deal_hole("".join(str(c) for c in cards))
    else:
        size = {0: 3, 3: 1, 4: 1}[len(ours.boards[index])]
        cards = [deck.pop() for _ in range(size)]
        ours.deal_board(cards)
        theirs.deal_board("".join(str(c) for c in cards))


def _compare_legal(ours: Hand, theirs: pokerkit.State, legal, scenario: Scenario) -> None:  # type: ignore[no-untyped-def]
    where = f"{scenario}; events so far {ours.events}"
    if theirs.actor_index != legal.player:
        raise Mismatch(f"actor: ours {legal.player}, PokerKit {theirs.actor_index}; {where}")
    their_call = theirs.checking_or_calling_amount
    our_call = legal.call or 0
    if their_call != our_call:
        raise Mismatch(f"call amount: ours {our_call}, PokerKit {their_call}; {where}")
    bounds = legal.bet or legal.raise_
    their_min = theirs.min_completion_betting_or_raising_to_amount
    their_max = theirs.max_completion_betting_or_raising_to_amount
    ours_pair = (bounds.min, bounds.max) if bounds else None
    theirs_pair = (their_min, their_max) if their_min is not None else None
    if ours_pair != theirs_pair:
        raise Mismatch(f"bet/raise bounds: ours {ours_pair}, PokerKit {theirs_pair}; {where}")


def _choose(legal, ours: Hand, rng: random.Random) -> Action:  # type: ignore[no-untyped-def]
    options = []
    if legal.call is not None:
        options += ["fold", "call", "call"]
    else:
        options += ["check", "check"]
    bounds = legal.bet or legal.raise_
    if bounds is not None:
        options += ["raise", "raise"]
    choice = rng.choice(options)
    if choice == "fold":
        return Action.fold()
    if choice == "check":
        return Action.check()
    if choice == "call":
        return Action.call()
    assert bounds is not None
    to = rng.choice([bounds.min, bounds.max, rng.randint(bounds.min, bounds.max)])
    return Action.bet(to) if legal.bet is not None else Action.raise_to(to)


def _apply(theirs: pokerkit.State, action: Action, legal) -> None:  # type: ignore[no-untyped-def]
    kind = action.kind.value
    if kind == "fold":
        theirs.fold()
    elif kind in ("check", "call"):
        theirs.check_or_call()
    else:
        theirs.complete_bet_or_raise_to(action.to)
