"""The networked app: a lobby in front of the shared game screen.

:class:`NetApp` is the normal :class:`~florencia_tui.tui.app.FlorenciaApp`
with a :class:`LobbyScreen` where the home screen would be: create a table,
join a free seat by its code, spectate, see who is connected. Each game is the
usual :class:`~florencia_tui.tui.screens.game.GameScreen` over a
:class:`~florencia_tui.net.remote.RemoteTable`, fixed to this player's seat.
"""

from __future__ import annotations

import asyncio
import io
import time
from pathlib import Path

from rich.console import Console
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from florencia_tui.bots.base import BOT_KINDS
from florencia_tui.games import REGISTRY, available_games
from florencia_tui.net.remote import Connection, RemoteError
from florencia_tui.net.wire import DiffingDisplay
from florencia_tui.tui.app import FlorenciaApp
from florencia_tui.tui.screens.game import GameScreen

TUI_CSS = Path(__file__).resolve().parent.parent / "tui" / "app.tcss"

STATE_MARK = {
    "here": ("●", "green"),
    "away": ("◐", "yellow"),
    "gone": ("○", "red"),
    "open": ("·", "dim"),
    "bot": ("", "dim"),
    "seated": ("●", "green"),
}


def steady_cursors(screen: Screen) -> None:
    """No blinking text cursors: over SSH each blink is a repaint sent twice a second."""
    for box in screen.query(Input):
        box.cursor_blink = False


def table_text(t: dict) -> Text:
    text = Text()
    text.append(f"{t['code']:<5}", style="bold cyan")
    text.append(f" {t['title']}", style="bold")
    if t["state"] == "waiting":
        text.append(f" · waiting for {t['free']} player(s)", style="yellow")
    else:
        text.append(f" · {t['actions']} actions", style="dim")
    if t["mine"] is not None:
        text.append(" · your seat", style="bold green")
    elif t["free"] and t["state"] == "playing":
        text.append(f" · {t['free']} free seat(s)", style="green")
    text.append("\n   ")
    for i, s in enumerate(t["seats"]):
        if i:
            text.append(", ")
        mark, style = STATE_MARK.get(s["state"], ("", ""))
        if mark:
            text.append(mark + " ", style=style)
        text.append(s["name"], style="dim" if s["state"] in ("open", "bot") else "")
    return text


