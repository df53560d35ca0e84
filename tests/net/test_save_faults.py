"""Nothing lost, nobody stalled (issue 26 items 1-2): the table service saves on
a thread of its own, so a database locked by another program holds up only
the table that is saving; its players are told, the acting one reads why
their move was not played, and the table, every snapshot and the saved record
stay as they were."""

from __future__ import annotations

import functools
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from florencia_tui.games import replay
from florencia_tui.net import service as service_module
from florencia_tui.net.remote import STATE_KEYS, RemoteTable, Unsaved
from florencia_tui.store import Store

WAIT = 30.0  # generous: the suite runs on two busy cores
LOCKED = "the database is locked by another program"


def wait_until(pred, what: str, timeout: float = WAIT) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < deadline, f"waited for {what}"
        time.sleep(0.01)


def status(table: RemoteTable) -> str:
    table.sync()  # adopt what the service pushed, as a redraw does
    return table.status()


def seen(table: RemoteTable) -> tuple:
    """What the seat's screen is drawn from: the game's part of the snapshot and the log."""
    table.sync()
    return tuple(table.snap.get(k) for k in STATE_KEYS), table.log(table.seat)


def assert_saved_agrees(db, svc, gid: int) -> None:
    """The saved record is the table's (read while no action is being saved
    there), and it replays to the saved state."""
    store = Store(db)
    try:

        def both():
            table = svc.service.tables[gid]
            record = store.record(gid)
            assert record.actions == table.record().actions
            assert table.game.load(store.state(gid)) == table.state
            return record, table.state

        record, state = svc.call(both)
        assert replay(record) == state
    finally:
        store.close()


@pytest.fixture
def links(links):
    # The links wait as long as the test does (their own 15 s ran out first
    # on a loaded machine, while a save waited out SQLite's lock).
    return functools.partial(links, timeout=WAIT)


def test_a_locked_database_stalls_only_the_table_that_saves(service_thread, links):
    svc = service_thread
    alice, bob, carol = links("alice"), links("bob"), links("carol")
    code_a = alice.call("create", game="palazzo", humans=2, bots=0, seed=7, confirm=False)["code"]
    bob.call("join", code=code_a)
    code_b = carol.call("create", game="palazzo", humans=1, bots=1, seed=9, confirm=False)["code"]
    ta, tb, tc = alice.open_table(code_a, 0), bob.open_table(code_a, 1), carol.open_table(code_b, 0)
    gid = ta.table_id
    before = {"alice": seen(ta), "bob": seen(tb)}
    state = svc.call(lambda: svc.service.tables[gid].game.dump(svc.service.tables[gid].state))

    # Another program holds the database file: no one can write to it.
    locker = sqlite3.connect(svc.db, isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")
    try:
        with ThreadPoolExecutor(1) as pool:
            move = pool.submit(ta.submit, 0, "money")
            # Alice's move is being saved: her table's players are told.
            wait_until(lambda: service_module.BUSY in status(tb), "the busy notice")
            assert service_module.BUSY in status(ta)
            # Meanwhile another table's player is answered, and the lobby too,
            # while Alice's save is still held by the lock.
            assert carol.call("label", action="money")
            assert code_b in {t["code"] for t in carol.call("lobby")["tables"]}
            assert tc.legal(0) == ["money", "tiles"] and service_module.BUSY not in status(tc)
            assert not move.done()
            # The lock outlasts SQLite's busy timeout: the move is not played,
            # and Alice reads why (not "internal error").
            with pytest.raises(Unsaved) as refused:
                move.result(WAIT)
        assert str(refused.value) == (
            f"the server could not save: {LOCKED}; your move was not played"
        )
        # Her table, every seat's screen and the saved record are as they were.
        assert (
            svc.call(lambda: svc.service.tables[gid].game.dump(svc.service.tables[gid].state))
            == state
        )
        assert seen(ta) == before["alice"] and seen(tb) == before["bob"]
        assert f"the server could not save: {LOCKED}" in status(tb)
        assert_saved_agrees(svc.db, svc, gid)
    finally:
        locker.execute("ROLLBACK")
        locker.close()

    # The lock is gone: the same move, tried again, is saved and played.
    entry = ta.submit(0, "money")
    assert "money" in entry.line(0)
    wait_until(lambda: "could not save" not in status(tb), "the notice to go")
    assert tb.log(1)[-1].startswith("alice takes money")
    assert_saved_agrees(svc.db, svc, gid)


class FullDisk:
    """The service's writer, the saves of ``seat``'s actions failing with a
    full disk while ``failing``; each of their attempts' times noted."""

    def __init__(self, store, seat: int) -> None:
        self.store, self.seat = store, seat
        self.failing = True
        self.attempts: list[float] = []

    def append(self, game_id, idx, seat, *args, **kwargs) -> None:
        if seat == self.seat:
            self.attempts.append(time.monotonic())
            if self.failing:
                raise sqlite3.OperationalError("database or disk is full")
        self.store.append(game_id, idx, seat, *args, **kwargs)

    def __getattr__(self, name):
        return getattr(self.store, name)


def test_a_bot_whose_move_cannot_be_saved_backs_off_and_tries_again(
    service_thread, links, monkeypatch
):
    svc = service_thread
    monkeypatch.setattr(service_module, "BOT_RETRY", 0.05)
    disk = FullDisk(svc.service.writer, seat=1)  # the bot's saves meet a full disk
    svc.call(lambda: setattr(svc.service, "writer", disk))
    alice = links("alice")
    code = alice.call("create", game="palazzo", humans=1, bots=1, seed=9, confirm=False)["code"]
    ta = alice.open_table(code, 0)
    table = svc.service.tables[ta.table_id]
    deadline = time.monotonic() + WAIT
    while not disk.attempts:  # Alice plays until the bot owes a decision
        assert time.monotonic() < deadline, "the bot never moved"
        ta.sync()
        if ta.to_act() == [0]:
            ta.submit(0, ta.legal(0)[0])
        time.sleep(0.01)
    played = svc.call(lambda: table.record().actions)
    wait_until(lambda: len(disk.attempts) >= 4, "four tries of the bot's move")
    # Each try waits twice as long as the one before: no hot loop.
    gaps = [b - a for a, b in zip(disk.attempts, disk.attempts[1:])]
    for i, gap in enumerate(gaps[:3]):
        assert gap >= 0.9 * 0.05 * 2**i, gaps
    assert svc.call(lambda: table.record().actions) == played  # nothing moved
    assert "the server could not save: disk full" in status(ta)
    disk.failing = False
    wait_until(lambda: svc.call(lambda: len(table.entries)) > len(played), "the bot's move")
    wait_until(lambda: "could not save" not in status(ta), "the notice to go")
    wait_until(lambda: svc.call(lambda: table.bot_to_act() is None), "Alice's turn")
    assert_saved_agrees(svc.db, svc, ta.table_id)
