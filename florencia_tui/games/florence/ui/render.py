"""Rich renderables for The Princes of Florence, drawn from a seat's view only.

Colour is always paired with letters: buildings show a two-letter code
(``Un`` university ... ``Ch`` chapel) on a colour of their size class,
landscapes a letter and a glyph (``f♣`` forest, ``l≈`` lake, ``p✿`` park),
the palazzo its name. Squares of one tile are joined, so shapes read as
shapes; a piece being placed shows ``+`` (legal spot) or ``✗`` (illegal).
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Group
from rich.text import Text

from florencia_tui.games.florence import data as D
from florencia_tui.tui.widgets.common.text import fit, plural

N = D.GRID

CODE = {
    "university": "Un",
    "laboratory": "Lb",
    "workshop": "Wk",
    "library": "Li",
    "opera": "Op",
    "studio": "St",
    "hospital": "Ho",
    "theatre": "Th",
    "tower": "Tw",
    "chapel": "Ch",
    "forest": "f♣",
    "lake": "l≈",
    "park": "p✿",
}
SIZE_STYLE = {
    "large": "bold white on #6a2c7a",
    "medium": "bold white on #2a4f86",
    "small": "bold white on #7a4a1c",
}
LAND_STYLE = {
    "forest": "bold #d8ffd8 on #1e5e2a",
    "lake": "bold #e0f0ff on #1f5fa8",
    "park": "bold #1a3000 on #a8d46a",
}
PALAZZO_STYLE = "bold black on #d4b04c"
GHOST_OK = "bold black on bright_green"
GHOST_BAD = "bold white on red"
EMPTY_STYLE = "#707070"
PAD_STYLE = "grey3"
FREEDOM_CODE = {"opinion": "Opn", "travel": "Trv", "religion": "Rel"}
PILE_GLYPH = {
    "forest": "♣",
    "lake": "≈",
    "park": "✿",
    "jester": "☺",
    "builder": "⚒",
    "prestige": "★",
    "recruit": "✉",
}
PILE_SHORT = {
    "forest": "Forest",
    "lake": "Lake",
    "park": "Park",
    "jester": "Jester",
    "builder": "Builder",
    "prestige": "Prestige",
    "recruit": "Recruit",
}


def kind_style(kind: str) -> str:
    if kind == "palazzo":
        return PALAZZO_STYLE
    if kind in LAND_STYLE:
        return LAND_STYLE[kind]
    return SIZE_STYLE[D.SIZE_CLASS[kind]]


def chip(kind: str, label: str | None = None) -> Text:
    """A building or landscape name on its colour, e.g. for menus and legends."""
    return Text(f"{CODE[kind]} {label or kind.capitalize()}", style=kind_style(kind))


def short_name(name: str, width: int = 8) -> str:
    """At most ``width`` terminal cells (a wide character counts two)."""
    return name if cell_len(name) <= width else fit(name, width)


def side_by_side(blocks: list[Text], gap: int = 1, widths: list[int] | None = None) -> Text:
    """Join multi-line Texts into columns (cheaper to draw than a Rich table)."""
    split = [b.split("\n", allow_blank=True) for b in blocks]
    if widths is None:
        widths = [max((line.cell_len for line in lines), default=0) for lines in split]
    height = max((len(lines) for lines in split), default=0)
    out = Text()
    for r in range(height):
        if r:
            out.append("\n")
        for k, lines in enumerate(split):
            line = lines[r].copy() if r < len(lines) else Text()
            if k < len(split) - 1:
                line.truncate(widths[k], overflow="ellipsis")
                # A style of its own keeps the next column's text in its own SVG run.
                line.append(" " * (widths[k] - line.cell_len + gap), style=PAD_STYLE)
            out.append_text(line)
    out.rstrip()
    return out


# ----------------------------------------------------------------------------- grids
def tile_ids(pv: dict) -> dict[tuple[int, int], object]:
    """(row, col) -> the tile covering it (its index, or 'P' for the palazzo)."""
    ids: dict[tuple[int, int], object] = {}
    for r, line in enumerate(pv["grid"]):
        for c, name in enumerate(line):
            if name == "palazzo":
                ids[(r, c)] = "P"
    for i, t in enumerate(pv.get("tiles", [])):
        for r, c in t["cells"]:
            ids[(r, c)] = i
    return ids


class Ghost:
    """A piece shown at the cursor: its squares and whether the spot is legal."""

    def __init__(self, kind: str, cells, ok: bool) -> None:
        self.kind = kind
        self.cells = {tuple(c) for c in cells}
        self.ok = ok

    @property
    def style(self) -> str:
        return GHOST_OK if self.ok else GHOST_BAD

    @property
    def mark(self) -> str:
        return "+" if self.ok else "✗"


def principality(pv: dict, large: bool = False, ghost: Ghost | None = None) -> Text:
    """The 7x7 grid with row/column numbers; ``large`` uses wider squares and
    gap rows so that every tile's outline shows."""
    bw = 5 if large else 3
    grid = pv["grid"]
    ids = tile_ids(pv)
    gcells = ghost.cells if ghost else set()

    def cell_of(r: int, c: int) -> tuple[object, str, str]:
        """(join id, style, body text) of one square."""
        if (r, c) in gcells:
            body = (ghost.mark + CODE[ghost.kind]).center(bw)
            return "ghost", ghost.style, body
        name = grid[r][c]
        if not name:
            return None, EMPTY_STYLE, "·".center(bw)
        if name == "palazzo":
            return "P", PALAZZO_STYLE, " " * bw
        return ids.get((r, c)), kind_style(name), CODE[name].center(bw)

    t = Text()
    t.append("  ")
    for c in range(N):
        t.append(" " + str(c).center(bw), style="dim")
    t.append("\n")
    pal_rows = sorted({r for r, c in D.PALAZZO})
    pal_cols = sorted({c for r, c in D.PALAZZO})
    for r in range(N):
        t.append(f"{r} ", style="dim")
        c = 0
        while c < N:
            jid, style, body = cell_of(r, c)
            left = cell_of(r, c - 1)[0] if c else None
            joined = jid is not None and jid == left
            if jid == "P" and c == pal_cols[0] and not any((r, x) in gcells for x in pal_cols):
                # The palazzo is drawn as one block with its name on the top row.
                span = len(pal_cols) * (bw + 1) - 1
                label = "PALAZZO" if r == pal_rows[0] else ""
                t.append(" ")
                t.append(label.center(span), style=PALAZZO_STYLE)
                c += len(pal_cols)
                continue
            t.append(" ", style=style if joined else "")
            t.append(body, style=style)
            c += 1
        t.append("\n")
        if large and r < N - 1:
            t.append("  ")
            for c in range(N):
                up, st_up, _ = cell_of(r, c)
                down = cell_of(r + 1, c)[0]
                vjoin = up is not None and up == down
                corner = vjoin and c > 0 and up == cell_of(r, c - 1)[0] == cell_of(r + 1, c - 1)[0]
                t.append(" ", style=st_up if corner else "")
                t.append(" " * bw, style=st_up if vjoin else "")
            t.append("\n")
    t.rstrip()
    return t


