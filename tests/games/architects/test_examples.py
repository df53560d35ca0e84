"""The spec's worked examples (section 14, T1-T17) as unit tests."""

from __future__ import annotations

import pytest

from florencia_tui.core.errors import IllegalAction
from florencia_tui.games.architects import rules as R
from florencia_tui.games.architects import scoring as S


# ---------------------------------------------------------------- T1 yields
def test_t1_quarry_third_worker(kit):
    s = kit.fresh()
    s["turn"] = 2
    kit.put(s, "quarry", 2, 2)
    s = kit.play(s, 2, "place quarry")
    assert s["players"][2]["stone"] == 3
    assert s["loc"]["quarry"][2] == 3


def test_t1_mines_fifth_worker_clay_or_gold(kit):
    s = kit.fresh()
    kit.put(s, "mines", 0, 4)
    assert kit.play(s, 0, "place mines clay")["players"][0]["clay"] == 6
    assert kit.play(s, 0, "place mines gold")["players"][0]["gold"] == 2


def test_t1_mines_first_worker_no_gold(kit):
    s = kit.fresh()
    assert "place mines gold" not in kit.game.legal(s, 0)
    with pytest.raises(IllegalAction, match="2 of your workers"):
        kit.game.apply(s, 0, "place mines gold")
    assert kit.play(s, 0, "place mines clay")["players"][0]["clay"] == 2


def test_t1_silversmith_fourth_worker(kit):
    s = kit.fresh()
    kit.put(s, "silversmith", 0, 3)
    assert kit.play(s, 0, "place silversmith")["players"][0]["silver"] == 5


@pytest.mark.parametrize("before", [1, 2])
def test_t1_workshop_draw_two(kit, before):
    s = kit.fresh()
    s["turn"] = 1
    kit.put(s, "workshop", 1, before)
    s = kit.play(s, 1, "place workshop", "draw")
    assert len(s["players"][1]["hand"]) == 2


def test_t1_two_stonecutters(kit):
    s = kit.fresh()
    kit.appr(s, 0, [29, 30])
    assert kit.play(s, 0, "place quarry")["players"][0]["stone"] == 3


def test_forest_and_other_quarry_counts_ignore_opponents(kit):
    s = kit.fresh()
    kit.put(s, "forest", 1, 5)
    assert kit.play(s, 0, "place forest")["players"][0]["wood"] == 1


# ---------------------------------------------------------------- T2 storehouse
def test_t2_storehouse(kit):
    s = kit.fresh()
    s["turn"] = 2
    kit.put(s, "storehouse", 2, 4)
    kit.give(s, 2, clay=5, wood=1, stone=2, silver=4)
    kit.appr(s, 2, [15, 35])
    s = kit.play(
        s,
        2,
        "place storehouse",
        "trade virtue clay clay",
        "trade marble wood stone stone",
        "use 15",
        "use 15",
    )
    assert s["pending"] and s["pending"][-1]["left"] == 1
    s = kit.play(s, 2, "use 35")
    P = s["players"][2]
    assert (P["clay"], P["wood"], P["stone"], P["silver"]) == (0, 0, 0, 0)
    assert (P["virtue"], P["marble"], P["gold"]) == (8, 2, 2)
    # no 6th action: the visit is over and the turn has passed
    assert not s["pending"] and s["turn"] == 3


def test_storehouse_done_early_and_unaffordable_trades_absent(kit):
    s = kit.fresh()
    kit.give(s, 0, clay=1, wood=1)
    s = kit.play(s, 0, "place storehouse")
    legal = kit.game.legal(s, 0)
    assert "trade virtue clay wood" in legal
    assert "trade virtue clay clay" not in legal
    assert not any(a.startswith("trade marble") for a in legal)
    s = kit.play(s, 0, "done")
    assert s["turn"] == 1 and s["players"][0]["virtue"] == 7


# ---------------------------------------------------------------- T3 workshop skipping
def test_t3_workshop_skipping(kit):
    s = kit.fresh()
    s["turn"] = 1
    kit.market_row(s, 1, [39, 31, 13, 25])
    kit.put(s, "workshop", 1, 1)
    kit.give(s, 1, silver=6)
    tax0 = s["tax"]
    nxt = s["adeck"][0]
    s = kit.play(s, 1, "place workshop", "hire 25")
    P = s["players"][1]
    assert P["silver"] == 0 and P["appr"] == [25] and P["virtue"] == 6
    assert s["tax"] == tax0 + 2
    assert s["arows"][1] == [[39, 1], [31, 1], [13, 0], [nxt, 0]]


