"""Strasbourg (Stefan Feld, 2011): influence-card stacks, guilds and the city council."""

from florencia_tui.games.strasbourg.game import Strasbourg

GAME = Strasbourg()

__all__ = ["GAME", "Strasbourg"]
