"""The Architects prompt panel: a list of the legal answers with keys, and a
preview line for the highlighted one.

It behaves as every menu does (the generic action list): a key plays its row
at once; ↑ ↓ move the highlight, and the preview says what that row brings
(a worker's yield, a card's cost); PgUp/PgDn page a list longer than its rows,
else they scroll the board.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from florencia_tui.games.architects.ui.choices import Row
from florencia_tui.tui.messages import SubmitAction
from florencia_tui.tui.widgets.common.actionbar import ActionList, MoreLine

#: Rows of choices shown before the list scrolls.
VISIBLE_ROWS = 6


#: The preview's height at the most (rows), so the choices keep their room at 80x24.
PREVIEW_ROWS = 3


def preview_text(detail: str) -> Text:
    t = Text()
    if detail:
        t.append("→ ", style="bold cyan")
        t.append(detail)
    return t


class Preview(Widget):
    """The preview line(s): as many rows as the longest preview of this decision
    needs at the panel's width (up to ``PREVIEW_ROWS``), set once per decision
    and size, so a new text repaints this widget alone (no layout pass, no
    extra frame for the board's scrollbars) and no preview is cut short."""

    text: reactive[Text] = reactive(Text, layout=False)

    def __init__(self, details: list[str], **kw) -> None:
        super().__init__(**kw)
        self.details = details

    def render(self) -> Text:
        return self.text

    def rows_needed(self, width: int) -> int:
        """The rows the longest of this decision's previews wraps to at ``width``."""
        if width <= 0:
            return 1
        console = self.app.console
        rows = [len(preview_text(d).wrap(console, width)) for d in self.details if d]
        return max(1, min(PREVIEW_ROWS, max(rows, default=1)))

    def on_resize(self, event) -> None:
        height = self.rows_needed(event.size.width)
        if self.styles.height is None or self.styles.height.value != height:
            self.styles.height = height


class ChoiceList(ActionList):
    """The generic action list, which also shows each highlighted row's preview."""

    def __init__(self, *options, keys: dict[str, str], on_highlight=None, **kw) -> None:
        self.on_highlight = on_highlight
        super().__init__(*options, keys=keys, **kw)

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        # The preview is updated here, in the same pass as the highlight, so
        # both reach the screen in one frame (a message would cost a frame).
        if highlighted is not None and self.on_highlight is not None and self.is_mounted:
            self.on_highlight(self.get_option_at_index(highlighted).id)


class ChoicePanel(Vertical):
    DEFAULT_CSS = """
    ChoicePanel { height: auto; }
    ChoicePanel > .question { height: 1; }
    ChoicePanel > ChoiceList, ChoicePanel > ChoiceList:focus {
        height: auto; max-height: 6; border: none; padding: 0; background: $surface;
    }
    ChoicePanel > .preview { height: 2; color: $text-muted; }  /* until on_resize fits it */
    """

    def __init__(
        self,
        question: str,
        rows: list[Row],
        unavailable: list[tuple[str, str]] | None = None,
        **kw,
    ) -> None:
        super().__init__(**kw)
        self.question = question
        self.rows = rows
        self.unavailable = unavailable or []
        self.details = {r.action: r.detail for r in rows}

    def compose(self) -> ComposeResult:
        yield Static(Text(self.question, style="bold"), classes="question")
        opts: list[Option] = []
        for r in self.rows:
            t = Text()
            t.append(f"{r.key or ' '} ", style="bold cyan")
            t.append_text(r.label)
            opts.append(Option(t, id=r.action))
        for j, (label, reason) in enumerate(self.unavailable):
            opts.append(
                Option(
                    Text(f"✗ {label}: {reason}", style="dim"),
                    id=f"__unavailable_{j}",
                    disabled=True,
                )
            )
        keys = {r.key: r.action for r in self.rows if r.key}
        lst = ChoiceList(*opts, keys=keys, id="actions", on_highlight=self._preview)
        yield lst
        if len(opts) > VISIBLE_ROWS:
            last = self.rows[-1] if self.rows else None
            lst.more = MoreLine(
                len(opts),
                VISIBLE_ROWS,
                (last.key or " ", last.label) if last else None,
                id="list-more",
            )
            yield lst.more
        yield Preview([r.detail for r in self.rows], classes="preview", id="preview")

    def on_mount(self) -> None:
        found = self.query(ChoiceList)
        if not found:  # a newer decision replaced this panel before it was mounted
            return
        lst = found.first()
        lst.focus()
        if self.rows:
            lst.highlighted = 0
            self._preview(self.rows[0].action)

    def _preview(self, action: str | None) -> None:
        self.query_one("#preview", Preview).text = preview_text(self.details.get(action or "", ""))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()  # the list has already updated the preview

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id and not event.option.disabled:
            self.post_message(SubmitAction(event.option.id))
