"""Phase A auction rules (spec §4.2, §6)."""

import pytest

from florencia_tui.core.errors import IllegalAction


def test_setup_deals_four_keeps_three(fl):
    s = fl.GAME.new(["a", "b", "c", "d", "e"], 3)
    assert s["phase"] == "setup" and fl.GAME.to_act(s) == [0, 1, 2, 3, 4]
    assert all(len(p["deal"]) == 4 for p in s["players"]) and len(s["prof_deck"]) == 1
    assert s["supply"]["freedoms"] == {"opinion": 4, "travel": 4, "religion": 4}
    assert all(p["money"] == 3500 for p in s["players"])
    for i in (4, 2, 0, 1, 3):  # simultaneous: any order
        s = fl.GAME.apply(s, i, f"return {s['players'][i]['deal'][1]}")
    assert s["phase"] == "auction" and len(s["prof_deck"]) == 6
    assert all(len(p["hand"]) == 3 for p in s["players"])
    s3 = fl.GAME.new(["a", "b", "c"], 3)
    assert s3["supply"]["freedoms"]["travel"] == 2 and len(s3["prof_deck"]) == 9


def test_bids_are_exactly_200_then_plus_100(fl):
    s = fl.after_setup(3)
    s = fl.play(s, (0, "nominate lake"))
    pr = fl.GAME.prompt(s, 1)
    assert pr.kind == "florence.bid" and pr.data["high_bid"] == 200 and pr.data["raise_to"] == 300
    s = fl.play(s, (1, "raise"), (2, "raise"), (0, "raise"))
    assert s["auction"]["cur"]["high"] == 500 and s["auction"]["cur"]["leader"] == 0
    with pytest.raises(IllegalAction):
        fl.GAME.apply(s, 1, "raise 700")


def test_cannot_bid_more_than_cash_but_may_sell_prestige(fl):
    s = fl.after_setup(3)
    s["players"][1]["money"] = 250
    s["players"][1]["pp"] = 2
    s = fl.play(s, (0, "nominate jester"))
    assert "raise" not in fl.GAME.legal(s, 1)
    with pytest.raises(IllegalAction, match="cannot pay"):
        fl.GAME.apply(s, 1, "raise")
    s = fl.play(s, (1, "sell 1"))
    assert s["players"][1]["money"] == 350 and s["players"][1]["pp"] == 1
    assert fl.GAME.to_act(s) == [1]
    s = fl.play(s, (1, "raise"))
    assert s["auction"]["cur"]["leader"] == 1


def test_nominator_without_cash_must_decline(fl):
    s = fl.after_setup(3)
    s["players"][0]["money"] = 150
    assert fl.GAME.legal(s, 0) == ["decline"]


def test_passed_player_may_nominate_later(fl):
    s = fl.after_setup(3)
    s = fl.play(s, (0, "nominate jester"), (1, "raise"), (2, "pass"), (0, "pass"))
    assert s["players"][1]["jesters"] == 1
    assert fl.GAME.to_act(s) == [0]  # the nominator lost: he names again
    s = fl.play(s, (0, "nominate builder"), (2, "raise"), (0, "pass"))
    assert s["players"][2]["builders"] == 1 and fl.R.step(s, 0) == "last"
    s = fl.play(s, (0, "decline"))
    assert s["phase"] == "action" and fl.money(s) == [3500, 3200, 3200]


def test_winning_nominator_hands_over_to_next_free_player(fl):
    s = fl.after_setup(4, start=2)
    s = fl.play(s, (2, "nominate jester"), (3, "pass"), (0, "pass"), (1, "pass"))
    assert fl.GAME.to_act(s) == [3] and fl.R.step(s, 3) == "nominate"


def test_builder_cap_makes_player_ineligible(fl):
    s = fl.after_setup(3)
    s["players"][1]["builders"] = 3
    s = fl.play(s, (0, "nominate builder"))
    assert s["auction"]["cur"]["active"] == [0, 2]  # seat 1 skipped
    assert fl.GAME.to_act(s) == [2]
    s = fl.play(s, (2, "pass"))
    assert s["players"][0]["builders"] == 1
    assert "nominate builder" not in fl.GAME.legal(s, 1)


def test_landscape_needs_room(fl):
    s = fl.after_setup(3)
    g = list(s["players"][1]["grid"])
    for i, ch in enumerate(g):  # leave only isolated single squares empty
        r, c = divmod(i, 7)
        if ch == "." and (r + c) % 2 == 0:
            g[i] = "U"
    s["players"][1]["grid"] = "".join(g)
    s = fl.play(s, (0, "nominate park"))
    assert 1 not in s["auction"]["cur"]["active"]
    s = fl.play(s, (2, "pass"), (0, "place park 0 0 r0"))
    assert fl.GAME.to_act(s) == [1]
    legal = fl.GAME.legal(s, 1)
    assert not any(a in legal for a in ("nominate forest", "nominate lake", "nominate park"))
    assert "nominate jester" in legal


