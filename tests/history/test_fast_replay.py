"""The compiled replay gives the same rows as ``Hand``: every corpus hand, random hands of
every structure written to PHH, and hands with something wrong in them.

The kernel replays what it can vouch for and leaves the rest to ``Hand``; a row differs
only in ``hand`` (None for a hand the kernel replayed). Each test also checks which path
a hand took, so that a kernel refusing everything could not pass.
"""

from __future__ import annotations

import dataclasses
import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdem.cards import Deck, parse_cards
from holdem.engine import Action, Hand, HandConfig
from holdem.history import replay as replay_module
from holdem.history.actions import BetRaise, CheckCall, Fold, ShowMuck
from holdem.history.hand import HandHistory
from holdem.history.phh import dumps_many, loads
from holdem.history.record import history_of
from holdem.history.replay import Replay, replay_paths
from tests.corpus import CORPUS, needs_corpus
from tests.kernels.test_native import cache_with_tables, without_built_kernel
from tests.kernels.test_play_vs_hand import random_config, random_deck


def both_ways(paths: Sequence[Path | str]) -> tuple[list[Replay], list[Replay]]:
    """(compiled rows, Hand rows), after checking they are the same but for ``hand``."""
    fast = list(replay_paths(paths, compiled=True))
    slow = list(replay_paths(paths, compiled=False))
    assert len(fast) == len(slow)
    for mine, theirs in zip(fast, slow, strict=True):
        assert dataclasses.replace(mine, hand=theirs.hand) == theirs
    assert all(row.hand is not None for row in slow if row.error is None)
    return fast, slow


def written(hands: Sequence[HandHistory]) -> tuple[list[Replay], list[Replay]]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.phhs"
        path.write_text(dumps_many(list(hands)), encoding="utf-8")
        return both_ways([path])


def by_kernel(rows: Sequence[Replay]) -> int:
    return sum(row.hand is None and row.error is None for row in rows)


@needs_corpus
def test_every_corpus_hand_gives_the_same_row_through_the_kernel() -> None:
    fast, _ = both_ways([CORPUS])
    assert len(fast) == 10_019
    assert by_kernel(fast) > 9_900  # the hands with unknown cards at a showdown go to Hand


def random_play(config: HandConfig, deck: list[int], rng: random.Random) -> Hand:
    """A hand of random legal play: folds, calls, bets and raises of any legal size, all-ins."""
    hand = Hand(config, Deck(deck))
    while not hand.is_over:
        legal = hand.legal_actions()
        choices = [Action.fold()] if rng.random() < 0.2 else []
        choices.append(Action.check() if legal.check else Action.call())
        for bounds, make in ((legal.bet, Action.bet), (legal.raise_, Action.raise_to)):
            if bounds is not None:
                choices.append(make(rng.randint(bounds.min, bounds.max)))
        if legal.all_in_to is not None and rng.random() < 0.2:
            choices.append(Action.all_in())
        hand.act(rng.choice(choices))
    return hand


def with_half_chips(history: HandHistory, hand: Hand) -> HandHistory:
    """The finishing stacks as a recorder writes a pot split two ways with an odd chip:
    half a chip more for the second winner, half less for the first (who got the chip)."""
    assert hand.result is not None and history.finishing_stacks is not None
    odd = [pot for pot in hand.result.pots if len(pot.shares) == 2 and pot.amount % 2]
    if len(odd) != 1:
        return history
    (first, _), (second, _) = odd[0].shares
    stacks: list[int | Decimal] = list(history.finishing_stacks)
    stacks[first] -= Decimal("0.5")
    stacks[second] += Decimal("0.5")
    return altered(history, finishing_stacks=tuple(stacks))


