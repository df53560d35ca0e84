"""Every screen and modal at 80x24 and 100x30 shows all of its text (issue 29).

Home (its help, statistics, replays), the setup of every game, each board in
the snapshot scenes with what opens over it (F1 help, the log, settings, the
question Esc asks, the notation page of the ``:`` prompt, Ctrl+C's note), the
end screen and the final board, a replay, the hot-seat curtain, the footer of a
turn waiting to be confirmed, and the lobby of networked play with its new-table
window: on each, no widget with text is laid out empty and no line of text is
cut at a widget's edge (tests/tui/fit.py says how that is measured).
"""

from __future__ import annotations

import time

import pytest
from textual.screen import Screen

from florencia_tui.store import Store
from florencia_tui.tui.app import FlorenciaApp
from florencia_tui.tui.scenes import demo_table, finished_table
from florencia_tui.tui.snapshots import SCENES
from tests.tui.fit import problems
from tests.tui.lobby_app import LobbyApp

SIZES = [(80, 24), (100, 30)]


async def until(pilot, test, what: str, timeout: float = 60.0) -> None:
    """Wait (however busy the machine) until ``test()`` holds."""
    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, f"never reached: {what}"
        await pilot.pause(0.02)
    for _ in range(3):
        await pilot.pause()


class Tour:
    """Keys pressed in a running app, every screen reached checked on the way."""

    def __init__(self, app, pilot, size) -> None:
        self.app, self.pilot, self.size = app, pilot, size
        self.seen: list[str] = []
        self.found: list[str] = []

    async def on(self, screen_name: str) -> Screen:
        await until(self.pilot, lambda: type(self.app.screen).__name__ == screen_name, screen_name)
        return self.app.screen

    async def press(self, *keys: str) -> None:
        for key in keys:
            await self.pilot.press(key)
            await self.pilot.pause()
        for _ in range(3):
            await self.pilot.pause()

    async def check(self, screen_name: str, label: str = "") -> None:
        screen = await self.on(screen_name)
        await self.pilot.pause()
        where = f"{screen_name}{' ' + label if label else ''} at {self.size[0]}x{self.size[1]}"
        self.seen.append(where)
        self.found += [f"{where}: {p}" for p in problems(screen)]

    def verdict(self) -> None:
        assert self.seen
        assert not self.found, "\n".join(self.found)


async def tour(app, size, steps) -> None:
    async with app.run_test(size=size, notifications=True) as pilot:
        t = Tour(app, pilot, size)
        for _ in range(3):
            await pilot.pause()
        await steps(t)
        t.verdict()


async def around_a_game(t: Tour) -> None:
    """The board, then each window that opens over it."""
    await t.check("GameScreen", "board")
    await t.press("ctrl+c")
    await t.check("GameScreen", "after Ctrl+C")
    for key, name in (("f1", "HelpScreen"), ("l", "LogScreen"), ("o", "SettingsScreen")):
        await t.press(key)
        await t.check(name)
        await t.press("escape")
        await t.on("GameScreen")
    for _ in range(6):  # Esc steps back out of a half-made choice first
        if type(t.app.screen).__name__ == "ConfirmScreen":
            break
        await t.press("escape")
    await t.check("ConfirmScreen", "leave the game?")
    await t.press("n")
    await t.press("colon", "question_mark", "enter")
    await t.check("HelpScreen", "notation")


BOARDS = sorted(n for n in SCENES if n.split("-")[-1] in ("board", "buy", "place", "help"))
ENDS = sorted(n for n in SCENES if n.endswith("-end"))
REPLAYS = sorted(n for n in SCENES if n.endswith("-replay"))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", BOARDS)
async def test_every_board_scene_and_what_opens_over_it(scene, size, tmp_path):
    app, keys = SCENES[scene](tmp_path)
    expected = "HelpScreen" if scene.endswith("-help") else "GameScreen"

    async def steps(t: Tour) -> None:
        await t.press(*keys)
        await t.check(expected, scene)
        if expected == "HelpScreen":
            await t.press("escape")
        await around_a_game(t)

    await tour(app, size, steps)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", ENDS)
async def test_every_end_screen_and_its_final_board(scene, size, tmp_path):
    app, _ = SCENES[scene](tmp_path)

    async def steps(t: Tour) -> None:
        await t.check("EndScreen")
        await t.press("b")
        await t.check("GameScreen", "final board")

    await tour(app, size, steps)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", REPLAYS)
