"""The quick TOML reader of PHH files: wherever it answers, it answers as tomllib does, and
where it does not (anything unusual, any error), the text goes to tomllib unchanged.

Documents are compared by ``repr``, which sees types (1 against 1.0 against True), the
digits of a Decimal (1.0 against 1.00), NaN, and the order of keys.

Every test runs twice: with the C scanner of the usual lines (``_toml_accel``) where it is
built, and with the Python reader alone, the reference, which reads every line then.
"""

import datetime as dt
import time
import tomllib
import tracemalloc
from dataclasses import replace
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdem.history import _toml, _toml_fast
from holdem.history._toml import format_key, format_value
from holdem.history.actions import Fold
from holdem.history.errors import PHHError
from holdem.history.phh import find_files
from holdem.history.phh import loads as phh_loads
from tests.corpus import CORPUS, needs_corpus


@pytest.fixture(autouse=True, scope="module", params=["C", "Python"])
def reader(request):
    """Which reads the usual lines: the C scanner, or the Python code with it taken away.
    (Module-scoped: hypothesis wants no function-scoped fixture, and nothing here changes.)"""
    if request.param == "C" and not _toml_fast.ACCELERATED:
        pytest.skip("holdem.history._toml_accel is not built (see test_the_scanner_is_built)")
    with pytest.MonkeyPatch.context() as patch:
        if request.param == "Python":
            patch.setattr(_toml_fast, "_scan", None)
        yield request.param


def answer(read, text):
    """What a reader makes of the text: the document's repr, or the error's type and words
    (a TOMLDecodeError, or the ValueError or InvalidOperation of a number too big)."""
    try:
        return repr(read(text))
    except Exception as error:
        return (type(error), str(error))


def read_by_tomllib(text):
    return tomllib.loads(text, parse_float=Decimal)


def assert_same_as_tomllib(text):
    expected = answer(read_by_tomllib, text)
    assert answer(_toml.loads, text) == expected
    fast = _toml_fast.parse(text)
    if fast is not None:  # where the quick reader answers, it is right
        assert repr(fast) == expected
    return fast


# Documents from values, written by holdem's own writer.

keys = st.text(st.characters(blacklist_categories=("Cs",)), max_size=8) | st.sampled_from(
    ["variant", "antes", "actions", "min_bet", "players", "_name", "1", "a-b_c"]
)
scalars = st.one_of(
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=12),
    st.sampled_from(["d dh p1 AsKd", "p2 cbr 6 # opens", "p1 f", "Phil Ivey", "O'Brien"]),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.decimals(allow_nan=True, allow_infinity=True, places=None),
    st.decimals(min_value=-(10**12), max_value=10**12, places=2),
    st.floats(),
)
dates = st.dates() | st.times() | st.datetimes()  # read by tomllib alone


def values_of(leaves):
    return st.recursive(
        leaves,
        lambda inner: st.lists(inner, max_size=6) | st.dictionaries(keys, inner, max_size=3),
        max_leaves=12,
    )


tables = st.dictionaries(keys, values_of(scalars), max_size=8)


def written(table):
    return "".join(f"{format_key(k)} = {format_value(v)}\n" for k, v in table.items())


@given(tables)
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
def test_a_table_written_by_holdem_reads_as_tomllib_reads_it(table):
    assert_same_as_tomllib(written(table))


@given(st.dictionaries(keys, values_of(scalars | dates), max_size=8))
@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
def test_a_table_with_dates_reads_as_tomllib_reads_it(table):
    assert_same_as_tomllib(written(table))


@given(st.dictionaries(st.integers(0, 10**6).map(str) | keys, tables, max_size=4))
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
def test_numbered_tables_read_as_tomllib_reads_them(hands):
    text = "\n".join(f"[{format_key(k)}]\n{written(table)}" for k, table in hands.items())
    assert_same_as_tomllib(text)


# The same documents laid out by hand: spaces and tabs, comments, arrays over several
# lines with trailing commas, CRLF line ends.

spaces = st.sampled_from(["", " ", "  ", "\t", " \t "])
array_gaps = st.sampled_from(["", " ", "\n", "\n  ", " # a note\n", "\n# a line\n\n", "\t"])
line_ends = st.sampled_from(["\n", "\r\n", " # done\n", "\t#\n", "\n\n", "\n# note\n"])


