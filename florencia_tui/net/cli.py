"""``florencia serve`` and ``florencia connect``: the command-line side of networked play."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def add_parsers(sub) -> None:
    sv = sub.add_parser("serve", help="host shared tables over SSH (and --web in a browser)")
    sv.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default: 127.0.0.1; 0.0.0.0 for the network)",
    )
    sv.add_argument("--port", type=int, default=2222, help="SSH port (default 2222)")
    sv.add_argument(
        "--no-ssh",
        action="store_true",
        help="no SSH server: only the table service (for `florencia connect`)",
    )
    sv.add_argument(
        "--authorized-keys",
        metavar="FILE|DIR",
        help="public keys that may sign in: one file for everybody, or a "
        "directory holding a file per player name",
    )
    sv.add_argument(
        "--passwords",
        metavar="FILE",
        help="per-player passwords: NAME:HASH lines (made by `florencia passwd NAME --file FILE`)",
    )
    sv.add_argument(
        "--password-file",
        metavar="FILE",
        help="a shared password for any "
        "name without a key or password of its own (or $FLORENCIA_SSH_PASSWORD)",
    )
    sv.add_argument(
        "--open",
        action="store_true",
        help="no authentication at all; only allowed on a loopback address",
    )
    sv.add_argument("--web", action="store_true", help="also serve the app to browsers")
    sv.add_argument("--web-host", help="address for the browser server (default: --host)")
    sv.add_argument("--web-port", type=int, default=8000)
    sv.add_argument(
        "--web-origin",
        action="append",
        default=[],
        metavar="URL",
        help="another address browsers reach the page at (e.g. an HTTPS "
        "proxy's https://games.example.org); repeatable",
    )
    sv.add_argument(
        "--socket",
        help="the table service's Unix socket (default: server.sock in the data directory)",
    )
    sv.add_argument(
        "--socket-mode",
        default="600",
        help="its permissions in octal; 660 lets a group of OS accounts use `florencia connect`",
    )
    sv.add_argument("--bot-delay", type=float, default=0.5, help="seconds per bot move")
    sv.add_argument(
        "--notify-command",
        metavar="PROG",
        help="run PROG TABLE GAME PLAYER (never through a shell) when it becomes a player's "
        "move at a turn-based table, e.g. to send mail (docs/notify-mail.sh); default: none",
    )
    add_limits(sv)
    add_sign_in_limits(sv)
    sv.set_defaults(func=cmd_serve)
    cn = sub.add_parser(
        "connect", help="join a running server's lobby from this terminal (an OpenSSH ForceCommand)"
    )
    cn.add_argument(
        "--socket",
        help="the server's socket (default: $FLORENCIA_SOCKET, else the data directory's)",
    )
    cn.add_argument("--user", help="player name (default: $USER)")
    cn.set_defaults(func=cmd_connect)
    pw = sub.add_parser(
        "passwd", help="set a player's password in a passwords file (for `serve --passwords FILE`)"
    )
    pw.add_argument("name", help="the player's name (their SSH user name)")
    pw.add_argument("--file", required=True, help="the passwords file (made 0600)")
    pw.set_defaults(func=cmd_passwd)


def add_limits(sv) -> None:
    """The caps on what one client or player may hold (net/limits.py)."""
    from florencia_tui.net.limits import MAX_COLS, MAX_ROWS, Limits

    d = Limits()
    g = sv.add_argument_group(
        "limits",
        "what one client or player may hold at once (an app draws at most "
        f"{MAX_COLS}x{MAX_ROWS}; a larger window is told so)",
    )
    g.add_argument(
        "--max-preauth",
        type=_count,
        default=d.preauth,
        metavar="N",
        help=f"SSH connections not signed in yet, in all (default {d.preauth}); more are "
        "closed at once",
    )
    g.add_argument(
        "--max-preauth-per-address",
        type=_count,
        default=d.preauth_per_address,
        metavar="N",
        help=f"... and from one address (default {d.preauth_per_address})",
    )
    g.add_argument(
        "--login-timeout",
        type=_seconds,
        default=d.login_timeout,
        metavar="SECONDS",
        help=f"time an SSH client has to sign in (default {d.login_timeout:g})",
    )
    g.add_argument(
        "--max-sessions",
        type=_count,
        default=d.sessions_per_player,
        metavar="N",
        help=f"SSH connections, and sessions, per player (default {d.sessions_per_player})",
    )
    g.add_argument(
        "--max-tabs",
        type=_count,
        default=d.tabs_per_player,
        metavar="N",
        help=f"browser tabs per player (default {d.tabs_per_player})",
    )
    g.add_argument(
        "--max-tables",
        type=_count,
        default=d.tables_per_player,
        metavar="N",
        help=f"live tables one player sits at that wait or are played (default "
        f"{d.tables_per_player})",
    )
    g.add_argument(
        "--max-turn-tables",
        type=_count,
        default=d.turn_tables_per_player,
        metavar="N",
        help="turn-based tables one player sits at that wait or are played (default "
        f"{d.turn_tables_per_player})",
    )
    g.add_argument(
        "--max-web-connections",
        type=_count,
        default=d.web_connections,
        metavar="N",
        help=f"open connections to the web port, in all (default {d.web_connections}); more "
        "are closed at once",
    )
    g.add_argument(
        "--max-web-connections-per-address",
        type=_count,
        default=d.web_connections_per_address,
        metavar="N",
        help=f"... and from one address (default {d.web_connections_per_address})",
    )


def add_sign_in_limits(sv) -> None:
    """The attempt limits of password sign-ins (net/signin.py)."""
    from florencia_tui.net.signin import SignInLimits

    d = SignInLimits()
    g = sv.add_argument_group(
        "sign-in limits",
        "wrong passwords (SSH and browser together) make further attempts wait, "
        f"from {d.base_delay:g} s doubling each time; a name's count ends when it signs in",
    )
    g.add_argument(
        "--sign-in-tries",
        type=_count,
        default=d.free_per_name,
        metavar="N",
        help=f"wrong passwords for one name before attempts wait (default {d.free_per_name})",
    )
    g.add_argument(
        "--sign-in-tries-per-address",
        type=_count,
        default=d.free_per_address,
        metavar="N",
        help=f"... from one address, an IPv6 /64 (default {d.free_per_address})",
    )
    g.add_argument(
        "--sign-in-max-wait",
        type=_seconds,
        default=d.max_delay,
        metavar="SECONDS",
        help=f"the longest wait (default {d.max_delay:g})",
    )
    g.add_argument(
        "--password-checks",
        type=_count,
        default=d.hash_threads,
        metavar="N",
        help="password checks run at once, each a core for tens of milliseconds, off "
        f"the server's event loop (default {d.hash_threads})",
    )


def sign_in_limits_of(args):
    from florencia_tui.net.signin import SignInLimits

    return SignInLimits(
        free_per_name=args.sign_in_tries,
        free_per_address=args.sign_in_tries_per_address,
        max_delay=args.sign_in_max_wait,
        hash_threads=args.password_checks,
    )


def _count(text: str) -> int:
    """A whole number above 0 (an option's value)."""
    import argparse

    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError("give a whole number above 0")
    return int(text)


def _seconds(text: str) -> float:
    """A number of seconds above 0."""
    import argparse

    try:
        n = float(text)
    except ValueError:
        n = 0.0
    if not 0 < n < float("inf"):
        raise argparse.ArgumentTypeError("give a number of seconds above 0")
    return n


def limits_of(args):
    from florencia_tui.net.limits import Limits

    return Limits(
        preauth=args.max_preauth,
        preauth_per_address=args.max_preauth_per_address,
        login_timeout=args.login_timeout,
        sessions_per_player=args.max_sessions,
        tabs_per_player=args.max_tabs,
        tables_per_player=args.max_tables,
        turn_tables_per_player=args.max_turn_tables,
        web_connections=args.max_web_connections,
        web_connections_per_address=args.max_web_connections_per_address,
    )


def cmd_serve(args) -> int:
    from florencia_tui.net.server import FlorenciaServer, read_password, run
    from florencia_tui.net.sshd import Auth

    try:
        password = read_password(args.password_file)
    except OSError as e:  # never the file's name: it might be the password itself
        print(f"florencia serve: cannot read --password-file ({e.strerror})", file=sys.stderr)
        return 2
    except ValueError as e:  # (nor here)
        print(f"florencia serve: {e}", file=sys.stderr)
        return 2
    keys = Path(args.authorized_keys).expanduser() if args.authorized_keys else None
    passwords = Path(args.passwords).expanduser() if args.passwords else None
    auth = Auth(
        authorized_keys=keys,
        password=password,
        passwords=passwords,
        open=args.open,
        limits=sign_in_limits_of(args),
    )
    try:
        if not args.no_ssh:
            auth.check(args.host)
        if args.web:
            auth.check_web(args.web_host or args.host)
    except ValueError as e:
        print(f"florencia serve: {e}", file=sys.stderr)
        return 2
    if args.notify_command:
        from florencia_tui.net.notify import Notifier

        try:
            Notifier.check(args.notify_command)
        except ValueError as e:
            print(f"florencia serve: {e}", file=sys.stderr)
            return 2
    server = FlorenciaServer(
        host=args.host,
        port=None if args.no_ssh else args.port,
        auth=auth,
        socket=Path(args.socket) if args.socket else None,
        socket_mode=int(args.socket_mode, 8),
        web_host=args.web_host,
        web_port=args.web_port if args.web else None,
        web_origins=args.web_origin,
        bot_delay=args.bot_delay,
        limits=limits_of(args),
        notify_command=args.notify_command,
    )
    return run(server)


def cmd_passwd(args, stdin=None) -> int:
    """Add or change NAME's line in a passwords file; the password is asked
    twice on a terminal, or read as one line from a pipe."""
    import getpass

    from florencia_tui.net.passwords import set_password
    from florencia_tui.net.sshd import ssh_name_ok

    stdin = stdin or sys.stdin
    if not ssh_name_ok(args.name):
        print("florencia passwd: a name is letters, digits and . _ - (no @)", file=sys.stderr)
        return 2
    if stdin.isatty():
        password = getpass.getpass(f"password for {args.name}: ")
        if getpass.getpass("again: ") != password:
            print("florencia passwd: the two differ; nothing changed", file=sys.stderr)
            return 2
    else:
        password = stdin.readline().rstrip("\n")
    if len(password) < 8:
        print("florencia passwd: use at least 8 characters; nothing changed", file=sys.stderr)
        return 2
    set_password(Path(args.file).expanduser(), args.name, password)
    print(f"florencia passwd: {args.name}'s password is set in {args.file}")
    return 0


def cmd_connect(args) -> int:
    from florencia_tui.net.client import main as client_main
    from florencia_tui.net.protocol import default_socket
    from florencia_tui.store import data_dir

    sock = args.socket or os.environ.get("FLORENCIA_SOCKET") or str(default_socket(data_dir()))
    argv = ["--socket", sock, "--via", "ssh" if os.environ.get("SSH_CONNECTION") else "local"]
    if args.user:
        argv += ["--user", args.user]
    return client_main(argv)
