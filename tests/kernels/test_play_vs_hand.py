"""The compiled kernel against ``Hand``: the same decks and random words, the same hands.

Both engines play each deck with the decisions drawn from one stream of random words;
at every decision they must agree on who acts, what is legal (check, the call, the bet
or raise bounds, the all-in) and what was done, and at the end on every stack.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import dataclass

import numpy as np
import pytest

from holdem.cards import Deck, parse_cards
from holdem.engine import Action, Hand, HandConfig, ShortAllInRule, Structure, events
from holdem.engine.config import OddChips
from holdem.errors import ConfigError, DealingError, HoldemError, InvalidCardsError
from holdem.kernels import hands as kernel_module
from holdem.kernels.hands import (
    KINDS,
    Decisions,
    play_dealt_hands,
    play_random_hands,
)

CONFIGS = int(os.environ.get("HOLDEM_KERNEL_CONFIGS", "3000"))
HANDS_PER_CONFIG = 2
PASSIVE = {"fold": Action.fold(), "check": Action.check(), "call": Action.call()}
BROADWAY = parse_cards("AsKdQhJcTs")  # on the board, every hand still in splits


@dataclass
class Coverage:
    """What the random hands went through, so a quiet generator cannot pass unnoticed."""

    counts: Counter[str]

    def note(self, hand: Hand) -> None:
        assert hand.result is not None
        self.counts["hands"] += 1
        self.counts["showdowns"] += hand.showdown is not None
        for pot in hand.result.pots:
            self.counts["side pots"] += pot.index > 0
            if len(pot.shares) > 1:
                self.counts["splits"] += 1
                self.counts["odd chips"] += pot.amount % len(pot.shares) != 0
        for event in hand.events:
            if isinstance(event, events.PlayerActed) and event.all_in:
                self.counts["all-ins"] += 1
            if isinstance(event, events.UncalledBetReturned):
                self.counts["returned"] += 1


def random_config(rng: random.Random) -> HandConfig:
    n = rng.randint(2, 10)
    structure = Structure(rng.choice(["nl"] * 5 + ["pl"] * 2 + ["fl"] * 2))
    bb = rng.choice([1, 2, 3, 5, 10, 25, 100])
    blinds = [0] * n
    blinds[0] = rng.choice([bb // 2, bb // 2, 0, rng.randint(0, bb)])
    blinds[1] = bb
    if n >= 3 and rng.random() < 0.15:
        blinds[2] = 2 * bb
        if n >= 4 and rng.random() < 0.3:
            blinds[3] = 4 * bb
    if n >= 4 and blinds[n - 1] == 0 and rng.random() < 0.05:
        blinds[n - 1] = 2 * bb  # a button straddle
    if rng.random() < 0.03:
        blinds = [0] * n  # antes only: nobody has bet when the first player acts
    antes = [0] * n
    kind = rng.random()
    if kind < 0.25 or not any(blinds):
        antes = [rng.randint(1, bb)] * n
    elif kind < 0.35:
        antes[1] = bb  # a big-blind ante (position 1 in PHH order)
    elif kind < 0.45:
        antes[n - 1 if n > 2 else 0] = bb  # a button ante
    profile = rng.random()

    def stack() -> int:
        if profile < 0.25:
            return 100 * bb
        roll = rng.random()
        if roll < 0.3:
            return rng.randint(1, 3 * bb)  # all-in from the blinds, or soon
        if roll < 0.7:
            return rng.randint(bb, 40 * bb)
        return rng.randint(50 * bb, 200 * bb)

    rules: dict[str, object] = {
        "antes_before_blinds": rng.random() < 0.5,
        "ante_trimming": rng.choice([None, None, True, False]),
        "show_all_hands": rng.random() < 0.2,
    }
    if structure == Structure.FIXED_LIMIT:
        min_bet = bb
        rules["big_bet"] = rng.choice([2 * min_bet, 2 * min_bet, min_bet, 3 * min_bet])
        rules["raise_cap"] = rng.choice([3, 3, 4, 1, None])
        rules["blind_is_opening_bet"] = rng.random() < 0.8
        rules["heads_up_uncapped"] = rng.random() < 0.8
    else:
        min_bet = bb if rng.random() < 0.8 else rng.randint(1, 2 * bb)
    rules["short_all_in_rule"] = rng.choice([None, None, *ShortAllInRule])
    if rng.random() < 0.05:
        rules["live_posts"] = tuple(rng.choice([0, 0, 0, bb]) for _ in range(n))
    if rng.random() < 0.05:
        rules["dead_blinds"] = tuple(rng.choice([0, 0, 0, max(1, bb // 2)]) for _ in range(n))
    if rng.random() < 0.03:
        rules["bomb_pot"] = True
        antes = [rng.randint(1, 2 * bb)] * n
    config = HandConfig(
        structure=structure,
        starting_stacks=tuple(stack() for _ in range(n)),
        blinds_or_straddles=tuple(blinds),
        antes=tuple(antes),
        min_bet=min_bet,
        **rules,  # type: ignore[arg-type]
    )
    # PokerKit's house rules, as PHH replays use them: its reopening model and cap, pots
    # formed again among the winners.
    return config.pokerkit_conventions() if rng.random() < 0.3 else config


def random_deck(rng: random.Random, players: int) -> list[int]:
    cards = list(range(52))
    rng.shuffle(cards)
    if rng.random() < 0.15:  # the board plays: every hand ties, odd chips included
        rest = [c for c in cards if c not in BROADWAY]
        holes, rest = rest[: 2 * players], rest[2 * players :]
        board = [rest[0], *BROADWAY[:3], rest[1], BROADWAY[3], rest[2], BROADWAY[4]]
        cards = holes + board + rest[3:]
    return cards


def play_through_hand(
    config: HandConfig, deck: list[int], draws: list[int], cursor: int
) -> tuple[Hand, list[tuple[int, ...]], int]:
    """The kernel's policy, written again over ``Hand``: (hand, decisions, next cursor)."""
    hand = Hand(config, Deck(deck))
    decisions: list[tuple[int, ...]] = []
    while not hand.is_over:
        legal = hand.legal_actions()
        bounds = legal.bet or legal.raise_
        options = ["check", "raise"] if legal.check else ["fold", "call", "raise"]
        if bounds is None:
            options.pop()
        choice = options[draws[cursor] % len(options)]
        cursor += 1
        if choice == "raise":
            assert bounds is not None
            to = bounds.min + draws[cursor] % (bounds.max - bounds.min + 1)
            cursor += 1
            action = Action.bet(to) if legal.bet else Action.raise_to(to)
        else:
            action = PASSIVE[choice]
        hand.act(action)
        done = next(e for e in reversed(hand.events) if isinstance(e, events.PlayerActed))
        decisions.append(
            (
                legal.player,
                KINDS.index(done.action),
                done.to,
                int(legal.check),
                -1 if legal.call is None else legal.call,
                -1 if bounds is None else bounds.min,
                -1 if bounds is None else bounds.max,
                -1 if legal.all_in_to is None else legal.all_in_to,
            )
        )
    return hand, decisions, cursor


