"""PokerStars-style text histories of hands played at a real ``Table``."""

import random
import re
from datetime import UTC, datetime, timedelta, timezone

import pytest

from holdem.bots import BOTS, view_for
from holdem.cards import ALL_CARDS, Deck, parse_cards
from holdem.engine import Action, AnteKind, Structure
from holdem.history.pokerstars import PokerStarsError, pokerstars_description, pokerstars_text
from holdem.table import NewPlayerRule, PlayedHand, Table, TableSettings

WHEN = datetime(2024, 5, 1, 18, 30, tzinfo=UTC)


def stacked(holes: list[str], board: str = "") -> Deck:
    """A deck dealing ``holes[position]`` (R2: one card at a time, twice round), then the
    board with a burn before each street; every other card after."""
    hands = [parse_cards(h) for h in holes]
    street_cards = parse_cards(board)
    burns = iter(c for c in ALL_CARDS if c not in {*street_cards, *(c for h in hands for c in h)})
    order = [h[0] for h in hands] + [h[1] for h in hands]
    for start, end in ((0, 3), (3, 4), (4, 5)):
        if len(street_cards) >= end:
            order += [next(burns), *street_cards[start:end]]
    rest = [c for c in ALL_CARDS if c not in order]
    return Deck(order + rest)


def make_table(players, seats=6, **settings) -> Table:
    """``players``: (seat, name, chips) each."""
    settings.setdefault("min_buy_in", 10)
    t = Table(TableSettings(seats=seats, **settings), rng=random.Random(0))
    for seat, name, chips in players:
        t.sit(seat, name, chips)
    return t


def finish(t: Table, seat_actions) -> PlayedHand:
    for seat, action in seat_actions:
        assert t.seat_to_act == seat, f"seat {t.seat_to_act} is to act, not {seat}"
        t.act(seat, action)
    assert t.hand is not None and t.hand.is_over
    return t.history[-1]


def check_down(t: Table) -> PlayedHand:
    hand = t.hand
    assert hand is not None
    while not hand.is_over:
        legal = hand.legal_actions()
        t.act(t.seat_to_act, Action.call() if legal.call else Action.check())
    return t.history[-1]


def text(played: PlayedHand, hero: int | None = None, seats: int = 6) -> str:
    return pokerstars_text(
        played, table_name="Friday", started_at=WHEN, hero_seat=hero, max_seats=seats
    )


THREE = [(0, "Ana", 100), (2, "Ben", 100), (4, "Cleo", 100)]  # Ana has the first button


def test_a_hand_won_by_folds_returns_the_uncalled_bet():
    t = make_table(THREE)
    t.start_hand(stacked(["Qd Jc", "7h 2c", "As Ks"]))  # Ben, Cleo, Ana by position
    played = finish(t, [(0, Action.raise_to(6)), (2, Action.fold()), (4, Action.fold())])
    assert text(played, hero=0) == (
        "PokerStars Hand #1:  Hold'em No Limit (1/2)"
        " - 2024/05/01 18:30:00 UTC [2024/05/01 14:30:00 ET]\n"
        "Table 'Friday' 6-max (Play Money) Seat #1 is the button\n"
        "Seat 1: Ana (100 in chips)\n"
        "Seat 3: Ben (100 in chips)\n"
        "Seat 5: Cleo (100 in chips)\n"
        "Ben: posts small blind 1\n"
        "Cleo: posts big blind 2\n"
        "*** HOLE CARDS ***\n"
        "Dealt to Ana [As Ks]\n"
        "Ana: raises 4 to 6\n"
        "Ben: folds\n"
        "Cleo: folds\n"
        "Uncalled bet (4) returned to Ana\n"
        "Ana collected 5 from pot\n"
        "Ana: doesn't show hand\n"
        "*** SUMMARY ***\n"
        "Total pot 5 | Rake 0\n"
        "Seat 1: Ana (button) collected (5)\n"
        "Seat 3: Ben (small blind) folded before Flop\n"
        "Seat 5: Cleo (big blind) folded before Flop\n"
        "\n"
    )


