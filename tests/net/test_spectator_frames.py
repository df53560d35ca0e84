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
