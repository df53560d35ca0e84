"""Spec section 12 worked examples, one test each (plus variants)."""

from __future__ import annotations

import pytest

from florencia_tui.core.errors import IllegalAction
from florencia_tui.games.strasbourg import rules, scoring


def owed(s: dict) -> list[tuple[int, str]]:
    """(seat, kind) of the pending rewards, in the order they are owed (the
    stack's top, owed now, is its last frame)."""
    return [(f["p"], f["k"]) for f in reversed(s["pending"])]


def test_12_1_planning(h):
    s = h.blank(4)
    s["players"][0]["deck"] = [5, 2, 2, 3, 6] + [1] * 19
    rules.start_planning(s)
    s = h.play(s, (0, "draw"))
    # at least one card must be drawn: the first 'stop' is only legal now
    assert "stop" in h.game.legal(s, 0)
    s = h.play(s, (0, "draw"), (0, "draw"), (0, "draw"), (0, "draw"), (0, "stop"))
    assert s["players"][0]["hand"] == [5, 2, 2, 3, 6]
    s = h.play(s, (0, "stack 3+2"), (0, "stack 5"), (0, "stack 2"), (0, "stack 6"))
    pl = s["players"][0]
    assert pl["stacks"] == [[3, 2], [5], [2], [6]]
    assert pl["plan"] == "done" and pl["hand"] == []
    assert len(pl["deck"]) == 19
    other = h.game.view(s, 1)["players"][0]
    assert other["stacks"] == [2, 1, 1, 1]
    assert other["stack_cards"] is None
    assert h.game.view(s, 0)["players"][0]["stack_cards"] == [[3, 2], [5], [2], [6]]


def test_12_1_must_draw_one_card(h):
    s = h.blank(3)
    rules.start_planning(s)
    assert h.game.legal(s, 0) == ["draw"]
    with pytest.raises(IllegalAction, match="at least one"):
        h.game.apply(s, 0, "stop")


def test_12_1_min_draw_zero_option(h):
    s = h.game.new(["a", "b", "c"], 3, {"min_draw": 0})
    for p in range(3):
        s["players"][p]["tasks"] = []
    rules.start_planning(s)
    assert "stop" in h.game.legal(s, 0)
    s = h.game.apply(s, 0, "stop")
    assert s["players"][0]["plan"] == "done" and s["players"][0]["stacks"] == []


def test_12_2_guild_bidding_tie_to_start_player(h):
    N, P, S, T = 0, 1, 2, 3
    s = h.at_bid(4, "B", N, {N: [[5]], P: [[2, 1]], S: [[3, 2]], T: [[6], [1]]}, guild="VI")
    assert h.game.to_act(s) == [N]
    s = h.play(s, (N, "bid 1"), (P, "bid 1"), (S, "bid 1"), (T, "bid 1"))
    assert s["last"]["ranking"] == [T, N, S, P]
    assert s["start"] == T
    assert s["council"]["VI"] == T
    assert owed(s) == [
        (T, "master"),
        (N, "journeyman"),
        (S, "apprentice"),
        (P, "return"),
    ]
    s = h.play(s, (T, "good place E1"))
    assert s["city"]["E1"] == T and s["players"][T]["coins"] == 1
    assert s["players"][T]["goods"]["VI"] == 1
    # journeyman may not take the square T just took
    assert "place E1" not in h.game.legal(s, N)
    s = h.play(s, (N, "good place D1"))
    assert s["players"][N]["coins"] == 2 and s["players"][N]["goods"]["VI"] == 1
    # apprentice: the good OR a square, never both
    assert not any(a.startswith("good place") for a in h.game.legal(s, S))
    with pytest.raises(IllegalAction):
        h.game.apply(s, S, "good place C1")
    s = h.play(s, (S, "good"))
    assert s["players"][S]["goods"]["VI"] == 1 and "C1" not in s["city"]
    assert sorted(h.game.legal(s, P)) == ["return 1", "return 2", "return none"]
    deck_before = len(s["players"][P]["deck"])
    s = h.play(s, (P, "return 2"))
    assert s["players"][P]["deck"][-1] == 2
    assert len(s["players"][P]["deck"]) == deck_before + 1
    assert [s["players"][x]["out"] for x in (N, P, S, T)] == [1, 1, 2, 1]
    # step C, T bids first
    assert s["step"] == "C" and h.game.to_act(s) == [T]


