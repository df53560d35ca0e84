"""Golden records: seeded bot games of every game at every player count, with
the final state's digest, the action count and the scores. They pin the
engines' and bots' behaviour through refactors (issue 16): a change that alters
any of them is a change of behaviour, made on purpose or not at all.

    python tests/golden/records.py      # rewrite golden.json (after an intended change)
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from florencia_tui.games import available_games, get_game  # noqa: E402
from florencia_tui.selfplay import play_one  # noqa: E402

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden.json"


def cases() -> list[dict]:
    """Per game: two all-random games at every player count, and one with a
    heuristic and a (fixed-iteration, so deterministic) search seat."""
    out = []
    for info in available_games():
        for n in range(info.min_players, info.max_players + 1):
            for seed in (100 + n, 300 + n):
                out.append(
                    {"game": info.id, "players": n, "seed": seed, "kinds": ["bot:random"] * n}
                )
        n = info.min_players
        mixed = ["bot:heuristic", "bot:search@4it"] + ["bot:random"] * (n - 2)
        out.append({"game": info.id, "players": n, "seed": 200 + n, "kinds": mixed})
    return out


def play(case: dict) -> dict:
    game = get_game(case["game"])
    final, n = play_one(game, case["players"], case["seed"], case["kinds"])
    digest = hashlib.sha256(game.dump(final).encode()).hexdigest()
    return {
        **case,
        "actions": n,
        "digest": digest,
        "scores": [[c.total, c.tiebreak, c.rank] for c in game.scores(final)],
    }


def main() -> int:
    records = [play(c) for c in cases()]
    GOLDEN.write_text(json.dumps(records, indent=1) + "\n")
    print(f"wrote {len(records)} golden records to {GOLDEN}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
