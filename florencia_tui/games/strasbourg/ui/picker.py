"""Place on the map with a cursor: a family member on a guild square, a chapel, a building.

The arrow keys move the cursor between the candidate targets (every square of
the guild, every chapel spot, every building space); the board highlights the
cursor and underlines the candidates. Each target says its price and whether
it is legal now, or why not (occupied, unaffordable). Enter places; for guild
rewards ``g`` takes the good only, ``e`` enters without the good (master and
journeyman) and ``n`` takes nothing. Only actions in the legal list are sent.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding

from florencia_tui.core.game import Prompt
from florencia_tui.core.notation import Action
from florencia_tui.games.strasbourg.notation import read
from florencia_tui.games.strasbourg.ui.render import glyph, guild_code
from florencia_tui.tui.messages import SubmitAction
from florencia_tui.tui.widgets.common.lines import TextLines
from florencia_tui.tui.widgets.common.text import plural


@dataclass
class Target:
    id: str
    x: float
    y: float
    action: str | None  # what Enter sends here (None: not legal)
    what: Text  # description, e.g. "C4 Vintners square, price 4"
    reason: str = ""  # why it is not legal


def _touching(city: dict, cells: list[str]) -> Text:
    """``B1:3 A2 C2`` - the squares, with the chip of whoever stands there."""
    t = Text()
    for i, cid in enumerate(cells):
        occ = city["squares"].get(cid, {}).get("occupant")
        t.append((" " if i else "") + cid)
        if occ is not None:
            t.append(":")
            t.append_text(glyph(occ))
    return t


class PlacementPicker(TextLines, can_focus=True):
    DEFAULT_CSS = """
    PlacementPicker { height: auto; padding: 0; }
    PlacementPicker:focus { background: $boost; }
    """

    BINDINGS = [
        Binding("up", "move(0, -1)", "Up", show=False),
        Binding("down", "move(0, 1)", "Down", show=False),
        Binding("left", "move(-1, 0)", "Left", show=False),
        Binding("right", "move(1, 0)", "Right", show=False),
        Binding("space", "cycle", "Next", show=False),
        Binding("enter", "confirm", "Place", show=False),  # its own key line says it
        Binding("g", "send('good')", "Good only", show=False),
        Binding("e", "enter_only", "Enter only", show=False),
        Binding("n", "send('none')", "Nothing", show=False),
    ]

    def __init__(self, prompt: Prompt, view: dict, legal: list[str]) -> None:
        super().__init__()
        self.prompt = prompt
        self.view = view
        self.legal = list(legal)
        self.kind = prompt.kind
        self.targets = self._targets()
        first = next((i for i, t in enumerate(self.targets) if t.action), 0)
        self.index = first
        self.note = ""

    # ----- the candidates -------------------------------------------------------
    def _targets(self) -> list[Target]:
        v = self.view
        names = v["names"]
        city = v["city"]
        out: list[Target] = []
        if self.kind == "strasbourg.guild_reward":
            g = self.prompt.data["guild"]
            coins = self.prompt.data.get("coins")
            both = self.prompt.data.get("role") != "apprentice"
            for cid, sq in sorted(city["squares"].items(), key=lambda kv: (kv[1]["y"], kv[1]["x"])):
                if sq["guild"] != g:
                    continue
                what = Text(f"{cid} ")
                what.append_text(guild_code(g))
                what.append(f" {v['board']['guilds'][g]['name']} square, price {sq['price']}")
                action = f"good place {cid}" if both else f"place {cid}"
                reason = ""
                if sq["occupant"] is not None:
                    reason = f"occupied by {names[sq['occupant']]}"
                elif coins is not None and sq["price"] > coins:
                    reason = f"costs {sq['price']}, you have {plural(coins, 'coin')}"
                elif action not in self.legal:
                    reason = "not allowed now"
                out.append(Target(cid, sq["x"], sq["y"], None if reason else action, what, reason))
        elif self.kind == "strasbourg.chapel":
            for k, spot in sorted(city["chapel_spots"].items()):
                vx, vy = spot["corner"]
                what = Text(f"Chapel spot {k}, touching ")
                what.append_text(_touching(city, spot["squares"]))
                action = f"chapel {k}"
                reason = (
                    "a chapel already stands here"
                    if spot["built"]
                    else ("" if action in self.legal else "not allowed now")
                )
                out.append(Target(k, vx - 0.5, vy - 0.5, None if reason else action, what, reason))
        elif self.kind == "strasbourg.build":
            b = self.prompt.data.get("building")
            info = v["board"]["buildings"].get(b, {"name": "building", "value": 0})
            for sp, space in sorted(
                city["building_spaces"].items(), key=lambda kv: (kv[1]["y"], kv[1]["x"])
            ):
                what = Text(
                    f"Space {sp}: {info['name']} ({info['value']} per member next "
                    f"to it) would touch "
                )
                what.append_text(_touching(city, space["neighbours"]))
                action = f"build {sp}"
                reason = ""
                if space["building"]:
                    reason = f"the {v['board']['buildings'][space['building']]['name']} stands here"
                elif action not in self.legal:
                    reason = "not allowed now"
                out.append(
                    Target(sp, space["x"], space["y"], None if reason else action, what, reason)
                )
        return out

    @property
    def current(self) -> Target | None:
        return self.targets[self.index] if self.targets else None

    # ----- drawing -------------------------------------------------------------------
    def on_mount(self) -> None:
        self.focus()
        self._show_on_board()

    def _show_on_board(self) -> None:
        try:
            board = self.screen.query_one("#board")
        except Exception:  # not on a game screen (e.g. a bare widget test)
            return
        if hasattr(board, "set_cursor") and self.current is not None:
            board.set_cursor(self.current.id, {t.id for t in self.targets if t.action})

    def render(self) -> Text:
        t = Text(self.prompt.text, style="bold")
        cur = self.current
        t.append("\n▸ ", style="bold cyan")
        if cur is None:
            t.append("no candidates", style="dim")
        else:
            t.append_text(cur.what)
            if cur.action:
                t.append("  ✓ unoccupied: Enter takes it", style="green")
            else:
                t.append(f"  ✗ {cur.reason}", style="red")
        t.append("\n")
        t.append("←↑↓→", style="bold cyan")
        t.append(" move  ")
        t.append("Enter", style="bold cyan")
        t.append(" " + self._enter_label())
        if self.kind == "strasbourg.guild_reward":
            if (
                cur is not None
                and f"place {cur.id}" in self.legal
                and f"good place {cur.id}" in self.legal
            ):
                t.append("  e", style="bold cyan")
                t.append(" enter only")
            if "good" in self.legal:
                t.append("  g", style="bold cyan")
                t.append(" good only")
            if "none" in self.legal:
                t.append("  n", style="bold cyan")
                t.append(" nothing")
        legal = [x for x in self.targets if x.action]
        t.append("\nLegal: ", style="dim")
        t.append(" ".join(x.id for x in legal) if legal else "none", style="dim")
        if self.note:
            t.append(f"  {self.note}", style="red")
        return t

    def _enter_label(self) -> str:
        cur = self.current
        if cur is None or not cur.action:
            return "(not here)"
        verb, _arg = read(Action.parse(cur.action))
        if verb == "goodplace":
            return f"good + enter {cur.id}"
        if verb == "place":
            return f"enter {cur.id}"
        if verb == "chapel":
            return f"build the chapel on {cur.id}"
        return f"build on {cur.id}"

    # ----- keys ------------------------------------------------------------------------
    def action_move(self, dx: int, dy: int) -> None:
        cur = self.current
        if cur is None:
            return
        best, best_score = None, None
        for i, t in enumerate(self.targets):
            ahead = (t.x - cur.x) * dx + (t.y - cur.y) * dy
            if i == self.index or ahead <= 0:
                continue
            side = abs((t.x - cur.x) * dy) + abs((t.y - cur.y) * dx)
            score = ahead + 2 * side
            if best_score is None or score < best_score:
                best, best_score = i, score
        if best is not None:
            self._go(best)

    def action_cycle(self) -> None:
        if self.targets:
            self._go((self.index + 1) % len(self.targets))

    def _go(self, index: int) -> None:
        self.index = index
        self.note = ""
        self.redraw()  # the rows that change: the target's line and Enter's
        self._show_on_board()

    def action_confirm(self) -> None:
        cur = self.current
        if cur is None or not cur.action:
            self.note = f"cannot place on {cur.id}: {cur.reason}" if cur else ""
            self.app.bell()
            self.refresh()
            return
        self.post_message(SubmitAction(cur.action))

    def action_enter_only(self) -> None:
        cur = self.current
        if cur is not None and f"place {cur.id}" in self.legal:
            self.post_message(SubmitAction(f"place {cur.id}"))

    def action_send(self, action: str) -> None:
        if action in self.legal:
            self.post_message(SubmitAction(action))
