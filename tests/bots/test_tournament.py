import io

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
    assert (
        main(
            ["tournament", "palazzo", "--seats", "random,random", "--games", "4", "--progress", "2"]
        )
        == 0
    )
    err = capsys.readouterr().err.splitlines()
    assert [line.split(" games")[0] for line in err] == ["2/4", "4/4"]
    assert "random" in err[-1] and "ETA 0 s" in err[-1]
    # Head to head so far, for a long run stopped before its end.
    assert main(["tournament", "palazzo", "--seats", "heuristic,random", "--games", "2"]) == 0
    last = capsys.readouterr().err.splitlines()[-1]
    assert "; heuristic ahead of random in " in last and " of 2 pairs" in last


def test_long_runs_report_every_tenth_by_default_off_a_terminal(capsys):
    assert main(["tournament", "palazzo", "--seats", "random,random", "--games", "20"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert [line.split(" games")[0] for line in err] == [f"{k}/20" for k in range(2, 21, 2)]
    assert all("ETA" in line for line in err)
    assert main(["selfplay", "palazzo", "--games", "3", "--progress", "1"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert [line.split(",")[0] for line in err] == ["1/3 games", "2/3 games", "3/3 games"]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_progress_is_a_bar_with_the_eta():
    from florencia_tui.cli import Progress

    out = _Terminal()
    with Progress(4, stream=out) as bar:
        for done in range(1, 5):
            bar.update(done, f"{done} plain", "search 50.0%")
    text = out.getvalue()
    assert "4/4" in text and "ETA" in text and "search 50.0%" in text
    assert "plain" not in text  # the bar, not the lines


def test_eta_is_the_pace_so_far_times_what_is_left():
    from florencia_tui.tournament import eta

    assert eta(0, 10, 5.0) == "?"
    assert eta(5, 10, 50.0) == "50 s"
    assert eta(10, 200, 100.0) == "31 min 40 s"
    assert eta(1, 200, 100.0) == "5 h 31 min"


def test_tournament_reports_decision_times_per_level():
    res = tournament("palazzo", ["random", "heuristic"], games=2, seed=3)
    for level in ("bot:random", "bot:heuristic"):
        p50, p95, top = res.decision_time(level)
        assert len(res.times[level]) > 50 and 0 < p50 <= p95 <= top < 5
    assert "decision time" in res.summary()


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
    _head_to_head(
        res,
        ["bot:a", "bot:b", "bot:b"],
        [(0, 5, False, 1, 2), (1, 9, True, 1, 1), (2, 5, False, 1, 2)],
    )
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
