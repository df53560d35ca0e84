"""Spec 12.1: the rulebook scoring examples and the Tip."""

import pytest

from florencia_tui.games.palazzo.game import GAME
from florencia_tui.games.palazzo.scoring import palace_lines, palace_score


@pytest.mark.parametrize(
    "tiles, vp",
    [
        (["S33"], -5),  # S1
        (["B23", "B42"], 0),  # S2
        (["B13", "S21", "B52"], 6),  # S3
        (["S22", "S32", "S42", "S51"], 13),  # S4
        (["M13", "M21", "M32", "S43", "M52"], 17),  # S5
        (["B11", "B22", "B33", "B41", "B51"], 20),  # S6
        (["M22", "M31a", "M42"], 8),  # S7
        (["M22", "M31", "M42"], 8),  # S7 as written in the spec
    ],
)
def test_rulebook_examples(tiles, vp):
    assert palace_score(tiles) == vp
    assert sum(p for _, p in palace_lines(tiles)) == vp


def test_lines_name_each_part():
    lines = dict(palace_lines(["B11", "B22", "B33", "B41", "B51"]))
    assert lines["5 floors"] == 0
    assert lines["windows (8)"] == 8
    assert lines["height bonus"] == 6
    assert lines["pure bonus"] == 6
    mixed = dict(palace_lines(["M13", "M21", "M32", "S43"]))
    assert mixed["height bonus"] == 3 and mixed["pure bonus (mixed)"] == 0
    assert dict(palace_lines(["S33"]))["1 floor"] == -5


def test_two_floor_pure_palace_gets_no_bonus_and_no_windows():
    assert palace_score(["M13", "M53"]) == 0


def test_tip_rebuild_gains_13(mk, run):
    s = mk(2, palaces=[[["S33"], ["B23", "B42"]], []], hands=[["C2"], []])
    assert GAME.scores(s)[0].total == -5
    s = run(s, (0, "rebuild"), (0, "insert 1 2"), (0, "pay C2"))
    assert s["palaces"][0] == [["B23", "S33", "B42"]]
    card = GAME.scores(s)[0]
    assert card.total == 8
    assert [ln.label for ln in card.lines] == ["Palace 1 [B23 S33 B42]"]
    assert s["discard"][-1] == "C2" and s["hands"][0] == []
