"""Placement rules of spec §7, geometry and the completeness of legal()."""

import itertools

import pytest

from florencia_tui.core.errors import IllegalAction
from florencia_tui.games.florence import data as D
from florencia_tui.games.florence import geometry as G


def test_board_geometry():
    g = G.empty_grid()
    assert G.empty_count(g) == 43
    assert [(r, c) for r in range(7) for c in range(7) if g[r * 7 + c] == "P"] == sorted(D.PALAZZO)
    for kind, cells in ((k, len(G.ORIENTS[k]["r0"])) for k in D.SHAPES):
        assert cells == {"large": 7, "medium": 5, "small": 3}.get(D.SIZE_CLASS.get(kind), cells)
    assert [len(G.ORIENTS[k]["r0"]) for k in ("forest", "lake", "park")] == [4, 3, 2]


def test_orientation_transform_is_documented():
    # library "#." "#." "#." "##": r1 turns it clockwise, f mirrors left-right first
    assert G.ORIENTS["library"]["r0"] == ((0, 0), (1, 0), (2, 0), (3, 0), (3, 1))
    assert G.ORIENTS["library"]["r1"] == ((0, 0), (0, 1), (0, 2), (0, 3), (1, 0))
    assert G.ORIENTS["library"]["r0 f"] == ((0, 1), (1, 1), (2, 1), (3, 0), (3, 1))
    assert list(G.ORIENTS["chapel"]) == ["r0", "r1"]
    with pytest.raises(IllegalAction, match="same footprint as r0"):
        from florencia_tui.games.florence import notation as N

        N.parse("place chapel 0 0 r2")


def test_rule1_inside_the_grid_and_not_on_the_palazzo(fl):
    s = fl.action_phase(3)
    for bad in ("place chapel 0 5 r0", "place chapel -1 0 r1", "place chapel 6 4 r1"):
        with pytest.raises(IllegalAction, match="stick out"):
            fl.GAME.apply(s, 0, bad)
    fl.R.gain(s, 0, "park")
    with pytest.raises(IllegalAction, match="palazzo"):
        fl.GAME.apply(s, 0, "place park 5 2 r0")
    s = fl.GAME.apply(s, 0, "place park 5 3 r0")  # next to the palazzo is fine


def test_rule2_no_overlap(fl):
    s = fl.action_phase(3)
    fl.furnish(s, 0, ["tower"])
    fl.R.gain(s, 0, "forest")
    with pytest.raises(IllegalAction, match="overlap"):
        fl.GAME.apply(s, 0, "place forest 0 0 r0")
    s2 = fl.action_phase(3)
    fl.furnish(s2, 0, [], {"lake": 1})
    with pytest.raises(IllegalAction, match="overlap"):
        fl.GAME.apply(s2, 0, "place chapel 0 0 r0")


def test_rule3_buildings_apart_unless_two_builders(fl):
    s = fl.action_phase(3)
    s = fl.play(s, (0, "place chapel 0 0 r0"))
    assert "place tower 1 0 r0" not in fl.GAME.legal(s, 0)  # edge contact
    assert "place tower 1 3 r0" in fl.GAME.legal(s, 0)  # corner contact only
    s["players"][0]["builders"] = 1
    assert "place tower 1 0 r0" not in fl.GAME.legal(s, 0)
    s["players"][0]["builders"] = 2
    s = fl.play(s, (0, "place tower 1 0 r0"))
    assert s["players"][0]["grid"][7] + s["players"][0]["grid"][14:16] == "RRR"


def test_rule3_palazzo_counts_as_a_building(fl):
    s = fl.action_phase(3)
    assert "place chapel 4 0 r0" not in fl.GAME.legal(s, 0)
    assert "place chapel 6 3 r0" not in fl.GAME.legal(s, 0)
    assert "place chapel 6 4 r0" in fl.GAME.legal(s, 0)  # (6,4) does not touch
    assert "place chapel 3 0 r0" in fl.GAME.legal(s, 0)
    s["players"][0]["builders"] = 2
    assert "place chapel 4 0 r0" in fl.GAME.legal(s, 0)


def test_rule4_landscapes_touch_anything_and_buildings_touch_landscapes(fl):
    s = fl.action_phase(3)
    fl.furnish(s, 0, [], {"forest": 1})  # (0,0)-(1,1)
    assert "place chapel 2 0 r0" in fl.GAME.legal(s, 0)
    s = fl.play(s, (0, "place chapel 2 0 r0"))
    fl.R.gain(s, 0, "park")
    assert "place park 3 0 r0" in fl.GAME.legal(s, 0)  # between chapel and palazzo


def test_rule5_one_building_per_type(fl):
    s = fl.action_phase(3)
    s = fl.play(s, (0, "place opera 0 0 r0"))
    assert not any(a.startswith("place opera") for a in fl.GAME.legal(s, 0))
    with pytest.raises(IllegalAction, match="already have"):
        fl.GAME.apply(s, 0, "place opera 0 4 r0")