def test_t3_coins_go_to_next_hirer_and_column_limit(kit):
    s = kit.fresh()
    kit.market_row(s, 1, [39, 31, 13, 25])
    s["arows"][1][0][1] = 1
    kit.give(s, 0, silver=4)
    s = kit.play(s, 0, "place workshop")
    legal = kit.game.legal(s, 0)
    assert "hire 39" in legal and "hire 31" not in legal  # 1 worker: column 1 + 0 coins
    s = kit.play(s, 0, "hire 39")
    assert s["players"][0]["silver"] == 1  # 4 paid, 1 coin taken


# ---------------------------------------------------------------- T4/T5 captures
def _capture_setup(kit, n):
    s = kit.fresh(n=n)
    s["turn"] = 2
    kit.put(s, "forest", 0, 3)
    kit.put(s, "forest", 3 if n == 4 else 1, 2)
    kit.put(s, "quarry", 1, 1)
    kit.put(s, "towncentre", 2, 1)
    kit.give(s, 2, silver=5)
    return s


def test_t4_capture_example_1(kit):
    s = _capture_setup(kit, 4)
    tax0 = s["tax"]
    s = kit.play(s, 2, "place towncentre", "capture forest 0")
    legal = kit.game.legal(s, 2)
    assert "capture forest 3" in legal
    assert not any(a.startswith("capture quarry") for a in legal)
    s = kit.play(s, 2, "capture forest 3")
    P = s["players"][2]
    assert P["silver"] == 3 and s["tax"] == tax0 + 1
    assert P["captives"] == [3, 0, 0, 2]
    assert s["loc"]["forest"][0] == 0 and s["loc"]["forest"][3] == 0
    assert s["turn"] == 3


def test_t4_variant_three_players_second_location(kit):
    s = _capture_setup(kit, 3)
    s = kit.play(s, 2, "place towncentre", "capture forest 0")
    assert "capture quarry 1" in kit.game.legal(s, 2)
    s = kit.play(s, 2, "capture quarry 1")
    assert s["players"][2]["captives"] == [3, 1, 0]


def test_t5_capture_example_2(kit):
    s = kit.fresh()
    kit.put(s, "silversmith", 0, 2)
    kit.put(s, "silversmith", 1, 1)
    kit.put(s, "silversmith", 2, 2)
    kit.put(s, "towncentre", 0, 2)
    kit.give(s, 0, silver=3)
    w0 = s["players"][0]["workers"]
    tax0 = s["tax"]
    s = kit.play(
        s,
        0,
        "place towncentre",
        "capture silversmith 0",
        "capture silversmith 1",
        "capture silversmith 2",
    )
    P = s["players"][0]
    assert P["silver"] == 0 and s["tax"] == tax0 + 1
    assert P["workers"] == w0 - 1 + 2
    assert P["captives"] == [0, 1, 2, 0]
    assert s["loc"]["silversmith"] == [0, 0, 0, 0]


def test_capture_own_town_centre_group(kit):
    s = kit.fresh()
    kit.give(s, 0, silver=1)
    w0 = s["players"][0]["workers"]
    s = kit.play(s, 0, "place towncentre", "capture towncentre 0")
    assert s["players"][0]["workers"] == w0
    assert s["loc"]["towncentre"][0] == 0


def test_capture_needs_silver(kit):
    s = kit.fresh()
    kit.put(s, "forest", 1, 1)
    s = kit.play(s, 0, "place towncentre")
    assert kit.game.legal(s, 0) == ["done"]


# ---------------------------------------------------------------- T6 guardhouse
def test_t6_guardhouse(kit):
    s = kit.fresh()
    kit.put(s, "guardhouse", 0, 2)
    s["players"][0]["captives"] = [0, 0, 3, 2]
    s["players"][2]["workers"] -= 3
    s["players"][3]["workers"] -= 2
    kit.jail(s, 0, 2)
    w0 = s["players"][0]["workers"]
    s = kit.play(s, 0, "place guardhouse", "turnin", "release", "done")
    P = s["players"][0]
    assert P["silver"] == 5 and P["workers"] == w0 - 1 + 2
    assert s["prison"] == [0, 0, 3, 2] and P["captives"] == [0, 0, 0, 0]


