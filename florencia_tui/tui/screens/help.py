"""F1 help: the game's rules summary, what data is reconstructed, and the keys."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

KEYS_HELP = """
## Keys

| Key | What it does |
|---|---|
| ↑ ↓, Enter | choose an action in the action bar |
| 1-9 | play the numbered action at once |
| : | type an action in its notation (e.g. `bid Red4+Green4+Blue4`) |
| Tab | move between the action bar, board and log |
| F1 | this help |
| Esc | back to the home screen (the game is saved after every action) |
| Ctrl+Q | quit (the game stays saved; `florencia resume ID` continues it) |
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [("escape", "close", "Close"), ("f1", "close", "Close"), ("q", "close", "Close")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-scroll"):
            yield Markdown(self.text + "\n" + KEYS_HELP)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