def small_principality(pv: dict, focused: bool = False) -> Text:
    """A compact 14x7 picture of a principality (two characters a square)."""
    t = Text()
    t.append(short_name(pv["name"], 10), style="bold reverse" if focused else "bold")
    t.append(f" {pv['pp']}PP\n")
    for r, line in enumerate(pv["grid"]):
        for _c, name in enumerate(line):
            if not name:
                t.append("· ", style=EMPTY_STYLE)
            elif name == "palazzo":
                t.append("▒▒", style=PALAZZO_STYLE)
            else:
                t.append(CODE[name], style=kind_style(name))
        if r < N - 1:
            t.append("\n")
    return t


# ----------------------------------------------------------------------------- holdings
def freedoms_text(freedoms: list[str]) -> Text:
    t = Text()
    for f in D.FREEDOMS:
        on = f in freedoms
        t.append(FREEDOM_CODE[f] if on else "··", style="bold" if on else EMPTY_STYLE)
        t.append(" ")
    t.rstrip()
    return t


def land_text(pv: dict) -> Text:
    t = Text()
    for k in D.LANDSCAPES:
        t.append(CODE[k], style=LAND_STYLE[k])
        t.append(f"{pv['landscapes'][k]} ")
    t.rstrip()
    return t


def info(view: dict, pv: dict) -> Text:
    """Public holdings of the focused player (money only when the view shows it)."""
    me = view.get("seat") == pv["seat"]
    t = Text()
    t.append(short_name(pv["name"], 12), style="bold underline" if me else "bold")
    if me:
        t.append(" (you)")
    if pv.get("start_player"):
        t.append(" ★", style="bold yellow")
    t.append("\n")
    t.append(f"PP {pv['pp']}", style="bold")
    if pv.get("money") is not None:
        t.append(f" · {pv['money']}ƒ", style="bold green")
    t.append("\n")
    t.append(f"Builders {pv['builders']}\nJesters {pv['jesters']}\n")
    t.append_text(land_text(pv))
    t.append("\nFree ")
    t.append_text(freedoms_text(pv["freedoms"]))
    t.append(f"\nWorks {len(pv['display'])}")
    if pv.get("round_wv"):
        t.append(f" best {pv['round_wv']}", style="dim")
    t.append(f"\nCards {pv['hand_count']}")
    if pv.get("recruit_count"):
        t.append(f"+{pv['recruit_count']}✉")
    t.append(f" B{pv['bonus_count']} P{pv['prestige_count']}")
    return t


