"""Spec 3-7, 10, 12.5, 12.8-12.11: money, buying, rebuilding, the end, tie-breaks."""

import pytest

from florencia_tui.bots.evaluate import candidates
from florencia_tui.core.errors import IllegalAction
from florencia_tui.games.palazzo.game import GAME

# ------------------------------------------------------------------ 12.5 buy


def test_12_5_buy_two_in_one_payment(mk, run):
    s = mk(2, supply=["B11", "S22"], hands=[["Red7", "Red7", "Green7", "Blue5", "Blue4", "C2"], []])
    s["stacks"]["I"] = ["S13", "M23"]
    s = run(s, (0, "tiles"))
    assert s["supply"] == ["B11", "S22", "M23"]
    assert GAME.view(s, 0)["price"] == 7
    legal = GAME.legal(s, 0)
    assert {"buy B11", "buy M23", "buy B11 S22", "buy S22 M23", "auction"} <= set(legal)
    s2 = run(s, (0, "buy B11 S22"))
    assert s2["buying"]["price"] == 14
    assert "pay Red7+Red7" in GAME.legal(s2, 0)
    with pytest.raises(IllegalAction, match="mix currencies"):
        GAME.apply(s2, 0, "pay Red7+Green7")
    with pytest.raises(IllegalAction, match="less than the price 14"):
        GAME.apply(s2, 0, "pay Blue5+Blue4+C2")
    s3 = run(s2, (0, "pay Red7+Red7"))
    assert s3["supply"] == ["M23"] and s3["discard"] == ["Red7", "Red7"]
    assert s3["pending"] == [{"k": "build", "p": 0, "tiles": ["B11", "S22"]}]
    assert "Ana buys B11 and S22 for 14 with Red7+Red7" == s3["last"]
    # one tile, overpaid by 4: legal, no change
    s4 = run(s, (0, "buy M23"), (0, "pay Blue4+Blue5+C2"))
    assert s4["hands"][0] == ["Red7", "Red7", "Green7"]


def test_12_5_single_supply_tile_price_9(mk, run):
    s = mk(2, hands=[["Red7", "Red7"], []])
    s["stacks"]["I"] = ["S13", "M23"]
    s = run(s, (0, "tiles"))
    assert GAME.view(s, 0)["price"] == 9
    assert GAME.legal(s, 0) == ["buy M23", "auction"]
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, "buy M23 M23")


def test_12_5_cannot_afford_must_auction(mk, run):
    s = mk(2, supply=["B11"], hands=[["Red4", "Green4"], []])
    s["stacks"]["I"] = ["S13", "M23"]
    s = run(s, (0, "tiles"))
    assert GAME.view(s, 0)["players"][0]["max_payment"] == 4
    assert GAME.legal(s, 0) == ["auction"]
    with pytest.raises(IllegalAction, match="largest single payment is 4"):
        GAME.apply(s, 0, "buy B11")
    with pytest.raises(IllegalAction, match="not in the supply"):
        GAME.apply(s, 0, "buy S13")


def test_price_floors_at_zero(mk, run):
    supply = ["B11", "B12", "B13", "S11", "S12", "S13", "M11", "M12", "M13", "B21"]
    s = mk(2, supply=list(supply))
    s["stacks"]["I"] = ["S22", "M23"]
    s = run(s, (0, "tiles"))
    assert GAME.view(s, 0)["price"] == 0
    s = run(s, (0, "buy B11 B12"))
    assert GAME.legal(s, 0) == ["pay none"]
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, "pay Red3")
    s = run(s, (0, "pay none"), (0, "build B11 new"), (0, "discard B12"))
    assert s["active"] == 1


