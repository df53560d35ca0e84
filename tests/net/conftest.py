"""Fixtures for networked play: a table service on a private socket."""

from __future__ import annotations

import asyncio
import tempfile
import threading
from pathlib import Path

import pytest

from florencia_tui.net.remote import Connection
from florencia_tui.net.service import TableService
from florencia_tui.store import Store


class ServiceThread:
    """A TableService on its own event loop in a thread, for blocking clients."""

    def __init__(self, db: Path, sock: Path, bot_delay: float = 0.0, **kw) -> None:
        """``kw``: more of TableService's arguments (e.g. its ``clock``)."""
        self.db, self.sock, self.bot_delay, self.kw = db, sock, bot_delay, kw
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.store = Store(self.db)
        self.service = TableService(self.store, bot_delay=self.bot_delay, **self.kw)
        self.loop.run_until_complete(self.service.start(self.sock))
        self.ready.set()
        self.loop.run_forever()
        self.loop.run_until_complete(self.service.close())
        self.store.close()
        self.loop.close()

    def start(self) -> ServiceThread:
        self.thread.start()
        assert self.ready.wait(10)
        return self

    def call(self, fn, *args):
        """Run ``fn(*args)`` on the service's loop and return its result."""

        async def run():
            return fn(*args)

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    def wait(self, coro_fn, *args):
        """Await ``coro_fn(*args)`` on the service's loop and return its result."""
        return asyncio.run_coroutine_threadsafe(coro_fn(*args), self.loop).result(30)

    def stop(self) -> None:
        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)


@pytest.fixture
def short_dir():
    """A directory with a short path (Unix socket paths are limited to ~100 bytes)."""
    with tempfile.TemporaryDirectory(prefix="fl-") as d:
        yield Path(d)


@pytest.fixture
def services(tmp_path, short_dir):
    """``services()`` starts a service on the same database and socket (a restart)."""
    made: list[ServiceThread] = []

    def start(**kw) -> ServiceThread:
        svc = ServiceThread(tmp_path / "net.sqlite3", short_dir / "s.sock", **kw).start()
        made.append(svc)
        return svc

    yield start
    for svc in made:
        svc.stop()


@pytest.fixture
def service_thread(services):
    return services()


@pytest.fixture
def links(service_thread):
    """``link(user, **kw)``: a connection to ``service_thread`` as ``user``
    (``kw``: the Connection's options), closed after the test."""
    made: list[Connection] = []

    def link(user: str, **kw) -> Connection:
        c = Connection(str(service_thread.sock), user, **kw)
        made.append(c)
        return c

    yield link
    for c in made:
        c.close()


# ----- SSH terminals ------------------------------------------------------------------

import fcntl  # noqa: E402
import os  # noqa: E402
import pty  # noqa: E402
import re  # noqa: E402
import struct  # noqa: E402
import termios  # noqa: E402
import time  # noqa: E402

import asyncssh  # noqa: E402
import pyte  # noqa: E402

from florencia_tui.net.server import FlorenciaServer  # noqa: E402
from florencia_tui.net.sshd import Auth  # noqa: E402

PASSWORD = "correct horse"
WAIT = 30.0  # generous: the suite runs on two busy cores


class Screen:
    """A headless VT100 screen fed with whatever the SSH session sends."""

    def __init__(self, cols: int, rows: int) -> None:
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.changed = asyncio.Event()
        self.closed = asyncio.Event()
        self.received = 0
        self.raw = bytearray()  # everything received, escape codes and all

    def feed(self, data: bytes) -> None:
        self.raw += data
        self.stream.feed(data)
        self.received += len(data)
        self.changed.set()

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    async def wait(self, what, timeout: float = WAIT) -> str:
        """Wait until ``what`` (a string, or a predicate on the text) shows."""
        check = (lambda t: what in t) if isinstance(what, str) else what
        deadline = time.monotonic() + timeout
        while True:
            text = self.text()
            if check(text):
                return text
            left = deadline - time.monotonic()
            if left <= 0 or self.closed.is_set():
                raise AssertionError(f"waited for {what!r}; the screen shows:\n{text}")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), min(left, 0.5))
            except TimeoutError:
                pass

    async def gone(self, what: str, timeout: float = WAIT) -> str:
        return await self.wait(lambda t: what not in t, timeout)