def profession_line(key: str, pv: dict, wv: int | None = None) -> Text:
    """'Poet  Th✓ l≈✗ Tr✓  WV 9': the three preferences, ticked if met."""
    info_ = D.PROF[key]
    t = Text()
    t.append(f"{info_['name']:<13} ", style="bold")
    b, land, fr = info_["building"], info_["landscape"], info_["freedom"]
    t.append(CODE[b], style=kind_style(b))
    t.append(
        "✓ " if b in pv.get("buildings", []) else "✗ ",
        style="green" if b in pv.get("buildings", []) else "red",
    )
    t.append(CODE[land], style=LAND_STYLE[land])
    have_land = pv.get("landscapes", {}).get(land, 0) > 0
    t.append("✓ " if have_land else "✗ ", style="green" if have_land else "red")
    t.append(FREEDOM_CODE[fr], style="bold")
    have_fr = fr in pv.get("freedoms", [])
    t.append("✓" if have_fr else "✗", style="green" if have_fr else "red")
    if wv is not None:
        t.append(f"  WV {wv}")
    return t


def bonus_label(card: str, value: int | None = None) -> str:
    text = f"{card} {D.BONUS[card][0]}"
    return text + (f" (={value})" if value is not None else "")


def prestige_label(card: str) -> str:
    name, kind, _what, full, tied = D.PRESTIGE[card]
    if kind == "all":
        return f"{card} {name} ({full})"
    return f"{card} {name} ({full}, tied {tied})"


def card_label(card: str) -> Text:
    """Any card a player may draw or hold, with what it does."""
    if card in D.PROF:
        info_ = D.PROF[card]
        t = Text(f"{info_['name']}: ", style="bold")
        b, land, fr = info_["building"], info_["landscape"], info_["freedom"]
        t.append(CODE[b], style=kind_style(b))
        t.append(f" {b}, ")
        t.append(CODE[land], style=LAND_STYLE[land])
        t.append(f" {land}, {D.FREEDOM_NAME[fr]}")
        return t
    if card in D.BONUS:
        return Text(bonus_label(card))
    if card in D.PRESTIGE:
        return Text(prestige_label(card))
    return Text(card)


