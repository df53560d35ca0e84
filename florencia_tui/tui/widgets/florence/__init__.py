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
from florencia_tui.tui.adapter import BoardWidget, GameUI
from florencia_tui.tui.widgets.florence import render
from florencia_tui.tui.widgets.florence.board import FlorenceBoard
from florencia_tui.tui.widgets.florence.panel import FlorencePanel


class UI(GameUI):
    game_id = "florence"

    def board(self) -> BoardWidget:
        return FlorenceBoard()

    def players_text(self, view: dict, to_act: list[int]) -> Text:
        return render.players_text(view, to_act)

    def prompt_panel(self, prompt: Prompt, view: dict, legal: list[str]) -> Widget | None:
        if prompt.kind == "florence.wait" or not legal:
            return None
        return FlorencePanel(prompt, view, legal)
