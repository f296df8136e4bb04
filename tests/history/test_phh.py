"""Reading and writing PHH files: fields, validation, errors, .phhs handling, files."""

import datetime as dt
import tomllib
from decimal import Decimal

import pytest

from holdem.cards import Card
from holdem.history.phh import (
    BetRaise,
    DealHole,
    HandHistory,
    PHHError,
    dump,
    dumps,
    dumps_many,
    find_files,
    iter_hands,
    iter_hands_text,
    load,
    loads,
)

HAND = """\
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000]
actions = ['d dh p1 AsKd', 'd dh p2 ????', 'd dh p3 7h6h', 'p3 cbr 300', 'p1 f', 'p2 f']
"""

VARIANTS = (
    "holdem reads NT (No-Limit), FT (Fixed-Limit) and PT (Pot-Limit, holdem's extension of PHH)"
)
PLAYER_VERBS = (
    "a player's actions are f (fold), cc (check or call), cbr AMOUNT (bet or raise to) "
    "and sm [CARDS|-] (show or muck)"
)
NO_LIMIT = "NT (No-Limit Texas Hold'em)"
REQUIRED = (
    "every Hold'em hand has variant, antes, blinds_or_straddles, starting_stacks and actions, "
    "and min_bet (NT, PT) or small_bet and big_bet (FT)"
)


def edited(old, new, text=HAND):
    assert old in text
    return text.replace(old, new)


def error_of(text, **kwargs):
    with pytest.raises(PHHError) as caught:
        loads(text, **kwargs)
    return str(caught.value)


def test_a_hand_reads_into_typed_fields():
    [hand] = loads(HAND)
    assert hand.variant == "NT"
    assert hand.antes == (0, 0, 0)
    assert hand.blinds_or_straddles == (50, 100, 0)
    assert hand.min_bet == 100
    assert hand.small_bet is None
    assert hand.starting_stacks == (10000, 10000, 10000)
    assert hand.player_count == 3
    assert hand.actions[1] == DealHole(1, (None, None))
    assert hand.actions[3] == BetRaise(2, 300)
    assert hand.players is None
    assert hand.extra == {}


def test_it_writes_back_the_same_text():
    [hand] = loads(HAND)
    assert dumps(hand) == HAND
    assert loads(dumps(hand)) == [hand]


def test_fixed_limit_and_pot_limit():
    fixed = edited(
        "variant = 'NT'",
        "variant = 'FT'",
        edited("min_bet = 100", "small_bet = 100\nbig_bet = 200"),
    )
    [hand] = loads(fixed)
    assert (hand.small_bet, hand.big_bet, hand.min_bet) == (100, 200, None)
    assert dumps(hand) == fixed
    [hand] = loads(edited("'NT'", "'PT'"))
    assert hand.variant == "PT"


def test_optional_fields_are_typed_and_unknown_ones_kept():
    text = HAND + (
        "ante_trimming_status = true\n"
        "author = 'Juho Kim'\n"
        "time = 20:15:00\n"
        "time_zone = 'America/Toronto'\n"
        "day = 22\nmonth = 6\nyear = 2023\n"
        "hand = 'A-17'\nlevel = 4\n"
        "seats = [1, 4, 9]\nseat_count = 9\ntable = 3\n"
        "players = ['Ivey', \"O'Neil\", 'Dwan']\n"
        "finishing_stacks = [9950.0, 9900, 10150.5]\n"
        "winnings = [0, 0, 150]\n"
        "currency = 'USD'\n"
        "time_limit = inf\ntime_banks = [30, 30.5, 0]\n"
        "city = 'Las Vegas'\n"
        "_notes = ['first', 'second']\n"
        "rake = 5\n"
        "venue_info = { name = 'Rio', floor = 2 }\n"
    )
    [hand] = loads(text)
    assert hand.ante_trimming_status is True
    assert hand.time == dt.time(20, 15)
    assert hand.hand == "A-17" and hand.table == 3
    assert hand.players == ("Ivey", "O'Neil", "Dwan")
    # Exactly as written: an int stays an int; a result finer than the hand's unit (whole
    # chips here) is the Decimal of its text.
    assert hand.finishing_stacks == (Decimal("9950.0"), 9900, Decimal("10150.5"))
    assert [type(x) for x in hand.finishing_stacks] == [Decimal, int, Decimal]
    assert hand.rake == 5
    assert hand.time_limit == float("inf")
    assert hand.extra == {
        "_notes": ("first", "second"),
        "venue_info": {"name": "Rio", "floor": 2},
    }
    again = loads(dumps(hand))
    assert again == [hand]
    written = dumps(hand)
    # Required fields first in PHH's order, ante_trimming_status with them, unknown ones last.
    keys = [line.split(" = ")[0] for line in written.splitlines()]
    assert keys[:8] == [
        "variant",
        "ante_trimming_status",
        "antes",
        "blinds_or_straddles",
        "min_bet",
        "starting_stacks",
        "actions",
        "author",
    ]
    assert keys[-2:] == ["_notes", "venue_info"]
    assert keys.index("rake") == keys.index("winnings") + 1


