"""Architects of the West Kingdom (Garphill Games, 2018): one package, the game's plugin.

``game.GAME`` the rules, ``bot.BOT`` what bots know of it, ``ui.UI`` its widgets,
``help.md`` the F1 help (see florencia_tui/core/plugin.py).
"""

from florencia_tui.core.plugin import GamePlugin, Scene

PLUGIN = GamePlugin(
    id="architects",
    title="Architects of the West Kingdom",
    min_players=2,
    max_players=5,
    blurb="Place workers, capture rivals, build for the king, keep your virtue.",
    package=__name__,
    units=("VP", "VP"),
    scenes={
        # Mid-game, 4 players: Ana places a worker; the arrows highlight the Workshop
        # (its preview under the list, "▲ 1 more above" over it); "w" would place it.
        "board": Scene(players=4, seed=7, steps=244, keys=("down",) * 6),
        "end": Scene(players=3, seed=2),
    },
    redraw_keys=("down", "up"),  # highlight + its preview
    games_per_second=60,  # issue 31.4
)
