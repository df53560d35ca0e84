"""The action bar: the current decision and every legal answer, with keys."""

from __future__ import annotations

from rich.text import Text
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from florencia_tui.core.game import Prompt
from florencia_tui.tui.messages import SubmitAction
from florencia_tui.tui.widgets.common.keys import ACTION_KEYS

QUICK_KEYS = ACTION_KEYS
#: Rows of options the action bar shows before the list scrolls.
VISIBLE_ROWS = 7


def more_line(
    total: int, visible: int, last: tuple[str, Text] | None, scroll: str = "↓ or PgDn"
) -> Text | None:
    """The line under a list of ``total`` rows longer than ``visible``: it says
    that the list goes on and names its last playable option with its key
    (often the one a player looks for, such as Palazzo's "Auction" after every
    purchase)."""
    if total <= visible:
        return None
    t = Text(f"▼ {total - visible} more below ({scroll})", style="bold yellow")
    if last is None:
        return t
    key, label = last
    t.append(" · last: ", style="dim")
    t.append(f"{key} ", style="bold cyan")
    t.append_text(label)
    t.truncate(200)
    return t


class ActionList(OptionList):
    """Legal actions; arrows + Enter, or the key shown beside an action.

    PgUp/PgDn page through a list longer than its rows; a list that fits
    leaves them to the screen, which scrolls the board."""

    def action_page_down(self) -> None:
        if self.max_scroll_y == 0:
            raise SkipAction()
        super().action_page_down()

    def action_page_up(self) -> None:
        if self.max_scroll_y == 0:
            raise SkipAction()
        super().action_page_up()

    def __init__(self, *options: Option, keys: dict[str, str] | None = None, **kw) -> None:
        super().__init__(*options, **kw)
        self.keys = keys or {}  # key -> action

    def on_key(self, event) -> None:
        action = self.keys.get(event.character or "")
        if action is not None:
            event.stop()
            event.prevent_default()
            self.post_message(SubmitAction(action))


def assign_keys(actions: list[str], fixed: dict[str, str]) -> list[str]:
    """Each action's key: its fixed one, else the next key of QUICK_KEYS that no
    fixed key took (" " when the keys run out)."""
    free = iter(k for k in QUICK_KEYS if k not in set(fixed.values()))
    return [fixed[a] if a in fixed else next(free, " ") for a in actions]


class ActionBar(Vertical):
    """Generic prompt renderer: works for every decision of every game."""

    DEFAULT_CSS = """
    ActionBar { height: auto; }
    ActionBar > .question { height: auto; text-style: bold; }
    ActionBar > ActionList, ActionBar > ActionList:focus {
        height: auto; max-height: 7; border: none; padding: 0; background: $surface;
    }
    ActionBar > .more { height: 1; width: 1fr; }
    """

    def __init__(
        self,
        prompt: Prompt,
        options: list[tuple[str, str]],
        unavailable: list[tuple[str, str]] | None = None,
        keys: dict[str, str] | None = None,
        **kw,
    ) -> None:
        super().__init__(**kw)
        self.prompt = prompt
        self.options = options  # (action, label)
        self.unavailable = unavailable or []
        self.fixed_keys = keys or {}  # action -> key (GameUI.option_keys)

    def compose(self) -> ComposeResult:
        yield Static(self.prompt.text, classes="question")
        opts: list[Option] = []
        rows: list[tuple[str, Text]] = []
        keys = assign_keys([a for a, _ in self.options], self.fixed_keys)
        for key, (action, label) in zip(keys, self.options):
            t = Text()
            t.append(f"{key} ", style="bold cyan")
            t.append(label)
            opts.append(Option(t, id=action))
            rows.append((key, Text(label)))
        for j, (label, reason) in enumerate(self.unavailable):
            t = Text(f"✗ {label}: {reason}", style="dim")
            opts.append(Option(t, id=f"__unavailable_{j}", disabled=True))
        yield ActionList(
            *opts, id="actions", keys={k: a for k, (a, _) in zip(keys, self.options) if k != " "}
        )
        more = more_line(len(opts), VISIBLE_ROWS, rows[-1] if rows else None)
        if more is not None:
            yield Static(more, classes="more", id="list-more")

    def on_mount(self) -> None:
        self.query_one(ActionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id and not event.option.disabled:
            self.post_message(SubmitAction(event.option.id))
