"""Nothing lost: a save that fails leaves the table as it was (issue 26 item 1).

Random games of every game in the registry, played with undos, against a
store whose saves fail at random points: before the transaction, at each of
its statements, or at its commit, with a full disk (``OSError(ENOSPC)``,
SQLite's "database or disk is full"), a file locked by another program
("database is locked") or another database error. After each failure the
table, every seat's screen and the saved record still agree, and the record
replays; at the end a table resumed from the store is the table in memory.
"""

from __future__ import annotations

import errno
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from florencia_tui.games import replay
from florencia_tui.store import SaveFailed, Store
from florencia_tui.table import Table

FAULTS = {
    "disk full": [
        OSError(errno.ENOSPC, "No space left on device"),
        sqlite3.OperationalError("database or disk is full"),
    ],
    "the database is locked by another program": [sqlite3.OperationalError("database is locked")],
    "the save file could not be written": [sqlite3.DatabaseError("disk I/O error")],
}
ERRORS = [(reason, e) for reason, errors in FAULTS.items() for e in errors]
#: Where a save is made to fail: its statements in order (BEGIN, INSERT,
#: UPDATE for an action; the INSERT for a new game), then its commit.
POINTS = 4
STEPS = 80  # actions (and undos) per example: past undos, reveals and chance


class FaultyDB:
    """A sqlite3 connection whose n-th statement (or commit) from now fails."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db
        self._armed: tuple[int, BaseException] | None = None

    def arm(self, point: int, error: BaseException) -> None:
        self._armed = (point, error)

    def disarm(self) -> bool:
        """Clear the fault; True when it had not gone off (the save was shorter)."""
        was, self._armed = self._armed, None
        return was is not None

    def _tick(self) -> None:
        if self._armed is None:
            return
        point, error = self._armed
        if point == 0:
            self._armed = None
            raise error
        self._armed = (point - 1, error)

    def execute(self, sql, *args):
        self._tick()
        return self._db.execute(sql, *args)

    def __getattr__(self, name):
        return getattr(self._db, name)

    def __enter__(self):
        self._db.__enter__()
        return self

    def __exit__(self, kind, value, tb):
        if kind is None:
            try:
                self._tick()  # the commit fails: SQLite rolls the transaction back
            except BaseException:
                self._db.rollback()
                raise
        return self._db.__exit__(kind, value, tb)


class FaultyStore(Store):
    def __init__(self, path) -> None:
        super().__init__(path)
        self.real = self.db
        self.db = FaultyDB(self.db)


def screens(table: Table) -> dict:
    """Everything any seat (or a spectator) is shown, and the undo bookkeeping."""
    seats = range(len(table.seats))
    to_act = table.to_act()
    return {
        "state": table.game.dump(table.state),
        "status": table.status(),
        "to_act": to_act,
        "views": [table.view(v) for v in [*seats, None]],
        "logs": [table.log(v) for v in [*seats, None]],
        "lines": [[line.text for line in table.log_lines(v)] for v in [*seats, None]],
        "prompts": [(table.prompt(s), table.legal(s)) for s in to_act],
        "undo": [table.undo_refusal(s) for s in seats],
    }


def assert_saved_agrees(store: Store, table: Table) -> None:
    record = store.record(table.table_id)
    assert record.actions == table.record().actions
    saved = table.game.load(store.state(table.table_id))
    assert saved == table.state
    assert replay(record) == saved


@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_a_failed_save_changes_nothing_and_the_record_always_replays(tmp_path, each_game, data):
    info, game_id = each_game, each_game.id
    n = data.draw(st.integers(info.min_players, info.max_players), label="players")
    seed = data.draw(st.integers(1, 10_000), label="seed")
    seats = [{"name": f"P{i + 1}", "kind": "bot:random"} for i in range(n)]
    path = tmp_path / f"{game_id}-{n}-{seed}.sqlite3"
    path.unlink(missing_ok=True)
    store = FaultyStore(path)
    faults = st.one_of(st.none(), st.tuples(st.integers(0, POINTS - 1), st.sampled_from(ERRORS)))

    # A new game whose save fails is not made at all, and says why.
    fault = data.draw(st.one_of(st.none(), st.sampled_from(ERRORS)), label="create fault")
    if fault is not None:
        reason, error = fault
        store.db.arm(0, error)
        with pytest.raises(SaveFailed) as refused:
            Table(game_id, seats, seed, store=store)
        assert str(refused.value) == f"could not save: {reason}; the game was not started"
        assert store.list() == []
    table = Table(game_id, seats, seed, store=store)
    assert [g.id for g in store.list()] == [table.table_id]

    for _ in range(STEPS):
        if table.is_over():
            break
        undoers = [s for s in range(n) if table.can_undo(s)]
        if undoers and data.draw(st.integers(0, 2), label="undo?") == 0:
            seat, action, what = undoers[0], "undo", "nothing was taken back"
        else:
            seat = table.to_act()[0]
            action, what = table.bot_choice(seat), "your move was not played"
        fault = data.draw(faults, label="fault")
        if fault is not None:
            point, (reason, error) = fault
            before = screens(table)
            store.db.arm(point, error)
            with pytest.raises(SaveFailed) as refused:
                table.submit(seat, action)
            assert not store.db.disarm()  # it went off inside the save
            assert str(refused.value) == f"could not save: {reason}; {what}"
            assert screens(table) == before  # the table and every screen as they were
            assert_saved_agrees(store, table)
        table.submit(seat, action)  # tried again, it is saved and played
    assert_saved_agrees(store, table)

    resumed = Table.resume(Store(path), table.table_id)
    assert screens(resumed) == screens(table)
    assert [(e.seat, e.action, e.text, e.undone) for e in resumed.entries] == [
        (e.seat, e.action, e.text, e.undone) for e in table.entries
    ]
