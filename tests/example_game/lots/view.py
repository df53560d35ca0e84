"""What one seat may see of a Sealed lots state: :func:`view` for the screens
and bots, :func:`redact` (the same knowledge in the state's shape, hidden items
``"?"``) and :func:`determinize` (a redacted state dealt out again at random)."""

from __future__ import annotations

import random

from florencia_tui.core import rng
from florencia_tui.core.state import clone
from tests.example_game.lots import data, rules


def view(s: dict, seat: int | None) -> dict:
    return {
        "game": "lots",
        "seat": seat,
        "names": list(s["names"]),
        "round": s["round"],
        "rounds": data.ROUNDS,
        "lot": s["lot"],
        "deck_count": len(s["deck"]),
        "unseen_lots": rules.unseen_lots(s),
        "history": clone(s["history"]),
        "to_act": rules.to_act(s),
        "players": [
            {
                "name": s["names"][p],
                "coins": s["coins"][p],
                "offer": s["offers"][p] if p == seat else None,
                "offered": s["offers"][p] is not None,
            }
            for p in range(s["n"])
        ],
    }


def redact(s: dict, seat: int) -> dict:
    """The deck's order and the others' face-down offers hidden, no RNG."""
    r = clone(s)
    r["rng"] = None
    r["deck"] = [data.HIDDEN] * len(s["deck"])
    r["offers"] = [o if p == seat or o is None else data.HIDDEN for p, o in enumerate(s["offers"])]
    return r


def determinize(r: dict, seat: int, seed: int) -> dict:
    """A full state consistent with ``r``: the unseen lots shuffled into the
    deck and every hidden offer drawn from what its owner could offer."""
    s = clone(r)
    s["rng"] = rng.seed_state(seed)
    deck = rules.unseen_lots(s)
    rng.shuffle(s, deck)
    s["deck"] = deck
    pick = random.Random(seed)
    for p, o in enumerate(s["offers"]):
        if o == data.HIDDEN:
            s["offers"][p] = pick.randint(0, min(s["coins"][p], data.MAX_OFFER))
    return s
