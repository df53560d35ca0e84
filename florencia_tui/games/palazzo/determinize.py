"""Hidden information for bots: deal anew what a seat cannot see.

Hidden in Palazzo (``view.SECRETS``): other players' hands, the deck order,
the order (and so the contents) of the tile stacks, which tiles left the
game, and the RNG. The unseen items are everything in the box minus what the
seat can see, so ``determinize`` depends only on what the seat knows.
"""

from __future__ import annotations

import random

from florencia_tui.core import rng
from florencia_tui.core.hidden import HIDDEN
from florencia_tui.core.multiset import minus
from florencia_tui.core.state import clone
from florencia_tui.games.palazzo import data
from florencia_tui.games.palazzo.payment import sort_cards

_STACK_OF = {t[0]: t[1] for t in data.TILES} | {r: "III" for r in data.RIDERS}


def _visible_tiles(r: dict) -> list[str]:
    seen = list(r["supply"]) + list(r["riders"])
    for q in r["quarries"]:
        seen += q
    for pals in r["palaces"]:
        for p in pals:
            seen += p
    for part in (r.get("auction"), r.get("handout"), *r["pending"]):
        if part:
            seen += part.get("tiles", [])
    return seen


def _visible_cards(r: dict) -> list[str]:
    seen = [c for h in r["hands"] for c in h if c != HIDDEN]
    seen += r["discard"] + r["revealed"]
    if r.get("auction"):
        for bid in r["auction"]["bids"].values():
            seen += [c for c in bid["cards"] if c != data.CERT3]
    return seen


_ALL_TILES = data.TILE_IDS + data.RIDERS
_IS_RIDER = frozenset(data.RIDERS)


def determinize(r: dict, seat: int, seed: int) -> dict:
    s = clone(r)
    pick = random.Random(seed)
    s["rng"] = rng.seed_state(seed)
    # Tiles: each stack can only hold tiles of its own back; the rest left the game.
    unseen = minus(_ALL_TILES, _visible_tiles(r))
    pick.shuffle(unseen)
    out: list[str] = []
    for name in data.STACK_NAMES:
        mine = [t for t in unseen if _STACK_OF[t] == name]
        riders = [t for t in mine if t in _IS_RIDER]  # riders never leave stack III
        others = [t for t in mine if t not in _IS_RIDER]
        need = len(r["stacks"][name]) - len(riders)
        stack = riders + others[:need]
        out += others[need:]
        pick.shuffle(stack)
        s["stacks"][name] = stack
    s["out"] = out
    # Money: the cards this seat has not seen are dealt to other hands and the deck.
    cards = minus(data.MONEY_CARDS, _visible_cards(r))
    pick.shuffle(cards)
    for p, h in enumerate(r["hands"]):
        if p != seat:
            s["hands"][p] = sort_cards(cards.pop() for _ in h)
    s["deck"] = cards
    return s
