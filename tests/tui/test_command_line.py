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


async def test_opening_and_closing_the_line_restyles_the_prompt_only(tmp_path, monkeypatch) -> None:
    """The decision keeps its focused look while the line has the keyboard: a
    class on the prompt, so only the prompt's widgets (and the line's focus)
    are styled again; a class on the screen restyled every widget on it, twice
    an action typed (issue 31.1)."""
    app, _ = SCENES["palazzo-board"](tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        restyled = []
        update_nodes = app.stylesheet.update_nodes

        def counted(nodes, *args, **kwargs):
            nodes = list(nodes)
            restyled.extend(nodes)
            return update_nodes(nodes, *args, **kwargs)

        monkeypatch.setattr(app.stylesheet, "update_nodes", counted)
        await pilot.press("colon")
        await pilot.pause()
        prompt = screen.query_one("#prompt")
        assert prompt.has_class("-typing")
        await pilot.press("escape")
        await pilot.pause()
        assert not prompt.has_class("-typing")
        outside = [
            n
            for n in restyled
            if n is not screen.query_one("#command") and prompt not in n.ancestors_with_self
        ]
        assert restyled and outside == []
