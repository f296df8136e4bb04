"""Push/fold equilibria, checked by best responses computed here from the rules alone."""

import json

import numpy as np
import pytest

from holdem.errors import ConfigError
from holdem.odds import starting_hand
from holdem.solver.preflop_matchups import LABELS, matchups
from holdem.solver.pushfold import Spot, position_names, solve
from holdem.tournament.icm import icm
from tests.console import run


@pytest.fixture(scope="module")
def table():
    return matchups()


def _heads_up_deviations(spot, sb_push, bb_call, table):
    """Per class, in big blinds: what a pure switch (push<->fold, call<->fold) gains.

    Brute force over every pair of combinations that share no card, with the chips of
    each ending counted from the stacks here, not taken from the solver."""
    sb, bb = spot.stacks
    a, small, big = spot.ante, spot.small_blind, spot.big_blind
    matched = min(sb, bb)
    fold = -(a + small)  # SB's chips won when it folds
    steal = a + big
    win, tie = table.win(), table.tie()
    combos = [len(starting_hand(label).combos) for label in LABELS]
    # Chips the SB wins at showdown: the other's matched stack, half of it on a split.
    showdown = win * matched - win.T * matched
    sb_ev_push = np.zeros(169)
    bb_ev_call = np.zeros(169)
    bb_ev_fold = np.zeros(169)
    for i in range(169):
        weights = table.pairs[i].astype(float)  # BB's classes given SB's class i
        weights /= weights.sum()
        called = weights * bb_call
        sb_ev_push[i] = called @ showdown[i] + (weights * (1 - bb_call)).sum() * steal
    for j in range(169):
        weights = table.pairs[:, j] * sb_push  # SB's pushing classes given BB's class j
        if weights.sum() == 0:
            continue
        weights = weights / table.pairs[:, j].sum()
        bb_ev_call[j] = -(weights @ showdown[:, j])
        bb_ev_fold[j] = -weights.sum() * steal
    sb_gain = np.maximum(sb_ev_push, fold) - (sb_push * sb_ev_push + (1 - sb_push) * fold)
    bb_gain = np.maximum(bb_ev_call, bb_ev_fold) - (
        bb_call * bb_ev_call + (1 - bb_call) * bb_ev_fold
    )
    del combos, tie
    return sb_gain / big, bb_gain / big


@pytest.mark.parametrize(
    ("stacks", "ante"),
    [((10.0, 10.0), 0.0), ((10.0, 10.0), 0.1), ((4.0, 25.0), 0.0), ((30.0, 18.0), 0.2)],
)
def test_heads_up_is_an_exact_equilibrium(table, stacks, ante):
    spot = Spot(stacks, 0.5, 1.0, ante)
    result = solve(spot)
    sb_push, bb_call = result.push[0], result.call[(1, 0)]
    sb_gain, bb_gain = _heads_up_deviations(spot, sb_push, bb_call, table)
    assert sb_gain.max() < 1e-6 and bb_gain.max() < 1e-6
    # Not a trivial answer: both players play some hands and fold others.
    assert 0 < sb_push.sum() < 169 and 0 < bb_call.sum() < 169


def test_heads_up_deviation_check_catches_a_wrong_chart(table):
    spot = Spot((10.0, 10.0), 0.5, 1.0)
    result = solve(spot)
    wrong = result.push[0].copy()
    wrong[LABELS.index("72o")] = 1.0  # 72o is a fold at 10 big blinds
    sb_gain, _ = _heads_up_deviations(spot, wrong, result.call[(1, 0)], table)
    assert sb_gain[LABELS.index("72o")] > 0.1


def test_heads_up_json_contract():
    out = run("pushfold", "--stacks", "10,10", "--blinds", "0.5/1", "--ante", "0.1", "--json")
    assert out.returncode == 0, out.stderr
    payload = json.loads(out.stdout)
    assert {"sb_push", "bb_call", "exploitability_bb"} <= set(payload)
    for chart in (payload["sb_push"], payload["bb_call"]):
        assert set(chart) == set(LABELS) and len(chart) == 169
        assert all(0 <= p <= 1 for p in chart.values())
    assert payload["sb_push"]["AA"] == 1.0 and payload["sb_push"]["72o"] == 0.0
    assert payload["bb_call"]["AA"] == 1.0 and payload["bb_call"]["72o"] == 0.0
    assert 0 <= payload["exploitability_bb"] < 1e-6


def test_chart_printed_in_the_terminal():
    out = run("pushfold", "--stacks", "10,10", "--blinds", "0.5/1")
    assert out.returncode == 0, out.stderr
    assert "SB push" in out.stdout and "BB call vs SB" in out.stdout
    assert "[AA]" in out.stdout and " 72o" in out.stdout
    assert "mixed:" in out.stdout  # 10 bb heads-up mixes one class each


