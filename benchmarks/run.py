"""The performance budget: one table for every playable game.

    python benchmarks/run.py            # full run (a few minutes)
    python benchmarks/run.py --quick    # fewer repetitions, for a smoke check

Medians over repeated runs. App timings are compared, as ratios, with a bare
Textual app started in the same run. Targets (issue 6) are printed beside the
measurements; docs/performance.md keeps the latest table.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from florencia_tui.bots import observe  # noqa: E402
from florencia_tui.bots.search import SearchBot  # noqa: E402
from florencia_tui.games import available_games, get_game  # noqa: E402

GAMES_PER_SECOND_TARGET = {"palazzo": 100, "strasbourg": 50, "architects": 20, "florence": 10}


def random_games_per_second(game_id: str, players: int, seconds: float) -> float:
    """Full games with the engine's own random sampler (no full legal list needed)."""
    game = get_game(game_id)
    pick = random.Random(1)
    n, t0, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - t0 < seconds:
        s = game.new([f"P{i}" for i in range(players)], seed)
        while not game.is_over(s):
            seat = game.to_act(s)[0]
            s = game.apply(s, seat, game.sample(s, seat, pick))
        n += 1
        seed += 1
    return n / (time.perf_counter() - t0)


def midgame(game_id: str, players: int, steps: int = 80) -> dict:
    game = get_game(game_id)
    s = game.new([f"P{i}" for i in range(players)], 5)
    pick = random.Random(5)
    taken = 0
    while not game.is_over(s):
        seat = game.to_act(s)[0]
        if taken >= steps and len(game.legal(s, seat)) > 1:
            break  # a position with a real choice to make
        s = game.apply(s, seat, game.sample(s, seat, pick))
        taken += 1
    return s


def legal_apply_per_second(game_id: str, players: int, seconds: float) -> float:
    """legal() then apply() of one of them, from positions along random games."""
    game = get_game(game_id)
    pick = random.Random(2)
    n, t0, seed = 0, time.perf_counter(), 100
    s = game.new([f"P{i}" for i in range(players)], seed)
    while time.perf_counter() - t0 < seconds:
        if game.is_over(s):
            seed += 1
            s = game.new([f"P{i}" for i in range(players)], seed)
        seat = game.to_act(s)[0]
        s = game.apply(s, seat, pick.choice(game.legal(s, seat)))
        n += 1
    return n / (time.perf_counter() - t0)


def search_iterations_per_second(game_id: str, players: int, seconds: float) -> float | None:
    game = get_game(game_id)
    s = midgame(game_id, players)
    seat = game.to_act(s)[0]
    try:
        obs = observe(game, s, seat, "bench", with_redacted=True)
    except NotImplementedError:
        return None
    if obs.redacted is None:
        return None
    bot = SearchBot(seconds=seconds)
    t0 = time.perf_counter()
    bot.choose(obs)
    return bot.last_iterations / (time.perf_counter() - t0)


def json_save_load_ms(game_id: str, players: int, reps: int) -> tuple[float, float]:
    game = get_game(game_id)
    s = midgame(game_id, players)
    dumps, loads = [], []
    for _ in range(reps):
        t0 = time.perf_counter()
        text = game.dump(s)
        t1 = time.perf_counter()
        game.load(text)
        t2 = time.perf_counter()
        dumps.append(t1 - t0)
        loads.append(t2 - t1)
    return statistics.median(dumps) * 1e3, statistics.median(loads) * 1e3


def save_after_action_ms(game_id: str, players: int, reps: int) -> float:
    """Table.submit's SQLite write (one action row + state, one transaction)."""
    from florencia_tui.store import Store
    from florencia_tui.table import Table

    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "bench.sqlite3")
        seats = [{"name": f"P{i}", "kind": "human"} for i in range(players)]
        table = Table(game_id, seats, 3, store=store)
        game, pick, times = table.game, random.Random(3), []
        for i in range(reps):
            if table.is_over():
                break
            seat = table.to_act()[0]
            action = game.sample(table.state, seat, pick)
            after = game.apply(table.state, seat, action)
            text = game.dump(after)
            t0 = time.perf_counter()
            store.append(table.table_id, i, seat, action, {"spectator": action}, text, False)
            times.append(time.perf_counter() - t0)
            table.state = after
        return statistics.median(times) * 1e3


async def _first_frame(make_app) -> float:
    t0 = time.perf_counter()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        return time.perf_counter() - t0


