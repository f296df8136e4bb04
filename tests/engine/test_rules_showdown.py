"""RULES.md R27-R31 (showdown) and the worked hands E1 and E2."""

from __future__ import annotations

from holdem.cards import Deck, parse_cards
from holdem.engine import Action, ActionKind, Hand, HandConfig, Phase
from holdem.engine import events as ev
from tests.engine.helpers import ALL_IN, CALL, CHECK, FOLD, assert_refused, play, stacked

SHOW, MUCK = Action.show(), Action.muck()


def nl(stacks: list[int], sb: int = 50, bb: int = 100, **kw: object) -> HandConfig:
    return HandConfig.create("nl", stacks, small_blind=sb, big_blind=bb, **kw)


def check_down(hand: Hand) -> None:
    while hand.phase == Phase.BETTING:
        hand.act(CHECK)


def shown(hand: Hand) -> list[int]:
    return [e.player for e in hand.events if isinstance(e, ev.CardsShown)]


def pot_rounds(hand: Hand) -> list[int]:
    return [e.pot for e in hand.events if isinstance(e, ev.BettingRoundEnded)]


def showing_order(hand: Hand) -> list[int]:
    """With auto_showdown off: every player shows in turn; the order they were asked in."""
    order = []
    while hand.phase == Phase.SHOWDOWN:
        legal = hand.legal_actions()
        assert legal.show and legal.muck and not legal.fold
        order.append(legal.player)
        hand.act(SHOW)
    return order


# -- E1 and E2 --------------------------------------------------------------------------------


def test_e1_four_player_hand():
    # Blinds 25/50; you are the button (3) with A♠K♠, UTG (2) holds A♦J♣.
    deck = stacked(["7c2d", "8h3c", "AdJc", "AsKs"], "AhTs4c Qs 7s")
    hand = Hand(nl([10000] * 4, sb=25, bb=50), deck)
    play(hand, (2, CALL), (3, Action.raise_to(150)), (0, FOLD), (1, FOLD), (2, CALL))
    assert hand.pot_total == 375
    assert hand.board == parse_cards("AhTs4c")
    play(hand, (2, CHECK), (3, Action.bet(200)), (2, CALL))
    assert hand.pot_total == 775
    assert hand.board[3] == parse_cards("Qs")[0]
    play(hand, (2, CHECK), (3, CHECK))
    assert hand.board[4] == parse_cards("7s")[0]
    play(hand, (2, Action.bet(300)), (3, CALL))
    assert pot_rounds(hand) == [375, 775, 775, 1375]
    # UTG bet last and shows first; the ace-high flush wins.
    assert shown(hand) == [2, 3]
    result = hand.result
    assert result is not None
    assert [s.description for s in result.shown] == [
        "Pair of aces, queen, jack and ten kickers",
        "Flush, ace high",
    ]
    assert [(p.amount, p.shares) for p in result.pots] == [(1375, ((3, 1375),))]
    assert result.final_stacks == (9975, 9950, 10000 - 650, 10000 + 725)


def test_e2_six_player_hand():
    # $1/$2, $200 each. Positions: small blind 0, Priya the big blind 1, UTG 2, Dan the
    # hijack 3, the cutoff 4, you the button 5 with A♠J♠; Dan holds K♣J♦.
    holes = ["2c2d", "Tc9c", "4h4d", "KcJd", "6c6d", "AsJs"]
    hand = Hand(nl([200] * 6, sb=1, bb=2), stacked(holes, "Jh8s3s 5d Qs"), auto_showdown=False)
    play(hand, (2, FOLD), (3, Action.raise_to(6)), (4, FOLD), (5, CALL), (0, FOLD), (1, CALL))
    assert hand.pot_total == 19
    play(hand, (1, CHECK), (3, Action.bet(12)), (5, CALL), (1, FOLD))
    assert hand.pot_total == 43
    play(hand, (3, CHECK), (5, Action.bet(25)), (3, CALL))
    assert hand.pot_total == 93
    play(hand, (3, CHECK), (5, Action.bet(60)), (3, CALL))
    assert pot_rounds(hand) == [19, 43, 93, 213]
    # You bet last and show first, then Dan.
    assert showing_order(hand) == [5, 3]
    result = hand.result
    assert result is not None
    assert [(s.player, s.description) for s in result.shown] == [
        (5, "Flush, ace high"),
        (3, "Pair of jacks, king, queen and eight kickers"),
    ]
    assert [(p.amount, p.shares) for p in result.pots] == [(213, ((5, 213),))]
    assert result.net[3] == -103  # Dan put in $103
    assert result.final_stacks == (199, 194, 200, 97, 200, 310)


