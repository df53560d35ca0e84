"""The three-card auction: the example game of docs/adding-a-game.md.

A fifth game written by the recipe, end to end (rules, bots, screen, replay),
small enough to read in one sitting. It lives in the tests, not in
``florencia_tui/games/``: the tests register it (``games.register(PLUGIN)``)
and unregister it after, so the app's own list of games stays the four real ones.

``game.GAME`` the rules, ``bot.BOT`` what bots know of it, ``ui.UI`` its
widgets, ``help.md`` the F1 help (see florencia_tui/core/plugin.py).
"""

from florencia_tui.core.plugin import GamePlugin

PLUGIN = GamePlugin(
    id="auction",
    title="Three-card auction",
    min_players=2,
    max_players=4,
    blurb="Bid 1, 2 or 3 face down for three prizes; each card bids once.",
    package=__name__,
)