def random_recorded_hands(count: int, seed: int) -> list[HandHistory]:
    """Hands of random legal play of every structure, recorded in the ways a replay meets
    them: every card known, or cards first seen at the show, some shown as ``sm ????``."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        config = random_config(rng)
        hand = random_play(config, random_deck(rng, config.player_count), rng)
        history = with_half_chips(history_of(hand, private=rng.random() < 0.5), hand)
        if rng.random() < 0.3:
            steps = tuple(
                ShowMuck(step.player, (None, None))
                if isinstance(step, ShowMuck) and rng.random() < 0.6
                else step
                for step in history.actions
            )
            history = altered(history, actions=steps)
        hands.append(history)
    return hands


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.booleans())
def test_random_hands_give_the_same_rows(seed: int, private: bool) -> None:
    rng = random.Random(seed)
    hands, ours = [], []
    for _ in range(12):
        config = random_config(rng)
        hand = random_play(config, random_deck(rng, config.player_count), rng)
        history = with_half_chips(history_of(hand, private=private or rng.random() < 0.7), hand)
        # Without our rules field, as PokerKit writes it: its house rules apply instead,
        # which may well not be the rules the hand was played by.
        mine = rng.random() < 0.8
        hands.append(history if mine else altered(history, extra={}))
        ours.append(mine)
    fast, _ = written(hands)
    assert all(row.match for row, mine in zip(fast, ours, strict=True) if mine)


def test_random_hands_mostly_go_through_the_kernel() -> None:
    rng = random.Random(5)
    hands = []
    for _ in range(200):
        config = random_config(rng)
        hand = random_play(config, random_deck(rng, config.player_count), rng)
        hands.append(with_half_chips(history_of(hand), hand))
    fast, _ = written(hands)
    assert all(row.match for row in fast)
    assert by_kernel(fast) >= 190  # a run of the board twice or so is left to Hand
    halves = [h for h in hands if any(isinstance(s, Decimal) for s in h.finishing_stacks or ())]
    assert len(halves) >= 5  # the recorded half chips were matched, through the kernel


def test_hole_cards_first_seen_at_the_show_go_through_the_kernel() -> None:
    """As sites record hands: every hole card ``????`` when dealt, the shown ones named at
    the showdown."""
    rng = random.Random(11)
    hands = []
    for _ in range(200):
        config = random_config(rng)
        hand = random_play(config, random_deck(rng, config.player_count), rng)
        hands.append(with_half_chips(history_of(hand, private=False), hand))
    learnt = [
        number
        for number, history in enumerate(hands)
        if any(type(step).__name__ == "ShowMuck" and step.cards for step in history.actions)
    ]
    assert len(learnt) >= 20
    fast, _ = written(hands)
    assert all(row.match for row in fast)
    assert sum(fast[number].hand is None for number in learnt) >= 0.9 * len(learnt)


def test_hands_nobody_recorded_at_the_show_are_scored_by_the_kernel_as_by_hand() -> None:
    """``sm ????`` (a hand shown, its cards not recorded), as HandHQ files have it for the
    losers of a showdown: it beats no known hand, and two of them split."""
    rng = random.Random(13)
    hands = []
    for _ in range(300):
        config = random_config(rng)
        hand = random_play(config, random_deck(rng, config.player_count), rng)
        history = history_of(hand, private=False)
        steps = tuple(
            ShowMuck(step.player, (None, None))
            if isinstance(step, ShowMuck) and rng.random() < 0.6
            else step
            for step in history.actions
        )
        hands.append(altered(history, actions=steps))
    unread = [
        number
        for number, history in enumerate(hands)
        if any(
            isinstance(step, ShowMuck) and step.cards == (None, None) for step in history.actions
        )
    ]
    assert len(unread) >= 30
    fast, _ = written(hands)
    assert sum(fast[number].hand is None for number in unread) >= 0.8 * len(unread)


def pokerkit_hand(text: str) -> HandHistory:
    """A hand as PokerKit writes it (no rules of ours: its house rules apply)."""
    [hand] = loads(text, multi=True)
    return hand


STAKES = """
[1]
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
"""
THREE_HANDED = (
    STAKES
    + """actions = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 7c2d", "p3 f", "p1 cbr 10", "p2 cc",
  "d db 2h3h4c", "p1 cbr 20", "p2 cc", "d db 9s", "p1 cc", "p2 cc", "d db Jd",
  "p1 cc", "p2 cc", "p1 sm AsAd", "p2 sm"]
