"""The analyzer on hands built for the purpose: a line that follows the equilibrium loses
nothing, a blunder loses what it should."""

import json
from pathlib import Path

import pytest

from holdem.analysis.decisions import HEURISTIC, analyze_hand
from holdem.analysis.pushfold_spot import METHOD
from holdem.history import loads
from holdem.solver.preflop_matchups import LABELS
from holdem.solver.pushfold import Spot, solve
from tests.console import run

STARS = Path(__file__).parents[1] / "history" / "pokerstars_data" / "cash_out.txt"


def phh(stacks, actions, players, blinds=(1, 2), antes=None, number=1):
    antes = antes or [0] * len(stacks)
    return (
        f"variant = 'NT'\nantes = {list(antes)}\nblinds_or_straddles = {list(blinds)}\n"
        f"min_bet = {max(blinds)}\nstarting_stacks = {list(stacks)}\nactions = {actions!r}\n"
        f"players = {players!r}\nhand = {number}\n"
    )


def graded(text, hero="Hero"):
    [history] = loads(text)
    result = analyze_hand(history, hero)
    assert result is not None and result.error is None, result and result.error
    return result.decisions


# Heads-up in PHH (PokerKit's order): p1 posts the big blind, p2 the small blind and acts first.
def heads_up(hero_cards, villain_cards, actions, hero_is_sb=True, stack=20):
    cards = (
        [f"d dh p1 {villain_cards}", f"d dh p2 {hero_cards}"]
        if hero_is_sb
        else [f"d dh p1 {hero_cards}", f"d dh p2 {villain_cards}"]
    )
    players = ["Villain", "Hero"] if hero_is_sb else ["Hero", "Villain"]
    return phh([stack, stack], cards + actions, players)


@pytest.fixture(scope="module")
def ten_bb():
    return solve(Spot((20.0, 20.0), 1.0, 2.0))  # 10 big blinds each, as the hands below


def test_following_the_equilibrium_loses_nothing(ten_bb):
    sb_push, bb_call = ten_bb.push[0], ten_bb.call[(1, 0)]
    hands = [
        heads_up("AsAh", "7c2d", ["p2 cbr 20", "p1 f"]),  # push AA
        heads_up("7c2d", "AsAh", ["p2 f"]),  # fold 72o
        heads_up(
            "KsKh",
            "QcJd",
            ["p2 cbr 20", "p1 cc", "d db 2c3d4h", "d db 5s", "d db 9c"],
            hero_is_sb=False,
        ),  # call with KK
        heads_up("7h2c", "QcJd", ["p2 cbr 20", "p1 f"], hero_is_sb=False),  # fold 72o
        heads_up("4s3s", "7c2d", ["p2 cbr 20", "p1 f"]),  # 43s: the equilibrium mixes it
    ]
    expected = [
        sb_push[LABELS.index("AA")],
        sb_push[LABELS.index("72o")],
        bb_call[LABELS.index("KK")],
        bb_call[LABELS.index("72o")],
        sb_push[LABELS.index("43s")],
    ]
    assert expected[:4] == [1.0, 0.0, 1.0, 0.0] and 0 < expected[4] < 1
    for text, frequency in zip(hands, expected, strict=True):
        [decision] = graded(text)
        assert decision.method == METHOD
        assert decision.ev_lost_bb == 0.0 and decision.grade == "best"
        assert decision.frequency == pytest.approx(frequency)


def test_a_push_fold_mistake_loses_the_equilibrium_edge(ten_bb):
    [decision] = graded(heads_up("AsAh", "7c2d", ["p2 f"]))
    edge = ten_bb.push_edge[0][LABELS.index("AA")]  # chips pushing wins over folding
    assert decision.spot == "push/fold: push" and decision.best == "push"
    assert decision.ev_lost_bb == pytest.approx(edge / 2, abs=1e-6)
    assert decision.ev_lost_bb > 3 and decision.grade == "blunder"


def test_folding_the_nuts_on_the_river_loses_the_pot():
    # 50 big blinds each: no push/fold. Checked to the river, where the villain moves in
    # for 98 into 4 and the hero folds a royal flush: calling would have won the 102 in
    # the pot (the 4 before and the 98 bet) for certain, 51 big blinds.
    text = heads_up(
        "AsKs",
        "9c9d",
        [
            "p2 cc",
            "p1 cc",
            "d db QsJsTs",
            "p1 cc",
            "p2 cc",
            "d db 2c",
            "p1 cc",
            "p2 cc",
            "d db 3d",
            "p1 cbr 98",
            "p2 f",
        ],
        stack=100,
    )
    river = graded(text)[-1]
    assert (river.street, river.spot, river.action, river.best) == (
        "river",
        "facing a bet",
        "fold",
        "call",
    )
    assert river.method == HEURISTIC
    assert river.ev_lost_bb == pytest.approx(51.0, abs=1e-9)
    assert river.grade == "blunder"


def test_three_handed_push_follows_the_icm_free_chart():
    result = solve(Spot((20.0, 20.0, 20.0), 1.0, 2.0))
    assert result.push[0][LABELS.index("AA")] == 1.0
    text = phh(
        [20, 20, 20],
        ["d dh p1 7c2d", "d dh p2 8h3c", "d dh p3 AsAh", "p3 cbr 20", "p1 f", "p2 f"],
        ["Small", "Big", "Hero"],
        blinds=(1, 2, 0),
    )
    [decision] = graded(text)
    assert decision.spot == "push/fold: push" and decision.ev_lost_bb == 0.0


def test_command_json_html_and_summary(tmp_path):
    good = tmp_path / "good.phh"
    good.write_text(heads_up("AsAh", "7c2d", ["p2 cbr 20", "p1 f"]))
    bad = tmp_path / "bad.phh"
    bad.write_text(heads_up("AsAh", "7c2d", ["p2 f"]))
    page = tmp_path / "report.html"
    out = run(
        "analyze", str(good), str(bad), "--hero", "Hero", "--json", "--html", str(page), timeout=180
    )
    assert out.returncode == 0, out.stderr
    payload = json.loads(out.stdout)
    summary = payload["summary"]
    assert summary["hands"] == 2 and summary["decisions"] == 2
    assert summary["ev_lost_bb"] == pytest.approx(payload["hands"][1]["ev_lost_bb"])
    assert summary["costliest"][0]["where"].startswith(str(bad))
    assert set(summary["by_street"]) == {"preflop"}
    assert set(summary["by_spot"]) == {"push/fold: push"}
    html = page.read_text()
    assert (
        html.count('data-testid="analysis-hand"') + html.count("data-testid='analysis-hand'") == 2
    )
    text = run("analyze", str(good), str(bad), "--hero", "Hero", timeout=180)
    assert "costliest" in text.stdout and "2 hands" in text.stdout


def test_pokerstars_text_is_read():
    out = run("analyze", str(STARS), "--hero", "co.a", "--json", timeout=180)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["summary"]["hands"] >= 1


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["/no/such/file.phh", "--hero", "Hero"], "no such file"),
        ([str(STARS), "--hero", "Nobody"], "no hand"),
    ],
)
def test_bad_input_is_one_sentence(args, words):
    out = run("analyze", *args)
    assert out.returncode == 2
    assert words in out.stderr and len(out.stderr.strip().splitlines()) == 1
