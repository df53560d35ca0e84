"""Strasbourg's widgets and prompt renderers for the shared game screen.

- task keeping, stack forming and the merchants' sale: toggle selectors;
- drawing, bidding and returning a card: the generic action list (quick keys),
  with the reasons when ``stop`` or ``privilege`` are unavailable;
- guild squares, chapels and buildings: a cursor on the map.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from florencia_tui.core.game import Prompt
from florencia_tui.games.strasbourg.ui import render
from florencia_tui.games.strasbourg.ui.board import StrasbourgBoard
from florencia_tui.games.strasbourg.ui.picker import PlacementPicker
from florencia_tui.games.strasbourg.ui.render import face_down, glyph
from florencia_tui.games.strasbourg.ui.selectors import (
    GoodsSelector,
    StackBuilder,
    TaskSelector,
)
from florencia_tui.tui.adapter import BoardWidget, GameUI
from florencia_tui.tui.widgets.common.text import fit, plural

PLACING = ("strasbourg.guild_reward", "strasbourg.chapel", "strasbourg.build")

LEGEND = """\
## Symbols on this board

| Symbol | Meaning |
|---|---|
| `1` `2` … on a colour | a player (their seat number); `▶` the one to act |
| `SM4·` | a city square: its guild (`SM` Smiths), its price (`4` coins to enter it), then who stands there: `·` **unoccupied**, a player's number that player's member |
| `SM` `VI` `SH` `BU` `BA` | the guilds: Smiths, Vintners, Shoemakers, Butchers, Bakers; `ME` Merchants |
| `[  ]` / `INN4` | an empty building space / a building with its value |
| `○3` / `✚3` | chapel spot K3 with no chapel yet / a chapel built there |
| `Round 1/5 ▸A B C …` | the steps of this round; `▸` marks the current one |
| `NC` | step A: Nobility & Church |
| `$` / `$ME` | a Merchants step (sell goods) / Merchants and a council seat |
| `✚` (track) / `TWH6` | step H, build a chapel / step I, this round's building and value |
| `Council NOB1 CHU3 SM· …` | the council seats (Nobility, Church, the guilds, Merchants) and who holds each (`·` = nobody) |
| `0★` | prestige points |
| `⚑` | the start player |
| `▮▮ ▮` | face-down stacks, one `▮` per card |
| `city 0 cncl 1` | that player's members in the city and on the council |
| `#1 6+3=9` (your strip) | your stack number 1: cards 6 and 3, worth 9 |
| `✓ unoccupied` (placing) | the square under the cursor is free of other players' members: you may take it (its price is shown beside it) |
"""


class UI(GameUI):
    game_id = "strasbourg"

    def board(self) -> BoardWidget:
        return StrasbourgBoard()

    def players_text(self, view: dict, to_act: list[int]) -> Text:
        t = Text()
        planning = view["phase"] == "planning"
        for p in view["players"]:
            seat = p["seat"]
            acting = seat in to_act
            t.append("▶" if acting else " ", style="bold cyan")
            t.append_text(glyph(seat))
            t.append(" " + fit(p["name"], 8), style="bold" if acting else "")
            t.append(f"{p['prestige']:>3}★", style="bold")
            t.append(" ⚑" if p["start_player"] else "  ", style="bold yellow")
            if planning and p["plan"] in ("draw", "split"):
                t.append(" plan" if p["plan"] == "draw" else " stck", style="italic")
            t.append("\n")
            t.append("  ")
            t.append(f"city {p['members_city']} cncl {p['members_council']}", style="dim")
            if p["stacks"]:
                t.append(" " + " ".join(face_down(n) for n in p["stacks"]))
            elif p["hand"]:
                t.append(f" drew {p['hand']}", style="italic")
            if p["coins"] is not None:
                goods = sum((p["goods"] or {}).values())
                if seat == view.get("seat"):
                    t.append("\n")
                    t.append("  ")
                    t.append(f"{plural(p['coins'], 'coin')} {p['privileges']} priv {goods} goods")
                else:  # screens open (game over or option): keep to two lines
                    t.append(f" {p['coins']}$ {p['privileges']}p {goods}g")
            t.append("\n")
        t.append("★prestige ⚑start ▮card", style="dim")
        return t

    def score(self, view: dict, seat: int) -> str:
        return f"{view['players'][seat]['prestige']}★"

    def own_text(self, view: dict) -> Text | None:
        return render.own_strip(view)

    def legend(self, view: dict) -> str:
        return LEGEND

    def prompt_panel(self, prompt: Prompt, view: dict, legal: list[str]) -> Widget | None:
        seat = prompt.seat
        me = view["players"][seat]
        if prompt.kind == "strasbourg.split":
            return StackBuilder(
                prompt.text,
                prompt.data.get("hand", me["hand_cards"] or []),
                prompt.data.get("stacks", me["stack_cards"] or []),
                deck=me["deck"],
            )
        if prompt.kind == "strasbourg.keep_tasks":
            return TaskSelector(
                "Keep 1-5 task cards (keys toggle, Enter keeps them)",
                prompt.data["dealt"],
                prompt.data["texts"],
            )
        if prompt.kind == "strasbourg.sell":
            guilds = view["board"]["guilds"]
            return GoodsSelector(
                prompt.text,
                prompt.data["goods"],
                prompt.data["values"],
                {g: i["goods"] for g, i in guilds.items()},
                coins=me["coins"],
            )
        if prompt.kind in PLACING:
            return PlacementPicker(prompt, view, legal)
        return None

    def unavailable(self, prompt: Prompt, view: dict, legal: list[str]) -> list[tuple[str, str]]:
        seat = prompt.seat
        me = view["players"][seat]
        out: list[tuple[str, str]] = []
        if prompt.kind == "strasbourg.draw":
            if "draw" not in legal:
                out.append(("Draw a card", "your deck is empty"))
            if "stop" not in legal:
                out.append(("Stop drawing", "draw at least one card first"))
        elif prompt.kind == "strasbourg.bid":
            if not me["stack_cards"]:
                out.append(("Bid a stack", "you have no stacks left this round"))
            if "privilege" not in legal:
                if not me["privileges"]:
                    out.append(("Spend a privilege", "you have none"))
                else:
                    out.append(("Spend a privilege", "nobody else is still to decide"))
        return out
