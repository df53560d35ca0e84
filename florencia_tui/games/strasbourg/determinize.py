"""Hidden information for bots: deal anew what a seat cannot see.

Hidden from ``seat`` in Strasbourg (``view.SECRETS``, which the core masks):

* other players' drawn cards (hand), the contents of their face-down stacks
  (their sizes are public), their dealt task cards, and their kept task cards
  (even how many: a kept list becomes the single marker ``"?"``);
* the order of every deck, the seat's own included: its own deck keeps its
  contents (the seat saw every card it drew and every card it put back), sorted
  so the order is gone; other decks become ``"?"`` per card;
* the RNG.

Public and kept: the board, council, round cards and buildings (all face up
from the start), played stacks, the last bidding, pending decisions, deck,
hand and stack sizes, and each player's coins, goods and privileges. Those
three sit behind a screen in the view, but every change to them is announced
in the log (entering a square at its printed price, taking a good, a sale with
its coins, privileges won at the council by its public rule and spent aloud),
so a seat that remembers the log knows them exactly; keeping them is what lets
a 'pass' that ends a bidding stay undoable without a leak (whether the winner
gets a sell decision, or a seat without stacks is skipped, depends on them).

``determinize`` deals the unseen items consistently with the redacted state:
each opponent's hidden cards come from their own 24 minus the cards known to
be played (the current bidding, and the last bidding's stacks that cannot
have come back), and the unseen task cards from those neither dealt to nor
kept by the seat.
"""

from __future__ import annotations

import random

from florencia_tui.core import rng
from florencia_tui.core.hidden import HIDDEN
from florencia_tui.core.multiset import minus
from florencia_tui.core.state import clone
from florencia_tui.games.strasbourg import data

_TASK_IDS = [t[0] for t in data.TASKS]
#: How many task cards an opponent is assumed to have kept (unknown to the seat).
_KEPT_WEIGHTS = {1: 3, 2: 4, 3: 2}


def known_out(r: dict, p: int) -> list[int]:
    """Cards of player ``p`` known to have left the game and not come back:
    the last bidding's stack of ``p`` when it won a reward (no card returns)
    or its 'return' decision is still pending (nothing returned yet)."""
    last = r.get("last")
    if not last:
        return []
    cards = next((c for q, c in last["bids"] if q == p), None)
    if cards is None:
        return []
    if p in last["rewarded"]:
        return list(cards)
    if any(f["k"] == "return" and f["p"] == p for f in r["pending"]):
        return list(cards)
    return []


def determinize(r: dict, seat: int, seed: int) -> dict:
    s = clone(r)
    pick = random.Random(seed)
    s["rng"] = rng.seed_state(seed)
    if s["phase"] == "over":
        return s
    played = {}
    if s["bid"]:
        for q, cards in s["bid"]["played"]:
            played.setdefault(q, []).extend(cards)
    for p, pl in enumerate(s["players"]):
        if p == seat:
            pick.shuffle(pl["deck"])
            continue
        pool = minus(data.DECK, played.get(p, []) + known_out(r, p), strict=False)
        pick.shuffle(pool)
        pl["hand"] = [pool.pop() for _ in pl["hand"]]
        pl["stacks"] = [sorted((pool.pop() for _ in st), reverse=True) for st in pl["stacks"]]
        pl["deck"] = [pool.pop() for _ in pl["deck"]]
    # Task cards: the seat knows its own; the rest are dealt from the unseen ones.
    me = r["players"][seat]
    unseen = minus(_TASK_IDS, list(me["dealt"]) + list(me["tasks"] or []), strict=False)
    pick.shuffle(unseen)
    sizes, weights = list(_KEPT_WEIGHTS), list(_KEPT_WEIGHTS.values())
    for p, pl in enumerate(s["players"]):
        if p == seat:
            continue
        pl["dealt"] = sorted(unseen.pop() for _ in pl["dealt"])
        if pl["tasks"] == HIDDEN:
            k = pick.choices(sizes, weights)[0]
            pl["tasks"] = sorted(unseen.pop() for _ in range(min(k, len(unseen))))
    return s
