"""A window larger than any terminal (issue 26, item 5): a PTY request above
65535 is refused cleanly (no traceback, no descriptor left behind), a window
change above it is ignored, and an app (over SSH or in a browser tab) draws at
most MAX_COLS x MAX_ROWS whatever the window, and says so on screen."""

from __future__ import annotations

import asyncio
import logging
import os
import re
from pathlib import Path

import aiohttp
import asyncssh
import pytest

from florencia_tui.net import sshd
from florencia_tui.net.client import NetApp
from florencia_tui.net.limits import MAX_COLS, MAX_ROWS
from florencia_tui.net.sshd import Auth

from .conftest import SSHTerm, settles, ssh_term
from .test_web import read_until, web_server


def open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def sessions_of(harness, user: str) -> list[sshd.PtySession]:
    """``user``'s live sessions on this test's server (PtySession.children holds
    every server's in the process: an earlier test's may still be closing)."""
    return [
        s for s in sshd.PtySession.children if s.user == user and s.spawner.socket == harness.sock
    ]


def session_of(harness, user: str) -> sshd.PtySession:
    return sessions_of(harness, user)[0]


async def test_a_pty_larger_than_a_terminal_can_be_is_refused_cleanly(open_server, caplog):
    harness = await open_server()
    caplog.set_level(logging.INFO)
    await harness.term("ben")  # (the server's own descriptors settle first)
    before = open_fds()
    for _ in range(3):
        conn = await asyncssh.connect(
            "127.0.0.1",
            harness.port,
            username="ana",
            client_keys=[],
            known_hosts=None,
            agent_path=None,
        )
        with pytest.raises(asyncssh.ChannelOpenError, match="PTY"):
            await conn.create_session(
                SSHTerm(80, 24).session, term_type="xterm", term_size=(70000, 70000)
            )
        conn.close()
        await conn.wait_closed()
    await settles(lambda: sessions_of(harness, "ana"), [])  # none was started
    await settles(open_fds, before)  # not one descriptor left behind
    # A window change to such a size is ignored: the app goes on at its size.
    ana = await ssh_term(harness.port, "ana")
    harness.terms.append(ana)
    await ana.wait("signed in as ana")
    ana.chan.change_terminal_size(70000, 70000)
    await ana.keys("n")
    await ana.wait("New table")
    assert session_of(harness, "ana").size[:2] == (100, 30)
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not bad, [r.getMessage() for r in bad]
    said = [r.getMessage() for r in caplog.records if r.name == "florencia.ssh"]
    assert any("refused a PTY of 70000x70000" in m for m in said)


async def test_a_65535_square_window_gets_the_app_at_its_largest_size_which_says_so(
    open_server,
):
    harness = await open_server()
    ana = await ssh_term(harness.port, "ana", size=(65535, 65535), screen=(MAX_COLS, MAX_ROWS))
    harness.terms.append(ana)
    await ana.wait("signed in as ana")
    await ana.wait("larger than the game draws")
    app = session_of(harness, "ana").proc
    await asyncio.sleep(2)  # an app without the bound grows by ~70 MiB a second
    assert rss_mib(app.pid) < 400
    await ana.keys("n")
    await ana.wait("New table")
    # Not one byte is drawn beyond the app's largest size.
    rows, cols = cursor_moves(bytes(ana.raw).decode("utf-8", "replace"))
    assert rows <= MAX_ROWS and cols <= MAX_COLS


async def test_the_app_draws_at_most_its_largest_size_and_says_so(record_notifications):
    """The same app runs in a browser tab: its size is bounded whatever the
    window (or a resize message) says."""

    class Link:
        user, resume, table = "ana@web", None, None

        def set_sink(self, sink) -> None:
            pass

        def call(self, op, **kw):
            return {"tables": [], "people": []}

    app = NetApp(Link())
    said = record_notifications(app)
    async with app.run_test(size=(1000, 400)) as pilot:
        await pilot.pause()
        assert (app.size.width, app.size.height) == (MAX_COLS, MAX_ROWS)
        assert app.screen.size == app.size
        assert len(said) == 1 and "larger than the game draws" in said[0]
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert (app.size.width, app.size.height) == (100, 30) and len(said) == 1
        await pilot.resize_terminal(70000, 20)
        await pilot.pause()
        assert (app.size.width, app.size.height) == (MAX_COLS, 20) and len(said) == 2


def cursor_moves(text: str) -> tuple[int, int]:
    """The furthest row and column any cursor move in ``text`` goes to."""
    moves = [(int(r), int(c)) for r, c in re.findall(r"\x1b\[(\d+);(\d+)H", text)]
    assert moves
    return max(r for r, _ in moves), max(c for _, c in moves)


async def test_a_browser_tab_of_65535_square_is_bounded_too(tmp_path, short_dir):
    server = await web_server(tmp_path, short_dir, Auth(open=True))
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            signed = await http.post(
                server.web_url + "/signin",
                data={"name": "zoe"},
                allow_redirects=False,
                headers={"Origin": server.web_url},
            )
            assert signed.status == 303
            tab = await http.ws_connect(
                server.web_url + "/ws?width=65535&height=65535", origin=server.web_url
            )
            seen: list[str] = []
            await read_until(tab, "larger than the game draws", seen)
            rows, cols = cursor_moves("".join(seen))
            assert rows <= MAX_ROWS and cols <= MAX_COLS
            await tab.close()
    finally:
        await server.close()
