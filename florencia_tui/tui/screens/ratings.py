"""The ratings: one game's leaderboard, sortable, and a player's page.

Both screens read a :class:`RatingsSource` (in the lobby, the table
service's ``ratings`` and ``player`` answers), which holds finished results
only (:mod:`florencia_tui.ratings`, :func:`florencia_tui.stats.player_page`).
Keyboard first: ←/→ change the game, r/g/w sort by rating, games or wins,
Enter opens the highlighted player's page, Esc goes back.
"""

from __future__ import annotations

from typing import Protocol

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from florencia_tui.games import REGISTRY, available_games
from florencia_tui.ratings import LEGEND, mark, page_lines

#: The leaderboard's columns: (label, width, the row's key or None for the place).
COLUMNS = [
    ("#", 4, None),
    ("player", 24, "player"),
    ("rating", 8, "rating"),
    ("mu", 6, "mu"),
    ("sigma", 6, "sigma"),
    ("games", 6, "games"),
    ("wins", 6, "wins"),
]
SORT_KEYS = {"r": "rating", "g": "games", "w": "wins"}


class Unavailable(Exception):
    """A source could not answer; its text is for the player."""


class RatingsSource(Protocol):
    """Where the screens read the ratings; either may raise :class:`Unavailable`."""

    def leaderboard(self, game: str, sort: str) -> list[dict]: ...
    def page(self, player: str) -> dict: ...


def _cell(row: dict, key: str) -> Text:
    if key == "player":
        return Text(row["player"], style="dim italic" if row["player"].startswith("bot:") else "")
    if key == "rating":
        return Text(mark(row), justify="right", style="bold")
    if key in ("mu", "sigma"):
        return Text(f"{row[key]:.2f}", justify="right")
    return Text(str(row[key]), justify="right")


class RatingsScreen(Screen[None]):
    DEFAULT_CSS = """
    RatingsScreen #ratings-title { padding: 0 1; text-style: bold; color: $accent; }
    RatingsScreen #ratings-legend { padding: 0 1; color: $text-muted; }
    RatingsScreen #ratings-table { height: 1fr; }
    """
    BINDINGS = [
        Binding("left", "game(-1)", "Game", priority=True),
        Binding("right", "game(1)", "Game", priority=True, show=False),
        ("r", "sort('rating')", "By rating"),
        ("g", "sort('games')", "By games"),
        ("w", "sort('wins')", "By wins"),
        ("escape", "close", "Back"),
    ]

    game = reactive("", init=False)
    sort = reactive("rating", init=False)

    def __init__(self, source: RatingsSource, game: str | None = None) -> None:
        super().__init__()
        self.source = source
        self.games = [g.id for g in available_games()]
        self.set_reactive(RatingsScreen.game, game if game in self.games else self.games[0])
        self.rows: list[dict] = []

    def compose(self) -> ComposeResult:
        yield Static(id="ratings-title")
        yield Static(
            f"{LEGEND} · rating: mu - 3 sigma · Enter: page",
            id="ratings-legend",
        )
        table = DataTable(id="ratings-table", cursor_type="row", zebra_stripes=True)
        for label, width, _key in COLUMNS:
            table.add_column(label, width=width, key=label)
        yield table
        yield Footer()

    def on_mount(self) -> None:
        self.load()
        self.query_one("#ratings-table").focus()

    def watch_game(self) -> None:
        self.load()

    def watch_sort(self) -> None:
        self.load()

    def load(self) -> None:
        """Ask the source for the leaderboard as now chosen and show it."""
        title = f"Ratings · {REGISTRY[self.game].title} · by {self.sort}"
        self.query_one("#ratings-title", Static).update(title)
        table = self.query_one("#ratings-table", DataTable)
        table.clear()
        try:
            self.rows = self.source.leaderboard(self.game, self.sort)
        except Unavailable as e:
            self.rows = []
            self.notify(str(e), severity="error")
        for i, row in enumerate(self.rows, 1):
            table.add_row(
                Text(str(i), justify="right"),
                *(_cell(row, key) for _l, _w, key in COLUMNS[1:]),
                key=row["player"],
            )
        if not self.rows:
            self.query_one("#ratings-title", Static).update(
                f"{title} · nobody is rated yet: a rated table counts once it is finished"
            )

    def action_game(self, step: int) -> None:
        self.game = self.games[(self.games.index(self.game) + step) % len(self.games)]

    def action_sort(self, sort: str) -> None:
        self.sort = sort

    @on(DataTable.RowSelected, "#ratings-table")
    def open_player(self, event: DataTable.RowSelected) -> None:
        self.app.push_screen(PlayerScreen(self.source, str(event.row_key.value)))

    def action_close(self) -> None:
        self.app.pop_screen()


class PlayerScreen(Screen[None]):
    """One player's page: per game their rating, tables, wins and rating history."""

    DEFAULT_CSS = """
    PlayerScreen #player-title { padding: 0 1; text-style: bold; color: $accent; }
    PlayerScreen #player-scroll { padding: 0 1; height: 1fr; }
    """
    BINDINGS = [("escape", "close", "Back")]

    def __init__(self, source: RatingsSource, player: str) -> None:
        super().__init__()
        self.source = source
        self.player = player

    def compose(self) -> ComposeResult:
        yield Static(f"Player · {self.player}", id="player-title")
        with VerticalScroll(id="player-scroll"):
            yield Static(id="player-page")
        yield Footer()

    def on_mount(self) -> None:
        try:
            page = self.source.page(self.player)
        except Unavailable as e:
            self.notify(str(e), severity="error")
            page = {"games": []}
        lines = page_lines(page) or ["No finished table yet."]
        self.query_one("#player-page", Static).update(Text("\n".join(lines)))
        self.query_one("#player-scroll").focus()

    def action_close(self) -> None:
        self.app.pop_screen()