def test_12_3_privileges(h):
    T, N, P, S = 0, 1, 2, 3
    s = h.at_bid(
        4, "B", T, {T: [[6]], N: [[6]], P: [[4]], S: [[1]]}, guild="SM", privs={T: 2, N: 1}
    )
    q = lambda st: st["bid"]["queue"]  # noqa: E731
    assert q(s) == [T, N, P, S]
    s = h.play(s, (T, "privilege"))
    assert q(s) == [N, P, S, T]
    s = h.play(s, (N, "privilege"))
    assert q(s) == [P, S, T, N]
    s = h.play(s, (P, "bid 1"))
    assert q(s) == [S, T, N]
    s = h.play(s, (S, "pass"))
    assert q(s) == [T, N]
    s = h.play(s, (T, "privilege"))
    assert q(s) == [N, T]
    assert "privilege" not in h.game.legal(s, N)
    s = h.play(s, (N, "bid 1"))
    assert q(s) == [T]
    assert "privilege" not in h.game.legal(s, T)
    s = h.play(s, (T, "bid 1"))
    assert s["players"][T]["priv"] == 0 and s["players"][N]["priv"] == 0
    assert s["last"]["ranking"] == [T, N, P]
    assert s["start"] == T
    assert owed(s) == [
        (T, "master"),
        (N, "journeyman"),
        (P, "apprentice"),
    ]


def test_privilege_refused_when_nobody_waits(h):
    s = h.at_bid(3, "C", 0, {0: [[1]], 1: [[2]], 2: [[3]]}, privs={2: 1})
    s = h.play(s, (0, "pass"), (1, "pass"))
    assert h.game.legal(s, 2) == ["bid 1", "pass"]
    with pytest.raises(IllegalAction, match="nobody else"):
        h.game.apply(s, 2, "privilege")


def test_privilege_with_no_stacks_is_legal(h):
    s = h.at_bid(3, "C", 0, {0: [], 1: [[2]], 2: [[3]]}, privs={0: 1})
    assert h.game.legal(s, 0) == ["pass", "privilege"]


def test_12_4_tie_among_non_start_players(h):
    s = h.at_bid(5, "B", 2, {0: [[4]], 1: [[6, 1]], 2: [[4]], 3: [[7]], 4: [[1]]}, guild="SH")
    assert s["bid"]["queue"] == [2, 3, 4, 0, 1]
    s = h.play(s, (2, "bid 1"), (3, "bid 1"), (4, "pass"), (0, "bid 1"), (1, "bid 1"))
    assert s["last"]["ranking"] == [3, 1, 2, 0]
    assert s["start"] == 3
    assert owed(s) == [
        (3, "master"),
        (1, "journeyman"),
        (2, "apprentice"),
        (0, "return"),
    ]


def test_12_5_three_player_guild_step(h):
    A, B, C = 0, 1, 2
    s = h.at_bid(3, "D", A, {A: [[4]], B: [[7]], C: [[3]]}, guild="VI")
    s = h.play(s, (A, "bid 1"), (B, "bid 1"), (C, "bid 1"))
    assert s["start"] == B and s["council"]["VI"] == B
    assert owed(s) == [
        (B, "master"),
        (A, "apprentice"),
        (C, "return"),
    ]


def test_12_6_step_a_single_bidder(h):
    s = h.blank(4)
    s["council"]["NOB"], s["council"]["CHU"] = 1, 2
    s2 = h.at_bid(4, "A", 0, {p: [[2]] for p in range(4)})
    s2["council"]["NOB"], s2["council"]["CHU"] = 1, 2
    s2 = h.play(s2, (0, "pass"), (1, "pass"), (2, "bid 1"), (3, "pass"))
    assert s2["council"]["NOB"] == 2 and s2["council"]["CHU"] == 2
    assert s2["start"] == 2
    assert s2["pending"] == [] and s2["step"] == "B"


def test_step_a_two_bidders_and_return(h):
    s = h.at_bid(4, "A", 0, {p: [[p + 1]] for p in range(4)})
    s = h.play(s, (0, "bid 1"), (1, "bid 1"), (2, "bid 1"), (3, "bid 1"))
    assert s["council"]["NOB"] == 3 and s["council"]["CHU"] == 2
    assert owed(s) == [(1, "return"), (0, "return")]


