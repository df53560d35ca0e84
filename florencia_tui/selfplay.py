"""Headless games between bots, for smoke-testing rules and measuring speed."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from florencia_tui.bots import make_bot, observe
from florencia_tui.core.game import Game
from florencia_tui.games import get_game


@dataclass
class SelfplayResult:
    game: str
    players: int
    games: int = 0
    actions: int = 0
    min_score: float | None = None
    max_score: float | None = None
    wins: list[float] = field(default_factory=list)  # shared wins count fractionally
    seconds: float = 0.0

    def summary(self) -> str:
        mean = self.actions / self.games if self.games else 0
        wins = "  ".join(f"seat {i}: {w:g}" for i, w in enumerate(self.wins))
        return "\n".join(
            [
                f"game          {self.game} ({self.players} players, random bots)",
                f"games         {self.games}",
                f"mean actions  {mean:.1f}",
                f"score range   {self.min_score:g} .. {self.max_score:g}",
                f"wins per seat {wins}",
                f"seconds       {self.seconds:.2f} "
                f"({self.games / max(self.seconds, 1e-9):.1f} games/s)",
            ]
        )


def random_until(
    game: Game, players: int, seed: int, until, options: dict | None = None, tries: int = 50
) -> dict:
    """A position reached by random play (``Game.sample``) where ``until(state)``
    holds: the first game, seeds ``seed``, ``seed + 1``..., that reaches one.
    For tests and benchmarks that need a particular kind of position."""
    for k in range(seed, seed + tries):
        s = game.new([f"P{i}" for i in range(players)], k, options)
        r = random.Random(k)
        while not until(s) and not game.is_over(s):
            seat = game.to_act(s)[0]
            s = game.apply(s, seat, game.sample(s, seat, r))
        if until(s):
            return s
    raise AssertionError(f"no random game from seed {seed} reached the wanted state")


def play_out(game: Game, s: dict, rnd: random.Random, max_actions: int = 20_000) -> dict:
    """``s`` played on to the end by random moves (``Game.sample``); fails if
    it has not ended after ``max_actions`` (for tests of dealt positions)."""
    for _ in range(max_actions):
        if game.is_over(s):
            return s
        seat = game.to_act(s)[0]
        s = game.apply(s, seat, game.sample(s, seat, rnd))
    if not game.is_over(s):
        raise AssertionError(f"no end after {max_actions} random actions")
    return s


def play_one(
    game: Game,
    players: int,
    seed: int,
    kinds: list[str] | None = None,
    max_actions: int = 200_000,
    times: dict[str, list[float]] | None = None,
    ask: str = "first",
    after=None,
) -> tuple[dict, int]:
    """Play one bot game; returns (final state, number of actions). With
    ``times``, each decision's wall time (observation and choice, as the table
    asks a bot) is appended to ``times[kind]``. Where several seats owe a
    decision ``ask`` says which answers first: the ``"first"`` in seat order
    (as the table asks bots), the ``"last"`` (seats before it wait, as a
    human who thinks long would) or ``"any"`` at random; with the last two a
    bot also decides while others' simultaneous decisions are still open.
    ``after(state, seat, action)`` sees each step."""
    kinds = kinds or ["bot:random"] * players
    bots = [make_bot(k) for k in kinds]
    s = game.new([f"P{i + 1}" for i in range(players)], seed)
    n = 0
    clock = time.perf_counter
    order = random.Random(f"{seed}:order")
    while not game.is_over(s):
        if n >= max_actions:
            raise RuntimeError(f"game with seed {seed} did not end in {max_actions} actions")
        acting = game.to_act(s)
        seat = (
            acting[0] if ask == "first" else acting[-1] if ask == "last" else order.choice(acting)
        )
        bot = bots[seat]
        t0 = clock()
        action = bot.choose(observe(game, s, seat, f"{seed}:{seat}:{n}", bot.needs_redacted))
        if times is not None:
            times.setdefault(kinds[seat], []).append(clock() - t0)
        s = game.apply(s, seat, action)
        if after is not None:
            after(s, seat, action)
        n += 1
    return s, n


def selfplay(game_id: str, players: int, games: int, seed: int, progress=None) -> SelfplayResult:
    """Play ``games`` random-bot games; ``progress(res)`` after each one."""
    game = get_game(game_id)
    res = SelfplayResult(game_id, players, wins=[0.0] * players)
    t0 = time.perf_counter()
    for g in range(games):
        s, n = play_one(game, players, seed * 1_000_003 + g)
        cards = game.scores(s)
        res.games += 1
        res.actions += n
        totals = [c.total for c in cards]
        res.min_score = min(totals + ([res.min_score] if res.min_score is not None else []))
        res.max_score = max(totals + ([res.max_score] if res.max_score is not None else []))
        winners = [c.seat for c in cards if c.winner]
        for w in winners:
            res.wins[w] += 1 / len(winners)
        res.seconds = time.perf_counter() - t0
        if progress is not None:
            progress(res)
    res.seconds = time.perf_counter() - t0
    return res


def save_games(
    game_id: str, players: int, games: int, seed: int, store, kind: str = "bot:random"
) -> list[int]:
    """Play bot games through a :class:`~florencia_tui.table.Table` that saves
    each one in ``store`` (for replays and statistics); returns their ids."""
    from florencia_tui.table import Table

    ids = []
    for g in range(games):
        seats = [{"name": f"P{i + 1}", "kind": kind} for i in range(players)]
        table = Table(game_id, seats, seed * 1_000_003 + g, store=store)
        table.run_bots()
        ids.append(table.table_id)
    return ids
