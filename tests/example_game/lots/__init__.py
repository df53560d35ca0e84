"""Sealed lots: a second small game, written from docs/adding-a-game.md alone.

Three lots are sold by sealed offers of coins, for 2-6 players; the most coins
at the end wins. Like the three-card auction it lives in the tests; its one
registration line is in ``tests/conftest.py`` (``TEST_GAMES``), and with it
every shared test of the suite plays it.
"""

from florencia_tui.core.plugin import GamePlugin

PLUGIN = GamePlugin(
    id="lots",
    title="Sealed lots",
    min_players=2,
    max_players=6,
    blurb="Offer coins face down for three lots; the single highest offer buys.",
    package=__name__,
    units=("coin", "coins"),
)
