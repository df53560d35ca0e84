"""Sealed lots' board widget: one block of text, redrawn from a view."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from florencia_tui.tui.adapter import BoardWidget
from tests.example_game.lots.ui import render


class LotsBoard(BoardWidget):
    DEFAULT_CSS = """
    LotsBoard { height: 1fr; padding: 0 1; }
    """

    #: The view on show: setting it redraws the board.
    shown: reactive[dict | None] = reactive(None)

    def show(self, view: dict) -> None:
        self.shown = view

    def render(self) -> Text:
        return render.board(self.shown) if self.shown is not None else Text("")
