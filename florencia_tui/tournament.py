"""Headless matches between bot levels, seats rotated, with confidence intervals."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from florencia_tui.bots import make_bot
from florencia_tui.games import get_game
from florencia_tui.selfplay import play_one


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate (shared wins count fractionally)."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class TournamentResult:
    game: str
    seats: list[str]
    games: int = 0
    wins: dict[str, float] = field(default_factory=dict)
    played: dict[str, int] = field(default_factory=dict)  # seat-games per level
    scores: dict[str, float] = field(default_factory=dict)
    seconds: float = 0.0
    # Head to head: for two levels (a, b), the seat pairs of one game with a at
    # one seat and b at the other, and how many of them a finished ahead in
    # (by the game's ranking; a tie counts half).
    pairs: dict[tuple[str, str], int] = field(default_factory=dict)
    ahead: dict[tuple[str, str], float] = field(default_factory=dict)
    pair_games: dict[tuple[str, str], int] = field(default_factory=dict)
    #: Every decision's wall time in seconds (observation and choice), per level.
    times: dict[str, list[float]] = field(default_factory=dict)

    def rate(self, level: str) -> float:
        return self.wins[level] / self.played[level] if self.played[level] else 0.0

    def ahead_rate(self, a: str, b: str) -> float:
        n = self.pairs.get((a, b), 0)
        return self.ahead.get((a, b), 0.0) / n if n else 0.0

    def decision_time(self, level: str) -> tuple[float, float, float]:
        """p50, p95 and the longest of the level's decision times, in seconds."""
        return (
            percentile(self.times.get(level, []), 0.5),
            percentile(self.times.get(level, []), 0.95),
            max(self.times.get(level, []), default=0.0),
        )

    def summary(self) -> str:
        lines = [
            f"{self.game}: {self.games} games, seats {', '.join(self.seats)} "
            f"(rotated), {self.seconds:.1f} s",
            f"{'level':<16} {'seat-games':>10} {'wins':>7} {'win rate':>9} "
            f"{'95% CI':>15} {'mean score':>10}",
        ]
        for level in dict.fromkeys(self.seats):
            lo, hi = wilson(self.wins[level], self.played[level])
            mean = self.scores[level] / self.played[level] if self.played[level] else 0
            lines.append(
                f"{level:<16} {self.played[level]:>10} {self.wins[level]:>7.1f} "
                f"{self.rate(level):>9.1%} {f'{lo:.1%}-{hi:.1%}':>15} {mean:>10.1f}"
            )
        levels = list(dict.fromkeys(self.seats))
        heads = [(a, b) for i, a in enumerate(levels) for b in levels[i + 1 :]]
        if heads:
            lines.append(
                "head to head (seat pairs in the same game; the interval counts "
                "games, not pairs, as pairs of one game are not independent):"
            )
        for a, b in heads:
            n = self.pair_games.get((a, b), 0)
            r = self.ahead_rate(a, b)
            lo, hi = wilson(r * n, n)
            lines.append(
                f"  {a} ahead of {b} in {r:.1%} ({lo:.1%}-{hi:.1%}) of "
                f"{self.pairs.get((a, b), 0)} pairs"
            )
        if any(self.times.values()):
            lines.append("decision time (wall ms, whole games): level, decisions, p50, p95, max")
            for level in levels:
                p50, p95, top = self.decision_time(level)
                lines.append(
                    f"  {level:<16} {len(self.times.get(level, [])):>6} "
                    f"{p50 * 1000:>8.1f} {p95 * 1000:>8.1f} {top * 1000:>8.1f}"
                )
        return "\n".join(lines)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank; 0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def _play(
    game_id: str, order: list[str], seed: int
) -> tuple[list[tuple[int, float, bool, int, int]], dict[str, list[float]]]:
    """One game: (seat, total, winner, number of winners, rank) per seat, and
    the decision times per level."""
    game = get_game(game_id)
    times: dict[str, list[float]] = {}
    s, _ = play_one(game, len(order), seed, order, times=times)
    cards = game.scores(s)
    winners = sum(1 for c in cards if c.winner)
    return [(c.seat, c.total, c.winner, winners, c.rank) for c in cards], times


