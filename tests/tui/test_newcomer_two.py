"""A newcomer's second trial (issue 29): every window shows its text whole, at
80x24 and 100x30. The every-screen sweep is tests/tui/test_every_screen.py;
these are the points the trial found, one test each."""

from __future__ import annotations

import pytest

from florencia_tui.tui.scenes import demo_table
from tests.tui.fit import drawn, problems

SIZES = [(80, 24), (100, 30)]


# ----- 1. the settings window ---------------------------------------------------------
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_settings_window_shows_what_it_sets(play, store, size):
    table = demo_table("palazzo", 3, seed=2024, steps=120, store=store)
    async with play(table=table, size=size, confirm_turns=True) as d:
        await d.press("o")
        assert d.screen_name == "SettingsScreen"
        box = d.app.screen.query_one("#settings-text")
        assert box.size.width > 40 and box.size.height >= 8
        assert problems(d.app.screen) == []
        shown = "\n".join(drawn(box))
        assert "Confirm each turn: on" in shown and "Bot speed:" in shown
        await d.press("c")
        assert "Confirm each turn: off" in "\n".join(drawn(box))
        assert d.app.confirm_turns is False
