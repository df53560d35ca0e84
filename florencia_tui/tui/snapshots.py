"""The app in the states that screenshots and SVG snapshot tests show.

Each scene returns ``(app, keys_to_press)``; the same scenes feed
``screenshots/generate.py`` and ``tests/tui/test_snapshots.py`` so the
committed screenshots and the snapshot tests never drift apart. The home
screen and every game's setup are the app's; a game's boards, ends and other
positions are its plugin's (``GamePlugin.scenes``, named ``<game>-<name>``).
"""

from __future__ import annotations

from pathlib import Path

from florencia_tui.core.plugin import Scene
from florencia_tui.games import available_games
from florencia_tui.store import Store
from florencia_tui.tui.app import FlorenciaApp
from florencia_tui.tui.scenes import demo_table, finished_table

SIZE = (80, 24)


def _store(tmp: Path) -> Store:
    return Store(tmp / "scenes.sqlite3")


def home(tmp: Path) -> tuple[FlorenciaApp, list[str]]:
    return FlorenciaApp(store=_store(tmp), bot_delay=0, default_seed=7), []


def setup_of(game_id: str):
    """The setup screen of ``game_id``, reached from home by arrows and Enter:
    every seat, option and variant with its whole description."""

    def scene(tmp: Path) -> tuple[FlorenciaApp, list[str]]:
        app = FlorenciaApp(store=_store(tmp), bot_delay=0, default_seed=7)
        order = [g.id for g in available_games()]  # the home screen's, coming games skipped
        return app, ["down"] * order.index(game_id) + ["enter"]

    return scene


def game_scene(game_id: str, scene: Scene):
    """One of a game's own scenes (``GamePlugin.scenes``): its table reached
    by seeded legal play, then the scene's keys."""

    def make(tmp: Path) -> tuple[FlorenciaApp, list[str]]:
        if scene.steps is None:
            table = finished_table(game_id, scene.players, scene.seed, store=_store(tmp))
        else:
            table = demo_table(
                game_id, scene.players, seed=scene.seed, steps=scene.steps, store=_store(tmp)
            )
        at = None if scene.from_home else table
        return FlorenciaApp(store=table.store, bot_delay=0, table=at), list(scene.keys)

    return make


SCENES = {
    "home": home,
    **{f"setup-{g.id}": setup_of(g.id) for g in available_games()},
    **{
        f"{g.id}-{name}": game_scene(g.id, scene)
        for g in available_games()
        for name, scene in g.scenes.items()
    },
}
