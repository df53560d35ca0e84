"""Record replay, redaction of hidden information, describe, performance."""

from __future__ import annotations

import json
import random
import time

from florencia_tui.games.strasbourg import rules
from florencia_tui.games.strasbourg.game import GAME


def play_random(n, seed, upto=None):
    r = random.Random(seed)
    s = GAME.new([f"P{i}" for i in range(n)], seed)
    actions = []
    while not GAME.is_over(s) and (upto is None or len(actions) < upto):
        seat = r.choice(GAME.to_act(s))
        a = GAME.sample(s, seat, r)
        actions.append([seat, a])
        s = GAME.apply(s, seat, a)
    return s, actions


def test_record_round_trip(assert_replays):
    s, actions = play_random(4, 77)
    assert_replays(GAME, 77, {}, actions, s)


def test_simultaneous_planning_order_does_not_matter():
    s = GAME.new(["a", "b", "c"], 5)
    for p in range(3):
        s = GAME.apply(s, p, GAME.legal(s, p)[0])
    assert s["phase"] == "planning" and GAME.to_act(s) == [0, 1, 2]
    plan = {0: ["draw", "draw", "stop"], 1: ["draw", "stop"], 2: ["draw", "draw", "draw", "stop"]}

    def run(order):
        st = s
        queues = {p: list(v) for p, v in plan.items()}
        for p in order:
            st = GAME.apply(st, p, queues[p].pop(0))
        for p in (0, 1, 2):  # then split everything in one stack each
            hand = st["players"][p]["hand"]
            st = GAME.apply(st, p, "stack " + "+".join(map(str, sorted(hand, reverse=True))))
        return st

    a = run([0, 0, 0, 1, 1, 2, 2, 2, 2])
    b = run([2, 1, 0, 2, 1, 0, 2, 0, 2])
    assert a == b and a["phase"] == "actions"


def _hidden_variant(s, seat):
    """Change everything an opponent of ``seat`` keeps hidden."""
    s = json.loads(json.dumps(s))
    for p, pl in enumerate(s["players"]):
        if p == seat:
            continue
        pl["deck"] = list(reversed(pl["deck"]))
        pl["hand"] = [7 - v for v in pl["hand"]]
        pl["stacks"] = [[7 - v for v in st] for st in pl["stacks"]]
        pl["coins"] += 3
        pl["goods"]["SM"] += 1
        pl["priv"] += 1
        if pl["tasks"]:
            pl["tasks"] = ["T20"] * len(pl["tasks"]) + ["T01"]
        pl["dealt"] = ["T25"] * len(pl["dealt"])
    s["rng"] += 12345
    return s


def test_views_hide_opponents_secrets():
    for upto in (0, 3, 10, 25, 60, 120):
        s, _ = play_random(4, 9, upto)
        for seat in (0, 2, None):
            v1 = GAME.view(s, seat)
            v2 = GAME.view(_hidden_variant(s, seat), seat)
            assert v1 == v2, (upto, seat)
            assert "rng" not in json.dumps(v1)
            json.dumps(v1)


def test_own_view_shows_own_secrets_not_deck_order():
    s, _ = play_random(4, 11, 30)
    pl = s["players"][1]
    v = GAME.view(s, 1)
    me = v["players"][1]
    assert me["stack_cards"] == pl["stacks"] and me["hand_cards"] == pl["hand"]
    assert me["coins"] == pl["coins"] and me["tasks"] == pl["tasks"]
    assert me["deck"] == len(pl["deck"])
    # the owner does not see the order of their own deck
    s2 = json.loads(json.dumps(s))
    s2["players"][1]["deck"].reverse()
    assert GAME.view(s2, 1) == v
    other = v["players"][0]
    for key in ("coins", "goods", "privileges", "stack_cards", "hand_cards", "tasks"):
        assert other[key] is None


