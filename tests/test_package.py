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


NUMBA_AT_IMPORT = {"batch", "combos"}  # modules that compile with numba when imported


def _modules_loaded_by(code: str, names: tuple[str, ...]) -> list[str]:
    probe = f"import sys; {code}; print(sorted(m for m in {names!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return eval(out.stdout)  # a list of module names, printed by the probe above


def test_reading_and_replaying_a_file_with_the_kernel_leaves_the_engine_and_evaluator_unloaded():
    # holdem replay's start-up is a large part of a command on a few thousand hands: the
    # compiled kernel needs the settings and the tables, not Hand nor the Python evaluator.
    heavy = ("holdem.engine.hand", "holdem.engine.events", "holdem.evaluator.scalar",
             "holdem.evaluator.classes", "pydantic")  # fmt: skip
    code = "import holdem.history.replay, holdem.kernels.replay, holdem.evaluator.tables"
    assert _modules_loaded_by(code, heavy) == []


def test_the_packages_lazy_names_are_what_they_name_whatever_was_imported_first():
    # Importing a submodule sets an attribute of its package: one named like a lazily
    # imported name (a module compare.py beside the function compare) would replace it
    # when imported first, as in a fresh process.
    probe = f"""
import importlib, pkgutil, types, holdem.engine, holdem.evaluator
packages = (holdem.engine, holdem.evaluator)
for package in packages:
    for found in pkgutil.iter_modules(package.__path__):
        if found.name not in {NUMBA_AT_IMPORT!r}:
            importlib.import_module(package.__name__ + "." + found.name)
print([package.__name__ + "." + name for package in packages for name in package.__all__
       if isinstance(getattr(package, name), types.ModuleType)])
"""
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


PHH_HAND = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['d dh p1 AsAd', 'd dh p2 KsKd', 'p2 f']
finishing_stacks = [101, 99]
"""


def test_replay_and_convert_start_without_pydantic_or_rich(tmp_path):
    # Typer 0.29 brings pydantic into every command, and rich costs some 40 ms: neither
    # is needed to replay or convert a file, and start-up is a large part of either.
    phh = tmp_path / "hand.phh"
    phh.write_text(PHH_HAND, encoding="utf-8")
    for args in (["replay", str(phh)], ["convert", str(phh), "--to", "phh"]):
        code = (
            "import sys; from holdem.cli.main import app\n"
            f"try:\n    app({args!r}, prog_name='holdem')\n"
            "except SystemExit as done:\n    assert not done.code, done.code\n"
            "print('loaded', sorted(m for m in ('pydantic', 'rich') if m in sys.modules))"
        )
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        assert out.stdout.splitlines()[-1] == "loaded []", (args, out.stdout, out.stderr)
