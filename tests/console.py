"""The real ``holdem`` console script, run as a person would run it."""

import shutil
import subprocess
import sys
from pathlib import Path

HOLDEM = shutil.which("holdem", path=str(Path(sys.executable).parent))


def run(
    *args: str, timeout: float = 60, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    assert HOLDEM, "the holdem console script is not installed in this environment"
    return subprocess.run([HOLDEM, *args], capture_output=True, text=True, timeout=timeout, cwd=cwd)
