"""Records replay exactly; views hide money, hands and decks; text helpers."""

import json
import random

from florencia_tui.core.state import clone
from florencia_tui.games.florence import data as D
from florencia_tui.games.florence.game import GAME


def play_random(n, seed, stop=None):
    rnd = random.Random(seed)
    s = GAME.new([f"P{i}" for i in range(n)], seed)
    actions = []
    while not GAME.is_over(s) and (stop is None or not stop(s)):
        seat = GAME.to_act(s)[0]
        a = GAME.sample(s, seat, rnd)
        actions.append([seat, a])
        s = GAME.apply(s, seat, a)
    return s, actions


def test_record_round_trip(assert_replays):
    s, actions = play_random(4, 11)
    assert_replays(GAME, 11, {}, actions, s)


def test_same_seed_same_game_other_seed_differs():
    a = GAME.new(["a", "b", "c"], 5)
    assert a == GAME.new(["a", "b", "c"], 5)
    assert (
        a["players"][0]["deal"] != GAME.new(["a", "b", "c"], 6)["players"][0]["deal"]
        or a["prof_deck"] != GAME.new(["a", "b", "c"], 6)["prof_deck"]
    )


def _mid_game():
    s, _ = play_random(4, 3, stop=lambda s: s["round"] == 3 and s["phase"] == "action")
    return s


def _scramble_opponent(s, seat):
    """Change everything hidden about ``seat`` (and the decks) but nothing public."""
    s2 = clone(s)
    p = s2["players"][seat]
    p["money"] += 1234
    swap = min(len(p["hand"]), len(s2["prof_deck"]))
    p["hand"][:swap], s2["prof_deck"][:swap] = s2["prof_deck"][:swap], p["hand"][:swap]
    swap = min(len(p["bonus"]), len(s2["bonus_deck"]))
    p["bonus"][:swap], s2["bonus_deck"][:swap] = s2["bonus_deck"][:swap], p["bonus"][:swap]
    swap = min(len(p["prestige"]), len(s2["prestige_deck"]))
    p["prestige"][:swap], s2["prestige_deck"][:swap] = (
        s2["prestige_deck"][:swap],
        p["prestige"][:swap],
    )
    s2["prof_deck"].reverse()
    s2["bonus_deck"].reverse()
    s2["prestige_deck"].reverse()
    s2["rng"] ^= 0xABCDEF
    return s2


def test_redaction_of_money_and_hands():
    s = _mid_game()
    s["players"][1]["bonus"] = s["players"][1]["bonus"] or [s["bonus_deck"].pop()]
    s["players"][1]["prestige"] = s["players"][1]["prestige"] or [s["prestige_deck"].pop()]
    s2 = _scramble_opponent(s, 1)
    assert s2["players"][1]["bonus"] != s["players"][1]["bonus"]
    for viewer in (0, 2, None):
        assert GAME.view(s, viewer) == GAME.view(s2, viewer)
    assert GAME.view(s, 1) != GAME.view(s2, 1)
    v = GAME.view(s, 0)
    assert v["players"][0]["money"] == s["players"][0]["money"]
    assert v["players"][1]["money"] is None and "hand" not in v["players"][1]
    assert "bonus" not in v["players"][1] and "prestige" not in v["players"][1]
    assert v["players"][1]["bonus_count"] == len(s["players"][1]["bonus"])
    assert "rng" not in json.dumps(v)
    spectator = GAME.view(s, None)
    assert all(p["money"] is None and "hand" not in p for p in spectator["players"])


def test_drawn_cards_are_private():
    s, _ = play_random(3, 8, stop=lambda s: bool(s["pending"]) and s["pending"][-1]["k"] == "keep")
    seat = s["pending"][-1]["p"]
    other = (seat + 1) % 3
    v_other = GAME.view(s, other)
    assert v_other["prompt"]["kind"] == "florence.keep"
    assert "cards" not in v_other["prompt"]["data"]
    assert GAME.view(s, seat)["prompt"]["data"]["cards"] == s["pending"][0]["cards"]
    card = s["pending"][0]["cards"][0]
    assert card in GAME.describe(s, seat, f"keep {card}", seat)
    assert card not in GAME.describe(s, seat, f"keep {card}", other)
    s2 = clone(s)
    s2["pending"][0]["cards"].reverse()
    assert GAME.view(s, other) == GAME.view(s2, other)


def test_money_can_be_public_by_option():
    s = GAME.new(["a", "b", "c"], 1, {"hide_money": False})
    assert [p["money"] for p in GAME.view(s, 0)["players"]] == [3500] * 3


