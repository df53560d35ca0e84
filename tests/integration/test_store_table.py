"""Table + SQLite store: every action is saved, resume loses nothing."""

import sqlite3

import pytest

from florencia_tui.core import IllegalAction
from florencia_tui.games import replay
from florencia_tui.store import Store, data_dir
from florencia_tui.table import Table

SEATS = [
    {"name": "Ana", "kind": "human"},
    {"name": "Ben", "kind": "human"},
    {"name": "Bot", "kind": "bot:random"},
]


def play_some(table: Table, n: int) -> None:
    for _ in range(n):
        if table.is_over():
            return
        seat = table.to_act()[0]
        table.submit(seat, table.legal(seat)[0]) if table.is_human(seat) else table.play_bot(seat)


def test_data_dir_env_override(tmp_path, monkeypatch):
    monkeypatch.setenv("FLORENCIA_DATA_DIR", str(tmp_path / "x"))
    assert data_dir() == tmp_path / "x"
    assert Store().path == tmp_path / "x" / "florencia.sqlite3"


def test_data_dir_follows_the_platform_convention(tmp_path, monkeypatch):
    """Without FLORENCIA_DATA_DIR: platformdirs' user data dir, which on Linux
    is $XDG_DATA_HOME/florencia_tui (~/.local/share/florencia_tui)."""
    import sys

    monkeypatch.delenv("FLORENCIA_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    if sys.platform.startswith("linux"):
        assert data_dir() == tmp_path / "share" / "florencia_tui"
    assert data_dir().is_dir()


def test_store_uses_wal():
    store = Store()
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_each_action_is_one_row_saved_immediately():
    store = Store()
    t = Table("palazzo", SEATS, seed=4, store=store)
    play_some(t, 25)
    # A second, independent connection sees every action already (no commit pending).
    other = sqlite3.connect(store.path)
    n = other.execute("SELECT COUNT(*) FROM actions WHERE game_id=?", (t.table_id,)).fetchone()[0]
    assert n == len(t.entries) == 25
    assert store.get(t.table_id).n_actions == 25


def test_resume_continues_from_last_action():
    store = Store()
    t = Table("palazzo", SEATS, seed=8, store=store)
    play_some(t, 30)
    again = Table.resume(Store(store.path), t.table_id)
    assert again.state == t.state
    assert again.log(0) == t.log(0)
    assert again.record().actions == t.record().actions
    play_some(again, 5)
    assert len(again.entries) == 35


def test_record_from_store_replays_to_saved_state():
    store = Store()
    t = Table("palazzo", SEATS, seed=12, store=store)
    play_some(t, 40)
    assert replay(store.record(t.table_id)) == t.state


def test_illegal_action_is_refused_and_not_saved():
    store = Store()
    t = Table("palazzo", SEATS, seed=1, store=store)
    seat = t.to_act()[0]
    with pytest.raises(IllegalAction):
        t.submit(seat, "fly to the moon")
    assert store.get(t.table_id).n_actions == 0 and t.entries == []


def test_bots_play_until_a_human_owes_a_decision():
    seats = [
        {"name": "Ana", "kind": "human"},
        {"name": "B1", "kind": "bot:random"},
        {"name": "B2", "kind": "bot:random"},
    ]
    t = Table("palazzo", seats, seed=3, store=Store())
    for _ in range(20):
        if t.is_over():
            break
        t.run_bots()
        if t.is_over():
            break
        assert any(t.is_human(s) for s in t.to_act())
        t.submit(0, t.legal(0)[0])


def test_bot_choice_uses_only_its_view(monkeypatch):
    """The bot is handed the seat's redacted view, never the table's state."""
    seats = [{"name": "B1", "kind": "bot:random"}, {"name": "B2", "kind": "bot:random"}]
    t = Table("palazzo", seats, seed=5)
    seat = t.bot_to_act()
    seen = {}
    bot = t._bots[seat]
    orig = bot.choose

    def spy(obs):
        seen["view"] = obs.view
        seen["redacted"] = obs.redacted
        return orig(obs)

    monkeypatch.setattr(bot, "choose", spy)
    expected = t.game.view(t.state, seat)
    t.play_bot(seat)
    assert seen["view"] == expected
    assert seen["view"]["players"][1 - seat]["hand"] is None
    assert seen["redacted"] is None  # a random bot is not even given the masked state


def test_full_bot_game_marks_the_save_over():
    seats = [{"name": f"B{i}", "kind": "bot:random"} for i in range(3)]
    store = Store()
    t = Table("palazzo", seats, seed=21, store=store)
    t.run_bots()
    assert t.is_over()
    assert store.get(t.table_id).status == "over"


def test_table_and_remote_table_offer_what_the_screens_use():
    """Both kinds of table satisfy TableLike, the one interface the screens read."""
    from florencia_tui.net.remote import RemoteTable
    from florencia_tui.table import TableLike

    table = Table(
        "palazzo", [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "bot:random"}], seed=1
    )
    assert isinstance(table, TableLike) and table.shared is False
    assert RemoteTable.shared is True
    members = {n for n in vars(TableLike) if not n.startswith("_")} | set(TableLike.__annotations__)
    instance_fields = {"shared"}  # RemoteTable sets the rest as properties or methods
    missing = {m for m in members - instance_fields if not hasattr(RemoteTable, m)}
    assert not missing
    assert [ln.text for ln in table.log_lines(None)] == table.log(None)
