"""Widgets that repaint only the rows whose text changed.

Textual renders a widget's whole content again whenever it is refreshed, and
the compositor then repaints everything between the dirty regions. A cursor
that moves on a map or a description line that changes under a picker needs
one or two rows redrawn, not the whole widget: these widgets keep each row's
rendering (Textual's line API) and refresh just the rows that changed.

- ``RowCache``: the rows' renderings and ``render_line``; subclasses say what
  the rows are.
- ``TextLines``: a widget whose ``render()`` returns Rich ``Text`` (wrapped to
  the width like a ``Static``); ``redraw()`` repaints the rows that changed.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget


def text_key(line: object) -> object:
    """What a line of Text draws: its text, base style, spans and layout settings
    (equal keys draw the same cells; anything but Text is never taken as equal)."""
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
    return object()


class RowCache(Widget):
    """Rows of Rich Text drawn through the line API, each rendered once."""

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: list[Text] = []
        self._strips: dict[int, Strip] = {}  # row -> its rendering (no widget style)

    def set_row(self, y: int, text: Text) -> None:
        """Replace row ``y`` and repaint that row alone."""
        self.rows[y] = text
        self._strips.pop(y, None)
        super().refresh(Region(0, y, self.size.width, 1))

    def set_rows(self, rows: list[Text]) -> None:
        """Replace every row (a layout pass only if their number changed)."""
        relayout = len(rows) != len(self.rows)
        self.rows = rows
        self._strips.clear()
        super().refresh(layout=relayout)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max((t.cell_len for t in self.rows), default=0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.rows)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        style = self.rich_style
        if y >= len(self.rows):
            return Strip.blank(width, style)
        strip = self._strips.get(y)
        if strip is None:
            text, console = self.rows[y], self.app.console
            # (Text.render leaves a span-less line without the Text's own style)
            segments = Segment.apply_style(text.render(console), console.get_style(text.style))
            strip = self._strips[y] = Strip(segments, text.cell_len)
        return strip.apply_style(style).crop_extend(0, width, style)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips.clear()


class TextLines(RowCache):
    """Like a ``Static`` showing ``render()``'s Text, wrapped to the widget's
    width; ``redraw()`` (instead of ``refresh()``) after a change repaints only
    the rows whose text changed, or lays out again if their number did."""

    DEFAULT_CSS = "TextLines { height: auto; }"

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self._keys: list[object] = []
        self._width = -1

    def render(self) -> Text:  # what the rows show; subclasses draw it
        return Text()

    def _wrap(self, width: int) -> tuple[list[Text], list[object]]:
        rows: list[Text] = []
        for line in self.render().split("\n", allow_blank=True):
            rows.extend(line.wrap(self.app.console, max(width, 1)) if line.plain else [line])
        return rows, [text_key(r) for r in rows]

    def _ensure(self, width: int) -> None:
        if width != self._width:
            self._width = width
            self.rows, self._keys = self._wrap(width)
            self._strips.clear()

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max((t.cell_len for t in self.render().split("\n")), default=0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        self._ensure(width)
        return len(self.rows)

    def render_line(self, y: int) -> Strip:
        self._ensure(self.size.width)
        return super().render_line(y)

    def refresh(self, *regions: Region, repaint: bool = True, **kwargs) -> TextLines:
        if repaint and not regions:
            self._width = -1  # draw the text again
        return super().refresh(*regions, repaint=repaint, **kwargs)

    def redraw(self) -> None:
        """The text changed: repaint the rows that differ (all of them, with a
        layout pass, if the number of rows changed)."""
        if self._width < 0 or not self.is_mounted:
            self.refresh()
            return
        rows, keys = self._wrap(self._width)
        if len(rows) != len(self.rows):
            self.refresh(layout=True)
            return
        for y, key in enumerate(keys):
            if key != self._keys[y]:
                self._keys[y] = key
                self.set_row(y, rows[y])
