"""The Princes of Florence (alea, 2000): one package, the game's plugin.

``game.GAME`` the rules, ``bot.BOT`` what bots know of it, ``ui.UI`` its widgets,
``help.md`` the F1 help (see florencia_tui/core/plugin.py).
"""

from florencia_tui.core.plugin import GamePlugin

PLUGIN = GamePlugin(
    id="florence",
    title="Princes of Florence",
    min_players=3,
    max_players=5,
    blurb="Patronise artists, build, and complete works for prestige.",
    package=__name__,
)