def kernel_rows(decisions: Decisions, hand: int) -> list[tuple[int, ...]]:
    mine = decisions.of_hand(hand)
    columns = ("player", "kind", "to", "check", "call", "bet_min", "bet_max", "all_in_to")
    values = [getattr(mine, c).tolist() for c in columns]
    return list(zip(*values, strict=True))


def test_kernel_agrees_with_hand_on_random_configurations() -> None:
    rng = random.Random(20261201)
    coverage = Coverage(Counter())
    for number in range(CONFIGS):
        config = random_config(rng)
        n = config.player_count
        decks = [random_deck(rng, n) for _ in range(HANDS_PER_CONFIG)]
        draws = [rng.getrandbits(63) for _ in range(400 * HANDS_PER_CONFIG)]
        result = play_dealt_hands(config, np.array(decks), np.array(draws), record=True)
        assert result.decisions is not None
        cursor = 0
        for h, deck in enumerate(decks):
            where = f"configuration {number} ({config}), hand {h}"
            hand, expected, cursor = play_through_hand(config, deck, draws, cursor)
            assert kernel_rows(result.decisions, h) == expected, where
            assert tuple(result.final_stacks[h].tolist()) == hand.final_stacks, where
            assert result.actions[h] == len(expected), where
            assert result.showdowns[h] == (hand.showdown is not None), where
            coverage.note(hand)
        assert result.draws_used == cursor
    counts = coverage.counts
    for what in ("showdowns", "side pots", "splits", "odd chips", "all-ins", "returned"):
        assert counts[what] > CONFIGS // 50, (what, counts)


@pytest.mark.parametrize(
    ("odd_chips", "shares"),
    [(OddChips.ONE_EACH, (12, 12, 11)), (OddChips.FIRST_WINNER, (13, 11, 11))],
)
def test_r25_the_kernel_gives_out_odd_chips_as_hand_does(
    odd_chips: OddChips, shares: tuple[int, int, int]
) -> None:
    # Blinds 5/10; UTG and the button call, the small blind folds, the big blind checks,
    # everyone checks down a royal board: 35 chips three ways.
    config = HandConfig.create("nl", [1000] * 4, small_blind=5, big_blind=10, odd_chips=odd_chips)
    holes = parse_cards("2c3d4c5d6c7d8c9d")
    rest = [c for c in range(52) if c not in holes and c not in BROADWAY]
    board = [rest[0], *BROADWAY[:3], rest[1], BROADWAY[3], rest[2], BROADWAY[4]]
    deck = [int(c) for c in [*holes, *board, *rest[3:]]]
    draws = [4, 4, 3, 4] + [4] * 9  # call, call, fold, check; then checks
    result = play_dealt_hands(config, np.array([deck]), np.array(draws))
    hand, _, _ = play_through_hand(config, deck, draws, 0)
    assert tuple(result.final_stacks[0].tolist()) == hand.final_stacks
    assert hand.final_stacks == (995, 990 + shares[0], 990 + shares[1], 990 + shares[2])


