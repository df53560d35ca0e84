"""A spectator's app draws a fast table at most once per SPECTATOR_FRAME, always
ending on the newest state (issue 17: a crowd of spectators)."""

from __future__ import annotations

import asyncio
import random
import time

from textual.widgets import RichLog

from florencia_tui.net import client
from florencia_tui.net.client import NetApp
from florencia_tui.net.remote import Connection


async def test_a_spectator_sees_the_newest_state_with_fewer_redraws(service_thread, monkeypatch):
    host = Connection(str(service_thread.sock), "alice")
    watcher = Connection(str(service_thread.sock), "wendy")
    made = host.call("create", game="palazzo", humans=1, bots=2, seed=5)
    mine = host.open_table(made["code"], 0)
    redraws: list[int] = []
    draw = NetApp._redraw

    async def counted(screen):
        await draw(screen)
        redraws.append(screen.table.snap["rev"])

    monkeypatch.setattr(NetApp, "_redraw", staticmethod(counted))
    app = NetApp(watcher)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.spectate(made["code"])
            await pilot.pause()
            rng = random.Random(5)
            service = service_thread.service
            table = service.tables[mine.table_id]
            t0, n = time.monotonic(), len(redraws)
            pushed = 0
            gid = mine.table_id

            def move() -> bool:  # the player's move, on the service's loop
                if 0 not in table.to_act() or table.bot_to_act() is not None:
                    return False
                table.submit(0, table.game.sample(table.state, 0, rng))
                service._changed(gid)
                service._kick_bots(gid)
                return True

            for _ in range(60):  # the player moves as fast as the service answers
                pushed += service_thread.call(move)
                await asyncio.sleep(0.005)
            for _ in range(400):  # until the spectator has drawn the newest state
                final = service_thread.call(lambda: service.revs[gid])
                if redraws and redraws[-1] == final:
                    break
                await pilot.pause(0.02)
            elapsed = time.monotonic() - t0
            assert redraws[-1] == final  # the last state is always drawn
            assert pushed >= 10
            # at most one redraw per frame (plus the first and the last)
            assert len(redraws) - n <= elapsed / client.SPECTATOR_FRAME + 2
            shown = "\n".join(s.text for s in app.screen.query_one("#log", RichLog).lines)
            last = service_thread.call(lambda: table.log(None)[-1])
            # the newest log line is on the screen (wrapped to the log's width)
            assert " ".join(last.split())[:30] in " ".join(shown.split())
    finally:
        host.close()
        watcher.close()


async def test_a_spectators_quiet_redraws_equal_a_fresh_screen(service_thread):
    """A spectator's screen skips unchanged parts (the Palazzo board's keyed
    Statics), lays nothing out when no size changes (set_content, QuietLog) and
    repaints only what changed. After a game's worth of changes, what it shows
    must be what a freshly opened spectator screen shows for the same state:
    every visible cell and colour, and every widget's full text (the board's
    parts scrolled out of sight included)."""
    from florencia_tui.games.palazzo.ui.board import PalazzoBoard
    from tests.tui.screen_text import seen, svg_text

    host = Connection(str(service_thread.sock), "alice")
    # Three people and no bots: the state stands still unless the test moves.
    made = host.call("create", game="palazzo", humans=3, bots=0, seed=11)
    others = [Connection(str(service_thread.sock), name) for name in ("bob", "carol")]
    for other in others:
        other.call("join", code=made["code"])
    mine = host.open_table(made["code"], 0)
    service = service_thread.service
    gid = mine.table_id
    table = service.tables[gid]
    rng = random.Random(11)

    def move() -> bool:  # any seat's move, on the service's loop
        if table.is_over():
            return False
        seat = table.to_act()[0]
        table.submit(seat, table.game.sample(table.state, seat, rng))
        service._changed(gid)
        return True

    async def watch(name: str):
        conn = Connection(str(service_thread.sock), name)
        app = NetApp(conn)
        return conn, app

    async def settled(app, pilot) -> None:
        final = service_thread.call(lambda: service.revs[gid])
        for _ in range(200):
            await pilot.pause(0.02)
            screen = app.screen
            if getattr(screen, "table", None) is not None and screen.table.snap["rev"] == final:
                break
        for _ in range(4):
            await pilot.pause()

    conn, app = await watch("wendy")
    keyed = 0
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.spectate(made["code"])
            await pilot.pause()
            board = app.screen.query_one(PalazzoBoard)
            for step in range(40):
                assert service_thread.call(move)
                await pilot.pause(0.03 if step % 3 else 0.12)  # some drawn, some skipped
            await settled(app, pilot)
            watched = seen(app)
            keyed = len(board._keys)
        conn2, app2 = await watch("wanda")
        try:
            async with app2.run_test(size=(100, 30)) as pilot2:
                await pilot2.pause()
                app2.spectate(made["code"])
                await settled(app2, pilot2)
                fresh = seen(app2)
        finally:
            conn2.close()
        assert watched[1] == fresh[1]
        assert watched[0] == fresh[0], (svg_text(watched[0]), svg_text(fresh[0]))
        assert keyed == 1 + 3  # the market and one block per seat, each keyed
    finally:
        for c in (host, conn, *others):
            c.close()
