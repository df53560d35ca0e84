"""The hot-seat curtain: hides everything until the next player is ready."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static


class CurtainScreen(ModalScreen[None]):
    """Full-screen and opaque: nothing of the previous player's screen shows."""

    BINDINGS = [("enter", "ready", "I am ready")]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(
                    f"Pass the keyboard to [b]{self.player}[/b]\n\n"
                    f"{self.player}, press [b reverse] Enter [/] when the others look away.",
                    id="curtain-text",
                )

    def action_ready(self) -> None:
        self.dismiss(None)
