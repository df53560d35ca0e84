"""The example game is registered for each test that asks for it, and
unregistered after, so the rest of the suite sees the four real games only."""

from __future__ import annotations

import pytest

from florencia_tui import games
from tests.example_game.auction import PLUGIN

# The app driven by Pilot (``play``) over its own store, as tests/tui uses it.
from tests.tui.conftest import play, store  # noqa: F401


@pytest.fixture
def auction():
    """The three-card auction's rules, registered as a game of the app."""
    games.register(PLUGIN)
    try:
        yield PLUGIN.game
    finally:
        games.unregister(PLUGIN.id)
