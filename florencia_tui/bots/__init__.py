"""Bots: they choose from a seat's view and legal actions only, never the full state."""

from florencia_tui.bots.base import Bot, make_bot
from florencia_tui.bots.random_bot import RandomBot

__all__ = ["Bot", "RandomBot", "make_bot"]