def app_start_seconds(reps: int) -> tuple[float, float]:
    from textual.app import App
    from textual.widgets import Static

    from florencia_tui.store import Store
    from florencia_tui.tui.app import FlorenciaApp

    class Bare(App):
        def compose(self):
            yield Static("hello")

    tmp = tempfile.mkdtemp()
    ours = [asyncio.run(_first_frame(lambda: FlorenciaApp(store=Store(Path(tmp) / "s.db"))))
            for _ in range(reps)]
    bare = [asyncio.run(_first_frame(Bare)) for _ in range(reps)]
    return statistics.median(ours), statistics.median(bare)


async def _key_latencies(game_id: str, presses: int) -> list[float]:
    """Key press → updated frame on the game's busiest screen (a mid-game board)."""
    from florencia_tui.store import Store
    from florencia_tui.tui.app import FlorenciaApp
    from florencia_tui.tui.scenes import demo_table

    tmp = tempfile.mkdtemp()
    players = get_game(game_id).max_players
    table = demo_table(game_id, players, seed=11, steps=60, store=Store(Path(tmp) / "k.db"))
    app = FlorenciaApp(store=table.store, bot_delay=0, table=table)
    out = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for i in range(presses):
            key = "down" if i % 2 == 0 else "up"  # moves the highlight: a real redraw
            t0 = time.perf_counter()
            await pilot.press(key)
            await pilot.pause()
            out.append(time.perf_counter() - t0)
    return out


async def _bare_key_latencies(presses: int) -> list[float]:
    """The same measurement on a bare Textual app with one option list."""
    from textual.app import App
    from textual.widgets import OptionList

    class Bare(App):
        def compose(self):
            yield OptionList(*[f"option {i}" for i in range(8)])

    out = []
    async with Bare().run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for i in range(presses):
            t0 = time.perf_counter()
            await pilot.press("down" if i % 2 == 0 else "up")
            await pilot.pause()
            out.append(time.perf_counter() - t0)
    return out


def _p50_p95(lat: list[float]) -> tuple[float, float]:
    lat = sorted(lat)
    return statistics.median(lat) * 1e3, lat[int(0.95 * (len(lat) - 1))] * 1e3


def key_to_frame_ms(game_id: str | None, presses: int) -> tuple[float, float]:
    if game_id is None:
        return _p50_p95(asyncio.run(_bare_key_latencies(presses)))
    return _p50_p95(asyncio.run(_key_latencies(game_id, presses)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    sec = 1.0 if args.quick else 5.0
    reps = 5 if args.quick else 25
    os.environ.setdefault("FLORENCIA_DATA_DIR", tempfile.mkdtemp())

    ours, bare = app_start_seconds(3 if args.quick else 9)
    print(f"app start to first frame: {ours * 1e3:.0f} ms vs bare Textual "
          f"{bare * 1e3:.0f} ms = {ours / bare:.2f}x (target ≤ 1.5x)")
    b50, b95 = key_to_frame_ms(None, 20 if args.quick else 60)
    print(f"key press to frame, bare Textual option list: p50 {b50:.1f} ms, p95 {b95:.1f} ms "
          f"(target for every board: p95 < 33 ms)\n")
    head = (f"| {'game':<10} | {'players':>7} | {'random games/s':>14} | {'target':>6} | "
            f"{'legal+apply/s':>13} | {'search it/s':>11} | {'JSON save/load ms':>17} | "
            f"{'save/action ms':>14} | {'key→frame p50/p95 ms':>20} |")
    print(head)
    print("|" + "|".join("-" * (len(c)) for c in head.split("|")[1:-1]) + "|")
    for info in available_games():
        g, p = info.id, info.max_players
        gps = random_games_per_second(g, p, sec)
        las = legal_apply_per_second(g, p, sec)
        its = search_iterations_per_second(g, p, sec)
        dump_ms, load_ms = json_save_load_ms(g, p, reps * 4)
        save_ms = save_after_action_ms(g, p, reps * 4)
        k50, k95 = key_to_frame_ms(g, 20 if args.quick else 60)
        its_s = f"{its:.0f}" if its is not None else "n/a"
        print(f"| {g:<10} | {p:>7} | {gps:>14.1f} | {GAMES_PER_SECOND_TARGET[g]:>6} | "
              f"{las:>13.0f} | {its_s:>11} | {f'{dump_ms:.2f} / {load_ms:.2f}':>17} | "
              f"{save_ms:>14.2f} | {f'{k50:.1f} / {k95:.1f}':>20} |")


if __name__ == "__main__":
    main()
