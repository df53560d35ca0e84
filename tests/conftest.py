"""Shared fixtures: every test gets its own data directory, never the user's;
``each_game`` runs a shared test once per game, the tests' own included."""

from __future__ import annotations

import importlib

import pytest

from florencia_tui import games
from florencia_tui.core.plugin import GamePlugin

#: The games the tests add to the app's registry, by module: one line each
#: (docs/adding-a-game.md). Registered for the test that takes them only, so
#: the rest of the suite (snapshots, golden records) sees the app's games.
TEST_GAMES = (
    "tests.example_game.auction",
    "tests.example_game.lots",
)


def added_games() -> dict[str, str]:
    """The tests' own games: their id -> their module."""
    return {importlib.import_module(m).PLUGIN.id: m for m in TEST_GAMES}


def every_game() -> list[str]:
    """The ids ``each_game`` runs over: every playable game of the registry,
    then the tests' own."""
    return list(dict.fromkeys([g.id for g in games.available_games()] + list(added_games())))


def pytest_generate_tests(metafunc):
    if "each_game" in metafunc.fixturenames:
        metafunc.parametrize("each_game", every_game(), indirect=True)


@pytest.fixture
def each_game(request, monkeypatch) -> GamePlugin:
    """One game's plugin (a test taking this runs once per game of
    :func:`every_game`). A game of the tests' own is registered for the test,
    and named in ``FLORENCIA_GAMES`` so that the processes the test starts (an
    SSH session's app) register it too; it is unregistered after."""
    module = added_games().get(request.param)
    if module is None:
        yield games.plugin(request.param)
        return
    monkeypatch.setenv(games.OUTSIDE, module)
    plugin = games.register_module(module)
    try:
        yield plugin
    finally:
        games.unregister(plugin.id)


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