class NewTableScreen(ModalScreen[dict | None]):
    """Choose a game, how many other humans and how many bots (and how strong)."""

    BINDINGS = [("escape", "cancel", "Cancel"), ("f5", "create", "Create")]
    bot = "bot:random"
    hints = True  # the opener decides whether 'h' gives hints at this table

    def compose(self) -> ComposeResult:
        with Vertical(id="new-table"):
            yield Static("New table", classes="title")
            yield OptionList(
                *[
                    Option(g.title + f" ({g.min_players}-{g.max_players})", id=g.id)
                    for g in available_games()
                ],
                id="new-game",
            )
            with Horizontal(classes="row"):
                yield Label("Other human players", classes="field")
                yield Input("1", id="new-humans", type="integer", compact=True)
            with Horizontal(classes="row"):
                yield Label("Bots", classes="field")
                yield Input("0", id="new-bots", type="integer", compact=True)
                yield Button(BOT_KINDS[self.bot], id="new-bot", compact=True)
            with Horizontal(classes="row"):
                yield Label("Hints (h)", classes="field")
                yield Button("on", id="new-hints", compact=True)
            yield Button("Create", id="new-create", variant="primary", compact=True)
            yield Static(id="new-why")
            yield Static(
                "Tab moves; Enter on the bots' level changes it; Enter in a number "
                "creates the table.",
                classes="dim",
            )

    def on_mount(self) -> None:
        steady_cursors(self)
        games = self.query_one("#new-game", OptionList)
        games.highlighted = 0
        games.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.query_one("#new-humans", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_create()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "new-bot":  # cycle the bots' level
            kinds = list(BOT_KINDS)
            self.bot = kinds[(kinds.index(self.bot) + 1) % len(kinds)]
            event.button.label = BOT_KINDS[self.bot]
            return
        if event.button.id == "new-hints":
            self.hints = not self.hints
            event.button.label = "on" if self.hints else "off"
            return
        self.action_create()

    def action_create(self) -> None:
        games = self.query_one("#new-game", OptionList)
        option = games.highlighted_option or games.get_option_at_index(0)

        def number(selector: str) -> int:
            raw = self.query_one(selector, Input).value.strip()
            return int(raw) if raw.isdigit() else 0

        humans, bots = 1 + number("#new-humans"), number("#new-bots")
        info = REGISTRY[option.id]
        if not info.min_players <= humans + bots <= info.max_players:
            self.query_one("#new-why", Static).update(
                f"[b red]{info.title} takes {info.min_players}-{info.max_players} players"
                f"[/] (you, {humans - 1} other(s) and {bots} bot(s) make {humans + bots})."
            )
            return
        self.dismiss(
            {
                "game": option.id,
                "humans": humans,
                "bots": bots,
                "bot": self.bot,
                "hints": self.hints,
            }
        )

    def action_cancel(self) -> None:
        self.dismiss(None)


class LobbyScreen(Screen[None]):
    BINDINGS = [
        ("n", "new", "New table"),
        ("s", "spectate", "Spectate"),
        ("j", "code", "Join by code"),
        ("l", "leave_table", "Leave seat"),
        ("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby"):
            yield Static(id="lobby-title")
            yield Static("Tables", classes="section")
            yield OptionList(id="tables")
            yield Static("Who is here", classes="section")
            yield Static(id="people")
            with Horizontal(id="code-row"):
                yield Label("Table code", classes="field")
                yield Input(
                    id="code", placeholder="e.g. KQWX, then Enter", max_length=8, compact=True
                )
        yield Footer()

    _ready = False

    def on_mount(self) -> None:
        steady_cursors(self)
        self._ready = True
        self.query_one("#lobby-title", Static).update(
            f"[b]florencia[/b] · signed in as [b]{self.app.conn.user}[/b] · "
            "Enter joins a table, n opens a new one"
        )
        self.refresh_lobby()
        self.query_one("#tables", OptionList).focus()

    def on_screen_resume(self) -> None:
        self.refresh_lobby()

    def refresh_lobby(self) -> None:
        if not self._ready:
            return
        try:
            lobby = self.app.conn.call("lobby")
        except RemoteError as e:
            self.notify(str(e), severity="error")
            return
        self.tables = {t["code"]: t for t in lobby["tables"]}
        box = self.query_one("#tables", OptionList)
        keep = box.highlighted_option.id if box.highlighted_option else None
        box.clear_options()
        if not lobby["tables"]:
            box.add_option(
                Option(Text("no tables yet: press n to open one", style="dim"), disabled=True)
            )
        for t in lobby["tables"]:
            box.add_option(Option(table_text(t), id=t["code"]))
        if keep in self.tables:
            box.highlighted = box.get_option_index(keep)
        elif self.tables:
            box.highlighted = 0
        people = Text()
        for p in lobby["people"]:
            people.append("● ", style="green")
            people.append(p["user"], style="bold")
            people.append(f" {p['where']} ({p['via']})\n", style="dim")
        self.query_one("#people", Static).update(people)

    def _highlighted(self) -> dict | None:
        box = self.query_one("#tables", OptionList)
        opt = box.highlighted_option
        return self.tables.get(opt.id) if opt is not None and opt.id else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "tables" and event.option.id:
            self.app.join(event.option.id)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "code" and event.value.strip():
            self.app.join(event.value.strip())
            event.input.value = ""

    def action_new(self) -> None:
        def made(spec: dict | None) -> None:
            if spec is not None:
                self.app.create(spec)

        self.app.push_screen(NewTableScreen(), made)

    def action_spectate(self) -> None:
        t = self._highlighted()
        if t is not None:
            self.app.spectate(t["code"])

    def action_code(self) -> None:
        self.query_one("#code", Input).focus()

    def action_leave_table(self) -> None:
        t = self._highlighted()
        if t is None or t["state"] != "waiting" or t["mine"] is None:
            self.notify("Only a seat at a table that has not begun can be given up.")
            return
        try:
            self.app.conn.call("leave", code=t["code"])
        except RemoteError as e:
            self.notify(str(e), severity="error")
        self.refresh_lobby()


#: A spectator's screen redraws at most this often (seconds). Snapshots that
#: arrive in between are not drawn one by one: the next redraw shows the newest
#: (RemoteTable.sync), so a crowd watching a fast table spends its CPU on the
#: states a person can see, and the last state is always drawn.
SPECTATOR_FRAME = 0.1


class NetApp(DiffingDisplay, FlorenciaApp):
    """The app one networked player runs (under SSH, in a browser, or ForceCommand).

    Its output is the changed cells only (:mod:`florencia_tui.net.wire`)."""

    CSS_PATH = [TUI_CSS, "lobby.tcss"]
    TITLE = "florencia"
    #: The files this app could write are the server's: a log export is shown instead.
    writes_local_files = False

    def __init__(self, conn: Connection) -> None:
        """``conn``: the player's link to the table service, already signed in
        (by SSH, the browser's sign-in or the socket's peer account)."""
        super().__init__(store=_NoStore(), bot_delay=0)
        self.conn = conn  # type: ignore[assignment]
        self._refresh_queued = False
        self._next_frame = 0.0  # (monotonic) a spectator's next redraw, at the earliest

    def on_mount(self, event) -> None:
        event.prevent_default()  # not FlorenciaApp's home screen
        self._enter()

    def _print_error_renderables(self) -> None:
        """What Textual prints after an internal error (a traceback with source
        lines and server paths) goes to the service's log, never to the player."""
        if not self._exit_renderables:
            return
        from florencia_tui.net.client import report

        buf = io.StringIO()
        console = Console(file=buf, width=120, color_system=None, legacy_windows=False)
        for renderable in self._exit_renderables:
            console.print(renderable)
        self._exit_renderables.clear()
        report(self.conn, buf.getvalue())

    def _enter(self) -> None:
        loop = asyncio.get_running_loop()

        def sink(msg: dict) -> None:
            try:
                # Handled as a message of the app (in its context, in order).
                loop.call_soon_threadsafe(self.call_later, self._on_event, msg)
            except RuntimeError:  # the app has already closed
                pass

        self.conn.set_sink(sink)
        self.push_screen(LobbyScreen())
        if self.conn.resume:
            self.join(self.conn.resume)

    # ----- pushed events ----------------------------------------------------------
    def _on_event(self, msg: dict) -> None:
        event = msg.get("event")
        if event == "table":
            self._queue_refresh()
        elif event == "lobby":
            if isinstance(self.screen, LobbyScreen):
                self.screen.refresh_lobby()
        elif event == "started":
            if isinstance(self.screen, LobbyScreen):
                self.join(msg["code"])
        elif event == "closed":
            self.notify(
                "The table service has stopped; the game is saved. Reconnect to continue.",
                severity="error",
                timeout=30,
            )
            self.set_timer(2, self.exit)

    def _queue_refresh(self) -> None:
        """One redraw for any number of snapshots: at once for a player, no
        sooner than ``SPECTATOR_FRAME`` after the previous one for a spectator."""
        if self._refresh_queued:
            return
        self._refresh_queued = True
        table = self.conn.table
        wait = self._next_frame - time.monotonic()
        if table is not None and table.seat is None and wait > 0:
            self.set_timer(wait, self._refresh_game)
        else:
            self.call_next(self._refresh_game)

    async def _refresh_game(self) -> None:
        self._refresh_queued = False
        self._next_frame = time.monotonic() + SPECTATOR_FRAME
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen) and screen.table is self.conn.table:
                screen.call_later(self._redraw, screen)

    @staticmethod
    async def _redraw(screen: GameScreen) -> None:
        # Runs on the screen's own message queue, so a redraw in progress
        # always finishes on the snapshot it began with.
        change = screen.table.sync()
        if change == "presence" and hasattr(screen, "render_status"):
            screen.render_status()  # someone came or went: the status line only
        elif change:
            await screen.advance()

    # ----- tables -------------------------------------------------------------------
    def create(self, spec: dict) -> None:
        try:
            made = self.conn.call("create", **spec)
        except RemoteError as e:
            self.notify(str(e), severity="error")
            return
        if made["started"]:
            self.join(made["code"])
        else:
            self.notify(f"Table {made['code']} is open: others join it with that code.", timeout=10)
            if isinstance(self.screen, LobbyScreen):
                self.screen.refresh_lobby()

    def join(self, code: str) -> None:
        try:
            got = self.conn.call("join", code=code)
        except RemoteError as e:
            if "no free seat" in str(e):
                self.spectate(code)
                return
            self.notify(str(e), severity="error")
            return
        if not got["started"]:
            self.notify(f"You sit at table {got['code']}; it begins when every seat is taken.")
            if isinstance(self.screen, LobbyScreen):
                self.screen.refresh_lobby()
            return
        self._open(got["code"], got["seat"])

    def spectate(self, code: str) -> None:
        self._open(code, None)

    def _open(self, code: str, seat: int | None) -> None:
        try:
            table = self.conn.open_table(code, seat)
        except RemoteError as e:
            self.notify(str(e), severity="error")
            return
        self.table = table
        while not isinstance(self.screen, LobbyScreen):
            self.pop_screen()
        screen = GameScreen(table, bot_delay=0, seat=seat)
        self.push_screen(screen)
        self.call_after_refresh(steady_cursors, screen)

    def go_home(self) -> None:
        while len(self.screen_stack) > 1 and not isinstance(self.screen, LobbyScreen):
            self.pop_screen()
        if self.conn.table is not None:
            try:
                self.conn.close_table()
            except RemoteError:
                pass
        self.table = None
        if isinstance(self.screen, LobbyScreen):
            self.screen.refresh_lobby()


class _NoStore:
    """The networked app saves nothing itself: the service does."""

    def list(self, status: str | None = None) -> list:
        return []
