"""Each action is applied once (issue 28.6): a table's submit and a replay's
timeline play it through ``Game.apply`` once and describe it, for every viewer,
from that one result."""

from __future__ import annotations

import random

import pytest

from florencia_tui.core.game import Game
from florencia_tui.gamelog import Timeline
from florencia_tui.games import get_game
from florencia_tui.table import Table


@pytest.fixture
def counted(monkeypatch):
    """Calls of the rules' one transition (``_apply``, which ``apply``,
    ``state_after`` and ``apply_in_place`` all reach) and of ``describe``, on
    the game's own class."""
    calls = {"_apply": 0, "describe": 0}

    def counting(game: Game, name: str) -> None:
        cls = type(game)
        inner = getattr(cls, name)

        def wrapper(self, *args, **kwargs):
            calls[name] += 1
            return inner(self, *args, **kwargs)

        monkeypatch.setattr(cls, name, wrapper)

    def start(game_id: str) -> dict:
        game = get_game(game_id)
        counting(game, "_apply")
        counting(game, "describe")
        return calls

    return start


def _table(game_id: str, players: int) -> Table:
    return Table(game_id, [{"name": f"P{i}", "kind": "human"} for i in range(players)], seed=7)


def test_a_table_applies_each_action_once(each_game, counted):
    table = _table(each_game.id, each_game.max_players)
    calls = counted(each_game.id)
    rnd = random.Random(3)
    played = 0
    while not table.is_over() and played < 60:
        seat = table.to_act()[0]
        table.submit(seat, table.game.sample(table.state, seat, rnd))
        played += 1
        viewers = len(table.seats) + 1  # every seat and the spectator
        assert calls == {"_apply": played, "describe": played * viewers}
    assert played


def test_a_timeline_applies_each_action_of_a_record_once(each_game, counted):
    table = _table(each_game.id, each_game.min_players)
    rnd = random.Random(4)
    while not table.is_over() and len(table.entries) < 40:
        seat = table.to_act()[0]
        table.submit(seat, table.game.sample(table.state, seat, rnd))
    calls = counted(each_game.id)
    Timeline.build(table.record())
    n = len(table.entries)
    assert calls == {"_apply": n, "describe": n * (len(table.seats) + 1)}
