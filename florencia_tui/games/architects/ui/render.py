"""Rich renderables for Architects of the West Kingdom, drawn from a seat's view only.

Every player has a colour and a letter (the initial of the name, or the seat
number when two names share one), so colour is never the only cue. Resources
are written as words or as letters with a legend: $ silver, c clay, w wood,
s stone, g gold, m marble, v virtue. Lines stay within 48 columns so the
board reads at 80x24; larger screens put sections side by side.
"""

from __future__ import annotations

from rich.console import Console, Group
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from florencia_tui.games.architects import data as D
from florencia_tui.tui.widgets.common.text import fit, plural

SEAT_COLOURS = ["Blue", "Red", "Green", "Yellow", "Purple"]
COLOUR_STYLE = {
    "Blue": "bold white on blue3",
    "Red": "bold white on red3",
    "Green": "bold black on green3",
    "Yellow": "bold black on yellow3",
    "Purple": "bold white on purple4",
}
RES_ORDER = ["silver", "clay", "wood", "stone", "gold", "marble"]
RES_LETTER = {
    "silver": "$",
    "clay": "c",
    "wood": "w",
    "stone": "s",
    "gold": "g",
    "marble": "m",
    "virtue": "v",
}
RES_STYLE = {
    "silver": "bold bright_white",
    "clay": "dark_orange3",
    "wood": "green3",
    "stone": "grey62",
    "gold": "bold yellow",
    "marble": "bold magenta",
    "virtue": "bold cyan",
}
SKILL_STYLE = {"C": "bold dark_orange3", "T": "bold red", "M": "bold steel_blue1"}
TOWN = [
    ("quarry", "Quarry"),
    ("forest", "Forest"),
    ("mines", "Mines"),
    ("silversmith", "Silversmith"),
    ("storehouse", "Storehouse"),
    ("workshop", "Workshop"),
    ("towncentre", "Town Centre"),
    ("taxstand", "Tax Stand"),
    ("guardhouse", "Guardhouse"),
]
MARKET_SIDES = ["left", "middle", "right"]
LEGEND = "$ silver c clay w wood s stone g gold m marble"


# ----- players ----------------------------------------------------------------------
def colour(view: dict, seat: int) -> str:
    board = view["players"][seat].get("board")
    if board and board in D.BOARDS:
        return D.BOARDS[board]["colour"]
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def letters(view: dict) -> list[str]:
    """One letter per seat: name initials when they differ, else seat numbers."""
    initials = [(n[:1] or "?").upper() for n in view["names"]]
    if len(set(initials)) == len(initials) and all(c.isalpha() for c in initials):
        return initials
    return [str(i + 1) for i in range(len(initials))]


def chip(view: dict, seat: int | None, width: int = 1) -> Text:
    if seat is None:
        return Text("·".ljust(width), style="dim")
    return Text(letters(view)[seat].ljust(width), style=COLOUR_STYLE[colour(view, seat)])


def name_chip(view: dict, seat: int, width: int = 0) -> Text:
    t = chip(view, seat)
    t.append(" ")
    name = view["names"][seat]
    t.append(fit(name, width) if width else name)
    return t


# ----- resources --------------------------------------------------------------------
def res(r: str, k: int | str, word: bool = False, sign: bool = False) -> Text:
    """'3 stone' (word) or '3s' in the resource's colour."""
    num = f"{k:+d}" if sign and isinstance(k, int) else str(k)
    if word:
        return Text(f"{num} {r}", style=RES_STYLE.get(r, ""))
    return Text(f"{num}{RES_LETTER.get(r, r)}", style=RES_STYLE.get(r, ""))


def gains_text(gains: dict, word: bool = True, sign: bool = True, sep: str = " ") -> Text:
    t = Text()
    for i, (r, k) in enumerate((r, k) for r, k in gains.items() if k):
        if i:
            t.append(sep)
        if r == "building":
            t.append(f"{'+' if sign else ''}{k} building card{'s' if k != 1 else ''}")
        else:
            t.append_text(res(r, k, word=word, sign=sign))
    return t


def cost_text(cost: dict) -> Text:
    """A building or Cathedral cost in letters, e.g. 'c2 w4 g1' ('ws' = wood/stone)."""
    t = Text()
    for i, (r, k) in enumerate(cost.items()):
        if i:
            t.append(" ")
        if r == "ws":
            t.append(f"{k}w/s", style=RES_STYLE["wood"])
        else:
            t.append(f"{RES_LETTER[r]}{k}", style=RES_STYLE[r])
    return t


def skills_text(skills: str, width: int = 0) -> Text:
    t = Text()
    for c in skills:
        t.append(c, style=SKILL_STYLE.get(c, ""))
    if width:
        t.append(" " * max(0, width - len(skills)))
    return t