def test_an_unknown_stack_is_none_and_written_as_inf():
    [hand] = loads(edited("[10000, 10000, 10000]", "[10000, inf, 10000]"))
    assert hand.starting_stacks == (10000, None, 10000)
    assert "starting_stacks = [10000, inf, 10000]\n" in dumps(hand)


def test_amounts_written_with_decimals_set_the_unit():
    # 3.0 is written to a tenth: the hand counts in tenths, and writes back as it read.
    [hand] = loads(edited("antes = [0, 0, 0]", "antes = [0.0, 3.0, 0.0]"))
    assert hand.chip_unit == Decimal("0.1")
    assert hand.antes == (0, 30, 0) and hand.starting_stacks == (100000, 100000, 100000)
    assert all(type(x) is int for x in hand.antes)
    assert hand.amount(hand.antes[1]) == 3
    assert "antes = [0.0, 3.0, 0.0]\n" in dumps(hand)


@pytest.mark.parametrize(
    "text",
    [
        "it's",
        'say "hi"',
        "back\\slash",
        "line\nbreak",
        "tab\there",
        "bell\x07 and del\x7f",
        "üñí©ødé ♠",
        "'both' \"quotes\"",
        "",
    ],
)
def test_strings_are_escaped_so_toml_reads_them_back(text):
    [hand] = loads(HAND)
    hand = HandHistory(**{**hand.__dict__, "author": text, "extra": {"odd key!": text}})
    written = dumps(hand)
    assert tomllib.loads(written)["author"] == text
    assert loads(written) == [hand]


