"""Confirm and undo on network tables (issue 27.3, net/turns.py).

Over the service's socket: a human's turn is held until its player confirms
it; every other seat and a spectator see the table as it was before the turn
("alice is taking their turn") and nothing of what was done or taken back
meanwhile; nobody else acts and bots wait; the confirmed turn then shows all
at once. A restart keeps the turn held. The opener may turn it off. Decisions
made at once by several seats (Strasbourg's planning, the Architects draft)
never stall on it. And the networked app's game screen shows the confirm step
and takes a turn back with u (the browser's evidence 110/111: a worker placed
by a stray click, the bot at once, "Cannot undo").
"""

from __future__ import annotations

import random
import time

import pytest

from florencia_tui.core.errors import IllegalAction
from florencia_tui.net.remote import STATE_KEYS, Connection, RemoteTable

from .conftest import until

WAIT = 30.0  # generous: the suite runs on two busy cores


def wait_until(pred, what: str = "", timeout: float = WAIT) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < deadline, f"waited for {what}"
        time.sleep(0.01)


def seen(t: RemoteTable) -> tuple:
    """Everything a seat's screen is drawn from, after adopting what was pushed."""
    t.sync()
    snap = {k: v for k, v in t.snap.items() if k not in ("rev", "log_lines")}
    return snap, t.log(t.seat)


def two_seats(links, seed: int = 11, **options):
    """Palazzo for alice and bob, and carol watching: their three tables."""
    alice, bob, carol = links("alice"), links("bob"), links("carol")
    made = alice.call("create", game="palazzo", humans=2, bots=0, seed=seed, **options)
    bob.call("join", code=made["code"])
    return (
        alice.open_table(made["code"], 0),
        bob.open_table(made["code"], 1),
        carol.open_table(made["code"], None),
    )


def finish_turn(t: RemoteTable) -> None:
    """Alice takes the first cards offered until her turn is over."""
    while 0 in t.to_act():
        t.submit(0, t.legal(0)[0])


def test_a_turn_is_held_until_confirmed_and_then_seen_all_at_once(links):
    ta, tb, tc = two_seats(links)
    before_b, before_c = seen(tb), seen(tc)
    assert before_b[0]["confirms"] and before_b[0]["taking"] is None
    ta.submit(0, "money")  # a draw: it cannot be taken back, yet the turn is held
    wait_until(lambda: seen(tb)[0]["taking"] == "alice", "bob to be told")
    wait_until(lambda: seen(tc)[0]["taking"] == "alice", "carol to be told")
    # Bob and Carol see the table as it was, and that alice is taking her turn.
    for t, before in ((tb, before_b), (tc, before_c)):
        now = seen(t)
        assert now[1] == before[1]  # the log
        assert {k: now[0][k] for k in STATE_KEYS if k not in ("to_act", "taking")} == {
            k: before[0][k] for k in STATE_KEYS if k not in ("to_act", "taking")
        }
        assert now[0]["to_act"] == [] and now[0]["bot_to_act"] is None
    # Nobody else acts meanwhile: bob's action is refused and says why.
    with pytest.raises(IllegalAction, match="alice is taking their turn"):
        tb.submit(1, "money")
    # Alice plays her turn out, takes its last action back, and plays again.
    finish_turn(ta)
    assert ta.confirm_due() and not seen(tb)[0]["confirm"]
    held = seen(tb)
    ta.undo(0)
    assert not ta.confirm_due() and 0 in ta.to_act()
    ta.submit(0, ta.legal(0)[-1])
    assert ta.confirm_due()
    tb.conn.call("lobby"), tc.conn.call("lobby")  # whatever was pushed to them has arrived
    assert seen(tb) == held and seen(tc)[1] == before_c[1]  # nothing of all that
    # Undo takes back both cards, never the draw before them.
    ta.undo(0)
    ta.undo(0)
    with pytest.raises(IllegalAction, match="revealed hidden information"):
        ta.undo(0)
    finish_turn(ta)
    ta.confirm(0)
    assert not ta.confirm_due()
    wait_until(lambda: seen(tb)[0]["taking"] is None and 1 in tb.to_act(), "the turn to show")
    log_b = tb.log(1)
    assert log_b[0].startswith("alice takes money") and len(log_b) == 3
    assert not any("undo" in line for line in log_b)  # what she took back is hers alone
    assert sum("(undone)" in line for line in ta.log(0)) == 3
    wait_until(lambda: seen(tc)[1] == log_b, "carol to see it too")
    with pytest.raises(IllegalAction, match="confirmed"):
        ta.undo(0)  # bob may act now: alice's confirmed turn is his to see
    with pytest.raises(IllegalAction, match="no finished turn"):
        ta.confirm(0)


