"""One test per apprentice ability (all 40 cards) plus hire-time virtue."""

from __future__ import annotations

import pytest

from florencia_tui.core.errors import IllegalAction
from florencia_tui.games.architects import data as D
from florencia_tui.games.architects import rules as R

IDS = {
    key: [a for a, v in D.APPRENTICES.items() if v[3] == key]
    for key in {v[3] for v in D.APPRENTICES.values()}
}


def test_deck_composition():
    assert len(D.APPRENTICES) == 40
    for skill in "CTM":
        assert sum(1 for v in D.APPRENTICES.values() if skill in v[1]) == 14
    assert {k: len(v) for k, v in IDS.items()} == {
        "acolyte": 3,
        "conspirator": 2,
        "debtcollector": 3,
        "gatekeeper": 1,
        "illusionist": 1,
        "jeweller": 2,
        "labourer": 1,
        "trade": 12,
        "miner": 2,
        "pickpocket": 1,
        "squire": 3,
        "stonecutter": 2,
        "swindler": 3,
        "thief": 1,
        "trickster": 1,
        "woodcutter": 2,
    }


@pytest.mark.parametrize("aid", sorted(D.APPRENTICES))
def test_hire_applies_card_virtue_and_takes_coins(kit, aid):
    s = kit.fresh()
    kit.market_row(s, 0, [aid] + [x for x in (1, 2, 3, 4, 5) if x != aid][:3])
    s["arows"][0][0][1] = 3
    kit.give(s, 0, silver=2)
    s = kit.play(s, 0, "place market 2", f"hire {aid}")
    P = s["players"][0]
    bm_virtue = -1  # paid on placement, before the Illusionist arrives
    assert P["virtue"] == 7 + bm_virtue + D.APPRENTICES[aid][2]
    assert P["appr"] == [aid] and P["silver"] == 3  # fee first, then the 3 coins


@pytest.mark.parametrize("aid", IDS["acolyte"])
def test_acolyte(kit, aid):
    s = kit.fresh()
    kit.appr(s, 0, [aid])
    kit.give(s, 0, gold=1)
    kit.hand(s, 0, [40])
    s["rewards"] = [9]
    h0 = len(s["bdeck"])
    s = kit.play(s, 0, "place guildhall", "cathedral")
    P = s["players"][0]
    want = D.APPRENTICES[aid][4]
    if "building" in want:
        assert len(P["hand"]) == 1 and len(s["bdeck"]) == h0
    else:
        ((r, k),) = want.items()
        assert P[r] == k


@pytest.mark.parametrize("aid", IDS["conspirator"])
@pytest.mark.parametrize("mode,cost", [("per_action", 2), ("per_capture", 1)])
def test_conspirator(kit, aid, mode, cost):
    """3 captures normally cost 1 tax + 2 silver (3)."""
    s = kit.fresh(n=3, conspirator_mode=mode)
    kit.appr(s, 0, [aid])
    for q in (0, 1, 2):
        kit.put(s, "quarry", q, 1)
    kit.put(s, "towncentre", 0, 2)
    kit.give(s, 0, silver=5, virtue=7)
    tax0 = s["tax"]
    s = kit.play(
        s, 0, "place towncentre", "capture quarry 1", "capture quarry 2", "capture quarry 0"
    )
    assert 5 - s["players"][0]["silver"] == cost
    assert s["tax"] == tax0 + 1


def test_two_conspirators_per_action(kit):
    s = kit.fresh(n=3)
    kit.appr(s, 0, [4, 5])
    for q in (0, 1, 2):
        kit.put(s, "quarry", q, 1)
    kit.put(s, "towncentre", 0, 2)
    kit.give(s, 0, silver=1)
    s = kit.play(
        s, 0, "place towncentre", "capture quarry 1", "capture quarry 2", "capture quarry 0"
    )
    assert s["players"][0]["silver"] == 0


@pytest.mark.parametrize("aid", IDS["debtcollector"])
def test_debt_collector(kit, aid):
    s = kit.fresh()
    kit.appr(s, 0, [aid])
    kit.give(s, 0, silver=6, debts=1)
    s = kit.play(s, 0, "place guardhouse", "paydebt")
    ((r, k),) = D.APPRENTICES[aid][4].items()
    assert s["players"][0][r] == k


def test_gatekeeper(kit):
    s = kit.fresh()
    kit.appr(s, 1, [9])
    kit.jail(s, 1, 3)
    w = s["players"][1]["workers"]
    R.black_market_reset(s)
    assert s["prison"][1] == 1 and s["players"][1]["workers"] == w + 2


