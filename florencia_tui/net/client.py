"""One player's terminal app, talking to the table service over its socket.

The SSH server runs this in a fresh PTY for every session; ``florencia
connect`` runs it in the terminal it was started from (an OpenSSH ForceCommand);
``florencia serve --web`` runs it for every browser tab (``--ask-name``).

    python -m florencia_tui.net.client --socket PATH [--user NAME] [--via ssh]
"""

from __future__ import annotations

import argparse
import fcntl
import os
import sys
import termios


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m florencia_tui.net.client")
    p.add_argument("--socket", required=True, help="the table service's Unix socket")
    p.add_argument("--user", default=None, help="the player's name (default: $USER)")
    p.add_argument("--via", default="local", help="shown in the lobby: ssh, web, local")
    p.add_argument("--ask-name", action="store_true",
                   help="ask the player's name first (browsers); names get '@VIA' appended")
    p.add_argument("--pty", action="store_true",
                   help="make stdin's terminal the controlling one (the SSH server's PTY)")
    args = p.parse_args(argv)
    if args.pty:
        try:
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        except OSError:
            pass

    from florencia_tui.net.lobby import NetApp
    from florencia_tui.net.remote import Connection, RemoteError

    def connect(user: str) -> Connection:
        return Connection(args.socket, user, via=args.via)

    if args.ask_name:
        app = NetApp(connect=connect, suffix=f"@{args.via}")
    else:
        user = args.user or os.environ.get("USER") or os.environ.get("LOGNAME") or ""
        try:
            conn = connect(user)
        except (OSError, RemoteError) as e:
            print(f"florencia: cannot join the table service at {args.socket}: {e}",
                  file=sys.stderr)
            return 1
        app = NetApp(conn)
    try:
        app.run()
    finally:
        if app.conn is not None:
            app.conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
