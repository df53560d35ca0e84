"""Command line: the app, headless selfplay, and saved-game management."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from florencia_tui.parser import Parser


def _parser() -> argparse.ArgumentParser:
    from florencia_tui.games import titles

    p = Parser(
        prog="florencia",
        description=f"A terminal table for {titles()}.",
    )
    p.set_defaults(func=cmd_play)
    sub = p.add_subparsers(dest="cmd")
    sub.add_parser("play", help="open the app (the default)").set_defaults(func=cmd_play)
    sp = sub.add_parser("selfplay", help="play random-bot games headless and summarise")
    sp.add_argument("game")
    sp.add_argument("--players", type=int, default=3)
    sp.add_argument("--games", type=int, default=100)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument(
        "--save",
        action="store_true",
        help="play through the table and save every game (for replays and stats)",
    )
    sp.add_argument(
        "--progress",
        type=int,
        default=0,
        metavar="N",
        help="off a terminal, a progress line every N games (default: every tenth)",
    )
    sp.set_defaults(func=cmd_selfplay)
    tp = sub.add_parser("tournament", help="bot levels against each other, seats rotated")
    tp.add_argument("game")
    tp.add_argument(
        "--seats",
        default="heuristic,random,random",
        help="comma-separated levels: random, heuristic, search (the app's level: the game's "
        "iteration budget), search@SECONDS (time box per decision), search@Nit (N iterations)",
    )
    tp.add_argument("--games", type=int, default=50)
    tp.add_argument("--seed", type=int, default=1)
    tp.add_argument(
        "--jobs", type=int, default=1, help="games played in parallel processes (same results)"
    )
    tp.add_argument(
        "--progress",
        type=int,
        default=0,
        metavar="N",
        help="off a terminal, the standings on stderr every N games (default: "
        "every tenth); on a terminal a progress bar with the ETA",
    )
    tp.set_defaults(func=cmd_tournament)
    sub.add_parser("list", help="list saved games").set_defaults(func=lambda args: cmd_list())
    rp = sub.add_parser("resume", help="continue a saved game in the app")
    rp.add_argument("id", type=int, nargs="?", help="the saved game (default: the one played last)")
    rp.set_defaults(func=cmd_resume)
    ep = sub.add_parser("export", help="write a saved game's record as JSON")
    ep.add_argument("id", type=int)
    ep.add_argument("-o", "--output", help="file to write (default: stdout)")
    ep.set_defaults(func=cmd_export)
    pl = sub.add_parser("replay", help="replay a record file and print the final scores")
    pl.add_argument("file")
    pl.set_defaults(func=cmd_replay)
    lg = sub.add_parser("log", help="print a saved game's log, as one seat (or a spectator) saw it")
    lg.add_argument("id", type=int)
    lg.add_argument("--seat", type=int, help="seat number, 1 = first player (default: spectator)")
    lg.add_argument("-o", "--output", help="file to write (default: stdout)")
    lg.set_defaults(func=lambda args: cmd_log(args.id, args.seat, args.output))
    sub.add_parser("stats", help="statistics over the saved games").set_defaults(
        func=lambda args: cmd_stats()
    )
    rt = sub.add_parser("ratings", help="a game's ratings, best first (players and bot levels)")
    rt.add_argument("game", nargs="?", help="the game, e.g. palazzo")
    rt.add_argument("--sort", default="rating", help="rating (the default), games or wins")
    rt.add_argument("--player", metavar="NAME", help="that player's page: rated games, history")
    rt.add_argument(
        "--rebuild",
        action="store_true",
        help="rate every finished rated table again, in the order they finished",
    )
    rt.set_defaults(func=cmd_ratings)
    from florencia_tui.net.cli import add_parsers

    add_parsers(sub)  # serve, connect, passwd
    return p


class Progress:
    """How a long run (tournament, selfplay) goes, on stderr: a rich progress
    bar with the ETA on a terminal, else a plain line every ``every`` games
    (every tenth of the run by default) and at the end."""

    def __init__(self, total: int, every: int = 0, stream=None) -> None:
        self.total = total
        self.every = every if every > 0 else max(1, total // 10)
        self.stream = stream if stream is not None else sys.stderr
        self.bar = None

    def __enter__(self) -> Progress:
        isatty = getattr(self.stream, "isatty", None)
        if isatty is not None and isatty():
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )
            from rich.progress import Progress as Bar

            self.bar = Bar(
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TextColumn("ETA"),
                TimeRemainingColumn(),
                TextColumn("{task.description}"),
                console=Console(file=self.stream),
                transient=False,
            )
            self.bar.start()
            self.task = self.bar.add_task("", total=self.total)
        return self

    def update(self, done: int, line: str, detail: str = "") -> None:
        """``done`` games of ``total``; ``line`` the plain line, ``detail`` the bar's text."""
        if self.bar is not None:
            self.bar.update(self.task, completed=done, description=detail)
        elif done % self.every == 0 or done == self.total:
            print(line, file=self.stream, flush=True)

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.stop()


