"""The game log: every entry in plain language with its round and phase,
filtered by player and by text, exportable as a .txt in the data directory.

It shows the log as one viewer may read it (the lines the table wrote for that
seat), so what the seat did not see stays hidden here too.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer, Input, RichLog, Static

from florencia_tui.gamelog import (
    LogLine,
    export_path,
    export_text,
    filter_lines,
    log_lines,
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
        ("x", "export", "Export .txt"),
    ]

    def __init__(self, table, viewer: int | None) -> None:
        super().__init__()
        self.table = table
        self.viewer = viewer
        self.seat_filter: int | None = None
        self.text_filter = ""
        self.exported = None

    def all_lines(self) -> list[LogLine]:
        entries = getattr(self.table, "entries", None)
        if entries is not None:
            return log_lines(entries, self.viewer)
        # A table without entries (a remote one) still gives its plain lines.
        return [LogLine(i, -1, "", text) for i, text in enumerate(self.table.log(self.viewer))]

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
        title = (f"[b]Game log[/b] as {viewer_label(names, self.viewer)} sees it · "
                 f"player: {who}")
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

    # ----- keys -------------------------------------------------------------------
    def action_search(self) -> None:
        self.query_one("#log-search", Input).focus()

    def action_player(self) -> None:
        n = len(self.table.names)
        self.seat_filter = 0 if self.seat_filter is None else self.seat_filter + 1
        if self.seat_filter >= n:
            self.seat_filter = None
        self.refresh_lines()

    def action_export(self) -> None:
        from florencia_tui.store import data_dir

        path = export_path(data_dir(), self.table.table_id, self.table.names, self.viewer)
        lines = self.shown()
        path.write_text(export_text(self.table.game_id, self.table.table_id, self.table.names,
                                    self.viewer, lines))
        self.exported = path
        self.refresh_lines()
        self.notify(f"Log written to {path}")

    def action_close(self) -> None:
        self.app.pop_screen()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "log-search":
            self.text_filter = event.value
            self.refresh_lines()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_one("#log-lines").focus()

    def on_key(self, event) -> None:
        box = self.query_one("#log-search", Input)
        if event.key == "escape" and box.has_focus:
            event.stop()
            self.query_one("#log-lines").focus()
