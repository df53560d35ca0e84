"""The game registry: one plugin object per game (florencia_tui/core/plugin.py).

Each game is one package here; its ``__init__`` declares ``PLUGIN`` and loads
nothing else, so listing the games at start-up loads no rules. A game that is
not yet complete is listed with ``available=False`` and shown as "coming"; it
is never faked.

A game from outside the app (a test's, a plugin's) is added by
:func:`register` in one process, or named by its module in the environment
variable ``FLORENCIA_GAMES`` (comma-separated modules, each defining
``PLUGIN``): those are registered when the registry loads, in every process
that inherits the variable (an SSH session's app included). Only whoever
starts the app sets it, as with ``PYTHONPATH``; no client can.
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING

from florencia_tui.core import record
from florencia_tui.core.plugin import GamePlugin
from florencia_tui.games import architects, florence, palazzo, strasbourg

if TYPE_CHECKING:
    from florencia_tui.core.game import Game, State

REGISTRY: dict[str, GamePlugin] = {
    p.id: p for p in (florence.PLUGIN, palazzo.PLUGIN, strasbourg.PLUGIN, architects.PLUGIN)
}


def register(plugin: GamePlugin) -> None:
    """Add a game from outside this package (a test's example game, say)."""
    if plugin.id in REGISTRY and REGISTRY[plugin.id] is not plugin:
        raise ValueError(f"a game '{plugin.id}' is already registered")
    REGISTRY[plugin.id] = plugin


def unregister(game_id: str) -> None:
    REGISTRY.pop(game_id, None)


#: The environment variable naming games from outside the app, by module.
OUTSIDE = "FLORENCIA_GAMES"


def register_module(name: str) -> GamePlugin:
    """Register the ``PLUGIN`` of the module ``name`` (a game's package)."""
    found = importlib.import_module(name).PLUGIN
    register(found)
    return found


for _module in filter(None, (m.strip() for m in os.environ.get(OUTSIDE, "").split(","))):
    register_module(_module)


def plugin(game_id: str) -> GamePlugin:
    """The plugin for ``game_id``; raises KeyError for unknown or coming games."""
    info = REGISTRY.get(game_id)
    if info is None:
        raise KeyError(f"unknown game '{game_id}' (known: {', '.join(REGISTRY)})")
    if not info.available:
        raise KeyError(f"{info.title} is coming, not playable yet")
    return info


def get_game(game_id: str) -> Game:
    """The rules of ``game_id``; raises KeyError for unknown or coming games."""
    return plugin(game_id).game


def available_games() -> list[GamePlugin]:
    return [g for g in REGISTRY.values() if g.available]


def titles() -> str:
    """The playable games' titles in words: "Palazzo, Strasbourg and Architects"."""
    names = [g.title for g in available_games()]
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)


def replay(rec: record.Record, upto: int | None = None) -> State:
    """The state after the first ``upto`` entries of ``rec`` (all by default),
    played by its game's rules (``core.record.replay`` with the game looked up)."""
    return record.replay(rec, get_game(rec.game), upto)
