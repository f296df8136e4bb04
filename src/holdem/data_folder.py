"""Where holdem keeps what it writes for a user: ``$HOLDEM_DATA_DIR``, or the user data
folder (``~/.local/share/holdem`` on Linux), never the working folder unasked."""

from __future__ import annotations

import os
from pathlib import Path


def data_folder() -> Path:
    """``$HOLDEM_DATA_DIR``, or the platform's user data folder for holdem."""
    root = os.environ.get("HOLDEM_DATA_DIR")
    if root:
        return Path(root)
    from platformdirs import user_data_dir

    return Path(user_data_dir("holdem"))
