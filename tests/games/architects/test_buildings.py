"""One test per building effect (all 40), plus construction rules."""

from __future__ import annotations

import pytest

from florencia_tui.games.architects import data as D
from florencia_tui.games.architects import scoring as S


def build(kit, b, n=4, resolve=True, **extra):
    """Seat 0 constructs building b with exactly its cost (Labourer supplies skills)."""
    s = kit.fresh(n=n)
    if D.BUILDINGS[b][1]:
        kit.appr(s, 0, [13])
    kit.give(s, 0, **D.BUILDINGS[b][2])
    kit.hand(s, 0, [b])
    for k, v in extra.items():
        s["players"][0][k] = v
    return kit.play(s, 0, "place guildhall", f"build {b}")


def buildings_points(kit, s, p=0):
    P = S.resolved_player(s, p)
    return dict(S.score_lines(s, p, P))["Buildings"], P


def test_card_data_summary():
    assert len(D.BUILDINGS) == 40
    reqs = [v[1] for v in D.BUILDINGS.values()]
    assert reqs.count("") == 13 and reqs.count("CTM") == 7
    assert {reqs.count(x) for x in ("C", "T")} == {4} and reqs.count("M") == 5
    assert min(v[4] for v in D.BUILDINGS.values()) == 3
    assert max(v[4] for v in D.BUILDINGS.values()) == 14


@pytest.mark.parametrize("b", sorted(D.BUILDINGS))
def test_construct_pays_cost_and_applies_virtue(kit, b):
    s = build(kit, b)
    P = s["players"][0]
    assert b in P["built"] and b not in P["hand"]
    assert s["guildhall"] == [0]
    if b not in (36,):  # Monument adds 1 more for everyone
        assert P["virtue"] == 7 + D.BUILDINGS[b][3]


def test_missing_skill_blocks_construction(kit):
    s = kit.fresh()
    kit.give(s, 0, virtue=4, **D.BUILDINGS[4][2])  # virtue 4: no Cathedral either
    kit.hand(s, 0, [4])
    assert "place guildhall" not in kit.game.legal(s, 0)
    kit.appr(s, 0, [39])  # Woodcutter has Carpentry
    assert "place guildhall" in kit.game.legal(s, 0)


def test_missing_resources_block_construction(kit):
    s = kit.fresh()
    kit.give(s, 0, clay=4, wood=1, virtue=4)
    kit.hand(s, 0, [1])
    assert "place guildhall" not in kit.game.legal(s, 0)


def simple_gain(res, k):
    def check(kit, b):
        s = build(kit, b)
        assert s["players"][0][res] == k

    return check


def most(res):
    def check(kit, b):
        s = kit.fresh()
        s["players"][0]["built"] = [b]
        s["players"][0][res] = 5
        s["players"][1][res] = 4
        assert buildings_points(kit, s)[0] == D.BUILDINGS[b][4] + 2
        s["players"][1][res] = 5
        assert buildings_points(kit, s)[0] == D.BUILDINGS[b][4]

    return check


def hut(skill, ids):
    def check(kit, b):
        s = kit.fresh()
        s["players"][0]["built"] = [b]
        kit.appr(s, 0, ids)
        assert buildings_points(kit, s)[0] == D.BUILDINGS[b][4] + 3

    return check


def end_virtue(setup, delta):
    def check(kit, b):
        s = kit.fresh()
        s["players"][0]["built"] = [b]
        setup(s)
        P = S.resolved_player(s, 0)
        assert P["virtue"] == s["players"][0]["virtue"] + delta

    return check


def check_steeple(kit, b):
    s = kit.fresh()
    s["players"][0]["built"] = [b]
    s["players"][0]["cath"] = 2
    s["players"][1]["cath"] = 1
    assert buildings_points(kit, s)[0] == 6
    s["players"][1]["cath"] = 2
    assert buildings_points(kit, s)[0] == 4


def check_tavern(kit, b):
    s = build(kit, b)
    assert s["pending"][-1]["k"] == "tavern"
    aid = s["arows"][1][3][0]
    s = kit.play(s, 0, f"hire {aid}")
    assert aid in s["players"][0]["appr"] and s["players"][0]["silver"] == 0
    s2 = kit.play(build(kit, b), 0, "done")
    assert s2["turn"] == 1


def check_thieves_den(kit, b):
    s = build(kit, b)
    assert s["players"][0]["silver"] == 4 and s["players"][0]["virtue"] == 5


def check_treasury(kit, b):
    s = build(kit, b)
    assert kit.game.legal(s, 0)[:2] == ["gain gold", "gain silver"]
    assert kit.play(s, 0, "gain gold")["players"][0]["gold"] == 1
    assert kit.play(s, 0, "gain silver")["players"][0]["silver"] == 3