def test_empty_pile_cannot_be_offered(fl):
    s = fl.after_setup(3)
    s["piles"]["jester"] = 0
    s["prestige_deck"] = []
    legal = fl.GAME.legal(s, 0)
    assert "nominate jester" not in legal and "nominate prestige" not in legal
    with pytest.raises(IllegalAction, match="not available"):
        fl.GAME.apply(s, 0, "nominate jester")


def test_phase_ends_when_nothing_is_available(fl):
    s = fl.after_setup(3)
    for k in s["piles"]:
        s["piles"][k] = 0
    s["prestige_deck"] = []
    fl.R.advance(s)
    assert s["phase"] == "action"


def test_prestige_card_draw_keep_and_order(fl):
    s = fl.after_setup(3)
    top = s["prestige_deck"][:5]
    s = fl.play(s, (0, "nominate prestige"), (1, "pass"), (2, "pass"))
    pr = fl.GAME.prompt(s, 0)
    assert pr.kind == "florence.keep" and pr.data["cards"] == top
    assert len(s["prestige_deck"]) == 9
    s = fl.play(s, (0, f"keep {top[2]}"))
    assert s["players"][0]["prestige"] == [top[2]]
    rest = [c for c in top if c != top[2]]
    assert len(fl.GAME.legal(s, 0)) == 24
    order = list(reversed(rest))
    s = fl.play(s, (0, "order " + " ".join(order)))
    assert s["prestige_deck"][-4:] == order and len(s["prestige_deck"]) == 13
    with pytest.raises(IllegalAction):
        fl.GAME.apply(
            fl.play(fl.after_setup(3), (0, "nominate prestige"), (1, "pass"), (2, "pass")),
            0,
            "keep P99",
        )


def test_prestige_draw_with_fewer_than_five(fl):
    s = fl.after_setup(3)
    s["prestige_deck"] = ["P04", "P09"]
    s = fl.play(s, (0, "nominate prestige"), (1, "pass"), (2, "pass"))
    assert fl.GAME.prompt(s, 0).data["cards"] == ["P04", "P09"]
    s = fl.play(s, (0, "keep P09"))
    assert s["prestige_deck"] == ["P04"] and s["pending"] == []


def test_recruiting_card_now_or_later(fl):
    s = fl.after_setup(3)
    assert fl.R.face_up_professions(s) == []
    s1 = fl.play(s, (0, "nominate recruit"), (1, "pass"), (2, "pass"))
    assert s1["players"][0]["recruits"] == 1 and s1["pending"] == []  # no target: kept
    card = s["players"][2]["hand"][0]
    s["players"][2]["hand"].remove(card)
    s["players"][2]["display"].append(card)
    s2 = fl.play(s, (0, "nominate recruit"), (1, "pass"), (2, "pass"))
    assert fl.GAME.legal(s2, 0) == [f"recruit {card}", "later"]
    s3 = fl.play(s2, (0, f"recruit {card}"))
    assert card in s3["players"][0]["hand"] and s3["players"][2]["display"] == ["R"]
    assert s3["players"][0]["recruits"] == 0
    s4 = fl.play(s2, (0, "later"))
    assert s4["players"][0]["recruits"] == 1 and s4["players"][2]["display"] == [card]


def test_jester_goes_to_the_palazzo(fl):
    s = fl.after_setup(3)
    s = fl.play(s, (0, "nominate jester"), (1, "pass"), (2, "pass"))
    assert s["players"][0]["jesters"] == 1 and s["piles"]["jester"] == 6


def test_start_player_rotates_clockwise(fl):
    s = fl.action_phase(3, rnd=1, start=2)
    s = fl.play(s, (2, "done"), (0, "done"), (1, "done"))
    assert s["round"] == 2 and s["start"] == 0 and fl.GAME.to_act(s) == [0]
    assert s["auction"]["bought"] == {}


def test_wrong_verb_is_refused(fl):
    s = fl.after_setup(3)
    for bad in ("raise", "pass", "done", "nominate castle", "buy jester", ""):
        with pytest.raises(IllegalAction):
            fl.GAME.apply(s, 0, bad)
    with pytest.raises(IllegalAction):
        fl.GAME.apply(s, 1, "nominate jester")  # not seat 1's decision
