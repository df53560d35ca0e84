"""The Princes of Florence's widgets and prompt panels for the shared game screen.

The board (board.py) shows the focused player's principality large and the
others small; the prompt panel (panel.py) answers every decision by keys:
the auction, placing a tile with a cursor, completing a work, converting the
payout, keeping and ordering drawn cards.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from florencia_tui.core.game import Prompt
from florencia_tui.games.florence.ui import render
from florencia_tui.games.florence.ui.board import FlorenceBoard
from florencia_tui.games.florence.ui.panel import FlorencePanel
from florencia_tui.tui.adapter import BoardWidget, GameUI

LEGEND = """\
## Symbols on this board

| Symbol | Meaning |
|---|---|
| `▶` | the player to act; `★` the start player |
| `3PP` | prestige points; `1900ƒ` florins (money) |
| `⚒1` | builders (1-2: buildings cost 300ƒ instead of 700ƒ; 2: buildings may touch; 3: they cost nothing) |
| `☺0` | jesters (each adds 2 to the work value of every work) |
| `♣0` `≈0` `✿0` | landscapes: forests, lakes, parks |
| `f♣ l≈ p✿` | a forest, lake or park square in a principality |
| `···` / `OTR` | the three freedoms: **O**pinion, **T**ravel, **R**eligion (`·` = not yet introduced by that player) |
| `Opn Trv Rel` | the same freedoms, written out (`··` = not introduced) |
| `W0` | works completed (on display) |
| `Cards 4 B1 P0` | cards in hand: professions, then bonus (`B`) and prestige (`P`) cards |
| `Works 1 best 12` | works on display and this round's best work value |
| `Un Lb Wk` | large buildings: university, laboratory, workshop |
| `Li Op St Ho Th` | medium buildings: library, opera, studio, hospital, theatre |
| `Tw Ch` | small buildings: tower, chapel |
| `PALAZZO` | the palazzo, which covers rows 5-6, columns 0-2 |
| `Th✓ p✿✗ Rel✗` | a profession's three wishes (building, landscape, freedom): `✓` met, `✗` not yet |
| `WV 6` | the work value that profession would reach now |
| `min WV 7 10 12 …` | the least work value a work must reach in each round (this round highlighted) |
| `B03` / `P07` | a bonus card / a prestige card |
| `✉` | a recruiting card |
| `[` `]` | show another player's principality; Esc returns to yours |
"""


class UI(GameUI):
    game_id = "florence"

    def board(self) -> BoardWidget:
        return FlorenceBoard()

    def players_text(self, view: dict, to_act: list[int]) -> Text:
        return render.players_text(view, to_act)

    def score(self, view: dict, seat: int) -> str:
        return f"{view['players'][seat]['pp']}PP"

    def own_text(self, view: dict) -> Text | None:
        return render.own_strip(view)

    def legend(self, view: dict) -> str:
        return LEGEND

    def prompt_panel(self, prompt: Prompt, view: dict, legal: list[str]) -> Widget | None:
        if prompt.kind == "florence.wait" or not legal:
            return None
        return FlorencePanel(prompt, view, legal)