def test_rule6_nothing_moves(fl):
    s = fl.action_phase(3)
    s = fl.play(s, (0, "place opera 0 0 r0"), (0, "place tower 4 5 r0"), (0, "done"))
    tiles = list(s["players"][0]["tiles"])
    for seat in (1, 2):
        s = fl.play(s, (seat, "done"))
    assert s["players"][0]["tiles"] == tiles


def test_no_room_means_no_build(fl):
    s = fl.action_phase(3)
    g = list(s["players"][0]["grid"])
    for i in range(49):
        r, c = divmod(i, 7)
        if g[i] == "." and (r, c) != (0, 0):
            g[i] = "f"
    s["players"][0]["grid"] = "".join(g)
    assert not any(a.startswith("place") for a in fl.GAME.legal(s, 0))


def _all_place_strings(kind):
    for r, c, rot, f in itertools.product(range(-1, 8), range(-1, 8), range(4), (0, 1)):
        yield f"place {kind} {r} {c} r{rot}" + (" f" if f else "")


@pytest.mark.parametrize("builders", [0, 2])
def test_legal_lists_exactly_the_placements_that_apply(fl, builders):
    s = fl.action_phase(3)
    fl.furnish(s, 0, ["opera"], {"lake": 1})
    s["players"][0]["builders"] = builders
    legal = set(fl.GAME.legal(s, 0))
    for kind in ("university", "theatre", "chapel", "studio"):
        ok = set()
        for a in _all_place_strings(kind):
            try:
                fl.GAME.apply(s, 0, a)
            except IllegalAction:
                continue
            ok.add(fl.GAME.normalize(a))
        assert ok and ok == {a for a in legal if a.startswith(f"place {kind} ")}


def test_placement_problem_names_the_rule_of_section_7(fl):
    g = G.empty_grid()
    assert G.placement_problem(g, "chapel", G.cells_at("chapel", "r0", 0, 0), 0) is None
    rule, why = G.placement_problem(g, "chapel", [(0, 5), (0, 6), (0, 7)], 0)
    assert rule == 1 and "stick out" in why
    rule, why = G.placement_problem(g, "park", G.cells_at("park", "r0", 5, 2), 0)
    assert rule == 1 and "palazzo (row 5, col 2)" in why
    g2 = G.put(g, "lake", G.cells_at("lake", "r0", 0, 0))
    rule, why = G.placement_problem(g2, "chapel", G.cells_at("chapel", "r0", 0, 0), 0)
    assert rule == 2 and "your lake" in why
    rule, why = G.placement_problem(g, "tower", G.cells_at("tower", "r0", 3, 0), 1)
    assert rule == 3 and "palazzo" in why and "you have 1" in why
    assert G.placement_problem(g, "tower", G.cells_at("tower", "r0", 3, 0), 2) is None
    rule, why = G.placement_problem(g, "tower", G.cells_at("tower", "r0", 0, 0), 0, owned=["tower"])
    assert rule == 5
    assert set(G.RULES) == {1, 2, 3, 5}


def test_placement_problem_agrees_with_check_cells():
    import random

    rnd = random.Random(4)
    for _ in range(300):
        g = G.empty_grid()
        for _ in range(rnd.randrange(6)):
            kind = rnd.choice(list(D.SHAPES))
            spot = G.random_placement(g, kind, 2, rnd, tries=5)
            if spot:
                g = G.put(g, kind, G.cells_at(kind, spot[2], spot[0], spot[1]))
        kind = rnd.choice(list(D.SHAPES))
        orient = rnd.choice(list(G.ORIENTS[kind]))
        cells = G.cells_at(kind, orient, rnd.randrange(-1, 7), rnd.randrange(-1, 7))
        builders = rnd.randrange(4)
        assert (G.placement_problem(g, kind, cells, builders) is None) == (
            G.check_cells(g, kind, cells, builders) is None
        )


def test_grid_from_rows_inverts_rows():
    g = G.put(G.empty_grid(), "opera", G.cells_at("opera", "r1", 0, 2))
    g = G.put(g, "forest", G.cells_at("forest", "r0", 3, 3))
    assert G.grid_from_rows(G.rows(g)) == g


def test_fast_placements_agree_with_check_cells_in_order():
    import random

    rnd = random.Random(9)
    for _ in range(200):
        g = G.empty_grid()
        for _ in range(rnd.randrange(9)):
            kind = rnd.choice(list(D.SHAPES))
            spot = G.random_placement(g, kind, 2, rnd, tries=5)
            if spot:
                g = G.put(g, kind, G.cells_at(kind, spot[2], spot[0], spot[1]))
        kind = rnd.choice(list(D.SHAPES))
        builders = rnd.randrange(4)
        brute = [
            (row, col, name)
            for name, cells in G.ORIENTS[kind].items()
            for row in range(7 - max(r for r, _ in cells))
            for col in range(7 - max(c for _, c in cells))
            if G.check_cells(g, kind, [(row + r, col + c) for r, c in cells], builders) is None
        ]
        assert G.placements(g, kind, builders) == brute
        assert G.has_placement(g, kind, builders) == bool(brute)
