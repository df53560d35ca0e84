"""The end screen: final scores with every line, the winner and the tie-break."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from florencia_tui.table import Table
from florencia_tui.tui.widgets.common.scores import scores_table, winner_line


class EndScreen(Screen[None]):
    BINDINGS = [
        ("enter", "home", "Home"),
        ("escape", "home", "Home"),
        ("b", "board", "See the final board"),
    ]

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        cards = self.table.scores()
        with VerticalScroll(id="end-scroll"):
            yield Static(f"{self.table.info.title}: game over", id="end-title")
            yield Static(winner_line(cards, self.table.info.amount), id="end-winner")
            yield Static(scores_table(cards), id="end-scores")
            yield Static(
                f"Saved as game {self.table.table_id}. "
                f"`florencia export {self.table.table_id}` writes its record.",
                id="end-hint",
            )
        yield Footer()

    def action_home(self) -> None:
        self.app.go_home()

    def action_board(self) -> None:
        self.app.pop_screen()