def test_guardhouse_ransom_both_ways(kit):
    s = kit.fresh()
    s["players"][1]["captives"][0] = 2
    s["players"][0]["workers"] -= 2
    kit.give(s, 0, silver=5)
    s1 = kit.play(s, 0, "place guardhouse", "ransom silver")
    assert s1["players"][0]["silver"] == 0 and s1["players"][1]["captives"][0] == 0
    s2 = kit.play(s, 0, "place guardhouse", "ransom debt")
    P = s2["players"][0]
    assert P["debts"] == 1 and P["virtue"] == 6 and P["silver"] == 5
    assert P["workers"] == s["players"][0]["workers"] - 1 + 2


def test_guardhouse_ransom_needs_a_captive(kit):
    s = kit.play(kit.fresh(), 0, "place guardhouse")
    assert not any(a.startswith("ransom") for a in kit.game.legal(s, 0))
    assert "turnin" in kit.game.legal(s, 0)  # legal but wasted (13 #23)


def test_ransom_debt_at_virtue_zero_gives_two_debts(kit):
    s = kit.fresh()
    s["players"][1]["captives"][0] = 1
    s["players"][0]["workers"] -= 1
    kit.give(s, 0, virtue=0)
    s = kit.play(s, 0, "place guardhouse", "ransom debt")
    assert s["players"][0]["debts"] == 2 and s["players"][0]["virtue"] == 0


def test_pay_several_debts_price_changes_with_virtue(kit):
    s = kit.fresh()
    kit.put(s, "guardhouse", 0, 1)
    kit.give(s, 0, virtue=3, debts=2, silver=11)
    s = kit.play(s, 0, "place guardhouse", "paydebt")
    assert s["players"][0]["silver"] == 6  # 5: one tax dodged at virtue 3
    s = kit.play(s, 0, "paydebt")
    P = s["players"][0]
    assert P["silver"] == 0 and P["debts"] == 0 and P["paid"] == 2 and P["virtue"] == 5


# ---------------------------------------------------------------- T7 reset
def test_t7_black_market_reset(kit):
    s = kit.fresh()
    s["market"] = [0, 1, None]
    s["players"][0]["workers"] -= 1
    s["players"][1]["workers"] -= 1
    kit.jail(s, 2, 2)
    kit.jail(s, 1, 2)
    kit.appr(s, 1, [9])
    kit.give(s, 0, silver=3)
    small_top = s["bm_small"][-1]
    wb = s["players"][1]["workers"]
    s = kit.play(s, 0, "place market 3")
    assert s["market"] == [None, None, None]
    assert s["prison"] == [2, 1, 2, 0]
    assert s["players"][1]["workers"] == wb + 2
    assert s["bm_large"][-1] == small_top
    assert [P["debts"] for P in s["players"]] == [1, 0, 1, 0]
    assert s["players"][0]["virtue"] == 6  # only the Black Market cost


# ---------------------------------------------------------------- T8 guildhall resets
def test_t8_guildhall_reset_and_end_spaces(kit):
    s = kit.fresh()
    s["guildhall"] = [1] * 10
    s["players"][1]["workers"] -= 10
    s["market"][0] = 1
    s["players"][1]["workers"] -= 1
    kit.hand(s, 0, [11])
    kit.give(s, 0, wood=2, stone=2)
    s = kit.play(s, 0, "place guildhall", "build 11")
    assert s["players"][0]["clay"] == 4
    assert s["market"] == [None, None, None] and s["prison"][1] == 1
    assert s["final"] is None
    cols, total, resets = R.D.guildhall_layout(4)
    assert (cols, total, resets) == (5, 20, {11, 16})
    assert R.D.guildhall_layout(2)[1:] == (12, {7, 10})
    assert R.D.guildhall_layout(3)[1:] == (16, {9, 13})
    assert R.D.guildhall_layout(5)[1:] == (24, {13, 19})


def test_t8_twentieth_placement_triggers_end(kit):
    s = kit.fresh()
    s["guildhall"] = [1] * 19
    kit.hand(s, 0, [11])
    kit.give(s, 0, wood=2, stone=2)
    s = kit.play(s, 0, "place guildhall", "build 11")
    assert s["final"] == 4  # the other 3 players, then the trigger player again


