"""``holdem tournament sim`` with rebuys, an add-on and bounties: bots rebuy by their rule,
take the add-on at its break, and every chip and unit of money is accounted for."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.errors import ConfigError
from holdem.tournament.rules import AddonRule, BountyRule, EntryWindow, RebuyRule, TournamentRules
from holdem.tournament.sim import simulate_tournament
from tests.console import HOLDEM


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    kind=st.sampled_from(["fixed", "pko"]),
    threshold=st.sampled_from([0, 800]),
)
def test_rebuys_addon_and_bounties_add_up(seed, kind, threshold):
    rules = TournamentRules(
        buy_in=30, fee=3, rebuy=RebuyRule(2, 20, 1500, threshold=threshold, max_per_player=2),
        addon=AddonRule(2, 20, 2000), bounty=BountyRule(kind, 10),
    )  # fmt: skip
    result = simulate_tournament(9, stack=1500, table_size=5, hands_per_level=4, seed=seed,
                                 rules=rules)  # fmt: skip
    money = result.money
    assert result.chips_conserved and money["money_accounted"]
    assert money["chips_issued"] == 9 * 1500 + money["rebuys"] * 1500 + money["addons"] * 2000
    assert money["rebuys"] <= 9 * 2 and money["addons"] <= 9
    assert money["pool"] == 9 * 27 + money["rebuys"] * 17 + money["addons"] * 17
    assert sum(money["payouts"].values()) == money["pool"]
    assert sum(money["bounties"].values()) == money["bounty_money"]
    assert set(money["payouts"]) <= set(result.finishing_order[: len(money["prizes"])])
    assert list(money["payouts"]) == list(result.finishing_order[: len(money["payouts"])])


def test_no_rules_plays_as_before():
    plain = simulate_tournament(6, table_size=6, hands_per_level=3, seed=4)
    assert plain.money is None and "money" not in plain.as_json()


def test_what_a_simulation_cannot_play():
    for rules, words in (
        (TournamentRules(bounty=BountyRule("mystery", 5)), "not mystery ones"),
        (TournamentRules(reentry=EntryWindow(3)), "re-entry and late registration"),
    ):
        with pytest.raises(ConfigError, match=words):
            simulate_tournament(4, table_size=4, rules=rules)


def test_the_command_with_rebuys_and_pko(tmp_path):
    import subprocess

    out = subprocess.run(
        [HOLDEM, "tournament", "sim", "-p", "8", "--table-size", "4", "--hands-per-level", "3",
         "--buy-in", "20", "--rebuys", "2", "--bounty", "pko", "--addon", "2", "--json"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    money = json.loads(out.stdout)["money"]
    # a bounty with every head: the entries, and every rebuy (all after a bust here)
    assert money["money_accounted"] and money["bounty_money"] == (8 + money["rebuys"]) * 10
    bad = subprocess.run(
        [HOLDEM, "tournament", "sim", "--rebuy-max", "2"], capture_output=True, text=True
    )
    assert bad.returncode == 2 and "--rebuy-* options need --rebuys LEVEL" in bad.stderr
