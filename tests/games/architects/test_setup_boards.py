"""Setup, draft, Black Market cards, and the side-2 player boards."""

from __future__ import annotations

import pytest

from florencia_tui.core.errors import IllegalAction
from florencia_tui.games.architects import data as D
from florencia_tui.games.architects import rules as R
from florencia_tui.games.architects.game import GAME

NAMES = ["A", "B", "C", "D", "E"]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_standard_setup(n):
    s = GAME.new(NAMES[:n], 7)
    assert s["phase"] == "draft" and sorted(GAME.to_act(s)) == list(range(n))
    assert len(s["rewards"]) == 2 * n + 1 and s["tax"] == 4
    assert all(len(row) == 4 and all(row) for row in s["arows"])
    assert len(s["adeck"]) == 32 and len(s["bm_small"]) == 10 and s["bm_large"] == []
    assert all(len(p) == 4 for p in s["draft"]["packets"])
    assert len(s["bdeck"]) == 40 - 4 * n
    assert all(P["virtue"] == 7 and P["workers"] == 20 for P in s["players"])


def test_player_count_limits():
    with pytest.raises(IllegalAction):
        GAME.new(["solo"], 1)
    with pytest.raises(IllegalAction):
        GAME.new(NAMES + ["F"], 1)


def test_draft_passes_left_and_keeps_three():
    s = GAME.new(NAMES[:3], 11)
    packets = [list(p) for p in s["draft"]["packets"]]
    s = GAME.apply(s, 0, f"keep {packets[0][0]}")
    assert GAME.to_act(s) == [1, 2]  # simultaneous: the others still choose
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, f"keep {packets[0][1]}")
    s = GAME.apply(s, 1, f"keep {packets[1][0]}")
    s = GAME.apply(s, 2, f"keep {packets[2][0]}")
    # seat i now holds what seat i-1 passed
    assert s["draft"]["packets"][1] == packets[0][1:]
    assert s["draft"]["packets"][0] == packets[2][1:]
    while s["phase"] == "draft":
        for seat in GAME.to_act(s):
            s = GAME.apply(s, seat, GAME.legal(s, seat)[-1])
    assert all(len(P["hand"]) == 3 for P in s["players"])
    assert len(s["bdeck"]) == 40 - 9
    first = s["first"]
    assert [s["players"][(first + k) % 3]["silver"] for k in range(3)] == [3, 4, 5]
    assert s["turn"] == first and GAME.to_act(s) == [first]


def test_side_two_setup():
    s = GAME.new(NAMES, 3, {"side": 2})
    while s["phase"] == "draft":
        for seat in GAME.to_act(s):
            s = GAME.apply(s, seat, GAME.legal(s, seat)[0])
    boards = [P["board"] for P in s["players"]]
    assert sorted(boards) == sorted(D.BASE_BOARDS)
    for i, P in enumerate(s["players"]):
        b = D.BOARDS[P["board"]]
        assert P["silver"] == b["silver"] and s["prison"][i] == b["prison"]
        assert P["workers"] == 20 - b["prison"] and len(P["hand"]) == 3 + b["cards"]
        assert P["debts"] == b["debts"]
        for r, k in b["res"].items():
            assert P[r] == k
    # Ada (virtue 11) starts
    assert s["players"][s["first"]]["board"] == "Ada"
    assert s["players"][s["first"]]["virtue"] == 11


def test_side_two_promo_boards_option():
    seen = set()
    for seed in range(6):
        s = GAME.new(NAMES, seed, {"side": 2, "promo_boards": True})
        boards = [P["board"] for P in s["players"]]
        assert len({D.BOARDS[b]["colour"] for b in boards}) == 5
        seen.update(boards)
    assert seen & set(D.PROMO_BOARDS)


def test_bad_side_option():
    with pytest.raises(IllegalAction):
        GAME.new(NAMES[:2], 1, {"side": 3})


