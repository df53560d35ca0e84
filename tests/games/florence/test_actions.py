"""Phase B actions (spec §4.3, §5)."""

import pytest

from florencia_tui.core.errors import IllegalAction


def verbs(legal):
    return {a.split()[0] for a in legal}


def test_at_most_two_actions_then_only_free_ones(fl):
    s = fl.action_phase(3)
    s["players"][0]["pp"] = 1
    s = fl.play(s, (0, "freedom travel"), (0, "place tower 0 0 r0"))
    assert verbs(fl.GAME.legal(s, 0)) == {"sell", "done"}
    with pytest.raises(IllegalAction, match="2 actions"):
        fl.GAME.apply(s, 0, "bonus")
    s = fl.play(s, (0, "done"))
    assert fl.GAME.to_act(s) == [1]


def test_zero_actions_is_allowed(fl):
    s = fl.action_phase(3)
    s = fl.play(s, (0, "done"))
    assert s["turn"]["seat"] == 1 and s["players"][0]["money"] == 3500


@pytest.mark.parametrize(
    "first,second,ok",
    [
        ("profession", "profession", False),
        ("freedom travel", "freedom opinion", False),
        ("bonus", "bonus", True),
        ("place tower 0 0 r0", "place chapel 0 4 r0", True),
    ],
)
def test_per_round_limits(fl, first, second, ok):
    s = fl.action_phase(3)
    s = fl.GAME.apply(s, 0, first)
    while s["pending"]:  # keep the first drawn card, default order
        s = fl.GAME.apply(s, 0, fl.GAME.legal(s, 0)[0])
    assert (second in fl.GAME.legal(s, 0)) == ok
    if not ok:
        with pytest.raises(IllegalAction, match="per round"):
            fl.GAME.apply(s, 0, second)


def test_two_works_in_a_turn_and_not_three(fl):
    s = fl.action_phase(3, rnd=1)
    fl.clear_hands(s)
    fl.give_hand(s, 0, "poet", "painter", "composer")
    s["players"][0]["jesters"] = 2  # 4 + 3 cards = 7
    s = fl.play(
        s, (0, "complete poet"), (0, "prestige 0"), (0, "complete painter"), (0, "prestige 0")
    )
    assert not any(a.startswith("complete") for a in fl.GAME.legal(s, 0))


def test_take_profession_card(fl):
    s = fl.action_phase(3)
    top = s["prof_deck"][:5]
    s = fl.play(s, (0, "profession"))
    assert s["players"][0]["money"] == 3200
    assert fl.GAME.prompt(s, 0).data["cards"] == top
    s = fl.play(s, (0, f"keep {top[4]}"))
    assert top[4] in s["players"][0]["hand"]
    s = fl.play(s, (0, "order " + " ".join(top[:4])))
    assert s["prof_deck"][-4:] == top[:4]
    assert s["turn"]["acts"] == 1


def test_new_profession_card_can_work_the_same_turn(fl):
    s = fl.action_phase(3)
    fl.clear_hands(s)
    s["players"][0]["jesters"] = 3  # 6 + 1 card = 7 in round 1
    s["prof_deck"].remove("organist")
    s["prof_deck"].insert(0, "organist")
    s = fl.play(s, (0, "profession"), (0, "keep organist"))
    s = fl.GAME.apply(s, 0, fl.GAME.legal(s, 0)[0])  # order the rest
    assert "complete organist" in fl.GAME.legal(s, 0)


def test_empty_or_short_decks(fl):
    s = fl.action_phase(3)
    s["bonus_used"] += s["bonus_deck"][1:]
    s["bonus_deck"] = s["bonus_deck"][:1]
    s["players"][0]["hand"] += s["prof_deck"]
    s["prof_deck"] = []
    legal = fl.GAME.legal(s, 0)
    assert "profession" not in legal and "bonus" in legal
    with pytest.raises(IllegalAction, match="empty"):
        fl.GAME.apply(s, 0, "profession")
    s = fl.play(s, (0, "bonus"))
    card = fl.GAME.prompt(s, 0).data["cards"][0]
    s = fl.play(s, (0, f"keep {card}"))
    assert s["bonus_deck"] == [] and s["pending"] == []
    assert "bonus" not in fl.GAME.legal(s, 0)


