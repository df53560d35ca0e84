"""Shared scenario builders for the Princes of Florence tests (fixture ``fl``)."""

from types import SimpleNamespace

import pytest

from florencia_tui.games.florence import data as D
from florencia_tui.games.florence import geometry as G
from florencia_tui.games.florence import rules as R
from florencia_tui.games.florence.game import GAME

NAMES = ["Anna", "Bob", "Chris", "David", "Eva"]


def after_setup(n=3, seed=1, start=0):
    """Round 1, start of the auction, ``start`` nominating, hands of 3 dealt cards."""
    s = GAME.new(NAMES[:n], seed)
    for i in range(n):
        s = GAME.apply(s, i, f"return {s['players'][i]['deal'][0]}")
    s["start"] = start
    R.start_auction(s)
    return s


def action_phase(n=3, rnd=1, start=0, seed=1):
    """A state in phase B of round ``rnd`` with ``start`` to act."""
    s = after_setup(n, seed, start)
    s["round"] = rnd
    s["start"] = start
    R.start_actions(s)
    return s


def clear_hands(s):
    """Move every hand/display card back to the profession deck (keeps 21 cards)."""
    for p in s["players"]:
        s["prof_deck"] += p["hand"] + [c for c in p["display"] if c != D.RECRUIT]
        p["hand"], p["display"] = [], []
    return s


def take(s, card):
    """Remove a profession from wherever it is in decks/hands (for test setup)."""
    if card in s["prof_deck"]:
        s["prof_deck"].remove(card)
    for p in s["players"]:
        if card in p["hand"]:
            p["hand"].remove(card)
        if card in p["display"]:
            p["display"].remove(card)
    return card


def give_hand(s, seat, *cards):
    for c in cards:
        s["players"][seat]["hand"].append(take(s, c))


def give_display(s, seat, *cards):
    for c in cards:
        s["players"][seat]["display"].append(take(s, c) if c != D.RECRUIT else c)


def furnish(s, seat, buildings=(), land=None):
    """Place landscapes, then buildings, at the first free spot (adjacency ignored)."""
    p = s["players"][seat]
    for kind, k in (land or {}).items():
        for _ in range(k):
            r, c, o = G.placements(p["grid"], kind, 2)[0]
            R.lay_tile(p, kind, r, c, o)
            p["land"][kind] += 1
            s["piles"][kind] -= 1
    for b in buildings:
        r, c, o = G.placements(p["grid"], b, 2)[0]
        R.lay_tile(p, b, r, c, o)
        p["buildings"].append(b)
        s["supply"]["buildings"][b] -= 1
    return s


def play(s, *moves):
    """Apply (seat, action) pairs in order, each must be listed as legal."""
    for seat, action in moves:
        assert GAME.to_act(s) == [seat], (seat, action, GAME.to_act(s))
        legal = GAME.legal(s, seat)
        assert action in legal, (action, legal[:20])
        s = GAME.apply(s, seat, action)
    return s


def money(s):
    return [p["money"] for p in s["players"]]


@pytest.fixture
def fl():
    return SimpleNamespace(
        GAME=GAME,
        D=D,
        G=G,
        R=R,
        after_setup=after_setup,
        action_phase=action_phase,
        clear_hands=clear_hands,
        give_hand=give_hand,
        give_display=give_display,
        take=take,
        furnish=furnish,
        play=play,
        money=money,
    )
