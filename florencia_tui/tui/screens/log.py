"""The game log: every entry in plain language with its round and phase,
filtered by player and by text, exportable as a .txt in the data directory
(over SSH or in a browser: shown as text to copy, never a file on the server).

It shows the log as one viewer may read it (the lines the table wrote for that
seat), so what the seat did not see stays hidden here too.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, RichLog, Static, TextArea

from florencia_tui.gamelog import (
    LogLine,
    export_path,
    export_text,
    filter_lines,
    viewer_label,
)


def styled(line: LogLine, status: bool = True) -> Text:
    """A log line for the screen: round/phase dim, undone entries struck through."""
    t = Text(f"{line.index + 1:>3}. " if status else f"{line.index + 1}. ", style="dim")
    if status and line.status:
        t.append(f"{line.status} · ", style="dim cyan")
    body = Text(line.text)
    if line.undone:
        body.stylize("strike dim")
        body.append(" (undone)", style="italic dim")
    elif line.is_undo:
        body.stylize("italic yellow")
    t.append_text(body)
    return t


class LogScreen(Screen[None]):
    BINDINGS = [
        ("escape", "close", "Back"),
        ("slash", "search", "Search"),
        ("p", "player", "Player filter"),
        ("x", "export", "Export"),
    ]

    #: What the screen shows: the player filter (None: everyone), the text
    #: filter and the file last exported. Changing one redraws the title and
    #: the lines (the watchers below).
    seat_filter: reactive[int | None] = reactive(None, init=False)
    text_filter: reactive[str] = reactive("", init=False)
    exported = reactive(None, init=False)

    def __init__(self, table, viewer: int | None) -> None:
        super().__init__()
        self.table = table
        self.viewer = viewer

    def all_lines(self) -> list[LogLine]:
        return self.table.log_lines(self.viewer)

    def compose(self) -> ComposeResult:
        yield Static(id="log-title")
        yield Input(id="log-search", placeholder="/ to filter by text (Enter: back to the list)")
        yield RichLog(id="log-lines", wrap=True, markup=False, auto_scroll=True)
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_lines()
        self.query_one("#log-lines").focus()

    def shown(self) -> list[LogLine]:
        return filter_lines(self.all_lines(), self.seat_filter, self.text_filter)

    def refresh_lines(self) -> None:
        lines = self.all_lines()
        shown = filter_lines(lines, self.seat_filter, self.text_filter)
        names = self.table.names
        who = "everyone" if self.seat_filter is None else names[self.seat_filter]
        title = f"[b]Game log[/b] as {viewer_label(names, self.viewer)} sees it · player: {who}"
        if self.text_filter:
            title += f" · text: “{self.text_filter}”"
        title += f" · {len(shown)}/{len(lines)} entries"
        if self.exported:
            title += f"\n[dim]saved {self.exported}[/]"
        self.query_one("#log-title", Static).update(title)
        log = self.query_one("#log-lines", RichLog)
        log.clear()
        for line in shown:
            log.write(styled(line))

    watch_seat_filter = watch_text_filter = watch_exported = refresh_lines

    # ----- keys -------------------------------------------------------------------
    def action_search(self) -> None:
        self.query_one("#log-search", Input).focus()

    def action_player(self) -> None:
        after = 0 if self.seat_filter is None else self.seat_filter + 1
        self.seat_filter = after if after < len(self.table.names) else None

    def action_export(self) -> None:
        """The shown entries as text. At one's own keyboard: a .txt in the data
        directory (mode 0600). In a networked app (SSH, browser) the data
        directory is the server's: nothing is written there for a player and
        no server path is shown; the text opens on screen to copy instead."""
        lines = self.shown()
        if not lines:
            self.notify("Nothing to export: no entry matches the filters.", severity="warning")
            return
        text = export_text(
            self.table.game_id, self.table.table_id, self.table.names, self.viewer, lines
        )
        what = self.export_summary(len(lines))
        if not getattr(self.app, "writes_local_files", True):
            self.app.push_screen(LogTextScreen(text, what))
            return
        from florencia_tui.store import data_dir, write_private

        path = write_private(
            export_path(data_dir(), self.table.table_id, self.table.names, self.viewer), text
        )
        self.exported = path
        self.notify(f"Wrote {what} to {path}")

    def export_summary(self, n: int) -> str:
        """What an export holds: how many entries, whose view, which filters."""
        names = self.table.names
        who = viewer_label(names, self.viewer)
        out = f"{n} log {'entry' if n == 1 else 'entries'} as {who} sees it"
        if self.seat_filter is not None:
            out += f", player {names[self.seat_filter]}"
        if self.text_filter:
            out += f", text “{self.text_filter}”"
        return out

    def action_close(self) -> None:
        self.app.pop_screen()

    @on(Input.Changed, "#log-search")
    def search_changed(self, event: Input.Changed) -> None:
        self.text_filter = event.value

    @on(Input.Submitted, "#log-search")
    def search_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_one("#log-lines").focus()

    def on_key(self, event) -> None:
        box = self.query_one("#log-search", Input)
        if event.key == "escape" and box.has_focus:
            event.stop()
            self.query_one("#log-lines").focus()


class LogTextScreen(ModalScreen[None]):
    """An exported log as text, to select and copy (or send to the terminal's
    clipboard with ``c``, OSC 52): what a networked player gets instead of a
    file on the server."""

    BINDINGS = [("escape", "close", "Back"), ("c", "copy", "Copy all")]
    DEFAULT_CSS = """
    LogTextScreen { align: center middle; }
    #log-text-box { width: 90%; height: 90%; border: heavy $accent; background: $surface; }
    #log-text-title { height: auto; padding: 0 1; }
    #log-text { height: 1fr; }
    """

    def __init__(self, text: str, what: str) -> None:
        super().__init__()
        self.text, self.what = text, what

    def compose(self) -> ComposeResult:
        with Vertical(id="log-text-box"):
            yield Static(
                f"[b]{self.what}[/b] · select to copy; c copies it all to your "
                "clipboard; Esc goes back",
                id="log-text-title",
            )
            yield TextArea(self.text, read_only=True, id="log-text", soft_wrap=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#log-text", TextArea).focus()

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(self.text)
        self.notify("Copied to your clipboard (if your terminal allows it).")

    def action_close(self) -> None:
        self.dismiss(None)