# -- R27: best five of seven ------------------------------------------------------------------


def _heads_up_showdown(holes: list[str], board: str) -> Hand:
    hand = Hand(nl([1000, 1000]), stacked(holes, board))
    play(hand, (1, CALL), (0, CHECK))
    check_down(hand)
    return hand


def test_r27_best_five_using_both_hole_cards():
    hand = _heads_up_showdown(["QhJh", "AsAd"], "AhKh7h2c3d")
    result = hand.result
    assert result is not None
    assert result.pots[0].shares == ((0, 200),)
    assert result.shown[0].description == "Flush, ace high"


def test_r27_best_five_using_one_hole_card():
    hand = _heads_up_showdown(["Qh2s", "KsKd"], "AhKh7h2h3d")
    result = hand.result
    assert result is not None
    assert result.pots[0].shares == ((0, 200),)
    assert result.shown[0].description == "Flush, ace high"


def test_r27_playing_the_board_everyone_still_in_splits():
    hand = Hand(nl([1000] * 4), stacked(["2c3c", "4d5d", "6h7h", "8c9c"], "AsKdQcJhTs"))
    play(hand, (2, CALL), (3, FOLD), (0, CALL), (1, CHECK))
    check_down(hand)
    result = hand.result
    assert result is not None
    assert [(p.amount, p.shares) for p in result.pots] == [(300, ((0, 100), (1, 100), (2, 100)))]


def test_r27_a_hole_card_that_beats_the_board_wins():
    hand = _heads_up_showdown(["2c3c", "9d4d"], "KsQdJcTh2s")
    result = hand.result
    assert result is not None
    assert result.pots[0].shares == ((1, 200),)  # K-Q-J-T-9 beats the board's K-Q-J-T-2 pair


# -- R28: showing order -----------------------------------------------------------------------


def _to_the_river(**kw: object) -> Hand:
    hand = Hand(nl([1000] * 4, **kw), Deck(), auto_showdown=False)
    play(hand, (2, CALL), (3, CALL), (0, CALL), (1, CHECK))
    return hand


def test_r28_last_aggressor_shows_first():
    hand = _to_the_river()
    for _ in range(2):
        play(hand, (0, CHECK), (1, CHECK), (2, CHECK), (3, CHECK))
    play(hand, (0, CHECK), (1, Action.bet(100)), (2, Action.raise_to(300)), (3, FOLD))
    play(hand, (0, CALL), (1, CALL))
    # The raiser shows first, then clockwise: the button has folded.
    assert showing_order(hand) == [2, 0, 1]


def test_r28_river_bettor_shows_first():
    hand = _to_the_river()
    for _ in range(2):
        play(hand, (0, CHECK), (1, CHECK), (2, CHECK), (3, CHECK))
    play(hand, (0, CHECK), (1, CHECK), (2, CHECK), (3, Action.bet(100)))
    play(hand, (0, CALL), (1, CALL), (2, CALL))
    assert showing_order(hand) == [3, 0, 1, 2]


def test_r28_everyone_checked_first_active_left_of_the_button_shows_first():
    hand = _to_the_river()
    play(hand, (0, Action.bet(100)), (1, CALL), (2, CALL), (3, CALL))  # a flop bet
    play(hand, (0, CHECK), (1, CHECK), (2, CHECK), (3, Action.bet(200)))
    play(hand, (0, FOLD), (1, CALL), (2, CALL))  # a turn bet, the small blind out
    play(hand, (1, CHECK), (2, CHECK), (3, CHECK))
    # Everyone checked the river: the earlier bets do not count.
    assert showing_order(hand) == [1, 2, 3]


