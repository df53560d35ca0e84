"""Issue 18's absurd plans, looked for in whole Strasbourg bot games.

    python benchmarks/plan_audit.py --games 50 --seats search@100it,search@100it,heuristic

Seats owing a simultaneous decision answer last-first (the seats before them
wait, as a human who thinks long would: the case that made search bots draw
their whole deck) or, with ``--ask any``, in random order. Prints, per level,
the cards drawn per round (round 1, and later rounds) and the largest stack,
the task cards kept, every plan ``games.strasbourg.audit.PlanAudit.faults`` flags, and
the seats that ended with many cards never drawn (``wasted``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from florencia_tui.games import get_game  # noqa: E402
from florencia_tui.games.strasbourg.audit import UNUSED, PlanAudit  # noqa: E402
from florencia_tui.selfplay import play_one  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seats", default="search,search,heuristic")
    ap.add_argument("--seed", type=int, default=18)
    ap.add_argument("--ask", choices=["last", "any", "first"], default="last")
    args = ap.parse_args(argv)
    g = get_game("strasbourg")
    kinds = [k if k.startswith("bot:") else f"bot:{k}" for k in args.seats.split(",")]
    n = len(kinds)
    faults, wasted, plans, kept = [], [], {}, {}
    t0 = time.perf_counter()
    for i in range(args.games):
        order = kinds[i % n :] + kinds[: i % n]
        audit = PlanAudit()
        play_one(g, n, args.seed * 1_000_003 + i, order, ask=args.ask, after=audit)
        for p in audit.plans:
            plans.setdefault(order[p.seat], []).append(p)
        for seat, k in audit.tasks_kept:
            kept.setdefault(order[seat], []).append(k)
        faults += [(i, order[p.seat], p) for p in audit.faults()]
        wasted += [(i, order[p.seat], p) for p in audit.wasted()]
        print(
            f"{i + 1}/{args.games} games, {time.perf_counter() - t0:.0f} s, "
            f"{len(faults)} absurd plans",
            file=sys.stderr,
            flush=True,
        )
    print(
        f"{args.games} Strasbourg games, seats {', '.join(kinds)} rotated, seed {args.seed}, "
        f"asked {args.ask}-first, {time.perf_counter() - t0:.0f} s"
    )
    print(
        "| level | round-1 cards drawn (min/median/max) | later rounds (median/max) | "
        "largest stack | tasks kept (median/max) |"
    )
    print("|---|---|---|---|---|")
    for level, ps in plans.items():
        r1 = [p.drawn for p in ps if p.round == 1]
        later = [p.drawn for p in ps if p.round > 1]
        print(
            f"| {level} | {min(r1)}/{statistics.median(r1):g}/{max(r1)} | "
            f"{statistics.median(later):g}/{max(later)} | {max(p.largest for p in ps)} | "
            f"{statistics.median(kept[level]):g}/{max(kept[level])} |"
        )
    print(f"absurd plans: {len(faults)}")
    for i, level, p in faults:
        print(
            f"  game {i}: {level} round {p.round}: drew {p.drawn} of {p.deck_before}, "
            f"largest stack {p.largest}"
        )
    print(f"games ended with more than {UNUSED} cards never drawn: {len(wasted)}")
    for i, level, p in wasted:
        print(f"  game {i}: {level}: {p.deck_before - p.drawn} cards left after round 5")
    return 1 if faults else 0


if __name__ == "__main__":
    raise SystemExit(main())
