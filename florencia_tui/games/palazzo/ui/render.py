"""Rich renderables for Palazzo, drawn from a seat's view only.

Every colour is paired with a letter: a tile shows its id, the same notation
the menus, the log and the ``:`` prompt use (``S13`` = Sandstone, floor 1,
3 windows; B brick, M marble; a/b tell apart two copies); cards show their
currency name.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from florencia_tui.games.palazzo.data import tile
from florencia_tui.games.palazzo.scoring import palace_score
from florencia_tui.tui.widgets.common.text import plural

MATERIAL_STYLE = {
    "B": "bold white on dark_red",
    "S": "bold black on khaki1",
    "M": "bold black on grey82",
}
CURRENCY_STYLE = {
    "Red": "bold red",
    "Green": "bold green",
    "Blue": "bold blue",
    "C": "bold magenta",
}


LEGEND = "S13 = Sandstone, floor 1, 3 windows · F1 symbols"


def tile_text(tid: str) -> Text:
    """A tile in its notation (``S13``, ``B31a``) on its material's colour."""
    if tid.startswith("R") and tid[1:].isdigit():
        return Text("♞", style="bold yellow")
    mat, _floor, _windows = tile(tid)
    return Text(tid, style=MATERIAL_STYLE[mat])


def tiles_line(tids: list[str], empty: str = "—") -> Text:
    if not tids:
        return Text(empty, style="dim")
    t = Text()
    for i, tid in enumerate(tids):
        if i:
            t.append(" ")
        t.append_text(tile_text(tid))
    return t


def card_style(card: str) -> str:
    for cur in ("Red", "Green", "Blue"):
        if card.startswith(cur):
            return CURRENCY_STYLE[cur]
    return CURRENCY_STYLE["C"]


def cards_text(cards: list[str], empty: str = "—") -> Text:
    if not cards:
        return Text(empty, style="dim")
    t = Text()
    for i, c in enumerate(cards):
        if i:
            t.append(" ")
        t.append(c, style=card_style(c))
    return t


def hand_text(hand: list[str]) -> Text:
    """Cards grouped by currency with their values."""
    t = Text()
    for cur in ("Red", "Green", "Blue"):
        vals = [c[len(cur) :] for c in hand if c.startswith(cur)]
        t.append(f"{cur} ", style=CURRENCY_STYLE[cur])
        t.append(" ".join(vals) if vals else "—", style="" if vals else "dim")
        t.append("  ")
    certs = sum(1 for c in hand if c == "C2")
    t.append("C2 ", style=CURRENCY_STYLE["C"])
    t.append(f"×{certs}" if certs else "—", style="" if certs else "dim")
    return t


def quarry_cell(view: dict, q: int) -> Text:
    t = Text()
    if view["master"] == q:
        t.append("♜", style="bold cyan")
    t.append(f"Q{q} ", style="bold")
    t.append_text(tiles_line(view["quarries"][q]))
    return t


def supply_line(view: dict) -> Text:
    """The supply on a line of its own (never wrapped into the quarries' grid,
    where its tiles looked like a quarry's)."""
    t = Text(no_wrap=True, overflow="ellipsis")
    t.append(f"SUPPLY at {view['price']}:", style="bold reverse")
    t.append(" ")
    t.append_text(tiles_line(view["supply"], empty="(empty)"))
    return t


def market(view: dict) -> Group:
    stack = view["stack"]
    left = stack["left"]
    head = Text()
    head.append(f"Stack {stack['current']}", style="bold")
    head.append(f" · left I {left['I']} II {left['II']} III {left['III']}\n")
    r = view["riders"]
    head.append("Riders ")
    head.append("♞" * r, style="bold yellow")
    head.append("·" * (5 - r), style="dim")
    head.append(f" {r}/5 · ")
    head.append(f"deck {view['deck_count']} · discard {len(view['discard'])}", style="dim")

    grid = Table.grid(expand=True, padding=(0, 1))
    for _ in range(3):
        grid.add_column(ratio=1, justify="center")
    grid.add_row("", quarry_cell(view, 0), "")
    grid.add_row(quarry_cell(view, 3), "", quarry_cell(view, 1))
    grid.add_row("", quarry_cell(view, 2), "")

    legend = Text(LEGEND, style="dim")
    parts: list = [head, supply_line(view), grid, legend]
    parts.extend(event_lines(view))
    return Group(*parts)


