"""The three-card auction's widgets for the shared game screen (the only part
of the game that imports Textual or Rich)."""

from __future__ import annotations

from rich.text import Text

from florencia_tui.tui.adapter import BoardWidget, GameUI
from florencia_tui.tui.widgets.common.text import fit
from tests.example_game.auction.ui import render
from tests.example_game.auction.ui.board import AuctionBoard

LEGEND = """## Symbols on this board

| Symbol | Meaning |
|---|---|
| `prize 2` | the prize bid for this round, in points |
| `deck 3 face down` | prizes not yet revealed (their order is hidden) |
| `R1 prize 3 → Ana` | a round revealed: its prize, who won it (a tie: nobody) and every bid |
| `hand 1 3 · bid 2` | your own cards and your face-down bid |
| `left 1 2 3` | another player's cards not yet shown (one may be their face-down bid) |
| `bid ▮ face down` | that player has bid; nobody sees it until all have |
| `won 3 1` | prizes won so far |
"""


class UI(GameUI):
    game_id = "auction"

    def board(self) -> BoardWidget:
        return AuctionBoard()

    def players_text(self, view: dict, to_act: list[int]) -> Text:
        t = Text()
        for i, p in enumerate(view["players"]):
            acting = i in to_act
            t.append("▶ " if acting else "  ", style="bold cyan")
            t.append(fit(p["name"], 9), style="bold" if acting else "")
            t.append(f" {self.score(view, i):>4}")
            t.append(" bid" if p["bid_placed"] else "", style="dim")
            t.append("\n")
        t.append("pt prize points", style="dim")
        return t

    def score(self, view: dict, seat: int) -> str:
        return f"{view['players'][seat]['score']}pt"

    def own_text(self, view: dict) -> Text | None:
        return render.own_text(view)

    def legend(self, view: dict) -> str:
        return LEGEND
