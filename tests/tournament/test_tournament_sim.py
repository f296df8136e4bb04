"""A whole multi-table tournament of bots (R44), and ``holdem tournament sim``."""

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.errors import ConfigError
from holdem.history.hand import HandHistory
from holdem.history.phh import iter_hands
from holdem.history.replay import replay, replay_paths
from holdem.tournament.seating import is_balanced, players_of
from holdem.tournament.sim import LEVELS, Level, level_at, player_ids, simulate_tournament
from tests.console import run

FAST_BOTS = ("random", "caller", "tag")


def test_levels_double_past_the_last():
    assert level_at(LEVELS, 0) == LEVELS[0]
    last = LEVELS[-1]
    assert level_at(LEVELS, len(LEVELS)) == Level(
        2 * last.small_blind, 2 * last.big_blind, 2 * last.ante
    )


def test_a_tournament_ends_with_every_player_ranked_once():
    result = simulate_tournament(27, stack=600, seed=3, bots=FAST_BOTS)
    assert sorted(result.finishing_order) == sorted(player_ids(27))
    assert result.chips_conserved
    assert result.hands > 0
    assert result.moves  # three tables of nine come down to one
    assert {m.reason for m in result.moves} >= {"break"}


def test_the_same_seed_plays_the_same_tournament():
    a = simulate_tournament(12, stack=300, seed=9, bots=FAST_BOTS)
    b = simulate_tournament(12, stack=300, seed=9, bots=FAST_BOTS)
    assert a.as_json() == b.as_json()


@pytest.mark.parametrize(
    "kwargs",
    [{"players": 1}, {"stack": 0}, {"table_size": 11}, {"bots": ["nobody"]}, {"levels": []}],
)
def test_bad_settings_are_refused(kwargs):
    with pytest.raises(ConfigError):
        simulate_tournament(**{"players": 12, **kwargs})


@settings(max_examples=6, deadline=None)
@given(
    st.integers(min_value=12, max_value=27),
    st.integers(min_value=0, max_value=10_000),
    st.sampled_from([9, 10]),
)
def test_every_hand_conserves_chips_balances_tables_and_replays(players, seed, size):
    result = simulate_tournament(
        players, stack=400, table_size=size, seed=seed, bots=FAST_BOTS, record=True
    )
    assert result.chips_conserved
    assert len(result.finishing_order) == players == len(set(result.finishing_order))
    assert len(result.records) == result.hands
    for record in result.records:
        seated = players_of(record.layout)
        assert len(seated) == len(set(seated))  # nobody at two tables
        assert is_balanced(record.layout)
        assert all(len(t) <= size for t in record.layout.values())
        history = record.history
        assert sum(history.starting_stacks) == sum(history.finishing_stacks)
        assert replay(history).match
        _check_r44_same_hand_order(history, result.finishing_order)
    # everyone seated after a hand is still in, so seat counts only ever go down
    counts = [len(players_of(r.layout)) for r in result.records]
    assert counts == sorted(counts, reverse=True)
    assert Counter(result.finishing_order).most_common(1)[0][1] == 1


def _check_r44_same_hand_order(history, finishing_order):
    """Players out in one hand: the bigger starting stack (then the earlier position)
    finishes higher."""
    place = {player: i for i, player in enumerate(finishing_order)}
    out = [
        (start, -position, history.players[position])
        for position, (start, end) in enumerate(
            zip(history.starting_stacks, history.finishing_stacks, strict=True)
        )
        if end == 0
    ]
    ranked = [player for *_, player in sorted(out, reverse=True)]
    assert [place[p] for p in ranked] == sorted(place[p] for p in ranked)


def test_r44_same_hand_busts_in_a_real_tournament_follow_starting_stacks():
    result = simulate_tournament(27, stack=300, seed=11, bots=("random",), record=True)
    multi = 0
    for record in result.records:
        _check_r44_same_hand_order(record.history, result.finishing_order)
        multi += sum(1 for s in record.history.finishing_stacks if s == 0) > 1
    assert multi  # random bots all-in often: some hands bust several players


