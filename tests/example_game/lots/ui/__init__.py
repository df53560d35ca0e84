"""Sealed lots' widgets for the shared game screen (the only part of the game
that imports Textual or Rich)."""

from __future__ import annotations

from rich.text import Text

from florencia_tui.tui.adapter import BoardWidget, GameUI
from florencia_tui.tui.widgets.common.text import fit
from tests.example_game.lots.ui import render
from tests.example_game.lots.ui.board import LotsBoard

LEGEND = """## Symbols on this board

| Symbol | Meaning |
|---|---|
| `lot 5` | the lot on sale this round, worth 5 coins |
| `deck 3 face down` | lots not yet on sale (their order is hidden) |
| `R1 lot 6 → Ana` | a round revealed: its lot, who bought it and every offer |
| `offer 2` | your own face-down offer |
| `offer ▮ face down` | that player has offered; nobody sees it until all have |
"""


class UI(GameUI):
    game_id = "lots"

    def board(self) -> BoardWidget:
        return LotsBoard()

    def players_text(self, view: dict, to_act: list[int]) -> Text:
        t = Text()
        for i, p in enumerate(view["players"]):
            acting = i in to_act
            t.append("▶ " if acting else "  ", style="bold cyan")
            t.append(fit(p["name"], 9), style="bold" if acting else "")
            t.append(f" {self.score(view, i):>4}")
            t.append(" offered" if p["offered"] else "", style="dim")
            t.append("\n")
        return t

    def score(self, view: dict, seat: int) -> str:
        return f"{view['players'][seat]['coins']}c"

    def own_text(self, view: dict) -> Text | None:
        return render.own_text(view)

    def legend(self, view: dict) -> str:
        return LEGEND
