"""Reinforcement learning on holdem: a batched compiled environment and standard wrappers.

- ``VectorEnv``: many tables stepped at once by a compiled engine, numpy in and out;

See docs/research.md for the observation columns, the action ids and examples.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from holdem.rl.layout import ACTION_NAMES, ACTIONS, Layout

if TYPE_CHECKING:
    from holdem.rl.vector import VectorEnv

__all__ = [
    "ACTIONS",
    "ACTION_NAMES",
    "Layout",
    "VectorEnv",
]


def __getattr__(name: str) -> Any:
    # numba and the wrappers' libraries load on first use only (PEP 562)
    if name == "VectorEnv":
        from holdem.rl.vector import VectorEnv

        return VectorEnv
    raise AttributeError(f"module 'holdem.rl' has no attribute {name!r}")
