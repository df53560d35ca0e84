"""The hot-seat curtain fuzzer (tests/tui/curtain_fuzz.py), run long.

Each example is one app (a drawn bot speed, normal included, and confirmation
on or off, both also toggled by the keys pressed) that plays every registered
game in a drawn order, each twice: a new game for ``--steps`` steps, then a
game resumed a few moves from its end and played out. Two or three humans and
at most one bot sit at each table; the keys are drawn from every screen's and
decision's keys. Every frame the app draws is checked: no seat's private text
(its own strip, the log lines only it reads) is on screen unless that seat is
the one behind the last curtain lifted.

    python benchmarks/curtain_fuzz.py --examples 20            # ~20 min
    python benchmarks/curtain_fuzz.py --examples 2 --seed 7    # a smoke run

It exits 1 at the first leak, naming it (with the example's seed, to run
it again). docs/security.md keeps the latest result.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from florencia_tui.store import Store  # noqa: E402
from tests.tui.curtain_fuzz import GAMES, Fuzzer, Leak, Run, new_app  # noqa: E402


async def example(seed: int, steps: int, tmp: Path) -> Run:
    rnd = random.Random(seed)
    run = Run()
    app = new_app(Store(tmp / f"fuzz-{seed}.sqlite3"), rnd.randrange)
    size = (100, 30) if rnd.randrange(2) else (80, 24)
    async with app.run_test(size=size) as pilot:
        fuzzer = Fuzzer(app, pilot, rnd.randrange, run)
        for game_id in rnd.sample(GAMES, len(GAMES)):
            await fuzzer.play(game_id, steps, resumed=False)
            await fuzzer.play(game_id, 20 * steps, resumed=True)
    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=20, help="apps to run (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="the first example's seed")
    parser.add_argument("--steps", type=int, default=80, help="steps of each new game")
    args = parser.parse_args(argv)
    total = Run()
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["FLORENCIA_DATA_DIR"] = tmp  # never the user's saved games
        for seed in range(args.seed, args.seed + args.examples):
            t0 = time.monotonic()
            try:
                run = asyncio.run(example(seed, args.steps, Path(tmp)))
            except Leak as leak:
                print(f"LEAK in example seed {seed}: {leak}")
                return 1
            print(
                f"seed {seed}: {run.games_started} new, {run.games_resumed} resumed, "
                f"{run.games_finished} played to the end {run.per_game}; {run.keys} keys, "
                f"{run.actions} typed actions, {run.lifts} curtains lifted, "
                f"{run.frames} frames checked ({time.monotonic() - t0:.0f} s)",
                flush=True,
            )
            for name in ("games_started", "games_resumed", "games_finished", "keys"):
                setattr(total, name, getattr(total, name) + getattr(run, name))
            total.actions += run.actions
            total.frames += run.frames
            total.lifts += run.lifts
            for game_id, n in run.per_game.items():
                total.per_game[game_id] = total.per_game.get(game_id, 0) + n
    print(
        f"{args.examples} examples, no leak: {total.games_started} games started and "
        f"{total.games_resumed} resumed, {total.games_finished} played to the end "
        f"({total.per_game}); {total.keys} keys, {total.actions} typed actions, "
        f"{total.lifts} curtains lifted, {total.frames} frames checked "
        f"in {time.monotonic() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
