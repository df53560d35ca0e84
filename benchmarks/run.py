"""The performance budget: one table for every playable game.

    python benchmarks/run.py            # full run (a few minutes)
    python benchmarks/run.py --quick    # fewer repetitions, for a smoke check
    python benchmarks/run.py --engine   # only random games/s, with and without the state copy

Medians over repeated runs. App timings are compared, as ratios, with a bare
Textual app started in the same run. Targets (issue 6; random games/s: issue
31.4, the plugins' ``games_per_second``) are printed beside the
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


def random_games_per_second(
    game_id: str, players: int, seconds: float, copy: bool = True
) -> tuple[float, float]:
    """Full games with the engine's own random sampler (no full legal list needed),
    per second of wall time and per second of this process's CPU time.

    ``copy=False``: the same games with each action played on the state itself
    (``Game.apply_in_place``: the loop keeps no earlier state), what the rules
    cost without ``Game.apply``'s copy of the state and its checks."""
    game = get_game(game_id)
    pick = random.Random(1)
    n, t0, c0, seed = 0, time.perf_counter(), time.process_time(), 0
    while time.perf_counter() - t0 < seconds:
        s = game.new([f"P{i}" for i in range(players)], seed)
        while not game.is_over(s):
            seat = game.to_act(s)[0]
            if copy:
                s = game.apply(s, seat, game.sample(s, seat, pick))
            else:
                game.apply_in_place(s, seat, game.sample(s, seat, pick))
        n += 1
        seed += 1
    return n / (time.perf_counter() - t0), n / (time.process_time() - c0)


def engine_table(seconds: float) -> None:
    """Random games/s per game (median of three runs), with and without the
    state copy, and the copy's share of the CPU time (issue 31.4)."""
    head = (
        f"| {'game':<10} | {'players':>7} | {'random games/s':>14} | {'target':>6} | "
        f"{'without the copy':>16} | {'copy share':>10} |"
    )
    print(head)
    print("|" + "|".join("-" * (len(c)) for c in head.split("|")[1:-1]) + "|")
    for info in available_games():
        g, p = info.id, info.max_players
        rates = {}
        for copy in (True, False):
            runs = [random_games_per_second(g, p, seconds / 3, copy) for _ in range(3)]
            rates[copy] = tuple(statistics.median(r[i] for r in runs) for i in (0, 1))
        share = 1 - rates[True][1] / rates[False][1]  # of a game's CPU time, the copy's
        print(
            f"| {g:<10} | {p:>7} | {_both(rates[True], '.1f'):>14} | "
            f"{info.games_per_second or '—':>6} | {_both(rates[False], '.1f'):>16} | "
            f"{share:>10.0%} |"
        )


def _both(r: tuple[float, float] | None, fmt: str) -> str:
    """A (wall, CPU) pair of rates as "wall (CPU)"."""
    return "n/a" if r is None else f"{r[0]:{fmt}} ({r[1]:{fmt}})"


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


def legal_apply_per_second(game_id: str, players: int, seconds: float) -> tuple[float, float]:
    """legal() then apply() of one of them, from positions along random games
    (per second of wall time, of CPU time)."""
    game = get_game(game_id)
    pick = random.Random(2)
    n, t0, c0, seed = 0, time.perf_counter(), time.process_time(), 100
    s = game.new([f"P{i}" for i in range(players)], seed)
    while time.perf_counter() - t0 < seconds:
        if game.is_over(s):
            seed += 1
            s = game.new([f"P{i}" for i in range(players)], seed)
        seat = game.to_act(s)[0]
        s = game.apply(s, seat, pick.choice(game.legal(s, seat)))
        n += 1
    return n / (time.perf_counter() - t0), n / (time.process_time() - c0)


def search_iterations_per_second(
    game_id: str, players: int, seconds: float
) -> tuple[float, float] | None:
    """The default search bot's iterations in its full time box (wall, CPU rates)."""
    game = get_game(game_id)
    s = midgame(game_id, players)
    seat = game.to_act(s)[0]
    try:
        obs = observe(game, s, seat, "bench", with_redacted=True)
    except NotImplementedError:
        return None
    if obs.redacted is None:
        return None
    bot = SearchBot(seconds=seconds, early_stop=False)  # the full time box
    t0, c0 = time.perf_counter(), time.process_time()
    bot.choose(obs)
    return (
        bot.last_iterations / (time.perf_counter() - t0),
        bot.last_iterations / (time.process_time() - c0),
    )


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


# ----------------------------------------------------------------------------- app timings
#
# Frames are timestamped where the compositor hands them to the driver
# (``App._display``). The headless driver writes nothing, so the probe renders
# each update to the escape sequences a real terminal would receive (the work
# the real driver does) before taking the time. Keys are posted the way the
# terminal driver's input thread posts them (``Driver.send_message``), not
# through Pilot, whose settling waits are not part of the app's latency.


