"""SSH sessions' apps forked from the pre-imported app zygote (net/zygote.py):
they play, end with their exit status, are hung up when the link drops, keep
nothing of the server's, and the server copes when the zygote dies."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from florencia_tui.net import sshd
from florencia_tui.net.zygote import MAX_MESSAGE, Zygote, ZygoteProcess


def session_of(harness, user: str) -> sshd.PtySession:
    return next(
        s for s in sshd.PtySession.children if s.user == user and s.spawner.socket == harness.sock
    )


def parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def sockets_of(pid: int) -> set[str]:
    found = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:"):
            found.add(target)
    return found


async def gone(pid: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while Path(f"/proc/{pid}").exists() and "State:\tZ" not in _status(pid):
        assert time.monotonic() < deadline, f"process {pid} is still running"
        await asyncio.sleep(0.05)


def _status(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return ""


async def test_a_session_is_forked_from_the_zygote_keeps_nothing_of_the_server_and_plays(
    harness,
):
    zygote = harness.server.spawner.zygote
    ana = await harness.term("ana")
    session = session_of(harness, "ana")
    app = session.proc
    assert isinstance(app, ZygoteProcess)
    assert parent_of(app.pid) == zygote.proc.pid
    assert os.getsid(app.pid) == app.pid == os.getpgid(app.pid)  # its own session
    # What the process began with (the zygote's) is the server's KEEP_ENV only ...
    env = dict(
        kv.split("=", 1)
        for kv in Path(f"/proc/{app.pid}/environ").read_bytes().decode().split("\0")
        if kv
    )
    assert set(env) <= {*sshd.KEEP_ENV, *sshd.PASS_ENV, "PYTHONIOENCODING"}
    # ... and each app draws with its own client's terminal settings.
    ben = await harness.term("ben", env={})  # no COLORTERM: 256 colours
    assert b"\x1b[38;2;" in ana.raw
    assert b"\x1b[38;5;" in ben.raw and b"\x1b[38;2;" not in ben.raw
    # None of the server's sockets (the SSH listener, the sessions, the
    # service's) nor the zygote's are open in the app: only its own.
    assert not sockets_of(app.pid) & (sockets_of(os.getpid()) | sockets_of(zygote.proc.pid))
    await ana.keys("n")
    await ana.wait("New table")


async def test_the_session_ends_with_the_app_s_exit_status(harness):
    ana = await harness.term("ana")
    await ana.keys("q")  # the lobby's Quit
    await asyncio.wait_for(ana.closed.wait(), 15)
    assert ana.chan.get_exit_status() == 0
    # An app that cannot reach the table service ends with 1, and says so.
    harness.server.spawner.socket = Path("/nonexistent/s.sock")
    ben = await harness.term("ben", wait=False)
    await asyncio.wait_for(ben.closed.wait(), 15)
    assert ben.chan.get_exit_status() == 1
    assert "cannot join the table service" in ben.text()


async def test_a_dropped_link_hangs_the_forked_app_up(harness):
    ana = await harness.term("ana")
    pid = session_of(harness, "ana").proc.pid
    ana.abort()
    await gone(pid)
    deadline = time.monotonic() + 5
    while any(
        s.user == "ana" and s.spawner.socket == harness.sock for s in sshd.PtySession.children
    ):
        assert time.monotonic() < deadline, "the session outlived its app"
        await asyncio.sleep(0.05)


async def test_when_the_zygote_dies_sessions_go_on_and_a_new_zygote_takes_over(harness):
    zygote = harness.server.spawner.zygote
    ana = await harness.term("ana")
    first = zygote.proc.pid
    os.kill(first, signal.SIGKILL)
    # Ana's app is not the zygote's to lose.
    await ana.keys("n")
    await ana.wait("New table")
    # A session meanwhile starts (directly, or from the next zygote) ...
    ben = await harness.term("ben")
    assert session_of(harness, "ben").proc.pid != first
    # ... and the server has started another zygote, which forks the next ones.
    deadline = time.monotonic() + 30
    while not (zygote.alive and zygote.ready.done() and zygote.ready.result()):
        assert time.monotonic() < deadline, "no new zygote"
        await asyncio.sleep(0.1)
    assert zygote.started == 2 and zygote.proc.pid != first
    await harness.term("cy")
    app = session_of(harness, "cy").proc
    assert isinstance(app, ZygoteProcess) and parent_of(app.pid) == zygote.proc.pid
    await ben.keys("n")
    await ben.wait("New table")


async def test_a_zygote_lost_while_asked_gives_the_session_a_new_terminal(harness):
    zygote = harness.server.spawner.zygote
    assert await asyncio.wait_for(asyncio.shield(zygote.ready), 30)  # warmed up
    os.kill(zygote.proc.pid, signal.SIGSTOP)  # it takes the request, and never answers
    ana = await harness.term("ana", wait=False)
    deadline = time.monotonic() + 15
    while not zygote._waiting:
        assert time.monotonic() < deadline, "no request reached the zygote"
        await asyncio.sleep(0.02)
    os.kill(zygote.proc.pid, signal.SIGKILL)
    # It might have forked an app onto Ana's PTY: that PTY is closed (which
    # hangs such an app up) and her app starts directly on a new one.
    await ana.wait("signed in as ana")
    app = session_of(harness, "ana").proc
    assert isinstance(app, asyncio.subprocess.Process) and parent_of(app.pid) == os.getpid()
    await ana.keys("n")
    await ana.wait("New table")
    await harness.term("ben")  # the next sign-in plays


async def test_a_stopped_zygote_is_replaced_and_new_sessions_reach_the_lobby(harness):
    """Issue 26 item 7: a zygote stopped (not killed) never answers; a session
    waits ``SPAWN_WAIT`` for it at most, then starts its app directly, and the
    zygote is killed and replaced."""
    zygote = harness.server.spawner.zygote
    assert await asyncio.wait_for(asyncio.shield(zygote.ready), 30)  # warmed up
    stopped = zygote.proc.pid
    os.kill(stopped, signal.SIGSTOP)
    ana = await harness.term("ana")  # the lobby shows
    assert parent_of(session_of(harness, "ana").proc.pid) == os.getpid()  # started directly
    await gone(stopped)
    deadline = time.monotonic() + 30
    while not (zygote.alive and zygote.ready.done() and zygote.ready.result()):
        assert time.monotonic() < deadline, "no new zygote"
        await asyncio.sleep(0.1)
    assert zygote.started == 2
    await harness.term("ben")
    app = session_of(harness, "ben").proc
    assert isinstance(app, ZygoteProcess) and parent_of(app.pid) == zygote.proc.pid
    await ana.keys("n")
    await ana.wait("New table")


async def test_without_a_zygote_each_app_starts_from_scratch(harness):
    await harness.stop()
    await harness.start(zygote=False)
    assert harness.server.spawner.zygote is None
    ana = await harness.term("ana")
    app = session_of(harness, "ana").proc
    assert isinstance(app, asyncio.subprocess.Process)
    assert parent_of(app.pid) == os.getpid()
    await ana.keys("n")
    await ana.wait("New table")


async def test_a_zygote_that_dies_while_warming_up_leaves_the_app_to_start_directly():
    """A session waiting for a zygote that dies before it is ready (the
    server starts another at once) is told to start its app directly (an
    OSError), not left with an error no caller expects."""
    z = Zygote(sys.executable, sshd.child_env({}, None))
    await z.start()
    master, slave = os.openpty()
    try:
        asked = asyncio.ensure_future(z.spawn(["--help"], {}, [slave]))
        await asyncio.sleep(0.1)  # the request waits for the zygote to warm up
        assert not z.ready.done()
        os.kill(z.proc.pid, signal.SIGKILL)
        z._lost()  # (as its socket's end of file tells the server)
        # Another zygote is under way, with a ready of its own, before the
        # request wakes up (on a busy server it may well be).
        z.ready = asyncio.get_running_loop().create_future()
        with pytest.raises(OSError, match="gone"):
            await asyncio.wait_for(asked, 30)
    finally:
        await z.close()
        os.close(master)
        os.close(slave)


#: A zygote (net/zygote.py's serve) whose children do nothing but lead their
#: session and end; the child asked for with the argument "slow" takes 3 s
#: to lead it (a machine too busy to run it).
SLOW_CHILD = """
import os, socket, sys, time
from florencia_tui.net import zygote

