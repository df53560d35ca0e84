"""Statistics over every saved game: per game, per player, per bot level, longest."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from florencia_tui.stats import compute, stats_tables


class StatsScreen(Screen[None]):
    BINDINGS = [("escape", "close", "Back")]

    def compose(self) -> ComposeResult:
        st = compute(self.app.store)
        with VerticalScroll(id="stats-scroll"):
            yield Static(f"Statistics · {st.summary()}", id="home-title")
            if not st.finished:
                yield Static(Text("Finish a game to see wins and scores here.", style="dim"))
            for table in stats_tables(st):
                yield Static(table, classes="stats-table")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#stats-scroll").focus()

    def action_close(self) -> None:
        self.app.pop_screen()
