"""What one action's redraw costs its app, in every registered game (issue 31.1).

Runs the app an SSH session runs (``NetApp``, wire diff included) headless at
100x30 against a table service in this process, seated at seat 0 of each
registered game against random bots (a seeded table), and plays ``--actions``
of seat 0's actions. Each one is posted to the game screen the way its
decision panel posts it (no typing), and timed from there until the bots have
moved and the screen has settled on seat 0's next decision (no frame for
0.15 s). The CPU is the app's thread's (``time.thread_time``): the service
and its bots run in another thread and are not counted. The bots move
``--bot-delay`` apart, so each action gets a redraw of its own (with 0 one
redraw may show several bots' moves). Per game it reports the app's CPU per
action shown (seat 0's and the bots' alike) and per redraw, and the same for
a bare Textual app whose option list and status line are replaced per action
(the floor).

    python benchmarks/redraw.py                      # every game, 30 actions each
    python benchmarks/redraw.py --typed              # ... typed on the command line
    python benchmarks/redraw.py --game palazzo --profile 30   # + cProfile's top functions
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import pstats
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from key_profile import start_service  # noqa: E402
from run import FrameProbe, _pct, key_to_frame  # noqa: E402

from florencia_tui.games import REGISTRY  # noqa: E402
from florencia_tui.net.client import NetApp  # noqa: E402
from florencia_tui.net.remote import Connection  # noqa: E402
from florencia_tui.net.service import TableService  # noqa: E402
from florencia_tui.tui.messages import SubmitAction  # noqa: E402
from florencia_tui.tui.screens.game import GameScreen  # noqa: E402

SIZE = (100, 30)
QUIET = 0.15  # the screen has settled when no frame came for this long
TIMEOUT = 60.0


class StartTimeout(TimeoutError):
    """The app never settled on seat 0's first decision."""