# ---------------------------------------------------------------- black market
def test_black_market_cards_and_defaults(kit):
    s = kit.fresh()
    s["bm_small"] = [5, 3]
    s["bm_large"] = []
    kit.give(s, 0, silver=1)
    assert kit.play(s, 0, "place market 1")["players"][0]["stone"] == 1  # card 3: M+S
    s2 = kit.fresh()
    s2["bm_large"] = []
    kit.give(s2, 0, silver=3)
    P = kit.play(s2, 0, "place market 3")["players"][0]
    assert (P["marble"], P["stone"], P["wood"]) == (2, 1, 1)
    s3 = kit.fresh()
    s3["bm_small"] = []
    kit.give(s3, 0, silver=1)
    P = kit.play(s3, 0, "place market 1")["players"][0]
    assert (P["marble"], P["gold"]) == (1, 1)


def test_black_market_taking_goods_keeps_card_and_blocks_space(kit):
    s = kit.fresh()
    s["bm_small"] = [1, 2]
    kit.give(s, 0, silver=1)
    s = kit.play(s, 0, "place market 1")
    assert s["bm_small"] == [1, 2] and s["market"][0] == 0
    kit.give(s, 1, silver=5)
    assert "place market 1" not in GAME.legal(s, 1)


def test_black_market_draw_five_keep_one(kit):
    s = kit.fresh()
    kit.give(s, 0, silver=2)
    top5 = s["bdeck"][:5]
    s = kit.play(s, 0, "place market 2", "draw")
    assert GAME.legal(s, 0) == [f"keep {b}" for b in top5]
    s = kit.play(s, 0, f"keep {top5[2]}")
    assert s["players"][0]["hand"] == [top5[2]]
    assert s["bdeck"][-4:] == [b for b in top5 if b != top5[2]]


def test_reset_reshuffles_large_pile_when_small_empty(kit):
    s = kit.fresh()
    s["bm_small"] = []
    s["bm_large"] = [4, 7, 9]
    R.black_market_reset(s)
    assert len(s["bm_small"]) == 2 and len(s["bm_large"]) == 1
    assert sorted(s["bm_small"] + s["bm_large"]) == [4, 7, 9]


def test_reset_three_prisoners_lose_virtue_and_no_debt_when_prison_empty(kit):
    s = kit.fresh()
    R.black_market_reset(s)
    assert all(P["debts"] == 0 for P in s["players"])
    kit.jail(s, 2, 3)
    R.black_market_reset(s)
    assert s["players"][2]["virtue"] == 6 and s["players"][2]["debts"] == 1


# ---------------------------------------------------------------- side-2 powers
def test_therese_gold_marble_interchangeable(kit):
    s = kit.fresh()
    s["players"][0]["board"] = "Therese"
    kit.appr(s, 0, [13])
    kit.give(s, 0, wood=2, stone=2, gold=1, marble=2)
    kit.hand(s, 0, [25])  # Factory: 2 wood, 2 stone, 3 gold
    s = kit.play(s, 0, "place guildhall", "build 25")  # the only way: auto-paid
    assert 25 in s["players"][0]["built"]
    assert (s["players"][0]["gold"], s["players"][0]["marble"]) == (0, 2)  # Factory +2
    s2 = kit.fresh()
    s2["players"][0]["board"] = "Therese"
    kit.appr(s2, 0, [13])
    kit.give(s2, 0, wood=2, stone=2, gold=2, marble=2)
    kit.hand(s2, 0, [25])
    s2 = kit.play(s2, 0, "place guildhall", "build 25")
    assert GAME.legal(s2, 0)[:2] == ["pay w2s2g1m2", "pay w2s2g2m1"]
    # scoring: Castle counts gold + marble together
    s["players"][0].update(built=[18], gold=1, marble=3, virtue=7)
    from florencia_tui.games.architects import scoring as S

    assert S.resolved_player(s, 0)["virtue"] == 9


def test_caroline_draws_on_small_market(kit):
    s = kit.fresh()
    s["players"][0]["board"] = "Caroline"
    kit.give(s, 0, silver=1)
    s = kit.play(s, 0, "place market 1")
    assert len(s["players"][0]["hand"]) == 1


