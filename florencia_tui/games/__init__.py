"""The game registry: the four game ids and how to load each.

A game that is not yet complete is listed with ``available=False`` and is shown
as "coming"; it is never faked.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the registry itself loads no rules: the home screen lists it at start-up
    from florencia_tui.core.game import Game


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    min_players: int
    max_players: int
    blurb: str
    available: bool


REGISTRY: dict[str, GameInfo] = {
    info.id: info
    for info in [
        GameInfo(
            "florence",
            "Princes of Florence",
            3,
            5,
            "Patronise artists, build, and complete works for prestige.",
            True,
        ),
        GameInfo(
            "palazzo",
            "Palazzo",
            2,
            4,
            "Buy and auction floors with three currencies; build tall, pure palaces.",
            True,
        ),
        GameInfo(
            "strasbourg",
            "Strasbourg",
            3,
            5,
            "Plan hidden influence stacks to win the guilds and the council.",
            True,
        ),
        GameInfo(
            "architects",
            "Architects of the West Kingdom",
            2,
            5,
            "Place workers, capture rivals, build for the king, keep your virtue.",
            True,
        ),
    ]
}

_cache: dict[str, Game] = {}


def get_game(game_id: str) -> Game:
    """The game object for ``game_id``; raises KeyError for unknown or coming games."""
    info = REGISTRY.get(game_id)
    if info is None:
        raise KeyError(f"unknown game '{game_id}' (known: {', '.join(REGISTRY)})")
    if not info.available:
        raise KeyError(f"{info.title} is coming, not playable yet")
    if game_id not in _cache:
        module = importlib.import_module(f"florencia_tui.games.{game_id}")
        _cache[game_id] = module.GAME
    return _cache[game_id]


def available_games() -> list[GameInfo]:
    return [g for g in REGISTRY.values() if g.available]
