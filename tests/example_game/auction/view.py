"""What one seat may see of a three-card auction state, in two shapes:

- :func:`view`: the dict the screens draw and bots read (other seats' face-down
  bids and the deck's order left out, never the RNG);
- :func:`redact`: the same knowledge in the state's own shape (hidden items
  ``"?"``), which :func:`determinize` deals out again at random for the search bot.
"""

from __future__ import annotations

import random

from florencia_tui.core import rng
from florencia_tui.core.state import clone
from tests.example_game.auction import data, rules

HIDDEN = data.HIDDEN


def view(s: dict, seat: int | None) -> dict:
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
        "to_act": rules.to_act(s),
        "players": players,
    }


def redact(s: dict, seat: int) -> dict:
    """The state as ``seat`` knows it: the deck's order and the others' face-down
    bids (and so which of their cards are still in hand) hidden, no RNG."""
    r = clone(s)
    r["rng"] = None
    r["deck"] = [HIDDEN] * len(s["deck"])
    for p in range(s["n"]):
        if p != seat and s["bids"][p] is not None:
            r["bids"][p] = HIDDEN
            r["hands"][p] = [HIDDEN] * len(s["hands"][p])
    return r


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