def test_bob_s_whole_snapshot_is_the_same_whatever_alice_did_in_her_held_turn(links):
    """Three tables alike (same seed); alice plays three different unconfirmed
    turns (money and cards; tiles and a purchase taken back; money, cards, an
    undo, other cards): bob's and carol's snapshots are identical in all
    three, and after the first notice they are sent nothing more."""
    snaps = []
    for path in ("money", "tiles", "undo"):
        ta, tb, tc = two_seats(links, seed=19)
        wait_until(lambda tb=tb, tc=tc: tb.snap and tc.snap, "the first snapshots")
        ta.submit(0, "money" if path != "tiles" else "tiles")
        wait_until(
            lambda tb=tb, tc=tc: seen(tb)[0]["taking"] == "alice" and seen(tc)[0]["taking"],
            "the notice",
        )
        told_b, told_c = tb.snap["rev"], tc.snap["rev"]
        if path == "tiles":
            ta.submit(0, next(a for a in ta.legal(0) if a.startswith("buy")))
            ta.undo(0)
            ta.submit(0, "auction")
        else:
            finish_turn(ta)
            if path == "undo":
                ta.undo(0)
                ta.submit(0, ta.legal(0)[-1])
        assert ta.confirm_due() or 0 in ta.to_act()
        # A round trip on bob's and carol's own links: whatever alice's moves
        # pushed to them was read before its answer. It was nothing.
        for t, told in ((tb, told_b), (tc, told_c)):
            t.conn.call("lobby")
            assert t.sync() is None and t.snap["rev"] == told
        snaps.append(
            tuple((s[0] | {"code": "", "table_id": 0}, s[1]) for s in (seen(tb), seen(tc)))
        )
    assert snaps[0] == snaps[1] == snaps[2]


def test_the_opener_may_turn_it_off_then_each_action_shows_at_once(links):
    ta, tb, tc = two_seats(links, confirm=False)
    assert not seen(tb)[0]["confirms"]
    ta.submit(0, "money")
    wait_until(lambda: seen(tb)[1] and seen(tb)[1][0].startswith("alice takes money"), "bob")
    assert seen(tb)[0]["taking"] is None and not ta.confirm_due()
    finish_turn(ta)
    assert not ta.confirm_due()
    wait_until(lambda: 1 in seen(tb)[0]["to_act"], "bob's turn at once")


def test_bots_wait_for_the_confirm(service_thread, links):
    svc = service_thread
    alice = links("alice")
    made = alice.call("create", game="palazzo", humans=1, bots=1, seed=5)
    ta = alice.open_table(made["code"], 0)
    wait_until(lambda: 0 in seen(ta)[0]["to_act"], "alice's first decision")
    finish_turn(ta)
    assert ta.confirm_due() and ta.bot_to_act() is None
    gid = ta.table_id
    n = len(ta.log(0))
    # The bot owes the next decision, yet no move of its is under way.
    assert svc.call(lambda: svc.service.tables[gid].bot_to_act()) == 1
    assert svc.call(lambda: gid in svc.service.bot_tasks) is False
    ta.confirm(0)
    wait_until(lambda: len(seen(ta)[1]) > n, "the bot to move")
    assert ta.log(0)[n].startswith("Bot 2")


def test_a_restart_keeps_the_turn_held(services):
    svc = services()
    alice, bob = Connection(str(svc.sock), "alice"), Connection(str(svc.sock), "bob")
    made = alice.call("create", game="palazzo", humans=2, bots=0, seed=8)
    bob.call("join", code=made["code"])
    tb = bob.open_table(made["code"], 1)
    before = seen(tb)
    ta = alice.open_table(made["code"], 0)
    ta.submit(0, "money")
    finish_turn(ta)
    assert ta.confirm_due()
    mine = ta.log(0)
    alice.close()
    bob.close()
    svc.stop()

    svc = services()
    alice, bob = Connection(str(svc.sock), "alice"), Connection(str(svc.sock), "bob")
    tb = bob.open_table(made["code"], 1)
    assert seen(tb)[1] == before[1] and seen(tb)[0]["view"] == before[0]["view"]
    assert tb.taking_turn() == "alice" and tb.to_act() == []
    lobby = {t["code"]: t for t in bob.call("lobby")["tables"]}
    assert lobby[made["code"]]["actions"] == 0  # her held turn is not counted yet
    ta = alice.open_table(made["code"], 0)
    assert ta.log(0) == mine and ta.confirm_due()  # still hers to confirm or take back
    ta.undo(0)
    finish_turn(ta)
    ta.confirm(0)
    wait_until(lambda: seen(tb)[0]["taking"] is None and 1 in tb.to_act(), "the turn to show")
    assert tb.log(1)[0].startswith("alice takes money")
    alice.close()
    bob.close()