def test_all_ins_and_side_pots_at_the_showdown():
    t = make_table([(0, "Ana", 30), (2, "Ben", 60), (4, "Cleo", 100)])
    t.start_hand(stacked(["Ks Kh", "Qs Qh", "As Ah"], "2c 7d 9h Js 4c"))
    played = finish(t, [(0, Action.raise_to(30)), (2, Action.raise_to(60)), (4, Action.call())])
    assert text(played, hero=4) == (
        "PokerStars Hand #1:  Hold'em No Limit (1/2)"
        " - 2024/05/01 18:30:00 UTC [2024/05/01 14:30:00 ET]\n"
        "Table 'Friday' 6-max (Play Money) Seat #1 is the button\n"
        "Seat 1: Ana (30 in chips)\n"
        "Seat 3: Ben (60 in chips)\n"
        "Seat 5: Cleo (100 in chips)\n"
        "Ben: posts small blind 1\n"
        "Cleo: posts big blind 2\n"
        "*** HOLE CARDS ***\n"
        "Dealt to Cleo [Qs Qh]\n"
        "Ana: raises 28 to 30 and is all-in\n"
        "Ben: raises 30 to 60 and is all-in\n"
        "Cleo: calls 58\n"
        "*** FLOP *** [2c 7d 9h]\n"
        "*** TURN *** [2c 7d 9h] [Js]\n"
        "*** RIVER *** [2c 7d 9h Js] [4c]\n"
        "*** SHOW DOWN ***\n"
        "Ben: shows [Ks Kh] (a pair of Kings)\n"
        "Cleo: shows [Qs Qh] (a pair of Queens)\n"  # turned up at the all-in (R30)
        "Ana: shows [As Ah] (a pair of Aces)\n"
        "Ben collected 60 from side pot\n"
        "Ana collected 90 from main pot\n"
        "*** SUMMARY ***\n"
        "Total pot 150 Main pot 90. Side pot 60. | Rake 0\n"
        "Board [2c 7d 9h Js 4c]\n"
        "Seat 1: Ana (button) showed [As Ah] and won (90) with a pair of Aces\n"
        "Seat 3: Ben (small blind) showed [Ks Kh] and won (60) with a pair of Kings\n"
        "Seat 5: Cleo (big blind) showed [Qs Qh] and lost with a pair of Queens\n"
        "\n"
    )


def test_two_side_pots_are_numbered():
    players = [(0, "Ana", 20), (1, "Ben", 50), (2, "Cleo", 80), (3, "Dan", 200)]
    t = make_table(players)
    # Positions: Ben (SB), Cleo (BB), Dan, Ana (button).
    t.start_hand(stacked(["Ks Kh", "Qs Qh", "3c 2d", "As Ah"], "2c 7d 9h Js 8c"))
    played = finish(
        t,
        [
            (3, Action.raise_to(10)),
            (0, Action.all_in()),
            (1, Action.all_in()),
            (2, Action.all_in()),
            (3, Action.call()),
        ],
    )
    lines = text(played).splitlines()
    assert "Dan: calls 70" in lines
    assert "Dan: shows [3c 2d] (a pair of Deuces)" in lines  # turned up: Dan cannot muck
    assert lines[lines.index("*** SUMMARY ***") + 1] == (
        "Total pot 230 Main pot 80. Side pot-1 90. Side pot-2 60. | Rake 0"
    )
    assert "Cleo collected 60 from side pot-2" in lines
    assert "Ben collected 90 from side pot-1" in lines
    assert "Ana collected 80 from main pot" in lines


