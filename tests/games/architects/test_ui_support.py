"""Engine support for screens: card texts, pure labels, setup choices, status
and which actions may be taken back (undo barriers)."""

from __future__ import annotations

from florencia_tui.games.architects import data as D
from florencia_tui.games.architects import texts
from florencia_tui.games.architects.describe import action_label
from florencia_tui.games.architects.game import GAME


def test_every_card_has_a_text():
    for aid in D.ALL_APPRENTICES:
        assert texts.apprentice_text(aid)
    for _bid, b in D.ALL_BUILDINGS.items():
        assert b[6] in texts.EFFECT_TEXT, b[0]
    assert texts.apprentice_text(14) == "Storehouse action: pay 1 silver -> 3 clay"
    assert texts.apprentice_text(28).endswith("gain 2 virtue; +1 virtue on hire")
    assert texts.building_text(5) == "gain 4 silver; -2 virtue when built"
    assert texts.cost_text(D.CATHEDRAL[2][0]) == "4 wood/stone"


def test_action_label_needs_only_names(kit):
    s = kit.fresh(3)
    for a in ["place mines gold", "capture forest 2", "pay w3s1", "hire 25", "done"]:
        assert action_label(s["names"], a) == GAME.label(s, 0, a)
    assert action_label(["A", "B", "C"], "capture forest 2") == "Capture C at Forest"


def test_setup_choices_are_valid_options():
    for key, _label, values, _hint in GAME.setup_choices():
        assert key in D.DEFAULT_OPTIONS
        assert values[0][0] == D.DEFAULT_OPTIONS[key]
        for value, _ in values:
            s = GAME.new(["A", "B"], 1, {key: value})
            assert s["options"][key] == value


def test_status_puts_the_guildhall_first(kit):
    s = kit.fresh(4)
    assert GAME.status(s).startswith("Guildhall 0/20 - turn")


def test_draws_and_refills_are_undo_barriers(kit):
    s = kit.fresh(2)
    kit.give(s, 0, silver=9)
    after = GAME.apply(s, 0, "place quarry")
    assert not GAME.undo_barrier(s, after, 0, "place quarry")
    mid = GAME.apply(s, 0, "place workshop")
    assert not GAME.undo_barrier(s, mid, 0, "place workshop")
    drew = GAME.apply(mid, 0, "draw")
    assert GAME.undo_barrier(mid, drew, 0, "draw")  # building cards seen
    hire = next(a for a in GAME.legal(mid, 0) if a.startswith("hire"))
    hired = GAME.apply(mid, 0, hire)
    assert GAME.undo_barrier(mid, hired, 0, hire)  # the row refills from the deck


def test_round_number_counts_turns_of_each_player(kit):
    s = GAME.new(["A", "B", "C"], 1)
    assert GAME.round_number(s) is None  # the draft
    s = kit.fresh(3)
    assert GAME.round_number(s) == 1
    s["turns"] = 5
    assert GAME.round_number(s) == 2
