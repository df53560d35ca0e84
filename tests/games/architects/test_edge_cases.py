"""Spec section 13 edge cases not already covered by the worked examples."""

from __future__ import annotations

from florencia_tui.games.architects import rules as R
from florencia_tui.games.architects.game import GAME


def test_gain_at_fourteen_without_debt_is_lost(kit):
    s = kit.fresh()
    kit.give(s, 0, virtue=14)
    R.change_virtue(s, 0, 2)
    assert s["players"][0]["virtue"] == 14 and s["players"][0]["debts"] == 0


def test_paying_a_debt_at_fourteen_destroys_another(kit):
    s = kit.fresh()
    kit.give(s, 0, virtue=14, debts=2, silver=6)
    s = kit.play(s, 0, "place guardhouse", "paydebt")
    P = s["players"][0]
    assert (P["virtue"], P["debts"], P["paid"]) == (14, 0, 1)


def test_cathedral_level_full_until_someone_moves_up(kit):
    s = kit.fresh()
    for q in (1, 2):
        s["players"][q]["cath"] = 3
    kit.give(s, 0, cath=2, marble=1)
    kit.hand(s, 0, [5])
    assert not R.can_cathedral(s, 0)
    s["players"][1]["cath"] = 4
    assert R.can_cathedral(s, 0)


def test_cathedral_at_most_five_levels(kit):
    s = kit.fresh()
    kit.give(s, 0, cath=5, gold=9, marble=9, wood=9, stone=9)
    kit.hand(s, 0, [5])
    assert not R.can_cathedral(s, 0)


def test_deck_running_out_draws_what_is_left(kit):
    s = kit.fresh()
    s["bdeck"] = s["bdeck"][:1]
    kit.put(s, "workshop", 0, 3)
    s = kit.play(s, 0, "place workshop", "draw")
    assert len(s["players"][0]["hand"]) == 1 and s["bdeck"] == []


def test_black_market_middle_with_few_cards_left(kit):
    s = kit.fresh()
    s["bdeck"] = s["bdeck"][:2]
    kit.give(s, 0, silver=2)
    s = kit.play(s, 0, "place market 2", "draw")
    assert len(GAME.legal(s, 0)) == 2


def test_empty_apprentice_deck_leaves_gaps(kit):
    s = kit.fresh()
    s["adeck"] = []
    kit.give(s, 0, silver=2)
    aid = s["arows"][0][1][0]
    s = kit.play(s, 0, "place market 2", f"hire {aid}")
    assert s["arows"][0][3] is None and s["arows"][0][:3] and all(s["arows"][0][:3])


def test_placements_are_always_possible_with_a_worker(kit):
    s = kit.fresh()
    kit.give(s, 0, virtue=12)
    s["tax"] = 0
    legal = GAME.legal(s, 0)
    assert {"place quarry", "place forest", "place mines clay", "place silversmith"} <= set(legal)
    assert "place taxstand" not in legal


def test_capture_at_guardhouse_and_tax_stand_but_never_guildhall(kit):
    s = kit.fresh(n=3)
    kit.put(s, "guardhouse", 1, 1)
    kit.put(s, "taxstand", 2, 1)
    s["guildhall"] = [1]
    kit.give(s, 0, silver=2)
    s = kit.play(s, 0, "place towncentre")
    legal = GAME.legal(s, 0)
    assert "capture guardhouse 1" in legal and "capture taxstand 2" in legal
    assert not any("guildhall" in a or "market" in a or "prison" in a for a in legal)


def test_invalid_text_is_refused_with_a_reason(kit):
    s = kit.fresh()
    for bad in ("", "place", "place atlantis", "trade virtue gold", "pay xyz"):
        try:
            GAME.apply(s, 0, bad)
        except Exception as err:  # noqa: BLE001
            assert type(err).__name__ == "IllegalAction" and str(err)
        else:
            raise AssertionError(bad)
    assert GAME.apply(s, 0, "  PLACE   Quarry ")["players"][0]["stone"] == 1