# Errors: each names the file, the hand, the field or action, and what is allowed.


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            edited("min_bet = 100\n", ""),
            f"x.phh: the required field 'min_bet' is missing: {NO_LIMIT} hands need min_bet",
        ),
        (
            edited("antes = [0, 0, 0]\n", ""),
            f"x.phh: the required field 'antes' is missing: {REQUIRED}",
        ),
        (
            edited("actions = [", "xactions = ["),
            f"x.phh: the required field 'actions' is missing: {REQUIRED}",
        ),
        (
            edited("[50, 100, 0]", "[50, 100]"),
            "x.phh, blinds_or_straddles: 2 entries, but starting_stacks has 3: "
            "every per-player array has one entry per player",
        ),
        (
            HAND + "players = ['a', 'b']\n",
            "x.phh, players: 2 entries, but starting_stacks has 3: "
            "every per-player array has one entry per player",
        ),
        (
            edited("[10000, 10000, 10000]", "[10000]"),
            "x.phh, starting_stacks: 1 entries, one per player: a hand has 2 to 10 players",
        ),
        (
            edited("'NT'", "'PO'"),
            "x.phh, variant: 'PO' (Pot-Limit Omaha) is not a Texas Hold'em variant: holdem reads "
            "NT (No-Limit), FT (Fixed-Limit) and PT (Pot-Limit, holdem's extension of PHH)",
        ),
        (
            # A stud hand has no blinds: the variant is the problem, and is named first.
            "variant = 'F7S'\nantes = [1, 1]\n",
            "x.phh, variant: 'F7S' (Fixed-Limit Seven Card Stud) is not a Texas Hold'em variant: "
            + VARIANTS,
        ),
        (
            edited("'NT'", "'XYZ'"),
            "x.phh, variant: 'XYZ' is not a Texas Hold'em variant: holdem reads "
            "NT (No-Limit), FT (Fixed-Limit) and PT (Pot-Limit, holdem's extension of PHH)",
        ),
        (edited("'NT'", "5"), "x.phh, variant: must be a string like 'NT', not the integer 5"),
        (
            edited("min_bet = 100", "min_bet = 100\nsmall_bet = 100"),
            f"x.phh, small_bet: {NO_LIMIT} hands have no small_bet: they use min_bet",
        ),
        (
            edited("'NT'", "'FT'"),
            "x.phh: the required field 'small_bet' is missing: "
            "FT (Fixed-Limit Texas Hold'em) hands need small_bet and big_bet",
        ),
        (
            HAND + "bring_in = 5\n",
            "x.phh, bring_in: bring_in is for stud games: "
            "Hold'em hands post blinds_or_straddles instead",
        ),
        (
            edited("min_bet = 100", "min_bet = 0"),
            "x.phh, min_bet: 0 is not allowed: a bet is at least 1 chip",
        ),
        (
            edited("[0, 0, 0]", "[0, -5, 0]"),
            "x.phh, antes[1]: -5 is not allowed: antes are 0 or more chips",
        ),
        (
            edited("[10000, 10000, 10000]", "[10000, 0, 10000]"),
            "x.phh, starting_stacks[1]: 0 is not allowed: "
            "a starting stack is at least 1 chip (write inf when it is unknown)",
        ),
        (
            edited("[10000, 10000, 10000]", "[10000, nan, 10000]"),
            "x.phh, starting_stacks[1]: must be a number of chips, like 200 or 200.30, "
            "not the number nan",
        ),
        (
            edited("[0, 0, 0]", "[0, 0.000000005, 0]"),
            "x.phh, antes: 0.000000005 has 9 decimal places: amounts have at most 8",
        ),
        (
            edited("[0, 0, 0]", "[0, true, 0]"),
            "x.phh, antes[1]: must be a number of chips, like 200 or 200.30, not the boolean true",
        ),
        (
            edited("antes = [0, 0, 0]", "antes = 0"),
            "x.phh, antes: must be an array, not the integer 0",
        ),
        (
            HAND + "finishing_stacks = [1, -1, 2]\n",
            "x.phh, finishing_stacks[1]: -1 is not allowed: finishing stacks are 0 or more",
        ),
        (HAND + "year = '2009'\n", "x.phh, year: must be an integer, not the string '2009'"),
        (
            HAND + "time = 'noon'\n",
            "x.phh, time: must be a TOML time like 20:15:00 (or a date-time), "
            "not the string 'noon'",
        ),
        (
            HAND + "ante_trimming_status = 1\n",
            "x.phh, ante_trimming_status: must be true or false, not the integer 1",
        ),
        (
            HAND + "players = ['a', 2, 'c']\n",
            "x.phh, players[1]: must be a string, not the integer 2",
        ),
        (
            HAND + "table = 1.5\n",
            "x.phh, table: must be an integer or a string, not the number 1.5",
        ),
        (
            edited("'p1 f'", "'p1 xx'"),
            f"x.phh, actions[4] 'p1 xx': unknown player action 'xx': {PLAYER_VERBS}",
        ),
        (
            edited("'p1 f'", "'p1 sd'"),
            "x.phh, actions[4] 'p1 sd': 'sd' (stand pat or discard) is for draw games, "
            f"not Hold'em: {PLAYER_VERBS}",
        ),
        (
            edited("7h6h", "7h6x"),
            "x.phh, actions[2] 'd dh p3 7h6x': '6x' in '7h6x' is not a card: write a rank "
            "(23456789TJQKA) then a suit (cdhs), like As or Td, or ?? for an unknown card",
        ),
        (
            edited("'p1 f'", "'p4 f'"),
            "x.phh, actions[4] 'p4 f': p4 is not in this hand: it has 3 players, p1 to p3",
        ),
        (
            edited("'p1 f'", "5"),
            "x.phh, actions[4]: must be an action string like 'p1 cc', not the integer 5",
        ),
    ],
)
def test_errors_name_the_place_and_what_is_allowed(text, message):
    assert error_of(text, path="x.phh") == message


