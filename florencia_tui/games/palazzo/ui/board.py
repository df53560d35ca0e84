"""The Palazzo board: quarries around the master builder, then every player's palaces."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from florencia_tui.games.palazzo.ui import render
from florencia_tui.tui.adapter import BoardWidget


class PalazzoBoard(BoardWidget):
    DEFAULT_CSS = """
    PalazzoBoard { height: 1fr; }
    PalazzoBoard > VerticalScroll { height: 1fr; }
    PalazzoBoard .pz-market { height: auto; padding: 0 1; }
    PalazzoBoard .pz-player { height: auto; padding: 1 1 0 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self._seats = 0

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(classes="pz-market", id="pz-market")

    def show(self, view: dict) -> None:
        self.query_one("#pz-market", Static).update(render.market(view))
        scroll = self.query_one(VerticalScroll)
        n = len(view["players"])
        if self._seats != n:
            for i in range(n):
                scroll.mount(Static(classes="pz-player", id=f"pz-player-{i}"))
            self._seats = n
        # The viewer's own palaces first, then the others in seat order.
        me = view.get("seat")
        order = ([me] if me is not None else []) + [i for i in range(n) if i != me]
        for slot, seat in enumerate(order):
            self.query_one(f"#pz-player-{slot}", Static).update(render.player_block(view, seat))
