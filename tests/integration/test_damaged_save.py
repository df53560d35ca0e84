"""A damaged save is named, the others still list and open (issue 14, item 6).

``Game.load`` raises ``CorruptSave`` for a state it cannot read; the store
says which save is damaged and why (``Store.damage``); ``florencia list`` and
the home screen name it, ``florencia resume`` refuses it with the reason, and
every other save still lists and opens.
"""

from __future__ import annotations

from florencia_tui.cli import main
from florencia_tui.store import Store
from florencia_tui.table import Table
from florencia_tui.tui.app import FlorenciaApp
from florencia_tui.tui.screens.home import HomeScreen

SEATS = [
    {"name": "Ana", "kind": "human"},
    {"name": "Ben", "kind": "human"},
    {"name": "Bot", "kind": "bot:random"},
]


def three_saves(store: Store) -> tuple[int, int, int]:
    """A good save, one whose state is cut short, one whose players are not JSON."""
    good = Table("palazzo", SEATS, seed=9, store=store)
    good.submit(0, "money")
    cut = Table("palazzo", SEATS, seed=10, store=store)
    text = store.state(cut.table_id)
    store.db.execute("UPDATE games SET state=? WHERE id=?", (text[: len(text) // 2], cut.table_id))
    seats = Table("strasbourg", SEATS, seed=11, store=store)
    store.db.execute("UPDATE games SET seats=? WHERE id=?", ("[{oops", seats.table_id))
    return good.table_id, cut.table_id, seats.table_id


def test_store_names_what_is_damaged():
    store = Store()
    good, cut, seats = three_saves(store)
    assert store.damage(good) == ""
    assert "not JSON" in store.damage(cut)
    assert "players or options cannot be read" in store.damage(seats)
    assert {g.id for g in store.list()} == {good, cut, seats}  # all still listed


def test_cli_list_names_the_damaged_save_and_resume_refuses_it(capsys):
    store = Store()
    good, cut, seats = three_saves(store)
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert f"{good:>4}  Palazzo" in out and "Ana, Ben, Bot" in out
    assert f"save {cut} is damaged and cannot be opened: the saved Palazzo state is not JSON" in out
    assert f"save {seats} is damaged" in out
    assert main(["resume", str(cut)]) == 2
    assert f"saved game {cut} is damaged" in capsys.readouterr().err


async def test_home_lists_the_damaged_save_and_still_opens_the_others():
    store = Store()
    good, cut, seats = three_saves(store)
    app = FlorenciaApp(store=store, bot_delay=0)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen)
        home.refresh_saved()
        saved = home.query_one("#saved")
        damaged = saved.get_option(f"saved-{cut}")
        assert damaged.disabled and "damaged save" in str(damaged.prompt)
        assert saved.get_option(f"saved-{seats}").disabled
        assert not saved.get_option(f"saved-{good}").disabled
        app.open_saved(cut)  # e.g. `florencia resume` of an id listed earlier
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        app.open_saved(good)
        await pilot.pause()
        assert app.table.table_id == good
