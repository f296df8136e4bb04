"""The live tournament: worked examples of rebuys, add-ons, re-entries, bounties,
satellites, guarantees and deals, and the refusals."""

import pytest

from holdem.errors import ConfigError
from holdem.tournament.deal import chip_chop, icm_chop
from holdem.tournament.icm import exact_icm, icm
from holdem.tournament.live import Pot, Tournament, TournamentError
from holdem.tournament.prizes import prizes, satellite_prizes
from holdem.tournament.rules import (
    AddonRule,
    BountyRule,
    EntryWindow,
    RebuyRule,
    TournamentRules,
)
from holdem.tournament.shares import split


def field(rules, *names):
    t = Tournament(rules)
    for name in names:
        t.register(name)
    return t


def test_pko_bounty_split_between_two_side_pots():
    """X is all in against a short stack and a big one: the short stack wins the main
    pot, the big stack the side pot. X's 30 on the head splits by the chips X lost in
    each pot (1000 in the main, 2000 in the side: 10 and 20), and each share goes half
    to the pocket, half onto the winner's own head."""
    rules = TournamentRules(buy_in=50, starting_chips=3000, bounty=BountyRule("pko", 20))
    t = field(rules, "A", "X", "B", "C")
    t.knockout("C", ["X"])  # X's head: 20 + 10 = 30, X's stack 6000
    assert t.players["X"].head == 30 and t.players["X"].pocket == 10
    # stacks: A 3000, X 6000, B 3000. A hand to give A 1000, X 3000, B 4000 first:
    t.hand([Pot({"X": 3000, "B": 3000}, ["B"])])  # B 6000, X 3000
    t.hand([Pot({"A": 2000, "B": 2000}, ["B"])])  # A 1000, B 8000
    assert {n: p.stack for n, p in t.players.items() if not p.out} == {
        "A": 1000, "X": 3000, "B": 8000
    }  # fmt: skip
    busted = t.hand(
        [
            Pot({"A": 1000, "X": 1000, "B": 1000}, ["A"]),  # main pot: A
            Pot({"X": 2000, "B": 2000}, ["B"]),  # side pot: B
        ]
    )
    assert busted == ["X"]
    assert t.players["A"].stack == 3000 and t.players["B"].stack == 9000
    assert (t.players["A"].pocket, t.players["A"].head) == (5, 25)
    assert (t.players["B"].pocket, t.players["B"].head) == (10, 30)
    assert t.players["X"].head == 0 and t.players["X"].out


def test_two_busted_in_one_hand_place_by_their_starting_stacks():
    rules = TournamentRules(buy_in=10, starting_chips=1000, bounty=BountyRule("fixed", 5))
    t = field(rules, "A", "B", "C", "D")
    t.hand([Pot({"A": 400, "D": 400}, ["D"])])  # A 600, D 1400
    busted = t.hand(
        [
            Pot({"A": 600, "B": 600, "C": 600}, ["C"]),
            Pot({"B": 400, "C": 400}, ["C"]),
        ]
    )
    assert busted == ["A", "B"]  # A started the hand shorter: A places below B
    assert t.places() == ["B", "A"]
    assert t.players["C"].pocket == 10


def test_satellite_with_a_remainder():
    """23 entries of 30 with a 3 fee: 621 in the pool, seats of 200: three seats and
    21 to fourth place."""
    rules = TournamentRules(buy_in=30, fee=3, satellite_seat=200)
    names = [f"p{i}" for i in range(23)]
    t = field(rules, *names)
    assert t.pool == 621 and t.fees == 69
    assert t.prizes() == [200, 200, 200, 21]
    for name in names[1:]:
        t.knockout(name, [names[0]])
    assert t.finished
    paid = t.payouts()
    assert paid == {"p0": 200, "p22": 200, "p21": 200, "p20": 21}
    assert sum(paid.values()) == t.pool
    assert satellite_prizes(600, 200) == [200, 200, 200]
    assert satellite_prizes(1000, 300, entries=2) == [300, 700]


def test_guarantee_pays_the_overlay():
    t = field(TournamentRules(buy_in=20, guarantee=500), "A", "B", "C", "D")
    assert t.collected == 80 and t.pool == 500
    assert t.prizes() == [325, 175]
    assert prizes(1000, 8, guarantee=1500) == [750, 450, 300]


