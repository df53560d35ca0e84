"""What one seat may see of a three-card auction state.

What is hidden from whom is declared once, in :data:`SECRETS` (core/hidden.py:
the deck's order, the others' face-down bids and so which of their cards are
still in hand); the core masks a state by it (``Game.redact``) and
:func:`view` draws the screens' dict from that masked copy. :func:`determinize`
deals the hidden parts out again at random for the search bot.
"""

from __future__ import annotations

import random

from florencia_tui.core import rng
from florencia_tui.core.hidden import Secret, whole
from florencia_tui.core.state import clone
from tests.example_game.auction import data, rules

HIDDEN = data.HIDDEN

#: The deck's order; the others' face-down bids; and a hand once its owner has
#: bid (before, every card not yet shown face up is known to be in it).
SECRETS = (
    Secret("deck"),
    Secret("bids.*", owner="*", mask=whole),
    Secret("hands.*", owner="*", hidden=lambda s, p: s["bids"][p] is not None),
)


def view(s: dict, seat: int | None) -> dict:
    """The screens' dict, from ``s`` as ``seat`` knows it (masked by SECRETS)."""
    players = []
    for p in range(s["n"]):
        mine = p == seat
        players.append(
            {
                "name": s["names"][p],
                # Only the owner sees which card is in hand and which is the bid;
                # everyone knows the cards not yet shown face up.
                "hand": sorted(s["hands"][p]) if mine else None,
                "bid": s["bids"][p] if mine else None,
                "bid_placed": s["bids"][p] is not None,
                "unplayed": rules.unplayed(s, p),
                "played": list(s["played"][p]),
                "won": list(s["won"][p]),
                "score": rules.points(s, p),
            }
        )
    return {
        "game": "auction",
        "seat": seat,
        "names": list(s["names"]),
        "n": s["n"],
        "round": s["round"],
        "rounds": data.ROUNDS,
        "prize": s["prize"],
        "deck_count": len(s["deck"]),
        "unseen_prizes": rules.unseen_prizes(s),
        "history": clone(s["history"]),
        "to_act": rules.DECISIONS.to_act(s),
        "players": players,
    }


def determinize(r: dict, seat: int, seed: int) -> dict:
    """A full state consistent with the redacted ``r``: the deck and every
    hidden bid dealt at random (from ``seed``) from what is unseen."""
    s = clone(r)
    s["rng"] = rng.seed_state(seed)
    deck = rules.unseen_prizes(s)
    rng.shuffle(s, deck)
    s["deck"] = deck
    pick = random.Random(seed)
    for p in range(s["n"]):
        if s["bids"][p] == HIDDEN:
            cards = rules.unplayed(s, p)
            pick.shuffle(cards)
            s["bids"][p] = cards.pop()
            s["hands"][p] = sorted(cards)
    return s
