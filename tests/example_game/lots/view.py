"""What one seat may see of a Sealed lots state: :data:`SECRETS` declares it
(the deck's order, the others' face-down offers; core/hidden.py), :func:`view`
draws the screens' dict from a state masked by it, and :func:`determinize`
deals a masked state out again at random."""

from __future__ import annotations

import random

from florencia_tui.core import rng
from florencia_tui.core.hidden import Secret, whole
from florencia_tui.core.state import clone
from tests.example_game.lots import data, rules

SECRETS = (Secret("deck"), Secret("offers.*", owner="*", mask=whole))


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
        "to_act": rules.DECISIONS.to_act(s),
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
