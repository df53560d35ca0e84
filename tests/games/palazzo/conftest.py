"""Shared builders for Palazzo tests: a bare state to edit directly."""

import pytest

from florencia_tui.games.palazzo.game import GAME

NAMES = ["Ana", "Ben", "Cleo", "Dan"]


def bare(n=3, **kw):
    """A fresh state with an empty board, empty hands and no palaces; ``kw``
    overrides state keys. Stacks: pass lists with the NEXT tile LAST."""
    s = GAME.new(NAMES[:n], 7)
    s["quarries"] = [[], [], [], []]
    s["supply"] = []
    s["master"] = 0
    s["hands"] = [[] for _ in range(n)]
    s["palaces"] = [[] for _ in range(n)]
    s.update(kw)
    return s


def play(s, *moves):
    """Apply (seat, action) pairs in order, checking each is listed as legal."""
    for seat, action in moves:
        assert action in GAME.legal(s, seat), (action, GAME.legal(s, seat))
        s = GAME.apply(s, seat, action)
    return s


@pytest.fixture
def mk():
    return bare


@pytest.fixture
def run():
    return play
