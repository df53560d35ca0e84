"""A hostile or broken SSH client (issue 13, items 8-10): bytes that are not
UTF-8, a flood of input, EOF at once. Nobody else notices, the server stays
small and no traceback, path or source line ever reaches a client."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import time

from rich.text import Text

from florencia_tui.net import sshd
from florencia_tui.net.client import INTERNAL_ERROR, NetApp

LEAKS = ("Traceback", "florencia_tui", ".py", "site-packages", "/tmp/", "/work/")


def session_of(harness, user: str) -> sshd.PtySession:
    return next(
        s for s in sshd.PtySession.children if s.user == user and s.spawner.socket == harness.sock
    )


async def test_bytes_that_are_not_utf8_are_keys_not_a_crash(harness, local_pty):
    ana = await harness.term("ana")
    ana.chan.write(b"\xff\xfe caf\xe9 \xc3")  # a Latin-1 terminal, and a cut sequence
    await asyncio.sleep(0.5)
    await ana.keys("n")
    await ana.wait("New table")  # the app goes on
    assert not ana.closed.is_set()
    raw = bytes(ana.raw).decode("utf-8", "replace")
    assert not [w for w in LEAKS if w in raw]
    # `florencia connect` (an OpenSSH ForceCommand) reads its terminal directly.
    argv = [sys.executable, "-m", "florencia_tui", "connect", "--socket", str(harness.sock)]
    t = await local_pty(argv, 100, 30, env={"USER": "erin"}).start()
    harness.terms.append(t)
    await t.wait("signed in as erin")
    os.write(t.master, b"\xff\xe9")
    await asyncio.sleep(0.5)
    await t.keys("n")
    await t.wait("New table")
    assert "Traceback" not in bytes(t.raw).decode("utf-8", "replace")


async def test_an_internal_error_goes_to_the_server_log_not_the_player(capsys):
    class Link:
        calls: list = []
        user, resume, table = "ana", None, None

        def set_sink(self, sink) -> None:
            pass

        def call(self, op, **kw):
            self.calls.append((op, kw))
            return {"tables": [], "people": []}

    app = NetApp(Link())
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.screen.query_one("#lobby-title")
        # What Textual keeps to print when the app stops on an error.
        app.panic(
            Text(
                'Traceback (most recent call last):\n  File "/srv/venv/florencia_tui/net/'
                'client.py", line 3\n    secret = state["hands"][1]\nKeyError: 1'
            )
        )
    assert not [c for c in Link.calls if c[0] == "report"]  # not before the app stops
    app.report_errors()
    err = capsys.readouterr().err
    assert err.strip() == INTERNAL_ERROR
    ((op, kw),) = [c for c in Link.calls if c[0] == "report"]
    assert op == "report" and "client.py" in kw["text"] and "hands" in kw["text"]


async def test_a_flood_of_input_is_rationed_and_starves_nobody(harness):
    ana = await harness.term("ana")
    ben = await harness.term("ben")
    flood = session_of(harness, "ana")
    start = time.monotonic()
    ana.chan.write(b"x" * (8 * 1024 * 1024))  # 8 MB of keys, as fast as the link goes
    await asyncio.sleep(1.0)
    # Ben's keys still get an answer at once.
    t0 = time.monotonic()
    await ben.keys("n", pause=0)
    await ben.wait("New table", timeout=5)
    assert time.monotonic() - t0 < 3
    elapsed = time.monotonic() - start
    # The server took a rationed share and queued at most its bound.
    budget = sshd.INPUT_BURST + sshd.INPUT_RATE * (elapsed + 0.5) + 64 * 1024
    assert flood.accepted <= budget, (flood.accepted, budget)
    assert flood.most_queued <= sshd.INBOX_MAX + 64 * 1024
    assert ana.chan.get_write_buffer_size() > 4 * 1024 * 1024  # the rest waits at the client


async def test_eof_at_session_start_ends_the_session_cleanly(harness, caplog):
    caplog.set_level(logging.INFO)
    earlier = set(sshd.PtySession.children)  # other tests' sessions
    for when in (0.0, None):  # at once, and once the lobby shows
        t = await harness.term("ana", wait=when is None)
        t.chan.write_eof()
        await asyncio.wait_for(t.closed.wait(), 15)
        assert t.chan.get_exit_status() is not None
    deadline = time.monotonic() + 5
    while sshd.PtySession.children - earlier:
        assert time.monotonic() < deadline, "an app outlived its session"
        await asyncio.sleep(0.05)
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], [
        r.getMessage() for r in caplog.records
    ]


class FakeChannel:
    """The few channel calls a PtySession makes, recorded."""

    def __init__(self) -> None:
        self.exited = asyncio.Event()
        self.status = None
        self.out = bytearray()

    def get_environment(self) -> dict:
        return {}

    def write(self, data: bytes) -> None:
        self.out += data

    def exit(self, status: int) -> None:
        self.status = status
        self.exited.set()

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


async def test_eof_while_the_app_is_starting_still_ends_it():
    """The race behind item 10: EOF arrives while the app's process is being
    made (no process to hang up yet); the app must not outlive the session."""
    spawner = sshd.Spawner(sshd.Path("/nonexistent"))
    spawner.argv = lambda user: [sys.executable, "-c", "import time; time.sleep(30)"]
    for eof_first in (True, False):
        session = sshd.PtySession(spawner, "ana")
        chan = FakeChannel()
        session.connection_made(chan)
        session.pty_requested("xterm", (80, 24, 0, 0), {})
        if eof_first:
            session.eof_received()
        session.session_started()
        await asyncio.sleep(0)  # the start has begun: the process is being made
        if not eof_first:
            assert session.proc is None
            session.eof_received()
        await asyncio.wait_for(chan.exited.wait(), 10)
        assert session.proc is None or session.proc.returncode is not None