def test_paying_cards_for_a_free_tile_is_legal_and_gives_no_change(mk, run):
    """Transcript (seed 001), comprar piezas: "Puede pagar más de lo requerido
    pero no recibe cambio." At price 0 too: cards may be paid (pointless, but
    legal), `pay none` stays the sensible answer, and payment rules still hold."""
    supply = ["B11", "B12", "B13", "S11", "S12", "S13", "M11", "M12", "M13", "B21"]
    s = mk(2, supply=list(supply), hands=[["Red3", "Red4", "Green4", "Blue4", "C2"], []])
    s["stacks"]["I"] = ["S22", "M23"]
    s = run(s, (0, "tiles"), (0, "buy B11"))
    assert s["buying"]["price"] == 0
    legal = GAME.legal(s, 0)
    assert legal[0] == "pay none"
    assert {"pay Red3", "pay C2", "pay Red4+Green4+Blue4", "pay Red3+Red4"} <= set(legal)
    assert candidates(GAME, s, 0) == ["pay none"]  # bots never overpay for nothing
    with pytest.raises(IllegalAction, match="mix currencies"):
        GAME.apply(s, 0, "pay Red3+Green4")
    with pytest.raises(IllegalAction, match="do not hold"):
        GAME.apply(s, 0, "pay Blue7")
    paid = run(s, (0, "pay Red3+Red4"))
    assert paid["hands"][0] == ["Green4", "Blue4", "C2"]  # no change
    assert paid["discard"][-2:] == ["Red3", "Red4"] and paid["phase"] == "build"
    assert paid["last"] == "Ana buys B11 for 0 with Red3+Red4"


# ------------------------------------------------------------------ 12.8 money


def test_12_8_reveal_with_reshuffle(mk, run):
    s = mk(3)
    s["deck"] = ["Red3", "Red4"]
    s["discard"] = ["Green3"] * 5 + ["Blue3"] * 5
    s = run(s, (0, "money"))
    assert len(s["revealed"]) == 4
    assert s["revealed"].count("Red3") == 1 and s["revealed"].count("Red4") == 1
    assert len(s["deck"]) == 8 and s["discard"] == []
    assert s["takers"] == [0, 0, 1, 2]
    assert GAME.view(s, None)["revealed"] == s["revealed"]
    first = s["revealed"][0]
    s = run(s, (0, f"take {first}"))
    assert GAME.to_act(s) == [0]
    with pytest.raises(IllegalAction, match="not among the revealed"):
        GAME.apply(s, 0, "take Red7")
    for seat in (0, 1, 2):
        s = run(s, (seat, GAME.legal(s, seat)[0]))
    assert [len(h) for h in s["hands"]] == [2, 1, 1]
    assert s["revealed"] == [] and s["active"] == 1 and s["phase"] == "turn"


def test_12_8_too_few_cards(mk):
    s = mk(3, hands=[[], [], []])
    s["deck"] = ["Red3", "Red4"]
    s["discard"] = ["Green3"]
    assert "money" not in GAME.legal(s, 0)
    with pytest.raises(IllegalAction, match="needs 4 cards"):
        GAME.apply(s, 0, "money")


def test_12_8_two_players_reveal_three(mk, run):
    s = run(mk(2), (0, "money"))
    assert len(s["revealed"]) == 3 and s["takers"] == [0, 0, 1]
    assert s["last"].startswith("Ana takes money: reveals ")


# ------------------------------------------------------------------ 12.9 rebuild


def rebuild_state(mk, hand=("C2",)):
    return mk(2, palaces=[[["B12", "S31a", "M42"], ["S51"]], []], hands=[list(hand), []])


def test_12_9_detach(mk, run):
    s = rebuild_state(mk)
    assert "rebuild" in GAME.legal(s, 0)
    s = run(s, (0, "rebuild"))
    assert set(GAME.legal(s, 0)) == {
        "detach 1 1",
        "detach 1 3",
        "detach 1 4",
        "insert 2 1",
        "scrap 2",
    }
    s = run(s, (0, "detach 1 3"))
    assert s["palaces"][0] == [["B12", "M42"], ["S51"], ["S31a"]]
    assert GAME.legal(s, 0) == ["pay C2"]
    s = run(s, (0, "pay C2"))
    assert s["hands"][0] == [] and s["discard"] == ["C2"] and s["active"] == 1


def test_12_9_insert_and_scrap(mk, run):
    s = run(rebuild_state(mk), (0, "rebuild"), (0, "insert 2 1"), (0, "pay C2"))
    assert s["palaces"][0] == [["B12", "S31a", "M42", "S51"]]
    s = run(rebuild_state(mk), (0, "rebuild"), (0, "scrap 2"), (0, "pay C2"))
    assert s["palaces"][0] == [["B12", "S31a", "M42"]] and "S51" in s["out"]


