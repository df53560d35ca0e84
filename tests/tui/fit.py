"""Does every widget show all of its text? (issue 29: a settings window laid out
at zero size, variant descriptions cut at the edge of their row, a footer key
cut at 80 columns, a placeholder cut in its box.)

:func:`problems` looks at every widget shown on a screen and reports:

- an *empty box*: a widget with text whose content area has no width or no height;
- *cut text*: characters of a widget's text that its own drawing does not show
  (wrapped to the widget's width, the text needs more rows than it has, or a
  line that does not wrap is wider than the widget), unless the widget scrolls
  with a scrollbar in sight;
- a widget *cut by its container*: part of it lies outside what its containers
  show (the screen's edge, a row of fixed height, a footer wider than the
  screen) while no container between them shows a scrollbar in that direction.
"""

from __future__ import annotations

import io
from collections import Counter

from rich.cells import cell_len
from rich.console import Console
from textual.content import Content
from textual.css.query import NoMatches
from textual.errors import NoWidget
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Input, OptionList, RichLog, Static

from florencia_tui.tui.widgets.common.lines import RowCache

#: Drawn by borders, rules and scrollbars, or by a cut itself: not text to lose.
_NOT_TEXT = {chr(c) for c in range(0x2500, 0x25A0)} | {"…"}


def _plain(renderable, width: int = 400) -> str:
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def text_of(w: Widget) -> str | None:
    """The text a widget has to show (None: it shows its children's, or
    scrolls its own and is looked at by :func:`_scrolls` instead)."""
    if isinstance(w, Static):
        visual = w.visual
        return visual.plain if isinstance(visual, Content) else _plain(w.content)
    if isinstance(w, RowCache):
        return "\n".join(row.plain for row in w.rows)
    if isinstance(w, Input):
        return w.value or w.placeholder
    if isinstance(w, OptionList):
        return "\n".join(str(w.get_option_at_index(i).prompt) for i in range(w.option_count))
    if isinstance(w, RichLog):
        return "\n".join(strip.text for strip in w.lines)
    if type(w).render is Widget.render:
        return None  # a container
    return _plain(w.render())


def _chars(text: str) -> Counter:
    return Counter(c for c in text if not c.isspace() and c not in _NOT_TEXT)


def _shown(w: Widget) -> bool:
    node = w
    while isinstance(node, Widget):
        if not node.display or not node.visible:
            return False
        node = node.parent
    return True


def _scrolls(w: Widget, vertical: bool) -> bool:
    """Does ``w`` show a scrollbar in this direction (so what it cuts can be reached)?"""
    if vertical:
        return w.show_vertical_scrollbar and w.styles.scrollbar_size_vertical > 0
    return w.show_horizontal_scrollbar and w.styles.scrollbar_size_horizontal > 0


def drawn(w: Widget) -> list[str]:
    """What the widget draws of itself at its size (border, padding, text), row by row."""
    width, height = w.outer_size
    if not width or not height:
        return []
    return [strip.text for strip in w.render_lines(Region(0, 0, width, height))]


def _outside(rows: list[str], region: Region, clip: Region) -> tuple[str, str]:
    """The characters of ``rows`` (drawn at ``region``) that fall outside ``clip``
    above or below it, and left or right of it."""
    vertical, horizontal = [], []
    for y, row in enumerate(rows):
        x = region.x
        for c in row:
            if not c.isspace() and c not in _NOT_TEXT:
                if not clip.y <= region.y + y < clip.bottom:
                    vertical.append(c)
                elif not clip.x <= x < clip.right:
                    horizontal.append(c)
            x += cell_len(c)
    return "".join(vertical), "".join(horizontal)


def problems(screen) -> list[str]:
    """What is wrong with how ``screen`` shows its widgets' text (empty list: nothing)."""
    out: list[str] = []
    for w in screen.query("*"):
        if not _shown(w):
            continue
        text = text_of(w)
        if text is None or not text.strip():
            continue
        try:
            geometry = screen.find_widget(w)
        except (NoWidget, NoMatches):
            continue
        name = f"{type(w).__name__}#{w.id}" if w.id else type(w).__name__
        size = w.size
        if not size.width or not size.height:
            out.append(f"{name}: empty box ({size.width}x{size.height}) for {text.strip()!r}")
            continue
        rows = drawn(w)
        if isinstance(w, Input):
            room = size.width - 1  # the cursor's cell
            if cell_len(text) > room:
                out.append(f"{name}: {text!r} is cut at {room} cells")
        elif not isinstance(w, (OptionList, RichLog)) and not (
            _scrolls(w, True) or _scrolls(w, False)
        ):
            lost = _chars(text) - _chars("\n".join(rows))
            if lost:
                out.append(
                    f"{name} ({size.width}x{size.height}) cuts"
                    f" {''.join(sorted(lost.elements()))!r} of {text.strip()!r}"
                )
        region, clip = geometry.region, geometry.clip
        if clip.contains_region(region):
            continue
        vertical, horizontal = _outside(rows, region, clip)
        ancestors = [a for a in w.ancestors if isinstance(a, Widget)]
        if vertical and not any(_scrolls(a, True) for a in ancestors):
            out.append(f"{name}: {vertical!r} drawn outside rows {clip.y}-{clip.bottom}")
        if horizontal and not any(_scrolls(a, False) for a in ancestors):
            out.append(f"{name}: {horizontal!r} drawn outside columns {clip.x}-{clip.right}")
    return out