def test_cli_json_is_exactly_the_summary():
    result = run("tournament", "sim", "--players", "27", "--seed", "4", "--stack", "600", "--json")
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    assert set(payload) == {"finishing_order", "hands", "table_moves", "moves", "chips_conserved"}
    assert sorted(payload["finishing_order"]) == sorted(player_ids(27))
    assert payload["chips_conserved"] is True
    assert isinstance(payload["hands"], int) and isinstance(payload["table_moves"], int)
    moves = payload["moves"]
    assert len(moves) == payload["table_moves"] > 0
    for move in moves:  # seats count from 1, as the text says them
        assert set(move) == {"player", "from_table", "from_seat", "to_table", "to_seat", "reason"}
        assert 1 <= move["from_seat"] <= 9 and 1 <= move["to_seat"] <= 9
        assert move["reason"] in ("balance", "break")
    text = run("tournament", "sim", "--players", "27", "--seed", "4", "--stack", "600").stdout
    first = moves[0]
    assert (
        f"{first['player']}: table {first['from_table']} seat {first['from_seat']} -> "
        f"table {first['to_table']} seat {first['to_seat']}"
    ) in text


def test_cli_prints_the_order_moves_and_structure():
    result = run("tournament", "sim", "--players", "12", "--seed", "1", "--stack", "300")
    assert result.returncode == 0, result.stderr
    assert "finishing order" in result.stdout
    assert "levels: 10/20" in result.stdout
    assert "table moves" in result.stdout
    assert "(break)" in result.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--players", "1"], "has 2 to 10,000 players"),
        (["--table-size", "11"], "2 to 10 seats"),
        (["--bots", "nobody"], "unknown bots"),
    ],
)
def test_cli_bad_input_is_one_clear_line_and_exit_2(args, words):
    result = run("tournament", "sim", *args)
    assert result.returncode == 2
    assert words in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_on_hand_sees_every_hand_as_it_ends():
    seen = []
    result = simulate_tournament(12, stack=300, seed=5, bots=FAST_BOTS, on_hand=seen.append)
    recorded = simulate_tournament(12, stack=300, seed=5, bots=FAST_BOTS, record=True)
    assert [r.number for r in seen] == list(range(1, result.hands + 1))
    assert [r.history for r in seen] == [r.history for r in recorded.records]
    assert result.records == ()  # on_hand alone keeps nothing
    levels = [r.history.level for r in seen]
    assert levels == sorted(levels) and levels[0] == 1


def test_cli_history_writes_every_hand_and_each_replays(tmp_path):
    folder = tmp_path / "hands"
    result = run(
        "tournament", "sim", "--players", "20", "--seed", "6", "--stack", "400",
        "--history", str(folder), "--json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    files = sorted(folder.glob("*.phhs"))
    assert len(files) >= 2  # one file per table that dealt a hand
    replays = list(replay_paths(files))
    assert len(replays) == payload["hands"]
    assert all(r.ok and r.match for r in replays), [r.as_json() for r in replays if not r.ok]
    numbers = []
    for file in files:
        table = int(file.stem.split("-")[1])
        for index, history in iter_hands(file):
            assert isinstance(history, HandHistory), history
            assert history.table == table and history.hand == index
            assert history.seat_count == 9 and history.level >= 1
            numbers.append(index)
    assert sorted(numbers) == list(range(1, payload["hands"] + 1))
    summary = json.loads((folder / "tournament.json").read_text())
    assert summary["finishing_order"] == payload["finishing_order"]
    assert summary["files"] == [f.name for f in files]
    assert set(summary["bots"]) == set(player_ids(20)) and summary["seed"] == 6

    again = run("tournament", "sim", "--players", "12", "--history", str(folder))
    assert again.returncode == 2
    words = " ".join(again.stderr.split())  # a long path wraps the line at 80 columns
    assert "holds another tournament's files: give a new folder" in words
