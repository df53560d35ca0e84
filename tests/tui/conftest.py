"""Helpers for driving the app with Pilot."""

from __future__ import annotations

import asyncio
import time
from contextlib import asynccontextmanager

import pytest

from florencia_tui.store import Store
from florencia_tui.table import Table
from florencia_tui.tui.app import FlorenciaApp


@pytest.fixture
def store(tmp_path):
    return Store(tmp_path / "ui.sqlite3")


class Driver:
    """Small conveniences over Pilot for whole turns of play."""

    def __init__(self, app: FlorenciaApp, pilot, notes: list[str]) -> None:
        self.app = app
        self.pilot = pilot
        self.notes = notes  # every notification shown, in order

    @property
    def screen_name(self) -> str:
        return type(self.app.screen).__name__

    async def settle(self) -> None:
        for _ in range(4):
            await self.pilot.pause()

    async def press(self, *keys: str) -> None:
        await self.pilot.press(*keys)
        await self.settle()

    async def choose(self, action: str) -> None:
        """Press the quick key the action bar shows for ``action``."""
        screen = self.app.screen
        seat = screen.viewer
        legal = self.app.table.legal(seat)
        assert action in legal, f"{action!r} not offered; legal: {legal}"
        from florencia_tui.tui.widgets.common.actionbar import ActionList

        bars = screen.query(ActionList)
        if bars:  # the generic action list: the key it shows beside the action
            keys = {a: k for k, a in bars.first().keys.items()}
            assert action in keys, (action, keys, legal)
            key = keys[action]
        else:  # a game's own panel numbers the legal actions in order
            idx = legal.index(action)
            assert idx < 9, "quick keys cover the first nine actions"
            key = str(idx + 1)
        await self.press(key)

    async def until(self, pred, what: str, timeout: float = 30.0) -> None:
        """Wait until ``pred()`` holds (generous: the suite runs on two busy
        cores), then until the screen has settled."""
        deadline = time.monotonic() + timeout
        while not pred():
            assert time.monotonic() < deadline, f"waited for {what}"
            await asyncio.sleep(0.02)
        await self.settle()

    async def until_human(self, limit: int = 2000) -> None:
        """Let the bots move until a human (or nobody) owes the decision."""
        table = self.app.table
        for _ in range(limit):
            if table.is_over() or table.bot_to_act() is None:
                break
            await self.pilot.pause()
        await self.settle()

    async def open_setup(self, game_id: str) -> None:
        """From the home screen: arrow down to ``game_id`` and Enter (its setup)."""
        games = self.app.screen.query_one("#games")
        for _ in range(games.option_count):
            if games.get_option_at_index(games.highlighted).id == game_id:
                break
            await self.press("down")
        await self.press("enter")
        assert self.screen_name == "SetupScreen"

    async def lift_curtain(self, name: str) -> None:
        assert self.screen_name == "CurtainScreen", self.screen_name
        await self.curtain_ready()  # also: mounted, however busy the machine
        assert name in str(self.app.screen.query_one("#curtain-text").render())
        await self.press("enter")
        assert self.screen_name == "GameScreen"

    async def curtain_ready(self) -> None:
        """Wait out the curtain's guard time (keys before it are ignored)."""
        curtain = self.app.screen
        for _ in range(200):
            if curtain.is_ready:
                return
            await self.pilot.pause(0.02)
        raise AssertionError("the curtain never became ready")

    def text(self, selector: str) -> str:
        return str(self.app.screen.query_one(selector).render())


@pytest.fixture
def play(store, record_notifications):
    """``async with play(table=None, size=(80, 24)) as d:`` runs the app headless."""

    @asynccontextmanager
    async def _play(table: Table | None = None, size=(80, 24), **kw):
        # A short curtain guard keeps the suite quick; the guard's own tests
        # (tests/tui/test_hotseat_secrecy.py) use the real one.
        kw.setdefault("curtain_guard", 0.05)
        kw.setdefault("bot_delay", 0)
        # The end-of-turn confirmation has its own tests (test_confirm_turn.py);
        # the other flows play turns straight through.
        kw.setdefault("confirm_turns", False)
        app = FlorenciaApp(store=store, table=table, **kw)
        async with app.run_test(size=size) as pilot:
            d = Driver(app, pilot, record_notifications(app))
            await d.settle()
            yield d

    return _play
