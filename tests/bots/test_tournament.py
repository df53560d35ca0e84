from florencia_tui.cli import main
from florencia_tui.tournament import tournament, wilson


def test_wilson_interval():
    lo, hi = wilson(80, 100)
    assert 0.70 < lo < 0.80 < hi < 0.88
    assert wilson(0, 0) == (0.0, 0.0)
    lo, hi = wilson(10, 10)
    assert hi == 1.0 and lo > 0.65


def test_tournament_rotates_seats_and_counts_every_seat_game():
    res = tournament("palazzo", ["random", "random", "heuristic"], games=3, seed=2)
    assert res.games == 3
    assert res.played == {"bot:random": 6, "bot:heuristic": 3}
    assert abs(sum(res.wins.values()) - 3) < 1e-9


def test_tournament_cli(capsys):
    assert main(["tournament", "palazzo", "--seats", "random,random", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "95% CI" in out and "bot:random" in out


def test_tournament_reports_progress_on_stderr(capsys):
    assert main(["tournament", "palazzo", "--seats", "random,random", "--games", "4",
                 "--progress", "2"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert [line.split(" games")[0] for line in err] == ["2", "4"]
    assert "random" in err[-1]


def test_tournament_in_parallel_gives_the_same_results():
    a = tournament("palazzo", ["random", "heuristic"], games=4, seed=5)
    b = tournament("palazzo", ["random", "heuristic"], games=4, seed=5, jobs=2)
    assert (a.wins, a.played, a.scores) == (b.wins, b.played, b.scores)


def test_tournament_rejects_unknown_levels_before_playing():
    import pytest

    with pytest.raises(KeyError):
        tournament("palazzo", ["random", "search@quick"], games=50, seed=1)


def test_head_to_head_counts_seat_pairs_and_ties_half():
    from florencia_tui.tournament import TournamentResult, _head_to_head

    res = TournamentResult("palazzo", ["bot:a", "bot:b", "bot:b"])
    # seat 0 (a) second, seat 1 (b) first, seat 2 (b) shares second with a
    _head_to_head(res, ["bot:a", "bot:b", "bot:b"],
                  [(0, 5, False, 1, 2), (1, 9, True, 1, 1), (2, 5, False, 1, 2)])
    assert res.pairs[("bot:a", "bot:b")] == 2
    assert res.ahead_rate("bot:a", "bot:b") == 0.25  # behind seat 1, tied with seat 2
    assert res.ahead_rate("bot:b", "bot:a") == 0.75
    assert res.pair_games[("bot:a", "bot:b")] == 1
    res.played = {"bot:a": 1, "bot:b": 2}
    res.wins = {"bot:a": 0.0, "bot:b": 1.0}
    res.scores = {"bot:a": 5.0, "bot:b": 14.0}
    assert "bot:a ahead of bot:b in 25.0%" in res.summary()


def test_tournament_head_to_head_is_consistent_with_wins_in_two_player_games():
    res = tournament("palazzo", ["random", "heuristic"], games=4, seed=5)
    assert res.ahead_rate("bot:heuristic", "bot:random") == res.rate("bot:heuristic")
