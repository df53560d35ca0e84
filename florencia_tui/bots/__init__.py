"""Bots: they choose from a seat's observation only, never the full state."""

from florencia_tui.bots.base import Bot, Observation, observe
from florencia_tui.bots.factory import make_bot
from florencia_tui.bots.random_bot import RandomBot

__all__ = ["Bot", "Observation", "RandomBot", "make_bot", "observe"]
