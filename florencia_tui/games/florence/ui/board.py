"""The Princes of Florence board: one principality large, the others small.

``[`` / ``]`` change the player in focus (from the prompt panel, or here once
Tab has focused the board). A placement panel draws its piece on the focused
grid with :meth:`FlorenceBoard.set_ghost`.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from florencia_tui.games.florence.ui import render
from florencia_tui.tui.adapter import BoardWidget
from florencia_tui.tui.widgets.common.quiet import set_content


class FlorenceBoard(BoardWidget):
    DEFAULT_CSS = """
    FlorenceBoard { height: 1fr; }
    FlorenceBoard > VerticalScroll { height: 1fr; }
    FlorenceBoard Static { height: auto; padding: 0 1; }
    FlorenceBoard #fl-focus { padding: 0 1 0 0; }
    FlorenceBoard #fl-others { padding: 1 1 0 1; }
    /* The same rows in every phase (round, the auction piles, the auction or
       the action turn), so the principality under it never moves: over SSH a
       grid moved up two rows at a phase change was every row of it sent again. */
    FlorenceBoard #fl-head { min-height: 4; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.view: dict | None = None
        self.focus_seat: int | None = None
        self._viewer: object = "unset"
        self.ghost: render.Ghost | None = None
        self.ghost_seat: int | None = None
        self._shape: tuple[int, bool] | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="fl-scroll"):
            yield Static(id="fl-head")
            yield Static(id="fl-focus")
            yield Static(id="fl-hand")
            yield Static(id="fl-track")
            yield Static(id="fl-others")
            yield Static(id="fl-legend")

    # ----- what the screen and panels call ---------------------------------------
    def show(self, view: dict) -> None:
        seat = view.get("seat")
        if (
            seat != self._viewer
            or self.focus_seat is None
            or self.focus_seat >= len(view["players"])
        ):
            self._viewer = seat
            self.focus_seat = seat if seat is not None else (view.get("to_act") or [0])[0]
        self.view = view
        self.ghost = None  # a new prompt panel sets its own piece
        self.redraw()

    def back(self) -> bool:
        """Esc: from another player's principality back to the viewer's own
        (True), or nothing to step back from here (False)."""
        seat = self.view.get("seat") if self.view is not None else None
        if seat is None or self.focus_seat == seat:
            return False
        self.focus_seat = seat
        self.redraw()
        self.query_one("#fl-scroll", VerticalScroll).scroll_home(animate=False)
        return True

    def cycle(self, step: int) -> None:
        if self.view is None:
            return
        n = len(self.view["players"])
        self.focus_seat = ((self.focus_seat or 0) + step) % n
        self.redraw()
        self.query_one("#fl-scroll", VerticalScroll).scroll_home(animate=False)

    def set_ghost(self, seat: int, ghost: render.Ghost | None) -> None:
        moved = self.focus_seat != seat
        self.focus_seat = seat
        self.ghost, self.ghost_seat = ghost, seat
        if moved:
            self.redraw()
        else:
            self.redraw_focus()  # only the grid changes while a piece moves
        if moved or ghost is not None:
            self.query_one("#fl-focus", Static).scroll_visible(animate=False)

    # ----- keys when the board itself has focus ---------------------------------------
    def on_key(self, event) -> None:
        if event.character in ("[", "]"):
            event.stop()
            self.cycle(-1 if event.character == "[" else 1)

    def on_resize(self, event) -> None:
        # What is drawn depends on the width and the large/small grid only; a
        # panel growing by a line must not redraw (and lay out) the board again.
        shape = (self.size.width, self.large)
        if shape != self._shape:
            self._shape = shape
            self.redraw()

    # ----- drawing ----------------------------------------------------------------
    def redraw_focus(self) -> None:
        """The focused principality, large, with its holdings beside it."""
        view = self.view
        if view is None or not self.is_mounted:
            return
        seat = self.focus_seat if self.focus_seat is not None else 0
        pv = view["players"][seat]
        ghost = self.ghost if self.ghost_seat == seat else None
        grid = render.principality(pv, large=self.large, ghost=ghost)
        side = render.info(view, pv)
        set_content(self.query_one("#fl-focus", Static), render.side_by_side([grid, side], gap=1))

    @property
    def large(self) -> bool:
        return self.size.width >= 72 and self.size.height >= 24

    def redraw(self) -> None:
        view = self.view
        if view is None or not self.is_mounted:
            return
        players = view["players"]
        seat = self.focus_seat if self.focus_seat is not None else 0
        pv = players[seat]
        # The piles with this round's buyers stay in the head in every phase.
        parts = [render.round_line(view), render.piles(view), render.auction_line(view)]
        set_content(self.query_one("#fl-head", Static), Group(*parts))

        self.redraw_focus()
        set_content(self.query_one("#fl-hand", Static), render.hand_block(view, pv))
        set_content(
            self.query_one("#fl-track", Static),
            render.fame_track(view, max(20, self.size.width - 2)),
        )

        others = [i for i in range(len(players)) if i != seat]
        per_row = max(1, (self.size.width - 2) // 16) if self.size.width else 3
        rows = []
        for k in range(0, len(others), per_row):
            chunk = [render.small_principality(players[i]) for i in others[k : k + per_row]]
            rows.append(render.side_by_side(chunk, gap=2, widths=[14] * len(chunk)))
        set_content(
            self.query_one("#fl-others", Static),
            Group(Text("Other principalities ([ ] to enlarge)", style="bold"), *rows),
        )
        set_content(self.query_one("#fl-legend", Static), Text(render.LEGEND, style="dim"))
