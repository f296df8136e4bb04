"""evaluate_batch(): shapes, agreement with evaluate, and clear errors for bad rows."""

import numpy as np
import pytest

from holdem.cards import ALL_CARDS, parse_cards
from holdem.errors import InvalidCardsError
from holdem.evaluator import evaluate, evaluate_batch
from holdem.evaluator.combos import colex_combinations


def random_hands(n: int, k: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_batch_agrees_with_evaluate(k):
    hands = random_hands(20_000, k, seed=k)
    strengths = evaluate_batch(hands)
    assert strengths.dtype == np.int32
    expected = [evaluate([ALL_CARDS[c] for c in row]).strength for row in hands.tolist()]
    assert strengths.tolist() == expected


def test_flush_heavy_hands_agree():
    # Hands drawn from 8 ranks of two suits: flushes and straight flushes galore.
    pool = np.array([r * 4 + s for r in range(4, 12) for s in (0, 3)], dtype=np.uint8)
    hands = pool[colex_combinations(len(pool), 7)]
    expected = [evaluate([ALL_CARDS[c] for c in row]).strength for row in hands.tolist()]
    assert evaluate_batch(hands).tolist() == expected


def test_any_integer_dtype_and_lists():
    rows = [parse_cards("AsKsQsJsTs"), parse_cards("7c5d4h3s2c")]
    assert evaluate_batch(rows).tolist() == [7462, 1]
    assert evaluate_batch(np.array(rows, dtype=np.int64)).tolist() == [7462, 1]
    assert evaluate_batch(np.empty((0, 7), dtype=np.uint8)).tolist() == []


@pytest.mark.parametrize(
    ("rows", "words"),
    [
        ([[0, 1, 2, 3, 4, 5, 5]], "row 0"),
        ([[0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 52]], "row 1"),
        ([[0, 1, 2, 3, 4, 5, -1]], "row 0"),
        ([[0, 1, 2, 3, 300]], "row 0"),
        ([[0, 1, 2, 3]], r"shape \(N, 5\)"),
        ([0, 1, 2, 3, 4], r"shape \(N, 5\)"),
        ([[0.5, 1, 2, 3, 4]], "integers"),
    ],
)
def test_bad_rows_are_named(rows, words):
    with pytest.raises(InvalidCardsError, match=words):
        evaluate_batch(np.array(rows) if not isinstance(rows[0], int) else rows)


def test_the_input_is_never_changed():
    hands = random_hands(1000, 7)
    before = hands.copy()
    evaluate_batch(hands)
    assert np.array_equal(hands, before)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_trusted_hands_into_the_callers_buffer(k):
    hands = random_hands(20_000, k, seed=10 + k)
    out = np.full(len(hands), -1, dtype=np.int32)
    returned = evaluate_batch(hands, out=out, validate=False)
    assert returned is out
    assert out.tolist() == evaluate_batch(hands).tolist()


@pytest.mark.parametrize(
    "rows",
    [
        [[0, 1, 2, 3, 4, 5, 5]],  # a card twice
        [[51, 51, 51, 51, 51, 51, 51]],  # seven aces of spades
        [[255, 254, 200, 199, 100, 99, 52]],  # no card at all
        [[0, 0, 0, 0, 0]],
    ],
)
def test_unchecked_bad_hands_give_some_strength_and_never_read_past_the_tables(rows):
    # validate=False promises a meaningless value for a bad hand, not a crash: the
    # tables are padded and the perfect hash's slot clamped.
    strengths = evaluate_batch(np.array(rows, dtype=np.uint8), validate=False)
    assert 0 <= int(strengths[0]) <= 7462
    with pytest.raises(InvalidCardsError, match="row 0"):
        evaluate_batch(np.array(rows, dtype=np.uint8))


@pytest.mark.parametrize(
    ("out", "words"),
    [
        (np.empty(3, dtype=np.int64), "int32 array of shape \\(2,\\)"),
        (np.empty(1, dtype=np.int32), "int32 array of shape \\(2,\\)"),
        ([0, 0], "int32 array of shape \\(2,\\)"),
        (np.empty(4, dtype=np.int32)[::2], "contiguous"),
    ],
)
def test_a_wrong_output_buffer_is_refused_in_a_sentence(out, words):
    rows = np.array([parse_cards("AsKsQsJsTs"), parse_cards("7c5d4h3s2c")], dtype=np.uint8)
    with pytest.raises(InvalidCardsError, match=words):
        evaluate_batch(rows, out=out)
