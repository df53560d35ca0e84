"""Over SSH a log export writes nothing on the server and shows no server path:
the player gets the text on screen to copy (issue 13, item 11)."""

from __future__ import annotations

import asyncio


async def test_an_ssh_log_export_shows_the_text_and_writes_no_server_file(harness):
    link = await harness.link("ana")
    made = await asyncio.to_thread(link.call, "create", game="palazzo", humans=1, bots=1, seed=6)
    table = await asyncio.to_thread(link.open_table, made["code"], 0)
    await asyncio.to_thread(table.submit, 0, "money")
    link.close()
    before = sorted(p.name for p in harness.data.iterdir())
    ana = await harness.term("ana", cols=120, rows=40, wait=False)
    await ana.wait("you are ana")  # straight back to her seat
    await ana.keys("l")
    await ana.wait("Game log")
    await ana.keys("x")
    text = await ana.wait("select to copy")
    assert "as ana sees it" in text and "ana takes money" in text
    assert sorted(p.name for p in harness.data.iterdir()) == before  # no file written
    raw = bytes(ana.raw).decode("utf-8", "replace")
    assert str(harness.data) not in raw and "florencia-game" not in raw
