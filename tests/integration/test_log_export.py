"""A log export says what it wrote, refuses an empty one and writes a private
file (issue 13, item 11; the networked side is in tests/net/test_log_export.py)."""

from __future__ import annotations

import os
import stat

from florencia_tui.store import Store, data_dir
from florencia_tui.table import Table
from florencia_tui.tui.app import FlorenciaApp
from florencia_tui.tui.screens.log import LogScreen

SOLO = [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "bot:random"}]


async def test_export_says_what_it_wrote_and_refuses_an_empty_one(tmp_path, record_notifications):
    store = Store(tmp_path / "x.sqlite3")
    table = Table("palazzo", SOLO, seed=4, store=store)
    table.submit(0, "money")
    table.run_bots()
    app = FlorenciaApp(store=store, bot_delay=0, table=table)
    said = record_notifications(app)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = LogScreen(table, 0)
        await app.push_screen(screen)
        await pilot.pause()
        old = os.umask(0o022)
        try:
            screen.text_filter = "no such words anywhere"
            screen.action_export()
            await pilot.pause()
            assert not list(data_dir().glob("*.txt"))  # nothing written
            assert any("Nothing to export" in n for n in said)
            screen.text_filter = "takes money"
            screen.action_export()
            await pilot.pause()
        finally:
            os.umask(old)
        (path,) = data_dir().glob("*.txt")
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert f"Wrote 1 log entry as Ana sees it, text “takes money” to {path}" in said
        assert "takes money" in path.read_text()
