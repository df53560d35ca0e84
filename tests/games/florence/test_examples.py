"""The worked examples of spec §10 (E1-E12)."""

import pytest

from florencia_tui.core.errors import IllegalAction


def poet_state(fl, rnd=3):
    """E1: Anna (seat 0) owns a Theatre, Freedom of Travel, 2 jesters, no lake;
    4 cards in hand+display incl. the Poet and 1 recruiting card."""
    s = fl.action_phase(3, rnd=rnd, start=0)
    fl.clear_hands(s)
    fl.give_hand(s, 0, "poet", "painter")
    fl.give_display(s, 0, "goldsmith")
    a = s["players"][0]
    a["recruits"] = 1
    s["piles"]["recruit"] -= 1
    a["jesters"] = 2
    a["freedoms"] = ["travel"]
    s["supply"]["freedoms"]["travel"] -= 1
    fl.furnish(s, 0, ["theatre"])
    return s


def test_e1_poet_work_value_15(fl):
    s = poet_state(fl)
    before = s["players"][0]["money"]
    s = fl.play(s, (0, "complete poet"))
    pend = s["pending"][0]
    assert pend["wv"] == 15
    assert [x for _, x in pend["lines"]] == [4, 0, 3, 4, 4]
    assert pend["payment"] == 1500 and pend["max_pp"] == 7
    assert s["players"][0]["money"] == before + 1500
    assert "prestige 8" not in fl.GAME.legal(s, 0)
    with pytest.raises(IllegalAction):
        fl.GAME.apply(s, 0, "prestige 8")
    s = fl.play(s, (0, "prestige 7"))
    a = s["players"][0]
    assert a["pp"] == 7 and a["money"] == before + 100
    assert a["best"] == 15
    assert a["display"][-1] == "poet" and "poet" not in a["hand"]
    prompt_data = fl.GAME.prompt(poet_state(fl), 0).data
    assert prompt_data["work_preview"]["poet"][0][1] == 4


def test_e1_prompt_breaks_down_the_work(fl):
    s = fl.play(poet_state(fl), (0, "complete poet"))
    pr = fl.GAME.prompt(s, 0)
    assert pr.kind == "florence.convert"
    assert pr.data["wv"] == 15 and pr.data["payment"] == 1500
    assert sum(x for _, x in pr.data["lines"]) == 15
    assert fl.GAME.legal(s, 0) == [f"prestige {k}" for k in range(8)]


def test_e2_mathematician_18(fl):
    s = fl.action_phase(3, rnd=7, start=0)
    fl.clear_hands(s)
    fl.give_hand(s, 0, "mathematician", "poet", "painter")
    fl.give_display(s, 0, "goldsmith")
    a = s["players"][0]
    a["jesters"] = 2
    a["freedoms"] = ["religion"]
    fl.furnish(s, 0, ["university"], {"lake": 1})
    s = fl.play(s, (0, "complete mathematician"))
    assert s["pending"][0]["wv"] == 18