@st.composite
def laid_out(draw, value):
    if isinstance(value, list | tuple):
        items = [draw(laid_out(item)) for item in value]
        gap = draw(array_gaps)
        text = "[" + gap + ("," + draw(array_gaps)).join(items)
        if items and draw(st.booleans()):
            text += draw(spaces) + ","
        return text + draw(array_gaps) + "]"
    if isinstance(value, dict):
        items = [
            f"{format_key(k)}{draw(spaces)}={draw(spaces)}{draw(laid_out(v))}"
            for k, v in value.items()
        ]
        if not items:
            return "{" + draw(spaces) + "}"
        return "{" + draw(spaces) + ("," + draw(spaces)).join(items) + draw(spaces) + "}"
    return format_value(value)


@st.composite
def laid_out_documents(draw):
    lines = [draw(st.sampled_from(["", "# a PHH file\n", "\n"]))]
    for number in range(draw(st.integers(0, 3)) or 1):
        if number or draw(st.booleans()):
            lines.append(f"{draw(spaces)}[{draw(spaces)}{number + 1}{draw(spaces)}]")
            lines.append(draw(line_ends))
        for key, value in draw(tables).items():
            value_text = draw(laid_out(value))
            lines.append(f"{draw(spaces)}{format_key(key)}{draw(spaces)}={draw(spaces)}")
            lines.append(value_text + draw(line_ends))
    text = "".join(lines)
    return text.rstrip("\n") if draw(st.booleans()) else text


@given(laid_out_documents())
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
def test_hand_laid_out_documents_read_as_tomllib_reads_them(text):
    assert_same_as_tomllib(text)


@given(laid_out_documents(), st.data())
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
def test_a_spoilt_document_reads_or_fails_as_tomllib_makes_it(text, data):
    # One character taken out, put in or changed: mostly errors, each to be tomllib's.
    at = data.draw(st.integers(0, len(text)))
    char = data.draw(st.sampled_from("'\"[]{},=#.\n \\x0-+e:_\r\x00"))
    how = data.draw(st.sampled_from(["out", "in", "change"]))
    if how == "out":
        text = text[:at] + text[at + 1 :]
    elif how == "in":
        text = text[:at] + char + text[at:]
    else:
        text = text[:at] + char + text[at + 1 :]
    assert_same_as_tomllib(text)


# Cases picked by hand.

READ_QUICKLY = [
    "",
    "# only a comment",
    "\n\n\t \n",
    "a = 1",
    "a = 1\r\nb = 'x'\r\n",
    "a = -0\nb = +0\nc = +5\nd = -0.0\ne = 1e5\nf = 1E-5\ng = 0.10\nh = 3.14e+02",
    "a = inf\nb = -inf\nc = +inf\nd = nan\ne = -nan\nf = +nan",
    "a = [inf, 200.30, 0, -1]",
    "'' = 1\n\"quoted key\" = 2\n'literal key' = 3\nbare-key_9 = 4",
    'a = "\\u00e9\\t\\\\ \\" \\b\\f\\n\\r \\U0001F0A1"',
    "a = 'no \\escapes in literal strings'",
    "a = \"tab\tinside\"\nb = 'tab\tinside'",
    "a = []\nb = [ ]\nc = [[], [[]]]\nd = [1,]\ne = [ 'x' , ]",
    "a = [\n  1, # one\n  2,\n  # between\n]",
    "actions = [\n  'p1 f',  # fold\n\n  'p2 cc'\n]\n",
    "a = {}\nb = { x = 1, 'y' = [1, 2], z = { w = true } }",
    "[1]\nvariant = 'NT'\n\n[2]\nvariant = 'NT'\n[\t3 ]  # three\n",
    "[\"x y\"]\na = 1\n['z']\n",
    "a = true\nb = false\nc = [true, false]",
    "a = 'naïve, café ♠'  # comment ♥",
    "a = [1, 'mixed', 2.5, [true]]",
    "a=1\nb\t=\t2",
]


@pytest.mark.parametrize("text", READ_QUICKLY)
def test_plain_toml_is_read_quickly_and_right(text):
    assert assert_same_as_tomllib(text) is not None