def test_rebuys_threshold_max_and_window():
    rules = TournamentRules(
        buy_in=20, starting_chips=1000, fee=2,
        rebuy=RebuyRule(until_level=3, cost=20, chips=1500, threshold=500, max_per_player=2),
    )  # fmt: skip
    t = field(rules, "A", "B", "C")
    with pytest.raises(
        TournamentError, match="A has 1000 chips: rebuys are for 500 chips or fewer"
    ):
        t.rebuy("A", level=1)
    t.hand([Pot({"A": 600, "B": 600}, ["B"])])  # A 400
    t.rebuy("A", level=1)
    assert t.players["A"].stack == 1900 and t.rebuys == 1
    t.rebuy("A", level=2, stack=300)  # the director counted 300 at the table
    with pytest.raises(TournamentError, match="had the 2 rebuys allowed"):
        t.rebuy("A", level=2, stack=0)
    with pytest.raises(TournamentError, match="rebuys closed at the end of level 3"):
        t.rebuy("B", level=3, on_break=True, stack=0)
    assert t.collected == 3 * 18 + 2 * 18 and t.chips_issued == 3000 + 3000 == t.chips_in_play


def test_a_busted_player_rebuys_and_the_entry_goes_on():
    rules = TournamentRules(
        buy_in=10, starting_chips=1000, rebuy=RebuyRule(2, 10, 1000), bounty=BountyRule("fixed", 5)
    )
    t = field(rules, "A", "B", "C")
    t.knockout("A", ["B"])
    assert t.players["A"].out and t.places() == ["A"] and t.players["B"].pocket == 5
    t.rebuy("A", level=1)  # a new head of 5 comes with it
    assert not t.players["A"].out and t.players["A"].head == 5 and t.places() == []
    assert t.entries == 3 and t.bounty_money == 20


def test_a_rebuy_with_the_last_bust_keeps_the_tournament_going():
    rules = TournamentRules(buy_in=10, rebuy=RebuyRule(2, 10, 1000), bounty=BountyRule("pko", 4))
    t = field(rules, "A", "B")
    t.knockout("B", ["A"], rebuy_level=1)
    assert not t.finished and not t.players["B"].out and t.players["B"].head == 4
    with pytest.raises(TournamentError, match="rebuys closed at the end of level 2"):
        t.knockout("B", ["A"], rebuy_level=3)
    t.knockout("B", ["A"])
    assert t.finished and t.payouts() == {"A": 30} and t.bounties_paid() == 12


def test_addon_once_at_its_break():
    rules = TournamentRules(buy_in=10, addon=AddonRule(at_break=2, cost=10, chips=3000))
    t = field(rules, "A", "B")
    with pytest.raises(TournamentError, match="at the break after level 2"):
        t.add_on("A", level=2, on_break=False)
    t.add_on("A", level=2, on_break=True)
    with pytest.raises(TournamentError, match="add-on already: one per player"):
        t.add_on("A", level=2, on_break=True)
    assert t.players["A"].stack == 8000 and t.pool == 30


def test_reentry_and_late_registration_windows():
    rules = TournamentRules(
        buy_in=10, reentry=EntryWindow(4), late_registration=EntryWindow(2),
        bounty=BountyRule("pko", 4),
    )  # fmt: skip
    t = field(rules, "A", "B")
    t.register("C", level=2)
    with pytest.raises(TournamentError, match="late registration is closed"):
        t.register("D", level=2, on_break=True)
    with pytest.raises(TournamentError, match="A is still playing"):
        t.reenter("A", level=3)
    t.knockout("A", ["B"])
    t.reenter("A", level=4)
    assert t.entries == 4 and t.reentries == 1 and t.players["A"].head == 4
    t.knockout("A", ["C"])
    with pytest.raises(TournamentError, match="re-entry closed at the end of level 4"):
        t.reenter("A", level=5)
    t.knockout("C", ["B"])
    assert t.finished and t.places() == ["B", "C", "A", "A"]
    assert sum(t.payouts().values()) == t.pool == 40
    assert t.bounties_paid() == t.bounty_money == 16


