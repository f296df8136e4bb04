"""Range notation: what each token means, card removal, weights, and errors that name the token."""

import eval7
import pytest

from holdem.cards import parse_cards
from holdem.odds import Range, RangeParseError, parse_range, starting_hand
from holdem.odds.ranges import all_combos

# eval7 parses ranges with a pyparsing API that warns of its own deprecation.
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning:eval7")


def labels(text: str) -> set[str]:
    return {hand.label for hand, share in parse_range(text).classes().items() if share}


@pytest.mark.parametrize(
    ("text", "classes", "combos"),
    [
        ("QQ+", {"QQ", "KK", "AA"}, 18),
        ("AKs", {"AKs"}, 4),
        ("AKo", {"AKo"}, 12),
        ("AK", {"AKs", "AKo"}, 16),
        ("A5s-A2s", {"A5s", "A4s", "A3s", "A2s"}, 16),
        ("A2s-A5s", {"A5s", "A4s", "A3s", "A2s"}, 16),
        ("KQo", {"KQo"}, 12),
        ("T9s+", {"T9s", "JTs", "QJs", "KQs", "AKs"}, 20),
        ("A9s+", {"A9s", "ATs", "AJs", "AQs", "AKs"}, 20),
        ("22-77", {"22", "33", "44", "55", "66", "77"}, 36),
        ("T9s-54s", {"T9s", "98s", "87s", "76s", "65s", "54s"}, 24),
        ("AsKs", {"AKs"}, 1),
        ("As Kd", {"AKo"}, 1),
        ("QQ+,AKs", {"QQ", "KK", "AA", "AKs"}, 22),
        ("QQ+ AKs", {"QQ", "KK", "AA", "AKs"}, 22),
        ("kqs, 109s", {"KQs", "T9s"}, 8),
    ],
)
def test_notation(text, classes, combos):
    r = parse_range(text)
    assert labels(text) == classes
    assert len(r) == combos


def test_random_is_every_combination():
    r = parse_range("random")
    assert len(r) == 1326 == len(all_combos()) == len(set(all_combos()))
    assert parse_range("any") == r == Range.random()
    assert all(share == 1 for share in r.classes().values())


def test_weights_and_the_last_token_wins():
    r = parse_range("AKo:0.5, QQ")
    assert len(r) == 18
    assert r.weight() == 12 * 0.5 + 6
    assert parse_range("AKo:50%").weight() == 6
    assert dict(parse_range("AK, AKo:0.25").items())[tuple(parse_cards("AsKd"))] == 0.25
    assert len(parse_range("random, 72o:0")) == 1326 - 12


def test_card_removal_counts():
    r = parse_range("QQ+,AKs")
    assert r.count() == 22
    assert r.count(dead="As") == 22 - 3 - 1  # three AA combos, one AKs
    assert r.count(dead="AsKh2c") == 22 - 3 - 3 - 2
    assert r.weight(dead="Qc") == 19.0
    assert parse_range("random").count(dead=parse_cards("AsAh")) == 1225


def test_one_hand_is_a_range_of_one():
    r = Range.of_hand("AhAs")
    assert r.hand == tuple(parse_cards("AsAh"))
    assert r.text == "AhAs"
    assert parse_range("QQ").hand is None


@pytest.mark.parametrize(
    ("text", "token", "words"),
    [
        ("QQ+,AKx,JJ", "AKx", "write pairs"),
        ("QQs", "QQs", "a pair is neither suited nor offsuit"),
        ("AKs-QJo", "AKs-QJo", "same s or o"),
        ("AA-AK", "AA-AK", "share their top card"),
        ("AKo:2", "AKo:2", "weight '2'"),
        ("AKo:x", "AKo:x", "weight 'x'"),
        ("AsAs", "AsAs", "As appears twice"),
        ("", "", "it is empty"),
        ("72o:0", "72o:0", "every combination has weight 0"),
    ],
)
def test_a_parse_error_names_the_bad_token(text, token, words):
    with pytest.raises(RangeParseError, match=words) as caught:
        parse_range(text)
    assert caught.value.token == token
    assert str(caught.value).startswith(f"{token!r} is not a hand or range")


@pytest.mark.parametrize(
    "text", ["QQ+", "AKs", "A5s-A2s", "KQo", "22-77", "AsKs", "AK", "A2s+", "KTo+", "J8s-J5s"]
)
def test_agrees_with_eval7_where_the_notations_meet(text):
    theirs = {frozenset(str(c) for c in hand) for hand, _ in eval7.HandRange(text).hands}
    ours = {frozenset(str(c) for c in combo) for combo in parse_range(text).combos}
    assert ours == theirs


def test_starting_hand_lookup():
    assert starting_hand("KAs").label == "AKs"
    assert starting_hand("109s").label == "T9s"
    assert starting_hand("qq").label == "QQ"
    with pytest.raises(RangeParseError, match="two ranks and s or o"):
        starting_hand("AK")
