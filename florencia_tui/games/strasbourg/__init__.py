"""Strasbourg (Stefan Feld, 2011): one package, the game's plugin.

``game.GAME`` the rules, ``bot.BOT`` what bots know of it, ``ui.UI`` its widgets,
``help.md`` the F1 help (see florencia_tui/core/plugin.py).
"""

from florencia_tui.core.plugin import GamePlugin, Scene

PLUGIN = GamePlugin(
    id="strasbourg",
    title="Strasbourg",
    min_players=3,
    max_players=5,
    blurb="Plan hidden influence stacks to win the guilds and the council.",
    package=__name__,
    units=("point", "points"),
    scenes={
        # Round 4, step B: Ana is the Bakers journeyman, the map cursor on a square.
        "board": Scene(players=4, seed=20, steps=160),
        "end": Scene(players=4, seed=20),
        # F1 in a game: the symbols of this board first, then the keys and rules.
        "help": Scene(players=4, seed=20, steps=160, keys=("f1",)),
    },
    redraw_keys=("right", "left"),  # the map cursor
    games_per_second=400,  # issue 31.4
)
