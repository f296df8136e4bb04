"""Eliminations and the finishing order (R44)."""

import pytest

from holdem.errors import ConfigError
from holdem.tournament.ranking import Bust, Standings, same_hand_order


def test_r44_players_out_later_finish_higher():
    standings = Standings(["a", "b", "c"])
    standings.eliminate([Bust("b", 500, 1)])
    standings.eliminate([Bust("c", 2000, 0)])
    assert standings.finishing_order() == ["a", "c", "b"]
    assert [standings.place_of(p) for p in "abc"] == [1, 3, 2]


def test_r44_busted_in_the_same_hand_ranked_by_starting_stacks():
    standings = Standings(["a", "b", "c", "d"])
    out = standings.eliminate([Bust("b", 300, 0), Bust("c", 900, 2), Bust("d", 600, 1)])
    assert out == ["b", "d", "c"]  # lowest finisher first
    assert standings.finishing_order() == ["a", "c", "d", "b"]


def test_r44_equal_starting_stacks_the_earlier_position_finishes_higher():
    busts = [Bust("late", 400, 5), Bust("early", 400, 1), Bust("small", 100, 0)]
    assert [b.player for b in same_hand_order(busts)] == ["small", "late", "early"]


def test_no_finishing_order_before_the_end():
    standings = Standings(["a", "b", "c"])
    standings.eliminate([Bust("a", 10, 0)])
    with pytest.raises(ConfigError):
        standings.finishing_order()


def test_unknown_or_every_player_out_is_refused():
    standings = Standings(["a", "b"])
    with pytest.raises(ConfigError):
        standings.eliminate([Bust("z", 10, 0)])
    with pytest.raises(ConfigError):
        standings.eliminate([Bust("a", 10, 0), Bust("b", 10, 1)])
    with pytest.raises(ConfigError):
        Standings(["a", "a"])
