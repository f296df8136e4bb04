"""The package as a user meets it: a light import and a public API in one place."""

import subprocess
import sys

import holdem


def test_import_holdem_loads_no_evaluator_tables_numpy_or_numba():
    code = (
        "import sys, holdem; "
        "print(sorted(m for m in ('numpy', 'numba', 'holdem.evaluator') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_public_api():
    hand = holdem.parse_cards("AsKs QsJsTs2d3c")
    assert holdem.evaluate(hand).category == holdem.Category.STRAIGHT_FLUSH
    assert holdem.compare("Ac9d7s4h2c", "AsKd", "AhQc").winners == (0,)
    assert holdem.evaluate_batch([hand]).tolist() == [7462]
    assert issubclass(holdem.ParseError, holdem.HoldemError)
    assert len(holdem.Deck()) == 52
    for name in holdem.__all__:
        assert getattr(holdem, name) is not None