def test_a_loser_who_mucks_shows_nothing():
    t = make_table(THREE)
    t.start_hand(stacked(["Ks Kh", "7c 2d", "As Ah"], "3c 8d 9h Js 4c"))
    played = finish(
        t,
        [(0, Action.call()), (2, Action.call()), (4, Action.check())]
        + [(2, Action.check()), (4, Action.check()), (0, Action.check())] * 3,
    )
    out = text(played, hero=4)
    assert "Cleo: mucks hand" in out
    assert "Seat 5: Cleo (big blind) mucked [7c 2d]" in out  # the hero sees their own cards
    assert "[7c 2d]" not in text(played, hero=0)  # nobody else does
    assert "Seat 5: Cleo (big blind) mucked\n" in text(played, hero=0)


def test_antes_are_posted_first_and_count_in_the_pot():
    t = make_table(THREE, ante=1, ante_kind=AnteKind.UNIFORM)
    t.start_hand(stacked(["Qd Jc", "7h 2c", "As Ks"]))
    played = finish(t, [(0, Action.raise_to(6)), (2, Action.fold()), (4, Action.fold())])
    lines = text(played).splitlines()
    assert lines[5:10] == [
        "Ben: posts the ante 1",
        "Cleo: posts the ante 1",
        "Ana: posts the ante 1",
        "Ben: posts small blind 1",
        "Cleo: posts big blind 2",
    ]
    assert "Ana collected 8 from pot" in lines
    assert "Total pot 8 | Rake 0" in lines


def test_a_big_blind_ante():
    t = make_table(THREE, ante=2, ante_kind=AnteKind.BIG_BLIND)
    t.start_hand(stacked(["Qd Jc", "7h 2c", "As Ks"]))
    played = finish(t, [(0, Action.raise_to(6)), (2, Action.fold()), (4, Action.fold())])
    lines = text(played).splitlines()
    assert "Cleo: posts the ante 2" in lines
    assert "Total pot 7 | Rake 0" in lines


def test_hole_cards_appear_only_for_the_hero():
    t = make_table(THREE)
    t.start_hand(stacked(["Qd Jc", "7h 2c", "As Ks"]))
    played = finish(t, [(0, Action.raise_to(6)), (2, Action.fold()), (4, Action.fold())])
    for hero, mine, others in [
        (2, "Qd Jc", ("7h 2c", "As Ks")),
        (4, "7h 2c", ("Qd Jc", "As Ks")),
        (0, "As Ks", ("Qd Jc", "7h 2c")),
    ]:
        out = text(played, hero=hero)
        assert out.count("Dealt to") == 1
        assert f"[{mine}]" in out
        assert not any(f"[{cards}]" in out for cards in others)
    spectator = text(played)
    assert "Dealt to" not in spectator
    assert not re.search(r"\[[2-9TJQKA][cdhs] [2-9TJQKA][cdhs]\]", spectator)
    assert "Dealt to" not in text(played, hero=1)  # an empty seat


def test_a_split_pot():
    t = make_table(THREE)
    # Everyone plays the board's straight: three ways, the odd chip to the first after
    # the button (R25).
    t.start_hand(stacked(["2c 3d", "2d 3h", "2h 3s"], "5c 6d 7h 8s 9c"))
    played = check_down(t)
    out = text(played)
    assert "Ben collected 2 from pot\nCleo collected 2 from pot\nAna collected 2 from pot\n" in out
    assert "Seat 1: Ana (button) showed [2h 3s] and won (2) with a straight, Five to Nine" in out
    assert "Total pot 6 | Rake 0" in out


def test_heads_up_the_button_is_the_small_blind():
    t = make_table([(1, "Ana", 100), (4, "Ben", 100)])
    t.start_hand(stacked(["Qd Jc", "As Ks"]))  # heads-up the big blind is position 0
    played = finish(t, [(1, Action.raise_to(6)), (4, Action.fold())])
    lines = text(played).splitlines()
    assert lines[4:6] == ["Ana: posts small blind 1", "Ben: posts big blind 2"]
    assert "Seat 2: Ana (button) (small blind) collected (4)" in lines
    assert lines[1] == "Table 'Friday' 6-max (Play Money) Seat #2 is the button"


