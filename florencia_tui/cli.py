"""Command line: the app, headless selfplay, and saved-game management."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="florencia", description="A terminal table for "
                                "Princes of Florence, Palazzo, Strasbourg and Architects.")
    sub = p.add_subparsers(dest="cmd")
    sub.add_parser("play", help="open the app (the default)")
    sp = sub.add_parser("selfplay", help="play random-bot games headless and summarise")
    sp.add_argument("game")
    sp.add_argument("--players", type=int, default=3)
    sp.add_argument("--games", type=int, default=100)
    sp.add_argument("--seed", type=int, default=1)
    tp = sub.add_parser("tournament", help="bot levels against each other, seats rotated")
    tp.add_argument("game")
    tp.add_argument("--seats", default="heuristic,random,random",
                    help="comma-separated levels: random, heuristic, search, search@SECONDS")
    tp.add_argument("--games", type=int, default=50)
    tp.add_argument("--seed", type=int, default=1)
    sub.add_parser("list", help="list saved games")
    rp = sub.add_parser("resume", help="continue a saved game in the app")
    rp.add_argument("id", type=int)
    ep = sub.add_parser("export", help="write a saved game's record as JSON")
    ep.add_argument("id", type=int)
    ep.add_argument("-o", "--output", help="file to write (default: stdout)")
    pl = sub.add_parser("replay", help="replay a record file and print the final scores")
    pl.add_argument("file")
    return p


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
    print(f"{'id':>4}  {'game':<30} {'status':<8} {'actions':>7}  {'updated':<16}  players",
          file=out)
    for g in rows:
        title = REGISTRY[g.game].title if g.game in REGISTRY else g.game
        print(f"{g.id:>4}  {title:<30} {g.status:<8} {g.n_actions:>7}  "
              f"{_fmt_time(g.updated):<16}  {', '.join(g.names)}", file=out)
    return 0


def print_scores(cards, out=None) -> None:
    out = out or sys.stdout
    for c in sorted(cards, key=lambda c: c.rank):
        mark = "*" if c.winner else " "
        tb = f"  ({c.tiebreak_label} {c.tiebreak:g})" if c.tiebreak_label else ""
        print(f"{mark} {c.rank}. {c.name:<16} {c.total:>6g}{tb}", file=out)
        for line in c.lines:
            print(f"       {line.label:<40} {line.points:>6g}", file=out)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.cmd in (None, "play"):
        from florencia_tui.tui.app import run_app

        return run_app()
    if args.cmd == "resume":
        from florencia_tui.tui.app import run_app

        return run_app(resume=args.id)
    if args.cmd == "selfplay":
        from florencia_tui.selfplay import selfplay

        try:
            res = selfplay(args.game, args.players, args.games, args.seed)
        except KeyError as e:
            print(f"florencia: {e.args[0]}", file=sys.stderr)
            return 2
        print(res.summary())
        return 0
    if args.cmd == "tournament":
        from florencia_tui.tournament import tournament

        try:
            res = tournament(args.game, args.seats.split(","), args.games, args.seed)
        except KeyError as e:
            print(f"florencia: {e.args[0]}", file=sys.stderr)
            return 2
        print(res.summary())
        return 0
    if args.cmd == "list":
        return cmd_list()
    if args.cmd == "export":
        from florencia_tui.store import Store

        try:
            text = Store().record(args.id).to_json()
        except KeyError as e:
            print(f"florencia: {e.args[0]}", file=sys.stderr)
            return 2
        if args.output:
            Path(args.output).write_text(text + "\n")
        else:
            print(text)
        return 0
    if args.cmd == "replay":
        from florencia_tui.core.record import Record, replay
        from florencia_tui.games import get_game

        record = Record.from_json(Path(args.file).read_text())
        state = replay(record)
        game = get_game(record.game)
        from florencia_tui.core.undo import UNDO

        undos = sum(1 for _, action in record.actions if action == UNDO)
        extra = f" ({undos} undone)" if undos else ""
        print(f"{game.title}: {len(record.actions) - 2 * undos} actions replayed{extra}, "
              f"{'finished' if game.is_over(state) else 'not finished'}")
        print_scores(game.scores(state))
        return 0
    return 2
