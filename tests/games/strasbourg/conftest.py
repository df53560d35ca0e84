"""Shared builders for Strasbourg tests: states set up directly as dicts."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from florencia_tui.games.strasbourg import rules
from florencia_tui.games.strasbourg.game import GAME

# round card whose guild sits at the given step: (step, guild) -> card
_CARD_FOR = {}
for _cid, _gs in {
    "R1": ["SM", "VI", "SH"],
    "R2": ["VI", "SH", "BU"],
    "R3": ["SH", "BU", "BA"],
    "R4": ["BU", "BA", "SM"],
    "R5": ["BA", "SM", "VI"],
}.items():
    for _step, _g in zip("BDF", _gs):
        _CARD_FOR[(_step, _g)] = _cid


def blank(n: int, seed: int = 1) -> dict:
    """A fresh game with tasks kept (none) and an empty planning, ready to edit."""
    s = GAME.new([f"P{i}" for i in range(n)], seed)
    for pl in s["players"]:
        pl["tasks"] = []
        pl["dealt"] = []
        pl["plan"] = "done"
    return s


def at_bid(n, step, sp, stacks, guild=None, privs=None, goods=None):
    """State at the start of bidding ``step`` with the given stacks per seat."""
    s = blank(n)
    if guild is not None:
        cid = _CARD_FOR[(step, guild)]
        rest = [c for c in s["cards"] if c != cid]
        s["cards"] = [cid] + rest
    s["round"] = 1
    s["phase"] = "actions"
    s["start"] = sp
    for p in range(n):
        s["players"][p]["stacks"] = [list(x) for x in stacks.get(p, [])]
        s["players"][p]["priv"] = (privs or {}).get(p, 0)
        if goods and p in goods:
            for g in goods[p]:
                s["players"][p]["goods"][g] += 1
    rules.begin_step(s, step)
    rules._run(s)
    return s


def play(s, *moves):
    """Apply (seat, action) pairs in order, checking each is legal first."""
    for seat, action in moves:
        assert seat in GAME.to_act(s), (seat, action, GAME.to_act(s))
        assert action in GAME.legal(s, seat), (action, GAME.legal(s, seat))
        s = GAME.apply(s, seat, action)
    return s


@pytest.fixture
def h():
    return SimpleNamespace(blank=blank, at_bid=at_bid, play=play, game=GAME)
