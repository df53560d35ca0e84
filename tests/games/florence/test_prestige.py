"""Prestige cards (spec §9.3, example E11) and end-of-game scoring."""

import pytest

from florencia_tui.games import get_game
from florencia_tui.games.florence import scoring as SC

GAME = get_game("florence")


def owner_state(fl):
    """E11 owner (seat 0): 2 forests, 1 lake, 2 builders, 1 prestige card,
    2 freedoms, 4 professions + 1 recruiting card on the table, 1 profession
    in hand; University, Workshop, Opera, Tower, Chapel. Opponents bare."""
    s = fl.action_phase(3, rnd=7)
    fl.clear_hands(s)
    fl.give_hand(s, 0, "poet")
    fl.give_display(s, 0, "goldsmith", "botanist", "painter", "jurist", "R")
    p = s["players"][0]
    p["builders"], p["freedoms"] = 2, ["opinion", "religion"]
    fl.furnish(
        s, 0, ["university", "workshop", "opera", "tower", "chapel"], {"forest": 2, "lake": 1}
    )
    return s


def _p3(fl, s):
    fl.furnish(s, 1, ["library", "studio", "hospital", "theatre", "laboratory"])


def _p1(fl, s):
    fl.furnish(s, 1, [], {"lake": 1})
    fl.furnish(s, 2, [], {"lake": 1})


def _p2(fl, s):
    pass


def _p9(fl, s):
    fl.furnish(s, 1, [], {"park": 3})


def _p4(fl, s):
    s["players"][1]["builders"] = 1


def _p7(fl, s):
    fl.give_display(s, 2, "R", "R", "doctor", "organist", "sculptor")


def _p5(fl, s):
    # the opponent covers one square more than the owner's 36
    s["players"][1]["grid"] = s["players"][0]["grid"].replace(".", "p", 1)


E11 = [
    ("P03", _p3, 3),
    ("P14", _p2, 0),
    ("P01", _p1, 3),
    ("P02", _p2, 0),
    ("P10", _p2, 0),
    ("P13", _p2, 5),
    ("P09", _p9, 4),
    ("P12", _p2, 0),
    ("P04", _p4, 6),
    ("P07", _p7, 4),
    ("P05", _p5, 0),
    ("P08", _p2, 7),
    ("P11", _p2, 6),
    ("P06", _p2, 0),
]


@pytest.mark.parametrize("card,setup,expected", E11, ids=[c for c, _, _ in E11])
def test_e11_prestige_card(fl, card, setup, expected):
    s = owner_state(fl)
    s["players"][0]["prestige"] = [card]
    setup(fl, s)
    assert SC.prestige_points(s, 0, card) == expected


def test_p05_needs_the_fewest_empty_spaces(fl):
    s = owner_state(fl)
    assert SC.prestige_points(s, 0, "P05") == 8
    fl.furnish(
        s, 1, ["university", "workshop", "opera", "tower", "chapel"], {"forest": 2, "lake": 1}
    )
    assert SC.counts(s["players"][1])["empty"] == SC.counts(s["players"][0])["empty"]
    assert SC.prestige_points(s, 0, "P05") == 4


def test_most_cards_full_tied_and_zero(fl):
    s = owner_state(fl)
    assert SC.prestige_points(s, 0, "P06") == 0  # nobody has a park
    fl.furnish(s, 0, [], {"park": 1})
    assert SC.prestige_points(s, 0, "P06") == 5
    fl.furnish(s, 1, [], {"park": 1})
    fl.furnish(s, 2, [], {"park": 1})
    assert SC.prestige_points(s, 0, "P06") == 3  # three-way tie: bracket value
    fl.furnish(s, 2, [], {"park": 1})
    assert SC.prestige_points(s, 0, "P06") == 0
    s["players"][0]["jesters"] = 1
    assert SC.prestige_points(s, 0, "P02") == 6
    s["players"][1]["jesters"] = 1
    assert SC.prestige_points(s, 0, "P02") == 3


def test_threshold_cards_ignore_opponents(fl):
    s = owner_state(fl)
    p = s["players"][0]
    p["jesters"] = 1
    assert SC.prestige_points(s, 0, "P10") == 7
    p["freedoms"].append("travel")
    assert SC.prestige_points(s, 0, "P12") == 8
    fl.furnish(s, 0, [], {"park": 1})
    assert SC.prestige_points(s, 0, "P14") == 8
    for q in s["players"][1:]:
        q["freedoms"] = ["opinion", "religion", "travel"]
    assert SC.prestige_points(s, 0, "P12") == 8


def test_p10_needs_two_landscape_types_as_printed(fl):
    """T1 (seed 000), CARTAS DE PRESTIGIO 2: "Por al menos 1 Arquitecto y 1 bufón
    y 2 Tipos de Paisajes recibes 7 Puntos de Prestigio". Two forests are one
    type: no points by default; the variant `p10_one_type` (the English card's
    "2 Landscapes") pays them."""
    s = fl.action_phase(3)
    p = s["players"][0]
    p["builders"], p["jesters"] = 1, 1
    fl.furnish(s, 0, [], {"forest": 2})
    assert s["options"]["p10_one_type"] is False  # the default: as printed
    assert SC.prestige_points(s, 0, "P10") == 0
    s["options"]["p10_one_type"] = True
    assert SC.prestige_points(s, 0, "P10") == 7
    s["options"]["p10_one_type"] = False
    fl.furnish(s, 0, [], {"park": 1})  # forest + park: 2 types
    assert SC.prestige_points(s, 0, "P10") == 7


def test_p10_reading_of_a_state_saved_before_the_default_changed(fl):
    """A state begun when "2 Landscapes" was the default stored `p10_types:
    false`; it keeps that reading. One that chose T1's "2 Tipos de Paisajes"
    (`p10_types: true`) keeps that one."""
    s = fl.action_phase(3)
    p = s["players"][0]
    p["builders"], p["jesters"] = 1, 1
    fl.furnish(s, 0, [], {"forest": 2})
    del s["options"]["p10_one_type"]
    s["options"]["p10_types"] = False
    assert SC.prestige_points(s, 0, "P10") == 7
    assert GAME.options_in_effect(s)["p10_one_type"] is True
    s["options"]["p10_types"] = True
    assert SC.prestige_points(s, 0, "P10") == 0


def test_end_of_game_scores_prestige_cards_and_money_breaks_ties(fl):
    s = owner_state(fl)
    s["players"][0]["prestige"] = ["P08", "P13"]
    s["players"][1]["prestige"] = ["P06"]
    s["players"][0]["pp"] = 40
    s["players"][1]["pp"] = 52
    s["players"][2]["pp"] = 52
    s["players"][1]["money"] = 900
    s["players"][2]["money"] = 1000
    mid = fl.GAME.scores(s)
    assert [c.total for c in mid] == [40, 52, 52]  # prestige cards still secret
    s = fl.play(s, (0, "done"), (1, "done"), (2, "done"))
    assert fl.GAME.is_over(s) and fl.GAME.to_act(s) == []
    cards = fl.GAME.scores(s)
    assert [c.total for c in cards] == [52, 52, 52]
    for c in cards:
        assert sum(line.points for line in c.lines) == c.total
    assert [c.rank for c in cards] == [1, 3, 2]  # florins 3500 > 1000 > 900
    assert cards[0].winner and cards[0].tiebreak == 3500