# ---------------------------------------------------------------- T9 virtue
def test_t9_overflow_destroys_debts(kit):
    s = kit.fresh()
    kit.give(s, 2, virtue=13, debts=2)
    s["turn"] = 2
    assert not any(a.startswith("place market") for a in kit.game.legal(s, 2))
    assert S.score_lines(s, 2, s["players"][2])[2] == ("Virtue", 5)
    R.change_virtue(s, 2, 3)
    assert s["players"][2]["virtue"] == 14 and s["players"][2]["debts"] == 0
    assert S.score_lines(s, 2, s["players"][2])[2] == ("Virtue", 7)


def test_t9_tax_stand_at_eleven(kit):
    s = kit.fresh()
    s["tax"] = 11
    kit.give(s, 0, virtue=11)
    s = kit.play(s, 0, "place taxstand")
    P = s["players"][0]
    assert (P["silver"], P["virtue"], s["tax"]) == (11, 9, 0)
    s["turn"] = 0
    assert "place market 1" in kit.game.legal(s, 0)
    assert "place taxstand" not in kit.game.legal(s, 0)


def test_t9_virtue_one_ignores_both_taxes(kit):
    s = kit.fresh()
    s["turn"] = 3
    kit.market_row(s, 0, [13, 14, 15, 16])
    kit.give(s, 3, virtue=1, silver=2, gold=5, wood=9)
    kit.hand(s, 3, [2])
    tax0 = s["tax"]
    assert not R.can_cathedral(s, 3)
    s = kit.play(s, 3, "place workshop", "hire 13")
    assert s["players"][3]["silver"] == 0 and s["tax"] == tax0
    assert S.score_lines(s, 3, s["players"][3])[2] == ("Virtue", -8)


def test_t9_pay_debt_at_virtue_two(kit):
    s = kit.fresh()
    kit.give(s, 0, virtue=2, debts=1, silver=5)
    tax0 = s["tax"]
    s = kit.play(s, 0, "place guardhouse", "paydebt")
    P = s["players"][0]
    assert (P["silver"], P["debts"], P["paid"], P["virtue"]) == (0, 0, 1, 3)
    assert s["tax"] == tax0 + 2


def test_t9_ada_at_virtue_zero_pays_debt_for_three(kit):
    s = kit.fresh()
    s["players"][0]["board"] = "Ada"
    kit.give(s, 0, virtue=0, debts=1, silver=3)
    s = kit.play(s, 0, "place guardhouse", "paydebt")
    assert s["players"][0]["silver"] == 0 and s["players"][0]["virtue"] == 1


def test_t9_black_market_at_virtue_zero(kit):
    s = kit.fresh()
    kit.give(s, 0, virtue=0, silver=1)
    s = kit.play(s, 0, "place market 1")
    assert s["players"][0]["virtue"] == 0 and s["players"][0]["debts"] == 1


def test_t9_tax_stand_at_virtue_one(kit):
    s = kit.fresh()
    kit.give(s, 0, virtue=1)
    s = kit.play(s, 0, "place taxstand")
    assert s["players"][0]["virtue"] == 0 and s["players"][0]["debts"] == 1


def test_black_market_barred_at_ten_allowed_at_nine(kit):
    s = kit.fresh()
    kit.give(s, 0, virtue=10, silver=9)
    assert not any(a.startswith("place market") for a in kit.game.legal(s, 0))
    with pytest.raises(IllegalAction, match="virtue 10"):
        kit.game.apply(s, 0, "place market 1")
    kit.give(s, 0, virtue=9)
    assert {"place market 1", "place market 2", "place market 3"} <= set(kit.game.legal(s, 0))


# ---------------------------------------------------------------- T10 cathedral
def _cath(kit):
    s = kit.fresh()
    s["turn"] = 2
    kit.give(s, 2, virtue=5, gold=1)
    kit.hand(s, 2, [40])
    s["rewards"].remove(11)
    s["rewards"].insert(0, 11)
    return s


def test_t10_cathedral(kit):
    s = _cath(kit)
    s = kit.play(s, 2, "place guildhall", "cathedral")
    P = s["players"][2]
    assert (P["gold"], P["virtue"], P["cath"], P["hand"]) == (1, 6, 1, [])
    assert s["bdeck"][-1] == 40
    assert S.score_lines(s, 2, P)[1] == ("Cathedral", 2)


