"""One player's terminal app, talking to the table service over its socket.

The SSH server runs this in a fresh PTY for every session; ``florencia
connect`` runs it in the terminal it was started from (an OpenSSH ForceCommand);
``florencia serve --web`` runs it for every signed-in browser tab.

    python -m florencia_tui.net.client --socket PATH [--user NAME] [--via ssh]

Whatever reaches this terminal reaches a player, so nothing from the server's
inside does: an internal error is reported to the table service, which logs
it, and the player reads one plain line (no traceback, path or source line).
Input that is not valid UTF-8 (a Latin-1 terminal) is read with replacement
characters instead of ending the app.

:class:`NetApp` is the normal :class:`~florencia_tui.tui.app.FlorenciaApp`
with the lobby (:mod:`florencia_tui.tui.screens.lobby`) where the home screen
would be. Each game is the usual
:class:`~florencia_tui.tui.screens.game.GameScreen` over a
:class:`~florencia_tui.net.remote.RemoteTable`, fixed to this player's seat.
"""

from __future__ import annotations

import asyncio
import codecs
import fcntl
import functools
import io
import os
import signal
import sys
import termios
import threading
import time
from pathlib import Path

from rich.color import ColorSystem
from rich.console import COLOR_SYSTEMS, Console
from rich.control import Control
from textual import events
from textual.geometry import Size

from florencia_tui.net.limits import MAX_COLS, MAX_ROWS
from florencia_tui.net.remote import Connection, RemoteError
from florencia_tui.net.shared import MARK_ENV, marker
from florencia_tui.net.wire import DiffingDisplay
from florencia_tui.tui.app import FlorenciaApp
from florencia_tui.tui.screens.game import GameScreen
from florencia_tui.tui.screens.lobby import LOBBY_CSS, LobbyScreen, steady_cursors

TUI_CSS = Path(__file__).resolve().parent.parent / "tui" / "app.tcss"

INTERNAL_ERROR = (
    "florencia: the app stopped on an internal error (the server keeps the "
    "details). Sign in again: your seat is kept."
)


def lenient_input() -> None:
    """Textual's terminal driver decodes keys as strict UTF-8 (one stray byte
    ends the app); decode with replacement characters instead."""
    from textual.drivers import linux_driver

    def decoder(encoding: str):
        return functools.partial(codecs.getincrementaldecoder(encoding), errors="replace")

    linux_driver.getincrementaldecoder = decoder


def report(conn, text: str) -> None:
    """Send an internal error's text to the service's log (never to the player)."""
    if conn is not None:
        try:
            conn.call("report", text=text[-20000:])
        except Exception:  # noqa: BLE001 - the link may be what broke
            pass
    print(INTERNAL_ERROR, file=sys.stderr)


#: A spectator's screen redraws at most this often (seconds). Snapshots that
#: arrive in between are not drawn one by one: the next redraw shows the newest
#: (RemoteTable.sync), so a crowd watching a fast table spends its CPU on the
#: states a person can see, and the last state is always drawn.
SPECTATOR_FRAME = 0.1
#: A spectator idle this long (seconds without a key) on the plain game screen
#: follows the table's shared rendering (florencia_tui.net.shared) and stops
#: redrawing; any key brings its own screen back.
FOLLOW_IDLE = 1.0
#: ... and only once its own screen has been drawn: no frame for this long.
#: A renderer's first whole screen waits for this too (or FIRST_FULL at most).
FRAME_QUIET = 0.3
FIRST_FULL = 1.0


