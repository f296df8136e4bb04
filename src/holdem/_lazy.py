"""A package's names imported on first use (PEP 562's module ``__getattr__``), so that
importing the package, or one of its modules, costs only what is used."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_names(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """The ``__getattr__`` of ``package``: each name of ``homes`` from its module there
    (``{"Hand": "hand"}``: ``package.hand.Hand``), kept once found."""
    namespace = vars(sys.modules[package])

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{home}"), name)
        namespace[name] = value  # later look-ups skip this function
        return value

    return __getattr__
