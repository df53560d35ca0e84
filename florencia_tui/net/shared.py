"""One rendering per table for every SSH spectator who would see the same screen.

Each SSH session is its own app process (:mod:`florencia_tui.net.sshd`), and a
spectator's app redraws every change of a busy table: ~6.5 ms of CPU per
redraw, so 40 spectators of one table need more than two cores
(docs/performance.md). Spectators who see the same screen (one table, the
spectator's view, one terminal size and the same terminal variables, so the
same colour system) now share one rendering:

* A spectator's own app, idle on the plain game screen (no key for
  ``FOLLOW_IDLE`` seconds, no dialog, no notification), says so with an
  out-of-band marker in its output, ``ESC _ florencia;TOKEN;follow;CODE ESC \\``,
  and stops redrawing (:class:`~florencia_tui.net.client.NetApp`). ``TOKEN`` is
  a secret the SSH server gave that app alone (``FLORENCIA_MARK``), so nothing
  drawn on a screen can forge a marker. The server strips every marker (good
  token or not) and never forwards one.
* The server then makes that session a *follower* of the :class:`SharedView`
  for its key: one app process in render mode (``--render CODE``, a spectator of
  that table under the name ``spectators``, in a PTY of that size with those
  terminal variables) whose output it copies to every follower. A new follower
  first gets the whole screen, to itself: the renderer writes it from its
  :class:`~florencia_tui.net.wire.ScreenDiff` (which knows every cell) between
  ``full`` and ``end`` markers when asked (``SIGUSR1``); then the shared diffs.
* Any byte from a follower (a key, the mouse, a paste), a new terminal size, or
  a link too slow to keep up ends following at once: the server stops
  forwarding shared bytes first, asks the session's own app to take over
  (``SIGUSR1``) and drops that app's bytes until its ``own`` marker, after which
  the app repaints the whole screen (its ScreenDiff forgotten) on the newest
  state, and handles the key.
* The renderer ends with its last follower; when it ends first, its followers
  take their own apps back.

Only a spectator's app ever says ``follow`` (its table's seat is ``None``), so a
seated player's session never shows a byte but its own app's; the renderer is a
spectator itself (the service gives it the spectators' view only).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import os
import re
import secrets
import signal
from collections.abc import Iterator

log = logging.getLogger("florencia.ssh")

#: The environment variable that gives an app its marker token.
MARK_ENV = "FLORENCIA_MARK"
#: Every marker starts with this (an APC string, which terminals ignore anyway) ...
PREFIX = b"\x1b_florencia;"
#: ... and ends with ST.
END = b"\x1b\\"
#: A marker longer than this is not one of ours: its prefix is dropped.
MAX_MARK = 256
#: The name the shared renderer signs in with (it only ever spectates).
RENDER_USER = "spectators"
#: How a renderer signs in (``--via``): the lobby does not list it among the people.
RENDER_VIA = "shared"
#: A joiner not given the whole screen within this many seconds (a renderer
#: that cannot start or draw) takes its own app back.
JOIN_TIMEOUT = 10.0
#: Table codes a follow marker may name.
CODE = re.compile(r"^[A-Z0-9]{1,12}$")


def new_token() -> str:
    return secrets.token_hex(16)


def marker(token: str, *words: str) -> str:
    """The marker an app writes to say ``words`` to the SSH server."""
    return "\x1b_florencia;" + ";".join((token, *words)) + "\x1b\\"


class Markers:
    """Splits an app's output into bytes for the terminal and markers.

    ``feed`` returns, in order, byte chunks and marker word tuples; every
    marker is removed from the bytes (one with another token is dropped
    silently), and a marker cut between two reads is held until its end
    arrives."""

    def __init__(self, token: str) -> None:
        self.token = token.encode()
        self._held = b""

    def feed(self, data: bytes) -> Iterator[bytes | tuple[str, ...]]:
        data = self._held + data
        self._held = b""
        while data:
            i = data.find(PREFIX)
            if i < 0:
                keep = self._partial(data)
                if len(data) > keep:
                    yield data[: len(data) - keep]
                self._held = data[len(data) - keep :]
                return
            if i:
                yield data[:i]
            j = data.find(END, i + len(PREFIX), i + MAX_MARK)
            if j < 0:
                if len(data) - i < MAX_MARK:
                    self._held = data[i:]  # its end is still to come
                    return
                data = data[i + len(PREFIX) :]  # not a marker of ours: drop its prefix
                continue
            words = data[i + len(PREFIX) : j].split(b";")
            if len(words) > 1 and hmac.compare_digest(words[0], self.token):
                yield tuple(w.decode("ascii", "replace") for w in words[1:])
            data = data[j + len(END) :]

    @staticmethod
    def _partial(data: bytes) -> int:
        """How many of ``data``'s last bytes could begin a marker."""
        for k in range(min(len(PREFIX) - 1, len(data)), 0, -1):
            if data.endswith(PREFIX[:k]):
                return k
        return 0


