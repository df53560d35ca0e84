"""The Strasbourg board: round track, council, city map, the current phase, your screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from florencia_tui.tui.adapter import BoardWidget
from florencia_tui.tui.widgets.strasbourg import render


class StrasbourgBoard(BoardWidget):
    DEFAULT_CSS = """
    StrasbourgBoard { height: 1fr; }
    StrasbourgBoard > VerticalScroll { height: 1fr; }
    StrasbourgBoard #sb-board { height: auto; padding: 0 0 0 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.view: dict | None = None
        self.cursor: str | None = None
        self.marks: set[str] = set()

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(id="sb-board")

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
        self.query_one("#sb-board", Static).update(
            render.board(self.view, self.cursor, self.marks), layout=layout)
        if self.cursor is not None:
            self.query_one(VerticalScroll).scroll_home(animate=False)

    def text(self, width: int = 60) -> str:
        """The board as plain text (for tests and debugging)."""
        from rich.console import Console

        if self.view is None:
            return ""
        console = Console(width=width, record=True, file=open("/dev/null", "w"))
        console.print(render.board(self.view, self.cursor, self.marks))
        return console.export_text()
