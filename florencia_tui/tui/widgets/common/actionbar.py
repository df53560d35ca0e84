"""The action bar: the current decision and every legal answer, with keys."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from florencia_tui.core.game import Prompt
from florencia_tui.tui.adapter import SubmitAction

QUICK_KEYS = "123456789"


class ActionList(OptionList):
    """Legal actions; arrows + Enter, or the digit shown beside an action."""

    def on_key(self, event) -> None:
        if event.character and event.character in QUICK_KEYS:
            idx = QUICK_KEYS.index(event.character)
            enabled = [o for o in self._options if not o.disabled]
            if idx < len(enabled):
                event.stop()
                self.post_message(SubmitAction(enabled[idx].id))


class ActionBar(Vertical):
    """Generic prompt renderer: works for every decision of every game."""

    DEFAULT_CSS = """
    ActionBar { height: auto; }
    ActionBar > .question { height: auto; text-style: bold; }
    ActionBar > ActionList, ActionBar > ActionList:focus {
        height: auto; max-height: 7; border: none; padding: 0; background: $surface;
    }
    """

    def __init__(self, prompt: Prompt, options: list[tuple[str, str]],
                 unavailable: list[tuple[str, str]] | None = None, **kw) -> None:
        super().__init__(**kw)
        self.prompt = prompt
        self.options = options  # (action, label)
        self.unavailable = unavailable or []

    def compose(self) -> ComposeResult:
        yield Static(self.prompt.text, classes="question")
        opts: list[Option] = []
        for i, (action, label) in enumerate(self.options):
            key = QUICK_KEYS[i] if i < len(QUICK_KEYS) else " "
            t = Text()
            t.append(f"{key} ", style="bold cyan")
            t.append(label)
            opts.append(Option(t, id=action))
        for j, (label, reason) in enumerate(self.unavailable):
            t = Text(f"✗ {label}: {reason}", style="dim")
            opts.append(Option(t, id=f"__unavailable_{j}", disabled=True))
        yield ActionList(*opts, id="actions")

    def on_mount(self) -> None:
        self.query_one(ActionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id and not event.option.disabled:
            self.post_message(SubmitAction(event.option.id))
