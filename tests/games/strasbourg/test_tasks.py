"""One test per task card condition (spec 6), each with a met and an unmet case."""

from __future__ import annotations

import pytest

from florencia_tui.games.strasbourg import data, scoring


def board(h, n=4, city=(), others=(), built=None, chapels=(), council=None, coins=None):
    s = h.blank(n)
    s["city"] = {c: 0 for c in city} | {c: 1 for c in others}
    s["built"] = dict(built or {})
    s["chapels"] = list(chapels)
    s["council"] = {k: None for k in data.COUNCIL_SEATS} | (council or {})
    for p, c in (coins or {}).items():
        s["players"][p]["coins"] = c
    return s


def met(s, tid, p=0):
    return scoring.evaluate(tid, s, p)


BUILDING_TASKS = [("T01", "INN"), ("T02", "FOU"), ("T03", "GRA"), ("T04", "CUS"), ("T05", "TWH")]


@pytest.mark.parametrize("tid,b", BUILDING_TASKS)
def test_building_adjacent_tasks(h, tid, b):
    # C4 neighbours: C3, B4, D4, C5
    s = board(h, city=["C3", "D4"], built={"C4": b})
    assert met(s, tid)
    s = board(h, city=["C3", "D5"], built={"C4": b})  # D5 is diagonal
    assert not met(s, tid)
    s = board(h, city=["C3", "D4"], built={"C4": "INN" if b != "INN" else "FOU"})
    assert not met(s, tid)  # another building there
    s = board(h, city=["C3", "D4"])
    assert not met(s, tid)  # not built


GUILD_TASKS = [("T06", "SM"), ("T07", "VI"), ("T08", "SH"), ("T09", "BU"), ("T10", "BA")]


@pytest.mark.parametrize("tid,g", GUILD_TASKS)
def test_guild_count_tasks(h, tid, g):
    cells = [c for c, i in data.CELLS.items() if i["guild"] == g]
    assert met(board(h, city=cells[:3]), tid)
    assert not met(board(h, city=cells[:2], others=cells[2:4]), tid)


def test_t06_counted_once(h):
    cells = [c for c, i in data.CELLS.items() if i["guild"] == "SM"][:6]
    s = board(h, city=cells)
    s["players"][0]["tasks"] = ["T06"]
    assert scoring.task_points(s, 0) == [("T06", True, 7)]


def test_t11_same_building(h):
    built = {"C4": "INN", "E5": "FOU"}
    assert met(board(h, city=["C3", "B4", "C5"], built=built), "T11")
    # 2 at one building and 2 at another is not enough
    assert not met(board(h, city=["C3", "B4", "E4", "D5"], built=built), "T11")


def test_t12_orthogonal_line(h):
    assert met(board(h, city=["D3", "E3", "F3"]), "T12")
    assert met(board(h, city=["D3", "D4", "D5"]), "T12")
    assert not met(board(h, city=["D3", "E3", "G3"]), "T12")
    assert not met(board(h, city=["D3", "E3"], others=["F3"]), "T12")


@pytest.mark.parametrize("n,need", [(3, 4), (4, 3), (5, 2)])
def test_t13_council_by_player_count(h, n, need):
    seats = data.COUNCIL_SEATS
    s = board(h, n=n, council={k: 0 for k in seats[:need]})
    assert met(s, "T13")
    s = board(h, n=n, council={k: 0 for k in seats[: need - 1]} | {seats[need - 1]: 1})
    assert not met(s, "T13")


def test_t14_four_buildings(h):
    built = {"B2": "INN", "E2": "FOU", "C4": "GRA", "E5": "CUS"}
    assert met(board(h, city=["B3", "E3", "D4", "E4"], built=built), "T14")
    # D4 touches only C4 and E4 only E5: B3, E3, D4 = 3 buildings
    assert not met(board(h, city=["B3", "E3", "D4"], built=built), "T14")


def test_t15_diagonal_line(h):
    assert met(board(h, city=["D3", "E4", "F5"]), "T15")
    assert not met(board(h, city=["A3", "B4", "D6"]), "T15")
    assert met(board(h, city=["C3", "D2", "E1"]), "T15")  # rising diagonal
    assert not met(board(h, city=["C3", "D4", "F6"]), "T15")


def test_t16_majority(h):
    s = board(
        h,
        n=3,
        city=["A1", "B1", "C1", "D1", "E1", "F1"],
        others=["A6", "B6", "C6", "D6", "E6", "F6"],
    )
    assert not met(s, "T16")  # 6 vs 6
    s["city"]["G1"] = 0
    assert met(s, "T16")


def test_t17_same_chapel(h):
    assert met(board(h, city=["A3", "B3", "A4"], chapels=["K3"]), "T17")
    assert not met(board(h, city=["A3", "B3", "A4"], chapels=["K1"]), "T17")
    assert not met(board(h, city=["A3", "B3"], others=["A4"], chapels=["K3"]), "T17")


def test_t18_three_chapels(h):
    city = ["C1", "F1", "A3"]
    assert met(board(h, city=city, chapels=["K1", "K2", "K3"]), "T18")
    assert not met(board(h, city=city, chapels=["K1", "K2", "K4"]), "T18")


def test_t19_all_guilds(h):
    assert met(board(h, city=["A1", "C1", "C3", "H1", "F1"]), "T19")
    assert not met(board(h, city=["A1", "C1", "C3", "H1", "B1"]), "T19")


def test_t20_block(h):
    assert met(board(h, city=["C1", "D1", "C2", "D2"]), "T20")
    assert not met(board(h, city=["C1", "D1", "C2", "E2"]), "T20")


def test_t21_connected_group(h):
    assert met(board(h, city=["C3", "D3", "E3", "F3", "F4"]), "T21")
    # five members, but the gap at E3 splits them into groups of 2 and 3
    assert not met(board(h, city=["C3", "D3", "F3", "F4", "F5"]), "T21")


def test_t22_nobility_and_t23_church(h):
    s = board(h, council={"NOB": 0, "CHU": 1})
    assert met(s, "T22") and not met(s, "T23")
    assert met(s, "T23", p=1) and not met(s, "T22", p=1)


def test_t24_most_coins(h):
    s = board(h, n=3, coins={0: 9, 1: 9, 2: 4})
    assert not met(s, "T24")
    s["players"][0]["coins"] = 10
    assert met(s, "T24")


def test_t25_guild_seats(h):
    assert met(board(h, council={"SM": 0, "BA": 0}), "T25")
    assert not met(board(h, council={"SM": 0, "NOB": 0, "ME": 0, "CHU": 0}), "T25")


def test_every_task_is_tested():
    tested = {t for t, _ in BUILDING_TASKS + GUILD_TASKS} | {f"T{i}" for i in range(11, 26)}
    assert tested == set(data.TASK_BY_ID)


def test_unmet_task_costs_three(h):
    s = board(h)
    s["players"][0]["tasks"] = ["T20"]
    s["phase"] = "over"
    card = h.game.scores(s)[0]
    assert ("Task T20 (unmet)", -3) in [(ln.label, ln.points) for ln in card.lines]
