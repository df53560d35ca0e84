"""The table service and RemoteTable over a real Unix socket (no SSH, no app)."""

from __future__ import annotations

import time

import pytest

from florencia_tui.core.errors import IllegalAction
from florencia_tui.net.remote import Connection, RemoteError, RemoteTable


def wait_until(pred, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def fresh(table: RemoteTable) -> RemoteTable:
    """Adopt whatever the service has pushed so far (as a redraw would)."""
    table.sync()
    return table


def test_a_table_waits_for_its_humans_then_begins_with_their_names(links):
    alice, bob = links("alice"), links("bob")
    made = alice.call("create", game="palazzo", humans=2, bots=1, seed=3)
    assert made["started"] is False
    lobby = bob.call("lobby")
    (row,) = lobby["tables"]
    assert row["state"] == "waiting" and row["free"] == 1 and row["mine"] is None
    with pytest.raises(RemoteError, match="has not begun"):
        alice.open_table(made["code"], 0)
    got = bob.call("join", code=made["code"].lower())  # codes are case-blind
    assert got == {"code": made["code"], "seat": 1, "started": True}
    t = alice.open_table(made["code"], 0)
    assert t.names == ["alice", "bob", "Bot 3"] and t.humans == [0, 1]
    assert t.shared and t.seat == 0 and t.info.title == "Palazzo"
    # Joining again returns one's own seat; a full table refuses a third player.
    assert bob.call("join", code=made["code"])["seat"] == 1
    with pytest.raises(RemoteError, match="no free seat"):
        links("carol").call("join", code=made["code"])


def test_each_seat_sees_only_its_own_secrets_and_acts_only_for_itself(links):
    alice, bob, carol = links("alice"), links("bob"), links("carol")
    made = alice.call("create", game="palazzo", humans=2, bots=0, seed=11, confirm=False)
    bob.call("join", code=made["code"])
    ta = alice.open_table(made["code"], 0)
    tb = bob.open_table(made["code"], 1)
    tc = carol.open_table(made["code"], None)  # a spectator
    assert ta.view(0)["players"][0]["hand"] and ta.view(0)["players"][1]["hand"] is None
    assert tb.view(1)["players"][1]["hand"] and tb.view(1)["players"][0]["hand"] is None
    assert all(p["hand"] is None for p in tc.view(None)["players"])
    with pytest.raises(RemoteError):
        ta.view(1)  # this terminal has seat 0's eyes only
    assert ta.legal(0) == ["money", "tiles"] and ta.prompt(0).kind == "palazzo.turn"
    assert tb.snap["prompt"] is None and tb.legal(1) == []
    # Bob may not act out of turn, nor for Alice; a spectator may not act at all.
    with pytest.raises(IllegalAction):
        tb.submit(1, "money")
    with pytest.raises(RemoteError, match="spectators"):
        carol.call("submit", action="money")
    # An illegal action is refused with the engine's reason, nothing changes.
    with pytest.raises(IllegalAction):
        ta.submit(0, "build M53 new")
    entry = ta.submit(0, "money")
    assert "takes money" in entry.line(0)
    assert ta.prompt(0).kind == "palazzo.take"  # submit returns on the new state
    wait_until(lambda: fresh(tb).log(1) and fresh(tc).log(None))
    assert tb.log(1)[-1].startswith("alice takes money")
    assert tc.view(None)["revealed"] == ta.view(0)["revealed"]


def test_presence_and_the_lobby_show_who_is_where(links):
    alice, bob = links("alice"), links("bob")
    made = alice.call("create", game="palazzo", humans=2, bots=0, seed=2)
    bob.call("join", code=made["code"])
    ta = alice.open_table(made["code"], 0)
    assert "bob away" in ta.status()
    tb = bob.open_table(made["code"], 1)
    wait_until(lambda: "bob" not in fresh(ta).status())
    people = {p["user"]: p["where"] for p in alice.call("lobby")["people"]}
    assert people == {
        "alice": f"playing at table {made['code']}",
        "bob": f"playing at table {made['code']}",
    }
    ta.sync()
    bob.close()  # the link drops
    wait_until(lambda: ta.dirty)
    assert ta.sync() == "presence"  # the screen redraws its status line only
    wait_until(lambda: "bob disconnected" in fresh(ta).status())
    assert tb.conn.closed.wait(5)
    ta.submit(0, "money")
    assert ta.sync() is None  # submit already adopted the new state


def test_bots_play_in_the_service_and_log_changes_arrive_in_order(links):
    alice = links("alice")
    made = alice.call("create", game="palazzo", humans=1, bots=3, seed=4, confirm=False)
    assert made["started"]
    t = alice.open_table(made["code"], 0)
    for _ in range(12):  # twelve decisions of Alice's, bots answering in between
        wait_until(lambda: 0 in fresh(t).to_act() or t.is_over())
        if t.is_over():
            break
        t.submit(0, t.legal(0)[0])
    wait_until(lambda: 0 in fresh(t).to_act() or t.is_over())
    # The log built from changes equals the whole log a fresh watcher receives.
    t2 = links("alice").open_table(made["code"], 0)
    assert t2.log(0) == fresh(t).log(0)
    assert len(t.log(0)) > 12


def test_undo_marks_the_taken_back_line(links):
    alice = links("alice")
    made = alice.call("create", game="palazzo", humans=1, bots=1, seed=1)
    t = alice.open_table(made["code"], 0)
    t.submit(0, "tiles")  # a draw: a reveal, so not undoable
    wait_until(lambda: 0 in fresh(t).to_act())
    assert t.prompt(0).kind == "palazzo.buy_or_auction" and "buy M33" in t.legal(0)
    t.submit(0, "buy M33")
    assert t.prompt(0).kind == "palazzo.pay"
    entry = t.undo(0)
    assert "undoes" in entry.line(0)
    assert t.log(0)[-2].endswith("(undone)") and "undoes" in t.log(0)[-1]
    assert t.prompt(0).kind == "palazzo.buy_or_auction"
    with pytest.raises(IllegalAction):
        while True:  # undo until refused: never past the draw
            t.undo(0)


def test_claims_and_waiting_tables_survive_a_restart(services):
    svc = services()
    alice, bob = Connection(str(svc.sock), "alice"), Connection(str(svc.sock), "bob")
    made = alice.call("create", game="palazzo", humans=2, bots=0, seed=8, confirm=False)
    waiting = alice.call("create", game="palazzo", humans=3, bots=0)
    bob.call("join", code=made["code"])
    bob.open_table(made["code"], 1)  # Bob sits down ...
    alice.open_table(made["code"], 0).submit(0, "money")
    alice.close()
    bob.close()  # ... and his link drops
    svc.stop()

    svc = services()
    bob = Connection(str(svc.sock), "bob")
    assert bob.resume == made["code"]  # straight back to his seat
    t = bob.open_table(made["code"], 1)
    assert t.log(1)[0].startswith("alice takes money") and t.view(1)["revealed"]
    rows = {r["code"]: r for r in bob.call("lobby")["tables"]}
    assert rows[waiting["code"]]["state"] == "waiting" and rows[waiting["code"]]["free"] == 2
    assert rows[made["code"]]["mine"] == 1
    carol = Connection(str(svc.sock), "carol")
    with pytest.raises(RemoteError, match="no free seat"):
        carol.call("join", code=made["code"])
    with pytest.raises(RemoteError, match="not yours"):
        carol.open_table(made["code"], 1)
    bob.close()
    carol.close()


def test_names_are_checked():
    from florencia_tui.net.protocol import valid_user

    assert valid_user("alice") and valid_user("bob.smith-2") and valid_user("zoe@web")
    assert not valid_user("") and not valid_user("-x") and not valid_user("a b")
    assert not valid_user("x" * 33) and not valid_user("ali\x1bce")


def test_hot_seat_games_are_no_network_tables(service_thread, links):
    """A game started at one keyboard shares the database but never appears in
    the lobby, and neither its id nor anything else joins or watches it."""
    from florencia_tui.table import Table

    local = service_thread.call(
        lambda: (
            Table(
                "palazzo",
                [{"name": "Host", "kind": "human"}, {"name": "Guest", "kind": "human"}],
                5,
                store=service_thread.service.store,
            ).table_id
        )
    )
    mallory = links("mallory")
    net = mallory.call("create", game="palazzo", humans=2, bots=0, seed=3)
    links("bob").call("join", code=net["code"])
    codes = [t["code"] for t in mallory.call("lobby")["tables"]]
    assert codes == [net["code"]]  # the network table only
    for ref in (str(local), f"#{local}", "Host"):
        with pytest.raises(RemoteError, match="no table"):
            mallory.call("join", code=ref)
        with pytest.raises(RemoteError, match="no table"):
            mallory.call("watch", code=ref, seat=None)
    assert service_thread.call(lambda: local not in service_thread.service.tables)


def test_a_failing_request_tells_the_player_nothing_of_the_server(links, caplog):
    from florencia_tui.net.service import INTERNAL

    alice = links("alice")
    with pytest.raises(RemoteError) as e:
        alice.call("create", game="palazzo", humans="/srv/secret/path", bots=0)
    assert str(e.value) == INTERNAL
    assert "/srv/secret/path" in caplog.text  # the details are in the server's log


def test_hints_come_from_the_service_for_ones_own_seat_unless_the_opener_said_no(
    services, monkeypatch
):
    from florencia_tui.bots import hint as hint_module
    from florencia_tui.bots.search import SearchBot

    monkeypatch.setattr(hint_module, "strongest_bot", lambda: SearchBot(iterations=20))
    svc = services()
    alice, bob = Connection(str(svc.sock), "alice"), Connection(str(svc.sock), "bob")
    on = alice.call("create", game="palazzo", humans=2, bots=0, seed=11)
    bob.call("join", code=on["code"])
    ta = alice.open_table(on["code"], 0)
    text = ta.hint(0).text()
    table = svc.service.tables[ta.table_id]
    assert text == hint_module.table_hint(table, 0).text()
    assert text.startswith("Hint: ") and len(table.entries) == 0  # nothing played
    tb = bob.open_table(on["code"], 1)
    with pytest.raises(ValueError, match="not yours now"):
        tb.hint(1)  # Alice's decision, not Bob's
    off = bob.call("create", game="palazzo", humans=2, bots=0, seed=12, hints=False)
    alice.close()
    bob.close()
    svc.stop()  # the opener's choice survives a restart of the waiting table
    svc = services()
    alice, bob = Connection(str(svc.sock), "alice"), Connection(str(svc.sock), "bob")
    alice.call("join", code=off["code"])
    tb = bob.open_table(off["code"], 0)
    with pytest.raises(ValueError, match="hints are off"):
        tb.hint(0)
    alice.close()
    bob.close()


async def test_the_new_table_dialog_lets_the_opener_turn_hints_off():
    from textual.app import App
    from textual.widgets import Button

    from florencia_tui.tui.screens.lobby import NewTableScreen

    specs = []

    class Host(App):
        def on_mount(self) -> None:
            self.push_screen(NewTableScreen(), specs.append)

    async with Host().run_test() as pilot:
        screen = pilot.app.screen
        assert str(screen.query_one("#new-hints", Button).label) == "on"
        screen.query_one("#new-hints", Button).press()
        await pilot.pause()
        assert str(screen.query_one("#new-hints", Button).label) == "off"
        screen.query_one("#new-bots").value = "1"  # three players suit every game
        await pilot.press("f5")
        await pilot.pause()
    assert specs and specs[0]["hints"] is False and specs[0]["game"]


def test_spectators_share_one_view_per_change_and_seats_keep_their_own(service_thread, links):
    """One change, five connections: the view is computed once per seat (all
    spectators share seat None's), and each still gets only its own seat's."""
    alice, bob = links("alice"), links("bob")
    made = alice.call("create", game="palazzo", humans=2, bots=0, seed=11, confirm=False)
    bob.call("join", code=made["code"])
    ta = alice.open_table(made["code"], 0)
    tb = bob.open_table(made["code"], 1)
    watchers = [links(f"w{i}").open_table(made["code"], None) for i in range(3)]
    service = service_thread.service
    table = service.tables[ta.table_id]
    seen: list[int | None] = []
    view = table.view

    def counted(seat=None):
        seen.append(seat)
        return view(seat)

    table.view = counted
    try:
        ta.submit(0, "money")
    finally:
        table.view = view
    assert sorted(seen, key=str) == [0, 1, None]  # one each, not one per connection
    wait_until(lambda: all(fresh(w).log(None) for w in watchers) and fresh(tb).log(1))
    assert all(p["hand"] is None for w in watchers for p in w.view(None)["players"])
    assert tb.view(1)["players"][1]["hand"] and tb.view(1)["players"][0]["hand"] is None
    assert fresh(ta).view(0)["players"][0]["hand"]


def test_a_damaged_network_table_is_named_not_an_internal_error(services, tmp_path):
    """Issue 14.6 over the network: a table whose save cannot be read is
    refused as damaged (the player learns why), not "internal error"."""
    import sqlite3

    svc = services()
    alice, bob = Connection(str(svc.sock), "alice"), Connection(str(svc.sock), "bob")
    made = alice.call("create", game="palazzo", humans=2, bots=0, seed=8)
    bob.call("join", code=made["code"])
    alice.close()
    bob.close()
    svc.stop()
    db = sqlite3.connect(tmp_path / "net.sqlite3")
    with db:
        db.execute("UPDATE games SET state=substr(state, 1, 40)")
    db.close()

    svc = services()
    bob = Connection(str(svc.sock), "bob")
    with pytest.raises(RemoteError, match="damaged and cannot be opened: the saved Palazzo"):
        bob.open_table(made["code"], 1)
    with pytest.raises(RemoteError, match="damaged"):
        bob.call("join", code=made["code"])
    assert bob.call("lobby")  # the service carries on
    bob.close()