def test_r28_automatic_showdown_follows_the_same_order():
    deck = stacked(["2c3d", "KsKh", "AsAh", "7c8d"], "Jd9h4s5c Qc")
    hand = Hand(nl([1000] * 4), deck)
    play(hand, (2, CALL), (3, CALL), (0, FOLD), (1, CHECK))
    for _ in range(2):
        play(hand, (1, CHECK), (2, CHECK), (3, CHECK))
    play(hand, (1, Action.bet(100)), (2, CALL), (3, CALL))
    # The bettor (kings) shows first; aces show (they win); 8-7 high cannot win: mucked.
    assert shown(hand) == [1, 2]
    assert hand.result is not None and hand.result.mucked == (3,)


# -- R29: mucking, cards speak ----------------------------------------------------------------


def test_r29_a_losing_hand_is_mucked_and_gives_up_the_pot():
    deck = stacked(["AsAh", "KsKh"], "2c7d9h3c4d")
    hand = Hand(nl([1000, 1000]), deck)
    play(hand, (1, CALL), (0, CHECK))
    check_down(hand)
    events_at_showdown = [e for e in hand.events if isinstance(e, (ev.CardsShown, ev.CardsMucked))]
    assert events_at_showdown == [
        ev.CardsShown(0, tuple(parse_cards("AsAh")), "Pair of aces, nine, seven and four kickers"),
        ev.CardsMucked(1),
    ]
    assert hand.result is not None
    assert hand.result.mucked == (1,)
    assert hand.result.pots[0].shares == ((0, 200),)


def test_r29_mucking_a_winning_hand_gives_up_every_claim():
    hand = Hand(
        nl([1000] * 3), stacked(["AsAh", "KsKh", "QsQh"], "2c7d9h3c4d"), auto_showdown=False
    )
    play(hand, (2, CALL), (0, CALL), (1, CHECK))
    check_down(hand)
    play(hand, (0, MUCK), (1, SHOW), (2, SHOW))  # the aces are thrown away unseen
    result = hand.result
    assert result is not None
    assert result.mucked == (0,)
    assert [(p.amount, p.eligible, p.shares) for p in result.pots] == [
        (300, (0, 1, 2), ((1, 300),))
    ]


def test_r29_to_win_a_player_shows_both_hole_cards():
    # Explicit dealing, as from a live table: player 1's cards are not known to the engine.
    hand = Hand(nl([1000] * 2), auto_showdown=False)
    hand.deal_hole(0, [None, None])
    hand.deal_hole(1, parse_cards("KsKh"))
    play(hand, (1, CALL), (0, CHECK))
    for board in ("2c7d9h", "3c", "4d"):
        hand.deal_board(parse_cards(board))
        play(hand, (0, CHECK), (1, CHECK))
    assert hand.phase == Phase.SHOWDOWN and hand.to_act == 0
    assert_refused(hand, SHOW, "player 1's cards are unknown: show both cards")
    assert_refused(hand, Action.show(tuple(parse_cards("As"))), "show both cards")
    assert_refused(hand, CHECK, "at the showdown you can show or muck, not check")
    play(hand, (0, Action.show(tuple(parse_cards("AsAh")))))
    assert_refused(hand, Action.show(tuple(parse_cards("QsQh"))), "holds other cards")
    play(hand, (1, SHOW))
    assert hand.result is not None
    assert hand.result.pots[0].shares == ((0, 200),)


def _tabled_at_the_all_in() -> Hand:
    """The button all-in for 300, the small blind calls with 1000: both hands turned up,
    the runout dealt; at the showdown the small blind (AsAh, the best hand) shows first."""
    hand = Hand(
        nl([1000, 1000, 300]), stacked(["AsAh", "7c2d", "KsKh"], "2c8d9h3c4d"), auto_showdown=False
    )
    play(hand, (2, ALL_IN), (0, CALL), (1, FOLD))
    assert any(isinstance(e, ev.HandsExposed) for e in hand.events)
    assert hand.phase == Phase.SHOWDOWN and hand.to_act == 0
    return hand


def test_r30_a_hand_turned_up_at_the_all_in_cannot_be_mucked_away():
    hand = _tabled_at_the_all_in()
    assert hand.tabled(0) and not hand.all_in(0)  # face up, though not all-in itself
    assert hand.legal_actions().kinds == (ActionKind.SHOW,)
    assert_refused(hand, MUCK, "turned face up at the all-in", "cannot be mucked")
    play(hand, (0, SHOW), (2, SHOW))
    assert hand.result is not None
    assert hand.result.pots[0].shares == ((0, 700),)  # the aces win as they lie
    assert hand.result.mucked == ()


