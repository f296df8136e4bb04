"""The replay kernel built ahead of time: what numba's kernel gives, without numba.

It is built once here into a folder of its own (``HOLDEM_CACHE_DIR``), from the very
sources numba compiles, and held to numba's kernel on every corpus hand and on random
hands; a replay command that finds it never imports numba.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import holdem
from holdem.evaluator import tables
from holdem.history import replay as replay_module
from holdem.history.phh import dumps_many, iter_hands
from holdem.history.scripted import script_of
from holdem.kernels import native as kernel_native
from holdem.kernels import replay as kernel_replay
from tests.corpus import CORPUS, needs_corpus
from tests.support import unavailable

PACKAGE = Path(holdem.__file__).parent


def cache_with_tables(folder: Path) -> Path:
    """A holdem cache folder holding the evaluator's tables and nothing else."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(tables.cache_path(), folder / tables.cache_path().name)
    return folder


def without_built_kernel(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """This process as one that finds no kernel built ahead of time (numba's serves)."""
    monkeypatch.setenv("HOLDEM_CACHE_DIR", str(cache_with_tables(folder)))
    monkeypatch.setattr(kernel_replay, "_kernels", [])
    monkeypatch.setattr(kernel_replay, "_looked_for_native", [])


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A cache folder with the kernel built in it for these sources."""
    tables.load()  # (the tables in the user cache, to copy)
    folder = cache_with_tables(tmp_path_factory.mktemp("cache"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HOLDEM_CACHE_DIR", str(folder))
        try:
            kernel_native.build()
        except kernel_native.NativeBuildError as error:
            unavailable(str(error))
    yield folder


@pytest.fixture
def in_cache(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """Forget which replay kernel this process chose, before and after the test."""
    monkeypatch.setattr(kernel_replay, "_kernels", [])
    monkeypatch.setattr(kernel_replay, "_looked_for_native", [])
    yield monkeypatch


def holdem_imports(path: Path) -> set[Path]:
    """The holdem files a module imports at its top level, each as the file that defines
    what is imported (a package's ``__init__`` only for names defined there)."""
    found = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("holdem"):
            base = PACKAGE.parent / Path(*node.module.split("."))
            for alias in node.names:
                module = base / f"{alias.name}.py"
                found.add(module if module.is_file() else _module_file(base))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("holdem."):
                    found.add(_module_file(PACKAGE.parent / Path(*alias.name.split("."))))
    return found


def _module_file(base: Path) -> Path:
    return base.with_suffix(".py") if base.with_suffix(".py").is_file() else base / "__init__.py"


def test_the_fingerprint_covers_every_file_the_kernel_is_compiled_from() -> None:
    seen: set[Path] = set()
    todo = [PACKAGE / "kernels" / "play.py"]
    while todo:
        path = todo.pop()
        if path not in seen:
            seen.add(path)
            todo.extend(holdem_imports(path))
    assert sorted(str(path.relative_to(PACKAGE)) for path in seen) == sorted(kernel_native.SOURCES)


def corpus_scripts() -> list[kernel_replay.Script]:
    scripts = []
    for path in sorted(CORPUS.rglob("*.phh*")):
        for read in iter_hands(path):
            if not isinstance(read.result, Exception):
                script = script_of(read.result)
                if script is not None:
                    scripts.append(script)
    return scripts


@needs_corpus
def test_the_built_kernel_replays_every_corpus_hand_as_numbas_does(built, in_cache) -> None:
    from holdem.kernels import play as kernel_play

    in_cache.setenv("HOLDEM_CACHE_DIR", str(built))
    native = kernel_native.replay_kernel()
    assert native is not None and native is not kernel_play.run_scripts
    scripts = corpus_scripts()
    assert len(scripts) > 9_900
    ahead = kernel_replay.replay_scripts(scripts, native)
    assert ahead == kernel_replay.replay_scripts(scripts, kernel_play.run_scripts)
    assert sum(chips is not None for chips in ahead) > 9_900


def test_the_built_kernel_replays_random_hands_as_numbas_does(built, in_cache) -> None:
    from holdem.kernels import play as kernel_play
    from tests.history.test_fast_replay import random_recorded_hands

    in_cache.setenv("HOLDEM_CACHE_DIR", str(built))
    native = kernel_native.replay_kernel()
    assert native is not None
    scripts = [script_of(hand) for hand in random_recorded_hands(600, seed=7)]
    playable = [script for script in scripts if script is not None]
    assert len(playable) > 300
    ahead = kernel_replay.replay_scripts(playable, native)
    assert ahead == kernel_replay.replay_scripts(playable, kernel_play.run_scripts)
    assert any(chips is None for chips in ahead) and any(chips is not None for chips in ahead)


def test_arguments_of_the_wrong_type_are_refused_before_the_kernel(built, in_cache) -> None:
    in_cache.setenv("HOLDEM_CACHE_DIR", str(built))
    native = kernel_native.replay_kernel()
    assert native is not None
    wrong = np.zeros((1, 13), dtype=np.int32)
    with pytest.raises(TypeError, match="int64"):
        native(wrong, wrong, wrong, wrong, wrong, wrong, wrong, wrong, (wrong,) * 4)
    with pytest.raises(TypeError, match="tables"):
        native(*[np.zeros(1, dtype=np.int64)] * 8, ())


def test_a_kernel_built_from_other_sources_is_not_loaded(built, in_cache) -> None:
    in_cache.setenv("HOLDEM_CACHE_DIR", str(built))
    assert kernel_native.built() and kernel_native.replay_kernel() is not None
    in_cache.setattr(kernel_native, "SOURCES", (*kernel_native.SOURCES, "cards.py"))
    assert not kernel_native.built() and kernel_native.replay_kernel() is None


def test_without_a_built_kernel_numbas_serves(tmp_path, in_cache) -> None:
    from holdem.kernels import play as kernel_play

    without_built_kernel(in_cache, tmp_path)
    assert not kernel_native.built()
    assert kernel_replay.replay_kernel() is kernel_play.run_scripts


def test_with_a_built_kernel_even_a_small_file_goes_through_it(built, in_cache, tmp_path) -> None:
    from tests.history.test_fast_replay import THREE_HANDED

    path = tmp_path / "hands.phhs"
    path.write_text(THREE_HANDED, encoding="utf-8")
    in_cache.setenv("HOLDEM_CACHE_DIR", str(cache_with_tables(tmp_path / "empty")))
    [small] = replay_module.replay_paths([path])  # numba's would cost more than it saves
    in_cache.setenv("HOLDEM_CACHE_DIR", str(built))
    [through_it] = replay_module.replay_paths([path])
    assert small.hand is not None and through_it.hand is None and through_it.match


COMMAND = """
import sys
from holdem.cli.main import app
try:
    app(["replay", "--json", *sys.argv[1:]])
except SystemExit as done:
    print("numba" in sys.modules, done.code, file=sys.stderr)
"""


def test_a_replay_command_with_the_built_kernel_never_imports_numba_and_gives_hands_rows(
    built, tmp_path
) -> None:
    from tests.history.test_fast_replay import random_recorded_hands

    path = tmp_path / "hands.phhs"
    path.write_text(dumps_many(random_recorded_hands(200, seed=3)), encoding="utf-8")
    rows = {}
    # Without it, a file this small goes through Hand: numba would cost more than it saves.
    for name, folder in (("built", built), ("none", cache_with_tables(tmp_path / "none"))):
        done = subprocess.run(
            [sys.executable, "-c", COMMAND, str(path)],
            capture_output=True,
            text=True,
            # PYTHONPATH kept: the child must import the holdem under test, not an installed one
            env={"HOLDEM_CACHE_DIR": str(folder), "PATH": "/usr/bin:/bin"}
            | {k: v for k, v in os.environ.items() if k == "PYTHONPATH"},
            check=False,
        )
        rows[name] = (done.stdout, done.stderr.split()[-2:])
    # (exit status 1: a hand shown as sm ???? may not come to what was recorded)
    assert rows["built"][1] == ["False", "1"], rows["built"]
    assert rows["none"][1] == ["False", "1"], rows["none"]
    assert rows["built"][0] == rows["none"][0] and rows["built"][0].count("\n") == 200
    assert '"match": true' in rows["built"][0]


def test_a_build_that_cannot_be_made_says_why_and_changes_nothing(tmp_path) -> None:
    code = (
        "import sys; sys.modules['numba.pycc'] = None\n"
        "from holdem.kernels import native as kernel_native\n"
        "raise SystemExit(kernel_native.main())"
    )
    folder = cache_with_tables(tmp_path)
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        # PYTHONPATH kept: the child must import the holdem under test, not an installed one
        env={"HOLDEM_CACHE_DIR": str(folder), "PATH": "/usr/bin:/bin"}
        | {k: v for k, v in os.environ.items() if k == "PYTHONPATH"},
        check=False,
    )
    assert done.returncode == 1
    assert "not built ahead of time" in done.stderr and "Traceback" not in done.stderr
    assert sorted(path.name for path in folder.iterdir()) == [tables.cache_path().name]
