"""The SSH byte stream keeps every secret (issue 13, "make it impossible to
regress"): two players seated over SSH and a spectator at one Palazzo table.

At sampled points of a seeded game, for each of the three, the table's state
is swapped for one that differs only in what that person may not see (the
game's own ``redact`` + ``determinize``: the other hand, the deck, the
stacks re-dealt) and a fresh SSH session signs in (each viewer at a server
of their own holding the same table, so the three run side by side). What its terminal shows
(every cell: character, colours, attributes) must be identical under both
states. A fresh session per state keeps this deterministic: its screen is
drawn from its first snapshot, and it is read once no byte has come for a
while. A control shows the comparison can fail: re-dealing a player's own
hand changes that player's screen.
"""

from __future__ import annotations

import asyncio
import random

from florencia_tui.games import get_game

QUIET = 0.6  # seconds without a byte: the screen is drawn


async def settle(term, timeout: float = 30) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    seen = -1
    while term.received != seen:
        assert loop.time() < deadline, "the screen never settled"
        seen = term.received
        await asyncio.sleep(QUIET)


def cells(term) -> list[tuple]:
    """Every cell of the screen with how it is drawn."""
    out = []
    for y in range(term.screen.lines):
        row = term.screen.buffer[y]
        for x in range(term.screen.columns):
            c = row[x]
            out.append((c.data, c.fg, c.bg, c.bold, c.italics, c.underscore, c.reverse))
    return out


async def screen_of(harness, user: str, spectate: bool) -> tuple[list[tuple], str]:
    """What a fresh SSH session for ``user`` shows at the table."""
    t = await harness.term(user, cols=120, rows=40, wait=False)
    if spectate:
        await t.wait("signed in as")
        await t.keys("s")
        await t.wait("spectating")
    else:
        await t.wait(f"you are {user}")
        await t.wait("Hand:")  # the seat's own panel is drawn
    await settle(t)
    shown = cells(t), t.text()
    t.close()
    await asyncio.wait_for(t.closed.wait(), 15)
    harness.terms.remove(t)
    return shown


def hidden_from(game, state: dict, seat: int | None, seed: int) -> dict:
    """``state`` with everything ``seat`` may not see dealt anew (seat None:
    a spectator, who sees no hand)."""
    return game.determinize(game.redact(state, seat), seat, seed)


async def table_for(h, seed: int):
    """On harness ``h``: a two-player Palazzo table where ana and ben sit."""
    ana, ben = await h.link("ana"), await h.link("ben")
    made = await asyncio.to_thread(ana.call, "create", game="palazzo", humans=2, bots=0, seed=seed)
    await asyncio.to_thread(ben.call, "join", code=made["code"])
    for link, seat in ((ana, 0), (ben, 1)):  # both sit down (and are sent back there)
        await asyncio.to_thread(link.open_table, made["code"], seat)
        link.close()
    service = h.server.service
    (gid,) = service.tables
    return service, gid


async def test_what_a_seat_receives_does_not_depend_on_what_it_may_not_see(harness, more_harnesses):
    """One server per viewer, all at the same table state, so the three compare
    at once and nobody's presence shows on another's screen."""
    game = get_game("palazzo")
    viewers = (("ana", 0, False), ("ben", 1, False), ("cleo", None, True))
    hs = [harness, *await more_harnesses(2)]
    tables = [await table_for(h, seed=11) for h in hs]
    pick = random.Random(3)
    for point in (2, 9):  # sampled points: early, and once cards have moved
        service, gid = tables[0]
        table = service.tables[gid]
        while len(table.entries) < point:
            seat = table.to_act()[0]
            action = pick.choice(table.legal(seat))
            for service, gid in tables:  # the same game at every server
                service.tables[gid].submit(seat, action)
                service._changed(gid)
        real = table.state
        assert all(sv.tables[g].state == real for sv, g in tables)
        before = await asyncio.gather(
            *(screen_of(h, user, spectate) for h, (user, _, spectate) in zip(hs, viewers))
        )
        others = [
            hidden_from(game, real, seat, seed=point * 10 + i)
            for i, (_, seat, _) in enumerate(viewers)
        ]
        for other, (_, seat, _) in zip(others, viewers):
            assert game.view(other, seat) == game.view(real, seat)
            assert other != real  # something this viewer may not see did change
        for (service, gid), other in zip(tables, others):
            service.tables[gid].state = other
        after = await asyncio.gather(
            *(screen_of(h, user, spectate) for h, (user, _, spectate) in zip(hs, viewers))
        )
        for service, gid in tables:
            service.tables[gid].state = real
        for (user, _, _), b, a in zip(viewers, before, after):
            assert a[0] == b[0], (
                f"{user} sees hidden information at action {point}:\n{b[1]}\n"
                f"----- with the hidden part re-dealt -----\n{a[1]}"
            )
    # The control: Ana's own hand re-dealt (as Ben could imagine it) shows.
    theirs = hidden_from(game, real, 1, seed=99)
    assert theirs["hands"][0] != real["hands"][0]
    service, gid = tables[0]
    service.tables[gid].state = theirs
    try:
        after = await screen_of(hs[0], "ana", False)
    finally:
        service.tables[gid].state = real
    assert after[0] != before[0][0]
