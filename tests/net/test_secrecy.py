"""The SSH byte stream keeps every secret (issue 13, "make it impossible to
regress"): two players seated over SSH and a spectator at one Palazzo table.

At sampled points of a seeded game, for each of the three, the table's state
is swapped for one that differs only in what that person may not see (the
game's own ``redact`` + ``determinize``: the other hand, the deck, the
stacks re-dealt) and a fresh SSH session signs in. What its terminal shows
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


async def test_what_a_seat_receives_does_not_depend_on_what_it_may_not_see(harness):
    game = get_game("palazzo")
    ana, ben = await harness.link("ana"), await harness.link("ben")
    made = await asyncio.to_thread(ana.call, "create", game="palazzo", humans=2, bots=0,
                                   seed=11)
    await asyncio.to_thread(ben.call, "join", code=made["code"])
    for link, seat in ((ana, 0), (ben, 1)):  # both sit down (and are sent back there)
        await asyncio.to_thread(link.open_table, made["code"], seat)
        link.close()
    service = harness.server.service
    (gid,) = service.tables
    table = service.tables[gid]
    pick = random.Random(3)
    viewers = (("ana", 0, False), ("ben", 1, False), ("cleo", None, True))
    for point in (2, 9):  # sampled points: early, and once cards have moved
        while len(table.entries) < point:
            seat = table.to_act()[0]
            table.submit(seat, pick.choice(table.legal(seat)))
        service._changed(gid)
        real = table.state
        before = {}  # one at a time: who else is here shows too (and may)
        for user, _, spectate in viewers:
            before[user] = await screen_of(harness, user, spectate)
        for user, seat, spectate in viewers:
            other = hidden_from(game, real, seat, seed=point * 10 + (seat or 0))
            assert game.view(other, seat) == game.view(real, seat)
            assert other != real  # something this viewer may not see did change
            table.state = other
            try:
                after = await screen_of(harness, user, spectate)
            finally:
                table.state = real
            assert after[0] == before[user][0], (
                f"{user} sees hidden information at action {point}:\n"
                f"{before[user][1]}\n----- with the hidden part re-dealt -----\n{after[1]}")
    # The control: Ana's own hand re-dealt (as Ben could imagine it) shows.
    theirs = hidden_from(game, real, 1, seed=99)
    assert theirs["hands"][0] != real["hands"][0]
    table.state = theirs
    try:
        after = await screen_of(harness, "ana", False)
    finally:
        table.state = real
    assert after[0] != before["ana"][0]