async def _settled(probe: FrameProbe, ready, timeout: float = TIMEOUT) -> None:
    """Until ``ready()`` holds and no frame has been drawn for QUIET seconds."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < timeout:
        await asyncio.sleep(0.01)
        last = probe.frames[-1][0] if probe.frames else t0
        if ready() and time.perf_counter() - last > QUIET:
            return
    raise TimeoutError(f"the screen did not settle ({len(probe.frames)} frames)")


async def measure_game(
    sock: Path,
    service: TableService,
    game_id: str,
    actions: int,
    seed: int,
    profile: int,
    typed: bool = False,
) -> dict:
    info = REGISTRY[game_id]
    players = info.players_near(3)
    link = Connection(str(sock), "ana")
    made = link.call("create", game=game_id, humans=1, bots=players - 1, seed=seed, confirm=False)
    link.open_table(made["code"], 0)
    link.close()
    # seat 0's actions are drawn by the game's own sampler from the service's
    # table (a large menu, a Palazzo bid, is not listed to the seat)
    served = next(t for gid, t in service.tables.items() if service.codes[gid] == made["code"])
    app = NetApp(Connection(str(sock), "ana"))
    pick = random.Random(seed)
    per_action: list[float] = []
    prof = cProfile.Profile(time.thread_time) if profile else None  # CPU, this thread
    cpu, shown, own, redraws, typing = 0.0, 0, 0, 0, 0.0
    async with app.run_test(size=SIZE) as pilot:
        probe = FrameProbe(app)

        def our_turn() -> bool:
            table = app.conn.table
            return isinstance(app.screen, GameScreen) and (
                table.is_over() or (0 in table.to_act() and table.bot_to_act() is None)
            )

        try:
            await _settled(probe, our_turn)
        except TimeoutError as e:
            table = app.conn.table
            seen = table and (table.to_act(), table.bot_to_act())
            raise StartTimeout(f"{game_id}: {e}, {app.screen}, to act {seen}") from None
        screen, table = app.screen, app.conn.table
        drawn = [0]  # the game screen's redraws
        render_view = screen.render_view

        async def counted(*args, **kwargs) -> None:
            drawn[0] += 1
            await render_view(*args, **kwargs)

        screen.render_view = counted
        for _ in range(actions):
            if table.is_over():
                break
            action = served.game.sample(served.state, 0, pick)
            before = len(table.log_lines(0))
            c0, d0 = time.thread_time(), drawn[0]
            if prof:
                prof.enable()
            if typed:  # as a person types it: ':', the notation, Enter
                for char in ":" + action:
                    await pilot.press(char if char != " " else "space")
                typing += time.thread_time() - c0
                await pilot.press("enter")
            else:  # as its decision panel posts it
                screen.post_message(SubmitAction(action))
            try:
                await _settled(probe, lambda n=before: len(table.log_lines(0)) > n and our_turn())
            except TimeoutError:
                message = screen.query_one("#message").render()
                raise TimeoutError(f"{action!r} was not played: {message}") from None
            if prof:
                prof.disable()
            spent = time.thread_time() - c0
            n = len(table.log_lines(0)) - before
            cpu += spent
            redraws += drawn[0] - d0
            shown += n
            own += 1
            per_action.append(spent / n)
    out = {
        "players": players,
        "own actions": own,
        "actions shown": shown,
        "redraws": redraws,
        "CPU per action (ms)": cpu / max(1, shown) * 1e3,
        "CPU per redraw (ms)": cpu / max(1, redraws) * 1e3,
        "per own (ms)": cpu / max(1, own) * 1e3,
        "typing (ms)": typing / max(1, own) * 1e3,
        "p50 (ms)": statistics.median(per_action) * 1e3 if per_action else float("nan"),
        "max (ms)": max(per_action, default=float("nan")) * 1e3,
    }
    if prof:
        text = io.StringIO()
        stats = pstats.Stats(prof, stream=text)
        stats.sort_stats("cumulative").print_stats(profile)
        stats.sort_stats("tottime").print_stats(profile)
        out["profile"] = text.getvalue()
        out["profile file"] = f"{tempfile.gettempdir()}/redraw-{game_id}.prof"
        prof.dump_stats(out["profile file"])  # for pstats' callers and callees
    return out


async def measure_bare(actions: int, seed: int) -> dict:
    """The floor: a bare Textual app with a status line and an option list,
    both replaced per action (what any screen that shows a new decision does)."""
    from textual.app import App
    from textual.widgets import OptionList, Static

    class Bare(App):
        def compose(self):
            yield Static("status", id="status")
            yield OptionList(*[f"option {i}" for i in range(8)])

    pick = random.Random(seed)
    app = Bare()
    times = []
    async with app.run_test(size=SIZE):
        probe = FrameProbe(app)
        await _settled(probe, lambda: True)
        options, status = app.query_one(OptionList), app.query_one("#status", Static)
        for i in range(actions):
            c0 = time.thread_time()
            status.update(f"action {i}: {pick.random()}")
            options.clear_options()
            options.add_options([f"option {i}.{j} {pick.random()}" for j in range(8)])
            await _settled(probe, lambda: True)
            times.append(time.thread_time() - c0)
    return {
        "CPU per action (ms)": statistics.mean(times) * 1e3,
        "p50 (ms)": statistics.median(times) * 1e3,
        "max (ms)": max(times) * 1e3,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--actions", type=int, default=30, help="seat 0's actions per game")
    p.add_argument("--game", action="append", help="only these games (default: every one)")
    p.add_argument("--seed", type=int, default=3)
    p.add_argument(
        "--bot-delay",
        type=float,
        default=0.25,
        help="seconds between bot moves (0: a redraw may show several of them)",
    )
    p.add_argument("--typed", action="store_true", help="type each action (':', notation, Enter)")
    p.add_argument(
        "--keys",
        type=int,
        default=0,
        metavar="N",
        help="also key -> frame on each game's board scene, N presses (run.py's probe)",
    )
    p.add_argument("--profile", type=int, default=0, metavar="N", help="print N top functions")
    args = p.parse_args(argv)
    sock, service = start_service(Path(tempfile.mkdtemp(prefix="fl-redraw-")), args.bot_delay)
    games = args.game or [g for g, info in REGISTRY.items() if info.available]
    bare = asyncio.run(measure_bare(args.actions, args.seed))
    print(
        f"bare option list: {bare['CPU per action (ms)']:.1f} ms of CPU per action "
        f"(p50 {bare['p50 (ms)']:.1f}, max {bare['max (ms)']:.1f})"
    )
    for game_id in games:
        run = (sock, service, game_id, args.actions, args.seed, args.profile, args.typed)
        try:
            out = asyncio.run(measure_game(*run))
        except StartTimeout as e:  # said, and tried once more
            print(f"{e}; once more")
            out = asyncio.run(measure_game(*run))
        print(
            f"{game_id} ({out['players']} players): {out['CPU per action (ms)']:.1f} ms of the "
            f"app's CPU per action shown ({out['actions shown']} actions, {out['own actions']} "
            f"of seat 0's; p50 {out['p50 (ms)']:.1f}, max {out['max (ms)']:.1f}); "
            f"{out['CPU per redraw (ms)']:.1f} ms per redraw ({out['redraws']}); "
            f"{out['per own (ms)']:.1f} ms per own action "
            "with the bots' moves after it"
            + (f", {out['typing (ms)']:.1f} ms of it typing it" if args.typed else "")
            + (" (under the profiler)" if args.profile else "")
        )
        if "profile" in out:
            print(out["profile"])
            print(f"(all of it in {out['profile file']})")
    if args.keys:
        frames = {g: key_to_frame(g, args.keys) for g in [None, *games]}
        floor = frames[None]
        for g, r in frames.items():
            p50, p95 = _pct(r["wall"], 0.5), _pct(r["wall"], 0.95)
            ratio = (
                f"{p50 / _pct(floor['wall'], 0.5):.2f}x / {p95 / _pct(floor['wall'], 0.95):.2f}x"
            )
            print(
                f"key -> frame, {g or 'bare option list'}: p50 {p50:.1f} ms, p95 {p95:.1f} ms "
                f"(CPU p50 {_pct(r['cpu'], 0.5):.1f} ms); {ratio} the bare list's"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
