"""Spec 6.2-6.5, 12.3, 12.6, 12.7: master builder, auctions, the 4+ hand-out."""

import pytest

from florencia_tui.core.errors import IllegalAction
from florencia_tui.games.palazzo.game import GAME

MONIKA = ["Red3", "Red4", "Green4", "Green6", "Blue4", "C2", "C2", "C2"]


def with_quarry(mk, n, tiles, hands, target=1):
    s = mk(n, hands=hands)
    s["quarries"][target] = list(tiles)
    s["phase"] = "buy_or_auction"
    return s


def test_monika_bidding_example(mk, run):
    ben = ["Red3", "Green3", "Blue3", "Blue5", "Blue5", "Blue6", "Blue7"]
    s = with_quarry(mk, 2, ["B41", "S52"], [list(MONIKA), ben])
    # step 1: the opening is automatic
    s = run(s, (0, "auction"))
    a = s["auction"]
    assert a["bids"]["0"] == {"cards": ["C3"], "total": 3, "currency": None}
    assert s["cert3"] == 0 and a["high_total"] == 3 and a["turn"] == 1
    assert s["quarries"][1] == [] and s["master"] == 1
    # step 2: high 15, Monika adds the group of 4s: 18, uncommitted
    s = run(s, (1, "bid Red3+Green3+Blue3"), (0, "bid Red4+Green4+Blue4"))
    st = s["auction"]["bids"]["0"]
    assert st["total"] == 18 and st["currency"] is None
    # step 3: high 25; both options legal; she adds Green6+C2 -> 26, Green
    s = run(s, (1, "bid Blue5+Blue5"))
    assert s["auction"]["high_total"] == 25
    legal = GAME.legal(s, 0)
    assert "bid C2+C2+C2" in legal and "bid Green6+C2" in legal
    assert legal == [
        "bid C2+C2+C2",
        "bid Red3+C2+C2+C2",
        "bid Green6+C2",
        "bid Green6+C2+C2",
        "bid Green6+C2+C2+C2",
        "pass",
    ]
    s = run(s, (0, "bid Green6+C2"))
    st = s["auction"]["bids"]["0"]
    assert st["total"] == 26 and st["currency"] == "Green"
    # step 4: high 31; only pass is legal
    s = run(s, (1, "bid Blue6"))
    assert s["auction"]["high_total"] == 31
    assert GAME.legal(s, 0) == ["pass"]
    with pytest.raises(IllegalAction, match="total 30 does not beat the high bid 31"):
        GAME.apply(s, 0, "bid C2+C2")
    with pytest.raises(IllegalAction, match="Red3 is not Green"):
        GAME.apply(s, 0, "bid Red3")
    s = run(s, (0, "pass"))
    assert s["hands"][0] == sorted(MONIKA, key=MONIKA.index)
    assert s["cert3"] == "table"
    # Ben was the last bidder: he wins, pays his 31 and builds both tiles
    assert s["phase"] == "build" and s["pending"] == [
        {"k": "build", "p": 1, "tiles": ["B41", "S52"]}
    ]
    assert sorted(s["discard"]) == sorted(["Red3", "Green3", "Blue3", "Blue5", "Blue5", "Blue6"])
    assert s["hands"][1] == ["Blue7"]
    s = run(s, (1, "build B41 new"), (1, "build S52 on 1"))
    assert s["palaces"][1] == [["B41", "S52"]]
    assert s["active"] == 1 and s["phase"] == "turn"


def test_uncommitted_bidder_may_add_any_one_currency(mk):
    s = with_quarry(mk, 2, ["B41"], [list(MONIKA), ["Red7", "Red7", "Red7", "Red5"]])
    s = GAME.apply(s, 0, "auction")
    s = GAME.apply(s, 1, "bid Red7+Red7+Red5")
    assert "bid Red3+C2+C2+C2" in GAME.legal(s, 0)


def test_12_7_nobody_bids(mk, run):
    s = with_quarry(mk, 3, ["S31a", "B42"], [["Red3"], ["Red7"], ["Blue7"]], target=2)
    s = run(s, (0, "auction"), (1, "pass"), (2, "pass"))
    assert s["cert3"] == "table"
    assert s["discard"] == [] and s["hands"][0] == ["Red3"]
    assert s["pending"] == [{"k": "build", "p": 0, "tiles": ["S31a", "B42"]}]
    assert GAME.to_act(s) == [0]
    s = run(s, (0, "build S31a new"), (0, "build B42 on 1"))
    assert s["palaces"][0] == [["S31a", "B42"]]
    assert s["active"] == 1 and GAME.to_act(s) == [1]