def test_view_board_elements():
    s, _ = play_random(4, 12)
    v = GAME.view(s, None)
    assert len(v["council"]) == 8
    assert len(v["city"]["squares"]) == 47 and len(v["city"]["building_spaces"]) == 7
    assert sum(1 for c in v["city"]["chapel_spots"].values() if c["built"]) == 5
    assert len(v["round_cards"]) == 5
    # everything is revealed at game end
    assert v["players"][0]["tasks"] is not None and v["players"][0]["coins"] is not None


def test_describe_redacts_private_draws():
    s = GAME.new(["a", "b", "c"], 4)
    for p in range(3):
        s = GAME.apply(s, p, "keep " + s["players"][p]["dealt"][0])
    top = s["players"][0]["deck"][0]
    assert str(top) in GAME.describe(s, 0, "draw", 0)
    assert GAME.describe(s, 0, "draw", 1) == "a draws a card"
    s = GAME.apply(s, 0, "draw")
    s = GAME.apply(s, 0, "stop")
    line = GAME.describe(s, 0, f"stack {top}", 2)
    assert str(top) not in line.replace("1 card", "")
    assert GAME.describe(s, 0, f"stack {top}", None) == "a forms a stack of 1 card"


def test_prompts_and_labels_for_every_legal_action():
    r = random.Random(3)
    s = GAME.new(["a", "b", "c", "d"], 3)
    kinds = set()
    while not GAME.is_over(s):
        seat = r.choice(GAME.to_act(s))
        pr = GAME.prompt(s, seat)
        kinds.add(pr.kind)
        assert pr.text and pr.kind.startswith("strasbourg.")
        for a in GAME.legal(s, seat)[:20]:
            assert GAME.label(s, seat, a)
            assert GAME.describe(s, seat, a, None)
        s = GAME.apply(s, seat, GAME.sample(s, seat, r))
        assert GAME.status(s)
    assert {
        "strasbourg.keep_tasks",
        "strasbourg.draw",
        "strasbourg.split",
        "strasbourg.bid",
        "strasbourg.guild_reward",
        "strasbourg.return",
        "strasbourg.chapel",
        "strasbourg.build",
    } <= kinds


def test_rules_help_length_and_reconstructed_section():
    lines = GAME.rules_help.strip().splitlines()
    assert 40 <= len(lines) <= 120
    assert lines[-1] and "## Reconstructed data" in GAME.rules_help


def test_random_games_are_fast():
    t = time.perf_counter()
    for seed in range(20):
        play_random(4, seed)
    rate = 20 / (time.perf_counter() - t)
    assert rate >= 10, rate


def test_legal_split_lists_sub_multisets():
    assert sorted(map(tuple, rules.sub_multisets([2, 2, 5]))) == sorted(
        [(2,), (2, 2), (5,), (5, 2), (5, 2, 2)]
    )


def test_drawing_and_bidding_are_undo_barriers():
    s = GAME.new(["A", "B", "C"], 5)
    for seat in range(3):
        s = GAME.apply(s, seat, "keep " + s["players"][seat]["dealt"][0])
    before = s
    after = GAME.apply(before, 0, "draw")
    assert GAME.undo_barrier(before, after, 0, "draw")
    stopped = GAME.apply(after, 0, "stop")
    assert not GAME.undo_barrier(after, stopped, 0, "stop")
    stacked = GAME.apply(stopped, 0, "stack " + str(stopped["players"][0]["hand"][0]))
    assert not GAME.undo_barrier(stopped, stacked, 0, "stack 1")
    # Everyone plans until some seat owes a bid: bidding turns a stack over.
    s, pick = stacked, random.Random(5)
    while s["phase"] != "actions" or GAME.prompt(s, GAME.to_act(s)[0]).kind != "strasbourg.bid":
        seat = GAME.to_act(s)[0]
        s = GAME.apply(s, seat, GAME.sample(s, seat, pick))
    seat = GAME.to_act(s)[0]
    assert "bid 1" in GAME.legal(s, seat)
    assert GAME.undo_barrier(s, GAME.apply(s, seat, "bid 1"), seat, "bid 1")
    assert not GAME.undo_barrier(s, GAME.apply(s, seat, "pass"), seat, "pass")
