"""Choose a subset of items with keys: cards to pay, cards for a stack, tasks to keep.

Each item gets a key (1-9, 0, then letters, or keys the widget is given);
pressing it toggles the item. Equal items may share a key (a hand of 30 money
cards has at most 16 kinds, so its keys never run out): the key then takes one
more of them, and all of them back once every one is taken. Subclasses say
what the selection is worth or why it is not allowed (:meth:`assess`) and
what notation Enter sends (:meth:`action`). The engine still has the last word
on every submitted action.
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

    def __init__(self, question: str, items: list[str], keys: list[str] | None = None) -> None:
        super().__init__()
        self.question = question
        self.items = list(items)
        #: Each item's key ("": none); items sharing a key are equal (a group).
        self.keys = (
            list(keys)
            if keys is not None
            else [ITEM_KEYS[i] if i < len(ITEM_KEYS) else "" for i in range(len(self.items))]
        )
        self.selected: set[int] = set()

    def groups(self) -> list[list[int]]:
        """The items' indices by key, in order (an item with no key alone)."""
        out: dict[str, list[int]] = {}
        for i, key in enumerate(self.keys):
            out.setdefault(key or f" {i}", []).append(i)
        return list(out.values())

    def key_of(self, i: int) -> str:
        return self.keys[i] or "·"

    # ----- for subclasses ---------------------------------------------------------
    def item_text(self, item: str, on: bool) -> Text:
        return Text(("✓" if on else " ") + item, style="reverse" if on else "")

    def group_text(self, group: list[int]) -> Text:
        """A group of equal items: the item once, and how many are taken of how many."""
        taken = sum(i in self.selected for i in group)
        t = self.item_text(self.items[group[0]], taken > 0)
        if len(group) > 1:
            t.append(f" {taken}/{len(group)}" if taken else f" ×{len(group)}", style="dim")
        return t

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
        for group in self.groups():
            t.append(self.key_of(group[0]), style="bold cyan")
            t.append_text(self.group_text(group))
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
        if not ch or (self.can_pass and ch == "p"):
            return
        group = [i for i, key in enumerate(self.keys) if key == ch]
        if group:
            event.stop()
            free = [i for i in group if i not in self.selected]
            if free:
                self.selected.add(free[0])
            else:
                self.selected -= set(group)
            # Its height may change (a reason that wraps): laid out again, never cut.
            self.refresh(layout=True)

    def action_clear(self) -> None:
        self.selected.clear()
        self.refresh(layout=True)

    def action_confirm(self) -> None:
        self.post_message(SubmitAction(self.action(self.chosen)))

    def action_pass_(self) -> None:
        self.post_message(SubmitAction("pass"))