class FrameProbe:
    """Records (wall time, main-thread CPU time, characters) for every frame."""

    def __init__(self, app) -> None:
        from textual._compositor import CompositorUpdate

        self.app = app
        self.frames: list[tuple[float, float, int]] = []
        display = app._display

        def timed_display(screen, renderable) -> None:
            display(screen, renderable)
            if renderable is None or app._batch_count:
                return
            if isinstance(renderable, CompositorUpdate):
                text = renderable.render_segments(app.console)
            else:
                text = app.console._render_buffer(app.console.render(renderable))
            self.frames.append((time.perf_counter(), time.thread_time(), len(text)))

        app._display = timed_display

    async def settle(self, quiet: float = 0.4, timeout: float = 30.0) -> None:
        """Wait until no frame has been drawn for ``quiet`` seconds."""
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < timeout:
            await asyncio.sleep(0.02)
            last = self.frames[-1][0] if self.frames else t0
            if time.perf_counter() - last > quiet:
                return

    async def press(
        self, key: str, quiet: float = 0.15, timeout: float = 5.0
    ) -> tuple[float, float] | None:
        """(wall, CPU) seconds from posting ``key`` to the last frame it caused
        (frames stop for ``quiet`` seconds), or None if it drew nothing."""
        from textual import events

        n = len(self.frames)
        t0, c0 = time.perf_counter(), time.thread_time()
        self.app._driver.send_message(events.Key(key, key if len(key) == 1 else None))
        while time.perf_counter() - t0 < timeout:
            await asyncio.sleep(0.005)
            last = self.frames[-1][0] if len(self.frames) > n else None
            if last is not None and time.perf_counter() - last > quiet:
                break
        if len(self.frames) == n:
            return None
        wall, cpu, _ = self.frames[-1]
        return wall - t0, cpu - c0


WARMUP_PRESSES = 2  # the first presses also warm caches; they are reported apart


async def _probe_keys(app, keys: tuple[str, ...], presses: int, setup: list[str] = ()) -> dict:
    async with app.run_test(size=(80, 24)):
        probe = FrameProbe(app)
        await probe.settle()
        for key in setup:
            await probe.press(key)
        await probe.settle()
        out = [await probe.press(keys[i % len(keys)]) for i in range(presses + WARMUP_PRESSES)]
    drawn = [r for r in out[WARMUP_PRESSES:] if r is not None]
    return {
        "wall": [r[0] for r in drawn],
        "cpu": [r[1] for r in drawn],
        "missing": presses - len(drawn),
        "first": out[0][0] if out[0] is not None else None,
    }


def key_to_frame(game_id: str | None, presses: int) -> dict:
    """Key press → updated frame on ``game_id``'s busiest screen (None: a bare
    Textual app with one option list, the same probe)."""
    if game_id is None:
        from textual.app import App
        from textual.widgets import OptionList

        class Bare(App):
            def compose(self):
                yield OptionList(*[f"option {i}" for i in range(8)])

        return asyncio.run(_probe_keys(Bare(), ("down", "up"), presses))
    from florencia_tui.games import plugin
    from florencia_tui.tui.snapshots import SCENES

    # The game's busiest screen (its "board" scene: a mid-game board with a
    # decision open) and the keys that redraw it without ending the decision.
    info = plugin(game_id)
    app, setup = SCENES[f"{game_id}-board"](Path(tempfile.mkdtemp()))
    return asyncio.run(_probe_keys(app, info.redraw_keys, presses, setup))


def _pct(values: list[float], q: float) -> float:
    v = sorted(values)
    return v[round(q * (len(v) - 1))] * 1e3 if v else float("nan")


# Start-up runs in a fresh interpreter each time, from process start (imports
# included) to the first frame that shows any text, the way a user starts it.
_START_CHILD = r"""
import re, sys, time
from textual.app import App

display, run = App._display, App.run


def first_frame(self, screen, renderable):
    display(self, screen, renderable)
    if renderable is None or self._batch_count or getattr(self, "_probe_seen", False):
        return
    from textual._compositor import CompositorUpdate

    if isinstance(renderable, CompositorUpdate):
        text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", renderable.render_segments(self.console))
        if any(ch.isalpha() for ch in text):
            self._probe_seen = True
            cpu = time.process_time()
            print("FRAME", time.monotonic(), cpu, flush=True)
            self.exit()


def headless_run(self, *args, **kwargs):
    kwargs.update(headless=True, size=(80, 24))
    return run(self, *args, **kwargs)


App._display, App.run = first_frame, headless_run
if sys.argv[1] == "bare":
    from textual.widgets import Static

    class Bare(App):
        def compose(self):
            yield Static("hello")

    Bare().run()
else:
    from florencia_tui.cli import main

    main([])
"""


