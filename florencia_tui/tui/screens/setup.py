"""Setup: player count within the game's limits, names, each seat human or bot."""

from __future__ import annotations

import random

from rich.cells import cell_len
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Static

from florencia_tui.bots.base import BOT_KINDS, bot_kinds
from florencia_tui.games import GamePlugin, get_game

#: The first seats' default names; a seat past them is "Player N".
DEFAULT_NAMES = ("Ana", "Ben", "Carla", "Dario", "Elena")
KIND_LABELS = {"human": "Human", **BOT_KINDS}
#: One line per seat kind: how strong, how fast (31 cells fit beside it at 80 columns).
KIND_NOTES = {
    "human": "plays at this keyboard",
    "bot:random": "weakest: random moves, instant",
    "bot:heuristic": "fair: rules of thumb, instant",
    "bot:search": "strongest: looks ahead, ~1 s",
}
#: The longest name a seat may have (the side panels show 7-9 cells of it).
NAME_MAX = 16


def default_name(seat: int) -> str:
    """A seat's name until a player types theirs: one for any number of seats
    a game takes, each different from the others."""
    return DEFAULT_NAMES[seat] if seat < len(DEFAULT_NAMES) else f"Player {seat + 1}"


def name_problem(names: list[str]) -> str | None:
    """Why these seat names cannot start a game (None: they can)."""
    for i, name in enumerate(names):
        if not name:
            return f"Seat {i + 1} has no name: type one."
        if cell_len(name) > NAME_MAX:
            return (
                f"Seat {i + 1}'s name is {cell_len(name)} characters wide; at most {NAME_MAX} fit."
            )
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        if name.casefold() in seen:
            return (
                f"Seats {seen[name.casefold()] + 1} and {i + 1} are both called "
                f"{name}: each player needs a different name."
            )
        seen[name.casefold()] = i
    return None


class SeatRow(Horizontal):
    def __init__(self, index: int, kind: str, kinds: list[str]) -> None:
        super().__init__(id=f"seat-{index}", classes="seat-row")
        self.index = index
        self.kind = kind
        self.kinds = kinds

    def compose(self) -> ComposeResult:
        yield Label(f"Seat {self.index + 1}", classes="seat-label")
        yield Input(
            default_name(self.index), id=f"name-{self.index}", classes="seat-name", compact=True
        )
        yield Button(
            KIND_LABELS[self.kind], id=f"kind-{self.index}", classes="seat-kind", compact=True
        )
        yield Static(
            KIND_NOTES.get(self.kind, ""), id=f"note-{self.index}", classes="dim seat-note"
        )

    @on(Button.Pressed)
    def toggle(self) -> None:
        """Enter on the seat's kind: the next of Human and the bot levels."""
        self.kind = self.kinds[(self.kinds.index(self.kind) + 1) % len(self.kinds)]
        self.query_one(Button).label = KIND_LABELS[self.kind]
        self.query_one(f"#note-{self.index}", Static).update(KIND_NOTES.get(self.kind, ""))


class OptionRow(Horizontal):
    """A game option from ``Game.setup_choices()``: Enter on its button cycles the values."""

    def __init__(self, key: str, label: str, values: list[tuple], hint: str = "") -> None:
        super().__init__(id=f"opt-{key}", classes="seat-row")
        self.key, self.label, self.values, self.hint = key, label, values, hint
        self.pos = 0

    def compose(self) -> ComposeResult:
        yield Label(self.label, classes="seat-label")
        yield Button(self.values[0][1], id=f"optbtn-{self.key}", classes="seat-kind", compact=True)
        yield Static(self.hint, classes="dim seat-note")

    @property
    def value(self):
        return self.values[self.pos][0]

    @on(Button.Pressed)
    def toggle(self) -> None:
        """Enter on the option's button: its next value."""
        self.pos = (self.pos + 1) % len(self.values)
        self.query_one(Button).label = self.values[self.pos][1]


class SetupScreen(Screen[None]):
    BINDINGS = [
        ("escape", "app.go_home", "Back"),
        ("f2", "fewer", "Fewer players"),
        ("f3", "more", "More players"),
        ("f5", "start", "Start"),
    ]

    def __init__(self, info: GamePlugin) -> None:
        super().__init__()
        self.info = info
        self.count = info.min_players

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="setup"):
            yield Static(f"New game of {self.info.title}", id="setup-title")
            with Horizontal(id="count-row"):
                yield Label("Players", classes="seat-label")
                yield Button("−", id="fewer", compact=True)
                yield Static(str(self.count), id="count")
                yield Button("+", id="more", compact=True)
                yield Static(f"({self.info.min_players}-{self.info.max_players})", classes="dim")
            kinds = ["human", *bot_kinds(get_game(self.info.id))]
            for i in range(self.info.max_players):
                default_bot = "bot:heuristic" if "bot:heuristic" in kinds else kinds[1]
                row = SeatRow(i, "human" if i == 0 else default_bot, kinds)
                row.display = i < self.count
                yield row
            with Horizontal(id="seed-row"):
                yield Label("Seed", classes="seat-label")
                seed = self.app.default_seed or random.randrange(1, 100_000)
                yield Input(str(seed), id="seed", type="integer", classes="seat-name", compact=True)
            for key, label, values, hint in getattr(
                get_game(self.info.id), "setup_choices", list
            )():
                yield OptionRow(key, label, values, hint)
            yield Button("Start the game", id="start", variant="primary", compact=True)
            # A table option, not the game's (bots/hint.py reads it): h at a decision.
            # After Start, so the way back from Start to the seats stays as it was.
            yield OptionRow(
                "hints",
                "Hints",
                [(True, "on"), (False, "off")],
                "h shows what the strongest bot would play, and why",
            )
            yield Static(
                f"Tab moves between fields. Enter on a seat's kind cycles "
                f"Human and the bot levels. Names: 1-{NAME_MAX} characters, all "
                f"different. F2/F3 change the player count, F5 starts.",
                classes="dim hint",
            )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()

    def _set_count(self, n: int) -> None:
        self.count = max(self.info.min_players, min(self.info.max_players, n))
        self.query_one("#count", Static).update(str(self.count))
        for row in self.query(SeatRow):
            row.display = row.index < self.count

    @on(Button.Pressed, "#fewer")
    def action_fewer(self) -> None:
        self._set_count(self.count - 1)

    @on(Button.Pressed, "#more")
    def action_more(self) -> None:
        self._set_count(self.count + 1)

    def seats(self) -> list[dict]:
        out = []
        for row in self.query(SeatRow):
            if row.index >= self.count:
                continue
            name = self.query_one(f"#name-{row.index}", Input).value.strip()
            out.append({"name": name, "kind": row.kind})
        return out

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        seats = self.seats()
        problem = name_problem([s["name"] for s in seats])
        if problem:
            self.notify(problem, severity="error")
            return
        raw = self.query_one("#seed", Input).value.strip()
        seed = int(raw) if raw.lstrip("-").isdigit() else random.randrange(1, 100_000)
        options = {row.key: row.value for row in self.query(OptionRow)}
        self.app.start_game(self.info.id, seats, seed, options)