def test_seeded_play_is_reproducible_and_keeps_every_chip() -> None:
    config = HandConfig.create("nl", [10_000] * 6, small_blind=50, big_blind=100)
    first = play_random_hands(config, 2000, seed=7)
    again = play_random_hands(config, 2000, seed=7)
    other = play_random_hands(config, 2000, seed=8)
    assert np.array_equal(first.final_stacks, again.final_stacks)
    assert not np.array_equal(first.final_stacks, other.final_stacks)
    assert (first.final_stacks.sum(axis=1) == 60_000).all()
    assert (first.net.sum(axis=1) == 0).all()
    assert first.hands == 2000
    assert 0 < first.showdown_count < 2000
    assert first.action_count == int(first.actions.sum()) > 2000
    assert first.decisions is None


@pytest.mark.parametrize("structure", ["nl", "pl", "fl"])
def test_seeded_play_of_every_structure_with_short_stacks(structure: str) -> None:
    stacks = [1, 7, 40, 150, 600, 3, 1000]
    config = HandConfig.create(structure, stacks, small_blind=5, big_blind=10, ante=2)
    result = play_random_hands(config, 3000, seed=1)
    assert (result.final_stacks.sum(axis=1) == sum(stacks)).all()
    assert (result.final_stacks >= 0).all()


def test_no_hands() -> None:
    config = HandConfig.create("nl", [100, 100], small_blind=1, big_blind=2)
    assert play_random_hands(config, 0, seed=1).final_stacks.shape == (0, 2)


def test_the_decision_record_grows_as_needed(monkeypatch: pytest.MonkeyPatch) -> None:
    config = HandConfig.create("nl", [1000] * 9, small_blind=5, big_blind=10)
    rng = random.Random(3)
    decks = np.array([rng.sample(range(52), 52) for _ in range(5)])
    draws = np.array([rng.getrandbits(63) for _ in range(2000)])
    roomy = play_dealt_hands(config, decks, draws, record=True)
    monkeypatch.setattr(kernel_module, "_RECORD_ROWS_PER_HAND", 0)
    cramped = play_dealt_hands(config, decks, draws, record=True)
    assert roomy.decisions is not None and cramped.decisions is not None
    assert np.array_equal(roomy.decisions.kind, cramped.decisions.kind)
    assert len(roomy.decisions.kind) == roomy.action_count


def test_running_the_board_twice_is_refused() -> None:
    config = HandConfig.create("nl", [100, 100, 100], small_blind=1, big_blind=2, run_count=2)
    with pytest.raises(ConfigError, match="run_count") as info:
        play_random_hands(config, 10, seed=1)
    assert isinstance(info.value, HoldemError)
    with pytest.raises(ConfigError, match="run_count"):
        play_dealt_hands(config, [list(range(52))], [0] * 100)


def test_the_full_blind_to_call_is_left_to_hand() -> None:
    config = HandConfig.create(
        "nl", [100, 3, 100], small_blind=1, big_blind=4, full_blind_to_call=True
    )
    with pytest.raises(ConfigError, match="full_blind_to_call"):
        play_random_hands(config, 10, seed=1)


def test_bad_arguments_are_refused() -> None:
    config = HandConfig.create("nl", [100, 100, 100], small_blind=1, big_blind=2)
    deck = list(range(52))
    with pytest.raises(ConfigError, match="number of hands"):
        play_random_hands(config, -1, seed=1)
    with pytest.raises(DealingError, match="shape"):
        play_dealt_hands(config, [deck[:13]], [0] * 10)
    with pytest.raises(InvalidCardsError, match="twice"):
        play_dealt_hands(config, [[0, *deck[:51]]], [0] * 10)
    with pytest.raises(InvalidCardsError, match=r"0\.\.51"):
        play_dealt_hands(config, [[52, *deck[1:]]], [0] * 10)
    with pytest.raises(ConfigError, match="whole numbers 0"):
        play_dealt_hands(config, [deck], [-1] * 10)
    with pytest.raises(ConfigError, match="whole numbers 0"):
        play_dealt_hands(config, [deck], [0.5] * 10)
    with pytest.raises(ConfigError, match="ran out"):
        play_dealt_hands(config, [deck, deck], [1] * 3)
    with pytest.raises(ConfigError, match="ran out"):
        play_dealt_hands(config, [deck], [])
    huge = HandConfig.create("nl", [1 << 62, 100], small_blind=1, big_blind=2)
    with pytest.raises(ConfigError, match="64-bit"):
        play_random_hands(huge, 1, seed=1)
