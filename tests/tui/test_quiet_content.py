"""set_content draws a Rich table once: the rendering that tells whether its
height changed is the one painted (issue 31.1: a Palazzo board's tables were
rendered twice per redraw, once to measure, once to paint)."""

from __future__ import annotations

import io

from rich.console import Console
from rich.table import Table
from textual.app import App
from textual.widgets import Static

from florencia_tui.tui.widgets.common.quiet import set_content


class CountedTable(Table):
    renders = 0

    def __rich_console__(self, console, options):
        CountedTable.renders += 1
        return super().__rich_console__(console, options)


def table(*rows: str) -> CountedTable:
    t = CountedTable("a", "b", title="stock")
    for row in rows:
        t.add_row(row, row.upper())
    return t


def text_of(renderable, width: int = 40) -> str:
    console = Console(width=width, record=True, color_system="truecolor", file=io.StringIO())
    console.print(renderable)
    return console.export_text(styles=True)


class OneStatic(App):
    """An app holding one Static, ``#s``."""

    def compose(self):
        yield Static(id="s")


async def test_a_table_is_rendered_once_to_measure_and_paint_it() -> None:
    app = OneStatic()
    async with app.run_test(size=(40, 12)) as pilot:
        static = app.query_one("#s", Static)
        set_content(static, table("x", "y"))
        await pilot.pause()
        CountedTable.renders = 0
        new = table("p", "q")  # the same height: no layout pass
        assert set_content(static, new)
        await pilot.pause()
        assert "P" in "".join(s.text for s in static.render_lines(static.region.reset_offset))
        assert CountedTable.renders == 1
        # The same table again changes nothing; what it shows is the table's own text.
        assert not set_content(static, new)
        assert text_of(static.content) == text_of(new)
        assert text_of(static.content, 20) == text_of(new, 20)  # another width: anew


async def test_a_new_table_drawing_the_same_cells_is_left_alone() -> None:
    app = OneStatic()
    async with app.run_test(size=(40, 12)) as pilot:
        static = app.query_one("#s", Static)
        set_content(static, table("x", "y"))
        await pilot.pause()
        shown = static.content
        assert not set_content(static, table("x", "y"))  # another object, the same cells
        assert static.content is shown
        assert set_content(static, table("x", "z"))  # one cell differs: drawn
        assert static.content is not shown
