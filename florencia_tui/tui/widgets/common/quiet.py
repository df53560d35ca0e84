"""Redraws that lay the screen out again only when a size changes.

Textual lays out the whole screen after every ``Static.update`` (unless told
``layout=False``) and after every line a ``RichLog`` takes (its virtual size
is a layout reactive), and then repaints every widget the layout touched. A
spectator's game screen changes its status line, log, board and prompt after
every action (issue 17: 40 spectators of one busy table); none of those
changes the size of anything most of the time, so the layout pass and the
full repaint are wasted work. These helpers skip both when nothing's size
changes.
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text
from textual.content import Content
from textual.geometry import Size
from textual.reactive import Reactive
from textual.visual import visualize
from textual.widgets import RichLog, Static


def set_content(static: Static, content) -> bool:
    """Show ``content`` in ``static``: nothing if it shows it already; without
    a layout pass if its height stays the same. Returns whether it changed.
    A Rich renderable other than text (a table, a group) is drawn once for
    both (:class:`Drawn`), and left alone if it draws the cells shown already."""
    shown = static.content
    if shown == content or (isinstance(shown, Drawn) and shown.renderable is content):
        return False
    if isinstance(content, (str, Text, Content)):
        static.update(content, layout=_height_changes(static, content))
        return True
    drawn = Drawn(content)
    relayout = _height_changes(static, drawn)
    if not relayout and isinstance(shown, Drawn) and shown.draws_as(drawn):
        return False  # a new object that draws the very same cells: nothing to repaint
    static.update(drawn, layout=relayout)
    return True


class Drawn:
    """A Rich renderable whose segments are kept per console and width.

    Telling whether new content changes a widget's height renders it (Textual's
    ``get_height``), and painting it renders it again: for a Rich table, a
    board's most expensive part, that was half of what drawing it cost. The
    measure and the paint ask with the same width (the paint also passes the
    laid-out height, which a table or group does not read), so the paint
    reuses the segments the measure made. Any other console or width (a test
    printing the content, a resize) renders anew."""

    __slots__ = ("renderable", "_kept")

    def __init__(self, renderable) -> None:
        self.renderable = renderable
        self._kept: tuple[tuple, list[Segment]] | None = None

    def __rich_console__(self, console: Console, options: ConsoleOptions):
        key = (
            id(console),
            options.size,
            options.min_width,
            options.max_width,
            options.justify,
            options.overflow,
            options.no_wrap,
            options.highlight,
            options.markup,
        )
        kept = self._kept
        if kept is None or kept[0] != key:
            kept = self._kept = (key, list(console.render(self.renderable, options)))
        return kept[1]

    def draws_as(self, other: Drawn) -> bool:
        """Both were drawn at the same console and width, to the same segments."""
        return self._kept is not None and self._kept == other._kept

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.renderable)


def _height_changes(static: Static, content) -> bool:
    """Would ``content`` take ``static`` a different number of rows? (True
    when unknown: not laid out yet, or a height CSS does not fix.)"""
    region = static.content_region
    if not region.width or not static.display:
        return True
    styles = static.styles
    if styles.height is not None and styles.height.is_cells:
        return False  # its height is fixed by CSS (e.g. the one-row status line)
    rows = visualize(static, content).get_height(styles, region.width)
    top, bottom = styles.max_height, styles.min_height
    if top is not None and top.is_cells:
        rows = min(rows, int(top.value) - styles.gutter.height)
    if bottom is not None and bottom.is_cells:
        rows = max(rows, int(bottom.value) - styles.gutter.height)
    return rows != region.height


class QuietLog(RichLog):
    """A RichLog whose new lines lay nothing out again: its size is fixed by
    the CSS (``1fr`` of its column), only what it scrolls over grows. A layout
    pass is asked for only when its vertical scrollbar has to appear or go
    (the lines' width changes); otherwise the scrollbar is told the new
    length and the log repaints."""

    # Redeclared without ``layout=True`` (Textual's default for every widget).
    virtual_size = Reactive(Size(0, 0), layout=False)

    def watch_virtual_size(self, size: Size) -> None:
        height = self.container_size.height
        if not height:
            return  # not laid out yet: the first layout sizes everything
        overflow = self.styles.overflow_y
        needs_bar = overflow == "scroll" or (overflow == "auto" and size.height > height)
        if needs_bar != self.show_vertical_scrollbar:
            self.refresh(layout=True)
            return
        if needs_bar:
            bar = self.vertical_scrollbar
            bar.window_virtual_size = size.height
            bar.window_size = height - self.scrollbar_size_horizontal
        self.refresh()
