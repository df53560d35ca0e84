"""Random legal games keep every invariant (hypothesis)."""

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from florencia_tui.core.errors import IllegalAction
from florencia_tui.games.florence import data as D
from florencia_tui.games.florence import geometry as G
from florencia_tui.games.florence import notation as N
from florencia_tui.games.florence.game import GAME

PROBES = [
    "raise",
    "pass",
    "done",
    "decline",
    "bonus",
    "profession",
    "later",
    "prestige 99",
    "sell 999",
    "place chapel 6 6 r0",
    "nominate jester",
    "buy park",
    "keep P01",
    "recruit poet",
    "freedom travel",
    "complete poet",
    "frobnicate 3",
]


def pending_cards(s, deck):
    return [c for pd in s["pending"] if pd.get("deck") == deck for c in pd.get("cards", [])]


def check(s):
    n = s["n"]
    assert 1 <= s["round"] <= D.ROUNDS
    profs, bonus, prest, recruits = [], [], [], s["piles"]["recruit"]
    for p in s["players"]:
        assert p["builders"] <= D.MAX_BUILDERS
        assert len(p["buildings"]) == len(set(p["buildings"]))
        assert p["money"] >= 0 and p["pp"] >= 0
        grid = G.empty_grid()
        cells = []
        for t in p["tiles"]:
            kind, row, col, orient = N.tile_of(t)
            laid = G.cells_at(kind, orient, row, col)
            cells += laid
            grid = G.put(grid, kind, laid)
        assert len(cells) == len(set(cells)), "tiles overlap"
        assert all(0 <= r < 7 and 0 <= c < 7 and (r, c) not in D.PALAZZO for r, c in cells)
        assert grid == p["grid"]
        kinds = Counter(N.tile_of(t)[0] for t in p["tiles"])
        assert sorted(b for b in kinds if b in D.SIZE_CLASS) == sorted(p["buildings"])
        assert all(kinds[k] == p["land"][k] for k in D.LANDSCAPES)
        assert len(p["freedoms"]) == len(set(p["freedoms"]))
        profs += p["hand"] + p["deal"] + [c for c in p["display"] if c != D.RECRUIT]
        recruits += p["recruits"] + p["display"].count(D.RECRUIT)
        bonus += p["bonus"]
        prest += p["prestige"]
    profs += s["prof_deck"] + s["returned"] + pending_cards(s, "profession")
    bonus += s["bonus_deck"] + s["bonus_used"] + pending_cards(s, "bonus")
    prest += s["prestige_deck"] + pending_cards(s, "prestige")
    assert sorted(profs) == sorted(D.PROF_KEYS)
    assert sorted(bonus) == D.BONUS_IDS
    assert sorted(prest) == D.PRESTIGE_IDS
    assert recruits == D.RECRUIT_COUNT
    for b in D.BUILDINGS:
        owned = sum(b in p["buildings"] for p in s["players"])
        assert owned + s["supply"]["buildings"][b] == D.BUILDING_COPIES
    for f in D.FREEDOMS:
        owned = sum(f in p["freedoms"] for p in s["players"])
        assert owned + s["supply"]["freedoms"][f] == n - 1
    for k in ("forest", "lake", "park", "jester", "builder"):
        key = {"forest": "land", "lake": "land", "park": "land"}.get(k)
        owned = sum(p["land"][k] if key else p[k + "s"] for p in s["players"])
        owned += sum(1 for pd in s["pending"] if pd["k"] == "place" and pd["item"] == k)
        assert owned + s["piles"][k] == D.PILE_SIZE[k]


def random_game(n, seed, deep=True):
    rnd = random.Random(seed)
    s = GAME.new([f"P{i}" for i in range(n)], seed)
    steps = 0
    while not GAME.is_over(s):
        seat = GAME.to_act(s)[0]
        action = GAME.sample(s, seat, rnd)
        if deep and (steps % 3 == 0 or s["phase"] != "action"):
            legal = GAME.legal(s, seat)
            assert legal and GAME.normalize(action) in legal
            for a in rnd.sample(legal, min(2, len(legal))):
                GAME.apply(s, seat, a)
            for probe in PROBES:
                try:
                    GAME.apply(s, seat, probe)
                except IllegalAction as e:
                    assert str(e)
                else:
                    assert GAME.normalize(probe) in legal, probe
            other = (seat + 1) % n
            if other not in GAME.to_act(s):
                assert GAME.legal(s, other) == []
                with pytest.raises(IllegalAction):
                    GAME.apply(s, other, "done")
        s = GAME.apply(s, seat, action)
        steps += 1
        check(s)
        if deep:
            assert json.loads(json.dumps(s)) == s
    return s


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
@pytest.mark.parametrize("n", [3, 4, 5])
def test_random_games_keep_invariants(n, seed):
    s = random_game(n, seed)
    assert [h["round"] for h in s["history"]] == list(range(1, 8))
    cards = GAME.scores(s)
    for c in cards:
        assert sum(x.points for x in c.lines) == c.total
    assert any(c.winner for c in cards)


def test_many_fast_random_games():
    for seed in range(12):
        s = random_game(3 + seed % 3, 1000 + seed, deep=False)
        assert s["phase"] == "over" and len(s["history"]) == 7
