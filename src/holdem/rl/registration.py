"""``pyspiel.load_game("python_holdem")`` after ``import holdem.rl``, in either order.

OpenSpiel knows a Python game only once its module has called ``register_game``. The
core must not load pyspiel (``VectorEnv`` needs only numpy and numba), so importing
``holdem.rl`` registers the games at once when pyspiel is already loaded, and otherwise
asks the import system to register them right after pyspiel loads.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any

OPENSPIEL = "pyspiel"


def register_games() -> None:
    """Register ``python_holdem`` (and the small games) with OpenSpiel."""
    import holdem.rl.openspiel
    import holdem.rl.small_openspiel  # noqa: F401


class _RegisterAfterLoading(importlib.abc.Loader):
    """pyspiel's own loader, then the registration."""

    def __init__(self, loader: importlib.abc.Loader) -> None:
        self.loader = loader

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return self.loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        self.loader.exec_module(module)
        register_games()


class _OpenSpielWatcher(importlib.abc.MetaPathFinder):
    """Finds nothing itself: wraps pyspiel's loader when pyspiel is first imported."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: Any = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != OPENSPIEL:
            return None
        sys.meta_path.remove(self)  # once, and out of the way of the real search
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None:
            return spec
        spec.loader = _RegisterAfterLoading(spec.loader)
        return spec


def register_when_loaded() -> None:
    """Register now if pyspiel is loaded, else when it is (nothing when it never is)."""
    if OPENSPIEL in sys.modules:
        register_games()
    elif not any(isinstance(f, _OpenSpielWatcher) for f in sys.meta_path):
        sys.meta_path.insert(0, _OpenSpielWatcher())