def test_illusionist(kit):
    s = kit.fresh()
    kit.appr(s, 0, [10])
    kit.give(s, 0, silver=1)
    s = kit.play(s, 0, "place market 1")
    assert s["players"][0]["virtue"] == 7


@pytest.mark.parametrize("aid", IDS["jeweller"])
def test_jeweller(kit, aid):
    s = kit.fresh()
    kit.appr(s, 0, [aid])
    assert kit.play(s, 0, "place silversmith")["players"][0]["silver"] == 3


def test_labourer_has_all_three_skills(kit):
    s = kit.fresh()
    kit.hand(s, 0, [9])
    kit.give(s, 0, clay=4, wood=2, stone=3, marble=2)
    assert not R.can_build(s, 0, 9)
    kit.appr(s, 0, [13])
    assert R.can_build(s, 0, 9)


@pytest.mark.parametrize("aid", IDS["trade"])
def test_storehouse_trade_apprentice(kit, aid):
    s = kit.fresh()
    kit.appr(s, 0, [aid])
    give, get = D.APPRENTICES[aid][4]
    s = kit.play(s, 0, "place storehouse")
    assert f"use {aid}" not in kit.game.legal(s, 0)  # cannot afford yet
    for r, k in give.items():
        s["players"][0][r] = k
    s = kit.play(s, 0, f"use {aid}")
    P = s["players"][0]
    for r in give:
        assert P[r] == 0
    for r, k in get.items():
        assert P[r] == (7 + k if r == "virtue" else k)


@pytest.mark.parametrize("aid", IDS["miner"])
@pytest.mark.parametrize("option", ["clay", "gold"])
def test_miner(kit, aid, option):
    s = kit.fresh()
    kit.appr(s, 0, [aid])
    kit.put(s, "mines", 0, 1)
    s = kit.play(s, 0, f"place mines {option}")
    P = s["players"][0]
    assert (P["clay"], P["gold"]) == ((4, 0) if option == "clay" else (1, 1))


def test_pickpocket(kit):
    s = kit.fresh()
    kit.appr(s, 0, [25])
    s = kit.play(s, 0, "place taxstand")
    assert s["players"][0]["gold"] == 1 and s["players"][0]["silver"] == 4


@pytest.mark.parametrize("aid", IDS["squire"])
def test_squire(kit, aid):
    s = kit.fresh()
    kit.appr(s, 0, [aid])
    kit.jail(s, 1, 1)
    R.black_market_reset(s)
    ((r, k),) = D.APPRENTICES[aid][4].items()
    assert s["players"][0][r] == (7 + k if r == "virtue" else k)
    s2 = kit.fresh()
    kit.appr(s2, 0, [aid])
    kit.jail(s2, 0, 1)
    R.black_market_reset(s2)
    assert s2["players"][0][r] == (7 if r == "virtue" else 0)


def test_gatekeeper_release_satisfies_squire(kit):
    s = kit.fresh()
    kit.appr(s, 0, [9, 26])
    kit.jail(s, 0, 2)
    R.black_market_reset(s)
    assert s["prison"][0] == 0 and s["players"][0]["gold"] == 1


@pytest.mark.parametrize("aid", IDS["stonecutter"])
def test_stonecutter(kit, aid):
    s = kit.fresh()
    kit.appr(s, 0, [aid])
    assert kit.play(s, 0, "place quarry")["players"][0]["stone"] == 2


@pytest.mark.parametrize("aid", IDS["swindler"])
@pytest.mark.parametrize("space", [1, 2, 3])
def test_swindler(kit, aid, space):
    s = kit.fresh()
    s["bm_small"] = [1]
    s["bm_large"] = [1]
    kit.appr(s, 0, [aid])
    kit.give(s, 0, silver=3)
    s = kit.play(s, 0, f"place market {space}")
    ((r, k),) = D.APPRENTICES[aid][4].items()
    base = {1: D.BM_SMALL[1], 2: {}, 3: D.BM_LARGE[1]}[space]
    assert s["players"][0][r] == k + base.get(r, 0)


def test_thief(kit):
    s = kit.fresh()
    kit.appr(s, 0, [34])
    assert kit.play(s, 0, "place taxstand")["players"][0]["virtue"] == 6


