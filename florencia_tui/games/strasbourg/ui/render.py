"""Rich renderables for Strasbourg, drawn from a seat's view only.

Every colour is paired with a letter or glyph: players are their seat number
1-5 on a coloured chip, guild squares show the guild code (SM VI SH BU BA) and
the price, building spaces ``[  ]`` or the building code and value (``INN4``),
chapel spots ``○3`` (spot K3, no chapel yet) or ``✚3`` (chapel built).
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from florencia_tui.tui.widgets.common.text import fit, plural

PLAYER_STYLES = [
    "bold white on blue3",
    "bold black on orange3",
    "bold black on cyan3",
    "bold white on deep_pink3",
    "bold black on grey85",
]
GUILD_STYLES = {
    "SM": "bold grey70",
    "VI": "bold medium_purple1",
    "SH": "bold green3",
    "BU": "bold red3",
    "BA": "bold gold1",
}
CURSOR_STYLE = "bold reverse"
ORDINALS = ["1st", "2nd", "3rd", "4th", "5th"]
CELL_W = 4  # characters per map cell; one gap column before each cell


def glyph(seat: int | None) -> Text:
    """A player's chip: seat number on the player's colour (· when nobody)."""
    if seat is None:
        return Text("·", style="dim")
    return Text(str(seat + 1), style=PLAYER_STYLES[seat % len(PLAYER_STYLES)])


def name_chip(view: dict, seat: int, width: int = 0) -> Text:
    t = glyph(seat)
    t.append(" ")
    name = view["names"][seat]
    t.append(fit(name, width) if width else name)
    return t


def guild_code(g: str) -> Text:
    return Text(g, style=GUILD_STYLES.get(g, "bold"))


def building_code(view: dict, b: str) -> Text:
    value = view["board"]["buildings"][b]["value"]
    return Text(f"{b}{value}", style="bold black on grey70")


def cards_sum(cards: list[int]) -> str:
    """``5+3=8`` (a single card is just its value)."""
    if len(cards) == 1:
        return str(cards[0])
    return "+".join(str(v) for v in sorted(cards, reverse=True)) + f"={sum(cards)}"


def face_down(n: int) -> str:
    return "▮" * n if n <= 6 else f"▮×{n}"


# ----- the round track and council --------------------------------------------------
def _step_content(view: dict, step: str) -> Text:
    rc = view["round_cards"][view["round"] - 1]
    if step in rc["guilds"]:
        return guild_code(rc["guilds"][step])
    if step == "I":
        b = rc["building"]
        return Text(f"{b}{view['board']['buildings'][b]['value']}")
    return Text({"A": "NC", "C": "$", "E": "$", "G": "$ME", "H": "✚"}.get(step, ""))


def track(view: dict) -> Text:
    """Two lines: the steps A-I of this round, and what each is for (current reversed)."""
    top = Text(f"Round {view['round']}/{view['rounds']} ", style="bold")
    bottom = Text()
    if view["phase"] in ("planning", "tasks", "over"):
        label = {"planning": "Planning", "tasks": "Tasks", "over": "Over"}[view["phase"]]
        bottom.append(f"▸{label:<8}", style=CURSOR_STYLE)
        bottom.append(" ")
    else:
        bottom.append(" " * 10)
    for step in view["steps"]:
        now = view["step"] == step and view["phase"] == "actions"
        head = Text(f"{'▸' if now else ' '}{step}  ", style="bold")
        body = Text(" ")
        body.append_text(_step_content(view, step))
        if body.cell_len < 4:
            body.pad_right(4 - body.cell_len)
        if now:
            head.stylize(CURSOR_STYLE)
            body.stylize(CURSOR_STYLE)
        top.append_text(head)
        bottom.append_text(body)
    top.rstrip()
    bottom.rstrip()
    return Text("\n").join([top, bottom])


def council_line(view: dict) -> Text:
    t = Text("Council ", style="bold")
    for i, seat in enumerate(view["council"]):
        if i:
            t.append(" ")
        sid = seat["id"]
        t.append_text(guild_code(sid) if sid in GUILD_STYLES else Text(sid, style="bold"))
        t.append_text(glyph(seat["holder"]))
    return t


# ----- the city map -------------------------------------------------------------------
class MapLayout:
    """Where everything sits on a view's city map, worked out once per view: the
    map's lines (header, one per row, a separator wherever chapel corners lie)
    and, for each line, the ids of the squares, spaces and spots drawn on it.
    A line's drawing depends on the cursor and marks only through those ids
    (``line_key``), so a moving cursor redraws the lines it leaves and enters."""

    def __init__(self, view: dict) -> None:
        city = view["city"]
        self.view = view
        self.cols = view["board"]["columns"]
        self.width = 1 + len(self.cols) * (CELL_W + 1) + 1
        self.by_xy: dict[tuple[int, int], tuple[str, str, dict]] = {}
        for cid, sq in city["squares"].items():
            self.by_xy[(sq["x"], sq["y"])] = ("square", cid, sq)
        for cid, sp in city["building_spaces"].items():
            self.by_xy[(sp["x"], sp["y"])] = ("space", cid, sp)
        self.corners: dict[int, list[tuple[int, str, bool]]] = {}
        for k, spot in city["chapel_spots"].items():
            vx, vy = spot["corner"]
            self.corners.setdefault(vy, []).append((vx, k, spot["built"]))
        #: ("head", 0) / ("corner", y) / ("row", y), top to bottom
        self.lines: list[tuple[str, int]] = [("head", 0)]
        self.ids: list[frozenset[str]] = [frozenset()]
        for y in range(view["board"]["rows"]):
            if y in self.corners:
                self.lines.append(("corner", y))
                self.ids.append(frozenset(k for _vx, k, _b in self.corners[y]))
            self.lines.append(("row", y))
            row = (self.by_xy.get((x, y), ("", "", {}))[1] for x in range(len(self.cols)))
            self.ids.append(frozenset(cid for cid in row if cid))

    def line_key(self, i: int, cursor: str | None, marks: set[str]) -> tuple:
        """What line ``i`` shows of the cursor and marks: equal keys, equal lines."""
        ids = self.ids[i]
        return (cursor if cursor in ids else None, frozenset(ids & marks))

    def content_key(self, i: int) -> tuple:
        """What line ``i`` shows of the view (any view: with equal ``line_key``
        too, equal keys draw equal lines): what :meth:`line` reads of it."""
        kind, y = self.lines[i]
        if kind == "head":
            return (kind, tuple(self.cols))
        if kind == "corner":
            return (kind, self.width, tuple(self.corners[y]))
        buildings = self.view["board"]["buildings"]
        cells = []
        for x in range(len(self.cols)):
            what, cid, info = self.by_xy.get((x, y), ("none", "", {}))
            if what == "square":
                cells.append((cid, info["guild"], info["price"], info["occupant"]))
            elif what == "space" and info["building"]:
                cells.append((cid, info["building"], buildings[info["building"]]["value"]))
            else:
                cells.append((what, cid))
        return (kind, y, tuple(cells))

    def line(self, i: int, cursor: str | None = None, marks: set[str] | None = None) -> Text:
        """Map line ``i`` with ``cursor`` shown reversed (› ‹ beside it) and
        ``marks`` (candidate targets) underlined."""
        marks = marks or set()
        kind, y = self.lines[i]
        if kind == "head":
            head = Text(" ")
            for c in self.cols:
                head.append(f" {' ' + c:<{CELL_W}}", style="bold")
            return head
        if kind == "corner":
            return _corner_line(self.corners[y], self.width, cursor, marks)
        by_xy = self.by_xy
        t = Text(str(y + 1), style="bold")
        for x in range(len(self.cols)):
            kind, cid, info = by_xy.get((x, y), ("none", "", {}))
            here = cid == cursor
            before = by_xy.get((x - 1, y), ("", "", {}))[1] == cursor and cursor is not None
            t.append("›" if here else "‹" if before else " ", style="bold cyan")
            cell = _cell(self.view, kind, info)
            if here:
                cell.stylize(CURSOR_STYLE)
            elif cid in marks:
                cell.stylize("underline")
            t.append_text(cell)
        last = by_xy.get((len(self.cols) - 1, y), ("", ""))[1]
        t.append("‹" if last == cursor and cursor else " ", style="bold cyan")
        return t


def map_lines(view: dict, cursor: str | None = None, marks: set[str] | None = None) -> list[Text]:
    """Header + one line per row, with a separator line wherever chapel corners lie.

    ``cursor`` is a square, building space or chapel spot to show reversed with
    › ‹ beside it; ``marks`` are candidate targets (underlined).
    """
    layout = MapLayout(view)
    return [layout.line(i, cursor, marks) for i in range(len(layout.lines))]


def _cell(view: dict, kind: str, info: dict) -> Text:
    if kind == "square":
        t = guild_code(info["guild"])
        t.append(str(info["price"]), style="dim")
        t.append_text(glyph(info["occupant"]))
        return t
    if kind == "space":
        if info["building"]:
            return building_code(view, info["building"])
        return Text("[  ]", style="dim")
    return Text(" " * CELL_W)


def _corner_line(
    spots: list[tuple[int, str, bool]], width: int, cursor: str | None, marks: set[str]
) -> Text:
    chars: list[tuple[str, str]] = [(" ", "")] * width
    for vx, k, built in spots:
        col = 1 + (CELL_W + 1) * vx
        num = k.lstrip("K")
        style = "bold white on dark_red" if built else "dim"
        if k == cursor:
            style = CURSOR_STYLE
        elif k in marks:
            style += " underline"
        chars[col] = ("✚" if built else "○", style)
        chars[col + 1] = (num, style)
        if k == cursor:
            chars[col - 1] = ("›", "bold cyan")
            chars[col + 2] = ("‹", "bold cyan")
    t = Text()
    for ch, st in chars:
        t.append(ch, style=st)
    t.rstrip()
    return t


def legend(view: dict) -> Text:
    t = Text(style="dim")
    guilds = view["board"]["guilds"]
    for i, (g, info) in enumerate(guilds.items()):
        t.append(" " if i else "")
        t.append_text(guild_code(g))
        t.append(f" {info['name']}")
    t.append("\nSM4· = Smiths square, price 4, · unoccupied · ")
    for seat in range(len(view["names"])):
        t.append_text(glyph(seat))
        t.append(" ")
    t.append("players\n[  ] building space · ○3 chapel spot K3 (not built) · ✚3 chapel")
    return t


# ----- phase blocks -----------------------------------------------------------------------
def planning_block(view: dict) -> Text:
    t = Text()
    me = view.get("seat")
    for p in view["players"]:
        seat = p["seat"]
        t.append_text(name_chip(view, seat, 8))
        mine = seat == me
        plan = p["plan"]
        state = {"draw": "drawing", "split": "forming stacks", "done": "ready"}.get(plan, "")
        t.append(f" {state:<14}", style="bold" if plan != "done" else "dim")
        if mine and p["hand_cards"] is not None:
            if p["hand_cards"]:
                t.append(" hand " + " ".join(str(v) for v in sorted(p["hand_cards"], reverse=True)))
            if p["stack_cards"]:
                t.append(" stacks " + "  ".join(cards_sum(st) for st in p["stack_cards"]))
        else:
            if p["hand"]:
                t.append(f" drawn {p['hand']}")
            if p["stacks"]:
                t.append(" stacks " + " ".join(face_down(n) for n in p["stacks"]))
        t.append(f"  deck {p['deck']}", style="dim")
        t.append("\n")
    t.rstrip()
    return t


def step_title(view: dict, step: str, guild: str | None) -> Text:
    names = view["board"]["step_names"]
    t = Text(f"Step {step} {names[step]}", style="bold")
    if guild:
        t.append(" ")
        t.append_text(guild_code(guild))
        t.append(f" {view['board']['guilds'][guild]['name']}")
    return t


def bidding_block(view: dict) -> Text:
    b = view["bidding"]
    me = view.get("seat")
    t = step_title(view, b["step"], b["guild"])
    t.append(" · start ")
    t.append_text(glyph(b["sp"]))
    played = {seat: cards for seat, cards in b["played"]}
    queue = b["queue"]
    for p in view["players"]:
        seat = p["seat"]
        t.append("\n")
        t.append("▶" if queue and queue[0] == seat else " ", style="bold cyan")
        t.append_text(name_chip(view, seat, 8))
        if seat in played:
            t.append(f" bids {sum(played[seat]):>2} ", style="bold")
            t.append(f"({cards_sum(played[seat])})", style="dim")
        elif seat in b["passed"]:
            t.append(" passed", style="dim")
        else:
            t.append(" waits ", style="italic")
            if b["privs"].count(seat):
                t.append("(privilege) ", style="italic")
        if seat not in played and seat not in b["passed"]:
            if seat == me and p["stack_cards"] is not None:
                t.append(
                    "  ".join(f"#{i + 1} {cards_sum(st)}" for i, st in enumerate(p["stack_cards"]))
                    or "no stacks"
                )
            else:
                t.append(" ".join(face_down(n) for n in p["stacks"]) or "no stacks")
    return t


def last_bid_block(view: dict) -> Text | None:
    last = view.get("last_bid")
    if not last:
        return None
    t = Text("Last: ", style="bold")
    t.append_text(step_title(view, last["step"], last["guild"]))
    t.append(f" (round {last['round']})\n")
    roles = _roles(view, last)
    if not last["ranking"]:
        t.append("nobody bid", style="dim")
    for i, seat in enumerate(last["ranking"]):
        if i:
            t.append("· ", style="dim")
        t.append(f"{ORDINALS[i] if i < len(ORDINALS) else i + 1} ", style="bold")
        t.append_text(glyph(seat))
        t.append(f" {view['names'][seat]} {last['totals'][str(seat)]}")  # whole: the line wraps
        if roles.get(seat):
            t.append(f" {roles[seat]}", style="italic")
        t.append(" ")
    if last["passed"]:
        t.append("· passed ", style="dim")
        for seat in last["passed"]:
            t.append_text(glyph(seat))
            t.append(" ")
    return t


def _roles(view: dict, last: dict) -> dict[int, str]:
    step = last["step"]
    rewarded = last["rewarded"]
    if step == "A":
        names = ["Nobility", "Church"]
    elif last["guild"]:
        names = (
            ["master", "journeyman", "apprentice"] if view["n"] >= 4 else ["master", "apprentice"]
        )
    else:
        names = ["sells" if step != "G" else "Merchants, sells"]
    return {seat: names[i] for i, seat in enumerate(rewarded) if i < len(names)}


def own_block(view: dict) -> Text | None:
    me = view.get("seat")
    if me is None:
        return None
    p = view["players"][me]
    t = Text("You: ", style="bold")
    if p["coins"] is not None:
        t.append(f"{plural(p['coins'], 'coin')} · {plural(p['privileges'], 'privilege')} · goods ")
        goods = [(g, n) for g, n in (p["goods"] or {}).items() if n]
        if goods:
            for i, (g, n) in enumerate(goods):
                if i:
                    t.append(" ")
                t.append_text(guild_code(g))
                t.append(f"×{n}")
        else:
            t.append("none", style="dim")
    t.append(f"\ndeck {plural(p['deck'], 'card')} · {p['out']} out of the game", style="dim")
    if p["task_texts"]:
        t.append("\nYour tasks", style="bold")
        for line in p["task_texts"]:
            t.append("\n  " + line)
    return t


def own_strip(view: dict) -> Text | None:
    """The viewer's strip under the board: prestige, coins, privileges, goods,
    deck, hand and stacks, and how many tasks are kept (at most three lines)."""
    me = view.get("seat")
    if me is None:
        return None
    p = view["players"][me]
    t = Text(f"You ({p['name']}) {p['prestige']}★", style="bold")
    if p["coins"] is not None:
        t.append(
            f" · {plural(p['coins'], 'coin')} · {plural(p['privileges'], 'privilege')} · goods "
        )
        goods = [(g, n) for g, n in (p["goods"] or {}).items() if n]
        for i, (g, n) in enumerate(goods):
            if i:
                t.append(" ")
            t.append_text(guild_code(g))
            t.append(f"×{n}")
        if not goods:
            t.append("none", style="dim")
    t.append(f" · deck {plural(p['deck'], 'card')}", style="dim")
    t.append("\n")
    t.append("Hand: ", style="bold")
    hand = p.get("hand_cards") or []
    t.append(
        " ".join(str(v) for v in sorted(hand, reverse=True)) if hand else "—",
        style="" if hand else "dim",
    )
    t.append("  Stacks: ", style="bold")
    stacks = p.get("stack_cards") or []
    t.append(
        "  ".join(f"#{i + 1} {cards_sum(st)}" for i, st in enumerate(stacks)) if stacks else "—",
        style="" if stacks else "dim",
    )
    if p["tasks"]:
        t.append("  Tasks: ", style="bold")
        t.append(" ".join(p["tasks"]))
        t.append(" (their text: PgDn)", style="dim")
    return t


def rounds_block(view: dict) -> Text:
    t = Text("Round cards", style="bold")
    for rc in view["round_cards"]:
        t.append("\n")
        now = rc["round"] == view["round"]
        t.append(f"{'▸' if now else ' '}{rc['round']} ", style="bold" if now else "")
        for step in ("B", "D", "F"):
            t.append(f"{step}:")
            t.append_text(guild_code(rc["guilds"][step]))
            t.append(" ")
        b = rc["building"]
        info = view["board"]["buildings"][b]
        t.append(f"I:{b}{info['value']} {info['name']}")
        if rc["building_built"]:
            t.append(" ✓built", style="dim")
    return t


def phase_block(view: dict) -> Text | None:
    if view["phase"] in ("planning",):
        return planning_block(view)
    if view["phase"] == "tasks":
        return Text("Everyone chooses which dealt task cards to keep.", style="italic")
    if view.get("bidding"):
        return bidding_block(view)
    return None


def board_parts(
    view: dict, cursor: str | None = None, marks: set[str] | None = None, city: bool = True
) -> tuple[list, list, list, list]:
    """The board in four parts, top to bottom: (head, map, middle, tail). Moving
    a placement cursor changes the map part alone, so the widget redraws only it
    (``city=False``: the map part is left empty, for a widget that draws it).

    The head (round track, council) has the same height in every phase, so the
    map never moves: the phase's block (planning, tasks, the bid under way) and
    the last bid come under it, in the middle, which the widget keeps at
    :func:`middle_rows` rows (over SSH a map moved down a few rows was every
    row of it sent again, ~16 KiB for an action that ends a round)."""
    head: list = [track(view), council_line(view)]
    lines = map_lines(view, cursor, marks) if city else []
    middle: list = []
    phase = phase_block(view)
    if phase is not None:
        middle.append(phase)
    last = last_bid_block(view)
    if last and (cursor is not None or view["phase"] == "actions"):
        middle.append(last)
    tail: list = [legend(view)]
    own = own_block(view)
    if own is not None:
        tail.append(own)
    tail.append(rounds_block(view))
    return head, lines, middle, tail


def middle_rows(view: dict) -> int:
    """The rows the middle part takes at least in every phase: its tallest, a
    bid under way (a title and a line per player) and the last bid (two)."""
    return len(view["players"]) + 3


def board(view: dict, cursor: str | None = None, marks: set[str] | None = None) -> Group:
    """The whole board: the track and council, the map, the phase, the rest."""
    head, city, middle, tail = board_parts(view, cursor, marks)
    return Group(*head, *city, *middle, *tail)
