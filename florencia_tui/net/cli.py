"""``florencia serve`` and ``florencia connect``: the command-line side of networked play."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def add_parsers(sub) -> None:
    sv = sub.add_parser("serve", help="host shared tables over SSH (and --web in a browser)")
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on (default: "
                    "127.0.0.1; 0.0.0.0 for the network)")
    sv.add_argument("--port", type=int, default=2222, help="SSH port (default 2222)")
    sv.add_argument("--no-ssh", action="store_true",
                    help="no SSH server: only the table service (for `florencia connect`)")
    sv.add_argument("--authorized-keys", metavar="FILE|DIR",
                    help="public keys that may sign in: one file for everybody, or a "
                    "directory holding a file per player name")
    sv.add_argument("--password-file", metavar="FILE", help="a shared password "
                    "(or set $FLORENCIA_SSH_PASSWORD)")
    sv.add_argument("--open", action="store_true",
                    help="no authentication at all; only allowed on a loopback address")
    sv.add_argument("--web", action="store_true", help="also serve the app to browsers")
    sv.add_argument("--web-host", help="address for the browser server (default: --host)")
    sv.add_argument("--web-port", type=int, default=8000)
    sv.add_argument("--socket", help="the table service's Unix socket "
                    "(default: server.sock in the data directory)")
    sv.add_argument("--socket-mode", default="600", help="its permissions in octal; "
                    "660 lets a group of OS accounts use `florencia connect`")
    sv.add_argument("--bot-delay", type=float, default=0.5, help="seconds per bot move")
    cn = sub.add_parser("connect", help="join a running server's lobby from this terminal "
                        "(an OpenSSH ForceCommand)")
    cn.add_argument("--socket", help="the server's socket (default: $FLORENCIA_SOCKET, "
                    "else the data directory's)")
    cn.add_argument("--user", help="player name (default: $USER)")


def cmd_serve(args) -> int:
    from florencia_tui.net.server import FlorenciaServer, read_password, run
    from florencia_tui.net.sshd import Auth

    keys = Path(args.authorized_keys).expanduser() if args.authorized_keys else None
    auth = Auth(authorized_keys=keys, password=read_password(args.password_file),
                open=args.open)
    if not args.no_ssh:
        try:
            auth.check(args.host)
        except ValueError as e:
            print(f"florencia serve: {e}", file=sys.stderr)
            return 2
    server = FlorenciaServer(
        host=args.host, port=None if args.no_ssh else args.port, auth=auth,
        socket=Path(args.socket) if args.socket else None,
        socket_mode=int(args.socket_mode, 8), web_host=args.web_host,
        web_port=args.web_port if args.web else None, bot_delay=args.bot_delay)
    return run(server)


def cmd_connect(args) -> int:
    from florencia_tui.net.client import main as client_main
    from florencia_tui.net.protocol import default_socket
    from florencia_tui.store import data_dir

    sock = args.socket or os.environ.get("FLORENCIA_SOCKET") or str(default_socket(data_dir()))
    argv = ["--socket", sock, "--via", "ssh" if os.environ.get("SSH_CONNECTION") else "local"]
    if args.user:
        argv += ["--user", args.user]
    return client_main(argv)