def hand_block(view: dict, pv: dict) -> Group:
    """Face-up display for everyone; the private hand only in its owner's view."""
    parts: list = []
    disp = Text("Display: ", style="bold")
    if pv["display"]:
        disp.append(
            ", ".join(
                "✉ recruiting card" if c == D.RECRUIT else D.PROF[c]["name"] for c in pv["display"]
            )
        )
    else:
        disp.append("no works yet", style="dim")
    parts.append(disp)
    if pv.get("hand") is None:
        # At the end of the game everyone's prestige cards are shown.
        for card in pv.get("prestige") or []:
            parts.append(Text("Prestige " + prestige_label(card), style="yellow"))
        return Group(*parts)
    head = Text("Your hand (private)", style="bold underline")
    if pv.get("recruit_count"):
        head.append(f" · {plural(pv['recruit_count'], 'recruiting card')}", style="")
    parts.append(head)
    values = pv.get("work_values", {})
    for key in pv["hand"]:
        parts.append(profession_line(key, pv, values.get(key)))
    for key in pv.get("dealt", []):
        line = profession_line(key, pv)
        line.append("  dealt", style="dim")
        parts.append(line)
    bv = pv.get("bonus_values", {})
    for card in pv.get("bonus", []):
        parts.append(Text("Bonus " + bonus_label(card, bv.get(card)), style="cyan"))
    for card in pv.get("prestige", []):
        parts.append(Text("Prestige " + prestige_label(card), style="yellow"))
    return Group(*parts)


# ----------------------------------------------------------------------------- table parts
def own_strip(view: dict) -> Text | None:
    """The viewer's strip under the board: prestige, money, builders, jesters,
    landscapes, freedoms, then every card in hand (at most three lines)."""
    seat = view.get("seat")
    if seat is None:
        return None
    pv = view["players"][seat]
    t = Text(f"You ({pv['name']}) {pv['pp']} PP", style="bold")
    if pv.get("money") is not None:
        t.append(f" · {pv['money']}ƒ", style="bold green")
    t.append(f" · ⚒{pv['builders']} ☺{pv['jesters']} ")
    t.append_text(land_text(pv))
    t.append(" · Free ")
    t.append_text(freedoms_text(pv["freedoms"]))
    t.append(f" · {plural(len(pv['display']), 'work')}")
    t.append("\nHand: ", style="bold")
    cards: list[Text] = []
    values = pv.get("work_values", {})
    for key in pv.get("hand") or []:
        wv = values.get(key)
        cards.append(Text(D.PROF[key]["name"] + (f" WV{wv}" if wv is not None else "")))
    if pv.get("dealt"):
        cards.append(Text("dealt " + ", ".join(D.PROF[k]["name"] for k in pv["dealt"])))
    bv = pv.get("bonus_values", {})
    for card in pv.get("bonus") or []:
        value = bv.get(card)
        cards.append(
            Text(f"bonus {card}" + (f" ={value}" if value is not None else ""), style="cyan")
        )
    for card in pv.get("prestige") or []:
        cards.append(Text(f"{card} {D.PRESTIGE[card][0]}", style="yellow"))
    if pv.get("recruit_count"):
        cards.append(Text(f"✉ {plural(pv['recruit_count'], 'recruiting card')}"))
    t.append_text(Text(", ").join(cards) if cards else Text("no cards", style="dim"))
    return t


def round_line(view: dict) -> Text:
    t = Text()
    phase = {"setup": "Setup", "auction": "Auction", "action": "Actions", "over": "Game over"}[
        view["phase"]
    ]
    t.append(f"Round {view['round']}/{view['rounds']} {phase}", style="bold")
    t.append(" │ min WV")
    for k in range(1, view["rounds"] + 1):
        v = view["min_wv_table"][str(k)]
        style = (
            "bold reverse"
            if k == view["round"] and view["phase"] != "over"
            else ("dim" if k < view["round"] else "")
        )
        t.append(" ")
        t.append(str(v), style=style)
    return t


def piles(view: dict) -> Text:
    """The 7 auction piles with their counts and who bought from each this round."""
    names = view["names"]
    t = Text()
    for i, k in enumerate(view["pile_order"]):
        if i == 4:
            t.append("\n")
        elif i:
            t.append("  ")
        p = view["piles"][k]
        t.append(PILE_GLYPH[k], style="bold")
        t.append(f"{PILE_SHORT[k]} {p['count']}", style="" if p["count"] else "dim")
        if p["bought_by"] is not None:
            t.append(f"✓{names[p['bought_by']][:3]}", style="bold green")
    return t