def _fmt_time(ts: float) -> str:
    import time

    return time.strftime("%Y-%m-%d %H:%M", time.localtime(ts))


def cmd_list(out=None) -> int:
    out = out or sys.stdout
    from florencia_tui.games import REGISTRY
    from florencia_tui.store import Store

    store = Store()
    rows = store.list()
    if not rows:
        print("no saved games", file=out)
        return 0
    print(
        f"{'id':>4}  {'game':<30} {'status':<8} {'actions':>7}  {'updated':<16}  players", file=out
    )
    for g in rows:
        title = REGISTRY[g.game].title if g.game in REGISTRY else g.game
        damage = store.damage(g.id)
        print(
            f"{g.id:>4}  {title:<30} {'damaged' if damage else g.status:<8} "
            f"{g.n_actions:>7}  {_fmt_time(g.updated):<16}  {', '.join(g.names)}",
            file=out,
        )
        if damage:
            print(f"      save {g.id} is damaged and cannot be opened: {damage}", file=out)
    return 0


def cmd_log(game_id: int, seat: int | None, output: str | None = None, out=None) -> int:
    """The game log as ``seat`` (1-based; None: a spectator) read it."""
    out = out or sys.stdout
    from florencia_tui.gamelog import export_text, log_lines
    from florencia_tui.store import Store
    from florencia_tui.table import LogEntry

    store = Store()
    try:
        saved = store.get(game_id)
    except KeyError as e:
        print(f"florencia: {e.args[0]}", file=sys.stderr)
        return 2
    if seat is not None and not 1 <= seat <= len(saved.seats):
        print(f"florencia: game {game_id} has seats 1-{len(saved.seats)}", file=sys.stderr)
        return 2
    viewer = None if seat is None else seat - 1
    rows = store.action_rows(game_id)
    from florencia_tui.core.undo import undone_indices

    undone = undone_indices([[r["seat"], r["action"]] for r in rows])
    entries = [
        LogEntry(i, r["seat"], r["action"], r["log"], r["status"], i in undone)
        for i, r in enumerate(rows)
    ]
    text = export_text(saved.game, game_id, saved.names, viewer, log_lines(entries, viewer))
    if output:
        Path(output).write_text(text)
    else:
        print(text, end="", file=out)
    return 0


def cmd_stats(out=None) -> int:
    out = out or sys.stdout
    from rich.console import Console

    from florencia_tui.stats import compute, stats_tables
    from florencia_tui.store import Store

    st = compute(Store())
    console = Console(file=out, width=100, color_system=None, highlight=False)
    console.print(f"Statistics · {st.summary()}")
    for table in stats_tables(st):
        console.print()
        console.print(table)
    return 0


def cmd_ratings(args, out=None) -> int:
    """The ratings in this account's database (the server's, when it runs
    here): a game's leaderboard, a player's page, or a rebuild."""
    out = out or sys.stdout
    from florencia_tui import ratings
    from florencia_tui.games import REGISTRY
    from florencia_tui.stats import player_page
    from florencia_tui.store import Store

    store = Store()
    if args.rebuild:
        n = ratings.rebuild(store)
        print(f"rated {n} finished rated table(s) again", file=out)
    if args.player:
        ids = ratings.rated_tables(store, args.player)
        page = player_page(store, args.player, ids)
        page["games"] = [g for g in page["games"] if args.game in (None, g["game"])]
        print(f"{args.player} · " + ratings.LEGEND, file=out)
        print("\n".join(ratings.page_lines(page)) or "no rated game", file=out)
        return 0
    if args.game is None:
        if args.rebuild:
            return 0
        raise CommandError(f"name a game: florencia ratings GAME ({', '.join(REGISTRY)})")
    if args.game not in REGISTRY:
        raise CommandError(f"unknown game {args.game!r} ({', '.join(REGISTRY)})")
    try:
        rows = ratings.leaderboard(store, args.game, args.sort)
    except ValueError as e:
        raise CommandError(str(e)) from None
    print(f"{REGISTRY[args.game].title} · by {args.sort} · {ratings.LEGEND}", file=out)
    if not rows:
        print("nobody is rated yet: a rated network table counts once it is finished", file=out)
        return 0
    print("\n".join(ratings.leaderboard_lines([r.to_dict() for r in rows])), file=out)
    return 0


