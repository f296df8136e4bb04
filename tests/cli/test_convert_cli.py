"""``holdem convert`` run as a person would run it."""

from holdem.history.phh import load
from tests.console import run
from tests.history.stars_support import DATA, assert_replays_to_collected

PLAY_MONEY = (DATA / "play_money.txt").read_text(encoding="utf-8")
# Every hand of the test files starts a line with "PokerStars" (Hand, Zoom, Home Game, Game).
HANDS = sum(
    line.startswith("PokerStars ")
    for path in DATA.glob("*.txt")
    for line in path.read_text(encoding="utf-8-sig").splitlines()
)


def test_many_pokerstars_files_become_one_phhs_that_replays(tmp_path):
    out = tmp_path / "all.phhs"
    result = run(
        "convert", str(DATA / "cash_rake.txt"), str(DATA / "tournament.txt"), "--to", "phh",
        "-o", str(out),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "3 hands written" in result.stderr
    hands = load(out)
    assert [h.hand for h in hands] == [210000000001, 210000000010, 210000000011]
    for hand in hands:
        assert_replays_to_collected(hand)
    replayed = run("replay", str(out))
    assert replayed.returncode == 0, replayed.stdout
    assert "3 hands: 3 match, 0 do not" in replayed.stdout


def test_every_test_hand_converted_replays_with_holdem_replay_to_its_text(tmp_path):
    out = tmp_path / "all.phhs"
    assert run("convert", str(DATA), "--to", "phh", "-o", str(out)).returncode == 0
    replayed = run("replay", str(out))
    assert replayed.returncode == 0, replayed.stdout
    assert f"{HANDS} hands: {HANDS} match, 0 do not" in replayed.stdout


def test_a_folder_converts_to_pokerstars_text_on_stdout():
    result = run("convert", str(DATA), "--to", "pokerstars")
    assert result.returncode == 0, result.stderr
    hands = result.stdout.split("\n\n\n\n")  # three blank lines apart, as PokerStars sets them
    assert len([h for h in hands if h.strip()]) == HANDS
    assert all(h.startswith("PokerStars ") for h in hands if h.strip())


def test_phh_in_either_direction(tmp_path):
    phhs = tmp_path / "hands.phhs"
    assert (
        run("convert", str(DATA / "side_pots.txt"), "--to", "phh", "-o", str(phhs)).returncode == 0
    )
    text = run("convert", str(phhs), "--to", "pokerstars")
    assert text.returncode == 0 and "Side pot-2 $71." in text.stdout
    again = run("convert", str(phhs), "--to", "phh")
    assert again.returncode == 0 and again.stdout == phhs.read_text(encoding="utf-8")
    dashed = run("convert", str(phhs), "--to", "phh", "-o", "-", cwd=tmp_path)
    assert dashed.stdout == again.stdout and not (tmp_path / "-").exists()


def test_a_bad_hand_is_one_line_on_stderr_and_the_rest_still_convert(tmp_path):
    bad = PLAY_MONEY.replace("pm2: folds", "pm2: raises lots")
    source = tmp_path / "mixed.txt"
    source.write_text(PLAY_MONEY + "\n\n" + bad + "\n\n" + PLAY_MONEY, encoding="utf-8")
    result = run("convert", str(source), "--to", "phh")
    assert result.returncode == 1
    [line] = result.stderr.splitlines()
    start = PLAY_MONEY.count("\n") + 3
    assert line.startswith(f"error: {source}:{start + 9}: cannot read pm2's 'raises lots'")
    assert result.stdout.count("variant = 'NT'") == 2


def test_usage_errors_are_one_line():
    missing = run("convert", "no/such/file.txt", "--to", "phh")
    assert missing.returncode == 2 and missing.stderr.strip() == (
        "error: no/such/file.txt: no such file or folder"
    )
    wrong = run("convert", str(DATA / "straddle.txt"), "--to", "xml")
    assert wrong.returncode == 2 and len(wrong.stderr.strip().splitlines()) == 1
    assert "Traceback" not in wrong.stderr


def test_the_output_may_not_overwrite_an_input(tmp_path):
    source = tmp_path / "in.txt"
    source.write_text(PLAY_MONEY, encoding="utf-8")
    result = run("convert", str(source), "--to", "pokerstars", "-o", str(source))
    assert result.returncode == 2 and "would overwrite an input" in result.stderr
    assert source.read_text(encoding="utf-8") == PLAY_MONEY


def test_a_phh_output_holds_one_hand(tmp_path):
    one = tmp_path / "one.phh"
    result = run("convert", str(DATA / "straddle.txt"), "--to", "phh", "-o", str(one))
    assert result.returncode == 0 and len(load(one)) == 1
    two = tmp_path / "two.phh"
    result = run("convert", str(DATA / "tournament.txt"), "--to", "phh", "-o", str(two))
    assert result.returncode == 1 and "a .phh file holds one hand" in result.stderr
    assert load(two)[0].hand == 210000000010
