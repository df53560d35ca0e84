"""A decision panel replaced before it has finished mounting does not crash the app.

A network table's redraws come as fast as snapshots arrive: the game screen may
remove a decision's panel (a bot moved, the next decision came) while the panel
is still being mounted. Its on_mount then finds its children gone; it used to
raise NoMatches and end the app (seen with Architects' ChoicePanel while
profiling benchmarks/redraw.py)."""

from __future__ import annotations

from rich.text import Text
from textual.app import App
from textual.containers import Vertical

from florencia_tui.core.game import Prompt
from florencia_tui.games.architects.ui.choices import Row
from florencia_tui.games.architects.ui.panel import ChoicePanel
from florencia_tui.tui.widgets.common.actionbar import ActionBar


def _panels():
    yield ChoicePanel("Which?", [Row("a", Text("first"), "detail", "a")])
    yield ActionBar(Prompt(0, "x.pick", "Which?"), [("a", "first"), ("b", "second")])


async def test_a_panel_removed_while_mounting_is_dropped_quietly() -> None:
    class Box(App):
        def compose(self):
            yield Vertical(id="box")

    app = Box()
    async with app.run_test() as pilot:
        box = app.query_one("#box", Vertical)
        for _ in range(3):
            for panel in _panels():
                box.mount(panel)  # not awaited: the next redraw comes first
                await box.remove_children()
                await pilot.pause()
        assert not box.children
        # and a panel left in place still takes the keyboard
        for panel in _panels():
            await box.mount(panel)
            await pilot.pause()
            assert app.focused is not None and panel in app.focused.ancestors
            await box.remove_children()
