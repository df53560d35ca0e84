"""What a full round of bot turns costs a watching player, at the app's defaults.

    python benchmarks/bot_pacing.py [--games 5] [--delay 0.6]

Each game is played with the app's default bot level on every seat; seat 0
stands for the human. A *round of bot turns* is everything that happens between
two of seat 0's decisions. Its watching time is the pauses the game screen
makes (``florencia_tui.pacing.bot_pause``) plus the bots' measured thinking
time. Target (issue 15, item 9): under ~5 s per round in every game.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from florencia_tui.bots import make_bot, observe  # noqa: E402
from florencia_tui.games import available_games, get_game  # noqa: E402
from florencia_tui.pacing import DEFAULT_DELAY, bot_pause  # noqa: E402

#: A table of four (or the nearest count a game takes): three bots' turns a round.
PLAYERS = 4
TARGET = 5.0


def rounds_watched(game_id: str, players: int, seed: int, kind: str, delay: float) -> list[float]:
    game = get_game(game_id)
    bots = [make_bot(kind) for _ in range(players)]
    s = game.new([f"P{i}" for i in range(players)], seed)
    rounds: list[float] = []
    watched = 0.0
    shown = 0  # bot moves since seat 0 last decided
    n = 0
    while not game.is_over(s):
        seat = game.to_act(s)[0]
        if seat == 0:  # the "human" decides: the bots' round before it is over
            if watched > 0:
                rounds.append(watched)
            watched = 0.0
            shown = 0
            wait = 0.0
        else:
            wait = bot_pause(game, s, shown, delay)
            shown += 1
        t0 = time.perf_counter()
        obs = observe(game, s, seat, f"{seed}:{seat}:{n}", bots[seat].needs_redacted)
        action = bots[seat].choose(obs)
        if seat != 0:
            watched += wait + time.perf_counter() - t0
        s = game.apply(s, seat, action)
        n += 1
    return rounds


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--delay", type=float, default=DEFAULT_DELAY)
    ap.add_argument("--kind", default="bot:heuristic", help="the bot level on every seat")
    args = ap.parse_args(argv)
    print(
        f"Watching time of a round of bot turns ({args.kind}, {args.delay} s per visible "
        f"move), seconds; target < {TARGET:g}"
    )
    print(f"{'game':<12} {'players':>7} {'rounds':>7} {'p50':>6} {'p95':>6} {'max':>6}  target")
    ok = True
    for info in available_games():
        players = info.players_near(PLAYERS)
        rounds: list[float] = []
        for g in range(args.games):
            rounds += rounds_watched(info.id, players, 100 + g, args.kind, args.delay)
        rounds.sort()
        p95 = rounds[min(len(rounds) - 1, int(0.95 * len(rounds)))]
        met = p95 < TARGET
        ok &= met
        print(
            f"{info.id:<12} {players:>7} {len(rounds):>7} "
            f"{statistics.median(rounds):>6.2f} {p95:>6.2f} {rounds[-1]:>6.2f}  "
            f"{'met' if met else 'MISSED'}"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
