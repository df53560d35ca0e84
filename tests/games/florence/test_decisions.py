"""Florence on the one decision mechanism: every decision kind has its
handlers in ``decisions.DECISIONS``, frames are the core's, actions are parsed
once, and the bot values an auction object with the rules' own ``gain``."""

import ast
import json
import random
from pathlib import Path

import pytest

from florencia_tui.core import decisions as DS
from florencia_tui.core.notation import Action
from florencia_tui.core.state import clone
from florencia_tui.games.florence import bot as B
from florencia_tui.games.florence import data as D
from florencia_tui.games.florence import decisions as DC
from florencia_tui.games.florence import notation as N
from florencia_tui.games.florence import rules as R
from florencia_tui.games.florence.game import GAME

PKG = Path(R.__file__).parent


def _pushed_kinds() -> set[str]:
    """Every kind the package's code pushes on the stack (``push``/``push_under``
    with a literal kind), read from the source."""
    kinds = set()
    for path in PKG.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("push", "push_under")
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)
            ):
                kinds.add(node.args[1].value)
    return kinds


def test_every_kind_pushed_or_stepped_has_all_its_handlers():
    pushed = _pushed_kinds()
    assert pushed == {"place", "keep", "order", "recruit_now", "convert"}
    steps = {"return", "nominate", "last", "bid", "turn"}  # rules.decision's own frames
    assert set(DC.DECISIONS.kinds) == pushed | steps
    for k, kind in DC.DECISIONS.kinds.items():
        assert None not in (kind.legal, kind.apply, kind.text, kind.preview, kind.label), k
        assert k in R.VERBS and k in R.WHAT


def test_random_games_only_meet_frames_of_the_table_and_answer_through_it():
    seen = set()
    pick = random.Random(3)
    for seed in range(6):
        s = GAME.new(["A", "B", "C", "D"][: 3 + seed % 2], seed)
        while not GAME.is_over(s):
            assert len(s["pending"]) <= 1  # so a queue and a stack agree
            for f in s["pending"]:
                assert set(f) >= {"k", "p"} and "t" not in f and "seat" not in f
            seat = GAME.to_act(s)[0]
            f = R.decision(s, seat)
            assert f is DS.top(s) or not s["pending"]
            seen.add(f["k"])
            legal = GAME.legal(s, seat)
            assert legal == DC.DECISIONS.legal(s, f)
            pr = GAME.prompt(s, seat)
            assert pr.kind == f"florence.{f['k']}" and pr.data == DC.DECISIONS.preview(s, f)
            s = GAME.apply(s, seat, GAME.sample(s, seat, pick))
    assert seen == set(DC.DECISIONS.kinds)  # every kind met, recruit_now included


def test_an_action_is_parsed_once_into_canonical_arguments():
    a = N.parse("Build Lab 2 3 R1 F")
    assert isinstance(a, Action) and a.verb == "place"
    assert a.args == ("laboratory", "2", "3", "r1", "f") and N.placement(a) == (
        "laboratory",
        2,
        3,
        "r1 f",
    )
    assert str(N.parse("complete 4 b12 B3")) == "complete botanist B03 B12"
    assert N.parse("prestige 07").num(0, "n") == 7 and GAME.normalize("sell 02") == "sell 2"


def _auction_state():
    """Round 2 in the auction, seat 0 holding a forest, a builder and prestige
    cards, with a recruiting target face up."""
    s = GAME.new(["A", "B", "C"], 4)
    for i in range(3):
        s = GAME.apply(s, i, f"return {s['players'][i]['deal'][0]}")
    s["round"] = 2
    p = s["players"][0]
    R.gain(s, 0, "forest")
    s = GAME.apply(s, 0, DC.DECISIONS.legal(s)[0])
    R.gain(s, 0, "builder")
    s["players"][1]["display"].append(s["players"][1]["hand"].pop())
    p = s["players"][0]
    p["prestige"].append(s["prestige_deck"].pop())
    assert p["land"]["forest"] == 1 and p["builders"] == 1 and not s["pending"]
    return s


FIELDS = ("land", "pp", "jesters", "builders", "recruits", "prestige", "money", "hand")


@pytest.mark.parametrize("item", D.PILES)
def test_the_bot_values_an_object_with_the_rules_gain(item):
    s = _auction_state()
    before = clone(s)
    q = B._with_item(s, 0, s["players"][0], item)
    assert s == before  # the rules' gain ran on a copy
    # The same object through the rules, its decision answered the bot's way.
    r = clone(s)
    R.gain(r, 0, item)
    f = DS.top(r)
    if f is not None and f["k"] == "place":
        r = GAME.apply(r, 0, DC.DECISIONS.legal(r)[0])
    elif f is not None and f["k"] == "keep":
        assert q["prestige"][-1] in f["cards"]
        r = GAME.apply(r, 0, f"keep {q['prestige'][-1]}")
    want = r["players"][0]
    assert {k: q[k] for k in FIELDS} == {k: want[k] for k in FIELDS}
    changed = [k for k in FIELDS if q[k] != s["players"][0][k]]
    assert changed, f"{item} changed nothing"
    if item == "forest":
        assert q["pp"] == s["players"][0]["pp"] + D.PP_SAME_LANDSCAPE


def test_the_bot_keeps_the_prestige_card_it_values_most_at_this_point():
    s = _auction_state()
    late = B.progress(s)
    p = s["players"][0]
    top = s["prestige_deck"][: D.DRAW_SIZE]
    best = max(top, key=lambda c: B._prestige_one(s, 0, p, c, late))
    assert B._with_item(s, 0, p, "prestige")["prestige"][-1] == best


def test_a_save_from_before_the_stack_opens_in_todays_form():
    pick = random.Random(8)
    s = GAME.new(["A", "B", "C"], 8)
    while not s["pending"] or s["pending"][-1]["k"] != "place":
        seat = GAME.to_act(s)[0]
        s = GAME.apply(s, seat, GAME.sample(s, seat, pick))
    f = s["pending"][-1]
    old = dict(s, pending=[{"t": "place", "seat": f["p"], "kind": f["item"]}])
    assert GAME.load(GAME.dump(old)) == s
    assert GAME.load(GAME.dump(s)) == s


def test_a_save_that_kept_tiles_as_dicts_opens_with_the_same_board():
    """Saves from before session 22 kept each laid tile as a dict listing its
    squares; they load as today's text records, and every seat's board is the same."""
    pick = random.Random(5)
    s = GAME.new(["A", "B", "C"], 5)
    while sum(len(p["tiles"]) for p in s["players"]) < 6:
        seat = GAME.to_act(s)[0]
        s = GAME.apply(s, seat, GAME.sample(s, seat, pick))
    old = json.loads(GAME.dump(s))
    for p, v in zip(old["players"], GAME.view(s, None)["players"]):
        p["tiles"] = [dict(t) for t in v["tiles"]]  # kind, cells, at, orient
        assert p["tiles"] and all(t["cells"] for t in p["tiles"])
    loaded = GAME.load(json.dumps(old))
    assert loaded == s
    assert all(GAME.view(loaded, seat) == GAME.view(s, seat) for seat in (None, 0, 1, 2))