class NetApp(DiffingDisplay, FlorenciaApp):
    """The app one networked player runs (under SSH, in a browser, or ForceCommand).

    Its output is the changed cells only (:mod:`florencia_tui.net.wire`)."""

    CSS_PATH = [TUI_CSS, LOBBY_CSS]
    TITLE = "florencia"
    #: The files this app could write are the server's: a log export is shown instead.
    writes_local_files = False

    def __init__(
        self, conn: Connection, mark: str | None = None, render: str | None = None
    ) -> None:
        """``conn``: the player's link to the table service, already signed in
        (by SSH, the browser's sign-in or the socket's peer account).

        ``mark``: the SSH server's secret for this app's markers
        (florencia_tui.net.shared); with it, a spectator idle on the game
        screen follows the table's shared rendering. ``render``: this app *is*
        that shared rendering, of table ``render``, for the SSH server."""
        super().__init__(store=_NoStore(), bot_delay=0)
        self.conn = conn  # type: ignore[assignment]
        self.mark = mark
        self.render_code = render
        self.following = False  # the SSH server shows the shared view, not us
        self._stale = False  # a change came while following: redraw on taking over
        self._last_input = time.monotonic()
        self._want_full = False  # (renderer) a whole screen is asked for
        self._last_frame = time.monotonic()  # when this app last drew
        self._first_game_frame: float | None = None  # (renderer) its first game screen
        self._refresh_queued = False
        self._next_frame = 0.0  # (monotonic) a spectator's next redraw, at the earliest
        self.oversize = False  # the window is larger than the app draws (MAX_COLS x MAX_ROWS)
        # What Textual prints after an internal error (a traceback with source
        # lines and server paths) goes to its error console: here a buffer that
        # report_errors sends to the service's log, never to the player.
        self._error_text = io.StringIO()
        self.error_console = Console(
            file=self._error_text,
            width=120,
            color_system=None,
            legacy_windows=False,
            markup=False,
            highlight=False,
        )

    def on_mount(self, event) -> None:
        event.prevent_default()  # not FlorenciaApp's home screen
        self._enter()

    def report_errors(self) -> None:
        """Send what the app's error console took (once the app has stopped)
        to the service's log; the player reads one plain line."""
        text = self._error_text.getvalue()
        if text:
            self._error_text.seek(0)
            self._error_text.truncate()
            report(self.conn, text)

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
        if self.render_code is not None:
            self.spectate(self.render_code)
            if self.table is None:  # no such table (any more): nothing to show
                self.exit(1)
                return
        elif self.conn.resume:
            self.join(self.conn.resume)
        if self.mark is not None:
            loop.add_signal_handler(signal.SIGUSR1, self._signalled)
            if self.render_code is None:
                self.set_interval(FOLLOW_IDLE / 4, self._maybe_follow)
            else:
                self._first_full_timer = self.set_interval(0.1, self._first_full)

    # ----- a shared rendering for idle spectators (florencia_tui.net.shared) --------
    def _signalled(self) -> None:
        """SIGUSR1 from the SSH server: a renderer writes a whole screen for
        the spectators who join; a follower's own app takes over."""
        self.call_later(self._send_full if self.render_code is not None else self.take_over)

    def _write_mark(self, *words: str) -> None:
        if self._driver is not None and self.mark is not None:
            self._driver.write(marker(self.mark, *words))
            self._driver.flush()

    def _maybe_follow(self) -> None:
        """Follow the shared rendering when this app would draw just what it
        draws: a spectator, idle, on the table's plain game screen."""
        table = self.conn.table
        if (
            self.following
            or table is None
            or table.seat is not None
            or not isinstance(self.screen, GameScreen)
            or self.screen.table is not table
            or self.screen.query("Toast")
            or self._refresh_queued
            or time.monotonic() - self._last_input < FOLLOW_IDLE
            or time.monotonic() - self._last_frame < FRAME_QUIET
        ):
            return
        self.following = True
        self._write_mark("follow", table.code)

    def take_over(self) -> None:
        """Draw this app's own screen again, whole: the terminal shows the
        shared view's (or whatever came between), not what our ScreenDiff holds."""
        self._last_input = time.monotonic()
        self.following = False
        self._write_mark("own")
        shadow = getattr(self, "_screen_diff", None)
        if shadow is not None:
            shadow.reset(0, 0)  # every cell unknown: the next frame is drawn whole
        self._diff_cursor = None
        if self._stale:
            self._stale = False
            self._queue_refresh()
        self.screen.refresh()

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Resize):
            self._clamp_window(event)
        if isinstance(event, (events.InputEvent, events.Paste)):
            self._last_input = time.monotonic()
            if self.following:  # a key reached us before the server's signal
                self.take_over()
        await super().on_event(event)

    def _clamp_window(self, event: events.Resize) -> None:
        """The app draws at most ``MAX_COLS`` x ``MAX_ROWS`` (any real terminal
        is smaller; a window of 65535x65535, from SSH or a browser, would grow
        the app without bound): a larger window shows it in its top-left
        corner, and a note says so each time the window grows past that."""
        width, height = event.size
        fit = Size(min(width, MAX_COLS), min(height, MAX_ROWS))
        oversize = fit != event.size
        if oversize:
            event.size = event.virtual_size = event.container_size = fit
            if not self.oversize:
                self.call_later(
                    self.notify,
                    "Your window is larger than the game draws.\n"
                    f"It uses the top-left {MAX_COLS}x{MAX_ROWS} of {width}x{height}.",
                    severity="warning",
                    timeout=20,
                )
        self.oversize = oversize

    def _first_full(self) -> None:
        """(Renderer) its first whole screen, once drawn: after FRAME_QUIET
        without a frame, or FIRST_FULL after the game screen's first frame."""
        if self._first_game_frame is None:
            return
        now = time.monotonic()
        if now - self._last_frame >= FRAME_QUIET or now - self._first_game_frame >= FIRST_FULL:
            self._first_full_timer.stop()
            self._send_full()

    def _send_full(self) -> None:
        """(Renderer) the whole screen between two markers, for the joining
        spectators only; at once if it is drawn, else after the next frame."""
        shadow = getattr(self, "_screen_diff", None)
        if not isinstance(self.screen, GameScreen) or shadow is None or not shadow.known():
            self._want_full = True
            return
        self._want_full = False
        color_system = COLOR_SYSTEMS.get(self.console.color_system or "", ColorSystem.TRUECOLOR)
        cursor = Control.move_to(
            *self.screen.outer_size.clamp_offset(self.cursor_position)
        ).segment.text
        if self._driver is not None and self.mark is not None:
            self._driver.write(
                marker(self.mark, "full")
                + "\x1b[0m"
                + shadow.repaint(color_system)
                + cursor
                + marker(self.mark, "end")
            )
            self._driver.flush()

    def frame_written(self) -> None:
        self._last_frame = time.monotonic()
        if self._first_game_frame is None and isinstance(self.screen, GameScreen):
            self._first_game_frame = self._last_frame
        if self._want_full:
            self._send_full()

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
        if self.following:  # the SSH server shows the shared view: no redraw of ours
            self._stale = True
            return
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


