"""Choose a subset of items with keys: cards to pay, cards for a stack, tasks to keep.

Each item gets a key (1-9, 0, then letters); pressing it toggles the item.
Subclasses say what the selection is worth or why it is not allowed
(:meth:`assess`) and what notation Enter sends (:meth:`action`). The engine
still has the last word on every submitted action.
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.widget import Widget

from florencia_tui.tui.messages import SubmitAction
from florencia_tui.tui.widgets.common.keys import keys_without

# Keys that toggle the n-th item; 'c' (clear) and 'p' (pass) stay free, and so
# do the screen's 'l' (log) and 'u' (undo).
ITEM_KEYS = keys_without("cp")


class ToggleSelector(Widget, can_focus=True):
    DEFAULT_CSS = """
    ToggleSelector { height: auto; padding: 0; }
    ToggleSelector:focus { background: $boost; }
    """

    # Not in the footer: the selector's own first line names them, and the
    # footer then stays the same for every decision (over SSH a footer that
    # changes is its whole row sent again, ~0.6 KiB).
    BINDINGS = [
        Binding("enter", "confirm", "Confirm", show=False),
        Binding("c", "clear", "Clear", show=False),
        Binding("p", "pass_", "Pass", show=False),
    ]

    #: Whether 'p' sends ``pass`` for this decision.
    can_pass = False

    def __init__(self, question: str, items: list[str]) -> None:
        super().__init__()
        self.question = question
        self.items = list(items)
        self.selected: set[int] = set()

    # ----- for subclasses ---------------------------------------------------------
    def item_text(self, item: str, on: bool) -> Text:
        return Text(("✓" if on else " ") + item, style="reverse" if on else "")

    def assess(self, chosen: list[str]) -> tuple[str | None, Text]:
        """(problem or None, a line describing the selection)."""
        return None, Text(f"{len(chosen)} chosen")

    def action(self, chosen: list[str]) -> str:
        raise NotImplementedError

    # ----- behaviour --------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "pass_":
            return self.can_pass
        return True

    def on_mount(self) -> None:
        self.focus()

    @property
    def chosen(self) -> list[str]:
        return [self.items[i] for i in sorted(self.selected)]

    def render(self) -> Text:
        t = Text()
        t.append(self.question, style="bold")
        t.append(
            "  (key toggles, c clears, Enter confirms"
            + (", p passes)\n" if self.can_pass else ")\n"),
            style="dim",
        )
        for i, item in enumerate(self.items):
            t.append(ITEM_KEYS[i] if i < len(ITEM_KEYS) else "?", style="bold cyan")
            t.append_text(self.item_text(item, i in self.selected))
            t.append("  ")
        t.append("\n")
        problem, line = self.assess(self.chosen)
        t.append_text(line)
        t.append("\n")
        if problem:
            t.append(f"✗ {problem}", style="red")
        else:
            t.append("✓ legal: press Enter", style="green")
        return t

    def on_key(self, event) -> None:
        ch = event.character
        if ch and ch in ITEM_KEYS and not (self.can_pass and ch == "p"):
            i = ITEM_KEYS.index(ch)
            if i < len(self.items):
                event.stop()
                self.selected ^= {i}
                self.refresh()

    def action_clear(self) -> None:
        self.selected.clear()
        self.refresh()

    def action_confirm(self) -> None:
        self.post_message(SubmitAction(self.action(self.chosen)))

    def action_pass_(self) -> None:
        self.post_message(SubmitAction("pass"))
