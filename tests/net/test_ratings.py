"""Ratings at network tables: a rated table that its players finish updates
the ratings once, as the library would; an unrated one changes nothing; the
ratings survive a restart; the pages show finished results only."""

from __future__ import annotations

import json
import random
import time

import pytest
from openskill.models import PlackettLuce

from florencia_tui.net.remote import Connection, RemoteError, RemoteTable

LIB = PlackettLuce()


def wait_until(pred, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def play_to_the_end(svc, t: RemoteTable, seat: int, seed: int) -> None:
    """``seat`` plays random legal moves (the rules' own sample, drawn on the
    service's loop from the real state) through its link until the game ends,
    confirming each finished turn (net/turns.py); the service's bots answer
    in between."""
    rnd = random.Random(seed)
    table = svc.service.tables[t.table_id]
    while True:
        wait_until(lambda: (t.sync() or True) and (t.is_over() or seat in t.to_act()))
        if t.is_over():
            return
        action = svc.call(lambda: table.game.sample(table.state, seat, rnd))
        t.submit(seat, action)
        if t.confirm_due():
            t.confirm(seat)


def board(conn: Connection, game: str = "palazzo", sort: str = "rating") -> dict[str, dict]:
    return {r["player"]: r for r in conn.call("ratings", game=game, sort=sort)["rows"]}


def test_a_finished_rated_table_is_rated_once_as_the_library_would_and_kept(services):
    svc = services()
    alice = Connection(str(svc.sock), "alice")
    made = alice.call("create", game="palazzo", humans=1, bots=1, bot="bot:random", seed=21)
    t = alice.open_table(made["code"], 0)
    # While it is played, nothing of it is in the ratings or on a page.
    assert board(alice) == {}
    page = alice.call("player", name="alice")
    assert page["games"][0]["tables"] == {
        "finished": 0,
        "wins": 0,
        "playing": 1,
        "mean_score": None,
    }
    assert page["games"][0]["rating"] is None and page["games"][0]["history"] == []
    play_to_the_end(svc, t, 0, 21)
    cards = t.scores()
    (a,), (b,) = LIB.rate([[LIB.rating()], [LIB.rating()]], ranks=[c.rank for c in cards])
    rows = board(alice)
    assert set(rows) == {"alice", "bot:random"}
    assert (rows["alice"]["mu"], rows["alice"]["sigma"]) == pytest.approx((a.mu, a.sigma))
    assert (rows["bot:random"]["mu"], rows["bot:random"]["sigma"]) == pytest.approx((b.mu, b.sigma))
    assert rows["alice"]["games"] == 1 and rows["alice"]["provisional"] is True
    assert rows["alice"]["wins"] == int(cards[0].winner)

    # An unrated table played to the end changes nothing.
    off = alice.call("create", game="palazzo", humans=1, bots=1, seed=22, rated=False)
    t2 = alice.open_table(off["code"], 0)
    play_to_the_end(svc, t2, 0, 22)
    assert board(alice) == rows
    page = alice.call("player", name="alice")
    (game,) = page["games"]
    assert game["tables"]["finished"] == 2 and game["tables"]["playing"] == 0
    assert [h["game_id"] for h in game["history"]] == [t.table_id]
    bot_page = alice.call("player", name="bot:random")
    assert [h["game_id"] for h in bot_page["games"][0]["history"]] == [t.table_id]
    alice.close()
    svc.stop()

    svc = services()  # a restart keeps them, and rates nothing twice
    bob = Connection(str(svc.sock), "bob")
    assert board(bob) == rows
    assert bob.call("player", name="alice")["games"][0]["history"] == game["history"]
    bob.close()


@pytest.fixture
def alice(service_thread):
    conn = Connection(str(service_thread.sock), "alice")
    yield conn
    conn.close()


def test_the_requests_refuse_what_is_not_a_game_a_sort_or_a_player(alice):
    with pytest.raises(RemoteError, match="no game"):
        alice.call("ratings", game="chess")
    with pytest.raises(RemoteError, match="no sort"):
        alice.call("ratings", game="palazzo", sort="luck")
    with pytest.raises(RemoteError, match="no player"):
        alice.call("player", name="../etc")
    assert alice.call("player", name="nobody") == {"player": "nobody", "games": []}


def test_a_game_at_one_keyboard_is_never_rated_nor_on_a_page(service_thread, alice):
    from florencia_tui.table import Table

    def local_game():
        t = Table(
            "palazzo",
            [{"name": "alice", "kind": "human"}, {"name": "bob", "kind": "human"}],
            seed=3,
            store=service_thread.store,
        )
        rnd = random.Random(3)
        while not t.is_over():
            seat = t.to_act()[0]
            t.submit(seat, t.game.sample(t.state, seat, rnd))
        return t.table_id

    gid = service_thread.call(local_game)
    page = alice.call("player", name="alice")
    assert str(gid) not in json.dumps(page["games"]) and page["games"] == []
    assert board(alice) == {}  # names typed at one keyboard are nobody's rating


def test_a_rating_that_could_not_be_written_is_made_when_the_service_next_starts(
    services, monkeypatch, caplog
):
    import sqlite3

    from florencia_tui import ratings

    def locked(store, gid):
        raise sqlite3.OperationalError("database is locked")

    svc = services()
    alice = Connection(str(svc.sock), "alice")
    made = alice.call("create", game="palazzo", humans=1, bots=1, seed=23)
    t = alice.open_table(made["code"], 0)
    with monkeypatch.context() as m:
        m.setattr(ratings, "rate_table", locked)
        play_to_the_end(svc, t, 0, 23)
    assert "could not be rated now" in caplog.text
    assert board(alice) == {}  # the game is over and saved all the same
    alice.close()
    svc.stop()
    svc = services()
    bob = Connection(str(svc.sock), "bob")
    assert set(board(bob)) == {"alice", "bot:random"}
    bob.close()


async def test_the_lobby_s_ratings_screen_sorts_with_keys_and_opens_a_players_page(
    services, tmp_path
):
    from textual.widgets import DataTable, Static

    from florencia_tui import ratings
    from florencia_tui.net.client import NetApp
    from florencia_tui.store import Store
    from florencia_tui.tui.screens.ratings import PlayerScreen, RatingsScreen
    from tests.integration.test_ratings import finished

    # Finished rated tables in the server's database, such that rating, games
    # and wins each put the four players in another order.
    store = Store(tmp_path / "net.sqlite3")
    for k in range(6):
        finished(store, ["ana", "bot:heuristic", "ben"], [1, 2 + k % 2, 3 - k % 2])
    for _ in range(2):
        finished(store, ["cy", "ana"], [9, 1])
    finished(store, ["ana", "cy"], [9, 1])
    for _ in range(3):
        finished(store, ["ana", "bot:heuristic"], [9, 1])
    ratings.rate_pending(store)
    orders = {
        sort: [s.player for s in ratings.leaderboard(store, "palazzo", sort)]
        for sort in ratings.SORTS
    }
    assert len({tuple(o) for o in orders.values()}) == 3  # each key gives its own order
    store.close()

    svc = services()
    app = NetApp(Connection(str(svc.sock), "ana"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        screen = app.screen
        assert isinstance(screen, RatingsScreen)
        while screen.game != "palazzo":
            await pilot.press("right")
        table = screen.query_one("#ratings-table", DataTable)

        def shown() -> list[str]:
            return [table.get_row_at(i)[1].plain for i in range(table.row_count)]

        assert shown() == orders["rating"]
        for key, sort in (("g", "games"), ("w", "wins"), ("r", "rating")):
            await pilot.press(key)
            assert shown() == orders[sort], sort
        title = str(screen.query_one("#ratings-title", Static).render())
        assert "Palazzo" in title and "by rating" in title
        marks = {table.get_row_at(i)[1].plain: table.get_row_at(i)[2].plain for i in range(4)}
        assert marks["cy"].endswith("?") and not marks["ana"].endswith("?")

        row = orders["rating"].index("cy")
        for _ in range(row):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        page = app.screen
        assert isinstance(page, PlayerScreen) and page.player == "cy"
        text = str(page.query_one("#player-page", Static).render())
        assert "Palazzo" in text and "3 rated games, 2 won" in text
        assert text.count("1st of 2") == 2 and text.count("2nd of 2") == 1
        await pilot.press("escape")
        assert app.screen is screen
        await pilot.press("right")
        assert screen.game != "palazzo" and table.row_count == 0
        await pilot.press("escape")
        assert not isinstance(app.screen, RatingsScreen)


async def test_the_new_table_dialog_makes_a_rated_table_unless_f6_says_no():
    from textual.app import App
    from textual.widgets import Button

    from florencia_tui.tui.screens.lobby import NewTableScreen

    specs = []

    class Host(App):
        def on_mount(self) -> None:
            self.push_screen(NewTableScreen(), specs.append)
            self.push_screen(NewTableScreen(), specs.append)

    async with Host().run_test(size=(80, 24)) as pilot:
        screen = pilot.app.screen
        assert str(screen.query_one("#new-rated", Button).label) == "yes"
        screen.query_one("#new-bots").value = "1"
        await pilot.press("f6")  # from the list of games, or a number's box alike
        assert str(screen.query_one("#new-rated", Button).label) == "no"
        await pilot.press("f5")
        await pilot.pause()
        pilot.app.screen.query_one("#new-bots").value = "1"
        await pilot.press("f5")  # the default
        await pilot.pause()
    assert [s["rated"] for s in specs] == [False, True]


def test_the_lobby_marks_the_tables_that_are_not_rated(alice):
    from florencia_tui.tui.screens.lobby import table_text

    rated = alice.call("create", game="palazzo", humans=2, bots=0)
    unrated = alice.call("create", game="palazzo", humans=1, bots=1, rated=False)
    rows = {t["code"]: t for t in alice.call("lobby")["tables"]}
    assert rows[rated["code"]]["rated"] is True and rows[unrated["code"]]["rated"] is False
    assert "unrated" not in table_text(rows[rated["code"]]).plain
    assert "· unrated" in table_text(rows[unrated["code"]]).plain
