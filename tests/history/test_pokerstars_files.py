"""PokerStars files as they come: encodings, line ends, many hands, bad hands, huge input."""

import tracemalloc

from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.history.convert import convert_raw, read_pokerstars
from holdem.history.pokerstars_lines import MAX_LINE, iter_raw_hands, iter_raw_hands_text
from tests.history.stars_support import DATA, assert_replays_to_collected

GOOD = (DATA / "play_money.txt").read_text(encoding="utf-8")
CASH = (DATA / "cash_rake.txt").read_text(encoding="utf-8").rstrip("\n")


def write(tmp_path, text, name="hands.txt", encoding="utf-8", newline="\n"):
    path = tmp_path / name
    with open(path, "w", encoding=encoding, newline=newline) as file:
        file.write(text)
    return path


def test_a_bom_crlf_file_of_several_hands_apart_by_blank_lines(tmp_path):
    text = GOOD + "\n\n\n" + CASH + "\n\n\n\n" + GOOD
    path = write(tmp_path, text, encoding="utf-8-sig", newline="\r\n")
    assert path.read_bytes().startswith(b"\xef\xbb\xbfPokerStars Hand #")
    results = list(read_pokerstars(path))
    assert [r.error for r in results] == [None, None, None]
    lines = text.splitlines()
    assert [r.line for r in results] == [
        number for number, line in enumerate(lines, 1) if line.startswith("PokerStars Hand #")
    ]
    assert results[1].hand.players[3] == "José.M"  # the accent survives the decoding
    for result in results:
        assert_replays_to_collected(result.hand)


def test_hands_with_nothing_between_them_and_a_tracker_separator(tmp_path):
    text = "*********** # 1 **************\n" + GOOD.rstrip("\n") + "\n" + GOOD
    results = list(read_pokerstars(write(tmp_path, text)))
    assert [r.error for r in results] == [None, None]


def test_an_older_windows_1252_file_is_read(tmp_path):
    path = write(tmp_path, CASH + "\n", encoding="cp1252")
    [result] = list(read_pokerstars(path))
    assert result.error is None and "José.M" in result.hand.players


BAD_TOTAL = GOOD.replace("Total pot 250 | Rake 0", "Total pot 260 | Rake 0")
OMAHA = GOOD.replace("Hold'em No Limit (50/100)", "Omaha Pot Limit (50/100)")
TRUNCATED = GOOD.split("*** HOLE CARDS ***")[0] + "*** HOLE CARDS ***\npm1: raises 200 to 300\n"
TOO_SMALL = GOOD.replace("pm1: raises 200 to 300", "pm1: raises 10 to 110")
GARBLED = GOOD.replace("pm2: folds", "pm2: raises lots")
NOT_ITS_TURN = GOOD.replace(
    "pm1: raises 200 to 300\npm2: folds", "pm2: folds\npm1: raises 200 to 300"
)
UNFINISHED = GOOD.replace("pm3: folds\n", "")
CANCELLED = GOOD.replace("pm2: folds\n", "Hand cancelled\n")


def test_a_hand_that_cannot_be_read_is_reported_with_its_line_and_the_rest_convert(tmp_path):
    hands = [GOOD, BAD_TOTAL, OMAHA, TRUNCATED, TOO_SMALL, GARBLED, NOT_ITS_TURN]
    hands += [UNFINISHED, CANCELLED, GOOD]
    text = "\n\n".join(h.rstrip("\n") + "\n" for h in hands)
    results = list(read_pokerstars(write(tmp_path, text)))
    assert len(results) == len(hands)
    assert results[0].error is None and results[-1].error is None
    lines = text.splitlines()
    starts = [n for n, line in enumerate(lines, 1) if line.startswith("PokerStars Hand #")]
    reasons = {i: (r.line - starts[i], r.error) for i, r in enumerate(results) if r.error}
    assert set(reasons) == {1, 2, 3, 4, 5, 6, 7, 8}
    assert "total pot is 260" in reasons[1][1]
    assert lines[starts[1] + reasons[1][0] - 1].startswith("Total pot 260")
    assert reasons[2] == (0, reasons[2][1]) and "'Omaha Pot Limit" in reasons[2][1]

    def line_of(i):
        return lines[starts[i] + reasons[i][0] - 1]

    # A hand the file cuts short is said to be, at its last line, whatever it holds.
    assert line_of(3) == "pm1: raises 200 to 300"
    assert reasons[3][1] == "the hand is cut short: it stops here, before its summary"

    assert line_of(4) == "pm1: raises 10 to 110" and "raise" in reasons[4][1]
    assert line_of(5) == "pm2: raises lots" and "cannot read pm2's 'raises lots'" in reasons[5][1]
    assert line_of(6) == "pm2: folds" and "pm1 is to act" in reasons[6][1]
    assert line_of(7) == "pm1 collected 250 from pot"
    assert reasons[7][1] == "the hand ends before the play does (pm3 is to act)"
    assert line_of(8) == "Hand cancelled" and "the hand was cancelled" in reasons[8][1]