def test_t10_cathedral_negative_cases(kit):
    s = _cath(kit)
    for q in (0, 1, 3):
        s["players"][q]["cath"] = 1
    assert not R.can_cathedral(s, 2)
    assert "place guildhall" not in kit.game.legal(s, 2)
    s = _cath(kit)
    kit.give(s, 2, virtue=4)
    assert not R.can_cathedral(s, 2)
    s = _cath(kit)
    s["players"][2]["hand"] = []
    assert not R.can_cathedral(s, 2)
    s["players"][2]["board"] = "Frederick"
    assert R.can_cathedral(s, 2)


def test_cathedral_wood_stone_payment_choice_and_discard_choice(kit):
    s = kit.fresh()
    kit.give(s, 0, cath=1, wood=3, stone=3)
    s["rewards"] = [9]
    kit.hand(s, 0, [1, 2])
    s = kit.play(s, 0, "place guildhall", "cathedral")
    assert s["pending"][-1]["k"] == "pay"
    assert set(kit.game.legal(s, 0)) == {"pay w3s1", "pay w2s2", "pay w1s3"}
    s = kit.play(s, 0, "pay s1w3")
    assert kit.game.legal(s, 0) == ["discard 1", "discard 2"]
    s = kit.play(s, 0, "discard 2")
    P = s["players"][0]
    assert (P["wood"], P["stone"], P["cath"], P["hand"], P["virtue"]) == (0, 2, 2, [1], 9)


def test_reward_pile_empty_gives_one_virtue(kit):
    s = _cath(kit)
    s["rewards"] = []
    s = kit.play(s, 2, "place guildhall", "cathedral")
    assert s["players"][2]["virtue"] == 6 and s["players"][2]["gold"] == 0


# ---------------------------------------------------------------- T11/T12 scoring
def _red38(s, p):
    P = s["players"][p]
    P.update(built=[13, 23, 25, 31], cath=3, virtue=12, debts=2, gold=2, marble=1, silver=6)
    s["prison"][p] = 3


def _blue40(s, p):
    P = s["players"][p]
    P.update(built=[9, 32, 14, 11, 33], cath=2, virtue=6, debts=0, gold=1, silver=22)
    s["prison"][p] = 4


def test_t11_red_38(kit):
    s = kit.fresh(n=2)
    _red38(s, 0)
    card = kit.game.scores(s)[0]
    assert [(ln.label, ln.points) for ln in card.lines] == [
        ("Buildings", 30),
        ("Cathedral", 7),
        ("Virtue", 3),
        ("Unpaid debts", -4),
        ("Gold and marble", 3),
        ("Silver", 0),
        ("Prison", -1),
    ]
    assert card.total == 38


def test_t12_blue_40_and_tiebreaks(kit):
    s = kit.fresh(n=2)
    _red38(s, 0)
    _blue40(s, 1)
    cards = kit.game.scores(s)
    assert [(ln.label, ln.points) for ln in cards[1].lines] == [
        ("Buildings", 35),
        ("Cathedral", 4),
        ("Virtue", 0),
        ("Unpaid debts", 0),
        ("Gold and marble", 1),
        ("Silver", 2),
        ("Prison", -2),
    ]
    assert cards[1].total == 40 and cards[1].winner and not cards[0].winner
    s["players"][0]["gold"] = 4  # Red now also 40
    cards = kit.game.scores(s)
    assert cards[0].total == cards[1].total == 40
    assert cards[0].winner and cards[1].rank == 2  # virtue 12 beats 6
    s["players"][0]["virtue"] = 6
    s["players"][0]["gold"] = 7  # 40 again after virtue points drop by 3
    s["players"][0]["silver"] = 9
    cards = kit.game.scores(s)
    assert cards[0].total == 40
    assert cards[1].winner and not cards[0].winner  # silver 22 beats 9
    s["players"][0]["silver"] = 22
    s["players"][0]["gold"] = 5  # +2 VP from silver, -2 from gold: still 40
    cards = kit.game.scores(s)
    assert cards[0].total == cards[1].total == 40
    assert cards[0].winner and cards[1].winner  # shared win