def test_decisions_made_at_once_never_stall_on_a_held_turn(each_game, service_thread, links):
    """Every registered game, two humans (and a bot where the game needs a
    third): both play random moves through the socket, each confirming its
    finished turns, and whoever owes a decision meanwhile (a simultaneous
    one) makes it; play never stalls, and at the end (or after 150 moves)
    each seat reads its own log."""
    svc = service_thread
    n = each_game.players_near(2)
    ana, ben = links("ana"), links("ben")
    made = ana.call("create", game=each_game.id, humans=2, bots=n - 2, seed=7)
    ben.call("join", code=made["code"])
    seats = {0: ana.open_table(made["code"], 0), 1: ben.open_table(made["code"], 1)}
    table = svc.service.tables[seats[0].table_id]
    rnd = random.Random(7)
    moves = 0

    def can_do() -> bool:
        for t in seats.values():
            t.sync()
        return table.is_over() or any(
            t.confirm_due() or t.seat in t.to_act() for t in seats.values()
        )

    confirms = 0
    for _ in range(2000):
        if moves >= 150:
            break
        wait_until(can_do, f"{each_game.id}: a move or a confirm (after {moves} moves)")
        if table.is_over():
            break
        for seat, t in seats.items():
            try:
                if t.confirm_due():
                    t.confirm(seat)
                    confirms += 1
                elif seat in t.to_act():
                    action = svc.call(lambda seat=seat: table.game.sample(table.state, seat, rnd))
                    t.submit(seat, action)
                    moves += 1
            except IllegalAction:  # a snapshot overtaken by the other's move or a bot's
                continue
    assert table.is_over() or moves >= 150, (each_game.id, moves)
    assert confirms > 0


def test_a_decision_made_at_once_may_be_made_while_anothers_turn_is_held(links):
    """The Architects draft: both keep a card at once. Ana's keep is held for
    her Enter, yet Ben, who owes his own keep, may make it meanwhile (from
    the table as it was before Ana's); his keep confirms hers, which could no
    longer be taken back anyway, and his own turn is held in turn."""
    ana, ben = links("ana"), links("ben")
    made = ana.call("create", game="architects", humans=2, bots=0, seed=3)
    ben.call("join", code=made["code"])
    ta, tb = ana.open_table(made["code"], 0), ben.open_table(made["code"], 1)
    wait_until(lambda: seen(ta)[0]["to_act"] == [0, 1] == seen(tb)[0]["to_act"], "the draft")
    ta.submit(0, ta.legal(0)[0])
    assert ta.confirm_due()
    wait_until(lambda: seen(tb)[0]["taking"] == "ana", "ben to be told")
    assert tb.to_act() == [1] and tb.prompt(1).kind == "architects.draft"
    tb.submit(1, tb.legal(1)[0])
    wait_until(lambda: not seen(ta)[0]["confirm"], "ana's keep to be confirmed")
    with pytest.raises(IllegalAction):
        ta.undo(0)
    # Ben's keep ended the round: he keeps again at once, and Ana waits for his Enter.
    assert seen(ta)[0]["taking"] == "ben" and ta.to_act() == []
    while 1 in tb.to_act():
        tb.submit(1, tb.legal(1)[0])
    tb.confirm(1)
    wait_until(lambda: 0 in seen(ta)[0]["to_act"], "ana's next keep")
    assert seen(ta)[0]["taking"] is None


