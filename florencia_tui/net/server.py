"""``florencia serve``: the table service, its socket, SSH and the browser.

One process holds every table (:class:`~florencia_tui.net.service.TableService`)
and listens on a Unix socket for the players' apps. The SSH server starts one
app per session in a PTY; ``--web`` serves the same app to browsers through
textual-serve (one app per tab, on pipes); both fork their apps from one app
zygote (:mod:`florencia_tui.net.zygote`); ``florencia connect`` (an OpenSSH
ForceCommand) joins the same socket from a login shell's terminal.
"""

from __future__ import annotations

import asyncio
import logging
import os
import shlex
import signal
import sys
import time
from pathlib import Path

from florencia_tui.net import sshd
from florencia_tui.net.limits import Limits, Quota
from florencia_tui.net.notify import Notifier
from florencia_tui.net.protocol import default_socket
from florencia_tui.net.service import TableService
from florencia_tui.net.zygote import Zygote
from florencia_tui.store import Store, data_dir, private_dir

log = logging.getLogger("florencia.serve")


class FlorenciaServer:
    """Everything ``florencia serve`` runs, startable and stoppable from a test."""

    def __init__(
        self,
        *,
        host: str = "127.0.0.1",
        port: int | None = 2222,
        auth: sshd.Auth | None = None,
        socket: Path | None = None,
        socket_mode: int = 0o600,
        data: Path | None = None,
        web_host: str | None = None,
        web_port: int | None = None,
        web_origins: list[str] | tuple = (),
        bot_delay: float = 0.5,
        python: str = sys.executable,
        zygote: bool = True,
        limits: Limits | None = None,
        clock=time.time,
        notify_command: str | None = None,
    ) -> None:
        """``zygote``: SSH sessions' and browser tabs' apps are forked from a
        pre-imported app (:mod:`florencia_tui.net.zygote`); False starts each
        one from scratch.
        ``limits``: what one client or player may hold (:mod:`florencia_tui.net.limits`).
        ``clock``: the time now, for turn-based tables' deadlines (tests pass
        their own). ``notify_command``: a program run when it becomes a
        player's move at a turn-based table (:mod:`florencia_tui.net.notify`);
        none by default."""
        self.host, self.port = host, port
        self.auth = auth or sshd.Auth()
        self.data = Path(data) if data else data_dir()
        self.socket = Path(socket) if socket else default_socket(self.data)
        self.socket_mode = socket_mode
        self.web_host, self.web_port = web_host or host, web_port
        self.web_origins = list(web_origins)
        self.web_gate = None
        self.bot_delay = bot_delay
        self.python = python
        self.zygote = zygote
        self.limits = limits or Limits()
        self.clock = clock
        self.notify_command = notify_command and Notifier.check(notify_command)
        self.caps = sshd.Caps(self.limits)
        self.spawner: sshd.Spawner | None = None
        self.apps_zygote: Zygote | None = None  # (started with SSH or the browser)
        self.tab_apps = None  # how browser tabs' apps start (web_apps.TabApps)
        self.store: Store | None = None
        self.names: sshd.KeyNames | None = None  # which credential each name belongs to
        self.service: TableService | None = None
        self.ssh = None
        self._web_runner = None
        self.web_caps = None  # (net/web.py ConnectionCaps, once the web port listens)
        self.web_url: str | None = None

    async def start(self) -> FlorenciaServer:
        if self.port is not None:
            self.auth.check(self.host)
        if self.web_port is not None:
            self.auth.check_web(self.web_host)
        private_dir(self.data)  # every table's hidden state: no other account reads it
        self.store = Store(self.data / "florencia.sqlite3")
        self.names = sshd.KeyNames(self.store.db)
        self.service = TableService(
            self.store,
            bot_delay=self.bot_delay,
            tables_per_player=self.limits.tables_per_player,
            turn_tables_per_player=self.limits.turn_tables_per_player,
            clock=self.clock,
            notify=Notifier(self.notify_command) if self.notify_command else None,
        )
        await self.service.start(self.socket, self.socket_mode)
        try:
            if self.zygote and (self.port is not None or self.web_port is not None):
                self.apps_zygote = Zygote(self.python, sshd.child_env({}, None))
                await self.apps_zygote.start()
            if self.port is not None:
                self.spawner = sshd.Spawner(
                    self.socket,
                    self.python,
                    zygote=self.apps_zygote,
                    sessions=Quota(self.limits.sessions_per_player),
                )
                self.ssh = await sshd.start(
                    self.host,
                    self.port,
                    self.auth,
                    self.spawner,
                    self.data,
                    self.names,
                    self.caps,
                )
            if self.web_port is not None:
                await self._start_web()
        except BaseException:
            await self.close()
            raise
        return self

    @property
    def ssh_port(self) -> int:
        return self.ssh.get_port()

    async def _start_web(self) -> None:
        from aiohttp import web
        from textual_serve.server import Server

        from florencia_tui.net import web as gate
        from florencia_tui.net.web_apps import TabApps

        self.tab_apps = TabApps(self.socket, self.python, self.apps_zygote)
        self.tab_apps.install()
        command = shlex.join(self.tab_apps.argv("NAME@web"))  # (each tab's: TabAppService)
        server = Server(command, host=self.web_host, port=self.web_port, title="florencia")

        async def quiet_start(app) -> None:  # instead of its banner (we print the URL)
            return None

        server.on_startup = quiet_start
        self.web_gate = gate.WebGate(
            self.auth,
            self.web_origins,
            tabs_per_player=self.limits.tabs_per_player,
            bindings=self.names,
            apps=self.tab_apps,
        )
        gate.serve_pages_from_request_host(server, self.web_gate)
        app = await server._make_app()
        gate.install(app, self.web_gate)
        runner = web.AppRunner(app, keepalive_timeout=self.limits.web_idle)
        await runner.setup()
        self.web_caps = gate.ConnectionCaps(
            Quota(self.limits.web_connections_per_address, self.limits.web_connections)
        )
        self.web_caps.install(runner.server)
        site = web.TCPSite(runner, self.web_host, self.web_port)
        await site.start()
        self._web_runner = runner
        port = runner.addresses[0][1]
        host = f"[{self.web_host}]" if ":" in self.web_host else self.web_host
        self.web_url = server.public_url = f"http://{host}:{port}"
        self.web_gate.set_url(self.web_url)

    async def close(self) -> None:
        if self.ssh is not None:
            self.ssh.close()
            await self.ssh.wait_closed()
            self.ssh = None
            for session in list(sshd.PtySession.children):
                session._hang_up()
            for view in list(sshd.SharedView.live.values()):
                if view.key[0] == str(self.socket):
                    view.close()
        if self._web_runner is not None:
            await self._web_runner.cleanup()  # (every tab's app is stopped)
            self._web_runner = None
        if self.apps_zygote is not None:
            await self.apps_zygote.close()
        if self.service is not None:
            await self.service.close()
            self.service = None
        if self.names is not None:
            await asyncio.to_thread(self.names.flush)  # (its bindings written)
            self.names.close()
            self.names = None
        if self.store is not None:
            self.store.close()
            self.store = None
        self.auth.sign_ins.close()


