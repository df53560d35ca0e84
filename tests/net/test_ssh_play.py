"""Real SSH clients on loopback: players join one Palazzo table from separate
terminals, see only their own hands, see each other's actions, drop and come
back to their seat, and a restarted server resumes the table."""

from __future__ import annotations

import asyncio

from florencia_tui.games.palazzo.ui.render import hand_text


def hand_lines(text: str) -> list[str]:
    """Every "Hand:" line on a screen, without the "max pay" note (the board's
    player block and the own strip under it show the same hand)."""
    return [
        line.strip().split("  max pay")[0].strip()
        for line in text.splitlines()
        if line.strip().startswith("Hand:")
    ]


def expected_hand(hand: list[str]) -> str:
    return "Hand: " + hand_text(hand).plain.strip()


async def test_two_players_one_table_own_hands_and_live_updates(harness):
    alice = await harness.term("alice")
    # Alice opens a two-player table by keys: n, Palazzo + Enter, Enter creates.
    await alice.keys("n")
    await alice.wait("New table")
    await alice.keys(*harness.pick_palazzo(), "\r", "\r")
    text = await alice.wait("waiting for 1 player")
    code = harness.code_on(text)

    bob = await harness.term("bob")
    await bob.wait(code)  # the lobby lists the open table
    await bob.keys("j", *code, "\r")
    # The last seat is taken: the table begins and both terminals enter it.
    await bob.wait("you are bob")
    await alice.wait("you are alice")

    service = harness.server.service
    (table,) = service.tables.values()
    hands = table.state["hands"]
    a_text = await alice.wait(lambda t: expected_hand(hands[0]) in hand_lines(t))
    b_text = await bob.wait(lambda t: expected_hand(hands[1]) in hand_lines(t))
    # Each terminal shows exactly one hand: its own. No curtain is needed.
    assert set(hand_lines(a_text)) == {expected_hand(hands[0])}
    assert set(hand_lines(b_text)) == {expected_hand(hands[1])}
    assert "Pass the keyboard" not in a_text + b_text

    # Alice takes money (the first action of her turn). The table confirms
    # turns (the new-table window's default): her turn is held until her
    # Enter, and Bob reads only that she is taking it (net/turns.py) ...
    assert table.legal(0)[0] == "money"
    await alice.wait("1 Take money")
    await alice.keys("1")
    await bob.wait("alice is taking their turn")
    while "Your turn is done" not in alice.text():  # she takes the first cards offered
        n = len(table.entries)
        await alice.keys("1")
        await alice.wait(lambda t, n=n: "Your turn is done" in t or len(table.entries) > n)
    assert [e.action for e in table.entries][0] == "money"
    assert "alice takes money" not in bob.text() and "Revealed money" not in bob.text()
    # ... then Bob's screen shows all of it at once, without a key press.
    await alice.keys("\r")
    await bob.wait("alice takes money")
    await bob.wait("Revealed money")

    # A third player spectates: public information only, no hand at all.
    carol = await harness.term("carol")
    await carol.wait(code)
    await carol.keys("s")
    c_text = await carol.wait("spectating")
    c_text = await carol.wait("alice takes money")
    assert hand_lines(c_text) == []
    # Bob's lobby-less view names the spectator nowhere, but the lobby does.
    assert "carol" not in (await bob.wait("alice takes money"))


async def test_drop_and_rejoin_keeps_the_seat(harness):
    # Set-up through the service itself: Alice opens, Bob joins.
    a, b = await harness.link("alice"), await harness.link("bob")
    made = await asyncio.to_thread(
        a.call, "create", game="palazzo", humans=2, bots=1, seed=5, confirm=False
    )
    await asyncio.to_thread(b.call, "join", code=made["code"])
    a.close()
    b.close()

    alice = await harness.term("alice")
    bob = await harness.term("bob")
    for t, name in ((alice, "alice"), (bob, "bob")):
        await t.wait(made["code"])
        await t.keys("\r")  # Enter on the table: back to one's own seat
        await t.wait(f"you are {name}")

    bob.abort()  # the link drops
    await alice.wait("bob disconnected")
    await alice.keys("1")  # Alice plays on meanwhile
    await alice.wait("alice takes money")

    # Bob signs in again and lands at his seat, with what he missed.
    bob2 = await harness.term("bob", wait=False)
    await bob2.wait("you are bob")
    await bob2.wait("alice takes money")
    await alice.gone("bob disconnected")
    (table,) = harness.server.service.tables.values()
    text = await bob2.wait(lambda t: expected_hand(table.state["hands"][1]) in hand_lines(t))
    assert set(hand_lines(text)) == {expected_hand(table.state["hands"][1])}


async def test_server_restart_resumes_the_table(harness):
    a = await harness.link("alice")
    made = await asyncio.to_thread(a.call, "create", game="palazzo", humans=1, bots=2, seed=9)
    assert made["started"]
    await asyncio.to_thread(a.open_table, made["code"], 0)
    await asyncio.to_thread(a.table.submit, 0, "money")
    alice = await harness.term("alice", wait=False)
    await alice.wait("alice takes money")  # the service remembers where she sat
    before = harness.server.service.tables[a.table.table_id].state

    await harness.server.close()  # every session ends; the tables are in SQLite
    await alice.wait(lambda t: alice.closed.is_set() or "stopped" in t)
    await harness.start()

    alice = await harness.term("alice", wait=False)
    await alice.wait("you are alice")
    await alice.wait("alice takes money")
    after = harness.server.service.tables[a.table.table_id].state
    assert after["hands"] == before["hands"] and after["revealed"] == before["revealed"]