async def test_the_network_game_screen_holds_the_turn_and_u_takes_it_back(services):
    """Evidence browser/110-111: a card kept by a stray click, the bot moved at
    once and u answered "Cannot undo". Now the networked app's game screen
    holds the finished turn ("Your turn is done. Enter confirm turn · u undo",
    as at one keyboard), the bot waits, u takes the keep back, and Enter
    confirms the next one: only then does the bot move."""
    from florencia_tui.net.client import NetApp
    from florencia_tui.tui.screens.game import GameScreen
    from florencia_tui.tui.screens.lobby import LobbyScreen

    svc = services()
    app = NetApp(Connection(str(svc.sock), "ana"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        app.create({"game": "architects", "humans": 1, "bots": 1, "bot": "bot:random", "seed": 3})
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        screen, table = app.screen, app.screen.table
        served = svc.service.tables[table.table_id]
        await until(pilot, lambda: "draft" in prompt(screen) and 0 in table.to_act(), "the draft")
        # Ana keeps cards until her turn is over: the bot may have kept its
        # first card before her, and then her turn goes on to the next pick.
        while not table.confirm_due():
            assert await screen.play(table.legal(0)[0])
        await until(pilot, lambda: "Your turn is done" in prompt(screen), "the confirm step")
        assert " ".join(prompt(screen).split()) == (  # as at one keyboard
            "Your turn is done. Enter confirm turn · u undo (take the last action back)"
        )
        n = len(served.entries)
        assert served.bot_to_act() == 1 and served.entries[-1].seat == 0  # the bot waits
        await pilot.press("u")
        await until(pilot, lambda: "undoes" in message(screen), "the undo")
        assert 0 in table.to_act() and "Your turn is done" not in prompt(screen)
        assert served.entries[-1].action == "undo" and len(served.entries) == n + 1
        assert await screen.play(table.legal(0)[-1])
        await until(pilot, lambda: "Your turn is done" in prompt(screen), "the confirm step")
        assert len(served.entries) == n + 2
        await pilot.press("enter")
        await until(pilot, lambda: served.entries[-1].seat == 1, "the bot's keep")
        await until(pilot, lambda: "Your turn is done" not in prompt(screen), "the next step")


def prompt(screen) -> str:
    return " ".join(str(w.render()) for w in screen.query("#prompt Static"))


def message(screen) -> str:
    return str(screen.query_one("#message").render())


async def test_the_opener_turns_it_off_in_the_new_table_window(services):
    """The new-table window's "Confirm each turn" (on by default) is the
    table's option; in the game, o shows it as the table's and c leaves it."""
    from florencia_tui.net.client import NetApp
    from florencia_tui.tui.screens.game import GameScreen
    from florencia_tui.tui.screens.lobby import LobbyScreen, NewTableScreen
    from florencia_tui.tui.screens.settings import SettingsScreen

    svc = services()
    app = NetApp(Connection(str(svc.sock), "ana"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewTableScreen), "the window")
        window = app.screen
        assert str(window.query_one("#new-confirm").label) == "on"
        window.query_one("#new-humans").value = "0"
        window.query_one("#new-bots").value = "3"  # four players: every game takes them
        await pilot.click("#new-confirm")
        assert str(window.query_one("#new-confirm").label) == "off"
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        table = app.screen.table
        assert svc.service.tables[table.table_id].options["confirm"] is False
        await until(pilot, lambda: table.snap and not table.confirms_turns(), "the snapshot")
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen), "the settings")
        text = str(app.screen.query_one("#settings-text").render())
        assert "Confirm each turn: off (this table's: its opener chose)" in text
        await pilot.press("c")  # not this player's to change
        assert str(app.screen.query_one("#settings-text").render()) == text


async def test_without_confirm_what_alice_took_back_leaves_bob_s_screen(services):
    """At a table without confirmation Bob sees Alice's purchase at once; when
    she takes it back and auctions instead (a line as long as the old one's
    place), his side log drops the purchase and shows the auction: nothing
    of what she took back stays on his screen (issue 27.2)."""
    from florencia_tui.net.client import NetApp
    from florencia_tui.tui.screens.game import GameScreen
    from florencia_tui.tui.screens.lobby import LobbyScreen

    svc = services()
    alice = Connection(str(svc.sock), "alice")
    made = alice.call("create", game="palazzo", humans=2, bots=0, seed=3, confirm=False)
    app = NetApp(Connection(str(svc.sock), "bob"))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        app.join(made["code"])
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        screen = app.screen
        ta = alice.open_table(made["code"], 0)
        ta.submit(0, "tiles")
        buy = next(a for a in ta.legal(0) if a.startswith("buy"))
        ta.submit(0, buy)  # "alice chooses to buy S13 for 8"
        await until(pilot, lambda: "to buy" in flat(side_log(screen)), "the purchase")
        n = len(screen.table.log(1))
        ta.undo(0)
        ta.submit(0, "auction")  # "alice moves the master builder ... and auctions S12 ..."
        await until(pilot, lambda: "auctions" in flat(side_log(screen)), "the auction")
        assert len(screen.table.log(1)) == n  # the same number of lines as before
        assert "to buy" not in flat(side_log(screen)) and "undo" not in side_log(screen)
    alice.close()


def flat(text: str) -> str:
    """Wrapped lines joined again."""
    return " ".join(text.split())


def side_log(screen) -> str:
    return "\n".join(strip.text for log in screen.query("#log") for strip in log.lines)
