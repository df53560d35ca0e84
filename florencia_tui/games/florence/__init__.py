"""The Princes of Florence (alea, 2000): rules engine. See data.py for all tables."""

from florencia_tui.games.florence.game import Florence

GAME = Florence()

__all__ = ["GAME", "Florence"]
