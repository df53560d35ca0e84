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
    total: int,
    visible: int,
    last: tuple[str, Text] | None,
    above: int = 0,
    width: int | None = None,
) -> Text | None:
    """The line under a list of ``total`` rows longer than ``visible``: how many
    rows are out of sight above and below, and the last playable option with
    its key (often the one a player looks for, such as Palazzo's "Auction"
    after every purchase). Cut with "…" to ``width`` cells."""
    if total <= visible:
        return None
    below = max(0, total - visible - above)
    t = Text()
    if above:
        t.append(f"▲ {above} more above (↑ or PgUp)", style="bold yellow")
    if above and below:
        t.append(" · ", style="dim")
    if below:
        t.append(f"▼ {below} more below (↓ or PgDn)", style="bold yellow")
    if last is not None and below:
        key, label = last
        t.append(" · last: ", style="dim")
        t.append(f"{key} ", style="bold cyan")
        t.append_text(label)
    if width is not None and t.cell_len > width:
        t.truncate(max(1, width - 1))
        t.append("…", style="dim")
    return t


class MoreLine(Static):
    """The ▲/▼ line under a list that scrolls (:func:`more_line`), kept true
    as the list scrolls and fitted to its own width."""

    DEFAULT_CSS = "MoreLine { height: 1; width: 1fr; }"

    def __init__(self, total: int, visible: int, last: tuple[str, Text] | None, **kw) -> None:
        super().__init__(more_line(total, visible, last) or "", **kw)
        # (not "visible": a Widget's visibility)
        self.total, self.rows, self.last = total, visible, last
        self.above = 0

    def show(self, above: int | None = None) -> None:
        if above is not None:
            self.above = max(0, min(above, self.total - self.rows))
        self.update(more_line(self.total, self.rows, self.last, self.above, self.size.width))

    def on_resize(self) -> None:
        self.show()


class ActionList(OptionList):
    """Legal actions; arrows + Enter, or the key shown beside an action.

    PgUp/PgDn page through a list longer than its rows; a list that fits
    leaves them to the screen, which scrolls the board. The panel's
    :class:`MoreLine` (``more``) follows the list's scrolling."""

    more: MoreLine | None = None

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if self.more is not None and round(old_value) != round(new_value):
            self.more.show(round(new_value))

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
        lst = ActionList(
            *opts, id="actions", keys={k: a for k, (a, _) in zip(keys, self.options) if k != " "}
        )
        yield lst
        if len(opts) > VISIBLE_ROWS:
            lst.more = MoreLine(len(opts), VISIBLE_ROWS, rows[-1] if rows else None, id="list-more")
            yield lst.more

    def on_mount(self) -> None:
        for found in self.query(ActionList).results():  # none: already replaced
            found.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id and not event.option.disabled:
            self.post_message(SubmitAction(event.option.id))
