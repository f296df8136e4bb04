"""The conformance corpus (../shared/corpus): every hand reads, and writes back to an equal
hand; PokerKit's files are even reproduced byte for byte."""

import pytest

from holdem.history.phh import (
    DealHole,
    HandHistory,
    NoOp,
    ShowMuck,
    dumps,
    dumps_many,
    find_files,
    load,
    loads,
)
from tests.corpus import CORPUS, needs_corpus

pytestmark = needs_corpus


@pytest.fixture(scope="module")
def corpus():
    return {path: load(path) for path in find_files([CORPUS])}


def written(path, hands):
    return dumps_many(hands) if path.suffix == ".phhs" else dumps(hands[0])


def test_every_hand_round_trips(corpus):
    assert sum(len(hands) for hands in corpus.values()) == 10_019
    for path, hands in corpus.items():
        assert loads(written(path, hands), path=path) == hands, path


def test_pokerkit_files_are_written_back_byte_for_byte(corpus):
    # Only the hand-annotated Dwan-Ivey file differs: TOML comments, double quotes, layout.
    differ = [
        path.relative_to(CORPUS).as_posix()
        for path, hands in corpus.items()
        if written(path, hands) != path.read_text(encoding="utf-8").rstrip("\n") + "\n"
    ]
    assert differ == ["famous/dwan-ivey-2009.phh"]


def test_half_chip_finishing_stacks_are_kept_as_written(corpus):
    # 8 Pluribus hands split an odd chip as two half chips (corpus README): the reader keeps
    # them exactly, for the replay test to apply the odd-chip rule.
    halves = [
        hand.finishing_stacks
        for hands in corpus.values()
        for hand in hands
        if hand.finishing_stacks and any(stack % 1 for stack in hand.finishing_stacks)
    ]
    assert len(halves) == 8
    assert (10112.5, 9775.0, 10000.0, 10000.0, 10112.5, 10000.0) in halves


def test_the_annotated_famous_hand(corpus):
    [hand] = corpus[CORPUS / "famous" / "dwan-ivey-2009.phh"]
    assert hand.variant == "NT" and hand.ante_trimming_status is True
    assert hand.antes == (500, 500, 500) and hand.finishing_stacks is None
    assert hand.actions[1] == DealHole(1, (None, None))  # Antonius' cards are unknown
    assert hand.players == ("Phil Ivey", "Patrik Antonius", "Tom Dwan")
    assert hand.currency == "USD" and hand.year == 2009
    # TOML comments (# Ivey) are not PHH commentary: they are not part of the actions.
    assert not any(isinstance(a, NoOp) or a.comment for a in hand.actions)
    # Hands are tabled before the river is run out.
    assert isinstance(hand.actions[-3], ShowMuck) and str(hand.actions[-1].cards[0]) == "Jh"


def test_every_corpus_hand_is_a_holdem_hand(corpus):
    hands = [hand for hands in corpus.values() for hand in hands]
    assert {hand.variant for hand in hands} == {"NT", "FT"}
    assert all(isinstance(hand, HandHistory) for hand in hands)
