"""The SSH byte stream keeps every secret (issue 13, "make it impossible to
regress"): in every game, two players seated over SSH and a spectator at one
table (the other seats, if the game needs more, are humans who never look).

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

from florencia_tui.games import plugin

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
    await settle(t)
    shown = cells(t), t.text()
    t.close()
    await asyncio.wait_for(t.closed.wait(), 15)
    harness.terms.remove(t)
    return shown


def hidden_from(game, state: dict, seat: int | None, seed: int) -> dict:
    """``state`` with everything ``seat`` may not see dealt anew. For a
    spectator (seat None), who sees no seat's secrets, one seat's unseen part
    is re-dealt in turn (the seed picks which): everything that seat may not
    see, the spectator may not see either."""
    if seat is None:
        seat = seed % len(state["names"])
    return game.determinize(game.redact(state, seat), seat, seed)


async def table_for(h, game_id: str, seed: int):
    """On harness ``h``: a table of ``game_id`` where ana and ben sit (and, if
    the game needs more players, other humans who never open it)."""
    n = plugin(game_id).min_players
    users = ["ana", "ben", *(f"user{i}" for i in range(2, n))]
    links = [await h.link(u) for u in users]
    made = await asyncio.to_thread(
        links[0].call, "create", game=game_id, humans=n, bots=0, seed=seed
    )
    for link in links[1:]:
        await asyncio.to_thread(link.call, "join", code=made["code"])
    for seat, link in enumerate(links):  # all sit down (and are sent back there)
        await asyncio.to_thread(link.open_table, made["code"], seat)
        link.close()
    service = h.server.service
    (gid,) = service.tables
    return service, gid


#: Sampled points: the first position after this many actions, and after this
#: many more, where every viewer (and the control) has something to re-deal.
POINTS = (1, 8)


def worth_sampling(game, state: dict, point: int) -> bool:
    """Whether re-dealing what each viewer may not see changes ``state`` (for
    ana, ben and a spectator, with the seeds the test uses at ``point``), and
    re-dealing what ben may not see changes what ana sees (the control)."""
    viewers = (0, 1, None)
    if any(
        hidden_from(game, state, seat, point * 10 + i) == state for i, seat in enumerate(viewers)
    ):
        return False
    return any(
        game.view(hidden_from(game, state, 1, k), 0) != game.view(state, 0) for k in range(99, 140)
    )


def sample_points(game, state: dict, pick: random.Random) -> tuple[list, list[int]]:
    """The random actions (seat, action) the test plays from ``state``, and the
    points (actions played) where it compares screens: the first position
    worth sampling after ``POINTS[0]`` actions and after ``POINTS[1]`` more;
    in a game too short for the second, its last one worth sampling."""
    actions, points, later = [], [], None
    target = POINTS[0]
    while not game.is_over(state):
        n = len(actions)
        if n >= target and worth_sampling(game, state, n):
            if not points:
                points.append(n)
                target = n + POINTS[1]
            else:
                later = n
                break
        elif points and worth_sampling(game, state, n):
            later = n  # the last one worth sampling so far
        seat = game.to_act(state)[0]
        action = pick.choice(game.legal(state, seat))
        actions.append((seat, action))
        state = game.apply(state, seat, action)
    return actions, points + ([later] if later is not None else [])


async def test_what_a_seat_receives_does_not_depend_on_what_it_may_not_see(
    each_game, harness, more_harnesses
):
    """One server per viewer, all at the same table state, so the three compare
    at once and nobody's presence shows on another's screen. The positions are
    found along the game (``sample_points``), so any game is sampled where it
    hides something."""
    game_id, game = each_game.id, each_game.game
    viewers = (("ana", 0, False), ("ben", 1, False), ("cleo", None, True))
    hs = [harness, *await more_harnesses(2)]
    tables = [await table_for(h, game_id, seed=11) for h in hs]
    service, gid = tables[0]
    table = service.tables[gid]
    actions, points = sample_points(game, table.state, random.Random(3))
    assert points, f"{game_id}: nothing hidden to re-deal"
    for point in points:
        while len(table.entries) < point:
            seat, action = actions[len(table.entries)]
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
            assert game.view(other, None) == game.view(real, None)
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
    # The control: what Ana holds re-dealt (as Ben could imagine it) shows.
    theirs = next(
        o
        for k in range(99, 140)
        if game.view(o := hidden_from(game, real, 1, seed=k), 0) != game.view(real, 0)
    )
    service, gid = tables[0]
    service.tables[gid].state = theirs
    try:
        after = await screen_of(hs[0], "ana", False)
    finally:
        service.tables[gid].state = real
    assert after[0] != before[0][0]
