"""The SSH server: every session is the app in its own PTY, nothing else.

No system accounts are involved. The host key is generated on first run and
kept in the data directory. Players authenticate by an authorized_keys file
(one for everybody, or a directory with a file per user name), by a shared
password, or not at all on a loopback-only "open" server (a LAN party behind
one machine). A session must ask for a PTY and a shell: exec and subsystem
requests (scp, sftp, commands), port, agent and X11 forwarding are refused.

Each session runs ``python -m florencia_tui.net.client`` in a new PTY, as its
own process and session leader. Bytes are copied both ways unchanged, so the
app's raw mode and the terminal's replies to its queries just work; a window
change sets the PTY's size (the kernel signals the app). When the SSH link
drops, the app is hung up and the service marks the seat disconnected.
"""

from __future__ import annotations

import asyncio
import errno
import fcntl
import hmac
import logging
import os
import signal
import struct
import sys
import termios
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

import asyncssh

from florencia_tui.net.protocol import valid_user

log = logging.getLogger("florencia.ssh")

HOST_KEY = "ssh_host_ed25519_key"
#: Client environment variables the app may see (terminal and locale only).
PASS_ENV = ("TERM", "COLORTERM", "NO_COLOR", "LANG", "LC_ALL", "LC_CTYPE", "TERM_PROGRAM")
#: Server environment the app inherits (how to run Python and find data).
KEEP_ENV = ("PATH", "HOME", "PYTHONPATH", "VIRTUAL_ENV", "FLORENCIA_DATA_DIR",
            "XDG_DATA_HOME", "TMPDIR", "COVERAGE_PROCESS_START")
LOOPBACK = {"127.0.0.1", "::1", "localhost"}


@dataclass
class Auth:
    authorized_keys: Path | None = None  # a file, or a directory of files named by user
    password: str | None = None
    open: bool = False  # no authentication (loopback only)

    def check(self, host: str) -> None:
        if not (self.authorized_keys or self.password or self.open):
            raise ValueError("choose how players sign in: --authorized-keys FILE|DIR, "
                             "--password-file FILE (or $FLORENCIA_SSH_PASSWORD), or --open")
        if self.open and host not in LOOPBACK:
            raise ValueError("--open (no authentication) only listens on loopback "
                             f"(127.0.0.1 or ::1), not {host}")
        if self.authorized_keys and not self.authorized_keys.exists():
            raise ValueError(f"no authorized keys at {self.authorized_keys}")


def host_key(data: Path) -> asyncssh.SSHKey:
    """The server's persistent host key, generated on first run (mode 0600)."""
    path = Path(data) / HOST_KEY
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519", comment="florencia host key")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    path.with_suffix(".pub").write_bytes(key.export_public_key())
    return key


def child_env(client: Mapping[str, str], term: str | None) -> dict[str, str]:
    env = {k: os.environ[k] for k in KEEP_ENV if k in os.environ}
    for k in PASS_ENV:
        if k in client and len(client[k]) < 128:
            env[k] = client[k]
    env["TERM"] = term or env.get("TERM") or "xterm-256color"
    env.setdefault("LANG", "C.UTF-8")
    env["PYTHONIOENCODING"] = "utf-8"
    return env


class Server(asyncssh.SSHServer):
    """One SSH connection: who may sign in, and that only sessions are allowed."""

    def __init__(self, auth: Auth, spawner: "Spawner") -> None:
        self.auth = auth
        self.spawner = spawner
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn

    def begin_auth(self, username: str) -> bool:
        if not valid_user(username):
            raise asyncssh.DisconnectError(asyncssh.DISC_ILLEGAL_USER_NAME,
                                           "player names are letters, digits and . _ @ -")
        if self.auth.open:
            return False
        keys = self.auth.authorized_keys
        if keys is not None:
            path = keys / username if keys.is_dir() else keys
            if path.is_file():  # read again for every login: edits apply at once
                self.conn.set_authorized_keys(str(path))
        return True

    def public_key_auth_supported(self) -> bool:
        return self.auth.authorized_keys is not None

    def password_auth_supported(self) -> bool:
        return self.auth.password is not None

    def validate_password(self, username: str, password: str) -> bool:
        return self.auth.password is not None and hmac.compare_digest(
            password.encode(), self.auth.password.encode())

    def kbdint_auth_supported(self) -> bool:
        return False

    def session_requested(self) -> "PtySession":
        return PtySession(self.spawner, self.conn.get_extra_info("username"))

    # No forwarding of any kind.
    def connection_requested(self, *args) -> bool:
        return False

    def server_requested(self, *args) -> bool:
        return False

    def unix_connection_requested(self, *args) -> bool:
        return False

    def unix_server_requested(self, *args) -> bool:
        return False


@dataclass
class Spawner:
    """How a session's app is started."""

    socket: Path
    python: str = sys.executable

    def argv(self, user: str) -> list[str]:
        return [self.python, "-m", "florencia_tui.net.client", "--socket", str(self.socket),
                "--user", user, "--via", "ssh", "--pty"]


