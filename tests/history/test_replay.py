"""Replaying hand histories: every corpus hand to its recorded stacks, and clear errors."""

from decimal import Decimal

import pytest

from holdem.history import loads
from holdem.history.replay import config_of, replay, replay_paths, stacks_match
from tests.corpus import CORPUS, needs_corpus


@needs_corpus
def test_every_corpus_hand_replays_to_its_recorded_stacks():
    results = list(replay_paths([CORPUS]))
    assert len(results) == 10_019
    failures = [r for r in results if not r.ok]
    assert failures == []
    assert sum(r.match is True for r in results) == 10_018
    # The Dwan-Ivey hand records no finishing stacks: we compute them (Dwan wins 1,109,500).
    [unchecked] = [r for r in results if r.match is None]
    assert unchecked.file.endswith("dwan-ivey-2009.phh")
    assert unchecked.finishing_stacks == (572_100, 1_997_500, 1_109_500)


@needs_corpus
def test_r25_the_eight_odd_chip_hands_give_the_chip_to_the_first_winner():
    # The recorder wrote half chips (10112.5 twice); under R25 the first tied winner
    # clockwise from the button (the lowest position) takes the odd chip.
    halves = [
        r
        for r in replay_paths([CORPUS / "pluribus"])
        if r.expected and any(x % 1 for x in r.expected)
    ]
    assert len(halves) == 8
    for r in halves:
        tied = [i for i, x in enumerate(r.expected) if x % 1]
        assert r.finishing_stacks[tied[0]] == r.expected[tied[0]] + Decimal("0.5")
        assert r.finishing_stacks[tied[1]] == r.expected[tied[1]] - Decimal("0.5")


def test_half_chip_matching_keeps_the_total():
    assert stacks_match([10113, 10112], [10112.5, 10112.5])
    assert not stacks_match([10113, 10113], [10112.5, 10112.5])
    assert not stacks_match([10114, 10111], [10112.5, 10112.5])
    assert stacks_match([5, 7], [5, 7]) and not stacks_match([5, 7], [7, 5])


HAND = """
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AsKs', 'd dh p2 7c2d', 'd dh p3 QhQd', 'p3 cbr 6', 'p1 cc', 'p2 f',
  'd db Ah9s3s', 'p1 cbr 8', 'p3 cc', 'd db 2s', 'p1 cbr 30', 'p3 f']
finishing_stacks = [116, 98, 86]
"""


def test_a_recorded_hand_replays_and_its_stacks_are_checked():
    [history] = loads(HAND)
    result = replay(history)
    assert result.ok and result.match is True
    assert result.finishing_stacks == (116, 98, 86)
    wrong = replay(loads(HAND.replace("[116, 98, 86]", "[115, 98, 87]"))[0])
    assert wrong.match is False and not wrong.ok


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("'p1 cbr 8'", "'p1 cbr 1'"), "actions[7] 'p1 cbr 1': the minimum bet is 2"),
        (("'p1 cbr 30'", "'p1 cbr 300'"), "p1 has 86 chips: p1 can bet to at most 86"),
        (("'p3 cbr 6', ", "'p1 cc', "), "actions[3] 'p1 cc': it is not player 1's turn"),
        (("'d db 2s'", "'d db 2s3c'"), "actions[9] 'd db 2s3c': the turn is 1 card(s), not 2"),
        (("'d db 2s'", "'d db As'"), "actions[9] 'd db As': As appears twice"),
        ((", 'p1 cbr 30', 'p3 f'", ""), "the actions end before the hand does"),
    ],
)
def test_a_bad_action_is_named_with_its_index(change, words):
    [history] = loads(HAND.replace(*change))
    result = replay(history)
    assert result.error is not None and words in result.error
    assert result.match is False


def test_config_follows_the_file():
    [history] = loads(HAND)
    config = config_of(history)
    assert config.antes_before_blinds and config.pokerkit_reopening
    assert config.starting_stacks == (100, 100, 100)


def test_a_bad_hand_in_a_file_does_not_stop_the_others(tmp_path):
    good = HAND.strip()
    bad = good.replace("'p1 cbr 8'", "'p1 cbr 1'")
    text = "\n".join(f"[{i}]\n{body}\n" for i, body in enumerate([good, bad, good], start=1))
    (tmp_path / "three.phhs").write_text(text)
    (tmp_path / "broken.phh").write_text("variant = 'NT'\nthis is not toml")
    results = list(replay_paths([tmp_path]))
    assert [(r.index, r.ok) for r in results if r.file.endswith("three.phhs")] == [
        (1, True),
        (2, False),
        (3, True),
    ]
    [broken] = [r for r in results if r.file.endswith("broken.phh")]
    assert broken.error is not None and not broken.ok


def test_the_engine_s_refusals_are_said_of_the_player_the_file_names():
    from holdem.history.errors import said_of

    assert said_of(
        "Ann", "you cannot raise: your 40 chips only call: you can call all-in or fold"
    ) == ("Ann cannot raise: Ann's 40 chips only call: Ann can call all-in or fold")
    assert said_of("Bo", "you cannot check: there is a bet of 4, 2 to you; call") == (
        "Bo cannot check: there is a bet of 4, 2 to call; call"
    )
    assert said_of(r"\1 $x", "you have 5 chips") == r"\1 $x has 5 chips"  # a name as it is
    assert said_of("Cy", "the young yourself") == "the young yourself"  # words, not letters
    named = HAND.replace("finishing_stacks", "players = ['Ann', 'Bo', 'Cy']\nfinishing_stacks")
    [history] = loads(named.replace("'p1 cbr 30'", "'p1 cbr 300'"))
    assert "Ann has 86 chips: Ann can bet to at most 86" in (replay(history).error or "")