def test_tiebreak_is_virtue_then_silver_compared_as_a_tuple(kit):
    """Transcript (seed 004), PUNTUACIÓN DE FINAL DE PARTIDA: "En caso de empate,
    el jugador con la Virtud más alta es el ganador. Si aún así continúa el
    empate, el jugador empatado con la mayor cantidad de Plata restante es el
    ganador. Si todavía sigue el empate, todos los jugadores empatados comparten
    la victoria." One more virtue beats any amount of silver: the old key
    virtue*1000+silver ranked 1,000 silver above a virtue."""
    s = kit.fresh(n=2)
    _red38(s, 0)
    _blue40(s, 1)
    s["players"][0]["gold"] = 4  # Red 40 with virtue 12, Blue 40 with virtue 6
    blue = s["players"][1]
    blue["virtue"] = 11  # one virtue short of Red
    gap = 40 - kit.game.scores(s)[1].total
    blue["silver"] += 10_000  # +1,000 points of silver ...
    blue["gold"] += gap - 1_000  # ... taken back in gold: Blue still totals 40
    cards = kit.game.scores(s)
    assert cards[0].total == cards[1].total == 40
    assert cards[1].tiebreak_key == (11, blue["silver"]) and blue["silver"] > 10_000
    assert cards[0].winner and not cards[1].winner  # virtue 12 beats 11 and 10,000 silver
    assert blue["virtue"] * 1000 + blue["silver"] > 12 * 1000 + s["players"][0]["silver"]


# ---------------------------------------------------------------- T13 end trigger
def test_t13_end_trigger_final_round(kit):
    s = kit.fresh(n=3)
    s["guildhall"] = [0] * 15
    s["turn"] = 1
    kit.hand(s, 1, [11])
    kit.hand(s, 2, [22])
    kit.give(s, 1, wood=2, stone=2)
    kit.give(s, 2, clay=4, wood=1)
    s = kit.play(s, 1, "place guildhall", "build 11")
    assert s["turn"] == 2 and s["final"] is not None
    s = kit.play(s, 2, "place guildhall", "build 22", "gain gold")
    assert s["beside"] == [2] and len(s["guildhall"]) == 16 and s["resets"] == 0
    s = kit.play(s, 0, "place quarry")
    assert not kit.game.is_over(s) and s["turn"] == 1
    s = kit.play(s, 1, "place quarry")
    assert kit.game.is_over(s) and kit.game.to_act(s) == []
    assert 22 in s["players"][2]["built"]


def test_black_market_still_resets_in_final_round(kit):
    s = kit.fresh(n=2)
    s["final"] = 2
    s["market"] = [1, 1, None]
    s["players"][1]["workers"] -= 2
    kit.give(s, 0, silver=3)
    s = kit.play(s, 0, "place market 3")
    assert s["prison"] == [1, 2]


# ---------------------------------------------------------------- T14 debt modifiers
@pytest.mark.parametrize("built,expected", [([], -6), ([27], -3), ([28], -9), ([27, 28], -6)])
def test_t14_debt_modifiers(kit, built, expected):
    s = kit.fresh()
    P = s["players"][0]
    P.update(debts=3, built=built)
    assert dict(S.score_lines(s, 0, P))["Unpaid debts"] == expected


# ---------------------------------------------------------------- T15 end virtue effects
def test_t15_castle_and_dungeon_orders(kit):
    s = kit.fresh()
    P = s["players"][0]
    P.update(virtue=13, debts=2, gold=5, built=[18, 24])
    for order, virtue, debts in ((["castle", "dungeon"], 12, 1), (["dungeon", "castle"], 13, 2)):
        Q = dict(P)
        for eff in order:
            S._apply_virtue(Q, S._effect_gain(s, 0, Q, eff))
        assert (Q["virtue"], Q["debts"]) == (virtue, debts)
        lines = dict(S.score_lines(s, 0, Q))
        assert lines["Virtue"] + lines["Unpaid debts"] == 1
    best = S.resolved_player(s, 0)
    lines = dict(S.score_lines(s, 0, best))
    assert lines["Virtue"] + lines["Unpaid debts"] == 1


# ---------------------------------------------------------------- T16 no workers
def test_t16_no_worker_turn(kit):
    s = kit.fresh()
    P = s["players"][0]
    kit.put(s, "forest", 0, 3)
    s["guildhall"] = [0, 0]
    kit.jail(s, 0, 1)
    P["workers"] -= 2
    s["players"][0]["captives"] = [0, 0, 0, 0]
    P["workers"] = 0
    assert kit.game.legal(s, 0) == ["retrieve forest"]
    assert kit.game.prompt(s, 0).kind == "architects.retrieve"
    with pytest.raises(IllegalAction):
        kit.game.apply(s, 0, "place quarry")
    s = kit.play(s, 0, "retrieve forest")
    assert s["players"][0]["workers"] == 1 and s["loc"]["forest"][0] == 2
    assert s["turn"] == 1


