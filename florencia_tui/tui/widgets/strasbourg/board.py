"""The Strasbourg board: round track, council, city map, the current phase, your screen."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from florencia_tui.tui.adapter import BoardWidget
from florencia_tui.tui.widgets.strasbourg import render


class StrasbourgBoard(BoardWidget):
    DEFAULT_CSS = """
    StrasbourgBoard { height: 1fr; }
    StrasbourgBoard > VerticalScroll { height: 1fr; }
    StrasbourgBoard #sb-board { height: auto; padding: 0 0 0 1; }
    StrasbourgBoard #sb-board > Static { height: auto; }
    """
    #: The board's parts, one Static each (render.board_parts): a moving cursor
    #: redraws the map alone, and a part whose text is unchanged is not redrawn.
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
                    yield Static(id=part)

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
        parts = render.board_parts(self.view, self.cursor, self.marks)
        for part, lines in zip(self.PARTS, parts):
            static = self.query_one(f"#{part}", Static)
            key = [_text_key(line) for line in lines]
            if getattr(static, "_sb_key", None) == key:
                continue  # the same text and styles: no repaint
            static._sb_key = key
            static.display = bool(lines)
            static.update(Group(*lines), layout=layout)
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


def _text_key(line) -> object:
    """What a line draws: its text, base style, spans and layout settings."""
    if isinstance(line, Text):
        return (line.plain, str(line.style), tuple(line.spans), line.justify,
                line.overflow, line.no_wrap, line.end)
    return object()  # anything else is never taken for unchanged
