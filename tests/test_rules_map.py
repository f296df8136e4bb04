"""docs/rules.md maps each rule id to code and tests: every test it names exists."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES_MAP = ROOT / "docs" / "rules.md"


def named_tests() -> list[tuple[str, str]]:
    """(file, test) for every test the map names; ``::name`` reuses the row's last file."""
    found = []
    for line in RULES_MAP.read_text().splitlines():
        if not line.startswith("| "):
            continue
        path = None
        for file, name in re.findall(r"`(tests/[\w/]+\.py)?::(test_\w+)`", line):
            path = file or path
            assert path, f"{name} in docs/rules.md has no file before it"
            found.append((path, name))
    return found


def test_every_test_named_in_the_rules_map_exists():
    tests = named_tests()
    assert len(tests) > 150
    missing = [
        f"{file}::{name}"
        for file, name in tests
        if not re.search(rf"^def {name}\(", (ROOT / file).read_text(), re.MULTILINE)
    ]
    assert missing == []


def test_every_rule_test_is_in_the_map():
    mapped = {name for _, name in named_tests()}
    defined = {
        name
        for path in (ROOT / "tests").rglob("test_*.py")
        for name in re.findall(r"^def (test_[re]\d+_\w+)\(", path.read_text(), re.MULTILINE)
    }
    assert sorted(defined - mapped) == []
