"""What a screen shows a person, as comparable data: the frame as an SVG
screenshot (every visible character and colour) plus the full text of every
widget, including what is scrolled out of sight."""

from __future__ import annotations

import html
import io
import re

from rich.console import Console
from textual.containers import ScrollableContainer
from textual.widget import Widget
from textual.widgets import Input, OptionList, RichLog, Static


def _plain(renderable) -> str:
    console = Console(width=160, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def widget_text(w: Widget) -> str | None:
    if isinstance(w, Static):
        return _plain(w.content)
    if isinstance(w, OptionList):
        return "\n".join(str(w.get_option_at_index(i).prompt) for i in range(w.option_count))
    if isinstance(w, RichLog):
        return "\n".join(strip.text for strip in w.lines)
    if isinstance(w, Input):
        return f"{w.value}|{w.placeholder}"
    if isinstance(w, ScrollableContainer) or type(w).render is Widget.render:
        return None  # a container: its children are read instead
    return _plain(w.render())


def screen_text(screen) -> str:
    """Every widget's text in the screen's order, one block each."""
    parts = []
    for w in screen.query("*"):
        text = widget_text(w)
        if text is not None and w.display:
            parts.append(f"[{type(w).__name__}#{w.id}]\n{text}")
    return "\n".join(parts)


def svg_text(svg: str) -> str:
    """The characters of an SVG screenshot, row by row (for failure messages)."""
    rows = re.findall(r"<text [^>]*>([^<]*)</text>", svg)
    return html.unescape("".join(rows)).replace("\xa0", " ")


def seen(app) -> tuple[str, str]:
    """(screenshot, full widget text) of the app's current screen."""
    return app.export_screenshot(), screen_text(app.screen)