def print_scores(cards, out=None) -> None:
    out = out or sys.stdout
    for c in sorted(cards, key=lambda c: c.rank):
        mark = "*" if c.winner else " "
        tb = f"  ({c.tiebreak_label} {c.tiebreak:g})" if c.tiebreak_label else ""
        print(f"{mark} {c.rank}. {c.name:<16} {c.total:>6g}{tb}", file=out)
        for line in c.lines:
            print(f"       {line.label:<40} {line.points:>6g}", file=out)


class CommandError(Exception):
    """A command cannot go on; its message is printed as ``florencia: …`` (exit 2)."""


def _known(fn):
    """The command with an unknown game or saved game (KeyError) reported, not raised."""

    def run(*args, **kw) -> int:
        try:
            return fn(*args, **kw)
        except KeyError as e:
            raise CommandError(e.args[0]) from None

    return run


def cmd_play(args) -> int:
    from florencia_tui.tui.app import run_app

    return run_app()


@_known
def cmd_resume(args) -> int:
    from florencia_tui.store import Store
    from florencia_tui.tui.app import run_app

    store = Store()
    gid = args.id
    if gid is None:  # the game in play that was played last (`florencia list` shows them all)
        playing = store.list("playing")
        if not playing:
            raise CommandError("no saved game is in play: `florencia play` starts one")
        gid = playing[0].id
    damage = store.damage(gid)
    if damage:
        raise CommandError(f"saved game {gid} is damaged and cannot be opened: {damage}")
    return run_app(resume=gid)


@_known
def cmd_selfplay(args) -> int:
    if args.save:
        from florencia_tui.selfplay import save_games
        from florencia_tui.store import Store

        ids = save_games(args.game, args.players, args.games, args.seed, Store())
        print(f"saved {len(ids)} games: {', '.join(map(str, ids))}")
        return 0
    from florencia_tui.selfplay import selfplay
    from florencia_tui.tournament import eta

    with Progress(args.games, args.progress) as bar:

        def report(res) -> None:
            bar.update(
                res.games,
                f"{res.games}/{args.games} games, {res.seconds:.0f} s, "
                f"ETA {eta(res.games, args.games, res.seconds)}",
            )

        res = selfplay(args.game, args.players, args.games, args.seed, report)
    print(res.summary())
    return 0


@_known
def cmd_tournament(args) -> int:
    from florencia_tui.tournament import progress_line, standings, tournament

    with Progress(args.games, args.progress) as bar:

        def report(res) -> None:  # long runs say how they are going, on stderr
            bar.update(res.games, progress_line(res, args.games), standings(res))

        res = tournament(args.game, args.seats.split(","), args.games, args.seed, args.jobs, report)
    print(res.summary())
    return 0


@_known
def cmd_export(args) -> int:
    from florencia_tui.store import Store

    text = Store().record(args.id).to_json()
    if args.output:
        Path(args.output).write_text(text + "\n")
    else:
        print(text)
    return 0


def cmd_replay(args) -> int:
    from florencia_tui.core.record import Record
    from florencia_tui.core.undo import UNDO
    from florencia_tui.games import get_game, replay

    record = Record.from_json(Path(args.file).read_text())
    state = replay(record)
    game = get_game(record.game)
    undos = sum(1 for _, action in record.actions if action == UNDO)
    extra = f" ({undos} undone)" if undos else ""
    print(
        f"{game.title}: {len(record.actions) - 2 * undos} actions replayed{extra}, "
        f"{'finished' if game.is_over(state) else 'not finished'}"
    )
    print_scores(game.scores(state))
    return 0


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return args.func(args)
    except CommandError as e:
        print(f"florencia: {e}", file=sys.stderr)
        return 2