def event_lines(view: dict) -> list[Text]:
    names = view["names"]
    out: list[Text] = []
    if view.get("revealed"):
        t = Text("Revealed money: ", style="bold")
        t.append_text(cards_text(view["revealed"]))
        out.append(t)
    a = view.get("auction")
    if a:
        t = Text(f"Auction of Q{a['quarry']} ", style="bold")
        t.append_text(tiles_line(a["tiles"]))
        t.append(f"  high {a['high_total']} ({names[a['high_seat']]})", style="bold")
        out.append(t)
        bids = Text()
        for seat_s, bid in sorted(a["bids"].items(), key=lambda kv: int(kv[0])):
            seat = int(seat_s)
            if seat in a["passed"]:
                bids.append(f"{names[seat]} passed  ", style="dim")
                continue
            if not bid["cards"]:
                continue
            bids.append(f"{names[seat]} ")
            bids.append(f"{bid['total']} ", style="bold")
            bids.append_text(cards_text(bid["cards"], empty=""))
            if bid.get("currency"):
                bids.append(f" [{bid['currency']}]", style="dim")
            bids.append("  ")
        out.append(bids)
    h = view.get("handout")
    if h:
        t = Text(f"4+ tiles in Q{h['quarry']}: each player takes one ", style="bold")
        t.append_text(tiles_line(h["tiles"]))
        out.append(t)
    if view.get("last"):
        out.append(Text(view["last"], style="italic dim"))
    return out


def palaces_grid(palaces: list[list[str]]) -> Table | Text:
    """Palaces as vertical stacks, floor 5 at the top, with each palace's score."""
    if not palaces:
        return Text("no palaces yet", style="dim")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", style="dim")
    for _ in palaces:
        grid.add_column(justify="center")
    for floor in range(5, 0, -1):
        row: list = [str(floor)]
        for p in palaces:
            at = [t for t in p if tile(t)[1] == floor]
            row.append(tile_text(at[0]) if at else Text("·", style="dim"))
        grid.add_row(*row)
    grid.add_row("", *[Text(f"P{i + 1}", style="bold") for i in range(len(palaces))])
    grid.add_row("VP", *[Text(f"{palace_score(p):+d}") for p in palaces])
    return grid


def player_block(view: dict, seat: int) -> Group:
    p = view["players"][seat]
    me = view.get("seat") == seat
    head = Text()
    head.append(p["name"], style="bold underline" if me else "bold")
    if me:
        head.append(" (you)")
    head.append(f" · {p['score']} VP · {plural(p['hand_count'], 'card')}")
    parts: list = [head, palaces_grid(p["palaces"])]
    if me and p.get("hand") is not None:
        h = Text("Hand: ", style="bold")
        h.append_text(hand_text(p["hand"]))
        if p.get("max_payment") is not None:
            h.append(f"  max pay {p['max_payment']}", style="dim")
        parts.append(h)
    return Group(*parts)


def own_text(view: dict) -> Text | None:
    """The viewer's strip: score, largest payment and palaces, then the hand on
    a line of its own, so a large hand wraps on among its cards rather than
    pushing "max pay" onto a line alone (issue 29)."""
    seat = view.get("seat")
    if seat is None:
        return None
    p = view["players"][seat]
    t = Text()
    t.append(f"You ({p['name']}) {p['score']} VP", style="bold")
    if p.get("hand") is not None and p.get("max_payment") is not None:
        t.append(f" · max pay {p['max_payment']}", style="dim")
    t.append(" · Palaces: ", style="bold")
    if not p["palaces"]:
        t.append("none yet", style="dim")
    for i, palace in enumerate(p["palaces"]):
        if i:
            t.append("  ")
        t.append(f"P{i + 1} ", style="bold")
        t.append_text(tiles_line(palace))
        t.append(f" {palace_score(palace):+d}", style="dim")
    if p.get("hand") is not None:
        t.append("\nHand: ", style="bold")
        t.append_text(hand_text(p["hand"]))
    return t