def test_ada_dodges_one_more_tax(kit):
    s = kit.fresh()
    s["players"][0]["board"] = "Ada"
    kit.give(s, 0, silver=3)
    tax0 = s["tax"]
    aid = s["arows"][0][0][0]
    s = kit.play(s, 0, "place workshop", f"hire {aid}")
    assert s["players"][0]["silver"] == 0 and s["tax"] == tax0 + 1


def test_frederick_keeps_his_cards(kit):
    s = kit.fresh()
    s["players"][0]["board"] = "Frederick"
    kit.give(s, 0, gold=1)
    s["rewards"] = [9]
    assert R.can_cathedral(s, 0)
    s = kit.play(s, 0, "place guildhall", "cathedral")
    assert s["players"][0]["cath"] == 1 and s["players"][0]["hand"] == []


def test_lothaire_pays_one_wood_or_stone_less(kit):
    s = kit.fresh()
    s["players"][0]["board"] = "Lothaire"
    kit.give(s, 0, wood=2, stone=2)
    kit.hand(s, 0, [11])  # Well: 2 wood 2 stone
    s = kit.play(s, 0, "place guildhall", "build 11")
    assert GAME.legal(s, 0) == ["pay w1s2", "pay w2s1"]
    s = kit.play(s, 0, "pay w2s1")
    assert (s["players"][0]["wood"], s["players"][0]["stone"]) == (0, 1)
    s2 = kit.fresh()
    s2["players"][0].update(board="Lothaire", cath=1, wood=3)
    kit.hand(s2, 0, [1])
    assert R.can_cathedral(s2, 0)  # level 2 needs only 3 wood/stone


def test_hugo_pays_silver_instead_of_debt(kit):
    s = kit.fresh()
    s["players"][0]["board"] = "Hugo"
    kit.give(s, 0, virtue=1)
    s["tax"] = 4
    s = kit.play(s, 0, "place taxstand")
    assert s["pending"][-1]["k"] == "hugo" and GAME.to_act(s) == [0]
    assert GAME.legal(s, 0)[:2] == ["hugo pay", "hugo debt"]
    s1 = kit.play(s, 0, "hugo pay")
    assert s1["players"][0]["debts"] == 0 and s1["players"][0]["silver"] == 2
    assert s1["turn"] == 1
    s2 = kit.play(s, 0, "hugo debt")
    assert s2["players"][0]["debts"] == 1 and s2["players"][0]["silver"] == 4


def test_hugo_decides_on_another_players_turn(kit):
    s = kit.fresh()
    s["players"][1].update(board="Hugo", silver=5)
    kit.jail(s, 1, 2)
    s["market"] = [2, 2, None]
    s["players"][2]["workers"] -= 2
    kit.give(s, 0, silver=3)
    s = kit.play(s, 0, "place market 3")
    # prison: seat0 1, seat1 2, seat2 2 -> seats 1 and 2 take a debt; Hugo chooses
    assert s["players"][2]["debts"] == 1
    assert GAME.to_act(s) == [1] and s["turn"] == 0
    assert not any(a.startswith("dismiss") for a in GAME.legal(s, 1))
    s = kit.play(s, 1, "hugo pay")
    assert s["players"][1]["silver"] == 3 and s["turn"] == 1


def test_clovis_draws_when_constructing(kit):
    s = kit.fresh()
    s["players"][0]["board"] = "Clovis"
    kit.give(s, 0, wood=2, stone=2)
    kit.hand(s, 0, [11])
    s = kit.play(s, 0, "place guildhall", "build 11")
    assert len(s["players"][0]["hand"]) == 1


def test_fara_releases_one_at_reset(kit):
    s = kit.fresh()
    s["players"][0]["board"] = "Fara"
    kit.jail(s, 0, 2)
    R.black_market_reset(s)
    assert s["prison"][0] == 1


def test_bertha_turn_in_bonus(kit):
    s = kit.fresh()
    s["players"][0]["board"] = "Bertha"
    s["players"][0]["captives"] = [0, 2, 0, 0]
    s["players"][1]["workers"] -= 2
    s = kit.play(s, 0, "place guardhouse", "turnin")
    assert s["players"][0]["silver"] == 4