def test_12_7_merchants_sell_at_e(h):
    s = h.at_bid(3, "E", 0, {0: [[6]], 1: [[2]], 2: [[1]]}, goods={0: ["SM", "VI", "SH"]})
    s = h.play(s, (0, "bid 1"), (1, "bid 1"), (2, "bid 1"))
    assert s["pending"][-1] == {"k": "sell", "p": 0}
    s = h.play(s, (0, "sell SM VI SH"))
    assert s["players"][0]["coins"] == 5 + 12
    assert sum(s["players"][0]["goods"].values()) == 0
    assert s["council"]["ME"] is None
    # the others may return one card each (2nd and lower at C/E/G)
    assert owed(s) == [(1, "return"), (2, "return")]


def test_12_7_variant_step_g_takes_merchants_seat(h):
    s = h.at_bid(3, "G", 0, {0: [[6]], 1: [[2]], 2: []}, goods={0: ["SM", "VI", "SH"]})
    s = h.play(s, (0, "bid 1"), (1, "bid 1"))
    assert s["council"]["ME"] == 0
    s = h.play(s, (0, "sell SM VI SH"))
    assert s["players"][0]["coins"] == 17


def test_merchant_winner_without_goods_skips_sale(h):
    s = h.at_bid(3, "G", 0, {0: [[6]], 1: [], 2: []})
    s = h.play(s, (0, "bid 1"))
    assert s["council"]["ME"] == 0 and s["step"] == "H"


def test_12_8_council_phase_round_1(h):
    T, N, P, S = 0, 1, 2, 3
    s = h.blank(4)
    s["cards"][0] = "R1"  # SM VI SH this round; BU and BA stay empty
    s["phase"], s["step"] = "actions", "I"
    s["council"].update({"NOB": T, "CHU": N, "SM": P, "VI": S, "SH": T, "ME": N})
    s["pending"] = [{"k": "build", "p": T, "building": s["buildings"][0]}]
    s = h.play(s, (T, "build C4"))
    assert [pl["prestige"] for pl in s["players"]] == [2, 2, 1, 1]
    assert [pl["priv"] for pl in s["players"]] == [1, 1, 0, 0]
    assert s["round"] == 2 and s["phase"] == "planning"
    assert s["built"] == {"C4": s["buildings"][0]}


def test_12_9_end_game_scoring(h):
    Pe, Sa, Th, Ni = 0, 1, 2, 3
    s = h.blank(4)
    s["built"] = {"C4": "INN", "E5": "FOU"}
    s["chapels"] = ["K3"]
    s["city"] = {"C3": Th, "D4": Th, "E4": Th, "B4": Pe, "I1": Pe, "A3": Sa, "A4": Sa, "B5": Ni}
    s["phase"] = "over"
    cards = h.game.scores(s)
    assert [c.total for c in cards] == [7, 4, 14, 1]
    lines = {c.seat: {ln.label: ln.points for ln in c.lines} for c in cards}
    assert lines[Pe]["Chapels"] == 1 and lines[Pe]["Inn"] == 4
    assert lines[Sa]["Chapels"] == 2
    assert lines[Th]["Inn"] == 8 and lines[Th]["Fountain"] == 3
    assert lines[Ni]["Inn"] == 0
    assert cards[Th].winner and cards[Th].rank == 1
    for c in cards:
        assert sum(ln.points for ln in c.lines) == c.total


def test_12_10_task_totals(h):
    s = h.blank(4)
    s["city"] = {c: 0 for c in ["A1", "B1", "A2", "H4", "I4", "H5"]}
    s["players"][0]["tasks"] = ["T06", "T12", "T22"]
    s["council"]["NOB"] = 1
    s["phase"] = "over"
    pts = scoring.task_points(s, 0)
    assert pts == [("T06", True, 7), ("T12", False, -3), ("T22", False, -3)]
    assert sum(p for _, _, p in pts) == 1


def test_12_11_return_and_end_of_round_discard(h):
    s = h.at_bid(3, "C", 0, {0: [[6]], 1: [[4, 1]], 2: [[6], [2, 2]]})
    s = h.play(s, (0, "bid 1"), (1, "bid 1"), (2, "pass"))
    d = len(s["players"][1]["deck"])
    s = h.play(s, (1, "return 4"))
    assert len(s["players"][1]["deck"]) == d + 1 and s["players"][1]["deck"][-1] == 4
    assert s["players"][1]["out"] == 1
    # run the round to its end: P2 keeps {6} and {2,2} unplayed
    d2 = len(s["players"][2]["deck"])
    while s["phase"] == "actions":
        seat = h.game.to_act(s)[0]
        legal = h.game.legal(s, seat)
        act = "pass" if "pass" in legal else legal[0]
        s = h.game.apply(s, seat, act)
    assert s["players"][2]["out"] == 3
    assert len(s["players"][2]["deck"]) == d2
    assert s["players"][2]["stacks"] == []


