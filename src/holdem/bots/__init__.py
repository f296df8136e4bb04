"""Players that are programs: the protocol every bot implements, and the bots themselves."""

from holdem.bots.base import Bot, PlayerView, view_for
from holdem.bots.random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot}
"""Bots by the name ``holdem sim --bots`` takes."""

__all__ = ["BOTS", "Bot", "PlayerView", "RandomBot", "view_for"]
