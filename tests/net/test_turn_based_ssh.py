"""Turn-based tables over SSH (issue 30): the lobby each player signs in to
lists the tables where it is their move first, and the "Done when" scenario:
two players play a turn-based Palazzo table over a simulated week, with one
timeout and one server restart; nothing is lost, the lobby shows each of them
where it is their move, and both are rated at the end.

The moves are played through the players' own links to the table service
(typing some 300 actions would take minutes); what the players read in the
lobby is read from real SSH sessions."""

from __future__ import annotations

import asyncio
import random

from florencia_tui.core.record import replay
from florencia_tui.net import turns
from florencia_tui.net.clocks import DAY

HOUR = 3600.0
NAMES = ("ana", "ben")


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def lobby_of(harness, user: str) -> str:
    """What ``user`` reads in the lobby they sign in to over SSH."""
    term = await harness.term(user)
    await term.wait("Tables")
    text = term.text()
    term.close()
    return text


async def check_lobbies(harness, code: str, owed: str) -> None:
    """Over SSH: ``owed``'s lobby lists table ``code`` under "Your move",
    with the time left; the other player's says it is not theirs."""
    for user in NAMES:
        text = await lobby_of(harness, user)
        line = next(i for i, t in enumerate(text.splitlines()) if code in t)
        below = text.splitlines()[line + 1]
        if user == owed:
            assert "1 table waits for your move" in text, text
            assert "Your move" in text.splitlines()[line - 1], text
            assert "your move for" in below and "left" in below, text
        else:
            assert "wait for your move" not in text and "waits for your move" not in text, text
            assert "not your move" in below and "move for" not in below and "left" not in below, (
                text
            )


async def play_move(server, links: dict, seat: int, rnd: random.Random) -> None:
    """``seat``'s player plays their move through their link and confirms it."""
    service = server.service
    link = links[NAMES[seat]]
    table = service.tables[link.table.table_id]
    while seat in table.to_act() and not table.is_over():
        action = table.game.sample(table.state, seat, rnd)
        await asyncio.to_thread(link.table.submit, seat, action)
    if turns.due(service.held.get(table.table_id), table, seat):
        await asyncio.to_thread(link.table.confirm, seat)


async def seated(harness, code: str) -> dict:
    links = {}
    for seat, user in enumerate(NAMES):
        links[user] = await harness.link(user)
        await asyncio.to_thread(links[user].open_table, code, seat)
    return links


async def test_done_when_a_turn_based_palazzo_table_is_played_over_a_week(harness):
    clock = FakeClock()
    start = clock.now
    await harness.stop()
    await harness.start(clock=clock)
    assert harness.server.service.notify is None  # nothing is run without --notify-command
    ana, ben = await harness.link("ana"), await harness.link("ben")
    made = await asyncio.to_thread(
        ana.call, "create", game="palazzo", humans=2, seed=31, pace="turn", days=1
    )
    code = made["code"]
    await asyncio.to_thread(ben.call, "join", code=code)
    links = await seated(harness, code)
    gid = links["ana"].table.table_id
    rnd = random.Random(31)

    moves = 0
    timed_out = restarted = False
    while not harness.server.service.tables[gid].is_over():
        server = harness.server
        table = server.service.tables[gid]
        (seat,) = table.to_act()
        if moves in (0, 30):  # the lobbies, at the start and after the restart
            await check_lobbies(harness, code, NAMES[seat])
        if moves == 20 and not timed_out:  # this player lets their time run out
            clock.now += DAY
            await server.service.check_clocks()
            note = f"{NAMES[seat]}'s time ran out: the heuristic bot plays for {NAMES[seat]}"
            assert any(note in line for line in table.log(1 - seat))
            timed_out = True
            continue
        if moves == 25 and not restarted:
            record = server.store.record(gid)
            await harness.stop()
            await harness.start(clock=clock)
            assert harness.server.store.record(gid) == record  # nothing lost
            links = await seated(harness, code)
            restarted = True
            continue
        await play_move(server, links, seat, rnd)
        moves += 1
        clock.now += 2.5 * HOUR
    assert timed_out and restarted
    assert clock.now - start >= 7 * DAY
    store = harness.server.store
    table = harness.server.service.tables[gid]
    assert replay(store.record(gid), table.game) == table.state  # every action kept, in order
    board = await asyncio.to_thread(links["ana"].call, "ratings", game="palazzo")
    assert {r["player"] for r in board["rows"]} == {"ana", "ben"}
