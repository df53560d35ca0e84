"""Spectators who would see the same screen share one rendering (issue 17,
item 2; florencia_tui.net.shared): an idle spectator's terminal follows the
table's shared renderer, its own app draws nothing, any key or a new size brings
the own app back with the whole screen, a seated player never follows, and no
marker ever reaches a terminal."""

from __future__ import annotations

import asyncio
import time

from florencia_tui.net import sshd
from florencia_tui.net.client import FOLLOW_IDLE
from florencia_tui.net.shared import PREFIX, Markers, SharedView, marker

WAIT = 30.0


def session_of(harness, user: str) -> sshd.PtySession:
    return next(
        s for s in sshd.PtySession.children if s.user == user and s.spawner.socket == harness.sock
    )


def views_of(harness) -> list[SharedView]:
    return [v for v in SharedView.live.values() if v.key[0] == str(harness.sock)]


async def until(check, timeout: float = WAIT, what: str = ""):
    deadline = time.monotonic() + timeout
    while not (got := check()):
        assert time.monotonic() < deadline, f"waited for {what or check}"
        await asyncio.sleep(0.05)
    return got


def cells(term) -> list[list[tuple]]:
    """Every cell of a pyte screen: its character and rendition."""
    buf = term.screen.buffer
    return [
        [
            (c.data, c.fg, c.bg, c.bold, c.italics, c.underscore, c.reverse)
            for c in (buf[y][x] for x in range(term.screen.columns))
        ]
        for y in range(term.screen.lines)
    ]


