"""Spec 9 / 12.2: building acquired tiles (the Anita example)."""

import pytest

from florencia_tui.core.errors import IllegalAction
from florencia_tui.games.palazzo.game import GAME


def anita(mk):
    s = mk(2, palaces=[[["B12", "S31a"], ["M22", "M43"]], []], hands=[["C2", "C2"], []])
    s["phase"] = "build"
    s["pending"] = [{"k": "build", "p": 0, "tiles": ["B21", "S42", "M53"]}]
    return s


def test_anita_legality_table(mk):
    s = anita(mk)
    legal = set(GAME.legal(s, 0))
    assert legal == {
        "build B21 new",
        "discard B21",
        "build S42 new",
        "build S42 on 1",
        "discard S42",
        "build M53 new",
        "build M53 on 1",
        "build M53 on 2",
        "discard M53",
    }
    assert GAME.prompt(s, 0).data["accepts"] == {"B21": [], "S42": [1], "M53": [1, 2]}


def test_anita_illegal_messages(mk):
    s = anita(mk)
    with pytest.raises(
        IllegalAction, match="floor 2 cannot go on top of floor 3: floors must increase"
    ):
        GAME.apply(s, 0, "build B21 on 1")
    with pytest.raises(IllegalAction, match="already has floor 2"):
        GAME.apply(s, 0, "build B21 on 2")
    with pytest.raises(IllegalAction, match="already has floor 4"):
        GAME.apply(s, 0, "build S42 on 2")
    with pytest.raises(IllegalAction, match="no palace 3"):
        GAME.apply(s, 0, "build M53 on 3")
    with pytest.raises(IllegalAction, match="not waiting"):
        GAME.apply(s, 0, "build S33 new")


def test_anita_best_play_and_plan(mk, run):
    s = anita(mk)
    s = run(s, (0, "build M53 on 2"), (0, "build S42 on 1"), (0, "build B21 new"))
    assert s["palaces"][0] == [["B12", "S31a", "S42"], ["M22", "M43", "M53"], ["B21"]]
    assert GAME.scores(s)[0].lines[1].points == 11  # pure marble, W = 8, +3
    assert s["phase"] == "turn" and s["active"] == 1  # the turn ended after building
    # later turn: insert C into A by rebuild type b
    s["active"] = 0
    s = run(s, (0, "rebuild"), (0, "insert 3 1"), (0, "pay C2"))
    assert s["palaces"][0][0] == ["B12", "B21", "S31a", "S42"]


def test_building_order_lets_a_tile_land_on_an_earlier_one(mk, run):
    s = anita(mk)
    s = run(s, (0, "build B21 new"))
    assert "build S42 on 3" in GAME.legal(s, 0)
    s = run(s, (0, "build S42 on 3"), (0, "discard M53"))
    # C is no longer a single tile: it cannot be inserted into A any more
    s["active"] = 0
    s = run(s, (0, "rebuild"))
    assert not any(a.startswith("insert 3") for a in GAME.legal(s, 0))
    with pytest.raises(IllegalAction, match="only a single-tile palace"):
        GAME.apply(s, 0, "insert 3 1")
    assert "M53" in s["out"]


def test_case_insensitive_and_suffixless_tile_names(mk):
    s = anita(mk)
    s2 = GAME.apply(s, 0, "  BUILD m53   ON 2 ")
    assert s2["palaces"][0][1][-1] == "M53"
    s["pending"][-1]["tiles"] = ["S31b"]
    s3 = GAME.apply(s, 0, "build s31 new")
    assert s3["palaces"][0][-1] == ["S31b"]