def child(req, fds, leading):
    if req["args"] == ["slow"]:
        time.sleep(3)
    os.write(leading, b".")
    os._exit(0)

zygote._child = child
zygote.serve(socket.socket(fileno=int(sys.argv[1])))
"""


def test_a_child_slow_to_start_delays_no_other_session_s_app():
    """The zygote answers each request once its child leads its session, and
    takes the next requests meanwhile: the second session's app is not kept
    waiting behind the first's."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    proc = subprocess.Popen(
        [sys.executable, "-c", SLOW_CHILD, str(theirs.fileno())], pass_fds=[theirs.fileno()]
    )
    theirs.close()
    try:
        ours.settimeout(30)
        assert "ready" in json.loads(ours.recv(MAX_MESSAGE))
        null = os.open(os.devnull, os.O_RDWR)
        for rid, args in ((1, ["slow"]), (2, ["quick"])):
            msg = json.dumps({"id": rid, "args": args, "env": {}, "pty": True}).encode()
            socket.send_fds(ours, [msg], [null, null])
        os.close(null)
        first = json.loads(ours.recv(MAX_MESSAGE))
        second = json.loads(ours.recv(MAX_MESSAGE))
        assert first["id"] == 2 and "pid" in first  # the quick one, at once
        assert second["id"] == 1 and "pid" in second
    finally:
        ours.close()
        proc.wait(30)