@pytest.mark.parametrize("space,cost", [(1, 0), (2, 1), (3, 2)])
def test_trickster(kit, space, cost):
    s = kit.fresh()
    kit.appr(s, 0, [38])
    kit.give(s, 0, silver=cost)
    assert f"place market {space}" in kit.game.legal(s, 0)
    s = kit.play(s, 0, f"place market {space}")
    assert s["players"][0]["silver"] == 0


@pytest.mark.parametrize("aid", IDS["woodcutter"])
def test_woodcutter(kit, aid):
    s = kit.fresh()
    kit.appr(s, 0, [aid])
    assert kit.play(s, 0, "place forest")["players"][0]["wood"] == 2


def test_apprentice_limit_and_dismiss(kit):
    s = kit.fresh()
    kit.appr(s, 0, [11, 12, 19, 20, 29])
    kit.give(s, 0, silver=4)
    s = kit.play(s, 0, "place workshop")
    assert kit.game.legal(s, 0) == [
        "draw",
        "dismiss 11",
        "dismiss 12",
        "dismiss 19",
        "dismiss 20",
        "dismiss 29",
    ]
    s = kit.play(s, 0, "dismiss 11")
    assert s["adeck"][-1] == 11 and s["players"][0]["virtue"] == 7
    first = s["arows"][0][0][0]
    s = kit.play(s, 0, f"hire {first}")
    assert len(s["players"][0]["appr"]) == 5
    # dismissing is only for the player whose turn it is
    assert not any(a.startswith("dismiss") for a in kit.game.legal(s, 0))


def test_rudolf_six_apprentices_and_cheaper_hire(kit):
    s = kit.fresh()
    s["players"][0]["board"] = "Rudolf"
    kit.appr(s, 0, [11, 12, 19, 20, 29])
    kit.give(s, 0, silver=3)
    first = s["arows"][0][0][0]
    s = kit.play(s, 0, "place workshop", f"hire {first}")
    P = s["players"][0]
    assert len(P["appr"]) == 6 and P["silver"] == 0


def test_apprentices_may_be_dismissed_at_any_decision_mid_storehouse_included(kit):
    """Transcript (seed 004), Taller: "pueden descartar Aprendices en cualquier
    momento para liberar espacio para los nuevos. Los Aprendices descartados
    deben colocarse boca abajo debajo del Mazo". Offered at every decision the
    player owes, in the middle of a King's Storehouse visit too."""
    aid = 15
    give, _get = D.APPRENTICES[aid][4]
    s = kit.fresh()
    kit.appr(s, 0, [11, aid])
    for r, k in give.items():
        s["players"][0][r] = k
    s = kit.play(s, 0, "place storehouse")
    assert kit.game.prompt(s, 0).kind == "architects.storehouse"
    assert {"dismiss 11", f"dismiss {aid}", f"use {aid}"} <= set(kit.game.legal(s, 0))
    s2 = kit.play(s, 0, "dismiss 11")
    assert s2["players"][0]["appr"] == [aid] and s2["adeck"][-1] == 11
    assert kit.game.prompt(s2, 0).kind == "architects.storehouse"  # the visit goes on
    assert f"use {aid}" in kit.game.legal(s2, 0)
    s3 = kit.play(s2, 0, f"dismiss {aid}")  # dismissing the trader: no 'use' any more
    assert f"use {aid}" not in kit.game.legal(s3, 0) and "done" in kit.game.legal(s3, 0)
    # Only the player who owes a decision: seat 1 waits, so it cannot dismiss now.
    kit.appr(s, 1, [12])
    assert not any(a.startswith("dismiss") for a in kit.game.legal(s, 1))
    with pytest.raises(IllegalAction, match="at a decision of yours"):
        kit.game.apply(s, 0, "dismiss 12")


def test_a_waiting_player_dismisses_at_its_own_decision_on_another_turn(kit):
    """ "en cualquier momento": Hugo's debt choice at a Black Market reset is his
    decision on seat 0's turn; he may dismiss an apprentice there too."""
    s = kit.fresh()
    s["players"][1].update(board="Hugo", silver=5)
    kit.appr(s, 1, [12])
    kit.jail(s, 1, 2)
    s["market"] = [2, 2, None]
    s["players"][2]["workers"] -= 2
    kit.give(s, 0, silver=3)
    s = kit.play(s, 0, "place market 3")
    assert kit.game.to_act(s) == [1] and s["turn"] == 0
    assert "dismiss 12" in kit.game.legal(s, 1)
    s = kit.play(s, 1, "dismiss 12")
    assert s["players"][1]["appr"] == [] and kit.game.to_act(s) == [1]
