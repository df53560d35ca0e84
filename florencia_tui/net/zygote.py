"""The app zygote: one pre-imported app process that forks one app per SSH session or browser tab.

Starting the app from scratch (Python, Textual, the app and a game's widgets)
costs an SSH session ~0.5-0.9 s of CPU, and every session holds its own copy
of all those modules. The server therefore starts one *zygote* (shared by SSH
and the browser):
``python -m florencia_tui.net.zygote``, a process that imports the app and
every game's rules and widgets once (:func:`warm`), freezes what it has made
out of the garbage collector's reach (so the children's collections do not
write to, and so copy, the shared pages), and then waits. For each SSH session
the server sends it, over a Unix socket pair, the session's app arguments and
environment, with the session's PTY (its slave end) and the write end of a
status pipe attached (``SCM_RIGHTS``); for a browser tab, three pipes instead
of the PTY (the app's stdin, stdout and stderr, which textual-serve's web
driver speaks over: :mod:`florencia_tui.net.web_apps`). The zygote forks; the
child

* becomes a session leader (``setsid``) with the PTY as its controlling
  terminal (``TIOCSCTTY``) and as its stdin, stdout and stderr, or with the
  three pipes as those;
* closes every other descriptor it inherited (the zygote's socket; the
  zygote itself never holds the server's sockets or keys: the server starts
  it with ``close_fds`` and only the pair's one end);
* takes the session's environment (what :func:`sshd.child_env` gives a
  directly started app: the server's ``KEEP_ENV``, the client's terminal and
  locale; a tab's adds textual-serve's ``TEXTUAL_DRIVER`` and size), reads
  Textual's settings from it again (:mod:`textual.constants` was imported
  with the zygote's) and runs :func:`florencia_tui.net.client.main`;
* writes its exit code to the status pipe just before it ends. The pipe's end
  of file tells the server the app has ended (the child is the zygote's, so
  the server cannot wait for it); no code before it means a signal ended it.

The zygote replies with the child's pid (a process group of its own: the
server hangs it up, resizes and kills it by that group, as before) and reaps
its children. The server's side is :class:`Zygote`; when the zygote is not
there (it died, or has not started) or does not answer a request within
``SPAWN_WAIT`` (stopped, stuck: it is killed), :class:`~florencia_tui.net.sshd.PtySession`
starts the app directly as before and the zygote is started again.

Forking from the SSH server itself would be cheaper still, but the server runs
asyncio, asyncssh and the table service's threads: a child of that process
would inherit their locks, sockets and keys.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import gc
import importlib
import json
import logging
import os
import select
import signal
import socket
import struct
import sys
import termios

log = logging.getLogger("florencia.zygote")

#: Where a child finds the status pipe's write end.
STATUS_FD = 3
#: How long a session waits for a zygote that is still warming up, at most.
READY_WAIT = 30.0
#: How long a warm zygote may take to answer a request (a fork takes
#: milliseconds): a zygote that has not answered by then (stopped, stuck) is
#: replaced, and the session's app starts directly.
SPAWN_WAIT = 5.0
#: A request or reply is at most this long (arguments and environment, JSON).
MAX_MESSAGE = 64 * 1024


# ----- the zygote process ---------------------------------------------------------------
def warm() -> None:
    """Import what every session's app would import: the networked app, every
    game's rules and widgets, the screens it opens."""
    import florencia_tui.net.client  # noqa: F401 - Textual, the app, the screens
    from florencia_tui.games import REGISTRY

    for plugin in REGISTRY.values():
        if plugin.available:
            for part in ("game", "ui"):
                importlib.import_module(f"{plugin.package}.{part}")
    for name in ("settings", "setup", "help", "log", "end", "confirm", "curtain"):
        importlib.import_module(f"florencia_tui.tui.screens.{name}")
    importlib.import_module("textual.drivers.linux_driver")
    importlib.import_module("textual.drivers.web_driver")
    gc.collect()
    gc.freeze()  # the children's collections leave the shared objects alone


def serve(sock: socket.socket) -> None:
    """Fork one app per request until the server closes its end.

    A request is answered once its child leads its own session (from then on
    the server can hang up, or kill, the app by its group); meanwhile the
    next requests are taken and forked, so a child the machine is slow to
    run (two cores under a crowd's load) delays no other session's app."""
    sock.sendall(json.dumps({"ready": os.getpid()}).encode())
    leading: dict[int, tuple] = {}  # a child's "leading" pipe (read end) -> (id, pid)
    while True:
        _reap()
        readable, _, _ = select.select([sock, *leading], [], [], 1.0)
        for r in readable:
            if r in leading:  # that child leads its session (or has already ended)
                rid, pid = leading.pop(r)
                with contextlib.suppress(OSError):
                    os.read(r, 1)
                os.close(r)
                sock.sendall(json.dumps({"id": rid, "pid": pid}).encode())
        if sock not in readable:
            continue
        try:
            msg, fds, _, _ = socket.recv_fds(sock, MAX_MESSAGE, 4)
        except InterruptedError:
            continue
        if not msg:  # the server has gone; its sessions' apps go their own way
            return
        try:
            req = json.loads(msg)
            if len(fds) != (2 if req.get("pty") else 4):
                raise ValueError("a request carries a PTY or three pipes, and a status pipe")
            r, w = os.pipe()
            pid = os.fork()
        except (ValueError, OSError) as e:
            for fd in fds:
                os.close(fd)
            sock.sendall(json.dumps({"id": _req_id(msg), "error": str(e)}).encode())
            continue
        if pid == 0:
            os.close(r)
            _child(req, fds, w)  # never returns
        os.close(w)
        for fd in fds:
            os.close(fd)
        leading[r] = (req["id"], pid)


