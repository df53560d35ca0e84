"""The example game is a game package like the real ones: tests/core/test_layers.py
checks its parts and layers as it does every game's (tests/conftest.py registers
it). Here, what the recipe says of its parts in particular."""

from __future__ import annotations

from florencia_tui.tui.screens.help import notation_examples
from tests.example_game.auction import PLUGIN


def test_the_example_games_help_and_notation_read_as_the_recipe_says(auction):
    assert PLUGIN.package == "tests.example_game.auction"
    assert PLUGIN.game.rules_help.startswith("# Three-card auction")
    # The `:` prompt's help reads each decision's notation from notation.py's docstring.
    assert notation_examples("auction", "auction.bid") == [
        ("bid 3", "play your 3 face down as this round's bid")
    ]
