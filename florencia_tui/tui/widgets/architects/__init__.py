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
from florencia_tui.tui.adapter import BoardWidget, GameUI
from florencia_tui.tui.widgets.architects import render
from florencia_tui.tui.widgets.architects.board import ArchitectsBoard
from florencia_tui.tui.widgets.architects.choices import rows_for, unavailable_for
from florencia_tui.tui.widgets.architects.panel import ChoicePanel


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
            t.append(f" {p['name'][:7]:<7}", style="bold" if acting else "")
            t.append(f" v{p['virtue']:>2}", style=render.RES_STYLE["virtue"])
            t.append(f" ${p['silver']:>2}", style=render.RES_STYLE["silver"])
            t.append(f" ♟{p['workers']:>2}")
            t.append("\n  ")
            for r in ("clay", "wood", "stone", "gold", "marble"):
                t.append_text(render.res(r, p[r]))
                t.append(" ")
            if p["debts"]:
                t.append(f"D{p['debts']}", style="bold red")
            t.append("\n")
        t.append("v virtue ♟workers D debts", style="dim")
        return t

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
        return ChoicePanel(text, rows, unavailable_for(prompt, view, legal),
                           immediate=prompt.kind != "architects.place")

    def unavailable(self, prompt: Prompt, view: dict, legal: list[str]) -> list[tuple[str, str]]:
        if not prompt.kind.startswith("architects."):
            return []
        return unavailable_for(prompt, view, legal)