def test_12_9_illegal_rebuilds(mk, run):
    s = mk(2, palaces=[[["B12", "S31a", "M42"], ["S22", "M43"], ["S32"]], []], hands=[["Red3"], []])
    s = run(s, (0, "rebuild"))
    with pytest.raises(IllegalAction, match="only a single-tile palace can be inserted"):
        GAME.apply(s, 0, "insert 1 2")
    with pytest.raises(IllegalAction, match="already has floor 3"):
        GAME.apply(s, 0, "insert 3 1")
    with pytest.raises(IllegalAction, match="single tile already"):
        GAME.apply(s, 0, "detach 3 3")
    with pytest.raises(IllegalAction, match="no floor 5"):
        GAME.apply(s, 0, "detach 1 5")
    with pytest.raises(IllegalAction, match="only a single-tile"):
        GAME.apply(s, 0, "scrap 1")
    s2 = run(s, (0, "insert 3 2"))
    assert s2["palaces"][0] == [["B12", "S31a", "M42"], ["S22", "S32", "M43"]]
    with pytest.raises(IllegalAction, match="exactly one card"):
        GAME.apply(s2, 0, "pay none")
    # an empty hand forbids rebuilding
    e = mk(2, palaces=[[["S51"]], []])
    assert "rebuild" not in GAME.legal(e, 0)
    with pytest.raises(IllegalAction, match="hand is empty"):
        GAME.apply(e, 0, "rebuild")
    # no palaces: nothing to rebuild even with cards
    n = mk(2, palaces=[[], []], hands=[["C2"], []])
    assert "rebuild" not in GAME.legal(n, 0)


# ------------------------------------------------------------------ 12.10 end


def end_state(mk, riders, stack_iii, **kw):
    s = mk(3, **kw)
    s["stacks"] = {"I": [], "II": [], "III": list(stack_iii)}
    s["riders"] = [f"R{i}" for i in range(1, riders + 1)]
    return s


def test_12_10_second_draw_fifth_rider(mk, run):
    s = end_state(mk, 4, ["S52", "R5", "B53"], hands=[["Red7"] * 3, [], []])
    s = run(s, (0, "tiles"))
    assert GAME.is_over(s) and GAME.to_act(s) == [] and GAME.legal(s, 0) == []
    assert s["supply"] == ["B53"] and s["palaces"][0] == []
    assert s["stacks"]["III"] == ["S52"]
    assert "game ends" in s["last"]
    v = GAME.view(s, 0)
    assert v["over"] and v["prompt_kind"] is None and v["riders"] == 5
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(s, 0, "auction")
    assert GAME.status(s).endswith("game over")


def test_12_10_two_riders_then_nothing_to_auction(mk, run):
    s = end_state(
        mk, 2, ["S52", "R4", "R3"], supply=["S41"], master=1, hands=[["Red4", "Red5"], [], []]
    )
    s = run(s, (0, "tiles"))
    assert len(s["riders"]) == 4 and not GAME.is_over(s)
    assert s["supply"] == ["S41"] and all(q == [] for q in s["quarries"])
    assert GAME.view(s, 0)["price"] == 9
    assert GAME.legal(s, 0) == ["buy S41", "auction"]
    s2 = run(s, (0, "auction"))
    assert s2["master"] == 1 and s2["active"] == 1 and s2["phase"] == "turn"
    assert "nothing" in s2["last"]
    s["hands"][0] = ["Red4"]
    assert GAME.legal(s, 0) == ["auction"]


def test_12_10_first_draw_fifth_rider(mk, run):
    s = end_state(mk, 4, ["B53", "R5"])
    s = run(s, (0, "tiles"))
    assert GAME.is_over(s) and s["stacks"]["III"] == ["B53"] and s["supply"] == []


# ------------------------------------------------------------------ 12.11 tie-break


def test_12_11_tiebreak_largest_single_payment(mk):
    s = mk(
        2,
        hands=[["Red7", "Red6", "Green4"], ["Red4", "Green4", "Blue4", "C2"]],
        palaces=[[["S22", "S32", "S42"]], [["B12", "B22", "B32"]]],
    )
    a, b = GAME.scores(s)
    assert a.total == b.total == 9
    assert (a.tiebreak, b.tiebreak) == (13, 17)
    assert b.winner and not a.winner and b.tiebreak_label == "largest single payment"


def test_tie_on_both_shares_the_win(mk):
    s = mk(2, hands=[["Red7"], ["Blue7"]])
    a, b = GAME.scores(s)
    assert a.winner and b.winner and a.rank == b.rank == 1


def test_monika_hand_tiebreak_36(mk):
    s = mk(2, hands=[["Red3", "Red4", "Green4", "Green6", "Blue4", "C2", "C2", "C2"], []])
    assert GAME.scores(s)[0].tiebreak == 36