def test_freedom_supply_and_once_per_player(fl):
    s = fl.action_phase(3)  # 2 of each freedom with 3 players
    s = fl.play(s, (0, "freedom travel"), (0, "done"), (1, "freedom travel"), (1, "done"))
    assert s["supply"]["freedoms"]["travel"] == 0
    assert "freedom travel" not in fl.GAME.legal(s, 2)
    with pytest.raises(IllegalAction, match="no Freedom of Travel"):
        fl.GAME.apply(s, 2, "freedom travel")
    s = fl.action_phase(3)
    s["players"][0]["freedoms"] = ["opinion"]
    assert "freedom opinion" not in fl.GAME.legal(s, 0)
    assert s["players"][0]["money"] == 3500


def test_building_supply_type_and_cash(fl):
    s = fl.action_phase(3)
    s["supply"]["buildings"]["chapel"] = 0
    with pytest.raises(IllegalAction, match="supply"):
        fl.GAME.apply(s, 0, "place chapel 0 0 r0")
    s["players"][0]["money"] = 699
    assert not any(a.startswith("place") for a in fl.GAME.legal(s, 0))
    with pytest.raises(IllegalAction, match="costs 700"):
        fl.GAME.apply(s, 0, "place tower 0 0 r0")
    with pytest.raises(IllegalAction, match="auction"):
        fl.GAME.apply(s, 0, "place forest 0 0 r0")


def test_cost_checks_never_leave_negative_cash(fl):
    s = fl.action_phase(3)
    s["players"][0]["money"] = 299
    legal = fl.GAME.legal(s, 0)
    assert not {"profession", "bonus"} & set(legal)
    assert not any(a.startswith("freedom") for a in legal)
    for a in ("profession", "bonus", "freedom travel"):
        with pytest.raises(IllegalAction):
            fl.GAME.apply(s, 0, a)


def test_sell_prestige(fl):
    s = fl.action_phase(3)
    s["players"][0]["pp"] = 5
    assert [a for a in fl.GAME.legal(s, 0) if a.startswith("sell")] == [
        f"sell {k}" for k in range(1, 6)
    ]
    s = fl.play(s, (0, "sell 5"))
    assert s["players"][0]["pp"] == 0 and s["players"][0]["money"] == 4000
    for bad in ("sell 1", "sell 0", "sell -2"):
        with pytest.raises(IllegalAction):
            fl.GAME.apply(s, 0, bad)
    assert s["turn"]["acts"] == 0


def test_recruit_needs_a_card_and_a_target(fl):
    s = fl.action_phase(3)
    fl.clear_hands(s)
    fl.give_display(s, 1, "poet")
    with pytest.raises(IllegalAction, match="no recruiting card"):
        fl.GAME.apply(s, 0, "recruit poet")
    s["players"][0]["recruits"] = 1
    with pytest.raises(IllegalAction, match="not face up"):
        fl.GAME.apply(s, 0, "recruit painter")
    assert "recruit poet" in fl.GAME.legal(s, 0)


def test_no_recruiting_inside_a_work_action(fl):
    s = fl.action_phase(3)
    fl.clear_hands(s)
    fl.give_hand(s, 0, "poet")
    fl.give_display(s, 1, "painter")
    s["players"][0]["jesters"] = 3
    s["players"][0]["recruits"] = 1
    s = fl.play(s, (0, "complete poet"))
    assert fl.R.step(s, 0) == "convert"
    with pytest.raises(IllegalAction, match="prestige"):
        fl.GAME.apply(s, 0, "recruit painter")


def test_work_needs_the_card_in_hand(fl):
    s = fl.action_phase(3)
    fl.clear_hands(s)
    fl.give_display(s, 0, "poet")
    s["players"][0]["jesters"] = 5
    with pytest.raises(IllegalAction, match="not in your hand"):
        fl.GAME.apply(s, 0, "complete poet")
    fl.give_hand(s, 0, "painter")
    with pytest.raises(IllegalAction, match="B05 is not in your hand"):
        fl.GAME.apply(s, 0, "complete painter B05")
