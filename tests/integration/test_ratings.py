"""Ratings (florencia_tui/ratings.py): the library's own updates, ties as the
game ranks them, provisional ratings, unrated and unfinished tables, a table
rated once, a rebuild and a reopened database giving the same numbers."""

from __future__ import annotations

import json
import random

import pytest
from openskill.models import PlackettLuce

from florencia_tui import ratings
from florencia_tui.core.game import ScoreCard, rank_cards
from florencia_tui.stats import follow, player_page
from florencia_tui.store import Store
from florencia_tui.table import Table

LIB = PlackettLuce()  # the library at its defaults, called directly


def play_out(table: Table, seed: int) -> Table:
    """Every seat plays random legal moves (humans through Game.sample) to the end."""
    rnd = random.Random(seed)
    while not table.is_over():
        seat = table.to_act()[0]
        if table.is_human(seat):
            table.submit(seat, table.game.sample(table.state, seat, rnd))
        else:
            table.play_bot(seat)
    return table


def seats(*who: str) -> list[dict]:
    return [
        {"name": w, "kind": w} if w.startswith("bot:") else {"name": w, "kind": "human"}
        for w in who
    ]


def finished(store: Store, who: list[str], totals, tiebreaks=None, rated=True) -> int:
    """A finished table in ``store`` whose score cards the game's ranking
    (core.game.rank_cards) ranks from ``totals`` and ``tiebreaks``."""
    sts = seats(*who)
    gid = store.create("palazzo", 1, sts, {"rated": rated} if rated is not None else {}, "{}")
    cards = rank_cards(
        [
            ScoreCard(i, s["name"], t, [], tiebreak=(tiebreaks or [0] * len(who))[i])
            for i, (s, t) in enumerate(zip(sts, totals))
        ]
    )
    store.append(gid, 0, 0, "end", {}, "{}", True, [c.to_dict() for c in cards])
    return gid


def lib_rate(priors: list, ranks: list[int]) -> list[tuple[float, float]]:
    teams = [[LIB.rating() if p is None else LIB.rating(mu=p[0], sigma=p[1])] for p in priors]
    return [(r.mu, r.sigma) for (r,) in LIB.rate(teams, ranks=ranks)]


def mu_sigma(store: Store, game: str = "palazzo") -> dict[str, tuple[float, float]]:
    return {s.player: (s.mu, s.sigma) for s in ratings.leaderboard(store, game)}


def test_rated_tables_update_as_the_library_does_for_the_same_finishing_orders():
    store = Store()
    first = play_out(
        Table("palazzo", seats("alice", "bob", "carol"), 3, {"rated": True}, store=store), 3
    )
    assert ratings.rate_table(store, first.table_id)
    ranks = [c.rank for c in first.scores()]
    want = lib_rate([None, None, None], ranks)
    got = mu_sigma(store)
    for name, value in zip(("alice", "bob", "carol"), want):
        assert got[name] == pytest.approx(value)

    # A second table starts from the ratings the first left.
    second = play_out(
        Table("palazzo", seats("carol", "alice", "dave"), 4, {"rated": True}, store=store), 4
    )
    assert ratings.rate_table(store, second.table_id)
    want2 = lib_rate([want[2], want[0], None], [c.rank for c in second.scores()])
    got2 = mu_sigma(store)
    for name, value in zip(("carol", "alice", "dave"), want2):
        assert got2[name] == pytest.approx(value)
    assert got2["bob"] == got["bob"]  # not at the table: unchanged
    board = {s.player: s for s in ratings.leaderboard(store, "palazzo")}
    assert board["alice"].games == 2 and board["dave"].games == 1
    winners = [c.name for t in (first, second) for c in t.scores() if c.winner]
    assert board["alice"].wins == winners.count("alice")
    assert [s.player for s in ratings.leaderboard(store, "palazzo")] == sorted(
        board, key=lambda p: (-board[p].rating, -board[p].games, p)
    )