def test_12_7_four_player_auction(mk, run):
    hands = [["C2", "C2"], ["Red4", "Red5"], ["Green3", "Green3", "Green4", "Blue4"], ["Red7"]]
    s = with_quarry(mk, 4, ["M41", "M52"], hands)
    s = run(
        s,
        (0, "auction"),
        (1, "bid Red4"),
        (2, "bid Green3+Green3"),
        (3, "pass"),
        (0, "bid C2+C2"),
        (1, "bid Red5"),
    )
    assert s["auction"]["bids"]["0"]["total"] == 7
    assert s["auction"]["high_total"] == 9
    assert "bid Blue4" not in GAME.legal(s, 2)
    with pytest.raises(IllegalAction, match="Blue4 is not Green: this bid is committed to Green"):
        GAME.apply(s, 2, "bid Blue4")
    s = run(s, (2, "bid Green4"))
    assert s["auction"]["high_total"] == 10 and s["auction"]["turn"] == 0  # D is skipped
    s = run(s, (0, "pass"))
    assert s["hands"][0] == ["C2", "C2"] and s["cert3"] == "table"
    s = run(s, (1, "pass"))
    assert s["hands"][1] == ["Red4", "Red5"]
    assert s["pending"][-1]["p"] == 2
    assert sorted(s["discard"]) == ["Green3", "Green3", "Green4"]
    assert s["hands"][2] == ["Blue4"]
    s = run(s, (2, "discard M41"), (2, "build M52 new"))
    assert s["active"] == 1  # left of the starter A, not of the winner C


def test_auction_refusals(mk, run):
    s = with_quarry(mk, 3, ["M41"], [["C2"], ["C2", "Red4", "Green5"], []])
    s = run(s, (0, "auction"))
    with pytest.raises(IllegalAction, match="does not beat"):
        GAME.apply(s, 1, "bid C2")
    with pytest.raises(IllegalAction, match="mix currencies"):
        GAME.apply(s, 1, "bid Red4+Green5")
    with pytest.raises(IllegalAction, match="do not hold"):
        GAME.apply(s, 1, "bid Red7")
    with pytest.raises(IllegalAction, match="opening"):
        GAME.apply(s, 1, "bid C3")
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, "pass")  # not seat 0's decision
    s = run(s, (1, "bid Red4+C2"))
    assert GAME.legal(s, 2) == ["pass"]  # no cards: only pass


def test_12_6_quarry_placement_and_master_move(mk, run):
    s = mk(3)
    s["quarries"] = [[], [], ["S31a"], ["M12"]]
    s["stacks"]["I"] = ["B11", "B42", "M23"]  # M23 drawn first, then B42
    s = run(s, (0, "tiles"))
    assert s["supply"] == ["M23"] and s["quarries"][2] == ["S31a", "B42"]
    assert s["master"] == 0  # drawing does not move the master builder
    assert "B42 to Q2" in s["last"]
    s = run(s, (0, "auction"))
    assert s["master"] == 2 and s["auction"]["tiles"] == ["S31a", "B42"]


@pytest.mark.parametrize("master, second, quarry", [(2, "S13", 1), (3, "M21", 0), (0, "B42", 2)])
def test_12_6_offsets(mk, run, master, second, quarry):
    s = mk(2, master=master)
    s["stacks"]["I"] = [second, "B11"]
    s = run(s, (0, "tiles"))
    assert s["quarries"][quarry] == [second]


def test_12_6_four_or_more_handout(mk, run):
    s = mk(3, master=1)
    s["quarries"][2] = ["S11", "S22", "M33", "B13"]
    s["stacks"]["I"] = ["B31b", "M11"]
    s = run(s, (0, "tiles"))
    assert len(s["quarries"][2]) == 5
    s = run(s, (0, "auction"))
    assert s["master"] == 2 and s["auction"] is None and s["phase"] == "pick"
    assert GAME.to_act(s) == [0]
    assert set(GAME.legal(s, 0)) == {f"pick {t}" for t in ["S11", "S22", "M33", "B13", "B31b"]}
    s = run(s, (0, "pick S11"), (0, "build S11 new"))
    assert GAME.to_act(s) == [1]
    v = GAME.view(s, 2)
    assert v["handout"]["next"] == 1 and "S11" not in v["handout"]["tiles"]
    s = run(s, (1, "pick S22"), (1, "discard S22"), (2, "pick B31b"), (2, "build B31b new"))
    assert s["palaces"] == [[["S11"]], [], [["B31b"]]]
    assert s["active"] == 1 and s["phase"] == "turn"
    assert sorted(s["out"][-2:]) == ["B13", "M33"]
    assert s["cert3"] == "table" and s["discard"] == []
    # leftovers are never shown
    for seat in (None, 0, 1, 2):
        text = repr(GAME.view(s, seat))
        assert "M33" not in text and "B13" not in text
        assert "M33" not in s["last"]


def test_four_players_four_tiles_all_taken(mk, run):
    s = mk(4, master=3)
    s["quarries"][1] = ["S11", "S22", "M33", "B13"]
    s["phase"] = "buy_or_auction"
    s = run(s, (0, "auction"))
    assert s["master"] == 1
    for seat in range(4):
        t = s["handout"]["tiles"][0]
        s = run(s, (seat, f"pick {t}"), (seat, f"discard {t}"))
    assert s["active"] == 1 and s["handout"] is None
