"""Where the PHH conformance corpus is: ../shared/corpus, beside the repository."""

from pathlib import Path

import pytest

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"

needs_corpus = pytest.mark.skipif(
    not CORPUS.is_dir(),
    reason=f"the PHH corpus is not at {CORPUS} (it ships beside the repository)",
)
