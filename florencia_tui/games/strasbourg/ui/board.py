"""The Strasbourg board: round track, council, city map, the current phase, your screen."""

from __future__ import annotations

import io

from rich.console import Console, Group
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from florencia_tui.games.strasbourg.ui import render
from florencia_tui.tui.adapter import BoardWidget
from florencia_tui.tui.widgets.common.lines import RowCache, text_key
from florencia_tui.tui.widgets.common.quiet import set_content


class StrasbourgBoard(BoardWidget):
    DEFAULT_CSS = """
    StrasbourgBoard { height: 1fr; }
    StrasbourgBoard > VerticalScroll { height: 1fr; }
    StrasbourgBoard #sb-board { height: auto; padding: 0 0 0 1; }
    StrasbourgBoard #sb-board > Static { height: auto; }
    StrasbourgBoard #sb-map { height: auto; }
    """
    #: The board's parts (render.board_parts), a Static each but the map, a
    #: CityMap: a moving cursor rebuilds and repaints only the map lines it
    #: leaves and enters, and a part whose text is unchanged is not redrawn.
    PARTS = ("sb-head", "sb-map", "sb-middle", "sb-tail")

    def __init__(self) -> None:
        super().__init__()
        self.view: dict | None = None
        self.cursor: str | None = None
        self.marks: set[str] = set()

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            with Vertical(id="sb-board"):
                for part in self.PARTS:
                    yield CityMap(id=part) if part == "sb-map" else Static(id=part)

    def show(self, view: dict) -> None:
        """Redraw from a new view; any placement cursor belongs to the old prompt."""
        self.view = view
        self.cursor = None
        self.marks = set()
        self._draw()

    def set_cursor(self, cursor: str | None, marks: set[str] | None = None) -> None:
        """Highlight ``cursor`` (a square, building space or chapel spot) and ``marks``."""
        moving = self.cursor is not None and cursor is not None  # same layout, new spot
        self.cursor = cursor
        self.marks = set(marks or ())
        self._draw(layout=not moving)

    def _draw(self, layout: bool = True) -> None:
        if self.view is None:
            return
        city = self.query_one("#sb-map", CityMap)
        if not layout:  # the cursor moved on the same view: only map lines differ
            city.show(self.view, self.cursor, self.marks)
            return
        parts = render.board_parts(self.view, self.cursor, self.marks, city=False)
        head, _map, middle, tail = parts
        city.show(self.view, self.cursor, self.marks)
        rows = render.middle_rows(self.view)
        middle_box = self.query_one("#sb-middle", Static)
        if middle_box.styles.min_height != rows:  # the same in every phase: nothing moves
            middle_box.styles.min_height = rows
        for part, lines in (("sb-head", head), ("sb-middle", middle), ("sb-tail", tail)):
            static = self.query_one(f"#{part}", Static)
            key = [text_key(line) for line in lines]
            if getattr(static, "_sb_key", None) == key:
                continue  # the same text and styles: no repaint
            static._sb_key = key
            shown = bool(lines) or static is middle_box
            if static.display != shown:  # (setting it re-applies styles)
                static.display = shown
            set_content(static, Group(*lines))
        if self.cursor is not None:
            self.query_one(VerticalScroll).scroll_home(animate=False)

    def text(self, width: int = 60) -> str:
        """The board as plain text (for tests and debugging)."""
        if self.view is None:
            return ""
        console = Console(width=width, record=True, file=io.StringIO())
        console.print(render.board(self.view, self.cursor, self.marks))
        return console.export_text()


class CityMap(RowCache):
    """The city map, one row per map line. Only the lines whose
    ``MapLayout.content_key`` (what they show of the view) or ``line_key``
    (of the cursor and marks) changed are rebuilt, and just those rows
    repainted: moving the cursor costs the two map lines it leaves and enters,
    a new view the lines a move changed."""

    DEFAULT_CSS = "CityMap { height: auto; width: 1fr; }"

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.layout_: render.MapLayout | None = None
        self.contents: list[tuple] = []  # each line's MapLayout.content_key
        self.keys: list[tuple] = []  # each shown line's (content_key, line_key)

    def show(self, view: dict, cursor: str | None, marks: set[str]) -> None:
        layout = self.layout_
        if layout is None or layout.view is not view:
            layout = self.layout_ = render.MapLayout(view)
            self.contents = [layout.content_key(i) for i in range(len(layout.lines))]
        n = len(layout.lines)
        keys = [(self.contents[i], layout.line_key(i, cursor, marks)) for i in range(n)]
        if len(keys) != len(self.keys):  # another number of lines: all of them
            self.keys = keys
            self.set_rows([layout.line(i, cursor, marks) for i in range(n)])
            return
        for i, key in enumerate(keys):  # a bot's move changes a line or two
            if key != self.keys[i]:
                self.keys[i] = key
                self.set_row(i, layout.line(i, cursor, marks))

    def render(self) -> Group:
        """The whole map (what a person sees; render_line draws it)."""
        return Group(*self.rows)
