"""Connections that never sign in (issue 26, item 4): capped in all and per
source address (more are closed at once, before a byte is sent), dropped
after the login grace time, and a server limited to 1024 open files keeps
serving players under 1,000 of them."""

from __future__ import annotations

import asyncio
import os
import re
import resource
import signal
import socket
import subprocess
import sys

import pytest

from florencia_tui.net.limits import Limits

from .conftest import WAIT, ssh_term


async def connect_raw(port: int, source: str) -> socket.socket:
    """A TCP connection to the SSH port from ``source`` that never signs in."""
    s = socket.socket()
    s.setblocking(False)
    s.bind((source, 0))
    await asyncio.get_running_loop().sock_connect(s, ("127.0.0.1", port))
    return s


async def first_bytes(s: socket.socket, timeout: float = WAIT) -> bytes:
    """What the server sends first: its SSH version line, or b"" (closed)."""
    try:
        return await asyncio.wait_for(asyncio.get_running_loop().sock_recv(s, 256), timeout)
    except ConnectionResetError:
        return b""


async def test_connections_that_never_sign_in_are_capped_in_all_and_per_address(open_server):
    harness = await open_server(Limits(preauth=4, preauth_per_address=2, login_timeout=3))
    port, caps = harness.port, harness.server.caps
    held = []
    for source in ("127.0.0.1", "127.0.0.1", "127.0.0.2", "127.0.0.2"):
        held.append(await connect_raw(port, source))
    for s in held:
        assert (await first_bytes(s)).startswith(b"SSH-2.0-")
    # A third from one address, and a fifth in all, are closed at once,
    # before the server has sent a byte.
    over = [await connect_raw(port, "127.0.0.1"), await connect_raw(port, "127.0.0.3")]
    for s in over:
        assert await first_bytes(s) == b""
    assert caps.refused == 2 and caps.preauth.count == 4
    # A player who signs in while the caps are full waits for the grace time
    # to drop the idle ones (they never signed in) ...
    for s in held:
        assert await first_bytes(s, 10) == b""  # closed by the login timeout
    assert caps.preauth.count == 0
    # ... and then signs in and plays.
    ana = await harness.term("ana", local_addr=("127.0.0.3", 0))
    await ana.keys("n")
    await ana.wait("New table")
    for s in held + over:
        s.close()


async def test_a_thousand_idle_connections_leave_a_1024_descriptor_server_working(
    tmp_path, short_dir
):
    """The server at RLIMIT_NOFILE 1024 (a subprocess), 1,000 TCP connections
    from one address that never sign in: 10 are held, the rest closed at once;
    a player from another address signs in and plays; nothing in the log says
    "Too many open files"."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = 1500  # this process holds the 1,000 client ends
    if soft < need:
        if hard != resource.RLIM_INFINITY and hard < need:
            pytest.skip(f"this process may open only {hard} files")
        resource.setrlimit(resource.RLIMIT_NOFILE, (need, hard))
    data = tmp_path / "data"
    log_file = tmp_path / "server.log"
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "PYTHONPATH", "LANG")}
    env["FLORENCIA_DATA_DIR"] = str(data)

    def at_1024() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))

    argv = [sys.executable, "-m", "florencia_tui", "serve", "--open", "--port", "0"]
    argv += ["--socket", str(short_dir / "s.sock")]
    with open(log_file, "wb") as err:
        proc = subprocess.Popen(
            argv, stdout=subprocess.PIPE, stderr=err, env=env, preexec_fn=at_1024
        )
    flood: list[socket.socket] = []
    try:
        port = await asyncio.wait_for(asyncio.to_thread(_banner_port, proc), 60)
        for _ in range(10):  # 1,000 connections, 100 at a time
            flood += await asyncio.gather(*(connect_raw(port, "127.0.0.1") for _ in range(100)))
        got = await asyncio.gather(*(first_bytes(s, 20) for s in flood))
        held = [g for g in got if g.startswith(b"SSH-")]
        assert len(held) == Limits().preauth_per_address, len(held)
        assert len(os.listdir(f"/proc/{proc.pid}/fd")) < 200
        # A player from another address signs in (open: by name) and plays.
        ana = await ssh_term(port, "ana", local_addr=("127.0.0.2", 0))
        try:
            await ana.wait("signed in as ana")
            await ana.keys("n")
            await ana.wait("New table")
        finally:
            ana.close()
    finally:
        for s in flood:
            s.close()
        proc.send_signal(signal.SIGTERM)
        await asyncio.to_thread(proc.wait, 30)
    log = log_file.read_text()
    assert "Too many open files" not in log and "Traceback" not in log, log[-3000:]
    assert "refused 990 connection(s) that had not signed in" in log or "refused" in log


def _banner_port(proc: subprocess.Popen) -> int:
    for line in proc.stdout:
        m = re.search(rb"SSH on 127\.0\.0\.1:(\d+)", line)
        if m:
            return int(m.group(1))
    raise AssertionError("the server stopped before it listened")