def _start_once(which: str) -> tuple[float, float]:
    """(wall, process CPU) seconds from launching a fresh interpreter to its first frame."""
    import subprocess

    t0 = time.monotonic()
    out = subprocess.run(
        [sys.executable, "-c", _START_CHILD, which], capture_output=True, text=True, timeout=120
    )
    frames = [line.split()[1:] for line in out.stdout.splitlines() if line.startswith("FRAME ")]
    if not frames:
        raise RuntimeError(f"{which} start probe drew nothing: {out.stderr[-2000:]}")
    return float(frames[0][0]) - t0, float(frames[0][1])


def app_start_seconds(reps: int) -> dict[str, tuple[float, float]]:
    """Medians of (wall, CPU) from process start to the first frame with text, for
    florencia and a bare Textual app, alternating so machine load hits both alike."""
    runs: dict[str, list[tuple[float, float]]] = {"florencia": [], "bare": []}
    for _ in range(reps):
        for which in ("bare", "florencia"):
            runs[which].append(_start_once(which))
    return {
        k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v))
        for k, v in runs.items()
    }


def _seed_saved_games(n: int) -> None:
    """A data directory with saved games, so start-up lists and sums real ones."""
    from florencia_tui.selfplay import save_games
    from florencia_tui.store import Store

    store = Store()
    for info in available_games():
        save_games(info.id, info.max_players, n, 1, store)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument(
        "--engine",
        action="store_true",
        help="only the engines' random games/s, with and without the state copy",
    )
    args = ap.parse_args()
    sec = 1.0 if args.quick else 5.0
    reps = 5 if args.quick else 25
    presses = 20 if args.quick else 60
    os.environ.setdefault("FLORENCIA_DATA_DIR", tempfile.mkdtemp())
    load = os.getloadavg()
    print(
        f"{os.cpu_count()} CPUs, load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} "
        "(1/5/15 min) at the start\n"
    )
    if args.engine:
        engine_table(sec * 2)
        return

    _seed_saved_games(2 if args.quick else 5)
    start = app_start_seconds(3 if args.quick else 9)
    (ours, ours_cpu), (bare, bare_cpu) = start["florencia"], start["bare"]
    print(
        f"app start to first frame (fresh process, imports included; "
        f"{len(available_games()) * (2 if args.quick else 5)} saved games; target ≤ 1.5x):\n"
        f"  wall {ours * 1e3:.0f} ms vs bare Textual {bare * 1e3:.0f} ms = {ours / bare:.2f}x\n"
        f"  CPU  {ours_cpu * 1e3:.0f} ms vs bare Textual {bare_cpu * 1e3:.0f} ms = "
        f"{ours_cpu / bare_cpu:.2f}x\n"
    )

    print(
        "key press → updated frame (wall ms; main-thread CPU ms in brackets; target: "
        "wall p95 < 33 ms)\n"
    )
    khead = (
        f"| {'screen':<28} | {'keys':<11} | {'p50':>6} | {'p95':>6} | {'CPU p50':>7} | "
        f"{'CPU p95':>7} | {'no frame':>8} |"
    )
    print(khead)
    print("|" + "|".join("-" * len(c) for c in khead.split("|")[1:-1]) + "|")
    rows = [("bare Textual option list", None, ("down", "up"))]
    rows += [
        (f"{i.id}-board", i.id, i.redraw_keys) for i in available_games() if "board" in i.scenes
    ]
    for label, gid, keys in rows:
        r = key_to_frame(gid, presses)
        print(
            f"| {label:<28} | {'/'.join(keys):<11} | {_pct(r['wall'], 0.5):>6.1f} | "
            f"{_pct(r['wall'], 0.95):>6.1f} | {_pct(r['cpu'], 0.5):>7.1f} | "
            f"{_pct(r['cpu'], 0.95):>7.1f} | {r['missing']:>8} |"
        )
    print()

    print("Throughput: per second of wall time (per second of the process's CPU time)\n")
    head = (
        f"| {'game':<10} | {'players':>7} | {'random games/s':>14} | {'target':>6} | "
        f"{'legal+apply/s':>14} | {'search it/s':>13} | {'JSON save/load ms':>17} | "
        f"{'save/action ms':>14} |"
    )
    print(head)
    print("|" + "|".join("-" * (len(c)) for c in head.split("|")[1:-1]) + "|")

    for info in available_games():
        g, p = info.id, info.max_players
        runs = [random_games_per_second(g, p, sec / 3) for _ in range(3)]
        gps = (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs))
        las = legal_apply_per_second(g, p, sec)
        its = search_iterations_per_second(g, p, sec)
        dump_ms, load_ms = json_save_load_ms(g, p, reps * 4)
        save_ms = save_after_action_ms(g, p, reps * 4)
        print(
            f"| {g:<10} | {p:>7} | {_both(gps, '.1f'):>14} | {info.games_per_second or '—':>6} | "
            f"{_both(las, '.0f'):>14} | {_both(its, '.0f'):>13} | "
            f"{f'{dump_ms:.2f} / {load_ms:.2f}':>17} | {save_ms:>14.2f} |"
        )


if __name__ == "__main__":
    main()
