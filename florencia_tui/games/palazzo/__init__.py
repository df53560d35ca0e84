"""Palazzo (Reiner Knizia, 2005): one package, the game's plugin.

``game.GAME`` the rules, ``bot.BOT`` what bots know of it, ``ui.UI`` its widgets,
``help.md`` the F1 help (see florencia_tui/core/plugin.py).
"""

from florencia_tui.core.plugin import GamePlugin

PLUGIN = GamePlugin(
    id="palazzo",
    title="Palazzo",
    min_players=2,
    max_players=4,
    blurb="Buy and auction floors with three currencies; build tall, pure palaces.",
    package=__name__,
)