def main(argv: list[str] | None = None) -> int:
    from florencia_tui.parser import Parser

    p = Parser(prog="python -m florencia_tui.net.client")
    p.add_argument("--socket", required=True, help="the table service's Unix socket")
    p.add_argument("--user", default=None, help="the player's name (default: $USER)")
    p.add_argument("--via", default="local", help="shown in the lobby: ssh, web, local")
    p.add_argument(
        "--pty",
        action="store_true",
        help="make stdin's terminal the controlling one (the SSH server's PTY)",
    )
    p.add_argument(
        "--render",
        default=None,
        metavar="CODE",
        help="(the SSH server's) the shared rendering of table CODE for its spectators",
    )
    args = p.parse_args(argv)
    mark = os.environ.pop(MARK_ENV, None)
    if args.pty:
        try:
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        except OSError:
            pass
    lenient_input()

    user = args.user or os.environ.get("USER") or os.environ.get("LOGNAME") or ""
    try:
        conn = Connection(args.socket, user, via=args.via)
    except (OSError, RemoteError) as e:
        # No socket path here: over SSH that would be a server path.
        why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        print(f"florencia: cannot join the table service ({why})", file=sys.stderr)
        return 1

    def quiet_hook(exc_type, exc, tb) -> None:
        import traceback

        report(conn, "".join(traceback.format_exception(exc_type, exc, tb)))

    sys.excepthook = quiet_hook
    threading.excepthook = lambda a: quiet_hook(a.exc_type, a.exc_value, a.exc_traceback)
    app = NetApp(conn, mark=mark, render=args.render)
    try:
        app.run()
    finally:
        app.report_errors()
        conn.close()
    return app.return_code or 0


if __name__ == "__main__":
    sys.exit(main())