def _three_player_gains(spot, push, call, table, values_of):
    """Each player's gain from a best response in the 3-handed game (BTN, SB, BB),
    counted here class by class from the game's rules."""
    win, tie = table.win(), table.tie()
    pairs = table.pairs.astype(float)
    given = pairs / pairs.sum(axis=1, keepdims=True)
    prior = pairs.sum(axis=1) / pairs.sum()
    stacks = np.array([spot.stacks[2], spot.stacks[0], spot.stacks[1]])  # acting order
    posted = np.array([spot.ante, spot.ante + spot.small_blind, spot.ante + spot.big_blind])

    def after_steal(k):
        s = stacks - posted
        s[k] = stacks[k] + posted.sum() - posted[k]
        return values_of(s)

    def after_showdown(k, m, share_k):
        e = min(stacks[k], stacks[m])
        s = stacks - posted
        pot = posted.sum() - posted[k] - posted[m] + 2 * e
        s[k], s[m] = stacks[k] - e + share_k * pot, stacks[m] - e + (1 - share_k) * pot
        return values_of(s)

    walk = stacks - posted
    walk[2] += posted.sum()
    steals = {k: after_steal(k) for k in (0, 1)}
    walk = values_of(walk)
    sd = {
        (k, m): [after_showdown(k, m, x) for x in (1, 0.5, 0)] for k, m in ((0, 1), (0, 2), (1, 2))
    }
    gains = np.zeros(3)

    def showdown_value(k, m, i, j):
        w, t = win[i, j], tie[i, j]
        return w * sd[(k, m)][0] + t * sd[(k, m)][1] + (1 - w - t) * sd[(k, m)][2]

    # SB first in (BTN folded): SB pushes, BB calls or folds.
    sb_push_value = np.zeros((169, 3))
    for i in range(169):
        sb_push_value[i] = sum(
            given[i, j]
            * (call[(2, 1)][j] * showdown_value(1, 2, i, j) + (1 - call[(2, 1)][j]) * steals[1])
            for j in range(169)
        )
    sb_first_in = prior @ (push[1][:, None] * sb_push_value) + (1 - prior @ push[1]) * walk
    reach_sb = 1 - prior @ push[0]
    adv = sb_push_value[:, 1] - walk[1]
    gains[1] += reach_sb * prior @ (np.maximum(adv, 0) - push[1] * adv)
    # BB facing SB's push: class j, SB's class i weighted by P(i | j) and SB's push.
    for j in range(169):
        call_v = sum(given[j, i] * push[1][i] * showdown_value(1, 2, i, j)[2] for i in range(169))
        fold_v = sum(given[j, i] * push[1][i] for i in range(169)) * steals[1][2]
        a = reach_sb * prior[j] * (call_v - fold_v)
        gains[2] += max(a, 0) - call[(2, 1)][j] * a
    # BTN first in: SB then BB may call.
    btn_push_value = np.zeros((169, 3))
    q_sb = given @ call[(1, 0)]
    for i in range(169):
        v = np.zeros(3)
        for j in range(169):
            v += given[i, j] * call[(1, 0)][j] * showdown_value(0, 1, i, j)
            v += (1 - q_sb[i]) * given[i, j] * call[(2, 0)][j] * showdown_value(0, 2, i, j)
        q_bb = given[i] @ call[(2, 0)]
        btn_push_value[i] = v + (1 - q_sb[i]) * (1 - q_bb) * steals[0]
    adv = btn_push_value[:, 0] - sb_first_in[0]
    gains[0] += prior @ (np.maximum(adv, 0) - push[0] * adv)
    # SB facing BTN's push; then BB facing BTN's push after SB folded.
    sd_btn = [[showdown_value(0, m, i, j) for j in range(169)] for i in range(169) for m in (1, 2)]
    sb_vs_btn = {i: sd_btn[2 * i] for i in range(169)}
    bb_vs_btn = {i: sd_btn[2 * i + 1] for i in range(169)}
    # SB's value when it folds to BTN's push with BTN holding i (BB still to act).
    sb_after_fold = [
        sum(given[i, x] * call[(2, 0)][x] * bb_vs_btn[i][x][1] for x in range(169))
        + (1 - given[i] @ call[(2, 0)]) * steals[0][1]
        for i in range(169)
    ]
    for j in range(169):
        call_v = fold_v = bb_call_v = bb_fold_v = 0.0
        for i in range(169):
            w = given[j, i] * push[0][i]
            call_v += w * sb_vs_btn[i][j][1]
            fold_v += w * sb_after_fold[i]
            w_bb = w * (1 - q_sb[i])
            bb_call_v += w_bb * bb_vs_btn[i][j][2]
            bb_fold_v += w_bb * steals[0][2]
        a = prior[j] * (call_v - fold_v)
        gains[1] += max(a, 0) - call[(1, 0)][j] * a
        b = prior[j] * (bb_call_v - bb_fold_v)
        gains[2] += max(b, 0) - call[(2, 0)][j] * b
    values = prior @ (push[0][:, None] * btn_push_value) + (1 - prior @ push[0]) * sb_first_in
    return gains, values


