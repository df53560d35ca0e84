"""Palazzo action notation: one decision per line.

Tiles are written material + floor + windows (``B11``, ``S31a``, ``M53``); cards
``Red3``..``Blue7``, ``C2`` (``R4``/``G4``/``B4`` are accepted as shorthand); a
set of cards joins with ``+``. Palaces are numbered 1.. in the owner's list.
Verbs and names are case-insensitive.

Turn (prompt ``palazzo.turn``):
    money                 take money: reveal players+1 cards
    tiles                 draw two tiles, then buy or auction
    rebuild               rebuild one palace (costs one card)
Take money (``palazzo.take``; active player twice, then each other player once):
    take Red5
Buy or auction (``palazzo.buy_or_auction``):
    buy S22               buy one supply tile
    buy S22 M23           buy two supply tiles in one payment
    auction               move the master builder and auction its quarry
Pay for a purchase (``palazzo.pay``):
    pay Red4+Green4+Blue4  a legal payment worth at least the price
    pay none              when the price is 0 (cards may still be paid: no change)
Auction (``palazzo.bid``):
    bid Green6+C2         the cards ADDED to your bid this turn
    pass                  take your bid back and leave the auction
Four-or-more hand-out (``palazzo.pick``):
    pick S31a
Building an acquired tile (``palazzo.build``):
    build S33 new         start a new palace
    build S33 on 2        put it on top of your palace 2
    discard S33           remove it from the game
Rebuild (``palazzo.rebuild``), then pay one card (``palazzo.rebuild_pay``):
    detach 1 3            floor 3 of palace 1 becomes a new single-tile palace
    insert 3 1            single-tile palace 3 goes into palace 1
    scrap 3               remove single-tile palace 3
    pay C2                the one card the rebuild costs
"""

from __future__ import annotations

from functools import lru_cache

from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.notation import is_digit
from florencia_tui.games.palazzo.data import CURRENCIES, TILE_IDS
from florencia_tui.games.palazzo.payment import is_card, sort_cards

_TILE_NORM = {t.lower(): t for t in TILE_IDS}
_SHORT = {"r": "Red", "g": "Green", "b": "Blue"}


@lru_cache(maxsize=1024)  # a card's few spellings, read on every payment and take
def parse_card(text: str) -> str:
    t = text.strip()
    low = t.lower()
    if low in ("c2", "c3"):
        return low.upper()
    for c in CURRENCIES:
        if low.startswith(c.lower()):
            cand = c + t[len(c) :]
            if is_card(cand):
                return cand
    if len(low) == 2 and low[0] in _SHORT and is_digit(low[1]):
        cand = _SHORT[low[0]] + low[1]
        if is_card(cand):
            return cand
    raise IllegalAction(f"'{text}' is not a money card (write e.g. Red5, Green3, C2)")


def parse_cards(text: str) -> list[str]:
    """``Red4+Green4`` -> sorted card list; ``none`` -> []."""
    t = text.strip()
    if t.lower() in ("none", "-", ""):
        return []
    return sort_cards(parse_card(p) for p in t.split("+") if p.strip())


def parse_tile(text: str) -> str:
    t = _TILE_NORM.get(text.strip().lower())
    if t is None:
        raise IllegalAction(f"'{text}' is not a building tile (write e.g. B11, S31a, M53)")
    return t


def fmt_cards(cards) -> str:
    return "+".join(sort_cards(cards)) if cards else "none"
