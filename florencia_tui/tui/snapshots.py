"""The app in the states that screenshots and SVG snapshot tests show.

Each function returns ``(app, keys_to_press)``; the same scenes feed
``screenshots/generate.py`` and ``tests/tui/test_snapshots.py`` so the
committed screenshots and the snapshot tests never drift apart.
"""

from __future__ import annotations

from pathlib import Path

from florencia_tui.store import Store
from florencia_tui.tui.app import FlorenciaApp
from florencia_tui.tui.scenes import demo_table, finished_table

SIZE = (80, 24)


def _store(tmp: Path) -> Store:
    return Store(tmp / "scenes.sqlite3")


def home(tmp: Path) -> tuple[FlorenciaApp, list[str]]:
    return FlorenciaApp(store=_store(tmp), bot_delay=0, default_seed=7), []


#: The games whose setup screen has a scene, in the home screen's order.
SETUP_GAMES = ("florence", "palazzo", "strasbourg", "architects")


def setup_of(game_id: str):
    """The setup screen of ``game_id``, reached from home by arrows and Enter:
    every seat, option and variant with its whole description."""

    def scene(tmp: Path) -> tuple[FlorenciaApp, list[str]]:
        app = FlorenciaApp(store=_store(tmp), bot_delay=0, default_seed=7)
        return app, ["down"] * SETUP_GAMES.index(game_id) + ["enter"]

    return scene


def palazzo_board(tmp: Path) -> tuple[FlorenciaApp, list[str]]:
    table = demo_table("palazzo", 3, seed=2024, steps=120, store=_store(tmp))
    return FlorenciaApp(store=table.store, bot_delay=0, table=table), []


def palazzo_buy(tmp: Path) -> tuple[FlorenciaApp, list[str]]:
    # Ana buys or auctions: 11 options, the list says it goes on and names "Auction".
    table = demo_table("palazzo", 3, seed=45, steps=130, store=_store(tmp))
    return FlorenciaApp(store=table.store, bot_delay=0, table=table), []


def strasbourg_help(tmp: Path) -> tuple[FlorenciaApp, list[str]]:
    # F1 in a game: the symbols of this board first, then the keys and rules.
    table = demo_table("strasbourg", 4, seed=20, steps=160, store=_store(tmp))
    return FlorenciaApp(store=table.store, bot_delay=0, table=table), ["f1"]


def palazzo_settings(tmp: Path) -> tuple[FlorenciaApp, list[str]]:
    # o in a game: whether turns wait for Enter and how fast bots play.
    app, _ = palazzo_board(tmp)
    return app, ["o"]


def palazzo_end(tmp: Path) -> tuple[FlorenciaApp, list[str]]:
    table = finished_table("palazzo", 3, seed=2024, store=_store(tmp))
    return FlorenciaApp(store=table.store, bot_delay=0, table=table), []


def strasbourg_board(tmp: Path) -> tuple[FlorenciaApp, list[str]]:
    # Round 4, step B: Ana is the Bakers journeyman, the map cursor on a square.
    table = demo_table("strasbourg", 4, seed=20, steps=160, store=_store(tmp))
    return FlorenciaApp(store=table.store, bot_delay=0, table=table), []


def strasbourg_end(tmp: Path) -> tuple[FlorenciaApp, list[str]]:
    table = finished_table("strasbourg", 4, seed=20, store=_store(tmp))
    return FlorenciaApp(store=table.store, bot_delay=0, table=table), []


def architects_board(tmp: Path) -> tuple[FlorenciaApp, list[str]]:
    # Mid-game, 4 players: Ana places a worker; "w" highlights the Workshop's preview.
    table = demo_table("architects", 4, seed=7, steps=244, store=_store(tmp))
    return FlorenciaApp(store=table.store, bot_delay=0, table=table), ["w"]


def architects_end(tmp: Path) -> tuple[FlorenciaApp, list[str]]:
    table = finished_table("architects", 3, seed=2, store=_store(tmp))
    return FlorenciaApp(store=table.store, bot_delay=0, table=table), []


def florence_board(tmp: Path) -> tuple[FlorenciaApp, list[str]]:
    # Round 5, 4 players (Ana has 2 builders): Ana opens "Complete a work", picks the
    # first profession and ticks her bonus card: the work value adds up line by line.
    table = demo_table("florence", 4, seed=13, steps=150, store=_store(tmp))
    return FlorenciaApp(store=table.store, bot_delay=0, table=table), ["2", "1", "1"]


def florence_place(tmp: Path) -> tuple[FlorenciaApp, list[str]]:
    # The same turn: Ana picks the studio, turns it and moves it onto an illegal spot.
    table = demo_table("florence", 4, seed=13, steps=150, store=_store(tmp))
    return FlorenciaApp(store=table.store, bot_delay=0, table=table), ["1", "6", "r", "left"]


def florence_end(tmp: Path) -> tuple[FlorenciaApp, list[str]]:
    table = finished_table("florence", 3, seed=22, store=_store(tmp))
    return FlorenciaApp(store=table.store, bot_delay=0, table=table), []


def palazzo_replay(tmp: Path) -> tuple[FlorenciaApp, list[str]]:
    """A finished game's replay at the start of round 8, everything shown."""
    table = finished_table("palazzo", 3, seed=2024, store=_store(tmp))
    return FlorenciaApp(store=table.store, bot_delay=0), ["r", "enter", "g", "8", "enter"]


SCENES = {
    "home": home,
    **{f"setup-{game}": setup_of(game) for game in SETUP_GAMES},
    "palazzo-board": palazzo_board,
    "palazzo-settings": palazzo_settings,
    "palazzo-buy": palazzo_buy,
    "palazzo-end": palazzo_end,
    "palazzo-replay": palazzo_replay,
    "strasbourg-board": strasbourg_board,
    "strasbourg-end": strasbourg_end,
    "strasbourg-help": strasbourg_help,
    "architects-board": architects_board,
    "architects-end": architects_end,
    "florence-board": florence_board,
    "florence-place": florence_place,
    "florence-end": florence_end,
}
