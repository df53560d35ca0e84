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
"""

from __future__ import annotations

import codecs
import fcntl
import functools
import os
import sys
import termios
import threading

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


def main(argv: list[str] | None = None) -> int:
    from florencia_tui.cli import Parser

    p = Parser(prog="python -m florencia_tui.net.client")
    p.add_argument("--socket", required=True, help="the table service's Unix socket")
    p.add_argument("--user", default=None, help="the player's name (default: $USER)")
    p.add_argument("--via", default="local", help="shown in the lobby: ssh, web, local")
    p.add_argument(
        "--pty",
        action="store_true",
        help="make stdin's terminal the controlling one (the SSH server's PTY)",
    )
    args = p.parse_args(argv)
    if args.pty:
        try:
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        except OSError:
            pass
    lenient_input()

    from florencia_tui.net.lobby import NetApp
    from florencia_tui.net.remote import Connection, RemoteError

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
    app = NetApp(conn)
    try:
        app.run()
    finally:
        conn.close()
    return app.return_code or 0


if __name__ == "__main__":
    sys.exit(main())
