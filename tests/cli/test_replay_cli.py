"""``holdem replay`` run as a person would run it."""

import json

from tests.console import run
from tests.corpus import CORPUS, needs_corpus


@needs_corpus
def test_replay_the_wsop_hands():
    result = run("replay", str(CORPUS / "wsop-2023"))
    assert result.returncode == 0
    assert "18 hands: 18 match, 0 do not" in result.stdout


@needs_corpus
def test_replay_json_lines():
    result = run(
        "replay",
        str(CORPUS / "famous"),
        str(CORPUS / "wsop-2023" / "event43-day5-hand-1.phh"),
        "--json",
    )
    assert result.returncode == 0
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["match"] for line in lines] == [None, True]
    assert set(lines[0]) == {
        "file",
        "index",
        "players",
        "finishing_stacks",
        "expected",
        "collected",
        "returned",
        "winnings",
        "rake",
        "match",
        "reason",
        "error",
    }
    assert lines[1]["finishing_stacks"] == lines[1]["expected"]
    # Every chip a player got is what they took from the pots or got back uncalled.
    hand = lines[1]
    assert sum(hand["collected"]) + sum(hand["returned"]) > 0 and hand["players"]
    assert hand["rake"] is None and hand["reason"] is None


def test_a_bad_file_exits_1_and_names_the_problem(tmp_path):
    (tmp_path / "bad.phh").write_text(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [100, 100]\nactions = ['d dh p1 AsKs', 'd dh p2 7c2d', 'p2 cbr 3']\n"
    )
    result = run("replay", str(tmp_path), "--json")
    assert result.returncode == 1
    [line] = [json.loads(x) for x in result.stdout.splitlines()]
    assert line["error"].startswith("actions[2] 'p2 cbr 3': the minimum raise is to 4")


def test_a_missing_path_is_one_clear_line():
    result = run("replay", "/nonexistent/hands")
    assert result.returncode == 2
    assert "nonexistent" in result.stderr and "Traceback" not in result.stderr


def test_each_bad_hand_is_one_line_that_names_where_it_is_once(tmp_path):
    game = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
    (tmp_path / "hands.phhs").write_text(
        f"[1]\n{game}starting_stacks = [100, 100]\n"
        "actions = ['d dh p1 ????', 'd dh p2 ????', 'p1 cbr 1']\n"
        "[2]\nvariant = 'XX'\n"
    )
    result = run("replay", str(tmp_path))
    assert result.returncode == 1
    path = str(tmp_path / "hands.phhs")
    first, second, summary = result.stdout.splitlines()  # long lines are not broken
    assert (
        first
        == f"error {path} [1]: actions[2] 'p1 cbr 1': it is not player 1's turn: player 2 is to act"
    )
    assert second.startswith(f"error {path}, hand [2], variant: 'XX' is not a Texas Hold'em")
    assert second.count(path) == 1 and second.endswith("(Pot-Limit, holdem's extension of PHH)")
    assert summary.startswith("2 hands: 0 match")


def _tree(root):
    """One hand at each of three levels: root/top.phh, root/a/mid.phh, root/a/b/deep.phh."""
    text = (
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        'starting_stacks = [100, 100]\nactions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\n'
        "finishing_stacks = [101, 99]\n"
    )
    (root / "a" / "b").mkdir(parents=True)
    for name in ("top.phh", "a/mid.phh", "a/b/deep.phh"):
        (root / name).write_text(text)
    (root / "a" / "notes.txt").write_text("not a hand")


def test_replay_says_how_many_files_it_found_before_it_starts(tmp_path):
    _tree(tmp_path)
    result = run("replay", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines()[0] == "3 files of hands found; replaying"
    assert "3 hands: 3 match" in result.stdout


def test_replay_max_depth_and_no_recursive_limit_the_walk(tmp_path):
    _tree(tmp_path)
    one = run("replay", "--no-recursive", str(tmp_path))
    assert one.stderr.splitlines()[0] == "1 file of hands found; replaying"
    assert "1 hands: 1 match" in one.stdout
    two = run("replay", "--max-depth", "2", "--json", str(tmp_path))
    assert two.stderr.splitlines()[0] == "2 files of hands found; replaying"
    assert sorted(
        json.loads(line)["file"].rsplit("/", 1)[1] for line in two.stdout.splitlines()
    ) == [
        "mid.phh",
        "top.phh",
    ]
    assert "3 files" in run("replay", "--max-depth", "3", str(tmp_path)).stderr


def test_replay_bad_depth_is_one_clear_line(tmp_path):
    result = run("replay", "--max-depth", "0", str(tmp_path))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == "error: --max-depth 0: give 1 (a folder's own files) or more\n"
    both = run("replay", "--no-recursive", "--max-depth", "3", str(tmp_path))
    assert both.returncode == 2 and "not 3" in both.stderr and "Traceback" not in both.stderr
