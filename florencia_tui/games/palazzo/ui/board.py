"""The Palazzo board: quarries around the master builder, then every player's palaces."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from florencia_tui.games.palazzo.ui import render
from florencia_tui.tui.adapter import BoardWidget
from florencia_tui.tui.widgets.common.quiet import set_content

#: The parts of a view the market (``render.market``) draws.
MARKET_KEYS = (
    "stack",
    "riders",
    "deck_count",
    "discard",
    "master",
    "quarries",
    "price",
    "supply",
    "revealed",
    "auction",
    "handout",
    "last",
    "names",
)


def market_key(view: dict) -> str:
    """What the market shows: equal keys draw the same cells."""
    return repr(tuple(view.get(k) for k in MARKET_KEYS))


def player_key(view: dict, seat: int) -> str:
    """What ``render.player_block(view, seat)`` shows."""
    return repr((view["players"][seat], view.get("seat") == seat))


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
        # Each Static's key (market_key / player_key) as last drawn: a part whose
        # key is unchanged is left alone. Every action used to rebuild all five
        # Rich tables and lay the screen out again for each (issue 17: a
        # spectator redraws after every action; most change one or two parts).
        self._keys: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(classes="pz-market", id="pz-market")

    def show(self, view: dict) -> None:
        self._set("pz-market", market_key(view), lambda: render.market(view))
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
            self._set(
                f"pz-player-{slot}",
                player_key(view, seat),
                lambda s=seat: render.player_block(view, s),
            )

    def _set(self, sid: str, key: str, make) -> None:
        if self._keys.get(sid) == key:
            return
        self._keys[sid] = key
        set_content(self.query_one(f"#{sid}", Static), make())
