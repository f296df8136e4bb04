"""The layers of docs/architecture.md as import-linter checks them (the contracts are in
pyproject.toml): each package imports only the layers below it, and the cardroom imports
no server, clock, terminal, Starlette, rich or asyncio, directly or through another."""

from __future__ import annotations

from pathlib import Path

import pytest
from importlinter.cli import lint_imports

ROOT = Path(__file__).parents[1]


def test_every_import_keeps_to_the_layers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(ROOT)
    code = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
    assert code == 0, capsys.readouterr().out


def test_an_import_up_the_layers_is_found(tmp_path: Path, capsys) -> None:
    # The same check with two layers the wrong way round: the engine imports the cards.
    config = tmp_path / "contracts.toml"
    config.write_text(
        '[tool.importlinter]\nroot_package = "holdem"\n\n'
        '[[tool.importlinter.contracts]]\nname = "upside down"\ntype = "layers"\n'
        'layers = ["holdem.cards", "holdem.engine"]\n',
        encoding="utf-8",
    )
    assert lint_imports(config_filename=str(config), no_cache=True, no_logo=True) == 1
    assert "holdem.engine" in capsys.readouterr().out