async def test_every_replay_scene_in_each_of_its_views(scene, size, tmp_path):
    app, keys = SCENES[scene](tmp_path)

    async def steps(t: Tour) -> None:
        await t.press(*keys)
        screen = await t.on("ReplayScreen")
        for _ in screen.viewers:  # spectator, each seat, everything
            await t.check("ReplayScreen", f"view {screen.viewer_name()}")
            await t.press("v")

    await tour(app, size, steps)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_every_games_setup_with_the_fewest_and_the_most_players(each_game, size, tmp_path):
    game = each_game.id
    app = FlorenciaApp(store=Store(tmp_path / "s.sqlite3"), bot_delay=0, default_seed=7)

    async def steps(t: Tour) -> None:
        await t.on("HomeScreen")
        app.open_setup(game)
        await t.check("SetupScreen", f"{game}, fewest players")
        await t.press("f3", "f3", "f3", "f3")
        await t.check("SetupScreen", f"{game}, most players")

    await tour(app, size, steps)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_home_its_help_statistics_replays_and_a_replay(size, tmp_path):
    store = Store(tmp_path / "h.sqlite3")
    finished_table("palazzo", 3, seed=2024, store=store)
    demo_table("strasbourg", 4, seed=20, steps=160, store=store)
    app = FlorenciaApp(store=store, bot_delay=0, default_seed=7)

    async def steps(t: Tour) -> None:
        await t.check("HomeScreen")
        await t.press("ctrl+c")
        await t.check("HomeScreen", "after Ctrl+C")
        await t.press("f1")
        await t.check("HelpScreen", "home's")
        await t.press("escape", "s")
        await t.check("StatsScreen")
        await t.press("escape", "r")
        await t.check("ReplaysScreen")
        await t.press("enter")
        await t.check("ReplayScreen", "first step")
        await t.press("end")
        await t.check("ReplayScreen", "last step")
        await t.press("v")
        await t.check("ReplayScreen", "another view")

    await tour(app, size, steps)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_curtain_and_a_turn_waiting_for_enter(size, tmp_path):
    store = Store(tmp_path / "c.sqlite3")
    table = demo_table("palazzo", 3, seed=2024, steps=120, store=store, humans=2)
    app = FlorenciaApp(store=store, table=table, bot_delay=0, curtain_guard=0.05)

    async def steps(t: Tour) -> None:
        await t.check("CurtainScreen", "for Ana")
        await until(t.pilot, lambda: t.app.screen.is_ready, "curtain ready")
        await t.check("CurtainScreen", "ready")
        await t.press("enter")
        await t.check("GameScreen", "Ana's decision")
        await t.press("1")  # Ana takes a revealed card: her turn waits for Enter
        await until(t.pilot, lambda: t.app.screen.check_action("confirm", ()), "confirm step")
        await t.check("GameScreen", "turn waiting for Enter")
        await t.press("enter")
        await t.check("CurtainScreen", "for the next human")

    await tour(app, size, steps)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_lobby_and_its_new_table_window(size):
    async def steps(t: Tour) -> None:
        await t.check("LobbyScreen")
        await t.press("ctrl+c")
        await t.check("LobbyScreen", "after Ctrl+C")
        await t.press("n")
        await t.check("NewTableScreen")

    await tour(LobbyApp(), size, steps)


def first_decisions(game_id: str, players: int, seed: int) -> dict[str, int]:
    """Each kind of decision the human seat 0 meets in a seeded game (played as
    ``demo_table`` plays it), with the number of actions before its first."""
    from florencia_tui.bots import RandomBot, observe
    from florencia_tui.table import Table
    from florencia_tui.tui.screens.setup import DEFAULT_NAMES

    seats = [{"name": DEFAULT_NAMES[i], "kind": "human" if i == 0 else "bot:random"}
             for i in range(players)]  # fmt: skip
    table, chooser, first = Table(game_id, seats, seed), RandomBot(), {}
    while not table.is_over():
        if 0 in table.to_act():
            first.setdefault(table.prompt(0).kind, len(table.entries))
        seat = table.to_act()[0]
        key = f"scene:{seed}:{len(table.entries)}"
        table.submit(seat, chooser.choose(observe(table.game, table.state, seat, key)))
    return first


async def test_every_kind_of_decision_of_a_seeded_game_at_80x24(each_game, tmp_path):
    """Beyond the scenes: the board and decision panel of each kind of decision
    the human seat meets in one seeded game (a payment, a bid, a draft...)."""
    game = each_game.id
    players = each_game.players_near(3)
    kinds = first_decisions(game, players, seed=7)
    assert kinds
    found: list[str] = []
    for kind, steps in kinds.items():
        store = Store(tmp_path / f"{kind}.sqlite3")
        table = demo_table(game, players, seed=7, steps=steps, store=store)
        assert table.prompt(0).kind == kind
        app = FlorenciaApp(store=store, table=table, bot_delay=0, confirm_turns=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda a=app: type(a.screen).__name__ == "GameScreen", kind)
            found += [f"{kind}: {p}" for p in problems(app.screen)]
    assert not found, "\n".join(found)