def check_university(kit, b):
    s = kit.fresh()
    s["players"][0]["built"] = [b]
    assert buildings_points(kit, s)[0] == 13
    s["players"][0]["debts"] = 1
    assert buildings_points(kit, s)[0] == 11


def check_watchtower(kit, b):
    s = kit.fresh()
    kit.jail(s, 0, 3)
    kit.jail(s, 1, 3)
    kit.jail(s, 2, 2)
    kit.appr(s, 0, [13])
    kit.give(s, 0, **D.BUILDINGS[b][2])
    kit.hand(s, 0, [b])
    s = kit.play(s, 0, "place guildhall", f"build {b}")
    assert [P["virtue"] for P in s["players"]] == [5, 6, 7, 7]


def check_aqueduct(kit, b):
    s = kit.fresh()
    s["players"][0]["built"] = [b, 11, 33]
    assert buildings_points(kit, s)[0] == 3 + 3 + 3 + 3


def check_armoury(kit, b):
    s = kit.fresh()
    kit.put(s, "forest", 1, 2)
    kit.put(s, "quarry", 2, 1)
    kit.appr(s, 0, [13])
    kit.give(s, 0, **D.BUILDINGS[b][2])
    kit.hand(s, 0, [b])
    s = kit.play(s, 0, "place guildhall", f"build {b}", "capture forest 1")
    assert s["players"][0]["captives"][1] == 2 and s["players"][0]["silver"] == 0
    assert s["turn"] == 1


def check_barracks(kit, b):
    s = kit.fresh()
    kit.put(s, "forest", 1, 2)
    s["players"][2]["captives"][0] = 2
    s["players"][0]["workers"] -= 2
    kit.appr(s, 0, [13])
    kit.give(s, 0, **D.BUILDINGS[b][2])
    kit.hand(s, 0, [b])
    s = kit.play(s, 0, "place guildhall", f"build {b}")
    assert kit.game.legal(s, 0)[:2] == ["barracks capture", "barracks ransom"]
    s1 = kit.play(s, 0, "barracks capture", "capture forest 1")
    assert s1["players"][0]["captives"][1] == 2
    w = s["players"][0]["workers"]
    s2 = kit.play(s, 0, "barracks ransom")
    assert s2["players"][0]["workers"] == w + 2 and s2["players"][0]["silver"] == 0


def check_betting_house(kit, b):
    s = build(kit, b)
    assert s["players"][0]["debts"] == 1 and s["players"][0]["virtue"] == 6


def check_castle(kit, b):
    def setup(s):
        s["players"][0]["gold"] = 5

    end_virtue(setup, 2)(kit, b)


def check_chapel(kit, b):
    def setup(s):
        s["players"][0]["cath"] = 1

    end_virtue(setup, 2)(kit, b)

    def tie(s):
        s["players"][0]["cath"] = 1
        s["players"][3]["cath"] = 1

    end_virtue(tie, 0)(kit, b)


def check_church(kit, b):
    s = build(kit, b, debts=2)
    assert kit.game.legal(s, 0)[:2] == ["destroy", "done"]
    assert kit.play(s, 0, "destroy")["players"][0]["debts"] == 1
    assert kit.play(s, 0, "done")["players"][0]["debts"] == 2
    s = build(kit, b)
    assert s["turn"] == 1  # no debt: nothing to decide


def check_clay_pit(kit, b):
    s = build(kit, b)
    assert kit.play(s, 0, "gain gold")["players"][0]["gold"] == 1
    assert kit.play(s, 0, "gain marble")["players"][0]["marble"] == 1


def check_drafting_room(kit, b):
    s = build(kit, b)
    assert len(s["players"][0]["hand"]) == 2


def check_dungeon(kit, b):
    end_virtue(lambda s: None, -2)(kit, b)


def check_fortress(kit, b):
    s = kit.fresh()
    kit.put(s, "forest", 1, 2)
    kit.put(s, "forest", 2, 1)
    kit.put(s, "quarry", 3, 1)
    kit.appr(s, 0, [13])
    kit.give(s, 0, **D.BUILDINGS[b][2])
    kit.hand(s, 0, [b])
    s = kit.play(s, 0, "place guildhall", f"build {b}", "capture forest 1")
    assert "capture quarry 3" not in kit.game.legal(s, 0)  # 4 players: 1 location
    s = kit.play(s, 0, "capture forest 2")
    assert s["players"][0]["captives"] == [0, 2, 1, 0] and s["turn"] == 1