def run(server: FlorenciaServer, out=None) -> int:
    out = out or sys.stdout
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    logging.getLogger("asyncssh").setLevel(logging.WARNING)

    async def main() -> None:
        await server.start()
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        for line in banner(server):
            print(f"florencia: {line}", file=out)
        out.flush()
        await stop.wait()
        print("florencia: stopping (every table is saved)", file=out)
        await server.close()

    asyncio.run(main())
    return 0


def banner(server: FlorenciaServer) -> list[str]:
    """What ``florencia serve`` says at start: where things are, and in plain
    words what its sign-in modes guarantee."""
    lines = [f"tables in {server.store.path}", f"table service on {server.socket}"]
    if server.ssh is not None:
        key = sshd.host_key(server.data)
        lines.append(
            f"SSH on {server.host}:{server.ssh_port} (host key "
            f"{key.get_fingerprint()}) · ssh -p {server.ssh_port} NAME@{server.host}"
        )
    if server.web_url:
        lines.append(f"browser on {server.web_url}")
    if server.socket_mode & 0o077 and server.socket.parent == server.data:
        lines.append(
            "warning: the socket is in the data directory, which only this "
            "account may enter; give --socket outside it for other accounts"
        )
    lines += [f"sign-in · {line}" for line in server.auth.describe(web=server.web_url is not None)]
    return lines


def read_password(path: str | None) -> str | None:
    """The shared password, from a file or the environment (which the apps the
    server starts then no longer inherit). A file other accounts can read or
    change is refused (ValueError; its name is not said: it might be the
    password itself)."""
    from florencia_tui.net.passwords import too_open

    from_env = os.environ.pop("FLORENCIA_SSH_PASSWORD", None)
    if path:
        why = too_open(Path(path))
        if why:
            raise ValueError(f"--password-file is not private ({why})")
        return Path(path).read_text().strip()
    return from_env or None