def test_mystery_envelopes_at_the_final_table():
    rules = TournamentRules(buy_in=10, bounty=BountyRule("mystery", 10, final_table=2))
    t = field(rules, "A", "B", "C")
    with pytest.raises(TournamentError, match="hold 25 but the bounty money is 30"):
        t.fill_envelopes([20, 5])
    t.knockout("C", ["A"])  # not at the final table yet: no envelope
    t.fill_envelopes([25, 5])
    with pytest.raises(TournamentError, match="no more heads can be bought"):
        t.register("D")
    t.knockout("B", ["A"])
    assert t.finished and t.bounties_paid() == 30 and t.players["A"].pocket == 30


def test_deal_icm_with_part_left_to_play():
    rules = TournamentRules(buy_in=100, starting_chips=1000)
    t = field(rules, *"ABCDEF")
    for name in "DEF":
        t.knockout(name, ["A"])
    assert t.prizes() == [300, 180, 120]
    with pytest.raises(TournamentError, match="stacks add up to 5000 but 6000 chips"):
        t.make_deal("icm", stacks={"A": 3000, "B": 1000, "C": 1000})
    t.make_deal("icm", left_to_play=50, stacks={"A": 3000, "B": 2000, "C": 1000})
    with pytest.raises(TournamentError, match="a deal is made: no more entries"):
        t.register("G")
    assert sum(t.deal.amounts.values()) == 550
    t.knockout("A", ["C"])
    t.knockout("B", ["C"])
    paid = t.payouts()
    assert paid["C"] == t.deal.amounts["C"] + 50
    assert sum(paid.values()) == 600


def test_chop_arithmetic():
    assert chip_chop([6000, 3000, 1000], [500, 300, 200]) == [440, 320, 240]
    assert icm_chop([5000, 3000, 2000], [500, 300, 200]) == [384, 327, 289]
    assert [float(x) for x in exact_icm([5000, 3000, 2000], [50, 30, 20])] == pytest.approx(
        icm([5000, 3000, 2000], [50, 30, 20])
    )
    assert sum(icm_chop([7, 5, 3, 1], [11, 7, 3], left_to_play=4)) == 17
    assert split(100, [1, 1, 1]) == [34, 33, 33]


def test_refusals_leave_the_tournament_as_it_was():
    t = field(TournamentRules(buy_in=10), "A", "B")
    saved = t.to_json()
    for bad in (
        lambda: t.register("A"),
        lambda: t.register(" "),
        lambda: t.rebuy("A", 1),
        lambda: t.add_on("A", 1),
        lambda: t.knockout("A", ["A"]),
        lambda: t.knockout("A", ["Z"]),
        lambda: t.hand([Pot({"A": 5000, "B": 9000}, ["A"])]),
        lambda: t.make_deal("halves"),
    ):
        with pytest.raises(TournamentError):
            bad()
        assert t.to_json() == saved


def test_saved_and_read_back():
    rules = TournamentRules.from_mapping(
        {"buy_in": 20, "fee": 2, "rebuys": {"until_level": 3, "max": 1},
         "addon": {"at_break": 3}, "bounty": {"kind": "pko", "amount": 10}}
    )  # fmt: skip
    t = field(rules, "A", "B", "C")
    t.knockout("A", ["B"])
    t.rebuy("A", 1)
    t.add_on("C", 3, on_break=True)
    again = Tournament.from_json(t.to_json())
    assert again == t and again.to_json() == t.to_json()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"buy_in": -1}, "buy_in -1: must be a whole number of 0 or more"),
        ({"rebuys": {}}, "tournament.rebuys.until_level: missing"),
        ({"rebuys": {"until_level": 2, "limit": 3}}, "unknown field 'limit'"),
        ({"bounty": {"kind": "big", "amount": 5}}, "'big' is not a bounty"),
        ({"buy_in": 10, "fee": 20}, "fee 20: more than buy_in 10"),
        ({"addon": {"at_break": "2"}}, "addon.at_break: expected a whole number"),
    ],
)
def test_bad_rules_get_one_sentence(data, message):
    with pytest.raises(ConfigError, match=message):
        TournamentRules.from_mapping(data)