def _req_id(msg: bytes):
    try:
        return json.loads(msg).get("id")
    except (ValueError, AttributeError):
        return None


def _reap() -> None:
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _child(req: dict, fds: list[int], leading: int) -> None:
    """In the forked child: become the session's app, then exit with its code;
    ``fds``: its PTY (``req["pty"]``) or its stdin, stdout and stderr pipes,
    then the status pipe; ``leading``: written to (and closed) once the child
    leads its session."""
    code = 1
    try:
        *stdio, status = fds
        os.setsid()
        os.write(leading, b".")
        os.close(leading)
        if req.get("pty"):
            fcntl.ioctl(stdio[0], termios.TIOCSCTTY, 0)
            stdio *= 3
        for fd, source in zip((0, 1, 2), stdio, strict=True):
            os.dup2(source, fd)
        if status != STATUS_FD:
            os.dup2(status, STATUS_FD)
        os.set_inheritable(STATUS_FD, False)
        os.closerange(STATUS_FD + 1, os.sysconf("SC_OPEN_MAX"))
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        os.environ.clear()
        os.environ.update(req["env"])
        if "textual.constants" in sys.modules:  # Textual's settings, from this environment
            importlib.reload(sys.modules["textual.constants"])
        sys.argv = ["florencia_tui.net.client", *req["args"]]
        # Standard streams on the PTY, as a freshly started Python makes them
        # for a terminal (line-buffered UTF-8).
        for fd, name, mode in ((0, "stdin", "r"), (1, "stdout", "w"), (2, "stderr", "w")):
            stream = open(  # noqa: SIM115 - they live as long as the process
                fd,
                mode,
                encoding="utf-8",
                errors="surrogateescape" if fd == 0 else "backslashreplace",
                closefd=False,
                buffering=1 if fd else -1,
            )
            setattr(sys, name, stream)
            setattr(sys, f"__{name}__", stream)
        from florencia_tui.net import client

        code = client.main(req["args"]) or 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException:  # noqa: BLE001 - nothing of it may reach the player
        code = 1
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        with contextlib.suppress(OSError):
            os.write(STATUS_FD, struct.pack("i", code))
        os._exit(code & 0xFF)


def main(argv: list[str] | None = None) -> int:
    """``python -m florencia_tui.net.zygote FD``: FD is its end of the socket pair."""
    fd = int((argv if argv is not None else sys.argv[1:])[0])
    warm()
    sock = socket.socket(fileno=fd)
    sock.setblocking(True)
    serve(sock)
    return 0


# ----- the server's side ---------------------------------------------------------------
class ZygoteLost(OSError):
    """The zygote went away (or did not answer) after it was asked for an
    app: it may have forked one onto the session's PTY already, so no other
    app may start there (the session starts one on a new PTY)."""


