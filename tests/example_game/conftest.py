"""The example games are registered for each test that asks for one, and
unregistered after, so the rest of the suite sees the app's games only (the
shared tests take them up through tests/conftest.py's ``each_game``)."""

from __future__ import annotations

import pytest

from florencia_tui import games
from tests.example_game.auction import PLUGIN
from tests.example_game.lots import PLUGIN as LOTS

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


@pytest.fixture
def lots():
    """Sealed lots' rules (the second example, 2-6 players), registered."""
    games.register(LOTS)
    try:
        yield LOTS.game
    finally:
        games.unregister(LOTS.id)