async def settled(term, quiet: float = 1.0, timeout: float = WAIT) -> list[list[tuple]]:
    """The screen once no byte has arrived for ``quiet`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        seen = term.received
        await asyncio.sleep(quiet)
        if term.received == seen:
            return cells(term)
        assert time.monotonic() < deadline, "the screen never settled"


async def quiet_table(harness, seed: int = 5):
    """A Palazzo table whose only human seat is a direct link (so nothing moves
    until the test plays), and its code."""
    host = await harness.link("host")
    made = await asyncio.to_thread(host.call, "create", game="palazzo", humans=1, bots=2, seed=seed)
    table = await asyncio.to_thread(host.open_table, made["code"], 0)
    return made["code"], table


async def spectator(harness, user: str, code: str, cols: int = 100, rows: int = 30):
    t = await harness.term(user, cols, rows)
    await t.wait(code)
    await t.keys("s")
    await t.wait("spectating")
    return t


async def following(harness, user: str) -> sshd.PtySession:
    s = session_of(harness, user)
    await until(
        lambda: s.mode == "follow" and s.view is not None and s in s.view.followers,
        what=f"{user} to follow",
    )
    return s


def test_markers_are_cut_out_even_split_across_reads() -> None:
    m = Markers("k")
    data = b"ab" + marker("k", "follow", "ABCD").encode() + b"cd" + marker("x", "own").encode()
    for cut in range(len(data) + 1):
        got: list = []
        for part in (data[:cut], data[cut:]):
            got += list(m.feed(part))
        text = b"".join(p for p in got if isinstance(p, bytes))
        assert text == b"abcd", cut
        assert [p for p in got if isinstance(p, tuple)] == [("follow", "ABCD")], cut
    # a prefix never ended is dropped, the rest goes through
    junk = PREFIX + b"x" * 300 + b"tail"
    assert PREFIX not in b"".join(p for p in m.feed(junk) if isinstance(p, bytes))


async def test_an_idle_spectator_follows_and_a_key_brings_its_own_screen_back(harness):
    code, table = await quiet_table(harness)
    ana = await spectator(harness, "ana", code)
    await settled(ana, 0.3)
    ana.screen.reset()  # the terminal forgets: what follows must draw every cell
    s = await following(harness, "ana")
    (view,) = views_of(harness)
    assert view.proc is not None and view.proc.pid != s.proc.pid
    # The renderer is nobody the lobby lists (ana and the host are).
    host = await harness.link("host")
    people = (await asyncio.to_thread(host.call, "lobby"))["people"]
    assert sorted(p["user"] for p in people) == ["ana", "host", "host"]
    # The table moves: the follower's terminal is drawn by the shared renderer.
    sent = view.sent
    await asyncio.to_thread(table.submit, 0, table.legal(0)[0])
    await until(lambda: view.sent > sent, what="shared bytes")
    shared = await settled(ana)
    assert s.mode == "follow"
    assert "spectating" in ana.text()
    # Any key: the own app takes over and draws the whole screen, the same one.
    ana.screen.reset()
    await ana.keys("z", pause=0)
    await until(lambda: s.mode == "own", what="the own app back")
    assert view.closed and not views_of(harness)  # its last follower left
    assert await settled(ana, 0.4) == shared
    assert PREFIX not in bytes(ana.raw)


async def test_a_seated_player_never_follows(harness):
    """Bob plays at the table the spectators follow, at their terminal size:
    not one shared byte reaches him, however long he is idle."""
    bob_link = await harness.link("bob")
    made = await asyncio.to_thread(
        bob_link.call, "create", game="palazzo", humans=1, bots=2, seed=7
    )
    bob_link.close()
    bob = await harness.term("bob", 100, 30)
    await bob.wait(made["code"])
    await bob.keys("\r")  # Enter on the table: to his seat
    await bob.wait("you are bob")
    ana = await spectator(harness, "ana", made["code"])
    a = await following(harness, "ana")
    b = session_of(harness, "bob")
    await ana.wait("spectating")
    t0 = time.monotonic()
    while time.monotonic() - t0 < 3 * FOLLOW_IDLE:  # idle, long past FOLLOW_IDLE
        assert b.mode == "own" and b.view is None
        assert not [v for v in SharedView.live.values() if b in v.members]
        await asyncio.sleep(0.1)
    sent = a.shared_bytes
    await bob.keys("1")  # he plays; the spectator's shared screen shows it
    await until(lambda: a.shared_bytes > sent, what="the move on the shared view")
    await settled(ana, 0.5)
    assert b.shared_bytes == 0 and b.mode == "own"
    assert a.shared_bytes > 0
    for t in (ana, bob):
        assert PREFIX not in bytes(t.raw)


async def test_a_new_size_is_another_shared_view(harness):
    """Two spectators of one size share one renderer; one resizes: its own
    app draws the new size at once, then it follows a renderer of that size;
    a renderer ends with its last follower."""
    code, table = await quiet_table(harness)
    ana = await spectator(harness, "ana", code)
    bea = await spectator(harness, "bea", code)
    a, b = await following(harness, "ana"), await following(harness, "bea")
    assert a.view is b.view and len(views_of(harness)) == 1
    first = a.view
    bea.screen.reset()
    bea.resize(90, 28)
    await until(lambda: b.mode == "own", what="bea's own app back")
    assert a.mode == "follow" and b not in first.members and not first.closed
    own = await settled(bea, 0.4)
    assert "spectating" in bea.text()
    bea.screen.reset()  # what the new renderer's first whole screen must redraw
    await following(harness, "bea")
    assert b.view is not first and b.view.size[:2] == (90, 28)
    assert len(views_of(harness)) == 2
    assert await settled(bea, 0.5) == own
    ana.close()  # its renderer's last follower
    await until(lambda: first.closed and first.proc.returncode is not None, what="the end")
    assert views_of(harness) == [b.view]
    for t in (ana, bea):
        assert PREFIX not in bytes(t.raw)


async def test_a_renderer_that_never_draws_hands_its_joiners_back(monkeypatch):
    """A follower waits JOIN_TIMEOUT at most for the whole screen; then its own
    app takes over again, and the silent renderer ends with its last member."""
    import sys

    from florencia_tui.net import shared

    class Session:
        view = None
        handed_back = 0

        def _unfollow(self) -> None:
            view, self.view = self.view, None
            view.remove(self)
            self.handed_back += 1

    monkeypatch.setattr(shared, "JOIN_TIMEOUT", 0.5)
    s = Session()
    argv = [sys.executable, "-c", "import time; time.sleep(30)"]
    key = ("/nonexistent", "ABCD", 80, 24, ())
    s.view = SharedView.join(s, key, argv, {}, (80, 24, 0, 0))
    view = s.view
    await until(lambda: s.handed_back == 1, timeout=10, what="the joiner handed back")
    assert view.closed and key not in SharedView.live
    await until(lambda: view.proc is not None and view.proc.returncode is not None, timeout=10)