finishing_stacks = [130, 70, 100]
"""
)


def test_a_plain_pokerkit_hand_goes_through_the_kernel() -> None:
    fast, _ = written([pokerkit_hand(THREE_HANDED)])
    assert fast[0].match is True and by_kernel(fast) == 1


def test_without_the_kernel_every_hand_goes_through_hand(monkeypatch, tmp_path) -> None:
    without_built_kernel(monkeypatch, tmp_path)
    monkeypatch.setitem(sys.modules, "holdem.kernels.play", None)  # as without numba
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.phhs"
        path.write_text(THREE_HANDED, encoding="utf-8")
        [row] = replay_paths([path], compiled=True)
    assert row.match is True and row.hand is not None


def test_by_default_the_kernel_is_used_when_it_repays_loading_it(monkeypatch, tmp_path) -> None:
    path = tmp_path / "hands.phhs"
    path.write_text(THREE_HANDED, encoding="utf-8")
    without_built_kernel(monkeypatch, tmp_path / "cache")  # numba's kernel, then
    [small] = replay_paths([path])  # a fresh process would spend longer loading numba
    monkeypatch.setattr(replay_module, "KERNEL_WORTH_BYTES", 100)
    [large] = replay_paths([path])
    [warm] = replay_paths([path], compiled=None)
    monkeypatch.setattr(replay_module, "KERNEL_WORTH_BYTES", 10**9)
    [loaded] = replay_paths([path])  # once loaded in this process, it is always worth it
    assert small.hand is not None and large.hand is None and warm.hand is None
    assert loaded.hand is None


BLAS_PROBE = """
import sys
from holdem.history.phh import loads
from holdem.history.replay import replay_paths
from holdem.numba_cache import without_blas_probe
with without_blas_probe():
    [row] = replay_paths([sys.argv[1]], compiled=True)
    assert row.hand is None and row.match, row  # through the kernel
    kernel_without_scipy = sys.modules.get("scipy") is None  # (None: refused)
import numba.np.arraymath
import scipy.linalg  # importable again after the block
print(kernel_without_scipy, numba.np.arraymath._HAVE_BLAS)
"""


def test_a_command_loads_the_kernel_without_scipy(tmp_path) -> None:
    """The replay command's process loads numba's kernel without importing SciPy (which
    numba imports to look for a BLAS), and SciPy can still be imported after it."""
    path = tmp_path / "hands.phhs"
    path.write_text(THREE_HANDED, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", BLAS_PROBE, str(path)],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "HOLDEM_CACHE_DIR": str(cache_with_tables(tmp_path / "cache"))},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "False"]


def test_the_first_compile_is_announced(monkeypatch, tmp_path) -> None:
    from holdem.kernels import replay as kernel_replay

    path = tmp_path / "hands.phhs"
    path.write_text(THREE_HANDED, encoding="utf-8")
    said: list[str] = []
    list(replay_paths([path], compiled=True, notice=said.append))
    assert said == []  # compiled by now: loaded from numba's cache, nothing to say
    monkeypatch.setattr(kernel_replay, "replay_kernel_cached", lambda: False)
    list(replay_paths([path], compiled=True, notice=said.append))
    assert said and "compiling the replay kernel" in said[0]
    said.clear()
    list(replay_paths([path], compiled=False, notice=said.append))
    assert said == []  # no kernel, nothing to compile


def test_an_empty_numba_cache_is_noticed(tmp_path) -> None:
    code = "from holdem.kernels.replay import replay_kernel_cached as c; print(c())"
    env = {
        "NUMBA_CACHE_DIR": str(tmp_path),
        "HOLDEM_CACHE_DIR": str(tmp_path),
        "PATH": "/usr/bin:/bin",
    }
    env |= {k: v for k, v in os.environ.items() if k == "PYTHONPATH"}  # the holdem under test
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.stdout.strip() == "False", done.stderr


def altered(hand: HandHistory, **fields: object) -> HandHistory:
    return dataclasses.replace(hand, **fields)  # type: ignore[arg-type]


def test_hands_with_something_wrong_give_the_same_rows() -> None:
    good = pokerkit_hand(THREE_HANDED)
    steps = list(good.actions)
    raise_at = steps.index(BetRaise(0, 10))
    # Play that Hand refuses, or a muck that changes the winner: left to Hand.
    unplayable = [
        altered(good, actions=(*steps[:raise_at], BetRaise(0, 3), *steps[raise_at + 1 :])),
        altered(good, actions=(*steps[:3], CheckCall(1), *steps[3:])),  # out of turn
        altered(good, actions=tuple(steps[:-6])),  # too few actions
        altered(good, actions=(*steps[:-1], Fold(1))),  # a fold at the showdown
        altered(good, actions=(*steps[:-2], *loads_steps('"p1 sm", "p2 sm KsKd"'))),
        altered(good, actions=(*steps[:-1], *loads_steps('"p2 sm QsQd"'))),  # other cards
        altered(good, actions=(*steps[:raise_at], BetRaise(0, 10**30), *steps[raise_at + 1 :])),
    ]
    # Records the replay contradicts: the kernel plays them, the verdict is the same.
    contradicted = [
        altered(good, finishing_stacks=(131, 69, 100)),
        altered(good, winnings=(30, 0, 0), rake=Decimal(2)),  # the rake does not add up
        altered(good, winnings=(0, 60, 0)),  # paid to someone who won nothing
        altered(good, rake=200),  # more than the pots
    ]
    fast, slow = written([good, *unplayable, *contradicted])
    assert fast[0].ok and by_kernel(fast[:1]) == 1
    assert all(not row.ok for row in slow[1:])
    assert by_kernel(fast[1 : 1 + len(unplayable)]) == 0
    assert by_kernel(fast[1 + len(unplayable) :]) == len(contradicted)


def loads_steps(actions: str) -> tuple[object, ...]:
    text = STAKES + f"actions = [{actions}]\n"
    return pokerkit_hand(text).actions


def test_a_recorded_half_chip_is_matched_by_the_kernel_as_by_hand() -> None:
    # Two hands tie on a board that plays; the odd chip of 5 goes to the first winner
    # clockwise from the button, and the recorder wrote half chips.
    board = parse_cards("AsKdQhJcTs")
    text = (
        STAKES
        + f"""actions = ["d dh p1 2c3d", "d dh p2 4c5d", "d dh p3 7c8d", "p3 cc", "p1 f", "p2 cc",
  "d db {"".join(map(str, board[:3]))}", "p2 cc", "p3 cc", "d db {board[3]}", "p2 cc", "p3 cc",
  "d db {board[4]}", "p2 cc", "p3 cc", "p2 sm 4c5d", "p3 sm 7c8d"]