def tournament(
    game_id: str, seats: list[str], games: int, seed: int, jobs: int = 1, progress=None
) -> TournamentResult:
    """Play ``games`` games; game g rotates the seat list by g places. With
    ``jobs`` > 1 games run in that many processes; every game has its own seed,
    so the results are the same (a search with a wall-clock time box
    aside, ``search@SECONDS``, which thinks as far as the machine lets it; the
    app's level only when its CPU cap cuts a decision short)."""
    get_game(game_id)  # unknown or coming games fail here, before any work
    kinds = [k if k.startswith("bot:") else f"bot:{k}" for k in seats]
    for k in kinds:
        make_bot(k)  # unknown levels fail here too
    res = TournamentResult(game_id, kinds)
    for k in kinds:
        res.wins.setdefault(k, 0.0)
        res.played.setdefault(k, 0)
        res.scores.setdefault(k, 0.0)
    t0 = time.perf_counter()
    n = len(kinds)
    orders = [kinds[g % n :] + kinds[: g % n] for g in range(games)]
    args = [(game_id, orders[g], seed * 1_000_003 + g) for g in range(games)]
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(jobs)
        outcomes = pool.map(_play, *zip(*args))
    else:
        pool = None
        outcomes = (_play(*a) for a in args)
    try:
        for order, (outcome, times) in zip(orders, outcomes):
            for level, ts in times.items():
                res.times.setdefault(level, []).extend(ts)
            for seat, total, winner, winners, _ in outcome:
                level = order[seat]
                res.played[level] += 1
                res.scores[level] += total
                if winner:
                    res.wins[level] += 1 / winners
            _head_to_head(res, order, outcome)
            res.games += 1
            res.seconds = time.perf_counter() - t0
            if progress is not None:
                progress(res)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return res


def _head_to_head(res: TournamentResult, order: list[str], outcome) -> None:
    rank = {seat: r for seat, _, _, _, r in outcome}
    met = set()
    for i in rank:
        for j in rank:
            a, b = order[i], order[j]
            if a == b:
                continue
            res.pairs[(a, b)] = res.pairs.get((a, b), 0) + 1
            score = 1.0 if rank[i] < rank[j] else 0.5 if rank[i] == rank[j] else 0.0
            res.ahead[(a, b)] = res.ahead.get((a, b), 0.0) + score
            met.add((a, b))
    for key in met:
        res.pair_games[key] = res.pair_games.get(key, 0) + 1


def standings(res: TournamentResult) -> str:
    """Each level's win rate so far and, with more than one level, how often
    the first finished ahead of each other one (head to head, the measure of
    issue 18), e.g. 'search 61.0%, heuristic 19.5%; search ahead of heuristic
    in 70.0% of 40 pairs'."""
    levels = list(dict.fromkeys(res.seats))
    text = ", ".join(f"{k.removeprefix('bot:')} {res.rate(k):.1%}" for k in levels)
    heads = [
        f"{levels[0].removeprefix('bot:')} ahead of {b.removeprefix('bot:')} in "
        f"{res.ahead_rate(levels[0], b):.1%} of {res.pairs[(levels[0], b)]} pairs"
        for b in levels[1:]
        if res.pairs.get((levels[0], b))
    ]
    return "; ".join([text, *heads])


def eta(done: int, total: int, seconds: float) -> str:
    """The time a run still needs at its pace so far, e.g. '4 min 10 s'."""
    if not done:
        return "?"
    left = round(seconds / done * (total - done))
    if left >= 3600:
        return f"{left // 3600} h {left % 3600 // 60} min"
    return f"{left // 60} min {left % 60} s" if left >= 60 else f"{left} s"


def progress_line(res: TournamentResult, total: int | None = None) -> str:
    """One line of a running tournament: games so far, time, ETA, each level's win rate."""
    done = f"{res.games}/{total}" if total else f"{res.games}"
    left = f", ETA {eta(res.games, total, res.seconds)}" if total else ""
    return f"{done} games, {res.seconds:.0f} s{left}: {standings(res)}"
