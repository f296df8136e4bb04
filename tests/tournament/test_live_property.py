"""Every chip and every unit of money accounted for, at every step of 10,000 random
tournaments with rebuys, add-ons, re-entries, late entries, bounties, deals and
satellites; a refused change leaves the tournament exactly as it was."""

from random import Random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdem.tournament.live import Pot, Tournament, TournamentError
from holdem.tournament.rules import (
    AddonRule,
    BountyRule,
    EntryWindow,
    RebuyRule,
    TournamentRules,
)


@st.composite
def tournament_rules(draw):
    buy_in = draw(st.integers(0, 200))
    prices = [buy_in]
    rebuy = addon = None
    if draw(st.booleans()):
        cost = draw(st.integers(0, 200))
        prices.append(cost)
        rebuy = RebuyRule(
            until_level=draw(st.integers(1, 6)),
            cost=cost,
            chips=draw(st.integers(1, 8000)),
            threshold=draw(st.sampled_from([0, 0, 500, 3000])),
            max_per_player=draw(st.one_of(st.none(), st.integers(1, 3))),
        )
    if draw(st.booleans()):
        cost = draw(st.integers(0, 200))
        prices.append(cost)
        addon = AddonRule(draw(st.integers(1, 6)), cost, draw(st.integers(1, 8000)))
    bounty = None
    if draw(st.booleans()):
        kind = draw(st.sampled_from(["fixed", "pko", "mystery"]))
        bounty = BountyRule(kind, draw(st.integers(1, 101)), draw(st.integers(2, 9)))
    windows = [None, *(EntryWindow(n) for n in range(1, 6))]
    return TournamentRules(
        buy_in=buy_in,
        starting_chips=draw(st.integers(1, 10_000)),
        fee=draw(st.integers(0, min(prices))),
        rebuy=rebuy,
        addon=addon,
        reentry=draw(st.sampled_from(windows)),
        late_registration=draw(st.sampled_from(windows)),
        bounty=bounty,
        guarantee=draw(st.sampled_from([0, 0, 500, 5000])),
        satellite_seat=draw(st.sampled_from([None, None, 60, 250])),
    )


class Ledger:
    """What the test itself counts from the changes that went through."""

    def __init__(self, rules):
        self.rules = rules
        self.prices = self.items = self.chips = self.heads = 0

    def entry(self):
        self.prices += self.rules.buy_in
        self.items += 1
        self.chips += self.rules.starting_chips
        self.heads += self.rules.head()

    def rebuy(self, was_out):
        self.prices += self.rules.rebuy.cost
        self.items += 1
        self.chips += self.rules.rebuy.chips
        self.heads += self.rules.head() if was_out else 0

    def addon(self):
        self.prices += self.rules.addon.cost
        self.items += 1
        self.chips += self.rules.addon.chips


def check(t: Tournament, ledger: Ledger) -> None:
    rules = t.rules
    assert t.fees == ledger.items * rules.fee
    assert t.collected == ledger.prices - t.fees  # pool = entries + rebuys + add-ons - fees
    assert t.pool == max(t.collected, rules.guarantee)
    assert t.bounty_money == ledger.heads
    assert t.bounty_money == t.heads() + t.bounties_paid() + t.mystery_pool + sum(t.envelopes)
    assert t.chips_issued == ledger.chips == t.chips_in_play  # chips in play = chips issued
    assert all(p.stack >= 0 and p.head >= 0 and p.pocket >= 0 for p in t.players.values())
    assert all(p.stack == 0 for p in t.players.values() if p.out)
    assert sum(t.prizes()) == (t.pool if t.entries else sum(t.prizes()))
    if t.finished:
        paid = t.payouts()
        assert sum(paid.values()) == t.pool
        assert sum(paid.values()) + t.bounties_paid() == t.pool + t.bounty_money
        assert t.heads() == 0 and len(t.places()) == t.entries
    else:
        assert t.payouts() == {}


def snapshot(t: Tournament) -> tuple:
    """Everything a change can move (cheaper than a deep copy; the event list only grows)."""
    return (
        t.entries, t.rebuys, t.addons, t.reentries, t.collected, t.fees, t.bounty_money,
        t.mystery_pool, tuple(t.envelopes), t.envelopes_filled, t.chips_issued,
        tuple(t.busts), t.deal is None, t.finished, t.draws, len(t.events),
        tuple((p.name, p.stack, p.head, p.pocket, p.entries, p.rebuys, p.addon, p.out)
              for p in t.players.values()),
    )  # fmt: skip