def purse(p: dict, word: bool = False) -> Text:
    t = Text()
    for i, r in enumerate(RES_ORDER):
        if i:
            t.append(" ")
        if word:
            t.append_text(
                res(r, p[r], word=True)
                if r != "silver"
                else Text(f"{p[r]} silver", style=RES_STYLE[r])
            )
        else:
            t.append_text(Text(f"${p[r]}", style=RES_STYLE[r]) if r == "silver" else res(r, p[r]))
    return t


# ----- the town ---------------------------------------------------------------------
def yield_summary(view: dict, loc: str) -> Text:
    """What the viewer's next worker there would bring (short, for the grid)."""
    y = view.get("yields")
    if not y:
        return Text("")
    if loc in ("quarry", "forest", "silversmith"):
        return gains_text(y[loc])
    if loc == "mines":
        t = gains_text({"clay": y["mines clay"]["clay"]})
        gold = y["mines gold"]["gold"]
        if gold:
            t.append(" or ")
            t.append_text(gains_text({"gold": gold}))
        return t
    if loc == "storehouse":
        return Text(plural(y[loc]["actions"], "trade"))
    if loc == "workshop":
        w = y[loc]
        return Text(f"hire (col≤{w['hire_columns']}) or draw {w['draw']}")
    if loc == "towncentre":
        return Text(plural(y[loc]["captures"], "capture"))
    if loc == "taxstand":
        if not y[loc]["silver"]:
            return Text("empty", style="dim")
        t = gains_text({"silver": y[loc]["silver"], "gold": y[loc]["gold"]})
        t.append(" ")
        t.append_text(res("virtue", y[loc]["virtue"], word=True, sign=True))
        return t
    if loc == "guardhouse":
        return Text(plural(y[loc]["actions"], "action"))
    return Text("")


def town(view: dict) -> Text:
    n = len(view["names"])
    me = view.get("seat")
    t = Text()
    t.append(f"{'Workers':<12}", style="bold")
    for seat in range(n):
        t.append(" ")
        t.append_text(chip(view, seat))
        t.append(" ")
    t.append(" you get" if view.get("yields") else "", style="bold")
    t.append("\n")
    for loc, name in TOWN:
        t.append(f"{name:<12}", style="bold" if loc in ("taxstand",) else "")
        for seat, k in enumerate(view["locations"][loc]):
            style = "bold" if seat == me else ""
            t.append(f"{k:>2} " if k else " · ", style=style if k else "dim")
        t.append(" ")
        t.append_text(yield_summary(view, loc))
        t.append("\n")
    t.append(f"{'Prison':<12}")
    for _seat, k in enumerate(view["prison"]):
        t.append(f"{k:>2} " if k else " · ", style="bold red" if k >= 3 else ("" if k else "dim"))
    t.append(" 3+ lose virtue", style="dim")
    t.append("\n")
    t.append(f"Tax Stand holds {view['tax_stand']} silver", style="bold")
    t.append("\n")
    t.append(LEGEND, style="dim")
    return t


def market(view: dict) -> Text:
    bm = view["black_market"]
    t = Text()
    t.append("Black Market", style="bold")
    t.append(" (virtue ≤9, −1 virtue)", style="dim")
    for i in range(3):
        t.append("\n ")
        seat = bm["spaces"][i]
        t.append_text(chip(view, seat) if seat is not None else Text("·", style="dim"))
        t.append(f" {bm['costs'][i]}$ {MARKET_SIDES[i]:<6} ")
        if i == 1:
            t.append("hire any, or draw 5 keep 1")
        else:
            t.append_text(gains_text(bm["small" if i == 0 else "large"]))
    return t


def appr_cell(card: dict | None, width: int = 18) -> Text:
    if not card:
        return Text("(empty)".ljust(width), style="dim")
    name = card["name"].replace("Debt Collector", "Debt Coll.")
    t = Text(f"{name:<12}")
    t.append_text(skills_text(card["skills"], 4))
    coins = f"${card['coins']}" if card["coins"] else ""
    t.append(f"{coins:<{width - 16}}", style=RES_STYLE["silver"])
    return t


def apprentices(view: dict) -> Text:
    t = Text()
    t.append("Apprentices", style="bold")
    t.append(f" (deck {view['apprentice_deck']}; $ = coins on card)", style="dim")
    t.append("\ncol row 1              row 2", style="dim")
    rows = view["apprentice_rows"]
    for c in range(4):
        t.append(f"\n {c + 1}  ")
        t.append_text(appr_cell(rows[0][c]))
        t.append(" ")
        t.append_text(appr_cell(rows[1][c]))
    return t


