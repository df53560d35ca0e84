"""Spec 1.1 / 1.2 / 2: component data and setup."""

from collections import Counter

from florencia_tui.games.palazzo.data import MONEY_CARDS, TILES, tile
from florencia_tui.games.palazzo.game import GAME


def test_tile_composition_matches_spec_tables():
    assert len(TILES) == 48 and len({t[0] for t in TILES}) == 48
    floors = Counter(t[3] for t in TILES)
    windows = Counter(t[4] for t in TILES)
    assert floors == {1: 9, 2: 9, 3: 12, 4: 9, 5: 9}
    assert windows == {1: 18, 2: 15, 3: 15}
    for m in "BSM":
        mine = [t for t in TILES if t[2] == m]
        assert len(mine) == 16 and sum(t[4] for t in mine) == 31
    stacks = Counter(t[1] for t in TILES)
    assert stacks == {"I": 15, "II": 18, "III": 15}
    for tid, _stack, mat, floor, win in TILES:
        assert tid.startswith(f"{mat}{floor}{win}") and tile(tid) == (mat, floor, win)
    assert [t[0] for t in TILES if t[1] == "I" and t[3] == 1] == [
        "B11",
        "B12",
        "B13",
        "S11",
        "S12",
        "S13",
        "M11",
        "M12",
        "M13",
    ]


def test_money_deck():
    c = Counter(MONEY_CARDS)
    assert len(MONEY_CARDS) == 55 and c["C2"] == 10 and c["Red7"] == 3 and "C3" not in c


def test_setup():
    for n in (2, 3, 4):
        s = GAME.new(["a", "b", "c", "d"][:n], 99)
        assert [len(q) for q in s["quarries"]] == [1, 1, 1, 1] and len(s["supply"]) == 1
        assert len(s["stacks"]["I"]) == 10 and len(s["stacks"]["II"]) == 18
        assert len(s["stacks"]["III"]) == 20
        assert all(len(h) == 4 for h in s["hands"]) and len(s["deck"]) == 55 - 4 * n
        assert s["cert3"] == "table" and s["riders"] == [] and 0 <= s["master"] < 4
        setup = s["supply"] + [q[0] for q in s["quarries"]]
        assert all(t in [x[0] for x in TILES if x[1] == "I"] for t in setup)
        assert GAME.to_act(s) == [0] and GAME.legal(s, 0) == ["money", "tiles"]
    assert GAME.new(["a", "b"], 5) == GAME.new(["a", "b"], 5)
    assert GAME.new(["a", "b"], 5) != GAME.new(["a", "b"], 6)