def hang_up(proc) -> None:
    """Hang up an app (a process group leader on its own PTY, like a closed
    terminal would): SIGHUP to its group now, SIGKILL 3 s later if it is
    still running. Sessions' apps and shared renderers end this way."""
    if proc is None or proc.returncode is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGHUP)
    except OSError:
        return

    def kill() -> None:
        if proc.returncode is None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:
                pass

    asyncio.get_running_loop().call_later(3, kill)


class SharedView:
    """One renderer app for one (server, table, size, terminal) key, and its followers."""

    live: dict[tuple, SharedView] = {}

    def __init__(self, key: tuple, argv: list[str], env: dict[str, str], size: tuple) -> None:
        self.key = key
        self.argv = argv
        self.size = size
        self.token = new_token()
        self.env = {**env, MARK_ENV: self.token}
        self._marks = Markers(self.token)
        self.followers: set = set()  # sessions fed the shared bytes
        self.joining: set = set()  # sessions waiting for a whole screen
        self.serving: set = set()  # sessions the whole screen being written is for
        self.in_full = False
        self.ready = False  # the renderer has written its first whole screen
        self.proc: asyncio.subprocess.Process | None = None
        self.master: int | None = None
        self.closed = False
        self.sent = 0  # bytes copied to followers (all of them together)

    @classmethod
    def join(cls, session, key: tuple, argv: list[str], env: dict[str, str], size: tuple):
        """The view for ``key`` (started if there is none) with ``session`` joining it."""
        view = cls.live.get(key)
        if view is None or view.closed:
            view = cls.live[key] = cls(key, argv, env, size)
            asyncio.get_running_loop().create_task(view._run())
        view.add(session)
        return view

    @property
    def members(self) -> set:
        return self.followers | self.joining | self.serving

    def add(self, session) -> None:
        self.joining.add(session)
        if self.ready and not self.in_full:
            self._ask()
        asyncio.get_running_loop().call_later(JOIN_TIMEOUT, self._late, session)

    def _late(self, session) -> None:
        """A joiner still waiting: it shows its own app again."""
        if session in self.joining and session.view is self:
            session._unfollow()

    def remove(self, session) -> None:
        self.followers.discard(session)
        self.joining.discard(session)
        self.serving.discard(session)
        if not self.members:
            self.close()

    def _ask(self) -> None:
        """Ask the renderer for a whole screen (for the sessions joining)."""
        if self.proc is not None and self.proc.returncode is None:
            try:
                os.kill(self.proc.pid, signal.SIGUSR1)
            except OSError:
                pass

    # ----- the renderer -------------------------------------------------------------
    async def _run(self) -> None:
        import fcntl
        import struct
        import termios

        master, slave = os.openpty()
        cols, rows = self.size[:2]
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.master = master
        try:
            self.proc = await asyncio.create_subprocess_exec(
                *self.argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=self.env,
                start_new_session=True,
                close_fds=True,
            )
        except OSError as e:
            log.warning("cannot start a shared view: %s", e)
            os.close(master)
            self.master = None
            self.close()
            return
        finally:
            os.close(slave)
        log.info("shared view %s %dx%d: pid %d", self.key[1], cols, rows, self.proc.pid)
        if self.closed:  # everybody left while it started
            self._hang_up()
        os.set_blocking(master, False)
        loop = asyncio.get_running_loop()
        loop.add_reader(master, self._read)
        await self.proc.wait()
        try:
            loop.remove_reader(master)
        except (ValueError, RuntimeError):
            pass
        os.close(master)
        self.master = None
        self.close()

    def _read(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            asyncio.get_running_loop().remove_reader(self.master)
            return
        for piece in self._marks.feed(data):
            if isinstance(piece, tuple):
                self._marked(piece)
                continue
            for s in list(self.serving if self.in_full else self.followers):
                s._send(piece)
                s.shared_bytes += len(piece)
                self.sent += len(piece)

    def _marked(self, words: tuple[str, ...]) -> None:
        if words[0] == "full" and not self.in_full:
            self.in_full = True
            self.serving, self.joining = self.joining, set()
        elif words[0] == "end" and self.in_full:
            self.in_full = False
            self.ready = True
            self.followers |= self.serving
            self.serving = set()
            if self.joining:
                self._ask()
            elif not self.followers:
                self.close()

    # ----- the end ------------------------------------------------------------------
    def close(self) -> None:
        """No follower left, or the renderer ended: every member takes its own app back."""
        if self.closed:
            return
        self.closed = True
        if SharedView.live.get(self.key) is self:
            del SharedView.live[self.key]
        members = self.members
        self.followers, self.joining, self.serving = set(), set(), set()
        for s in members:
            s._unfollow()
        self._hang_up()

    def _hang_up(self) -> None:
        hang_up(self.proc)