class SSHTerm(Screen):
    """An asyncssh client session with a PTY, drawn on a pyte screen."""

    def __init__(self, cols: int, rows: int) -> None:
        super().__init__(cols, rows)
        self.conn: asyncssh.SSHClientConnection | None = None
        self.chan = None

    def session(self):
        term = self

        class _Session(asyncssh.SSHClientSession):
            def data_received(self, data, datatype):
                term.feed(data)

            def connection_lost(self, exc):
                term.closed.set()
                term.changed.set()

        return _Session()

    async def keys(self, *keys: str, pause: float = 0.25) -> None:
        """Type keys one at a time, as a person does."""
        for k in keys:
            self.chan.write(k.encode())
            await asyncio.sleep(pause)

    def resize(self, cols: int, rows: int) -> None:
        self.screen.resize(rows, cols)
        self.chan.change_terminal_size(cols, rows)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()

    def abort(self) -> None:
        """Drop the link without a goodbye (a lost connection)."""
        self.conn.abort()


class LocalPtyTerm(Screen):
    """A local program (the OpenSSH client) in a PTY, drawn on a pyte screen."""

    def __init__(self, argv: list[str], cols: int, rows: int, env: dict | None = None) -> None:
        super().__init__(cols, rows)
        self.argv = argv
        self.cols, self.rows = cols, rows
        self.env = env or {}

    async def start(self) -> LocalPtyTerm:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", self.rows, self.cols, 0, 0))
        env = {
            "PATH": os.environ.get("PATH", ""),
            "HOME": os.environ.get("HOME", "/"),
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
            **self.env,
        }
        if "PYTHONPATH" in os.environ:
            env.setdefault("PYTHONPATH", os.environ["PYTHONPATH"])
        self.proc = await asyncio.create_subprocess_exec(
            *self.argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
        )
        os.close(slave)
        self.master = master
        os.set_blocking(master, False)
        asyncio.get_running_loop().add_reader(master, self._read)
        return self

    def _read(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            asyncio.get_running_loop().remove_reader(self.master)
            self.closed.set()
            self.changed.set()
            return
        self.feed(data)

    async def keys(self, *keys: str, pause: float = 0.25) -> None:
        for k in keys:
            os.write(self.master, k.encode())
            await asyncio.sleep(pause)

    async def close(self) -> None:
        if self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()
        try:
            asyncio.get_running_loop().remove_reader(self.master)
        except (ValueError, RuntimeError):
            pass
        os.close(self.master)


@pytest.fixture
def local_pty():
    """The class that runs a local program (ssh, florencia connect) in a PTY."""
    return LocalPtyTerm


@pytest.fixture
def client_key(tmp_path):
    """A player's key pair: (private key file, authorized_keys file, key)."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    private = tmp_path / "id_ed25519"
    private.write_bytes(key.export_private_key())
    private.chmod(0o600)
    authorized = tmp_path / "authorized_keys"
    authorized.write_bytes(key.export_public_key())
    return private, authorized, key


class Harness:
    """A server on a random loopback port, its terminals, and a clean teardown."""

    password = PASSWORD

    def __init__(self, data: Path, sock: Path, auth: Auth) -> None:
        self.data, self.sock, self.auth = data, sock, auth
        self.server: FlorenciaServer | None = None
        self.terms: list = []
        self.links: list[Connection] = []

    async def start(self, **kw) -> FlorenciaServer:
        self.server = await FlorenciaServer(
            host="127.0.0.1",
            port=0,
            auth=self.auth,
            socket=self.sock,
            data=self.data,
            bot_delay=0.05,
            **kw,
        ).start()
        return self.server

    async def stop(self) -> None:
        for t in self.terms:
            if isinstance(t, LocalPtyTerm):
                await t.close()
            else:
                t.close()
        self.terms.clear()
        for link in self.links:
            link.close()
        self.links.clear()
        if self.server is not None:
            await self.server.close()
            self.server = None

    @property
    def port(self) -> int:
        return self.server.ssh_port

    async def term(
        self,
        user: str,
        cols: int = 120,
        rows: int = 40,
        wait: bool = True,
        term_type: str = "xterm-256color",
        env: dict | None = None,
        **connect,
    ) -> SSHTerm:
        """Sign ``user`` in with the password and open a terminal session."""
        if "client_keys" not in connect:
            connect.setdefault("password", PASSWORD)
        connect.setdefault("client_keys", [])
        t = SSHTerm(cols, rows)
        t.conn = await asyncio.wait_for(
            asyncssh.connect(
                "127.0.0.1", self.port, username=user, known_hosts=None, agent_path=None, **connect
            ),
            WAIT,
        )
        t.chan, _ = await t.conn.create_session(
            t.session,
            term_type=term_type,
            term_size=(cols, rows),
            encoding=None,
            env={"COLORTERM": "truecolor"} if env is None else env,
        )
        self.terms.append(t)
        if wait:
            await t.wait(f"signed in as {user}")
        return t

    async def link(self, user: str) -> Connection:
        """A direct client of the table service (set-ups without key presses)."""
        c = await asyncio.to_thread(Connection, str(self.sock), user)
        self.links.append(c)
        return c

    @staticmethod
    def pick_palazzo() -> list[str]:
        """Keys that move the new-table dialog's game list to Palazzo."""
        from florencia_tui.games import available_games

        return ["\x1b[B"] * [g.id for g in available_games()].index("palazzo")

    def code_on(self, text: str) -> str:
        m = re.search(r"\b([A-Z]{4})\s+Palazzo", text)
        assert m, text
        return m.group(1)


@pytest.fixture
async def harness(tmp_path, short_dir, client_key):
    auth = Auth(authorized_keys=client_key[1], password=PASSWORD)
    h = Harness(tmp_path / "data", short_dir / "s.sock", auth)
    (tmp_path / "data").mkdir()
    await h.start()
    yield h
    await h.stop()


@pytest.fixture
async def more_harnesses(tmp_path, short_dir, harness):
    """``await more_harnesses(n)``: n more servers like ``harness`` (same
    sign-in), each with its own data and socket; stopped at the end."""
    made: list[Harness] = []

    async def make(n: int) -> list[Harness]:
        for _ in range(n):
            i = len(made) + 1
            h = Harness(tmp_path / f"data{i}", short_dir / f"s{i}.sock", harness.auth)
            (tmp_path / f"data{i}").mkdir()
            await h.start()
            made.append(h)
        return made[-n:]

    yield make
    for h in made:
        await h.stop()


# ----- open servers, terminals of any size ----------------------------------------------------


@pytest.fixture
async def open_server(tmp_path, short_dir):
    """``await open_server(limits)``: a loopback server with open sign-in (the
    caps are tried, not the passwords) and these limits; stopped at the end."""
    from florencia_tui.net.limits import Limits

    made: list[Harness] = []

    async def start(limits: Limits | None = None) -> Harness:
        data = tmp_path / f"open{len(made)}"
        data.mkdir()
        h = Harness(data, short_dir / f"o{len(made)}.sock", Auth(open=True))
        made.append(h)
        await h.start(limits=limits or Limits())
        return h

    yield start
    for h in made:
        await h.stop()


async def ssh_term(port: int, user: str, size=(100, 30), screen=(100, 30), **connect) -> SSHTerm:
    """``user``'s SSH terminal on an open server, its PTY asking for ``size``
    and drawn on a ``screen`` of its own (a pyte screen of 65535x65535 would
    not fit in memory); ``connect``: more of asyncssh.connect's arguments."""
    t = SSHTerm(*screen)
    t.conn = await asyncio.wait_for(
        asyncssh.connect(
            "127.0.0.1",
            port,
            username=user,
            known_hosts=None,
            agent_path=None,
            client_keys=[],
            **connect,
        ),
        WAIT,
    )
    t.chan, _ = await t.conn.create_session(
        t.session, term_type="xterm-256color", term_size=size, encoding=None
    )
    return t


async def settles(measure, want, timeout: float = WAIT) -> None:
    """Wait until ``measure()`` gives ``want`` (a resource given back)."""
    deadline = time.monotonic() + timeout
    while (got := measure()) != want:
        assert time.monotonic() < deadline, f"{got} where {want} was expected"
        await asyncio.sleep(0.1)


async def until(pilot, test, what: str = "", limit: int = 1500) -> None:
    """Let a Pilot-driven app run until ``test()`` holds (``limit`` pauses)."""
    for _ in range(limit):
        if test():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"never happened: {what}")
