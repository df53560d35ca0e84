"""A save that fails at one keyboard (issue 26 item 1): the screen says why and
stays on the same decision; a bot's unsaved move is tried again after a pause."""

from __future__ import annotations

import asyncio
import errno
import sqlite3
import time

from florencia_tui.store import Store
from florencia_tui.table import Table

from .screen_text import widget_text

SOLO = [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "bot:random"}]
WAIT = 30.0  # generous: the suite runs on two busy cores


class FailingStore(Store):
    """A store whose next save (of ``seat``'s action, if given) raises ``error``."""

    def __init__(self, path) -> None:
        super().__init__(path)
        self._fault: tuple[BaseException, int | None] | None = None
        self.failed = 0

    def fail(self, error: BaseException, seat: int | None = None) -> None:
        self._fault = (error, seat)

    def create(self, *args, **kwargs) -> int:
        if self._fault is not None:
            error, self._fault = self._fault[0], None
            self.failed += 1
            raise error
        return super().create(*args, **kwargs)

    def append(self, game_id, idx, seat, *args, **kwargs) -> None:
        if self._fault is not None and self._fault[1] in (None, seat):
            error, self._fault = self._fault[0], None
            self.failed += 1
            raise error
        super().append(game_id, idx, seat, *args, **kwargs)


def shown(d, selector: str) -> str:
    """The text of ``selector`` and everything in it, as a person reads it."""
    widgets = d.app.screen.query(f"{selector}, {selector} *")
    return "\n".join(t for w in widgets if w.display and (t := widget_text(w)) is not None)


async def test_a_move_that_cannot_be_saved_is_not_played_and_says_why(play, tmp_path):
    store = FailingStore(tmp_path / "full.sqlite3")
    table = Table("palazzo", SOLO, seed=5, store=store)
    async with play(table=table) as d:
        board, prompt = shown(d, "#board"), shown(d, "#prompt")
        assert "money" in prompt
        store.fail(OSError(errno.ENOSPC, "No space left on device"))
        await d.choose("money")
        assert store.failed == 1
        message = d.text("#message")
        assert "Could not save: disk full; your move was not played." in message
        # The same decision, the same board; nothing in the log or the store.
        assert shown(d, "#prompt") == prompt and shown(d, "#board") == board
        assert table.entries == [] and store.record(table.table_id).actions == []
        await d.choose("money")  # the disk has room again: it is played
        assert table.entries[0].action == "money"
        assert store.record(table.table_id).actions[0] == [0, "money"]


async def test_a_bot_move_that_cannot_be_saved_waits_and_is_tried_again(
    play, tmp_path, monkeypatch
):
    # A pause long enough for a loaded machine to look at the table before the
    # move is tried again (at 1 s, the retry sometimes came first).
    monkeypatch.setattr("florencia_tui.tui.screens.game.BOT_RETRY", 4.0)
    store = FailingStore(tmp_path / "locked.sqlite3")
    table = Table("palazzo", SOLO, seed=5, store=store)
    async with play(table=table) as d:
        # Ana's moves are saved; the bot's next one meets a locked database.
        store.fail(sqlite3.OperationalError("database is locked"), seat=1)
        deadline = time.monotonic() + WAIT
        while not store.failed:
            assert time.monotonic() < deadline, "the bot never moved"
            if table.to_act() == [0]:  # Ana's decision (a bot is not moving)
                await d.choose(table.legal(0)[0])
            await asyncio.sleep(0.02)
        played = table.record().actions
        await d.until(lambda: "Could not save Bot" in d.text("#message"), "the reason")
        assert "the database is locked by another program; trying again in 4 s" in d.text(
            "#message"
        )
        assert d.app.is_running and d.screen_name == "GameScreen"
        assert table.record().actions == played and table.bot_to_act() == 1  # not moved
        # After the pause the move is tried again (once: no hot loop) and saved.
        await d.until(lambda: len(table.entries) > len(played), "the bot's move")
        assert store.failed == 1
        assert store.record(table.table_id).actions == table.record().actions


async def test_a_new_game_that_cannot_be_saved_is_not_started_and_says_why(play, tmp_path):
    store = FailingStore(tmp_path / "full.sqlite3")
    async with play() as d:
        d.app.store = store
        await d.open_setup("palazzo")
        store.fail(sqlite3.OperationalError("database or disk is full"))
        await d.press("f5")
        assert store.failed == 1 and d.screen_name == "SetupScreen"
        assert "Could not save: disk full; the game was not started." in d.notes
        assert store.list() == []
        await d.press("f5")  # room again: the game begins
        assert d.screen_name == "GameScreen" and len(store.list()) == 1