def test_view_has_what_a_board_needs():
    s = _mid_game()
    v = GAME.view(s, 0)
    for key in (
        "names",
        "seat",
        "to_act",
        "phase",
        "round",
        "min_wv",
        "min_wv_table",
        "piles",
        "auction",
        "turn",
        "supply",
        "players",
        "prompt",
        "pieces",
        "palazzo",
    ):
        assert key in v
    p = v["players"][0]
    assert len(p["grid"]) == 7 and all(len(r) == 7 for r in p["grid"])
    assert p["grid"][6][0] == "palazzo"
    assert set(v["piles"]) == {"forest", "lake", "park", "jester", "builder", "prestige", "recruit"}
    json.dumps(v)


def test_status_label_describe_rules_help():
    s = GAME.new(["Ana", "Bob", "Cris"], 2)
    assert GAME.status(s).startswith("Round 1/7")
    for seat in range(3):
        for a in GAME.legal(s, seat):
            assert GAME.label(s, seat, a) and GAME.describe(s, seat, a, None)
        s = GAME.apply(s, seat, GAME.legal(s, seat)[0])
    seat = GAME.to_act(s)[0]
    assert GAME.label(s, seat, "nominate jester") == "Nominate Jester (200)"
    assert "nominates the Jester" in GAME.describe(s, seat, "nominate jester", None)
    lines = GAME.rules_help.strip().splitlines()
    assert 40 <= len(lines) <= 120 and "## Reconstructed data" in GAME.rules_help


def test_prompt_kinds_over_a_game():
    kinds = set()
    for seed in range(6):
        rnd = random.Random(seed)
        s = GAME.new(["a", "b", "c", "d"], seed)
        while not GAME.is_over(s):
            seat = GAME.to_act(s)[0]
            pr = GAME.prompt(s, seat)
            assert pr.seat == seat and pr.text and pr.kind.startswith("florence.")
            kinds.add(pr.kind)
            s = GAME.apply(s, seat, GAME.sample(s, seat, rnd))
    assert kinds == {
        "florence." + k
        for k in (
            "return",
            "nominate",
            "bid",
            "last",
            "place",
            "keep",
            "order",
            "recruit_now",
            "turn",
            "convert",
        )
    }


def test_work_breakdown_is_public_but_setup_returns_are_not():
    s, _ = play_random(
        3, 5, stop=lambda s: bool(s["pending"]) and s["pending"][-1]["k"] == "convert"
    )
    seat = s["pending"][-1]["p"]
    other = (seat + 1) % 3
    pub = GAME.view(s, other)["prompt"]
    assert pub["kind"] == "florence.convert"
    assert sum(x for _, x in pub["data"]["lines"]) == pub["data"]["wv"]
    assert pub["data"]["payment"] == 100 * pub["data"]["wv"]
    s0 = GAME.new(["a", "b", "c"], 1)
    card = s0["players"][0]["deal"][0]
    name = D.PROF[card]["name"]
    assert name in GAME.describe(s0, 0, f"return {card}", 0)
    assert name not in GAME.describe(s0, 0, f"return {card}", 1)
    assert "deal" not in json.dumps(GAME.view(s0, 1)["players"][0])


def test_own_view_lists_work_values_of_the_hand():
    s = _mid_game()
    v = GAME.view(s, 0)
    from florencia_tui.games.florence import scoring as SC

    p = s["players"][0]
    assert v["players"][0]["work_values"] == {c: SC.work_value(p, c, []) for c in p["hand"]}
    assert "work_values" not in v["players"][1]


def test_drawing_cards_is_an_undo_barrier(fl):
    s = fl.action_phase(3)
    s2 = GAME.apply(s, 0, "profession")
    assert GAME.undo_barrier(s, s2, 0, "profession")
    s3 = GAME.apply(s, 0, "freedom travel")
    assert not GAME.undo_barrier(s, s3, 0, "freedom travel")
    keep = s2["pending"][0]["cards"][0]
    s4 = GAME.apply(s2, 0, f"keep {keep}")
    assert not GAME.undo_barrier(s2, s4, 0, f"keep {keep}")  # the cards are seen already


def test_apply_copies_deeply():
    s = GAME.new(["a", "b", "c"], 1)
    before = GAME.dump(s)
    s2 = GAME.apply(s, 0, f"return {s['players'][0]['deal'][0]}")
    assert GAME.dump(s) == before and s2 is not s
    assert s2["players"][1]["deal"] is not s["players"][1]["deal"]