def test_a_bot_level_is_one_player_rated_by_the_mean_of_its_seats():
    store = Store()
    t = play_out(
        Table("palazzo", seats("alice", "bot:random", "bot:random"), 5, {"rated": True}, store), 5
    )
    assert ratings.rate_table(store, t.table_id)
    want = lib_rate([None] * 3, [c.rank for c in t.scores()])
    got = mu_sigma(store)
    assert got["alice"] == pytest.approx(want[0])
    assert got["bot:random"] == pytest.approx(
        ((want[1][0] + want[2][0]) / 2, (want[1][1] + want[2][1]) / 2)
    )
    (bot,) = [s for s in ratings.leaderboard(store, "palazzo") if s.bot]
    assert bot.games == 1 and bot.wins == (min(c.rank for c in t.scores()[1:]) == 1)


def test_ties_are_ranked_as_the_game_ranks_them():
    store = Store()
    # Equal totals: the tie-break (Palazzo's largest single payment) decides ...
    ratings.rate_table(store, finished(store, ["ana", "ben", "cy"], [30, 30, 10], [5, 7, 0]))
    want = lib_rate([None] * 3, [2, 1, 3])
    got = mu_sigma(store)
    assert [got[p] for p in ("ana", "ben", "cy")] == pytest.approx(want)
    # ... and only equal totals and tie-breaks share a rank, as the library's tie.
    store2 = Store(store.path.with_name("two.sqlite3"))
    ratings.rate_table(store2, finished(store2, ["ana", "ben", "cy"], [30, 30, 10], [7, 7, 0]))
    tied = mu_sigma(store2)
    assert [tied[p] for p in ("ana", "ben", "cy")] == pytest.approx(lib_rate([None] * 3, [1, 1, 3]))
    assert tied["ana"] == tied["ben"]
    rows = {c.player: c for c in ratings.history(store2, "ana", "palazzo")}
    assert rows["ana"].rank == 1 and rows["ana"].seats == 3
    assert {s.player: s.wins for s in ratings.leaderboard(store2, "palazzo")} == {
        "ana": 1,
        "ben": 1,
        "cy": 0,
    }


def test_a_rating_is_provisional_until_five_rated_games():
    store = Store()
    for k in range(ratings.PROVISIONAL_GAMES):
        [ana] = [s for s in ratings.leaderboard(store, "palazzo") if s.player == "ana"] or [None]
        assert ana is None or (ana.provisional and ratings.mark(ana).endswith("?"))
        ratings.rate_table(store, finished(store, ["ana", "ben"], [10 + k, 5]))
    ana = next(s for s in ratings.leaderboard(store, "palazzo") if s.player == "ana")
    assert ana.games == ratings.PROVISIONAL_GAMES and not ana.provisional
    assert ratings.mark(ana) == f"{ana.rating:.1f}" and ana.to_dict()["provisional"] is False
    assert ana.rating == pytest.approx(ana.mu - 3 * ana.sigma)


def test_unrated_and_unfinished_tables_change_nothing():
    store = Store()
    local = play_out(Table("palazzo", seats("alice", "bob"), 2, store=store), 2)  # one keyboard
    off = finished(store, ["alice", "bob"], [3, 9], rated=False)
    playing = Table("palazzo", seats("alice", "bob"), 6, {"rated": True}, store=store)
    assert not ratings.rate_table(store, local.table_id)
    assert not ratings.rate_table(store, off)
    assert not ratings.rate_table(store, playing.table_id)
    assert ratings.rate_pending(store) == []
    assert ratings.leaderboard(store, "palazzo") == []
    assert ratings.rebuild(store) == 0 and ratings.leaderboard(store, "palazzo") == []


def test_a_table_is_rated_once_and_a_rebuild_or_reopening_gives_the_same_numbers(tmp_path):
    store = Store(tmp_path / "r.sqlite3")
    ids = [
        finished(store, ["ana", "ben", "bot:heuristic"], [k % 3, 2, 1], [0, 0, k]) for k in range(7)
    ]
    ids.append(finished(store, ["ben", "cy"], [4, 4], [1, 1]))
    assert ratings.rate_pending(store) == ids  # in the order they finished
    before = [s.to_dict() for s in ratings.leaderboard(store, "palazzo")]
    history = [c.to_dict() for c in ratings.history(store, "ben", "palazzo")]
    assert len(history) == 8 and [c["game_id"] for c in history] == ids
    assert not ratings.rate_table(store, ids[0])  # rated once
    assert ratings.rate_pending(store) == []
    assert [s.to_dict() for s in ratings.leaderboard(store, "palazzo")] == before

    assert ratings.rebuild(store) == len(ids)
    assert [s.to_dict() for s in ratings.leaderboard(store, "palazzo")] == pytest.approx(before)
    store.close()
    again = Store(tmp_path / "r.sqlite3")  # a restart keeps them
    assert [s.to_dict() for s in ratings.leaderboard(again, "palazzo")] == pytest.approx(before)
    assert [c.to_dict() for c in ratings.history(again, "ben", "palazzo")] == pytest.approx(history)
    by_wins = ratings.leaderboard(again, "palazzo", "wins")
    assert [s.wins for s in by_wins] == sorted((s.wins for s in by_wins), reverse=True)
    with pytest.raises(ValueError, match="no sort"):
        ratings.leaderboard(again, "palazzo", "luck")


