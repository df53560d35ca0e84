"""The Princes of Florence (alea, 2000): one package, the game's plugin.

``game.GAME`` the rules, ``bot.BOT`` what bots know of it, ``ui.UI`` its widgets,
``help.md`` the F1 help (see florencia_tui/core/plugin.py).
"""

from florencia_tui.core.plugin import GamePlugin, Scene

PLUGIN = GamePlugin(
    id="florence",
    title="Princes of Florence",
    min_players=3,
    max_players=5,
    blurb="Patronise artists, build, and complete works for prestige.",
    package=__name__,
    units=("PP", "PP"),
    scenes={
        # Round 5, 4 players (Ana has 2 builders): Ana opens "Complete a work", picks the
        # first profession and ticks her bonus card: the work value adds up line by line.
        "board": Scene(players=4, seed=13, steps=150, keys=("2", "1", "1")),
        # The same turn: Ana picks the studio, turns it and moves it onto an illegal spot.
        "place": Scene(players=4, seed=13, steps=150, keys=("1", "6", "r", "left")),
        "end": Scene(players=3, seed=22),
    },
    redraw_keys=("1",),  # tick a bonus card: the work value adds up
    games_per_second=150,  # issue 31.4
)
