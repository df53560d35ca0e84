"""Optional promo cards (option promo_cards): apprentices and buildings 41-43."""

from __future__ import annotations

from florencia_tui.games.architects import data as D
from florencia_tui.games.architects import rules as R
from florencia_tui.games.architects import scoring as S
from florencia_tui.games.architects.game import GAME


def test_promo_option_adds_cards():
    s = GAME.new(["A", "B"], 1, {"promo_cards": True})
    appr = s["adeck"] + [c[0] for row in s["arows"] for c in row]
    assert sorted(appr) == list(range(1, 44))
    assert len(s["bdeck"]) == 43 - 8
    s = GAME.new(["A", "B"], 1)
    assert len(s["bdeck"]) == 40 - 8


def test_enforcer(kit):
    s = kit.fresh()
    kit.appr(s, 0, [41])
    s["players"][0]["captives"] = [0, 1, 0, 0]
    s["players"][1]["workers"] -= 1
    s = kit.play(s, 0, "place guardhouse", "turnin")
    assert s["players"][0]["gold"] == 1 and s["players"][0]["silver"] == 1


def test_overseer(kit):
    s = kit.fresh()
    kit.appr(s, 0, [42])
    s = kit.play(s, 0, "place storehouse")
    assert s["pending"][-1]["left"] == 2
    assert GAME.prompt(kit.fresh(), 0).data["yields"]["storehouse"] == {"actions": 1}


def test_peddler(kit):
    s = kit.fresh()
    kit.appr(s, 2, [43])
    R.black_market_reset(s)
    assert s["players"][2]["silver"] == 2


def test_crane(kit):
    s = kit.fresh()
    kit.give(s, 0, wood=5, stone=3)
    kit.hand(s, 0, [41, 11])
    s = kit.play(s, 0, "place guildhall", "build 41")
    assert GAME.legal(s, 0) == ["place guildhall", "done"]
    s = kit.play(s, 0, "place guildhall", "build 11")
    P = s["players"][0]
    assert P["built"] == [41, 11] and s["guildhall"] == [0, 0] and P["clay"] == 4
    assert s["turn"] == 1


def test_crane_with_nothing_to_do(kit):
    s = kit.fresh()
    kit.give(s, 0, wood=3, stone=1, virtue=4)
    kit.hand(s, 0, [41])
    s = kit.play(s, 0, "place guildhall", "build 41")
    assert s["turn"] == 1


def test_graveyard(kit):
    s = kit.fresh()
    kit.appr(s, 0, [13, 11])
    kit.give(s, 0, **D.PROMO_BUILDINGS[42][2])
    kit.hand(s, 0, [42])
    s = kit.play(s, 0, "place guildhall", "build 42")
    # Apprentices may be discarded "en cualquier momento" (dismiss), also here.
    assert GAME.legal(s, 0) == ["fire 11", "fire 13", "dismiss 11", "dismiss 13"]
    after = kit.play(s, 0, "dismiss 11")
    # With one apprentice left, dismissing it would leave the Graveyard nothing to fire.
    assert GAME.legal(after, 0) == ["fire 13"]
    s = kit.play(s, 0, "fire 11")
    assert s["players"][0]["appr"] == [13] and s["adeck"][-1] == 11
    assert s["players"][0]["virtue"] == 6


def test_museum(kit):
    s = kit.fresh()
    s["players"][0]["built"] = [43, 11, 33, 1]
    assert S.resolved_player(s, 0)["virtue"] == 9


def test_free_starting_apprentice_option():
    s = GAME.new(["A", "B", "C"], 4, {"free_apprentice": True})
    while s["phase"] == "draft":
        for seat in GAME.to_act(s):
            s = GAME.apply(s, seat, GAME.legal(s, seat)[0])
    assert s["phase"] == "freehire"
    first = s["first"]
    order = [(first - 1) % 3, (first - 2) % 3, first]
    assert GAME.to_act(s) == [order[0]]
    picks = []
    for seat in order:
        a = s["arows"][1][3][0] if seat == order[0] else R.face_up(s)[0]
        picks.append(a)
        s = GAME.apply(s, seat, f"hire {a}")
        if seat != order[-1]:
            assert sum(1 for row in s["arows"] for c in row if c is None) == len(picks)
    assert s["phase"] == "play" and all(all(row) for row in s["arows"])
    for seat, a in zip(order, picks):
        assert s["players"][seat]["appr"] == [a]
        assert s["players"][seat]["virtue"] == 7 + D.ALL_APPRENTICES[a][2]
    assert GAME.to_act(s) == [first]


def test_guildhall_refresh_option(kit):
    s = kit.fresh(guildhall_refresh=True)
    s["guildhall"] = [1, 1]
    col1 = [s["arows"][0][0][0], s["arows"][1][0][0]]
    second = [s["arows"][0][1][0], s["arows"][1][1][0]]
    kit.give(s, 0, wood=2, stone=2)
    kit.hand(s, 0, [11])
    s = kit.play(s, 0, "place guildhall", "build 11")
    assert [s["arows"][0][0][0], s["arows"][1][0][0]] == second
    assert s["adeck"][-2:] == col1
    s2 = kit.fresh()
    s2["guildhall"] = [1, 1]
    before = [list(r) for r in s2["arows"]]
    kit.give(s2, 0, wood=2, stone=2)
    kit.hand(s2, 0, [11])
    s2 = kit.play(s2, 0, "place guildhall", "build 11")
    assert s2["arows"] == before  # off by default
