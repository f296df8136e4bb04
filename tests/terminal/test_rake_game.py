"""``holdem play --rake``: the house's share comes out of each pot and into the PHH file,
where replay finds it again."""

from decimal import Decimal

from holdem.cli.output import parse_rake
from holdem.engine.rake import RakeRule
from holdem.history.phh import load
from holdem.history.replay import replay
from holdem.terminal.session import Options
from tests.console import run
from tests.terminal.test_session import calling_station, play


def test_every_hand_records_its_rake_and_replays(tmp_path):
    rule = RakeRule(Decimal(10), cap=3)
    game = play(tmp_path, calling_station(8), players=3, rake=rule, big_blind=10, small_blind=5)
    hands = load(tmp_path / "s.phhs")
    assert len(hands) >= 8
    assert sum(hand.rake or 0 for hand in hands) == game.table.raked > 0
    for hand in hands:
        result = replay(hand)
        assert result.ok and result.match, (result.reason, result.error)
        assert result.rake == hand.rake and hand.rake <= 3


def test_the_rake_option_reads_a_percentage_and_a_cap():
    assert parse_rake("5%") == RakeRule(Decimal(5), None)
    assert parse_rake("4.5%:3") == RakeRule(Decimal("4.5"), 3)
    for bad in ("five", "5%:x", "-1%", "101%"):
        result = run("play", "--rake", bad)
        assert result.returncode == 2 and "--rake" in result.stderr, bad
    assert Options.__dataclass_fields__["rake"].default is None
