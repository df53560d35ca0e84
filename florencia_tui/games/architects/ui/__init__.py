"""Architects of the West Kingdom's widgets for the shared game screen.

- the board (board.py): town with workers per player and what the viewer's
  next worker would bring, Black Market, apprentice rows, Guildhall,
  Cathedral, virtue track, and every tableau (the viewer's hand only to them);
- one prompt panel for every decision (panel.py): placing a worker highlights
  a location by its letter and previews its yield before Enter; the follow-up
  choices (which apprentice, which capture, which trade, which building and
  how to pay) list costs and gains, with a detail line and the reasons
  tempting options are unavailable (choices.py).
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from florencia_tui.core.game import Prompt
from florencia_tui.games.architects.ui import render
from florencia_tui.games.architects.ui.board import ArchitectsBoard
from florencia_tui.games.architects.ui.choices import rows_for, unavailable_for
from florencia_tui.games.architects.ui.panel import ChoicePanel
from florencia_tui.tui.adapter import BoardWidget, GameUI
from florencia_tui.tui.widgets.common.text import fit

LEGEND = """\
## Symbols on this board

| Symbol | Meaning |
|---|---|
| `A` `B` `C` … on a colour | a player (their letter and colour); `▶` the one to act |
| `-8VP` | live victory points: what the player would score if the game ended now |
| `v 7` | virtue (0-14) |
| `$ 5` | silver |
| `c w s g m` | clay, wood, stone, gold, marble (`6c` = 6 clay) |
| `♟19` | workers still on the player's board |
| `D2` | unpaid debts |
| `Quarry · 2 ·` | workers of each player (by letter column) at a location |
| `you get` | what your next worker there would bring |
| `Black Market … 1$ left` | its three spaces and their silver cost; a letter marks who stands there |
| `Apprentices … C T M` | apprentice skills: **C** carpentry, **T** tiling, **M** masonry; `$` = silver on the card |
| `col≤1` | at the Workshop you may hire from columns up to this number |
| `✓` (your hand) | a building you can construct now |
| `Guildhall 9/16` | buildings constructed out of the spaces that end the game |
| `Cathedral L2` | a player's level on the Cathedral |
"""


class UI(GameUI):
    game_id = "architects"

    def board(self) -> BoardWidget:
        return ArchitectsBoard()

    def players_text(self, view: dict, to_act: list[int]) -> Text:
        t = Text()
        for i, p in enumerate(view["players"]):
            acting = i in to_act
            t.append("▶" if acting else " ", style="bold cyan")
            t.append_text(render.chip(view, i))
            t.append(" " + fit(p["name"], 7), style="bold" if acting else "")
            t.append(f"{p['vp']:>4}VP", style="bold")
            t.append(f" v{p['virtue']:>2}", style=render.RES_STYLE["virtue"])
            t.append(f" ${p['silver']:>2}", style=render.RES_STYLE["silver"])
            t.append(f"\n  ♟{p['workers']:>2} ")
            for r in ("clay", "wood", "stone", "gold", "marble"):
                t.append_text(render.res(r, p[r]))
                t.append(" ")
            if p["debts"]:
                t.append(f"D{p['debts']}", style="bold red")
            t.append("\n")
        t.append("v virtue ♟workers D debts", style="dim")
        return t

    def score(self, view: dict, seat: int) -> str:
        return f"{view['players'][seat]['vp']}VP"

    def own_text(self, view: dict) -> Text | None:
        return render.own_strip(view)

    def legend(self, view: dict) -> str:
        return LEGEND

    def prompt_panel(self, prompt: Prompt, view: dict, legal: list[str]) -> Widget | None:
        if not prompt.kind.startswith("architects.") or prompt.kind == "architects.wait":
            return None
        rows = rows_for(prompt, view, legal)
        if {r.action for r in rows} != set(legal):
            return None  # never hide a legal action: fall back to the generic list
        text = prompt.text
        if prompt.kind == "architects.place":
            me = view["players"][prompt.seat]
            text = f"Place a worker ({me['workers']} on your board)"
        return ChoicePanel(
            text,
            rows,
            unavailable_for(prompt, view, legal),
        )

    def unavailable(self, prompt: Prompt, view: dict, legal: list[str]) -> list[tuple[str, str]]:
        if not prompt.kind.startswith("architects."):
            return []
        return unavailable_for(prompt, view, legal)