def test_postflop_bets_raises_and_calls():
    t = make_table(THREE)
    t.start_hand(stacked(["Ks Kh", "7c 2d", "As Ah"], "3c 8d 9h Js 4c"))
    played = finish(
        t,
        [
            (0, Action.call()),
            (2, Action.call()),
            (4, Action.check()),
            (2, Action.bet(4)),
            (4, Action.fold()),
            (0, Action.raise_to(14)),
            (2, Action.call()),
            (2, Action.check()),
            (0, Action.check()),
            (2, Action.check()),
            (0, Action.check()),
        ],
    )
    out = text(played)
    assert (
        "*** FLOP *** [3c 8d 9h]\nBen: bets 4\nCleo: folds\nAna: raises 10 to 14\nBen: calls 10\n"
        "*** TURN *** [3c 8d 9h] [Js]\nBen: checks\nAna: checks\n"
    ) in out
    assert "Seat 5: Cleo (big blind) folded on the Flop" in out
    assert "Ana collected 34 from pot" in out


def test_a_straddle_and_a_live_post():
    players = [(0, "Ana", 100), (1, "Ben", 100), (2, "Cleo", 100), (3, "Dan", 100)]
    t = make_table(players, straddles=True, new_players=NewPlayerRule.POST)
    t.straddle(3)  # Dan is after the first big blind (seat 2)
    t.start_hand()
    lines = text(check_down(t)).splitlines()
    assert [line for line in lines if ": posts " in line] == [
        "Ben: posts small blind 1",
        "Cleo: posts big blind 2",
        "Dan: posts straddle 4",
    ]
    t.sit(5, "Eve", 100)  # a new player posting a big blind at once (R38)
    t.start_hand()
    lines = text(check_down(t)).splitlines()
    assert [line for line in lines if ": posts " in line] == [
        "Cleo: posts small blind 1",
        "Dan: posts big blind 2",
        "Eve: posts big blind 2",
    ]
    assert "Seat 6: Eve (100 in chips)" in lines


def test_missed_blinds_are_posted_small_and_big():
    players = [(0, "Ana", 100), (1, "Ben", 100), (2, "Cleo", 100), (3, "Dan", 100)]
    t = make_table(players, new_players=NewPlayerRule.POST)
    t.sit_out(3)
    for _ in range(3):
        t.start_hand()
        check_down(t)
    t.sit_in(3)
    for _ in range(4):
        t.start_hand()
        played = check_down(t)
        out = text(played)
        if "Dan: posts small & big blinds 3" in out:
            return
    pytest.fail("Dan never posted the missed blinds")


def test_run_it_twice_has_first_and_second_boards():
    t = make_table([(0, "Ana", 100), (3, "Ben", 100)], run_it_twice=True)
    t.start_hand(stacked(["Ks Kh", "As Ah"], "2c 7d 9h Js 4c"))
    played = finish(t, [(0, Action.all_in()), (3, Action.call())])
    out = text(played)
    first, second = played.hand.boards
    assert f"*** FIRST FLOP *** [{' '.join(map(str, first[:3]))}]" in out
    assert f"*** SECOND RIVER *** [{' '.join(map(str, second[:4]))}] [{second[4]}]" in out
    assert "*** FIRST SHOW DOWN ***" in out and "*** SECOND SHOW DOWN ***" in out
    assert "Hand was run twice\n" in out
    assert f"SECOND Board [{' '.join(map(str, second))}]" in out
    assert "Total pot 200 | Rake 0" in out
    assert sum(int(n) for n in re.findall(r"collected (\d+) from", out)) == 200


def test_pot_and_fixed_limit_headers():
    t = make_table(THREE, structure=Structure.POT_LIMIT)
    t.start_hand()
    assert "Hold'em Pot Limit (1/2)" in text(check_down(t))
    t = make_table(THREE, structure=Structure.FIXED_LIMIT)
    t.start_hand()
    assert "Hold'em Limit (2/4)" in text(check_down(t))  # Limit stakes are the bet sizes


