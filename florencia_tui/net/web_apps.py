"""A browser tab's app: forked from the app zygote, as an SSH session's is.

textual-serve runs one app process per websocket (its ``AppService``), and
speaks to it over the process's stdin, stdout and stderr (Textual's web
driver). Starting that process from scratch (Python, Textual, the app and a
game's widgets) kept a browser waiting 0.3-2.6 s after signing in or
reloading. :class:`TabAppService` is textual-serve's app service with two
changes:

* the app is the tab's signed-in player's (:data:`web_tab`, set by
  :class:`florencia_tui.net.web.WebGate` for the websocket being opened), and
  it is forked by the server's app zygote (:mod:`florencia_tui.net.zygote`)
  with three pipes for its standard streams; when there is no zygote, or it
  cannot give one, the app is started directly, as before;
* its environment is what an SSH session's app gets
  (:func:`florencia_tui.net.sshd.child_env`: the server's ``KEEP_ENV``) and
  textual-serve's own settings (:data:`SERVE_ENV`), not the server's whole
  environment; and its process is waited for when it stops (textual-serve
  never does, which left a zombie), killed if it does not end.

:meth:`TabApps.install` puts the service in place of textual-serve's, once
per process; each server's :class:`TabApps` says how its tabs' apps start.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import os
import shlex
import signal
from dataclasses import dataclass, field
from pathlib import Path

from textual_serve.app_service import AppService

from florencia_tui.net.sshd import child_env
from florencia_tui.net.zygote import Zygote, ZygoteLost, ZygoteProcess

log = logging.getLogger("florencia.web")

#: What textual-serve sets for its app (the web driver, its frame rate and
#: colours, the window's size): the only variables a tab's app gets besides
#: an SSH session's app's.
SERVE_ENV = (
    "TEXTUAL_DRIVER",
    "TEXTUAL_FPS",
    "TEXTUAL_COLOR_SYSTEM",
    "TERM_PROGRAM",
    "TERM_PROGRAM_VERSION",
    "COLUMNS",
    "ROWS",
)
#: How long a stopped tab's app may take to end before it is killed (seconds).
STOP_WAIT = 5.0


@dataclass
class TabApps:
    """How one server's browser tabs' apps start: forked by ``zygote`` (None:
    each from scratch) as ``python -m florencia_tui.net.client`` would run."""

    socket: Path
    python: str
    zygote: Zygote | None = None
    #: The running tabs' apps (for the tests and benchmarks).
    live: set = field(default_factory=set)
    #: The running tabs' app services, told to stop together when the server stops.
    services: set = field(default_factory=set)

    async def stop_all(self) -> None:
        """Every tab's app told to quit, all at once (the server stops). Left
        to aiohttp, each tab's websocket handler ran on until its shutdown
        timeout, and only then were the apps stopped: ~20 s for three tabs."""
        await asyncio.gather(*(s.stop() for s in list(self.services)), return_exceptions=True)

    def args(self, user: str) -> list[str]:
        return ["--socket", str(self.socket), "--user", user, "--via", "web"]

    def argv(self, user: str) -> list[str]:
        return [self.python, "-m", "florencia_tui.net.client", *self.args(user)]

    async def start(self, user: str, env: dict[str, str]):
        """``user``'s app on three pipes: a process with ``pid``,
        ``returncode``, ``wait()``, ``kill()`` and the ``stdin``, ``stdout``
        and ``stderr`` streams."""
        if self.zygote is not None:
            try:
                return await self._fork(user, env)
            except ZygoteLost as e:  # (its app, if any, reads the end of its pipes)
                log.warning("%s: %s; starting the app directly", user, e)
            except OSError as e:
                log.info("%s: starting the app directly (%s)", user, e)
        return await asyncio.create_subprocess_exec(
            *self.argv(user),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=env,
            start_new_session=True,
            close_fds=True,
        )

    async def _fork(self, user: str, env: dict[str, str]) -> PipedApp:
        stdin, stdout, stderr = os.pipe(), os.pipe(), os.pipe()
        theirs = [stdin[0], stdout[1], stderr[1]]
        ours = [stdin[1], stdout[0], stderr[0]]
        try:
            proc = await self.zygote.spawn(self.args(user), env, theirs)
        except BaseException:
            for fd in ours:
                os.close(fd)
            raise
        finally:
            for fd in theirs:
                os.close(fd)
        return await PipedApp.connect(proc, *ours)

    def install(self) -> None:
        """Make textual-serve run :class:`TabAppService` for every websocket."""
        import textual_serve.server as ts

        ts.AppService = TabAppService


class PipedApp:
    """A forked tab's app, as ``asyncio.subprocess.Process`` shows a started
    one: ``stdin`` (a StreamWriter), ``stdout`` and ``stderr`` (StreamReaders)."""

    def __init__(self, proc: ZygoteProcess) -> None:
        self.proc = proc
        self.pid = proc.pid
        self.stdin: asyncio.StreamWriter | None = None
        self.stdout = asyncio.StreamReader()
        self.stderr = asyncio.StreamReader()

    @classmethod
    async def connect(cls, proc: ZygoteProcess, stdin: int, stdout: int, stderr: int) -> PipedApp:
        loop = asyncio.get_running_loop()
        app = cls(proc)
        files = [os.fdopen(fd, mode, buffering=0) for fd, mode in ((stdin, "wb"), (stdout, "rb"))]
        files.append(os.fdopen(stderr, "rb", buffering=0))
        try:
            for reader, file in ((app.stdout, files[1]), (app.stderr, files[2])):
                await loop.connect_read_pipe(lambda r=reader: asyncio.StreamReaderProtocol(r), file)
            transport, protocol = await loop.connect_write_pipe(
                lambda: asyncio.StreamReaderProtocol(asyncio.StreamReader()), files[0]
            )
        except BaseException:
            for file in files:
                with contextlib.suppress(OSError):
                    file.close()
            raise
        app.stdin = asyncio.StreamWriter(transport, protocol, None, loop)
        return app

    @property
    def returncode(self) -> int | None:
        return self.proc.returncode

    async def wait(self) -> int:
        try:
            return await self.proc.wait()
        finally:
            self.stdin.close()

    def kill(self) -> None:
        with contextlib.suppress(OSError):
            os.killpg(self.pid, signal.SIGKILL)


@dataclass(frozen=True)
class Tab:
    """The websocket being opened: whose it is, and how its app starts."""

    user: str  # NAME@web
    apps: TabApps


#: Set by the web gate while it lets a signed-in player's websocket through.
web_tab: contextvars.ContextVar[Tab | None] = contextvars.ContextVar("web_tab", default=None)


class TabAppService(AppService):
    """textual-serve's app service, for the signed-in player of :data:`web_tab`."""

    def __init__(self, command: str, **kw) -> None:
        tab = web_tab.get()
        if tab is None:  # the gate lets no websocket through without one
            raise RuntimeError("no signed-in player for this app")
        self.tab = tab
        super().__init__(shlex.join(tab.apps.argv(tab.user)), **kw)

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        env = child_env({}, None)
        served = super()._build_environment(width, height)
        env.update({k: served[k] for k in SERVE_ENV if k in served})
        return env

    async def _open_app_process(self, width: int = 80, height: int = 24):
        env = self._build_environment(width, height)
        self._process = process = await self.tab.apps.start(self.tab.user, env)
        self._stdin = process.stdin
        self.tab.apps.live.add(process)
        self.tab.apps.services.add(self)
        return process

    async def stop(self) -> None:
        await super().stop()
        process = self._process
        if process is None:
            return
        if process.returncode is None:
            try:
                await asyncio.wait_for(process.wait(), STOP_WAIT)
            except TimeoutError:
                process.kill()
                await process.wait()
        self.tab.apps.live.discard(process)
        self.tab.apps.services.discard(self)