def auction_line(view: dict) -> Text:
    names = view["names"]
    a = view.get("auction")
    t = Text()
    if view["phase"] == "action" and view.get("turn"):
        turn = view["turn"]
        t.append(f"{names[turn['seat']]}'s action turn", style="bold cyan")
        t.append(f" · {turn['actions_used']}/2 actions used")
        return t
    if not a or view["phase"] != "auction":
        return t
    cur = a.get("current")
    if cur:
        t.append(
            f"{PILE_GLYPH[cur['item']]}{D.PILE_NAME[cur['item']]} at {cur['high_bid']}",
            style="bold",
        )
        t.append(f" ({names[cur['high_bidder']]})")
        t.append(f" · {names[cur['turn']]} to bid", style="bold cyan")
        if cur["passed"]:
            t.append(" · passed " + " ".join(names[s] for s in cur["passed"]), style="dim")
    elif a.get("step") == "last":
        t.append(f"{names[view['to_act'][0]]} is the last free player", style="bold")
    elif a.get("nominator") is not None:
        t.append(f"{names[a['nominator']]} nominates", style="bold cyan")
    if a.get("out"):
        t.append(" · out: " + " ".join(names[s] for s in a["out"]), style="dim")
    return t


def fame_track(view: dict, width: int) -> Text:
    """The prestige track: each player's initial at its square (0-49, then laps)."""
    width = max(20, min(50, width - 5))
    marks: dict[int, list[str]] = {}
    initials = [n[:1].upper() or "?" for n in view["names"]]
    if len(set(initials)) < len(initials):
        initials = [str(i + 1) for i in range(len(initials))]
    for i, p in enumerate(view["players"]):
        pos = p["track"] * width // 50
        marks.setdefault(pos, []).append(initials[i])
    t = Text()
    t.append("PP  ", style="bold")
    for pos in range(width):
        if pos in marks:
            m = marks[pos]
            t.append(m[0] if len(m) == 1 else str(len(m)), style="bold reverse")
        else:
            square = pos * 50 // width
            t.append(
                "┼" if square % 10 == 0 and (pos == 0 or (pos - 1) * 50 // width % 10) else "─",
                style="dim",
            )
    t.append("\n    ")
    ticks = [" "] * width
    for v in range(0, 50, 10):
        pos = v * width // 50
        for j, ch in enumerate(str(v)):
            if pos + j < width:
                ticks[pos + j] = ch
    t.append("".join(ticks), style="dim")
    laps = [
        f"{view['names'][i]} +{p['laps'] * 50}" for i, p in enumerate(view["players"]) if p["laps"]
    ]
    if laps:
        t.append("\n    laps: " + ", ".join(laps), style="dim")
    return t


def players_text(view: dict, to_act: list[int]) -> Text:
    """Side panel: every player's public holdings in two lines."""
    t = Text()
    for i, p in enumerate(view["players"]):
        acting = i in to_act
        t.append("▶ " if acting else "  ", style="bold cyan")
        t.append(fit(p["name"], 7), style="bold" if acting else "")
        t.append("★" if p.get("start_player") else " ", style="bold yellow")
        t.append(f"{p['pp']:>3}PP", style="bold")
        if p.get("money") is not None:
            t.append(f" {p['money']}ƒ", style="green")
        t.append("\n   ")
        t.append(f"⚒{p['builders']} ☺{p['jesters']} ")
        for k in D.LANDSCAPES:
            t.append(PILE_GLYPH[k], style=LAND_STYLE[k])
            t.append(str(p["landscapes"][k]))
        t.append(" ")
        for f in D.FREEDOMS:
            on = f in p["freedoms"]
            t.append(FREEDOM_CODE[f][0] if on else "·", style="bold" if on else EMPTY_STYLE)
        t.append(f" W{len(p['display'])}")
        if i < len(view["players"]) - 1:
            t.append("\n")
    return t


LEGEND = (
    "Un university Lb laboratory Wk workshop (large) · Li library Op opera "
    "St studio Ho hospital Th theatre (medium) · Tw tower Ch chapel (small) · "
    "f♣ forest l≈ lake p✿ park"
)