def guildhall(view: dict) -> Text:
    g = view["guildhall"]
    cols, total = g["cols"], g["total"]
    filled = g["workers"]
    t = Text()
    t.append(f"Guildhall {len(filled)}/{total}", style="bold")
    for r in range(g["rows"]):
        t.append(f"\n {r + 1} ")
        for c in range(cols):
            k = r * cols + c
            if k < len(filled):
                t.append_text(chip(view, filled[k]))
            elif k + 1 in g["reset_spaces"]:
                t.append("↻", style="yellow")
            else:
                t.append("·", style="dim")
            t.append(" ")
    if g["beside"]:
        t.append("\n beside ")
        for seat in g["beside"]:
            t.append_text(chip(view, seat))
            t.append(" ")
    else:
        t.append("\n ↻ reset · full: last round", style="dim")
    return t


def cathedral(view: dict) -> Text:
    t = Text()
    t.append("Cathedral", style="bold")
    t.append(" virtue ≥5", style="dim")
    for lv in reversed(view["cathedral"]["levels"]):
        t.append(f"\n L{lv['level']} {lv['vp']:>2}VP ")
        marks = list(lv["markers"])
        for k in range(lv["spaces"]):
            t.append_text(chip(view, marks[k]) if k < len(marks) else Text("·", style="dim"))
        t.append(" " * (4 - lv["spaces"]))
        t.append_text(cost_text(D.CATHEDRAL[lv["level"]][0]))
    return t