def test_the_time_is_written_in_utc_and_the_hand_number_can_be_given():
    t = make_table(THREE)
    t.start_hand()
    played = check_down(t)
    paris = datetime(2024, 5, 1, 20, 30, 5, tzinfo=timezone(timedelta(hours=2)))
    out = pokerstars_text(
        played, table_name="Bob's\ngame", started_at=paris, max_seats=9, hand_number=700123
    )
    assert out.startswith(
        "PokerStars Hand #700123:  Hold'em No Limit (1/2)"
        " - 2024/05/01 18:30:05 UTC [2024/05/01 14:30:05 ET]\n"
        "Table 'Bob\u2019s game' 9-max (Play Money) Seat #1 is the button\n"
    )


def test_unwritable_hands_and_arguments_are_refused():
    t = make_table(THREE)
    t.start_hand()
    current = t.current
    assert current is not None
    with pytest.raises(PokerStarsError, match="still being played"):
        text(current)
    t.void_hand()
    with pytest.raises(
        PokerStarsError, match="was voided or misdealt: only a hand played to the end"
    ):
        text(current)
    t.start_hand()
    played = check_down(t)
    with pytest.raises(PokerStarsError, match="seat 5 is in the hand"):
        text(played, seats=4)
    with pytest.raises(PokerStarsError, match="2 to 10 seats"):
        text(played, seats=11)
    with pytest.raises(PokerStarsError, match="hero_seat 6 is not a seat"):
        text(played, hero=6)


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("As Ks Qs Js Ts 2c 3d", "a Royal Flush"),
        ("9s Ks Qs Js Ts 2c 3d", "a straight flush, Nine to King"),
        ("9s 9d 9h 9c Ts 2c 3d", "four of a kind, Nines"),
        ("9s 9d 9h Tc Ts 2c 3d", "a full house, Nines full of Tens"),
        ("As 8s 6s 4s 2s Kd 3d", "a flush, Ace high"),
        ("6c 7d 8h 9s Ts 2c 3d", "a straight, Six to Ten"),
        ("2c 2d 2h 9s Ts Kc 3d", "three of a kind, Deuces"),
        ("2c 2d 3h 3s Ts Kc 7d", "two pair, Threes and Deuces"),
        ("Ac Ad 3h 8s Ts Kc 7d", "a pair of Aces"),
        ("Ac Jd 3h 8s Ts 2c 7d", "high card Ace"),
    ],
)
def test_hands_in_pokerstars_words(cards, words):
    assert pokerstars_description(parse_cards(cards)) == words


# -- many hands of bots --------------------------------------------------------------------


def replay_text(out: str, big_blind: int) -> dict[str, int]:
    """Each player's chips after the hand, computed from the text alone, as a tracker would."""
    stacks = {
        m[1]: int(m[2]) for m in re.finditer(r"^Seat \d+: (.+) \((\d+) in chips\)$", out, re.M)
    }
    bets = dict.fromkeys(stacks, 0)
    for line in out.splitlines():
        if line.startswith("*** ") and any(s in line for s in ("FLOP", "TURN", "RIVER")):
            bets = dict.fromkeys(stacks, 0)
            continue
        if m := re.fullmatch(r"(.+): posts the ante (\d+)( and is all-in)?", line):
            stacks[m[1]] -= int(m[2])
        elif m := re.fullmatch(r"(.+): posts small & big blinds (\d+)( and is all-in)?", line):
            stacks[m[1]] -= int(m[2])
            bets[m[1]] += min(int(m[2]), big_blind)
        elif m := re.fullmatch(
            r"(.+): (?:posts small blind|posts big blind|posts straddle|calls) (\d+)( and.*)?",
            line,
        ):
            stacks[m[1]] -= int(m[2])
            bets[m[1]] += int(m[2])
        elif m := re.fullmatch(r"(.+): bets (\d+)( and is all-in)?", line):
            stacks[m[1]] -= int(m[2]) - bets[m[1]]
            bets[m[1]] = int(m[2])
        elif m := re.fullmatch(r"(.+): raises (\d+) to (\d+)( and is all-in)?", line):
            assert int(m[3]) - int(m[2]) == max(bets.values()), line  # raised by, over the bet
            stacks[m[1]] -= int(m[3]) - bets[m[1]]
            bets[m[1]] = int(m[3])
        elif m := re.fullmatch(r"Uncalled bet \((\d+)\) returned to (.+)", line):
            stacks[m[2]] += int(m[1])
        elif m := re.fullmatch(
            r"(.+) collected (\d+) from (?:pot|main pot|side pot(?:-\d+)?)", line
        ):
            stacks[m[1]] += int(m[2])
    return stacks


