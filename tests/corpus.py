"""Where the PHH conformance corpus is: ../shared/corpus, beside the repository.

Outside CI a checkout without it skips the corpus tests; in CI (CI=true) they run, and
fail loudly if the corpus is missing, rather than passing by skipping.
"""

import os
from pathlib import Path

import pytest

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"

needs_corpus = pytest.mark.skipif(
    not CORPUS.is_dir() and not os.environ.get("CI"),
    reason=f"the PHH corpus is not at {CORPUS} (it ships beside the repository)",
)