LEFT_TO_TOMLLIB = [
    # TOML that PHH files rarely use: right, read by tomllib.
    'a = """multi\nline"""',
    "a = '''multi\nline'''",
    "day = 2009-07-01",
    "time = 1979-05-27T07:32:00Z",
    "time = 1979-05-27 07:32:00.999999-07:00",
    "a = [1979-05-27]",
    "a.b = 1",
    "[a.b]\nc = 1",
    "[[hands]]\nvariant = 'NT'",
    "a = 0x1F\nb = 0o17\nc = 0b101",
    "a = 1_000",
    "a = [1_000, 2]",
    "a = 1_000.5",
    "a = { b.c = 1 }",
    "a = [" * 40 + "]" * 40,  # deeper than MAX_DEPTH
    # Errors, worded by tomllib.
    "a = 01",
    "a = [01, 2]",
    "a = [0, 00]",
    "a = -01",
    "a = 1\na = 2",
    "[1]\n[1]",
    "a = 1\n[a]",
    "a = 'ctrl \x01'",
    "a = 1 # ctrl \x7f",
    "a = 1\rb = 2",
    "\ufeffa = 1",
    'a = "\\q"',
    'a = "\\uD800"',
    'a = "\\U00110000"',
    'a = "\\u12"',
    "a = " + "9" * 5000,  # Python refuses the int
    "a = [" + "9" * 5000 + "]",
    "a = 1e" + "9" * 30,  # Decimal refuses it
    "a = { b = 1, }",
    "a = { b = 1,}",
    "a = { b = 1,\n c = 2 }",
    "a = { b = 1 # no\n}",
    "a = { b = 1, b = 2 }",
    "a =",
    "a =\n1",
    "a = 1 2",
    "a = [1 2]",
    "a = [1,,2]",
    "a = [,]",
    "a = [ , ]",
    "a = [+]",
    "a = [1-2]",
    "a = [- 1]",
    "a = [1",
    "a = 'unterminated",
    'a = "unterminated',
    "a = 'two\nlines'",
    "a = 1.",
    "a = .5",
    "a = 1.5.3",
    "a = truex",
    "a = True",
    "a = infinity",
    "a =\u00a01",
    "= 1",
    "a b = 1",
    "[a",
    "[a]]",
    "[]",
    "a = 1 ]",
    "'a' = 'b",
]


@pytest.mark.parametrize("text", LEFT_TO_TOMLLIB)
def test_what_the_quick_reader_does_not_know_goes_to_tomllib(text):
    assert _toml_fast.parse(text) is None
    assert_same_as_tomllib(text)


def test_every_array_is_a_list_of_its_own():
    # Arrays read once and remembered (blinds, stacks) still come as new lists each time.
    first = _toml_fast.parse("[1]\na = [1, 2]\n[2]\na = [1, 2]")
    again = _toml_fast.parse("a = [1, 2]")
    first["1"]["a"].append(3)
    assert first["2"]["a"] == again["a"] == [1, 2]


def test_a_line_read_before_is_still_a_key_given_twice_when_repeated_in_one_table():
    # Short lines are remembered from hand to hand; a repeat within a hand is still an error.
    assert _toml_fast.parse("[1]\nday = 1\n[2]\nday = 1\n") == {"1": {"day": 1}, "2": {"day": 1}}
    assert _toml_fast.parse("[3]\nday = 1\nday = 1\n") is None
    assert_same_as_tomllib("[3]\nday = 1\nday = 1\n")


def test_a_table_of_settings_read_before_is_a_table_of_its_own_each_time():
    # Inline tables (_holdem_rules) are remembered by their text: each read still gets its
    # own table and arrays, and a table that only starts like one read before is read anew.
    _toml_fast._TABLES.clear()
    rules = "r = { cap = 3, posts = [1, 2], on = true }"
    first = _toml_fast.parse(f"[1]\n{rules}\n[2]\n{rules}")
    assert list(_toml_fast._TABLES) == ["{ cap = 3, posts = [1, 2], on = true }"]
    first["1"]["r"]["posts"].append(3)
    first["1"]["r"]["cap"] = 4
    again = _toml_fast.parse(rules)
    assert first["2"]["r"] == again["r"] == {"cap": 3, "posts": [1, 2], "on": True}
    for longer in (
        "r = { cap = 3, posts = [1, 2], on = true, more = 'x}' }",
        "r = { cap = 3, posts = [1, 2], on = true } junk",
        "r = { cap = 3, posts = [1, 2], on = true, cap = 4 }",
        "r = { cap = 3, posts = [1, 2], on = true, deep = { on = true } }",
    ):
        assert_same_as_tomllib(longer)


