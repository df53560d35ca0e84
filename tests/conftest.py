"""Shared fixtures: every test gets its own data directory, never the user's."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("FLORENCIA_DATA_DIR", str(tmp_path / "data"))
    yield


@pytest.fixture
def record_notifications():
    """``record_notifications(app)``: a list that gets every message ``app``
    (or any of its screens and widgets, which call ``app.notify``) shows as a
    notification from now on, through the public ``notify`` rather than
    Textual's private store of them."""
    return _record_notifications


def _record_notifications(app) -> list[str]:
    said: list[str] = []
    notify = app.notify

    def recording(message, *args, **kwargs):
        said.append(str(message))
        return notify(message, *args, **kwargs)

    app.notify = recording
    return said


@pytest.fixture
def assert_replays():
    """``assert_replays(game, seed, options, actions, final)``: the game's record
    survives JSON, replaying its actions from (game, seed, players, options)
    gives ``final`` and the same score cards, and ``final`` survives dump/load."""
    from florencia_tui.core.record import Record

    def check(game, seed: int, options: dict, actions: list, final: dict) -> None:
        seats = [{"name": n, "kind": "bot:random"} for n in final["names"]]
        rec = Record.from_json(Record(game.id, seed, seats, options, actions).to_json())
        s = game.new(rec.names, rec.seed, rec.options)
        for seat, a in rec.actions:
            s = game.apply(s, seat, a)
        assert s == final
        assert [c.to_dict() for c in game.scores(s)] == [c.to_dict() for c in game.scores(final)]
        assert game.load(game.dump(final)) == final

    return check


@pytest.fixture
def bot_and_human_ben():
    """``bot_and_human_ben(store)``: two finished Palazzo games in ``store`` where
    a human Ben and a bot Ben each play once (statistics must count them apart)."""
    return _play_bot_and_human_ben


def _play_bot_and_human_ben(store) -> None:
    import random

    from florencia_tui.table import Table

    for seed, kinds in ((1, ("human", "bot:random")), (2, ("bot:random", "human"))):
        t = Table(
            "palazzo",
            [{"name": "Ben", "kind": kinds[0]}, {"name": "Ana", "kind": kinds[1]}],
            seed=seed,
            store=store,
        )
        rnd = random.Random(seed)
        while not t.is_over():
            t.run_bots()
            if not t.is_over():
                seat = t.to_act()[0]
                t.submit(seat, rnd.choice(t.legal(seat)))