def test_12_12_final_tiebreak(h):
    s = h.blank(3)
    s["phase"] = "over"
    a_cells = ["A1", "B1", "C1", "D1", "E1", "F1", "G1"]
    b_cells = ["A6", "B6", "C6", "D6", "E6", "F6"]
    s["city"] = {c: 0 for c in a_cells} | {c: 1 for c in b_cells}
    s["players"][0]["prestige"] = 34
    s["players"][1]["prestige"] = 35
    cards = h.game.scores(s)
    assert cards[0].total == cards[1].total == 41
    assert cards[0].winner and not cards[1].winner
    assert cards[0].tiebreak == 7 and cards[1].tiebreak == 6
    s["city"]["G6"] = 1
    s["players"][1]["prestige"] = 34
    cards = h.game.scores(s)
    assert cards[0].total == cards[1].total == 41
    assert cards[0].winner and cards[1].winner


def test_everyone_passes_keeps_start_player(h):
    s = h.at_bid(3, "B", 1, {p: [[3]] for p in range(3)}, guild="SM")
    s = h.play(s, (1, "pass"), (2, "pass"), (0, "pass"))
    assert s["start"] == 1 and s["pending"] == [] and s["step"] == "C"
    assert s["council"]["SM"] is None


def test_fewer_bidders_than_ranks(h):
    s = h.at_bid(4, "B", 0, {0: [[3]], 1: [[5]], 2: [], 3: []}, guild="SM")
    s = h.play(s, (0, "bid 1"), (1, "bid 1"))
    assert owed(s) == [(1, "master"), (0, "journeyman")]


def test_master_already_on_seat_gets_no_return(h):
    s = h.at_bid(3, "A", 0, {0: [[3], [1]], 1: [[1], [1]], 2: []})
    s["council"]["NOB"] = 0
    s = h.play(s, (0, "bid 1"), (1, "bid 1"))
    assert s["council"]["NOB"] == 0 and s["council"]["CHU"] == 1
    assert s["last"]["rewarded"] == [0, 1]
    assert not any(f["k"] == "return" for f in s["pending"])


def test_city_placement_needs_coins(h):
    s = h.at_bid(3, "B", 0, {0: [[6]], 1: [], 2: []}, guild="SM")
    s["players"][0]["coins"] = 4
    s = h.play(s, (0, "bid 1"))
    legal = h.game.legal(s, 0)
    assert "place A1" in legal and "place B1" not in legal  # A1 costs 4, B1 costs 5
    with pytest.raises(IllegalAction, match="costs 5"):
        h.game.apply(s, 0, "place B1")
    with pytest.raises(IllegalAction, match="not a Smiths"):
        h.game.apply(s, 0, "place C1")


def test_step_h_and_i_builders(h):
    s = h.blank(3)
    s["phase"] = "actions"
    s["council"]["CHU"], s["council"]["NOB"] = 2, 1
    rules.begin_step(s, "H")
    assert s["step"] == "H" and h.game.to_act(s) == [2]
    assert len(h.game.legal(s, 2)) == 7
    s = h.play(s, (2, "chapel K4"))
    assert s["chapels"] == ["K4"] and s["step"] == "I" and h.game.to_act(s) == [1]
    b = s["buildings"][0]
    s = h.play(s, (1, "build G4"))
    assert s["built"] == {"G4": b}


def test_parsing_is_forgiving(h):
    s = h.blank(3)
    s["players"][0]["deck"] = [5, 2, 2] + [1] * 21
    rules.start_planning(s)
    for _ in range(3):
        s = h.game.apply(s, 0, "  DRAW ")
    s = h.game.apply(s, 0, "Stop")
    s = h.game.apply(s, 0, "stack 2 + 5")
    assert s["players"][0]["stacks"] == [[5, 2]]
    with pytest.raises(IllegalAction, match="no \\(more\\) 2"):
        h.game.apply(s, 0, "stack 2 2")
    s = h.game.apply(s, 0, "STACK 2")
    assert s["players"][0]["plan"] == "done"
    with pytest.raises(IllegalAction, match="unknown action"):
        h.game.apply(s, 1, "jump")