def test_an_error_is_worded_by_tomllib():
    with pytest.raises(tomllib.TOMLDecodeError, match=r"Cannot overwrite a value \(at line 2"):
        _toml.loads("a = 1\na = 2\n")


@pytest.mark.parametrize(
    "written",
    [
        "00:00:09", "23:59:59", "20:15:00.5", "20:15:00.123456", "20:15:00.1234567891",
        "24:00:00", "20:60:00", "20:15:61", "20:15", "20:15:00Z", "20:15:00+01:00",
        "20:15:00.", "2:15:00", "20:15:00 # a comment", "[00:00:09, 12:00:00]",
        "{ at = 00:00:09 }", "2009-07-01", "2009-07-01T20:15:00",
    ],
)  # fmt: skip
def test_a_local_time_is_read_as_tomllib_reads_it_and_a_date_left_to_it(written):
    fast = assert_same_as_tomllib(f"time = {written}\n")
    if written[:1] == "2" and written[4:5] == "-":
        assert fast is None


def test_a_handhq_header_with_its_time_is_read_quickly():
    text = "[1]\nvenue = 'Absolute Poker'\ntime = 00:00:09\nday = 1\nhand = 3017237436\n"
    assert assert_same_as_tomllib(text) == {
        "1": {"venue": "Absolute Poker", "time": dt.time(0, 0, 9), "day": 1, "hand": 3017237436}
    }


def test_dates_and_times_are_tomllib_s():
    assert _toml.loads("day = 2009-07-01\ntime = 20:15:00") == {
        "day": dt.date(2009, 7, 1),
        "time": dt.time(20, 15),
    }


@pytest.mark.parametrize(
    "text",
    [
        "a = [" + "'x', " * 40_000 + "x]",  # a long flat array spoilt at its end
        "a = [" + "1, " * 40_000 + "x]",
        "a = [" + " " * 200_000 + "x",
        "a = ['" + "x" * 200_000,
        'a = "' + "\\t" * 100_000,
        "a = [" + "\n# c" * 50_000 + "\n1]",
        "a = {" + "".join(f" k{i} = 1," for i in range(30_000)) + " }",  # trailing comma
        "[" + " " * 200_000 + "a",
        "a" * 200_000,
        "a" + " " * 200_000 + "= 1",
    ],
    ids=range(10),
)
def test_hostile_text_takes_linear_time(text):
    # A quadratic step on texts of this size would take minutes.
    start = time.process_time()
    _toml_fast.parse(text)
    assert time.process_time() - start < 2


@needs_corpus
def test_every_corpus_file_is_read_quickly_and_as_tomllib_reads_it():
    files = find_files([CORPUS])
    assert len(files) == 111
    for path in files:
        text = path.read_text(encoding="utf-8")
        fast = _toml_fast.parse(text)
        assert fast is not None, path
        assert repr(fast) == repr(read_by_tomllib(text)), path


# The C scanner of the usual lines (_toml_accel.c): it takes a line only when sure of
# it, and stops at the start of any other, which the Python code then reads or refuses.


def test_the_scanner_is_built():
    # Development and CI machines have a C compiler; only a bare install may lack one.
    assert _toml_fast.ACCELERATED, (
        "holdem.history._toml_accel was not built: is a C compiler installed?"
    )


# The tests of the scanner itself run once, with it (they skip where it is not built).
scanner_alone = pytest.mark.parametrize("reader", ["C"], indirect=True)


@pytest.fixture(scope="module")
def scan(reader):
    from holdem.history import _toml_accel

    return _toml_accel.scan


def scanned(scan, text):
    """Where the scanner stops in the text read from its start, and what it made of the
    lines before."""
    root = {}
    pos, table = scan(text, 0, root, root)
    return pos, root, table


