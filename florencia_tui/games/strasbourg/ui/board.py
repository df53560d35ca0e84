"""The Strasbourg board: round track, council, city map, the current phase, your screen."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from florencia_tui.games.strasbourg.ui import render
from florencia_tui.tui.adapter import BoardWidget


class StrasbourgBoard(BoardWidget):
    DEFAULT_CSS = """
    StrasbourgBoard { height: 1fr; }
    StrasbourgBoard > VerticalScroll { height: 1fr; }
    StrasbourgBoard #sb-board { height: auto; padding: 0 0 0 1; }
    StrasbourgBoard #sb-board > Static { height: auto; }
    StrasbourgBoard #sb-map { height: auto; }
    StrasbourgBoard #sb-map > Static { height: auto; }
    """
    #: The board's parts, one Static each (render.board_parts), the map one
    #: Static per line: a moving cursor redraws the two map lines it leaves and
    #: enters, and a part or line whose text is unchanged is not redrawn.
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
                    yield Vertical(id=part) if part == "sb-map" else Static(id=part)

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
        if layout:
            parts = render.board_parts(self.view, self.cursor, self.marks)
            pairs = zip(self.PARTS, parts)
        else:  # the cursor moved on the same view: only the map's lines differ
            pairs = [("sb-map", render.map_lines(self.view, self.cursor, self.marks))]
        for part, lines in pairs:
            if part == "sb-map":
                self._draw_map(lines, layout)
                continue
            static = self.query_one(f"#{part}", Static)
            key = [_text_key(line) for line in lines]
            if getattr(static, "_sb_key", None) == key:
                continue  # the same text and styles: no repaint
            static._sb_key = key
            if static.display != bool(lines):  # (setting it re-applies styles)
                static.display = bool(lines)
            static.update(Group(*lines), layout=layout)
        if self.cursor is not None:
            self.query_one(VerticalScroll).scroll_home(animate=False)

    def _draw_map(self, lines: list, layout: bool) -> None:
        box = self.query_one("#sb-map", Vertical)
        statics = list(box.query_children(Static))
        if len(statics) != len(lines):  # another board: new lines
            box.remove_children()
            statics = [Static() for _ in lines]
            box.mount(*statics)
        for static, line in zip(statics, lines):
            key = _text_key(line)
            if getattr(static, "_sb_key", None) != key:
                static._sb_key = key
                static.update(Group(line), layout=layout)

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
        return (
            line.plain,
            str(line.style),
            tuple(line.spans),
            line.justify,
            line.overflow,
            line.no_wrap,
            line.end,
        )
    return object()  # anything else is never taken for unchanged