@pytest.mark.parametrize(
    ("text", "line"),
    [(edited("min_bet = 100", "min_bet = "), 4), ("variant = 'NT'\nvariant = 'NT'\n", 2)],
)
def test_bad_toml_is_reported_with_its_line(text, line):
    # tomllib words the rest, which may change between Python versions.
    message = error_of(text, path="x.phh")
    assert message.startswith("x.phh: is not valid TOML: ")
    assert f"line {line}," in message


def test_an_error_keeps_its_parts():
    with pytest.raises(PHHError) as caught:
        loads("[1]\n" + edited("'p1 f'", "'p1 xx'"), path="y.phhs")
    error = caught.value
    assert (error.path, error.hand, error.field) == ("y.phhs", 1, "actions[4] 'p1 xx'")
    assert error.reason.startswith("unknown player action 'xx'")


def test_a_hand_built_in_code_is_checked_too():
    [hand] = loads(HAND)
    fields = {**hand.__dict__, "antes": [0, 0]}
    with pytest.raises(PHHError, match="antes: 2 entries, but starting_stacks has 3"):
        HandHistory(**fields)
    with pytest.raises(PHHError, match="'min_bet' is a field of its own, not an extra one"):
        HandHistory(**{**hand.__dict__, "extra": {"min_bet": 5}})
    # Lists are accepted and stored as tuples, so the value equals the one read back.
    listed = HandHistory(**{**hand.__dict__, "antes": [0, 0, 0], "actions": list(hand.actions)})
    assert listed == hand and hash(listed) == hash(hand)


# .phhs: many hands


def phhs(*blocks):
    return "\n".join(f"[{index}]\n{text}" for index, text in blocks)


def test_phhs_hands_come_in_numeric_order_with_their_numbers():
    text = phhs((10, HAND), (2, edited("300", "400")), (1, edited("300", "500")))
    results = list(iter_hands_text(text, path="z.phhs"))
    assert [r.number for r in results] == [1, 2, 10]
    assert [r.result.actions[3].to for r in results] == [500, 400, 300]
    assert [h.actions[3].to for h in loads(text)] == [500, 400, 300]


def test_one_bad_hand_does_not_hide_the_others():
    text = phhs(
        (1, HAND), (2, edited("'p1 f'", "'p1 sd'")), (3, HAND), (4, edited("min_bet = 100\n", ""))
    )
    results = list(iter_hands_text(text, path="z.phhs"))
    assert [r.number for r in results] == [1, 2, 3, 4]
    good = [r.result for r in results if isinstance(r.result, HandHistory)]
    bad = [r.result for r in results if isinstance(r.result, PHHError)]
    assert len(good) == 2 and good[0] == good[1]
    assert [str(e).split(": ")[0] for e in bad] == [
        "z.phhs, hand [2], actions[4] 'p1 sd'",
        "z.phhs, hand [4]",
    ]
    with pytest.raises(PHHError, match=r"^z\.phhs, hand \[2\], actions\[4\] 'p1 sd': 'sd'"):
        loads(text, path="z.phhs")


def test_phhs_layout_errors_are_reported_and_the_hands_still_read():
    text = "stray = 1\n" + phhs((1, HAND), ("x", HAND), ("01", HAND))
    results = list(iter_hands_text(text, path="z.phhs"))
    assert [str(r.result) for r in results if r.number is None] == [
        "z.phhs: 'stray' is outside any hand: a .phhs file holds hands under numbered "
        "tables [1], [2], ..., each with its own fields",
        "z.phhs: table [x] is not a hand number: a .phhs file numbers its hands [1], [2], ...",
        "z.phhs: table [01] is not a hand number: a .phhs file numbers its hands [1], [2], ...",
    ]
    assert [r.number for r in results if isinstance(r.result, HandHistory)] == [1]


def test_single_or_many_is_decided_by_suffix_then_content():
    many = phhs((1, HAND), (2, HAND))
    assert len(loads(many)) == 2
    assert len(loads(many, path="a.phhs")) == 2
    assert len(loads(HAND, path="a.toml")) == 1
    assert error_of(many, path="a.phh").startswith("a.phh: the required field 'variant' is missing")
    assert loads("", multi=True) == []