def check_fountain(kit, b):
    s = kit.fresh()
    s["players"][0].update(built=[b], debts=2)
    assert dict(S.score_lines(s, 0, s["players"][0]))["Unpaid debts"] == -2


def check_gamblers_den(kit, b):
    s = kit.fresh()
    s["players"][0].update(built=[b], debts=2)
    assert dict(S.score_lines(s, 0, s["players"][0]))["Unpaid debts"] == -6


def check_hideout(kit, b):
    s = kit.fresh()
    kit.jail(s, 0, 4)
    w = s["players"][0]["workers"]
    kit.appr(s, 0, [13])
    kit.give(s, 0, **D.BUILDINGS[b][2])
    kit.hand(s, 0, [b])
    s = kit.play(s, 0, "place guildhall", f"build {b}")
    assert s["prison"][0] == 0 and s["players"][0]["workers"] == w - 1 + 4


def check_keep(kit, b):
    s = kit.fresh()
    s["players"][0].update(built=[b], captives=[0, 4, 3, 0])
    assert buildings_points(kit, s)[0] == 12 + 2


def check_library(kit, b):
    s = kit.fresh()
    kit.appr(s, 0, [13])
    kit.give(s, 0, **D.BUILDINGS[b][2])
    kit.hand(s, 0, [b, 1])
    s = kit.play(s, 0, "place guildhall", f"build {b}")
    assert kit.game.legal(s, 0)[:2] == ["discard 1", "done"]
    s1 = kit.play(s, 0, "discard 1")
    assert s1["players"][0]["gold"] == 2 and s1["players"][0]["hand"] == []
    s2 = kit.play(s, 0, "done")
    assert s2["players"][0]["gold"] == 0 and s2["players"][0]["hand"] == [1]


def check_lighthouse(kit, b):
    s = kit.fresh()
    s["players"][0].update(built=[b], virtue=9)
    assert buildings_points(kit, s)[0] == 6 + 2


def check_moneylender(kit, b):
    s = kit.fresh()
    s["players"][0].update(built=[b], paid=3)
    assert buildings_points(kit, s)[0] == 5 + 3


def check_monument(kit, b):
    s = build(kit, b)
    assert [P["virtue"] for P in s["players"]] == [9, 8, 8, 8]


def check_observatory(kit, b):
    def setup(s):
        s["players"][0]["marble"] = 5

    end_virtue(setup, 2)(kit, b)


def check_palace(kit, b):
    s = build(kit, b, virtue=9)
    assert s["players"][0]["gold"] == 2


def check_reservoir(kit, b):
    def setup(s):
        s["players"][0]["paid"] = 5

    end_virtue(setup, 2)(kit, b)


def check_trading_post(kit, b):
    def setup(s):
        s["players"][0].update(clay=3, wood=3, stone=3)

    end_virtue(setup, 2)(kit, b)


CHECKS = {
    1: simple_gain("stone", 4),
    2: check_steeple,
    3: most("stone"),
    4: check_tavern,
    5: check_thieves_den,
    6: hut("T", [11, 12, 13]),
    7: check_trading_post,
    8: check_treasury,
    9: check_university,
    10: check_watchtower,
    11: simple_gain("clay", 4),
    12: most("wood"),
    13: check_aqueduct,
    14: check_armoury,
    15: check_barracks,
    16: check_betting_house,
    17: hut("C", [39, 40, 13]),
    18: check_castle,
    19: check_chapel,
    20: check_church,
    21: most("clay"),
    22: check_clay_pit,
    23: check_drafting_room,
    24: check_dungeon,
    25: simple_gain("marble", 2),
    26: check_fortress,
    27: check_fountain,
    28: check_gamblers_den,
    29: check_hideout,
    30: check_keep,
    31: check_library,
    32: check_lighthouse,
    33: simple_gain("wood", 4),
    34: hut("M", [29, 30, 13]),
    35: check_moneylender,
    36: check_monument,
    37: check_observatory,
    38: check_palace,
    39: check_reservoir,
    40: most("silver"),
}


def test_every_building_has_an_effect_test():
    assert sorted(CHECKS) == sorted(D.BUILDINGS)


@pytest.mark.parametrize("b", sorted(CHECKS))
def test_building_effect(kit, b):
    CHECKS[b](kit, b)


def test_end_effects_applied_when_game_ends(kit):
    s = kit.fresh(n=2)
    s["players"][0].update(built=[24], virtue=7)
    s["final"] = 1
    s = kit.play(s, 0, "place quarry")
    assert kit.game.is_over(s) and s["players"][0]["virtue"] == 5
    assert dict((ln.label, ln.points) for ln in kit.game.scores(s)[0].lines)["Virtue"] == -1
