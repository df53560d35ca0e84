"""Send a networked player only the cells that changed on their screen.

Textual repaints whole widget regions: a typed character redraws the command
line's three rows, an action the status line, board, side panel, log and
prompt, most of whose cells are what the terminal already shows. Over SSH
every repainted cell costs bytes (about 40 escape bytes wherever the colour
changes, in truecolor). :class:`ScreenDiff` keeps what the terminal shows (a
character and a style per cell) and turns each update the compositor hands to
the driver into the changed runs of cells only, with a cursor move before
each run. The terminal ends up showing exactly what the full update would
have drawn (``tests/net/test_wire.py`` checks this cell by cell with a
terminal emulator); only the bytes differ.

The shadow starts unknown (the first frame is drawn whole) and is forgotten
when the screen's size changes (a terminal may reflow its contents on resize).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from rich.cells import get_character_cell_size
from rich.color import ColorSystem
from rich.console import COLOR_SYSTEMS
from rich.segment import Segment, Segments
from rich.style import Style
from textual._compositor import ChopsUpdate, CompositorUpdate, LayoutUpdate
from textual.strip import SGR_STYLES, Strip

#: Two changed runs on a line closer than this many cells are sent as one: a
#: cursor move costs about 8 bytes, an unchanged cell of the same style 1.
GAP = 6
#: The second half of a double-width character.
WIDE = object()
#: The terminal's default rendition (no attribute, default colours), as an
#: :func:`sgr` key: (attribute codes, foreground codes, background codes).
PLAIN = ("", "", "")


@lru_cache(maxsize=16384)
def sgr(style: Style | None, color_system: ColorSystem) -> tuple[str, str, str]:
    """A style's SGR codes in three parts: attributes, foreground, background
    (the same codes Textual's ``Strip.render_ansi`` joins into one)."""
    if style is None:
        return PLAIN
    attributes = style._attributes & style._set_attributes
    attrs = ";".join(
        SGR_STYLES[bit] for bit in range(attributes.bit_length()) if attributes & (1 << bit)
    )
    fg = ";".join(style._color.downgrade(color_system).get_ansi_codes()) if style._color else ""
    bg = (
        ";".join(style._bgcolor.downgrade(color_system).get_ansi_codes(False))
        if style._bgcolor
        else ""
    )
    return attrs, fg, bg


@lru_cache(maxsize=16384)
def transition(now: tuple[str, str, str], new: tuple[str, str, str]) -> str:
    """The SGR sequence that takes the terminal from rendition ``now`` to ``new``:
    nothing if they are the same, the added attributes and the colours that
    differ if no attribute goes off, else a reset and the whole of ``new``. Only codes every
    terminal has (0, the attributes Rich writes, 39/49 and the colours)."""
    if now == new:
        return ""
    if new == PLAIN:
        return "\x1b[0m"
    if now[0] == new[0] or not now[0]:  # no attribute to turn off
        codes = [new[0]] if new[0] != now[0] else []
        codes += [new[i] or ("39", "49")[i - 1] for i in (1, 2) if now[i] != new[i]]
    else:
        codes = ["0", *(part for part in new if part)]
    return f"\x1b[{';'.join(codes)}m"


class DiffUpdate(CompositorUpdate):
    """A compositor update already reduced to terminal bytes (the changed runs)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __rich_console__(self, console, options):  # pragma: no cover - never printed
        yield Segments([Segment(self.text)])

    def render_segments(self, console) -> str:
        return self.text


class ScreenDiff:
    """What the terminal shows, cell by cell, and the bytes that change it."""

    def __init__(self) -> None:
        self.size: tuple[int, int] = (0, 0)
        self.rows: list[list[tuple[str | object, Style | None] | None]] = []

    def reset(self, width: int, height: int) -> None:
        self.size = (width, height)
        self.rows = [[None] * width for _ in range(height)]

    # ----- the pieces an update paints ------------------------------------------
    @staticmethod
    def pieces(update: CompositorUpdate) -> Iterator[tuple[int, int, Strip]]:
        """(y, x, strip) for every piece of line the update would draw (the
        same pieces, cropped the same way, as Textual's own ``render_segments``)."""
        if isinstance(update, ChopsUpdate):
            for y, x1, x2 in update.spans:
                line, ends = update.chops[y], update.chop_ends[y]
                for end, (x, strip) in zip(ends, line.items()):
                    if strip is None or x > x2 or end <= x1:
                        continue
                    if not (x2 > x >= x1 and end <= x2):
                        strip = strip.crop(0, min(end, x2) - x)
                    yield y, x, strip
        elif isinstance(update, LayoutUpdate):
            for y, line in enumerate(update.strips, update.region.y):
                x = update.region.x
                for strip in line:
                    yield y, x, strip
                    x += strip.cell_length
        else:
            raise TypeError(f"cannot diff {type(update).__name__}")

    @staticmethod
    def cells(strip: Strip) -> list[tuple[str | object, Style | None]]:
        out: list[tuple[str | object, Style | None]] = []
        for text, style, control in strip:
            if control:
                continue
            for ch in text:
                width = get_character_cell_size(ch)
                if width == 1:
                    out.append((ch, style))
                elif width == 2:
                    out.append((ch, style))
                    out.append((WIDE, style))
                elif out:  # a combining character joins the cell before it
                    prev, pstyle = out[-1]
                    if prev is WIDE:
                        wide, wstyle = out[-2]
                        out[-2] = (wide + ch, wstyle)
                    else:
                        out[-1] = (prev + ch, pstyle)
        return out

    # ----- the diff ---------------------------------------------------------------
    def diff(
        self, update: CompositorUpdate, width: int, height: int, color_system: ColorSystem
    ) -> str:
        """The bytes that make the terminal show what ``update`` paints, given
        what it shows now; the shadow then holds the new screen."""
        if (width, height) != self.size:
            self.reset(width, height)
        out: list[str] = []
        # The rendition the terminal is in while this update's bytes are written:
        # a run changes only what differs from it (a cursor move keeps it), where
        # Textual writes every segment's whole SGR and a reset after it.
        now = PLAIN
        for y, x0, strip in self.pieces(update):
            if not 0 <= y < height:
                continue
            row = self.rows[y]
            new = self.cells(strip)[: max(0, width - x0)]
            changed = [i for i, cell in enumerate(new) if row[x0 + i] != cell]
            if not changed:
                continue
            row[x0 : x0 + len(new)] = new
            runs: list[list[int]] = []
            for i in changed:
                if runs and i - runs[-1][1] <= GAP:
                    runs[-1][1] = i + 1
                else:
                    runs.append([i, i + 1])
            for start, end in runs:
                if new[start][0] is WIDE and start > 0:  # never half a wide character
                    start -= 1
                if end < len(new) and new[end][0] is WIDE:
                    end += 1
                out.append(f"\x1b[{y + 1};{x0 + start + 1}H")
                text: list[str] = []
                style = new[start][1]
                for ch, cell_style in new[start:end]:
                    if cell_style != style:
                        now = self._emit(out, now, style, "".join(text), color_system)
                        text, style = [], cell_style
                    if ch is not WIDE:
                        text.append(ch)
                now = self._emit(out, now, style, "".join(text), color_system)
        if now != PLAIN:  # leave the terminal as Textual's own output does
            out.append("\x1b[0m")
        return "".join(out)

    def known(self) -> bool:
        """Whether the shadow knows every cell (a whole frame has been drawn)."""
        return bool(self.rows) and all(cell is not None for row in self.rows for cell in row)

    def repaint(self, color_system: ColorSystem) -> str:
        """The bytes that draw the whole screen the shadow holds, on a terminal
        showing anything (a spectator who starts following a shared view)."""
        out: list[str] = []
        now = PLAIN
        for y, row in enumerate(self.rows):
            out.append(f"\x1b[{y + 1};1H")
            text: list[str] = []
            style = None
            for cell in row:
                ch, cell_style = cell if cell is not None else (" ", None)
                if ch is WIDE:
                    continue
                if cell_style != style:
                    now = self._emit(out, now, style, "".join(text), color_system)
                    text, style = [], cell_style
                text.append(ch)
            now = self._emit(out, now, style, "".join(text), color_system)
        if now != PLAIN:
            out.append("\x1b[0m")
        return "".join(out)

    @staticmethod
    def _emit(
        out: list[str],
        now: tuple[str, str, str],
        style: Style | None,
        text: str,
        color_system: ColorSystem,
    ) -> tuple[str, str, str]:
        """Append ``text`` in ``style`` to ``out``, given the terminal's rendition
        ``now``; the rendition after it."""
        if not text:
            return now
        if style is not None and style._link:  # a hyperlink: Textual's own bytes
            out.append(transition(now, PLAIN))
            out.append(Strip.render_style(style, text, color_system))
            return PLAIN
        new = sgr(style, color_system)
        out.append(transition(now, new))
        out.append(text)
        return new


class DiffingDisplay:
    """App mixin: every compositor update reaches the driver as a :class:`ScreenDiff`
    of what changed; an update that changes nothing (and leaves the cursor where
    it was) writes nothing at all."""

    def _display(self, screen, renderable) -> None:  # Textual's hook to the driver
        if isinstance(renderable, (ChopsUpdate, LayoutUpdate)) and not self._batch_count:
            shadow = getattr(self, "_screen_diff", None)
            if shadow is None:
                shadow = self._screen_diff = ScreenDiff()
            size = self.screen.outer_size if self.screen_stack else self.size
            color_system = COLOR_SYSTEMS.get(self.console.color_system or "", ColorSystem.TRUECOLOR)
            text = shadow.diff(renderable, size.width, size.height, color_system)
            cursor = getattr(self, "cursor_position", None)
            if not text and cursor == getattr(self, "_diff_cursor", None):
                return
            self._diff_cursor = cursor
            renderable = DiffUpdate(text)
        super()._display(screen, renderable)
        self.frame_written()

    def frame_written(self) -> None:
        """Called after every frame reached the driver (net/client.py's NetApp
        times its own frames and writes a shared view's whole screen here)."""
