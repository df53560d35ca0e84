"""Strasbourg (Stefan Feld, 2011): one package, the game's plugin.

``game.GAME`` the rules, ``bot.BOT`` what bots know of it, ``ui.UI`` its widgets,
``help.md`` the F1 help (see florencia_tui/core/plugin.py).
"""

from florencia_tui.core.plugin import GamePlugin

PLUGIN = GamePlugin(
    id="strasbourg",
    title="Strasbourg",
    min_players=3,
    max_players=5,
    blurb="Plan hidden influence stacks to win the guilds and the council.",
    package=__name__,
)