def test_no_worker_turn_as_printed_never_takes_back_from_prison_market_or_captor(kit):
    """Transcript (seed 004), Regla Especial: "El Trabajador elegido no puede ser
    retirado del Ayuntamiento, Mercado Negro, Prisión o el Tablero de jugador de
    un oponente". By default a player whose only workers are there passes."""
    s = kit.fresh()
    assert s["options"]["no_worker_fallback"] is False
    s["players"][0]["workers"] = 0
    s["prison"][0] = 1
    s["market"][1] = 0
    s["players"][2]["captives"][0] = 2
    s["guildhall"] = [0]
    assert kit.game.legal(s, 0) == ["pass"]
    for refused in (
        "retrieve prison",
        "retrieve market 2",
        "retrieve captive 2",
        "retrieve guildhall",
    ):
        with pytest.raises(IllegalAction):
            kit.game.apply(s, 0, refused)
    s2 = kit.play(s, 0, "pass")
    assert s2["turn"] == 1 and s2["players"][0]["workers"] == 0
    assert s2["prison"][0] == 1 and s2["market"][1] == 0


def test_no_worker_variant_takes_back_from_prison_market_or_captor(kit):
    """The variant "Take back from anywhere" (option `no_worker_fallback`, the
    engine's behaviour before issue 14) departs from "no puede ser retirado del
    ... Mercado Negro, Prisión o el Tablero de jugador de un oponente"; still
    never from the Guildhall ("Ayuntamiento")."""
    s = kit.fresh(no_worker_fallback=True)
    s["players"][0]["workers"] = 0
    s["prison"][0] = 1
    s["market"][1] = 0
    s["players"][2]["captives"][0] = 2
    s["guildhall"] = [0]
    assert kit.game.legal(s, 0) == ["retrieve prison", "retrieve market 2", "retrieve captive 2"]
    s2 = kit.play(s, 0, "retrieve market 2")
    assert s2["market"][1] is None and s2["players"][0]["workers"] == 1
    assert "Take back from anywhere" in kit.game.rules_help_for(s["options"])
    assert "Take back from anywhere" not in kit.game.rules_help_for({})


# ---------------------------------------------------------------- T17 hand limit
def test_t17_hand_limit(kit):
    s = kit.fresh()
    kit.hand(s, 0, [1, 2, 3, 4, 5])
    kit.put(s, "workshop", 0, 3)
    s = kit.play(s, 0, "place workshop", "draw")
    assert len(s["players"][0]["hand"]) == 8
    assert kit.game.prompt(s, 0).kind == "architects.handlimit"
    s = kit.play(s, 0, "discard 1")
    assert s["turn"] == 0
    s = kit.play(s, 0, "discard 2")
    assert len(s["players"][0]["hand"]) == 6 and s["turn"] == 1
    assert s["bdeck"][-2:] == [1, 2]


def test_t17_caroline_black_market_draw(kit):
    s = kit.fresh()
    s["players"][0]["board"] = "Caroline"
    kit.hand(s, 0, [1, 2, 3, 4, 5])
    kit.give(s, 0, silver=2)
    s = kit.play(s, 0, "place market 2", "draw")
    assert len(s["players"][0]["hand"]) == 6
    assert s["pending"][-1]["k"] == "keep"
    kept = s["pending"][-1]["cards"][0]
    s = kit.play(s, 0, f"keep {kept}")
    assert len(s["players"][0]["hand"]) == 7
    s = kit.play(s, 0, "discard 1")
    assert len(s["players"][0]["hand"]) == 6 and s["turn"] == 1


def test_everyone_locked_out_ends_the_game(kit):
    """As printed ("no puede ser retirado del Ayuntamiento, Mercado Negro, Prisión
    o el Tablero de jugador de un oponente") every player can be left with only
    `pass`; nothing can change any more, so a full round of passes ends the game
    (the engine's reading, docs/rules-notes/architects.md) instead of a deadlock."""
    s = kit.fresh(n=2)
    for p in (0, 1):
        s["players"][p]["workers"] = 0
        s["prison"][p] = 20
    s = kit.play(s, 0, "pass")
    assert not kit.game.is_over(s)
    s = kit.play(s, 1, "pass")
    assert kit.game.is_over(s)
