"""Hidden information for bots: deal anew what a seat cannot see.

Hidden from ``seat`` in Architects (``view.SECRETS``, which the core masks):

* other players' building hands (their sizes are public), and in the draft
  the other packets and the cards others kept;
* the five buildings another player drew at the Black Market and is choosing
  from (a ``keep`` frame of theirs);
* the order (and so the contents) of the building deck, the apprentice deck
  and the reward pile, and which rewards were set aside at setup;
* the Black Market piles below their top cards: only the face of each top
  card shows (the small side on the small pile, the large side on the large
  one), and two cards share each face, so a top card is kept as the lowest
  card id with that face;
* the RNG.

A building under construction (a ``pay`` frame) was announced to everyone
("constructs ..."), so it stays in its owner's otherwise hidden hand.

``determinize`` deals the unseen cards consistently with the redacted state:
buildings are the box minus every building the seat can see, apprentices the
box minus the face-up rows and every hired one, rewards any of the reward
tiles, and the Black Market top cards one of the two cards with the face
shown.
"""

from __future__ import annotations

import random

from florencia_tui.core import rng
from florencia_tui.core.hidden import HIDDEN
from florencia_tui.core.state import clone

from . import data as D
from .view import LARGE_LIKE, SMALL_LIKE

__all__ = ["LARGE_LIKE", "SMALL_LIKE", "determinize"]


def _building_zones(s: dict) -> list[list]:
    """Every list of building cards in the state other than the deck."""
    zones = [P["hand"] for P in s["players"]] + [P["built"] for P in s["players"]]
    if s["draft"] is not None:
        zones += s["draft"]["packets"] + s["draft"]["kept"]
    zones += [f["cards"] for f in s["pending"] if f["k"] == "keep"]
    return zones


def _fill(zone: list, cards: list) -> None:
    for i, x in enumerate(zone):
        if x == HIDDEN:
            zone[i] = cards.pop()


def _box(s: dict, full: dict, base: dict) -> list[int]:
    return sorted(full if s["options"].get("promo_cards") else base)


def determinize(r: dict, seat: int, seed: int) -> dict:
    s = clone(r)
    pick = random.Random(seed)
    s["rng"] = rng.seed_state(seed)
    # Buildings: the box minus what the seat sees, into the hidden places, the rest the deck.
    zones = _building_zones(s)
    seen = {b for z in zones for b in z if b != HIDDEN}
    unseen = [b for b in _box(s, D.ALL_BUILDINGS, D.BUILDINGS) if b not in seen]
    pick.shuffle(unseen)
    for z in zones:
        _fill(z, unseen)
    if len(unseen) != len(s["bdeck"]):
        raise ValueError(f"{len(unseen)} unseen buildings for a deck of {len(s['bdeck'])}")
    s["bdeck"] = unseen
    # Apprentices: the box minus the face-up rows and every hired one.
    out = {c[0] for row in s["arows"] for c in row if c}
    out.update(a for P in s["players"] for a in P["appr"])
    deck = [a for a in _box(s, D.ALL_APPRENTICES, D.APPRENTICES) if a not in out]
    if len(deck) != len(s["adeck"]):
        raise ValueError(f"{len(deck)} unseen apprentices for a deck of {len(s['adeck'])}")
    pick.shuffle(deck)
    s["adeck"] = deck
    # Rewards: which were set aside at setup or taken is not shown: any of the tiles.
    s["rewards"] = pick.sample(sorted(D.REWARDS), len(r["rewards"]))
    # Black Market: each top card is one of the two with the face shown.
    small, large = r["bm_small"], r["bm_large"]
    tops = [
        (a, b)
        for a in (SMALL_LIKE[small[-1]] if small else [None])
        for b in (LARGE_LIKE[large[-1]] if large else [None])
        if a is None or a != b
    ]
    a, b = tops[pick.randrange(len(tops))]
    rest = [c for c in sorted(D.BM_SMALL) if c not in (a, b)]
    pick.shuffle(rest)
    ns, nl = len(small) - (a is not None), len(large) - (b is not None)
    s["bm_small"] = rest[:ns] + ([a] if a is not None else [])
    s["bm_large"] = rest[ns : ns + nl] + ([b] if b is not None else [])
    return s