class PtySession(asyncssh.SSHServerSession):
    """The app in a PTY, bridged byte for byte to one SSH channel."""

    children: set["PtySession"] = set()  # live sessions (for the load test's numbers)

    def __init__(self, spawner: Spawner, user: str) -> None:
        self.spawner = spawner
        self.user = user
        self.chan: asyncssh.SSHServerChannel | None = None
        self.term: str | None = None
        self.size = (80, 24, 0, 0)
        self.master: int | None = None
        self.proc: asyncio.subprocess.Process | None = None
        self._inbox = bytearray()
        self._paused = False
        self._closed = False

    # ----- requests -----------------------------------------------------------------
    def connection_made(self, chan) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size, term_modes) -> bool:
        self.term = term_type
        self.size = tuple(term_size)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        log.info("refused exec from %s: %r", self.user, command)
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        if self.term is None:
            self.chan.write(b"florencia is a full-screen game: connect with a terminal "
                            b"(ssh -t).\r\n")
            self.chan.exit(1)
            return
        asyncio.get_running_loop().create_task(self._spawn())

    # ----- the child ----------------------------------------------------------------
    async def _spawn(self) -> None:
        master, slave = os.openpty()
        self.master = master
        self._set_size(slave)
        env = child_env(self.chan.get_environment(), self.term)
        try:
            self.proc = await asyncio.create_subprocess_exec(
                *self.spawner.argv(self.user), stdin=slave, stdout=slave, stderr=slave,
                env=env, start_new_session=True, close_fds=True)
        except OSError as e:
            self._close_master()
            self.chan.write(f"florencia: cannot start the app: {e}\r\n".encode())
            self.chan.exit(1)
            return
        finally:
            os.close(slave)
        PtySession.children.add(self)
        log.info("%s: app pid %d (%s %dx%d)", self.user, self.proc.pid, self.term,
                 self.size[0], self.size[1])
        os.set_blocking(master, False)
        loop = asyncio.get_running_loop()
        loop.add_reader(master, self._from_app)
        if self._inbox:
            self._to_app()
        if self._closed:  # the link dropped while we were starting
            self._hang_up()
        rc = await self.proc.wait()
        PtySession.children.discard(self)
        self._drain()
        self._close_master()
        if not self._closed:
            self._closed = True
            try:
                self.chan.exit(rc if rc >= 0 else 1)
            except (OSError, asyncssh.Error):
                pass

    def _from_app(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: the app closed its terminal
            data = b""
        if not data:
            self._stop_reading()
            return
        if not self._closed:
            self.chan.write(data)

    def _drain(self) -> None:
        while self.master is not None:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            if not self._closed:
                self.chan.write(data)

    def _stop_reading(self) -> None:
        if self.master is not None:
            try:
                asyncio.get_running_loop().remove_reader(self.master)
            except (ValueError, RuntimeError):
                pass

    def _close_master(self) -> None:
        self._stop_reading()
        self._stop_writing()
        if self.master is not None:
            os.close(self.master)
            self.master = None

    def _set_size(self, fd: int) -> None:
        cols, rows, pw, ph = self.size
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, pw, ph))

    # ----- from the player --------------------------------------------------------------
    def data_received(self, data: bytes, datatype) -> None:
        self._inbox += data
        if self.master is not None:
            self._to_app()

    def _to_app(self) -> None:
        try:
            n = os.write(self.master, bytes(self._inbox))
        except BlockingIOError:
            n = 0
        except OSError as e:
            if e.errno != errno.EAGAIN:
                self._inbox.clear()
                return
            n = 0
        del self._inbox[:n]
        loop = asyncio.get_running_loop()
        if self._inbox:
            loop.add_writer(self.master, self._to_app)
        else:
            self._stop_writing()

    def _stop_writing(self) -> None:
        if self.master is not None:
            try:
                asyncio.get_running_loop().remove_writer(self.master)
            except (ValueError, RuntimeError):
                pass

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        self.size = (width, height, pixwidth, pixheight)
        if self.master is not None:
            self._set_size(self.master)
            if self.proc is not None and self.proc.returncode is None:
                try:  # the kernel does this too when the PTY is the app's terminal
                    os.killpg(self.proc.pid, signal.SIGWINCH)
                except OSError:
                    pass

    # ----- flow control: a slow link slows the app down, it does not queue up ----------
    def pause_writing(self) -> None:
        self._paused = True
        self._stop_reading()

    def resume_writing(self) -> None:
        self._paused = False
        if self.master is not None:
            asyncio.get_running_loop().add_reader(self.master, self._from_app)

    # ----- the end ----------------------------------------------------------------------
    def eof_received(self) -> bool:
        self._hang_up()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._closed = True
        self._hang_up()

    def _hang_up(self) -> None:
        proc = self.proc
        if proc is None or proc.returncode is not None:
            return
        try:
            os.killpg(proc.pid, signal.SIGHUP)
        except OSError:
            return
        asyncio.get_running_loop().call_later(3, self._kill)

    def _kill(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except OSError:
                pass


async def start(host: str, port: int, auth: Auth, spawner: Spawner,
                data: Path) -> asyncssh.SSHAcceptor:
    auth.check(host)
    return await asyncssh.create_server(
        lambda: Server(auth, spawner), host, port,
        server_host_keys=[host_key(data)],
        allow_pty=True, line_editor=False, encoding=None,
        agent_forwarding=False, x11_forwarding=False, allow_scp=False,
        keepalive_interval=15, keepalive_count_max=4, login_timeout=60,
    )