def test_a_player_page_follows_them_across_tables_and_shows_only_finished_results():
    store = Store()
    done = play_out(Table("palazzo", seats("alice", "bob"), 7, {"rated": True}, store=store), 7)
    ratings.rate_table(store, done.table_id)
    unrated = play_out(Table("palazzo", seats("bob", "alice"), 8, {"rated": False}, store), 8)
    playing = Table("palazzo", seats("alice", "carol"), 9, {"rated": True}, store=store)
    playing.submit(0, playing.game.sample(playing.state, 0, random.Random(1)))
    ids = [done.table_id, unrated.table_id, playing.table_id]

    (mine,) = follow(store, "alice", ids).values()
    cards = [c for t in (done, unrated) for c in t.scores() if c.name == "alice"]
    assert (mine.games, mine.playing) == (2, 1)
    assert mine.wins == sum(c.winner for c in cards)
    assert mine.mean_score == sum(c.total for c in cards) / 2

    page = player_page(store, "alice", ids)
    (game,) = page["games"]
    assert game["title"] == "Palazzo" and game["rating"]["games"] == 1
    assert game["tables"] == {
        "finished": 2,
        "wins": mine.wins,
        "playing": 1,
        "mean_score": mine.mean_score,
    }
    assert [h["game_id"] for h in game["history"]] == [done.table_id]
    # Of the table in play, nothing but that it is one (no score, no state).
    assert "carol" not in json.dumps(page)


def test_the_ratings_command_prints_the_sorted_table_and_a_players_page(capsys):
    from florencia_tui.cli import main

    store = Store()  # the data directory's database (each test has its own)
    for k in range(5):
        finished(store, ["ana", "ben", "bot:random"], [3, 2 + 2 * (k % 2), 1])
    finished(store, ["cy", "ben"], [5, 1])
    for _ in range(3):
        finished(store, ["bot:random", "ana"], [5, 1])
    ratings.rate_pending(store)
    assert main(["ratings", "palazzo"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Palazzo · by rating · ? provisional")
    rows = [line.split() for line in out[2:]]
    want = ratings.leaderboard(store, "palazzo")
    assert [r[1] for r in rows] == [s.player for s in want]
    shown = {r[1]: r[2] for r in rows}
    assert shown["cy"] == f"{next(s for s in want if s.player == 'cy').rating:.1f}?"
    assert not shown["ana"].endswith("?") and not shown["bot:random"].endswith("?")

    assert main(["ratings", "palazzo", "--sort", "wins"]) == 0
    by_wins = [line.split()[1] for line in capsys.readouterr().out.splitlines()[2:]]
    assert by_wins == [s.player for s in ratings.leaderboard(store, "palazzo", "wins")]
    assert by_wins != [r[1] for r in rows]

    assert main(["ratings", "--player", "cy"]) == 0
    page = capsys.readouterr().out
    assert "Palazzo" in page and "after 1 rated game, 1 won" in page and "1st of 2" in page
    assert main(["ratings", "--rebuild"]) == 0
    assert "rated 9 finished rated table(s) again" in capsys.readouterr().out
    assert main(["ratings", "chess"]) == 2 and "unknown game" in capsys.readouterr().err
    assert main(["ratings"]) == 2 and "name a game" in capsys.readouterr().err
    assert main(["ratings", "palazzo", "--sort", "luck"]) == 2
    assert "no sort" in capsys.readouterr().err