def virtue_track(view: dict) -> Text:
    vt = view["virtue_track"]
    t = Text()
    t.append("Virtue", style="bold")
    t.append(" ≤3 dodges tax · ≥10 no Black Market", style="dim")
    t.append("\nvrt", style="dim")
    for v in range(D.VIRTUE_MAX + 1):
        style = ("yellow" if v <= 3 else "red" if v >= 10 else "") + (" dim" if 4 <= v <= 9 else "")
        t.append(f"{v:>3}", style=style.strip())
    t.append("\nVP ", style="dim")
    for vp in vt["vp"]:
        t.append(f"{vp:>+3d}" if vp else "  0", style="bold" if vp else "dim")
    # Markers: up to 2 letters per cell, more spill onto a second line.
    at: dict[int, list[int]] = {}
    for seat, v in enumerate(vt["markers"]):
        at.setdefault(v, []).append(seat)
    lines = max((len(s) + 1) // 2 for s in at.values()) if at else 1
    for ln in range(lines):
        t.append("\n   ")
        for v in range(D.VIRTUE_MAX + 1):
            seats = at.get(v, [])[ln * 2 : ln * 2 + 2]
            t.append(" ")
            for seat in seats:
                t.append_text(chip(view, seat))
            t.append(" " * (2 - len(seats)))
    return t


#: A console wide enough that nothing wraps, only for measuring.
_MEASURE = Console(width=10_000, color_system=None)


def width_of(part) -> int:
    """Columns a section needs unwrapped (Rich's own measurement)."""
    return Measurement.get(_MEASURE, _MEASURE.options, part).maximum


def fits(width: int, *parts, gap: int = 2) -> bool:
    return sum(width_of(p) for p in parts) + gap * 2 * (len(parts) - 1) <= width


def side_by_side(*parts, gap: int = 2) -> Table:
    grid = Table.grid(padding=(0, gap))
    for _ in parts:
        grid.add_column()
    grid.add_row(*parts)
    return grid


# ----- tableaux ---------------------------------------------------------------------
def tableau(view: dict, seat: int) -> Group:
    p = view["players"][seat]
    me = view.get("seat")
    names = view["names"]
    head = Text()
    head.append_text(name_chip(view, seat))
    head.append(" (you)" if seat == me else "", style="bold")
    if p.get("board"):
        head.append(f" · {p['board']}", style="bold")
        head.append(f": {D.BOARD_POWERS[p['board']]}", style="dim")
    lines: list = [head]
    lines.append(Text("  ").append_text(purse(p, word=True)))
    w = Text("  ").append_text(res("virtue", p["virtue"], word=True))
    w.append(f" · workers: {p['workers']} on board")
    if p["prison"]:
        w.append(f" · {p['prison']} in Prison", style="red")
    held = sum(q["captives"][seat] for q in view["players"])
    if held:
        w.append(f" · {held} held by others", style="red")
    lines.append(w)
    caps = [(q, k) for q, k in enumerate(p["captives"]) if k]
    t = Text("  captives: ")
    if caps:
        for q, k in caps:
            t.append_text(chip(view, q))
            t.append(f"×{k} ")
    else:
        t.append("none ", style="dim")
    t.append(f"· debts {p['debts']} unpaid, {p['paid']} paid")
    t.append(f" · Cathedral L{p['cath']}" if p["cath"] else "")
    lines.append(t)
    t = Text(f"  apprentices {len(p['apprentices'])}: ")
    if p["apprentices"]:
        for i, a in enumerate(p["apprentices"]):
            if i:
                t.append(", ")
            t.append(a["name"])
            t.append(" ")
            t.append_text(skills_text(a["skills"]))
    else:
        t.append("none", style="dim")
    lines.append(t)
    vp = sum(b["vp"] for b in p["buildings"])
    t = Text(f"  buildings {len(p['buildings'])} ({vp} VP printed): ")
    t.append(
        ", ".join(b["name"] for b in p["buildings"]) or "none",
        style="" if p["buildings"] else "dim",
    )
    lines.append(t)
    hand = p.get("hand")
    if hand is None:
        lines.append(
            Text(f"  hand: {plural(p['hand_count'], 'building card')} (hidden)", style="dim")
        )
    else:
        can = set((view.get("yields") or {}).get("guildhall", {}).get("build", []))
        lines.append(Text(f"  hand {len(hand)} (✓ = you can construct it now):"))
        for card in hand:
            lines.append(building_line(card["id"], mark="✓" if card["id"] in can else " "))
    del names
    return Group(*lines)


def own_strip(view: dict) -> Text | None:
    """The viewer's strip under the board (at most three lines): live points,
    purse, virtue, workers and debts; the hand (✓ = constructible now); the
    apprentices and buildings."""
    me = view.get("seat")
    if me is None:
        return None
    p = view["players"][me]
    t = Text(f"You ({p['name']}) {p['vp']} VP ", style="bold")
    t.append_text(purse(p))
    t.append(" ")
    t.append_text(res("virtue", p["virtue"]))
    t.append(f" · ♟{p['workers']} on board")
    if p["prison"]:
        t.append(f" · {p['prison']} in Prison", style="red")
    if p["debts"]:
        t.append(f" · {plural(p['debts'], 'debt')}", style="bold red")
    if p["cath"]:
        t.append(f" · Cathedral L{p['cath']}")
    t.append("\nHand: ", style="bold")
    hand = p.get("hand") or []
    can = set((view.get("yields") or {}).get("guildhall", {}).get("build", []))
    for i, card in enumerate(hand):
        if i:
            t.append(", ")
        if card["id"] in can:
            t.append("✓", style="bold green")
        t.append(card["name"])
    kept = (view.get("draft") or {}).get("kept") or []
    if kept:
        t.append(", " if hand else "")
        t.append("kept in the draft: ", style="bold")
        t.append(", ".join(D.ALL_BUILDINGS[b][0] for b in kept))
    if not hand and not kept:
        t.append("no cards", style="dim")
    t.append("\nApprentices: ", style="bold")
    for i, a in enumerate(p["apprentices"]):
        if i:
            t.append(", ")
        t.append(a["name"] + " ")
        t.append_text(skills_text(a["skills"]))
    if not p["apprentices"]:
        t.append("none", style="dim")
    if p["buildings"]:
        t.append(" · Built: ", style="bold")
        t.append(", ".join(b["name"] for b in p["buildings"]))
    return t


def building_line(bid: int, mark: str = " ", indent: str = "   ") -> Text:
    name, skills, cost, _virtue, vp, when, _eff = D.ALL_BUILDINGS[bid]
    t = Text(indent)
    t.append(mark, style="bold green")
    t.append(f"{name[:14]:<14} ")
    t.append_text(skills_text(skills or "-", 4))
    t.append(f"{vp:>2}VP {'end' if when == 'E' else 'now'} ", style="")
    t.append_text(cost_text(cost))
    return t


def goods(view: dict) -> Group:
    """The Black Market over the apprentice rows."""
    return stack(market(view), apprentices(view))


def halls_parts(view: dict) -> tuple[Table, Text]:
    """Guildhall and Cathedral side by side; the virtue track."""
    return side_by_side(guildhall(view), cathedral(view)), virtue_track(view)


def stack(*parts) -> Group:
    """Sections one under the other, a blank line between them."""
    out: list = []
    for i, p in enumerate(parts):
        if i:
            out.append(Text(""))
        out.append(p)
    return Group(*out)


def tableau_with_draft(view: dict, seat: int) -> Group:
    """The viewer's tableau, with the draft's kept cards while drafting."""
    dr = view.get("draft")
    if not dr or seat != view.get("seat"):
        return tableau(view, seat)
    head = Text(f"Building draft: pick {dr['round'] + 1} of 3", style="bold")
    kept = [Text("  kept so far:" if dr.get("kept") else "  kept so far: none")]
    kept += [building_line(b) for b in dr.get("kept", [])]
    return Group(head, *kept, Text(""), tableau(view, seat))
