"""Palazzo (Reiner Knizia, 2005): one package, the game's plugin.

``game.GAME`` the rules, ``bot.BOT`` what bots know of it, ``ui.UI`` its widgets,
``help.md`` the F1 help (see florencia_tui/core/plugin.py).
"""

from florencia_tui.core.plugin import GamePlugin, Scene

PLUGIN = GamePlugin(
    id="palazzo",
    title="Palazzo",
    min_players=2,
    max_players=4,
    blurb="Buy and auction floors with three currencies; build tall, pure palaces.",
    package=__name__,
    units=("point", "points"),
    scenes={
        "board": Scene(players=3, seed=2024, steps=120),
        # o in a game: whether turns wait for Enter and how fast bots play.
        "settings": Scene(players=3, seed=2024, steps=120, keys=("o",)),
        # Ana buys or auctions: 11 options, the list says it goes on and names "Auction".
        "buy": Scene(players=3, seed=45, steps=130),
        "end": Scene(players=3, seed=2024),
        # A finished game's replay at the start of round 8, everything shown.
        "replay": Scene(
            players=3, seed=2024, keys=("r", "enter", "g", "8", "enter"), from_home=True
        ),
    },
    redraw_keys=("down", "up"),  # highlight a legal action
    games_per_second=300,  # issue 31.4
)