SCANNED_WHOLE = [
    "",
    "\n",
    " \t \n\n",
    "   ",
    "# a comment ♠ with 'quotes', [brackets] and a = 1\n",
    "  # an indented comment",
    "a = 1",
    "a = 1\n",
    " \ta\t =\t 1 \t# a comment\n",
    "a=1#c\nb=[1]#c\nc='x'#c\nd=true#\ne=00:00:09#c\nf=1.5#c",
    "[1]\nvariant = 'NT'\n\n[ 2 ]\t# two\nvariant = \"NT\"\n[\t3\t]",
    "1 = 1\n-_ = 2\nA-b_9 = 3\ntrue = 4\ninf = 5\n[false]\n[-]",
    "a = true\nb = false",
    "a = 0\nb = -0\nc = +0\nd = +7\ne = -12\nf = 123456789012345678\ng = -999999999999999999",
    "a = 0.5\nb = -0.0\nc = 1e5\nd = 1E-05\ne = +3.14e+02\nf = 200.30\ng = 0e0\nh = 1e999999",
    "a = ''\nb = \"\"\nc = 'O\"Brien'\nd = \"O'Brien\"",
    "e = 'tab\tin'\nf = \"tab\tin\"\ng = 'a # b'",
    "t = 00:00:09\nu = 23:59:59.5\nv = 20:15:00.1234567891\nw = 12:00:00.000001\nx = 09:05:01.12",
    "a = []\nb = [ ]\nc = [1,]\nd = [ 'x' , ]\ne = [\t1\t,\t2\t,\t]\nf = [0.25, 0.50, 1, -3]",
    "a = [1, 'two', \"three\", 4.5, true, 00:00:09, 1e3, -0]",
    "a = [00:00:09, 12:00:00.5]\nb = [true,false]\nc = ['x','y']\nd = [\"\", '']",
    "a = 'é, ÿ'  # one byte a character (Latin-1)\n",
    "a = 'Łódź'  # two bytes a character\n",
    "a = \"🂡 ♠\"  # four bytes a character\nb = ['♠', 1.5]",
    "actions = ['d dh p1 AsKd', 'd dh p2 ????', 'p2 cbr 6 # a raise', 'p1 f']\n",
]


@scanner_alone
@pytest.mark.parametrize("text", SCANNED_WHOLE)
def test_the_scanner_takes_the_usual_lines_and_reads_them_as_tomllib(scan, text):
    pos, root, _ = scanned(scan, text)
    assert pos == len(text)
    assert repr(root) == repr(read_by_tomllib(text))


@scanner_alone
def test_a_header_gives_the_table_the_next_lines_go_to(scan):
    root = {}
    pos, table = scan("a = 1\n[1]\nb = 2\n[2]\nc = [3]\n", 0, root, root)
    assert root == {"a": 1, "1": {"b": 2}, "2": {"c": [3]}}
    assert table is root["2"]
    # From the middle of a text, into the table handed over.
    pos, same = scan("x\nd = 4\n", 2, root, table)
    assert (pos, same) == (8, table) and table == {"c": [3], "d": 4}


# Each line below, after a few the scanner takes, is one it leaves at its start.
BEFORE = "v = 1\n[t]\nk = 1\n"
LEFT_BY_SCANNER = [
    # Right TOML, which the Python code reads.
    "'q' = 1",
    '"q" = 1',
    "a.b = 1",
    "a . b = 1",
    "[a.b]",
    "[[a]]",
    "['a']",
    '["a"]',
    "n = 1234567890123456789",  # more than 18 digits
    "n = -9999999999999999999",  # more than a C long long holds
    "n = -99999999999999999999999",
    "n = [1, 1234567890123456789]",
    "n = inf",
    "n = -nan",
    "n = +inf",
    "n = [1, inf]",
    's = "a\\tb"',
    's = "\\u00e9"',
    "s = [\"\\\\\", 'x']",
    "s = '''x'''",
    's = """x"""',
    "a = [[1], 2]",
    "a = [1, [2]]",
    "a = {}",
    "a = { b = 1 }",
    "a = [{ b = 1 }]",
    "a = [\n1]",
    "a = [1, # one\n2]",
    "a = [1,\n]",
    "n = 0x1F",
    "n = 1_000",
    "n = [1_000]",
    "d = 2009-07-01",
    "d = 1979-05-27T07:32:00Z",
    "d = [2009-07-01]",
    # Errors, which the Python code refuses.
    "k = 2",  # a key given twice
    "[t]",  # a table declared twice
    "[v]",  # a table over a value
    "n = 01",
    "n = -01",
    "n = [0, 00]",
    "n = 1.",
    "n = .5",
    "n = 1e",
    "n = 1e+",
    "n = 1.5.3",
    "n = 1.e5",
    "n = 1e" + "9" * 30,  # Decimal refuses it
    "n = [1.5, 1e" + "9" * 30 + "]",
    "b = truex",
    "b = True",
    "b = tru",
    "t = 24:00:00",
    "t = 20:60:00",
    "t = 20:15:60",
    "t = 20:15:00.",
    "t = 20:15:00Z",
    "t = 20:15:00+01:00",
    "t = 2:15:00",
    "t = 20:15",
    "t = [20:15:00Z]",
    "s = 'unterminated",
    's = "unterminated',
    "s = 'two\nlines'",
    "s = 'x' 'y'",
    "a =",
    "a = ",
    "a = 1 2",
    "a = [1 2]",
    "a = [1,,2]",
    "a = [,]",
    "a = [ , ]",
    "a = [1",
    "a = [1]]",
    "a = 1 ]",
    "a =\u00a01",
    "\u00a0a = 1",
    "= 1",
    "a b = 1",
    "a",
    "[]",
    "[a",
    "[a]]",
    "[ a b ]",
]


