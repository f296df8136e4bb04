"""A downloaded hand history played again by the command line, as a player would check it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def cli_replays(phh: str, folder: Path, name: str = "hand.phh") -> bool:
    """Whether `holdem replay --json` plays ``phh`` (saved in ``folder``) to its stacks."""
    download = folder / name
    download.write_text(phh)
    cli = subprocess.run(
        [str(Path(sys.executable).with_name("holdem")), "replay", "--json", str(download)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert cli.returncode == 0, cli.stdout + cli.stderr
    return bool(json.loads(cli.stdout)["match"])
