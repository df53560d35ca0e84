"""A yes/no question over the current screen (leaving a game, ...)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static


class ConfirmScreen(ModalScreen[bool]):
    """Dismissed with True on ``y`` (or Enter), False on ``n`` or Esc."""

    BINDINGS = [
        ("y", "answer(True)", "Yes"),
        ("enter", "answer(True)", "Yes"),
        ("n", "answer(False)", "No"),
        ("escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, detail: str = "") -> None:
        super().__init__()
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(f"[b]{self.question}[/b]", id="confirm-question")
            if self.detail:
                yield Static(self.detail, id="confirm-detail", classes="dim")
            yield Static("[b cyan]y[/] / Enter yes    [b cyan]n[/] / Esc no", id="confirm-keys")
        yield Footer()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
