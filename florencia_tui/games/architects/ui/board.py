"""The Architects board: the town, the market rows, the Guildhall and Cathedral, the
virtue track, then every player's tableau (the viewer's first), in one scroll.

At 80x24 the sections stack (about 48 columns each); from 100 columns on,
pairs of sections stand side by side. When a new kind of decision comes up the
board scrolls to the section it is about (apprentices for hiring, the hand for
building), once, so the player's own scrolling is never fought. The draft
opens on the board's top: the cards to choose from are the decision's own rows
and the strip under the board lists the ones kept (in a browser the board
scrolled down to the draft hid its top, issue 29).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from florencia_tui.games.architects.ui import render
from florencia_tui.tui.adapter import BoardWidget
from florencia_tui.tui.widgets.common.quiet import set_content

FOCUS = {
    "architects.workshop": "ar-market",
    "architects.market_mid": "ar-market",
    "architects.tavern": "ar-market",
    "architects.freehire": "ar-market",
    "architects.graveyard": "ar-you",
    "architects.guildhall": "ar-you",
    "architects.pay": "ar-you",
    "architects.cath_discard": "ar-you",
    "architects.library": "ar-you",
    "architects.handlimit": "ar-you",
    "architects.capture": "ar-town",
    "architects.place": "ar-town",
    "architects.storehouse": "ar-you",
    "architects.guardhouse": "ar-you",
}


class ArchitectsBoard(BoardWidget):
    DEFAULT_CSS = """
    ArchitectsBoard { height: 1fr; }
    ArchitectsBoard > VerticalScroll { height: 1fr; }
    ArchitectsBoard .ar-section { height: auto; padding: 0 1 1 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self._view: dict | None = None
        self._seats = 0
        self._focus_key: tuple | None = None
        self._keys: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="ar-scroll"):
            for sid in ("ar-town", "ar-market", "ar-guild", "ar-you"):
                yield Static(classes="ar-section", id=sid)

    def on_resize(self) -> None:
        if self._view is not None:
            self._draw(self._view)

    def show(self, view: dict) -> None:
        self._view = view
        self._draw(view)
        self._follow_prompt(view)

    # ----- drawing ----------------------------------------------------------------
    def _draw(self, view: dict) -> None:
        """Redraw the sections whose part of the view changed (unchanged ones
        are left alone; a changed one lays the screen out again only when its
        height changes: set_content)."""
        width = self.size.width - 3  # padding and the scrollbar
        n = len(view["players"])
        me = view.get("seat")
        who = (view["names"], [p.get("board") for p in view["players"]], me, width)
        keys = {
            "town": repr(
                (who, view["locations"], view["prison"], view["tax_stand"], view.get("yields"))
            ),
            "goods": repr(
                (who, view["black_market"], view["apprentice_rows"], view["apprentice_deck"])
            ),
            "halls": repr((who, view["guildhall"], view["cathedral"], view["virtue_track"])),
        }
        town, goods = render.town(view), render.goods(view)
        top, virtue = render.halls_parts(view)
        halls = render.stack(top, virtue)
        if render.fits(width, town, goods):
            wide_halls = render.fits(width, top, virtue)
            self._set(
                "ar-town", keys["town"] + keys["goods"], lambda: render.side_by_side(town, goods)
            )
            self._set(
                "ar-market",
                keys["halls"] + str(wide_halls),
                lambda: render.side_by_side(top, virtue) if wide_halls else halls,
            )
            self._set("ar-guild", "", lambda: "")
            self.query_one("#ar-guild").display = False
        else:
            self._set("ar-town", keys["town"], lambda: town)
            self._set("ar-market", keys["goods"], lambda: goods)
            self._set("ar-guild", keys["halls"], lambda: halls)
            self.query_one("#ar-guild").display = True
        scroll = self.query_one("#ar-scroll", VerticalScroll)
        if self._seats != n:
            for i in range(1, n):
                scroll.mount(Static(classes="ar-section", id=f"ar-other-{i}"))
            self._seats = n
        order = ([me] if me is not None else []) + [i for i in range(n) if i != me]
        for slot, seat in enumerate(order):
            sid = "ar-you" if slot == 0 else f"ar-other-{slot}"
            key = repr(
                (
                    who,
                    seat,
                    view["players"][seat],
                    [p["captives"][seat] for p in view["players"]],
                    (view.get("yields") or {}).get("guildhall"),
                    view.get("draft"),
                )
            )
            if slot == 0:
                self._set(sid, key, lambda s=seat: render.tableau_with_draft(view, s))
            else:
                self._set(sid, key, lambda s=seat: render.tableau(view, s))

    def _set(self, sid: str, key: str, make) -> None:
        if self._keys.get(sid) == key:
            return
        self._keys[sid] = key
        set_content(self.query_one(f"#{sid}", Static), make())

    def _follow_prompt(self, view: dict) -> None:
        me = view.get("seat")
        pr = (view.get("prompts") or {}).get(str(me)) if me is not None else None
        kind = pr["kind"] if pr else None
        key = (me, kind)
        if key == self._focus_key:
            return
        self._focus_key = key
        target = FOCUS.get(kind or "")
        if target:
            self.call_after_refresh(self._scroll_to_section, target)

    def _scroll_to_section(self, sid: str) -> None:
        scroll = self.query_one("#ar-scroll", VerticalScroll)
        if sid == "ar-town":
            scroll.scroll_home(animate=False)
        else:
            scroll.scroll_to_widget(self.query_one(f"#{sid}"), animate=False, top=True)

    def scroll_page(self, direction: int) -> None:
        """Scroll by a page (the prompt panels send PgUp/PgDn here)."""
        scroll = self.query_one("#ar-scroll", VerticalScroll)
        if direction < 0:
            scroll.scroll_page_up(animate=False)
        else:
            scroll.scroll_page_down(animate=False)