def layered_pots(rng: Random, stacks: dict[str, int]) -> list[Pot]:
    """A real hand's pots: everyone in puts in up to their stack, the pots layer by the
    amounts, and each pot goes to someone among those who put in its most."""
    put = {name: rng.randint(1, stack) for name, stack in stacks.items()}
    if rng.random() < 0.2:  # all in
        put = dict(stacks)
    levels = sorted(set(put.values()))
    pots, floor = [], 0
    for level in levels:
        contributions = {n: min(p, level) - floor for n, p in put.items() if p > floor}
        eligible = [n for n, p in put.items() if p >= level]
        winners = rng.sample(eligible, rng.choice([1, 1, 1, min(2, len(eligible))]))
        pots.append(Pot(contributions, winners))
        floor = level
    return pots


def play(rules: TournamentRules, seed: int, steps: int = 120) -> Tournament:
    rng = Random(seed)
    t = Tournament(rules, seed=seed)
    ledger = Ledger(rules)
    names = iter(f"P{i}" for i in range(10_000))
    for _ in range(rng.randint(2, 7)):
        t.register(next(names))
        ledger.entry()
    level, on_break = 1, False
    for step in range(steps):
        if t.finished:
            break
        check(t, ledger)
        everyone = list(t.players)
        playing = [n for n, p in t.players.items() if not p.out]
        out = [n for n, p in t.players.items() if p.out]
        action = rng.choice(
            ["level", "level", "level", "register", "reenter", "rebuy", "rebuy", "addon",
             "knockout", "hand", "hand", "envelopes"]
        )  # fmt: skip
        if len(playing) <= 4 and rng.random() < 0.03:
            action = "deal"
        if on_break and rules.addon and rng.random() < 0.5:
            action = "addon"
        if step > steps * 2 // 3:
            action = "knockout"
        before = snapshot(t)
        try:
            if action == "level":
                if not on_break and rng.random() < 0.4:
                    on_break = True
                else:
                    level, on_break = level + 1, False
            elif action == "register":
                t.register(next(names), level, on_break)
                ledger.entry()
            elif action == "reenter":
                t.reenter(rng.choice(out or everyone), level, on_break)
                ledger.entry()
            elif action == "rebuy":
                name = rng.choice(out if out and rng.random() < 0.7 else everyone)
                was_out = t.players[name].out
                stack = rng.choice([None, None, 0, 400, 5000])
                t.rebuy(name, level, on_break, stack=stack)
                ledger.rebuy(was_out)
            elif action == "addon":
                t.add_on(rng.choice(everyone), level, on_break)
                ledger.addon()
            elif action == "knockout":
                busted = rng.choice(everyone)
                others = [n for n in playing if n != busted] or everyone
                takers = rng.sample(others, min(len(others), rng.choice([1, 1, 2])))
                again = level if rng.random() < 0.3 else None  # a rebuy with the bust
                t.knockout(busted, [(n, rng.randint(1, 5)) for n in takers], again)
                if again is not None:
                    ledger.rebuy(was_out=True)
            elif action == "hand":
                seated = rng.sample(playing, min(len(playing), rng.randint(2, 4)))
                t.hand(layered_pots(rng, {n: t.players[n].stack for n in seated}))
            elif action == "envelopes":
                pool = t.mystery_pool
                cuts = sorted(rng.randint(0, pool) for _ in range(rng.randint(0, 4)))
                t.fill_envelopes([b - a for a, b in zip([0, *cuts], [*cuts, pool], strict=True)])
            elif action == "deal":
                first = (t.prizes() or [0])[0]
                t.make_deal(rng.choice(["icm", "chips"]), rng.randint(0, first))
        except TournamentError:
            assert snapshot(t) == before, f"refused {action} changed the tournament"
        except ValueError as error:  # sampling from an empty list: nothing to try
            assert "empty" in str(error) or "larger than population" in str(error), error
            assert snapshot(t) == before
    check(t, ledger)
    return t


@settings(
    max_examples=10_000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(rules=tournament_rules(), seed=st.integers(0, 2**32))
def test_every_chip_and_unit_of_money_is_accounted_for(rules, seed):
    t = play(rules, seed)
    again = Tournament.from_json(t.to_json())  # saved and read back: the same tournament
    assert again == t
