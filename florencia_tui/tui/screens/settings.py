"""Table settings a player may change mid-game (`o` in the game screen):
whether a finished turn waits for Enter, and how fast bots play. At a network
table whether turns wait is the table's, chosen by its opener: shown, not
changed here."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from florencia_tui.pacing import SPEEDS


def speed_name(delay: float) -> str:
    """The name of the bot speed closest to ``delay`` seconds."""
    return min(SPEEDS, key=lambda name: abs(SPEEDS[name] - delay))


class SettingsScreen(ModalScreen[None]):
    BINDINGS = [
        ("c", "confirm", "Confirm turns on/off"),
        ("b", "speed", "Bot speed"),
        ("escape", "close", "Back"),
        ("o", "close", "Back"),
    ]

    def __init__(self, table_confirm: bool | None = None) -> None:
        """``table_confirm``: a network table's own setting (net/turns.py)."""
        super().__init__()
        self.table_confirm = table_confirm

    def compose(self) -> ComposeResult:
        with Vertical(id="settings"):
            yield Static(id="settings-text")
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        app = self.app
        mine = self.table_confirm is None
        confirm = "on" if (app.confirm_turns if mine else self.table_confirm) else "off"
        speed = speed_name(app.bot_delay)
        speeds = " · ".join(f"[b]{n}[/]" if n == speed else n for n in SPEEDS)
        key = "[b reverse] c [/]" if mine else "   "
        whose = "" if mine else " (this table's: its opener chose)"
        self.query_one("#settings-text", Static).update(
            "[b]Table settings[/b]\n\n"
            f"{key} Confirm each turn: [b]{confirm}[/]{whose}\n"
            "      on: when your turn is over, play waits for Enter (u takes it back)\n\n"
            f"[b reverse] b [/] Bot speed: {speeds}\n"
            "      seconds a bot's move is shown: "
            + ", ".join(f"{n} {SPEEDS[n]:g}" for n in SPEEDS)
            + "\n\n[dim]Esc returns to the game.[/]"
        )

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return action != "confirm" or self.table_confirm is None

    def action_confirm(self) -> None:
        self.app.confirm_turns = not self.app.confirm_turns
        self.show()

    def action_speed(self) -> None:
        names = list(SPEEDS)
        current = names.index(speed_name(self.app.bot_delay))
        self.app.bot_delay = SPEEDS[names[(current + 1) % len(names)]]
        self.show()

    def action_close(self) -> None:
        self.dismiss(None)