SESSIONS = [
    dict(structure=Structure.NO_LIMIT, ante=1, run_it_twice=True, straddles=True),
    dict(structure=Structure.POT_LIMIT, ante=2, ante_kind=AnteKind.BIG_BLIND),
    dict(structure=Structure.FIXED_LIMIT, new_players=NewPlayerRule.POST),
]


@pytest.mark.parametrize("session", range(len(SESSIONS)))
def test_every_hand_of_a_bot_session_is_written_and_adds_up(session):
    rng = random.Random(session)
    t = Table(TableSettings(seats=6, min_buy_in=20, max_buy_in=200, **SESSIONS[session]), rng=rng)
    kinds = ["random", "random", "caller", "tag", "random", "random"]
    bots = {seat: BOTS[kind](random.Random(seat)) for seat, kind in enumerate(kinds)}
    for seat in range(5):
        t.sit(seat, f"p{seat}", rng.randint(20, 200))
    written = 0
    while written < 100:
        for seat, player in enumerate(t.seats):
            if player is not None and player.stack < 20:
                t.top_up(seat, 100)
        if rng.random() < 0.1:  # someone comes or goes
            seat = rng.randrange(6)
            if t.seats[seat] is None:
                t.sit(seat, f"q{seat}-{written}", 100)
            elif len(t.active_seats()) > 2:
                t.leave(seat)
        if t.settings.straddles and rng.random() < 0.2 and t.blinds is not None:
            t.straddle(rng.choice(t.active_seats()))
        t.start_hand()
        while not t.hand.is_over:
            seat = t.seat_to_act
            position = t.current.seat_of.index(seat)
            t.act(seat, bots[seat].decide(view_for(t.hand, position), t.hand.legal_actions()))
        played = t.history[-1]
        hero = rng.choice(played.seat_of)
        out = pokerstars_text(
            played, table_name="Bots", started_at=WHEN, hero_seat=hero, max_seats=6
        )
        written += 1
        final = played.hand.final_stacks
        names = played.names
        assert replay_text(out, t.settings.big_blind) == {
            names[p]: final[p] for p in range(len(names))
        }, out
        total = int(re.search(r"^Total pot (\d+)", out, re.M)[1])
        assert total == sum(int(n) for n in re.findall(r" collected (\d+) from", out))
        shown = set(re.findall(r": shows \[(\w\w \w\w)\]", out))
        for position, hole in enumerate(played.hand.holes):
            cards = " ".join(map(str, hole))
            if played.seat_of[position] != hero and cards not in shown:
                assert f"[{cards}]" not in out, out
        assert out.count("Dealt to") == 1


def test_a_bomb_pot_has_antes_and_no_blinds():
    t = make_table(THREE)
    t.bomb_pot(5)
    t.start_hand(stacked(["Ks Kh", "7c 2d", "As Ah"], "3c 8d 9h Js 4c"))
    out = text(check_down(t))
    assert "Ben: posts the ante 5\nCleo: posts the ante 5\nAna: posts the ante 5\n" in out
    assert "*** HOLE CARDS ***\n*** FLOP *** [3c 8d 9h]\n" in out
    assert "blind" not in out
    assert "Total pot 15 | Rake 0" in out
