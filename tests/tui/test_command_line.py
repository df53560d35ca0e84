"""The ``:`` command line: a keystroke repaints its one row, no layout pass of
the screen (issue 17: a layout pass was two thirds of a keystroke's CPU, which
200 seated sessions on two cores pay on every key)."""

from __future__ import annotations

from textual.screen import Screen

from florencia_tui.tui.snapshots import SCENES


async def test_typing_lays_nothing_out_and_a_long_line_still_scrolls(tmp_path, monkeypatch) -> None:
    app, _ = SCENES["palazzo-board"](tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("colon")
        await pilot.pause()
        passes = []
        layout = Screen._refresh_layout

        def counted(self, *args, **kwargs):
            passes.append(self)
            return layout(self, *args, **kwargs)

        monkeypatch.setattr(Screen, "_refresh_layout", counted)
        for ch in "money":
            await pilot.press(ch)
            await pilot.pause()
        assert passes == []
        box = app.screen.query_one("#command")
        assert box.value == "money"
        # Longer than the line: the line scrolls to keep the cursor in sight.
        text = "bid " + "Blue6+" * 20
        for ch in text:
            await pilot.press(ch)
        await pilot.pause()
        assert box.value == "money" + text
        assert box.scroll_x > 0
        assert "Blue6+Blue6+" in "".join(s.text for s in box.render_line(0))