def test_e3_four_player_auction(fl):
    s = fl.after_setup(4, start=0)
    assert fl.money(s) == [3500] * 4
    s = fl.play(s, (0, "nominate park"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert fl.GAME.prompt(s, 0).kind == "florence.place"
    s = fl.play(s, (0, "place park 0 0 r0"))
    assert s["auction"]["bought"] == {"park": 0}
    s = fl.play(
        s,
        (1, "nominate jester"),
        (2, "raise"),
        (3, "raise"),
        (1, "raise"),
        (2, "raise"),
        (3, "raise"),
        (1, "pass"),
        (2, "pass"),
    )
    assert s["players"][3]["jesters"] == 1
    # Bob lost his own auction, so he nominates again
    assert fl.GAME.to_act(s) == [1] and fl.R.step(s, 1) == "nominate"
    assert "nominate park" not in fl.GAME.legal(s, 1)  # blocked this round
    assert "nominate jester" not in fl.GAME.legal(s, 1)
    s = fl.play(
        s,
        (1, "nominate forest"),
        (2, "raise"),
        (1, "raise"),
        (2, "raise"),
        (1, "raise"),
        (2, "pass"),
        (1, "place forest 0 0 r0"),
    )
    assert fl.R.step(s, 2) == "last"
    assert sorted(fl.GAME.legal(s, 2)) == sorted(
        ["buy lake", "buy builder", "buy prestige", "buy recruit", "decline"]
    )
    s = fl.play(s, (2, "buy builder"))
    assert fl.money(s) == [3300, 2900, 3300, 2800]
    assert s["phase"] == "action" and fl.GAME.to_act(s) == [0]
    assert s["piles"]["lake"] == 6 and s["piles"]["recruit"] == 5
    assert len(s["prestige_deck"]) == 14
    assert s["auction"]["bought"] == {"park": 0, "jester": 3, "forest": 1, "builder": 2}


def test_e4_declining_to_nominate(fl):
    s = fl.after_setup(3, start=0)
    s = fl.play(s, (0, "nominate jester"), (1, "pass"), (2, "pass"))
    assert fl.R.step(s, 1) == "nominate"
    s = fl.play(s, (1, "decline"))
    assert 1 in s["auction"]["out"]
    assert fl.R.step(s, 2) == "last"
    legal = fl.GAME.legal(s, 2)
    assert "decline" in legal and "buy jester" not in legal
    assert {
        "buy forest",
        "buy lake",
        "buy park",
        "buy builder",
        "buy prestige",
        "buy recruit",
    } <= set(legal)
    s2 = fl.play(s, (2, "decline"))
    assert s2["phase"] == "action" and fl.money(s2) == [3300, 3500, 3500]
    s3 = fl.play(s, (2, "buy lake"), (2, "place lake 0 0 r0"))
    assert s3["phase"] == "action" and fl.money(s3) == [3300, 3500, 3300]
    assert s3["players"][1]["land"]["lake"] == 0


def test_e5_conversion_limit(fl):
    s = fl.action_phase(3, rnd=3, start=0)
    fl.clear_hands(s)
    fl.give_hand(s, 0, "poet", "painter", "goldsmith")
    a = s["players"][0]
    a["freedoms"] = ["travel"]
    fl.furnish(s, 0, ["theatre"], {"lake": 1})
    a["money"] = 5000
    s = fl.play(s, (0, "complete poet"))
    assert s["pending"][0]["wv"] == 13 and s["players"][0]["money"] == 6300
    assert fl.GAME.legal(s, 0)[-1] == "prestige 6"
    with pytest.raises(IllegalAction, match="0 to 6"):
        fl.GAME.apply(s, 0, "prestige 7")  # would need cash from outside the payout
    s = fl.play(s, (0, "prestige 6"))
    assert s["players"][0]["money"] == 6300 - 1200 and s["players"][0]["pp"] == 6


def test_e6_two_works_best_work(fl):
    s = fl.action_phase(3, rnd=5, start=0)
    fl.clear_hands(s)
    fl.give_hand(s, 0, "poet", "mathematician")
    fl.give_display(s, 0, "R", "R")
    a = s["players"][0]
    a["jesters"], a["freedoms"] = 4, ["travel", "religion"]
    fl.furnish(s, 0, ["university"])
    fl.give_hand(s, 1, "composer")
    fl.give_display(s, 1, "R", "R", "R")
    b = s["players"][1]
    b["jesters"], b["freedoms"] = 4, ["opinion"]
    fl.furnish(s, 1, ["opera"])
    m0 = fl.money(s)
    s = fl.play(
        s, (0, "complete poet"), (0, "prestige 0"), (0, "complete mathematician"), (0, "prestige 0")
    )
    assert [w["wv"] for w in s["players"][0]["works"]] == [15, 19]
    assert s["players"][0]["best"] == 19
    assert s["players"][0]["money"] == m0[0] + 1500 + 1900
    s = fl.play(
        s, (0, "done"), (1, "complete composer"), (1, "prestige 0"), (1, "done"), (2, "done")
    )
    assert [p["pp"] for p in s["players"]] == [3, 3, 0]
    assert s["round"] == 6 and s["start"] == 1 and s["phase"] == "auction"
    assert s["history"][-1]["best_work"] == [0, 1]


def test_e6_single_work_wins_and_no_work_no_award(fl):
    s = poet_state(fl)
    s = fl.play(s, (0, "complete poet"), (0, "prestige 0"), (0, "done"), (1, "done"), (2, "done"))
    assert [p["pp"] for p in s["players"]] == [3, 0, 0]
    s = fl.action_phase(3, rnd=2)
    s = fl.play(s, (0, "done"), (1, "done"), (2, "done"))
    assert [p["pp"] for p in s["players"]] == [0, 0, 0]


def test_e7_below_minimum_is_illegal(fl):
    s = poet_state(fl, rnd=7)
    s["players"][0]["jesters"] = 3  # 4 + 0 + 3 + 6 + 4 = 17
    s["players"][0]["display"] = []  # 3 cards -> 16
    assert "complete poet" not in fl.GAME.legal(s, 0)
    with pytest.raises(IllegalAction, match="worth 16"):
        fl.GAME.apply(s, 0, "complete poet")
    s["round"] = 6
    assert "complete poet" in fl.GAME.legal(s, 0)


def test_e8_landscape_and_builder_prestige(fl):
    s = fl.after_setup(3)
    pp = lambda: s["players"][0]["pp"]  # noqa: E731
    fl.R.gain(s, 0, "forest")
    s = fl.GAME.apply(s, 0, "place forest 0 0 r0")
    assert pp() == 0
    fl.R.gain(s, 0, "forest")
    s = fl.GAME.apply(s, 0, "place forest 0 2 r0")
    assert pp() == 3
    fl.R.gain(s, 0, "lake")
    s = fl.GAME.apply(s, 0, "place lake 0 4 r0")
    assert pp() == 3
    got = []
    for _ in range(3):
        fl.R.gain(s, 0, "builder")
        got.append(pp())
    assert got == [3, 6, 9]


@pytest.mark.parametrize("builders,cost", [(0, 700), (1, 300), (2, 300), (3, 0)])
def test_e8_build_cost_and_prestige(fl, builders, cost):
    s = fl.action_phase(3)
    s["players"][0]["builders"] = builders
    s = fl.play(s, (0, "place tower 0 0 r0"))
    p = s["players"][0]
    assert p["money"] == 3500 - cost and p["pp"] == 3 and p["buildings"] == ["tower"]
    assert s["supply"]["buildings"]["tower"] == 2


def test_e9_placement_rejections(fl):
    s = fl.action_phase(3)
    fl.furnish(s, 0, [], {"forest": 1})  # forest at rows 0-1, cols 0-1
    s = fl.play(s, (0, "place chapel 0 3 r0"))
    for bad, why in [
        ("place university 5 5 r0", "stick out"),
        ("place tower 1 1 r0", "overlap"),
        ("place tower 1 3 r0", "touch"),  # under the chapel
        ("place tower 3 0 r0", "touch"),  # (4,0)-(4,1) on the palazzo
        ("place chapel 3 3 r0", "already have"),
    ]:
        assert bad not in fl.GAME.legal(s, 0)
        with pytest.raises(IllegalAction, match=why):
            fl.GAME.apply(s, 0, bad)
    s["players"][0]["builders"] = 2
    assert "place tower 1 3 r0" in fl.GAME.legal(s, 0)
    s2 = fl.play(s, (0, "place tower 1 3 r0"))
    assert s2["players"][0]["buildings"] == ["chapel", "tower"]
    # a forest may touch buildings and the palazzo
    s3 = fl.action_phase(3)
    fl.furnish(s3, 0, ["chapel"])
    chapel = fl.GAME.view(s3, 0)["players"][0]["tiles"][0]["cells"]
    assert chapel == [[0, 0], [0, 1], [0, 2]]
    fl.R.gain(s3, 0, "forest")
    assert "place forest 3 1 r0" in fl.GAME.legal(s3, 0)  # rows 3-4 touch the palazzo
    s3 = fl.GAME.apply(s3, 0, "place forest 3 1 r0")
    fl.R.gain(s3, 0, "forest")
    s3 = fl.GAME.apply(s3, 0, "place forest 1 0 r0")  # touches the chapel
    assert s3["players"][0]["land"]["forest"] == 2


def sample_state(fl, rnd=1):
    """The S1 sample state (spec §9.2), before the Poet is played: 2 forests,
    1 lake, 2 builders, 1 prestige card, 2 freedoms, 2 professions on the table,
    Poet + 1 profession + 1 recruiting card in hand; U, W, O, Tower, Chapel."""
    s = fl.action_phase(3, rnd=rnd, start=0)
    fl.clear_hands(s)
    fl.give_hand(s, 0, "poet", "painter")
    fl.give_display(s, 0, "goldsmith", "botanist")
    p = s["players"][0]
    p["recruits"] = 1
    p["builders"] = 2
    p["freedoms"] = ["opinion", "religion"]
    p["prestige"] = [s["prestige_deck"].pop(s["prestige_deck"].index("P01"))]
    fl.furnish(
        s, 0, ["university", "workshop", "opera", "tower", "chapel"], {"forest": 2, "lake": 1}
    )
    return s


BONUS_SAMPLE = {
    "B01": 3,
    "B02": 3,
    "B03": 3,
    "B04": 2,
    "B05": 5,
    "B06": 3,
    "B07": 5,
    "B08": 5,
    "B09": 2,
    "B10": 4,
    "B11": 0,
    "B12": 4,
    "B13": 4,
    "B14": 0,
    "B15": 2,
    "B16": 4,
    "B17": 2,
    "B18": 6,
    "B19": 4,
    "B20": 3,
}


@pytest.mark.parametrize("card", sorted(BONUS_SAMPLE))
def test_e10_bonus_card(fl, card):
    s = sample_state(fl)
    s["bonus_deck"].remove(card)
    s["players"][0]["bonus"] = [card]
    # Poet: no theatre 0, lake 3, no travel 0, no jesters 0, 5 cards
    s = fl.play(s, (0, f"complete poet {card}"))
    assert s["pending"][0]["wv"] == 8 + BONUS_SAMPLE[card]
    assert s["pending"][0]["lines"][-1][1] == BONUS_SAMPLE[card]
    assert card in s["bonus_used"] and s["players"][0]["bonus"] == []


def test_e10_several_bonus_cards_on_one_work(fl):
    s = sample_state(fl, rnd=7)
    for c in ("B18", "B07"):
        s["bonus_deck"].remove(c)
    s["players"][0]["bonus"] = ["B18", "B07"]
    legal = fl.GAME.legal(s, 0)
    assert "complete poet B07 B18" in legal  # 8 + 5 + 6 = 19 >= 17
    assert "complete poet B18" not in legal  # 14 < 17
    s = fl.GAME.apply(s, 0, "complete poet b18 b7")  # any order / spelling
    assert s["pending"][0]["wv"] == 19


def test_e12_recruiting(fl):
    s = fl.action_phase(3, rnd=2, start=0)
    fl.clear_hands(s)
    fl.give_display(s, 1, "composer")
    fl.give_hand(s, 0, "poet")
    a, b = s["players"][0], s["players"][1]
    a["recruits"] = 1
    a["jesters"] = 4  # composer: 8 + 2 cards = 10 = round 2 minimum
    s["piles"]["recruit"] -= 1
    s = fl.play(s, (0, "recruit composer"))
    a, b = s["players"][0], s["players"][1]
    assert a["hand"] == ["poet", "composer"] and a["recruits"] == 0
    assert b["display"] == ["R"]
    assert s["turn"]["acts"] == 0  # not an action
    s = fl.play(s, (0, "complete composer"), (0, "prestige 0"))
    assert s["players"][0]["display"] == ["composer"]
    # A recruits its own played card back with a second recruiting card
    s["players"][0]["recruits"] = 1
    s["piles"]["recruit"] -= 1
    assert "recruit composer" in fl.GAME.legal(s, 0)
    s = fl.play(s, (0, "recruit composer"))
    assert s["players"][0]["display"] == ["R"] and "composer" in s["players"][0]["hand"]
    # a recruiting card lying in a display is never a target
    assert not any(x.startswith("recruit") for x in fl.GAME.legal(s, 0))


def test_e11_card_counts_unchanged_by_recruiting(fl):
    from florencia_tui.games.florence import scoring as SC

    s = fl.action_phase(3, rnd=2, start=0)
    fl.clear_hands(s)
    fl.give_display(s, 1, "composer")
    s["players"][0]["recruits"] = 1
    before = [SC.counts(p)["works"] + SC.counts(p)["hand_cards"] for p in s["players"]]
    works_b = SC.counts(s["players"][1])["works"]
    s = fl.play(s, (0, "recruit composer"))
    after = [SC.counts(p)["works"] + SC.counts(p)["hand_cards"] for p in s["players"]]
    assert before == after and SC.counts(s["players"][1])["works"] == works_b
