"""The ``solver`` bot: the push/fold equilibrium when short, the ``mc`` bot's play otherwise."""

import random

from holdem.bots import BOTS, view_for
from holdem.bots.solver_bot import ELSEWHERE, PUSH_FOLD, SolverBot
from holdem.engine import ActionKind, Hand
from holdem.history import loads
from holdem.history.replay import config_of
from holdem.history.steps import Replayer
from tests.console import run


def spot(stack, hero_cards, actions=(), players=2):
    """A hand dealt and played up to the bot's turn (heads-up: p2 is the small blind)."""
    holes = [f"d dh p{i + 1} {c}" for i, c in enumerate(hero_cards)]
    blinds = [1, 2] + [0] * (players - 2)
    text = (
        f"variant = 'NT'\nantes = {[0] * players}\nblinds_or_straddles = {blinds}\n"
        f"min_bet = 2\nstarting_stacks = {[stack] * players}\nactions = {holes + list(actions)!r}\n"
    )
    [history] = loads(text)
    hand = Hand(config_of(history), auto_showdown=False)
    steps = Replayer(hand)
    for step in history.actions:
        steps.apply(step)
    return hand


def decide(hand, seed=0):
    bot = SolverBot(random.Random(seed))
    player = hand.to_act
    action = bot.decide(view_for(hand, player), hand.legal_actions())
    return bot, action


def test_registered_where_bots_are_chosen():
    assert BOTS["solver"] is SolverBot


def test_short_stacked_small_blind_pushes_aces_and_folds_seven_deuce():
    bot, action = decide(spot(20, ["9c9d", "AsAh"]))  # 10 big blinds, the small blind acts
    assert bot.rule == PUSH_FOLD and action.kind == ActionKind.ALL_IN
    bot, action = decide(spot(20, ["9c9d", "7c2d"]))
    assert bot.rule == PUSH_FOLD and action.kind == ActionKind.FOLD


def test_big_blind_calls_a_push_with_kings_and_folds_trash():
    bot, action = decide(spot(20, ["KsKh", "9c9d"], ["p2 cbr 20"]))
    assert bot.rule == PUSH_FOLD and action.kind in (ActionKind.CALL, ActionKind.ALL_IN)
    bot, action = decide(spot(20, ["8h3c", "9c9d"], ["p2 cbr 20"]))
    assert bot.rule == PUSH_FOLD and action.kind == ActionKind.FOLD


def test_deep_stacks_play_as_mc_and_say_so():
    bot, _ = decide(spot(400, ["9c9d", "AsAh"]))
    assert bot.rule == ELSEWHERE


def test_a_limp_before_leaves_push_fold():
    hand = spot(24, ["9c9d", "8h3c", "AsAh"], ["p3 cc"], players=3)
    bot, _ = decide(hand)
    assert bot.rule == ELSEWHERE


def test_plays_a_short_stacked_simulation():
    out = run(
        "sim", "--bots", "solver,tag", "-p", "2", "--stack", "20", "-n", "60", "--json", timeout=300
    )
    assert out.returncode == 0, out.stderr