def test_a_file_with_no_hand_is_one_error(tmp_path):
    [result] = list(read_pokerstars(write(tmp_path, "hello\nworld\n")))
    assert result.hand is None and "no PokerStars hand" in result.error


def test_a_huge_line_is_refused_without_holding_it(tmp_path):
    path = tmp_path / "huge.txt"
    with open(path, "w", encoding="utf-8") as file:
        file.write(GOOD.replace("pm1: doesn't show hand", 'pm1 said, "' + "x" * 10_000_000))
        file.write("\n\n" + GOOD)
    tracemalloc.start()
    results = list(read_pokerstars(path))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 2_000_000  # bytes: the 10 MB line never sits in memory
    assert results[0].error == f"the line is longer than {MAX_LINE} characters"
    assert results[0].line == 14
    assert results[1].line == GOOD.count("\n") + 3  # the long line counted as one
    assert results[1].error is None


def test_a_big_file_streams_hand_by_hand(tmp_path):
    def peak_reading(hands):
        path = tmp_path / f"{hands}.txt"
        with open(path, "w", encoding="utf-8") as file:
            for _ in range(hands):
                file.write(GOOD + "\n\n")
        tracemalloc.start()
        count = sum(1 for raw in iter_raw_hands(path) if raw.problem is None)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert count == hands
        return peak, path.stat().st_size

    small, _ = peak_reading(300)
    big, size = peak_reading(3000)
    assert big < 2 * small + 100_000  # ten times the hands, not ten times the memory
    assert big < size / 3
    results = read_pokerstars(tmp_path / "3000.txt")
    assert next(results).error is None  # converting starts before the file is read through


TEXTS = [p.read_text(encoding="utf-8") for p in sorted(DATA.glob("*.txt"))]
JUNK = ["$", ",", ".", "[", "]", ": ", " ", "0", "9", "(", ")", "'", "#", "/", "99999999999"]


@settings(max_examples=120, deadline=None)
@given(
    which=st.integers(0, len(TEXTS) - 1),
    edits=st.lists(
        st.tuples(st.integers(0, 10**6), st.integers(0, 3), st.sampled_from(JUNK), st.integers()),
        min_size=1,
        max_size=4,
    ),
)
def test_a_garbled_hand_is_reported_never_raised(which, edits):
    lines = TEXTS[which].splitlines()
    for at, op, junk, where in edits:
        k = at % len(lines)
        if op == 0 and len(lines) > 1:
            del lines[k]
        elif op == 1:
            lines.insert(k, lines[where % len(lines)])
        else:
            j = where % (len(lines[k]) + 1)
            lines[k] = lines[k][:j] + junk + lines[k][j + op - 2 :]
    for raw in iter_raw_hands_text("\n".join(lines)):
        result = convert_raw("garbled.txt", raw)
        assert (result.hand is None) != (result.error is None)


def test_a_date_that_is_no_date_is_reported():
    [raw] = iter_raw_hands_text(GOOD.replace("2021/06/14", "2021/13/45"))
    result = convert_raw("bad.txt", raw)
    assert result.error == "'2021/13/45 10:30:00 ET' is not a date and time"