@scanner_alone
@pytest.mark.parametrize("line", LEFT_BY_SCANNER)
def test_the_scanner_stops_at_the_start_of_a_line_it_is_not_sure_of(scan, line):
    pos, root, table = scanned(scan, BEFORE + line + "\nz = 'after'\n")
    assert pos == len(BEFORE)
    assert root == {"v": 1, "t": {"k": 1}} and table is root["t"]


@pytest.mark.parametrize("line", LEFT_BY_SCANNER)
def test_a_line_the_scanner_leaves_reads_as_tomllib_reads_it(line):
    assert_same_as_tomllib(BEFORE + line + "\nz = 'after'\n")


@scanner_alone
@pytest.mark.parametrize(
    "line", ["s = 'a\x01'", 's = "\x1f"', "# \x7f", "n = 1 # \x00", "n = 1\r", "\r", "[t]\x0b"]
)
def test_the_scanner_leaves_a_control_character_even_where_parse_has_not_looked(scan, line):
    # parse() sends a text with one to tomllib before any reading; scan() is right alone.
    assert scanned(scan, "a = 1\n" + line + "\nb = 2\n")[:2] == (6, {"a": 1})


@scanner_alone
def test_the_scanner_starts_only_at_the_start_of_a_line(scan):
    text = "a = 1\nb = 2\n"
    root = {}
    assert scan(text, 2, root, root) == (2, root) and root == {}
    assert scan(text, 6, root, root) == (12, root) and root == {"b": 2}
    assert scan(text, 12, root, root) == (12, root)
    for pos in (-1, 13):
        with pytest.raises(ValueError, match="outside the text"):
            scan(text, pos, root, root)
    with pytest.raises(TypeError):
        scan(b"a = 1", 0, root, root)
    with pytest.raises(TypeError):
        scan(text, 0, root)


@scanner_alone
def test_the_python_code_reads_the_line_the_scanner_leaves_then_the_scanner_goes_on(scan):
    calls = []

    def spy(src, pos, root, table):
        calls.append(pos)
        return scan(src, pos, root, table)

    text = "[1]\na = 1\nb = { c = 2 }\nd = [\n  3,\n]\ne = 4\n[2]\nf = 'x'\n"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_toml_fast, "_scan", spy)
        document = _toml_fast.parse(text)
    assert repr(document) == repr(read_by_tomllib(text))
    assert calls == [0, text.index("d ="), text.index("e =")]


@scanner_alone
def test_an_error_in_making_a_value_is_raised_not_taken_for_a_doubt(scan):
    # Only Decimal's refusal of a number is a doubt (the Python code then makes the same
    # call and leaves the text to tomllib); a MemoryError, or any other error, is raised.
    from holdem.history import _toml_accel

    def no_memory(*args):
        raise MemoryError

    try:
        _toml_accel.install(no_memory, no_memory)
        for text in ("a = 1.5", "a = [1, 'x', 2.5]", "t = 00:00:09", "t = [00:00:09]"):
            with pytest.raises(MemoryError):
                scan(text, 0, {}, {})
    finally:
        _toml_accel.install(Decimal, dt.time)
    assert scanned(scan, "a = [1.5, 00:00:09]")[1] == {"a": [Decimal("1.5"), dt.time(0, 0, 9)]}