def test_dumps_many_numbers_hands_or_keeps_their_numbers():
    [hand] = loads(HAND)
    assert dumps_many([hand, hand]) == f"[1]\n{HAND}\n[2]\n{HAND}"
    assert dumps_many({5: hand, 7: hand}).startswith("[5]\n")
    assert [r.number for r in iter_hands_text(dumps_many({5: hand, 7: hand}))] == [5, 7]


# Files


def test_dump_and_load_files(tmp_path):
    [hand] = loads(HAND)
    dump(hand, tmp_path / "one.phh")
    dump([hand, hand], tmp_path / "many.phhs")
    assert load(tmp_path / "one.phh") == [hand]
    assert load(str(tmp_path / "many.phhs")) == [hand, hand]
    assert (tmp_path / "one.phh").read_text() == HAND
    with pytest.raises(
        PHHError,
        match=r"two\.phh: a \.phh file holds one hand, not 2: write several to a \.phhs file",
    ):
        dump([hand, hand], tmp_path / "two.phh")


def test_a_byte_order_mark_and_windows_line_ends_are_read(tmp_path):
    [hand] = loads(HAND)
    path = tmp_path / "windows.phhs"
    path.write_bytes(b"\xef\xbb\xbf" + f"[1]\n{HAND}".replace("\n", "\r\n").encode())
    assert load(path) == [hand]
    assert loads("\ufeff" + HAND) == [hand]


def test_iter_hands_reports_unreadable_files_instead_of_raising(tmp_path):
    missing = tmp_path / "missing.phh"
    [(number, error)] = list(iter_hands(missing))
    assert number is None and isinstance(error, PHHError)
    assert str(error) == f"{missing}: cannot be read: No such file or directory"
    binary = tmp_path / "binary.phh"
    binary.write_bytes(b"\xff\xfe")
    [(_, error)] = list(iter_hands(binary))
    assert str(error).startswith(f"{binary}: is not UTF-8 text")
    bad = tmp_path / "bad.phhs"
    bad.write_text("[1\n")
    [(_, error)] = list(iter_hands(bad))
    assert str(error).startswith(f"{bad}: is not valid TOML: ")


def test_find_files_walks_folders_in_natural_order(tmp_path):
    for name in [
        "b/hand-10.phh",
        "b/hand-2.phh",
        "b/hand-1.phhs",
        "a.phhs",
        "notes.txt",
        "b/c/x.phh",
    ]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    found = find_files([tmp_path])
    assert [p.relative_to(tmp_path).as_posix() for p in found] == [
        "a.phhs",
        "b/c/x.phh",
        "b/hand-1.phhs",
        "b/hand-2.phh",
        "b/hand-10.phh",
    ]
    # A file named directly is kept whatever its suffix; nothing is listed twice.
    assert find_files([tmp_path / "notes.txt", tmp_path / "b", tmp_path / "b/hand-2.phh"]) == [
        tmp_path / "notes.txt",
        tmp_path / "b/c/x.phh",
        tmp_path / "b/hand-1.phhs",
        tmp_path / "b/hand-2.phh",
        tmp_path / "b/hand-10.phh",
    ]
    with pytest.raises(FileNotFoundError, match="no such PHH file or folder"):
        find_files([tmp_path / "nowhere"])


def test_cards_are_holdem_cards():
    [hand] = loads(HAND)
    assert hand.actions[0].cards == (Card.parse("As"), Card.parse("Kd"))


def test_what_toml_cannot_hold_is_refused_on_writing():
    [hand] = loads(HAND)
    odd = HandHistory(**{**hand.__dict__, "extra": {"note": None}})
    with pytest.raises(PHHError) as caught:
        dumps(odd)
    assert str(caught.value) == (
        "note: cannot be written: None (NoneType) is not a TOML value: TOML holds strings, "
        "numbers, booleans, dates and times, arrays and tables"
    )


def test_repr_shows_the_fields_a_hand_has():
    [hand] = loads(HAND + "year = 2009\n")
    text = repr(hand)
    assert text.startswith("HandHistory(variant='NT', antes=(0, 0, 0), ")
    assert "year=2009" in text and "author" not in text and "extra" not in text
