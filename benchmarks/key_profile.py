"""Where a seated SSH session's app spends its CPU on a key: a profile.

Runs the networked app (``NetApp``, the one every SSH session runs, wire diff
included) headless against a table service in this process, seated at a
Palazzo table against two bots, and measures the app's CPU per key:

* a typed character in the ``:`` command line (a character, then Backspace);
* an arrow key on the game screen (down, then up: the action list's cursor);
* an action: ``:``, its notation, Enter, and the redraws of it and of the two
  bots' moves after it (the service applies them; its CPU is not counted).

    python benchmarks/key_profile.py                 # CPU per key, 100 of each
    python benchmarks/key_profile.py --profile 25    # ... and cProfile's top functions

The CPU is the app's thread's (``time.thread_time``): the headless driver
writes nothing, and the service's thread is not counted.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import pstats
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from florencia_tui.net.client import NetApp  # noqa: E402
from florencia_tui.net.remote import Connection  # noqa: E402
from florencia_tui.net.service import TableService  # noqa: E402
from florencia_tui.store import Store  # noqa: E402
from florencia_tui.tui.screens.game import GameScreen  # noqa: E402


def start_service(tmp: Path, bot_delay: float = 0) -> tuple[Path, TableService]:
    """A table service on its own thread and loop: its socket, and itself."""
    sock = tmp / "s.sock"
    ready = threading.Event()
    started: list[TableService] = []

    def run() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        service = TableService(Store(tmp / "db.sqlite3"), bot_delay=bot_delay)
        started.append(service)
        loop.run_until_complete(service.start(sock))
        ready.set()
        loop.run_forever()

    threading.Thread(target=run, daemon=True).start()
    ready.wait(60)
    return sock, started[0]


async def measure(
    sock: Path, service: TableService, presses: int, profile: int, seed: int, actions: int
) -> dict:
    link = Connection(str(sock), "ana")
    made = link.call("create", game="palazzo", humans=1, bots=2, seed=seed, confirm=False)
    link.open_table(made["code"], 0)
    link.close()
    # Actions are drawn by the game's sampler from the service's table: a
    # large menu (a Palazzo bid) is not listed to the seat.
    served = next(t for gid, t in service.tables.items() if service.codes[gid] == made["code"])
    app = NetApp(Connection(str(sock), "ana"))
    out: dict = {}
    async with app.run_test(size=(100, 30)) as pilot:
        while not isinstance(app.screen, GameScreen):
            await pilot.pause(0.05)
        await pilot.pause(0.5)

        async def timed(name: str, keys: tuple[str, ...]) -> None:
            prof = cProfile.Profile() if profile else None
            c0 = time.thread_time()
            if prof:
                prof.enable()
            for _ in range(presses):
                for k in keys:
                    await pilot.press(k)
            if prof:
                prof.disable()
            out[name] = (time.thread_time() - c0) / (presses * len(keys)) * 1000
            if prof:
                text = io.StringIO()
                pstats.Stats(prof, stream=text).sort_stats("cumulative").print_stats(profile)
                out[name + " profile"] = text.getvalue()

        await timed("arrow key (down, up)", ("down", "up"))
        await pilot.press(":")
        await pilot.pause(0.2)
        await timed("typed character (a, backspace)", ("a", "backspace"))
        await pilot.press("escape")
        await pilot.pause(0.2)

        table = app.conn.table
        pick = random.Random(seed)
        prof = cProfile.Profile() if profile else None
        cpu, done = 0.0, 0
        for _ in range(actions):
            while table.is_over() or 0 not in table.to_act() or table.bot_to_act() is not None:
                if table.is_over():
                    break
                await pilot.pause(0.05)
            if table.is_over():
                break
            await pilot.pause(0.3)  # the screen has settled on our turn
            before = len(table.log_lines(0))
            keys = [":", *served.game.sample(served.state, 0, pick), "enter"]
            c0 = time.thread_time()
            if prof:
                prof.enable()
            for k in keys:
                await pilot.press(k if k != " " else "space")
            # ... until the bots have moved too and the screen shows our turn again.
            while len(table.log_lines(0)) == before or (
                not table.is_over() and (0 not in table.to_act() or table.bot_to_act() is not None)
            ):
                await pilot.pause(0.02)
            await pilot.pause(0.3)
            if prof:
                prof.disable()
            cpu += time.thread_time() - c0
            done += 1
        out[f"an action typed and drawn, bots' moves included ({done})"] = cpu / max(1, done) * 1000
        if prof:
            text = io.StringIO()
            pstats.Stats(prof, stream=text).sort_stats("tottime").print_stats(profile)
            out["action profile"] = text.getvalue()
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--presses", type=int, default=100)
    p.add_argument("--profile", type=int, default=0, metavar="N", help="print N top functions")
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--actions", type=int, default=10)
    args = p.parse_args(argv)
    sock, service = start_service(Path(tempfile.mkdtemp(prefix="fl-keys-")))
    out = asyncio.run(measure(sock, service, args.presses, args.profile, args.seed, args.actions))
    for name, value in out.items():
        if isinstance(value, float):
            under = " (under the profiler)" if args.profile else ""
            print(f"{name}: {value:.2f} ms of the app's CPU{under}")
        else:
            print(f"--- {name}\n{value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
