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
    service's loop from the real state) through its link until the game ends;
    the service's bots answer in between."""
    rnd = random.Random(seed)
    table = svc.service.tables[t.table_id]
    while True:
        wait_until(lambda: (t.sync() or True) and (t.is_over() or seat in t.to_act()))
        if t.is_over():
            return
        action = svc.call(lambda: table.game.sample(table.state, seat, rnd))
        t.submit(seat, action)


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