finishing_stacks = [99, 100.5, 100.5]
"""
    )
    fast, _ = written([pokerkit_hand(text)])
    assert fast[0].match is True and fast[0].finishing_stacks == (99, 101, 100)
    assert by_kernel(fast) == 1


def test_a_muck_at_an_all_in_gives_the_same_row_through_the_kernel(tmp_path: Path) -> None:
    """PokerKit's showdown comes before an all-in runout, and a muck there gives the hand
    up (history/steps.py): the kernel, which plays mucks at the showdown only, leaves such
    a hand to Hand, and both ways agree."""
    game = (
        "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
        "starting_stacks = [50, 100, 100]\n"
    )
    all_in = "'d dh p1 AhAd', 'd dh p2 KsKc', 'd dh p3 7h2c', 'p3 cbr 100', 'p1 cc', 'p2 cc'"
    mucked = f"{all_in}, 'p3 sm 7h2c', 'p1 sm', 'p2 sm KsKc', 'd db 3c8d9s', 'd db 4h', 'd db Jc'"
    deal = "'d dh p1 AhAd', 'd dh p2 KsKc', 'd dh p3 7h2c'"
    checks = "'p1 cc', 'p2 cc', 'p3 cc'"
    board = f"'d db 3c8d9s', {checks}, 'd db 4h', {checks}, 'd db Jc', {checks}"
    shown = f"{deal}, 'p3 cc', 'p1 cc', 'p2 cc', {board}, 'p1 sm AhAd', 'p2 sm', 'p3 sm'"
    path = tmp_path / "mucks.phhs"
    path.write_text(
        f"[1]\n{game}actions = [{mucked}]\n\n[2]\n{game}actions = [{shown}]\n", encoding="utf-8"
    )
    fast, _ = both_ways([path])
    given_up, at_the_showdown = fast
    assert given_up.hand is not None and given_up.finishing_stacks == (0, 250, 0)
    assert at_the_showdown.error is None and at_the_showdown.hand is None  # the kernel's
    assert at_the_showdown.finishing_stacks == (54, 98, 98)


def test_compiled_stakes_are_shared_by_hands_of_the_same_rules_only() -> None:
    from holdem.history.scripted import script_of

    rng = random.Random(3)
    config = dataclasses.replace(random_config(rng), raise_cap=3)
    hand = random_play(config, random_deck(rng, config.player_count), rng)
    first = history_of(hand)
    rules = dict(first.extra["_holdem_rules"])  # type: ignore[arg-type]
    same = altered(first, starting_stacks=tuple(s + 1 for s in first.starting_stacks))
    uncapped = altered(first, extra={"_holdem_rules": {**rules, "raise_cap": -1}})
    as_float = altered(first, extra={"_holdem_rules": {**rules, "raise_cap": 3.0}})
    scripts = [script_of(h) for h in (first, same, uncapped, as_float)]
    assert all(script is not None for script in scripts)
    stakes = [script.stakes for script in scripts]  # type: ignore[union-attr]
    assert stakes[1] is stakes[0]  # other stacks, the same stakes
    assert stakes[2] is not stakes[0] and stakes[3] is not stakes[0]
    assert stakes[2][0].tolist() != stakes[0][0].tolist()  # no cap is compiled as such