@scanner_alone
def test_the_scanner_keeps_nothing_of_what_it_leaves(scan):
    # Every way of leaving a line after building part of its value gives the memory back.
    texts = [
        "a = [1, 'x', 2.5, 00:00:09] junk",
        "a = [1, 'x', 2.5, [3]]",
        "k = [1, 'x']\nk = [2, 'y']",
        "a = 'x'\nb = 2.5 1",
        "[t]\n[t]",
        "a = 1e" + "9" * 30,
    ]

    def run():
        for _ in range(2000):
            for text in texts:
                scan(text, 0, {}, {})

    run()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        run()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 20_000  # a leak of one object a text would be hundreds of kilobytes


# Lines of the usual kinds, right and wrong, in any order: whatever the scanner takes must
# be what tomllib reads, and the whole text must read as tomllib reads it.

LINE_KEYS = ["a", "b", "1", "x-y_Z", "'q'", '"q"', "a.b", "", "a b", "é"]
LINE_SCALARS = [
    "0", "-0", "+7", "42", "007", "123456789012345678", "-1234567890123456789", "1_000",
    "0x1F", "0.5", "-0.0", "200.30", "1e5", "1E-05", "+3.14e+02", "1.", ".5", "1e",
    "1e" + "9" * 30, "inf", "-nan", "true", "false", "truex", "'x'", "''", "'O\"B'",
    "'é ♠ 🂡'", "'a # b'", '"x"', '""', "\"it's\"", '"a\\tb"', '"\\u00e9"', "'open", '"open',
    "00:00:09", "23:59:59.5", "20:15:00.1234567891", "24:00:00", "20:15:00.", "20:15:00Z",
    "2009-07-01", "{}", "{ b = 1 }", "[]", "[1, [2]]",
]  # fmt: skip
LINE_ENDS = ["", " ", "\t# a note ♥", "#", " junk", " ]"]
ARRAY_COMMAS = [", ", ",", " , ", "\t,\t", ",,", " ", ",\n"]


@st.composite
def usual_lines(draw):
    kind = draw(st.sampled_from(["blank", "comment", "header", "scalar", "array"]))
    if kind == "blank":
        line = draw(spaces)
    elif kind == "comment":
        line = draw(spaces) + "# " + draw(st.sampled_from(LINE_SCALARS))
    elif kind == "header":
        line = f"{draw(spaces)}[{draw(spaces)}{draw(st.sampled_from(LINE_KEYS))}{draw(spaces)}]"
    else:
        if kind == "scalar":
            value = draw(st.sampled_from(LINE_SCALARS))
        else:
            items = draw(st.lists(st.sampled_from(LINE_SCALARS), max_size=4))
            value = "[" + draw(spaces)
            for number, item in enumerate(items):
                value += (draw(st.sampled_from(ARRAY_COMMAS)) if number else "") + item
            if items and draw(st.booleans()):
                value += draw(spaces) + ","
            value += draw(spaces) + "]"
        key = draw(st.sampled_from(LINE_KEYS))
        line = f"{draw(spaces)}{key}{draw(spaces)}={draw(spaces)}{value}"
    return line + draw(st.sampled_from(LINE_ENDS))


@st.composite
def usual_texts(draw):
    text = "\n".join(draw(st.lists(usual_lines(), max_size=10)))
    if text and draw(st.booleans()):  # one character taken out, put in or changed
        at = draw(st.integers(0, len(text) - 1))
        char = draw(st.sampled_from("'\"[]{},=#.\n \\x0-+e:_\r\x00\x7fé"))
        cut = draw(st.integers(0, 1))
        text = text[:at] + char * draw(st.integers(0, 1)) + text[at + cut :]
    return text


@scanner_alone
@given(usual_texts())
@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
def test_what_the_scanner_takes_is_what_tomllib_reads(scan, text):
    pos, root, table = scanned(scan, text)
    assert pos == len(text) or pos == 0 or text[pos - 1] == "\n"
    taken = text[:pos]
    assert repr(root) == repr(read_by_tomllib(taken))
    assert table is root or any(table is value for value in root.values())


@given(usual_texts())
@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
def test_texts_of_the_usual_lines_read_as_tomllib_reads_them(text):
    assert_same_as_tomllib(text)


# The hand's quick paths (arrays of plain ints or strings taken whole) keep every check.

HAND = {
    "variant": "'NT'",
    "antes": "[0, 0]",
    "blinds_or_straddles": "[1, 2]",
    "min_bet": "2",
    "starting_stacks": "[200, 100]",
    "actions": "['d dh p1 AsKd', 'd dh p2 ????', 'p2 cc', 'p1 f']",
}