def test_r29_r30_the_tabled_hands_are_read_when_the_showdown_resolves_itself():
    hand = _tabled_at_the_all_in()
    hand.resolve_showdown()  # the kings cannot win, but they lie face up: shown, not mucked
    assert shown(hand) == [0, 2]
    assert not any(isinstance(e, ev.CardsMucked) for e in hand.events)


def test_r29_a_hand_shown_at_the_showdown_is_tabled_and_read_by_its_cards():
    hand = Hand(
        nl([1000] * 3), stacked(["AsAh", "KsKh", "QsQh"], "2c7d9h3c4d"), auto_showdown=False
    )
    play(hand, (2, CALL), (0, CALL), (1, CHECK))
    check_down(hand)
    assert not hand.tabled(0)
    play(hand, (0, SHOW))
    assert hand.tabled(0) and not hand.tabled(1)
    play(hand, (1, MUCK), (2, MUCK))
    assert hand.result is not None and hand.result.pots[0].shares == ((0, 300),)


def test_r29_cards_speak():
    # Nobody announces anything: the engine reads the straight flush from the cards.
    hand = _heads_up_showdown(["9s8s", "KcKd"], "7s6s5sKhKs")
    result = hand.result
    assert result is not None
    assert result.pots[0].shares == ((0, 200),)
    assert result.shown[0].description.startswith("Straight flush")


# -- R30: all-in hands face up before the board -----------------------------------------------


def test_r30_all_in_hands_exposed_before_the_board():
    hand = Hand(nl([1000] * 3), stacked(["2c3d", "AsAh", "KsKh"], "2h7d9h3c4d"))
    play(hand, (2, ALL_IN), (0, FOLD), (1, CALL))
    kinds = [type(e).__name__ for e in hand.events]
    exposed = kinds.index("HandsExposed")
    assert exposed < kinds.index("BoardDealt")
    event = hand.events[exposed]
    assert isinstance(event, ev.HandsExposed)
    # Every hand still in, and only those (the small blind folded).
    assert event.hands == ((1, tuple(parse_cards("AsAh"))), (2, tuple(parse_cards("KsKh"))))


def test_r30_all_in_on_the_turn_exposed_before_the_river():
    hand = Hand(nl([1000, 1000]), stacked(["AsAh", "KsKh"], "2h7d9h3c4d"))
    play(hand, (1, CALL), (0, CHECK))
    play(hand, (0, CHECK), (1, CHECK))
    play(hand, (0, ALL_IN), (1, CALL))
    kinds = [type(e).__name__ for e in hand.events]
    exposed = kinds.index("HandsExposed")
    boards = [i for i, k in enumerate(kinds) if k == "BoardDealt"]
    assert boards[1] < exposed < boards[2]


def test_r30_no_exposure_while_two_players_can_still_bet():
    hand = Hand(nl([1000, 1000, 300]), stacked(["2c3d", "AsAh", "KsKh"], "2h7d9h3c4d"))
    play(hand, (2, ALL_IN), (0, CALL), (1, CALL))
    assert hand.street == 1 and hand.phase == Phase.BETTING
    assert not any(isinstance(e, ev.HandsExposed) for e in hand.events)


# -- R31: show one, show all ------------------------------------------------------------------


def test_r31_shown_cards_are_shown_to_the_whole_table():
    # The engine has no way to show a card to one player: every show is public.
    hand = Hand(nl([1000] * 3), stacked(["2c3d", "AsAh", "KsKh"], "2h7d9h3c4d"))
    play(hand, (2, ALL_IN), (0, FOLD), (1, CALL))
    public = [e for e in hand.events if isinstance(e, (ev.CardsShown, ev.HandsExposed))]
    assert len(public) == 3
    for event in public:
        assert event.audience is None
        assert all(event.visible_to(p) for p in (None, 0, 1, 2))
    dealt = [e for e in hand.events if isinstance(e, ev.HoleCardsDealt)]
    assert [e.audience for e in dealt] == [0, 1, 2]  # hole cards stay private until shown
