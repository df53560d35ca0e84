"""Record round trip, save/load, views and redaction, prompts and text."""

import json
import random

from florencia_tui.core.record import Record
from florencia_tui.core.state import clone
from florencia_tui.games import replay
from florencia_tui.games.palazzo.game import GAME

CONTRACT_KEYS = {
    "game",
    "names",
    "n",
    "seat",
    "to_act",
    "active",
    "prompt_kind",
    "phase",
    "over",
    "stack",
    "riders",
    "supply",
    "price",
    "quarries",
    "master",
    "deck_count",
    "discard",
    "cert3",
    "revealed",
    "auction",
    "handout",
    "pending",
    "players",
    "last",
}


def random_game(seed, n, upto=None):
    rnd = random.Random(seed)
    s = GAME.new(["Ana", "Ben", "Cleo", "Dan"][:n], seed)
    actions = []
    while not GAME.is_over(s) and (upto is None or len(actions) < upto):
        seat = GAME.to_act(s)[0]
        a = GAME.sample(s, seat, rnd)
        actions.append([seat, a])
        s = GAME.apply(s, seat, a)
    return s, actions


def test_record_replay_and_save_load():
    for n, seed in [(2, 11), (3, 12), (4, 13)]:
        s, actions = random_game(seed, n)
        rec = Record(
            "palazzo", seed, [{"name": x, "kind": "human"} for x in s["names"]], {}, actions
        )
        rec2 = Record.from_json(rec.to_json())
        s2 = replay(rec2)
        assert s2 == s
        assert [c.to_dict() for c in GAME.scores(s2)] == [c.to_dict() for c in GAME.scores(s)]
        loaded = GAME.load(GAME.dump(s))
        assert loaded == s and GAME.scores(loaded) == GAME.scores(s)
        half = replay(rec2, len(actions) // 2)
        assert json.loads(json.dumps(half)) == half


def test_view_has_contract_keys_and_no_secrets():
    s, _ = random_game(5, 3, upto=60)
    for seat in (None, 0, 1, 2):
        v = GAME.view(s, seat)
        assert CONTRACT_KEYS <= set(v)
        assert v["seat"] == seat and v["to_act"] == GAME.to_act(s)
        text = json.dumps(v)
        assert "rng" not in v and str(s["rng"]) not in text
        for p, pv in enumerate(v["players"]):
            assert set(pv) >= {"name", "hand", "hand_count", "palaces", "score", "max_payment"}
            if p == seat:
                assert pv["hand"] == s["hands"][p] and pv["max_payment"] is not None
            else:
                assert pv["hand"] is None and pv["max_payment"] is None
            assert pv["hand_count"] == len(s["hands"][p])
        assert "deck" not in v and "stacks" not in v and "out" not in v


def test_redaction_opponent_hands_deck_and_stacks():
    s, _ = random_game(21, 3, upto=40)
    t = clone(s)
    # change only hidden things: seat 1's hand values, the deck order, stack order, rng
    t["hands"][1] = sorted(["Blue7"] * len(s["hands"][1]))
    t["deck"] = list(reversed(t["deck"]))
    for k in t["stacks"]:
        t["stacks"][k] = list(reversed(t["stacks"][k]))
    t["rng"] = 12345
    t["out"] = list(reversed(t["out"]))
    for seat in (None, 0, 2):
        assert GAME.view(s, seat) == GAME.view(t, seat)
    assert GAME.view(s, 1) != GAME.view(t, 1) or s["hands"][1] == t["hands"][1]


def test_prompt_and_text_for_every_phase_seen():
    seen = set()
    for seed in range(8):
        rnd = random.Random(seed)
        s = GAME.new(["Ana", "Ben", "Cleo"], seed)
        while not GAME.is_over(s):
            seat = GAME.to_act(s)[0]
            p = GAME.prompt(s, seat)
            v = GAME.view(s, seat)
            assert p.kind == v["prompt_kind"] and p.seat == seat and p.text
            json.dumps(p.data)
            seen.add(p.kind)
            a = GAME.sample(s, seat, rnd)
            line = GAME.describe(s, seat, a, None)
            assert line.startswith(s["names"][seat]) or line.startswith(s["names"][seat][:1])
            assert GAME.label(s, seat, a)
            assert GAME.status(s).startswith("Stack ")
            s = GAME.apply(s, seat, a)
            assert line == s["last"] or s["last"].startswith(line)
    assert {
        "palazzo.turn",
        "palazzo.take",
        "palazzo.buy_or_auction",
        "palazzo.pay",
        "palazzo.build",
        "palazzo.bid",
        "palazzo.rebuild",
        "palazzo.rebuild_pay",
    } <= seen


def test_describe_examples(mk, run):
    s = mk(2, supply=["S22"], hands=[["Red4", "Red4"], []])
    s["stacks"]["I"] = ["S13", "M23"]
    s = run(s, (0, "tiles"))
    s = run(s, (0, "buy S22"))
    assert GAME.describe(s, 0, "pay Red4+Red4", 1) == "Ana buys S22 for 8 with Red4+Red4"
    assert GAME.label(s, 0, "pay Red4+Red4") == "Pay Red4+Red4 (8)"
    s = run(s, (0, "pay Red4+Red4"))
    assert GAME.describe(s, 0, "build S22 new", None) == "Ana builds S22 as new palace 1"
    assert GAME.status(s) == "Stack II · riders 0/5 · Ana: build"
    v = GAME.view(s, None)
    assert v["pending"]["tiles"] == ["S22"] and v["pending"]["seat"] == 0
