"""Reinforcement learning on holdem: a batched compiled environment and standard wrappers.

- ``VectorEnv``: many tables stepped at once by a compiled engine, numpy in and out;
- ``pettingzoo_env()``, ``gym_env()``, ``openspiel_game()``: PettingZoo, Gymnasium and
  OpenSpiel interfaces (``pip install holdem[rl]``); they import their libraries only
  when called, so the core never needs them. Importing ``holdem.rl`` registers the
  OpenSpiel games (``python_holdem``) as soon as pyspiel is imported, in either order.

See docs/research.md for the observation columns, the action ids and examples.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from holdem.rl.layout import ACTION_NAMES, ACTIONS, Layout
from holdem.rl.registration import register_when_loaded

if TYPE_CHECKING:
    from holdem.rl.vector import VectorEnv

__all__ = [
    "ACTIONS",
    "ACTION_NAMES",
    "Layout",
    "VectorEnv",
    "evaluate",
    "exploitability",
    "gym_env",
    "load_small_game",
    "openspiel_game",
    "pettingzoo_env",
]


def __getattr__(name: str) -> Any:
    # numba and the wrappers' libraries load on first use only (PEP 562)
    if name == "VectorEnv":
        from holdem.rl.vector import VectorEnv

        return VectorEnv
    raise AttributeError(f"module 'holdem.rl' has no attribute {name!r}")


def pettingzoo_env(**options: Any) -> Any:
    """A PettingZoo AEC environment (``holdem.rl.pettingzoo.HoldemAEC``)."""
    from holdem.rl.pettingzoo import HoldemAEC

    return HoldemAEC(**options)


def gym_env(**options: Any) -> Any:
    """A single-agent Gymnasium environment (``holdem.rl.gym.HoldemGym``)."""
    from holdem.rl.gym import HoldemGym

    return HoldemGym(**options)


def evaluate(policy: Any, opponent: Any = "tag", **options: Any) -> Any:
    """bb/100 of a batched policy with a 95% interval over mirrored deals
    (``holdem.rl.evaluate.evaluate``)."""
    from holdem.rl.evaluate import evaluate as run

    return run(policy, opponent, **options)


def load_small_game(preset: str = "leduc", **options: Any) -> Any:
    """A small game for game theory as an OpenSpiel game (``holdem.rl.small_openspiel``):
    ``"kuhn"``, ``"leduc"`` or ``"custom"`` with the deck and betting in ``options``."""
    from holdem.rl.small_openspiel import load_small_game as load

    return load(preset, **options)


def exploitability(policy: Any, game: Any) -> float:
    """The exact exploitability of ``policy`` in ``game`` (an OpenSpiel game or
    ``"kuhn"``/``"leduc"``): ``holdem.rl.best_response.exploitability``."""
    from holdem.rl.best_response import exploitability as exact

    return exact(policy, game)


def openspiel_game(**options: Any) -> Any:
    """The OpenSpiel game, registered as ``python_holdem`` (``holdem.rl.openspiel``)."""
    from holdem.rl.openspiel import load_game

    return load_game(**options)


register_when_loaded()