def test_three_player_icm_equilibrium_and_gap(table):
    stacks, prizes = "1000,2000,3000", "50,30,20"
    out = run(
        "pushfold",
        "--stacks",
        stacks,
        "--blinds",
        "50/100",
        "--ante",
        "10",
        "--prizes",
        prizes,
        "--json",
    )
    assert out.returncode == 0, out.stderr
    payload = json.loads(out.stdout)
    assert payload["positions"] == ["BTN", "SB", "BB"]
    assert set(payload["charts"]) == {"BTN", "SB", "BB"}
    assert set(payload["charts"]["BB"]) == {"call_vs_BTN", "call_vs_SB"}
    assert set(payload["charts"]["SB"]) == {"push", "call_vs_BTN"}
    # Every terminal stack's ICM value is what `holdem icm` says of those stacks.
    assert len(payload["terminals"]) == 1 + 2 + 3 * 3  # walk, steals, showdowns
    for terminal in payload["terminals"]:
        chips = [str(int(s)) for s in terminal["stacks"]]
        assert all(float(c) == s for c, s in zip(chips, terminal["stacks"], strict=True))
        icm_out = run("icm", *chips, "--prizes", prizes, "--json")
        assert icm_out.returncode == 0, icm_out.stderr
        assert json.loads(icm_out.stdout)["equity"] == [round(v, 2) for v in terminal["values"]]
    # The gap, recomputed here: no one gains more than 0.01% of the pool.
    spot = Spot((1000.0, 2000.0, 3000.0), 50.0, 100.0, 10.0, (50.0, 30.0, 20.0))
    charts = payload["charts"]
    vec = lambda chart: np.array([chart[label] for label in LABELS])  # noqa: E731
    push = [vec(charts["BTN"]["push"]), vec(charts["SB"]["push"])]
    call = {
        (1, 0): vec(charts["SB"]["call_vs_BTN"]),
        (2, 0): vec(charts["BB"]["call_vs_BTN"]),
        (2, 1): vec(charts["BB"]["call_vs_SB"]),
    }
    gains, values = _three_player_gains(
        spot, push, call, table, lambda s: np.array(icm(list(s), [50, 30, 20]))
    )
    gap_pct = 100 * gains.max() / 100
    assert gap_pct < 0.01
    assert gap_pct == pytest.approx(payload["gap_pct_pool"], abs=1e-4)
    assert values.sum() == pytest.approx(100)
    assert [round(v, 4) for v in values] == [
        round(payload["values"][p], 4) for p in ("BTN", "SB", "BB")
    ]


def test_three_player_chip_ev_is_not_icm(table):
    chips = solve(Spot((10.0, 10.0, 10.0), 0.5, 1.0))
    prizes = solve(Spot((10.0, 10.0, 10.0), 0.5, 1.0, prizes=(50.0, 30.0, 20.0)))
    assert chips.gap_pct_pool < 0.01 and prizes.gap_pct_pool < 0.01
    assert chips.values.sum() == pytest.approx(30)
    # ICM punishes calling off a stack: the big blind calls less than for chips.
    assert prizes.call[(2, 0)].sum() < chips.call[(2, 0)].sum()


def test_position_names():
    assert position_names(2) == ("SB", "BB")
    assert position_names(6) == ("UTG", "HJ", "CO", "BTN", "SB", "BB")
    assert position_names(10)[:4] == ("UTG", "UTG+1", "UTG+2", "UTG+3")
    for n in range(2, 11):
        assert len(set(position_names(n))) == n


def test_six_players_every_position_has_its_charts():
    result = solve(Spot((10.0,) * 6, 0.5, 1.0, 0.1, (50.0, 30.0, 20.0)))
    charts = result.charts()
    assert list(charts) == ["UTG", "HJ", "CO", "BTN", "SB", "BB"]
    assert "push" not in charts["BB"]
    assert set(charts["BB"]) == {f"call_vs_{p}" for p in ("UTG", "HJ", "CO", "BTN", "SB")}
    assert result.gap_pct_pool < 0.01
    # Later positions push wider.
    shares = [sum(charts[p]["push"].values()) for p in ("UTG", "CO", "SB")]
    assert shares == sorted(shares)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--stacks", "10,x", "--blinds", "0.5/1"], "--stacks"),
        (["--stacks", "10", "--blinds", "0.5/1"], "2 to 10 players"),
        (["--stacks", "10,10", "--blinds", "2/1"], "small blind"),
        (["--stacks", "10,0.5", "--blinds", "0.5/1"], "cover"),
        (["--stacks", "10,10,10", "--blinds", "0.5/1", "--prizes", "1,1,1,1"], "prizes"),
        (["--stacks", "10,10", "--blinds", "0.5/1", "--gap", "0"], "--gap"),
    ],
)
def test_bad_input_is_one_sentence(args, words):
    out = run("pushfold", *args)
    assert out.returncode == 2
    assert words in out.stderr and len(out.stderr.strip().splitlines()) == 1
    assert "Traceback" not in out.stderr


def test_spot_refuses_too_many_players():
    with pytest.raises(ConfigError):
        Spot((10.0,) * 11, 0.5, 1.0)