class ZygoteProcess:
    """An app the zygote forked, as the SSH server sees it: like
    ``asyncio.subprocess.Process`` for what a session needs (``pid``,
    ``returncode``, ``wait()``)."""

    def __init__(self, pid: int, status: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._status = status  # the pipe's read end: the exit code, then end of file
        self._got = b""
        self._done = asyncio.get_running_loop().create_future()
        os.set_blocking(status, False)
        asyncio.get_running_loop().add_reader(status, self._read)

    def _read(self) -> None:
        try:
            data = os.read(self._status, 16)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if data:
            self._got += data
            return
        loop = asyncio.get_running_loop()
        loop.remove_reader(self._status)
        os.close(self._status)
        # No code: a signal ended the app (a hang-up or a kill).
        self.returncode = struct.unpack("i", self._got[:4])[0] if len(self._got) >= 4 else -1
        if not self._done.done():
            self._done.set_result(self.returncode)

    async def wait(self) -> int:
        return await asyncio.shield(self._done)


class Zygote:
    """The server's end of the zygote: starts it, asks it for apps, starts it
    again when it has died."""

    def __init__(self, python: str, env: dict[str, str]) -> None:
        self.python = python
        self.env = env
        self.proc: asyncio.subprocess.Process | None = None
        self.sock: socket.socket | None = None
        self.ready: asyncio.Future | None = None
        self.started = 0  # how many zygotes have been started (the tests read it)
        self._next_id = 0
        self._waiting: dict[int, asyncio.Future] = {}
        self._closed = False

    @property
    def alive(self) -> bool:
        return self.sock is not None

    async def start(self) -> None:
        """Start the zygote (it warms up in the background: :meth:`spawn` waits)."""
        if self._closed or self.alive:
            return
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        loop = asyncio.get_running_loop()
        try:
            # Only its end of the pair is passed; nothing else of the server's.
            self.proc = await asyncio.create_subprocess_exec(
                self.python,
                "-m",
                "florencia_tui.net.zygote",
                str(theirs.fileno()),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL,
                env=self.env,
                pass_fds=(theirs.fileno(),),
                close_fds=True,
                start_new_session=True,
            )
        except OSError as e:
            log.warning("cannot start the app zygote: %s", e)
            ours.close()
            return
        finally:
            theirs.close()
        self.started += 1
        ours.setblocking(False)
        self.sock = ours
        self.ready = loop.create_future()
        loop.add_reader(ours, self._read)

    def _read(self) -> None:
        sock = self.sock
        if sock is None:
            return
        try:
            msg = sock.recv(MAX_MESSAGE)
        except BlockingIOError:
            return
        except OSError:
            msg = b""
        if not msg:
            self._lost()
            return
        reply = json.loads(msg)
        if "ready" in reply:
            if self.ready is not None and not self.ready.done():
                self.ready.set_result(True)
            return
        fut = self._waiting.pop(reply.get("id"), None)
        if fut is not None and not fut.done():
            fut.set_result(reply)

    def _lost(self, why: str = "the app zygote has gone") -> None:
        """The zygote died, or does not answer (stopped, stuck): it is killed
        and replaced; its apps live on; new ones start directly meanwhile."""
        if self.sock is None:
            return
        asyncio.get_running_loop().remove_reader(self.sock)
        self.sock.close()
        self.sock = None
        if self.ready is not None and not self.ready.done():
            self.ready.set_result(False)
        for fut in self._waiting.values():
            if not fut.done():
                fut.set_result({"error": "the app zygote has gone", "lost": True})
        self._waiting.clear()
        if self.proc is not None and self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.kill()
        if not self._closed:
            log.warning("%s; starting another", why)
            asyncio.get_running_loop().create_task(self._restart())

    async def _restart(self) -> None:
        if self.proc is not None:
            with contextlib.suppress(Exception):
                await self.proc.wait()
        await self.start()

    async def spawn(self, args: list[str], env: dict[str, str], stdio: list[int]) -> ZygoteProcess:
        """A forked app with ``args`` and ``env`` on ``stdio``: ``[slave]``
        (a PTY) or its stdin, stdout and stderr (pipes' ends); raises OSError
        when the zygote cannot give one (start the app directly),
        :class:`ZygoteLost` when it went away while asked or did not answer
        within ``SPAWN_WAIT`` (it is replaced; start the app directly on
        another PTY or pipes: its child may hold these)."""
        if len(stdio) not in (1, 3):
            raise ValueError("an app runs on a PTY or on three pipes")
        if not self.alive:
            await self.start()
        ready = self.ready  # (a zygote started meanwhile has a ready of its own)
        if ready is None or not self.alive:
            raise OSError("no app zygote")
        if not ready.done():
            try:
                await asyncio.wait_for(asyncio.shield(ready), READY_WAIT)
            except TimeoutError:
                raise OSError("the app zygote is not ready") from None
        if not ready.result() or self.sock is None or self.ready is not ready:
            raise OSError("the app zygote has gone")
        self._next_id += 1
        rid = self._next_id
        fut = asyncio.get_running_loop().create_future()
        self._waiting[rid] = fut
        r, w = os.pipe()
        try:
            msg = json.dumps({"id": rid, "args": args, "env": env, "pty": len(stdio) == 1})
            socket.send_fds(self.sock, [msg.encode()], [*stdio, w])
        except OSError:
            self._waiting.pop(rid, None)
            os.close(r)
            raise
        finally:
            os.close(w)
        try:
            reply = await asyncio.wait_for(asyncio.shield(fut), SPAWN_WAIT)
        except TimeoutError:
            self._waiting.pop(rid, None)
            os.close(r)
            self._lost(f"the app zygote did not answer in {SPAWN_WAIT:g} s")
            # It may yet fork an app onto that terminal: start none there.
            raise ZygoteLost("the app zygote did not answer") from None
        if "pid" not in reply:
            os.close(r)
            error = reply.get("error", "the app zygote did not start the app")
            raise ZygoteLost(error) if reply.get("lost") else OSError(error)
        return ZygoteProcess(reply["pid"], r)

    async def close(self) -> None:
        """Stop the zygote (the apps it started keep running until hung up)."""
        self._closed = True
        sock, self.sock = self.sock, None
        if sock is not None:
            asyncio.get_running_loop().remove_reader(sock)
            sock.close()  # the zygote reads end of file and exits
        if self.ready is not None and not self.ready.done():
            self.ready.set_result(False)
        for fut in self._waiting.values():
            if not fut.done():
                fut.set_result({"error": "the server is stopping", "lost": True})
        proc = self.proc
        if proc is not None and proc.returncode is None:
            try:
                await asyncio.wait_for(proc.wait(), 5)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    proc.kill()
                await proc.wait()


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING)
    sys.exit(main())