def read_hand(**fields):
    text = "".join(f"{name} = {value}\n" for name, value in {**HAND, **fields}.items())
    [hand] = phh_loads(text, path="x.phh")
    return hand


def test_whole_numbers_in_a_hand_of_cents_are_scaled():
    hand = read_hand(antes="[0, 0.25]", actions="['p1 cbr 3.5', 'p2 cc']")
    assert hand.chip_unit == Decimal("0.01")
    assert hand.blinds_or_straddles == (100, 200)
    assert hand.starting_stacks == (20000, 10000)
    assert hand.actions[0].to == 350


def test_an_action_alone_can_set_the_unit():
    hand = read_hand(actions="['d dh p1 AsKd', 'p1 cbr 3.5', 'p2 cc']")
    assert hand.chip_unit == Decimal("0.1")
    assert hand.blinds_or_straddles == (10, 20)
    assert hand.actions[1].to == 35


def test_arrays_of_numbers_keep_their_types():
    hand = read_hand(time_banks="[30, 30.5]", seats="[1, 4]", finishing_stacks="[199, 101.5]")
    assert hand.time_banks == (30, 30.5) and type(hand.time_banks[0]) is int
    assert hand.seats == (1, 4)
    assert hand.finishing_stacks == (199, Decimal("101.5"))


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"seats": "[1, true]"}, "x.phh, seats[1]: must be an integer, not the boolean true"),
        ({"players": "['a', 2]"}, "x.phh, players[1]: must be a string, not the integer 2"),
        (
            {"blinds_or_straddles": "[1, -2]"},
            "x.phh, blinds_or_straddles[1]: -2 is not allowed: blinds are 0 or more chips",
        ),
        (
            {"actions": "['p2 cc', 'p1 zz', 'p1 f']"},
            "x.phh, actions[1] 'p1 zz': unknown player action 'zz'",
        ),
        (
            {"actions": "['p2 cc', 'p3 f']"},
            "x.phh, actions[1] 'p3 f': p3 is not in this hand: it has 2 players, p1 to p2",
        ),
        (
            {"finishing_stacks": "[1, -1]"},
            "x.phh, finishing_stacks[1]: -1 is not allowed: finishing stacks are 0 or more",
        ),
    ],
)
def test_a_bad_entry_among_good_ones_is_named(fields, message):
    with pytest.raises(PHHError) as caught:
        read_hand(**fields)
    assert str(caught.value).startswith(message)


def test_a_field_s_problem_is_reported_before_an_action_s():
    fields = {**HAND, "antes": "[0, true]"}
    del fields["actions"]  # written first instead
    text = "actions = ['p1 zz']\n" + "".join(f"{k} = {v}\n" for k, v in fields.items())
    with pytest.raises(PHHError) as caught:
        phh_loads(text, path="x.phh")
    assert str(caught.value) == (
        "x.phh, antes[1]: must be a number of chips, like 200 or 200.30, not the boolean true"
    )


def test_a_hand_built_in_code_is_checked_as_before():
    base = read_hand()
    assert replace(base, finishing_stacks=[1.5, 2]).finishing_stacks == (Decimal("1.5"), 2)
    assert replace(base, chip_unit=Decimal(1)).chip_unit == 1  # equal to the default
    with pytest.raises(PHHError, match="True is not an amount"):
        replace(base, winnings=[True, 2])
    with pytest.raises(PHHError, match=r"antes\[1\]: -1 is not allowed"):
        replace(base, antes=(0, -1))
    with pytest.raises(PHHError, match="is not a chip unit"):
        replace(base, chip_unit=Decimal("1.0"))
    with pytest.raises(PHHError, match=r"actions\[1\] 'p5 f': p5 is not in this hand"):
        replace(base, actions=(Fold(0), Fold(4)))


def test_an_exponent_too_large_for_decimal_is_refused_in_words():
    # tomllib passes 1e9999999999999999999 to Decimal, which refuses it with an
    # InvalidOperation: the reader says what is wrong instead of failing as a bug.
    huge = "1e" + "9" * 19
    text = "".join(f"{name} = {value}\n" for name, value in {**HAND, "min_bet": huge}.items())
    with pytest.raises(PHHError) as caught:
        phh_loads(text, path="x.phh")
    assert str(caught.value) == (
        "x.phh: is not valid TOML: a number's exponent is too large to read "
        "(amounts have at most 30 digits)"
    )
