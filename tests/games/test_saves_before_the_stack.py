"""A game saved before the decision stack (Palazzo's pending None or one dict,
Strasbourg's queue of {seat, kind}) resumes in today's shape: a save keeps the
state itself, and Table.resume loads it."""

import json
import random

import pytest

from florencia_tui.games import get_game


def _state_with_pending(game_id: str) -> dict:
    game = get_game(game_id)
    pick = random.Random(3)
    for seed in range(20):
        s = game.new([f"P{i}" for i in range(game.min_players + 1)], seed)
        while not game.is_over(s):
            if s["pending"] and (game_id == "palazzo" or len(s["pending"]) >= 2):
                return s
            seat = game.to_act(s)[0]
            s = game.apply(s, seat, game.sample(s, seat, pick))
    raise AssertionError("no pending decision in 20 games")


def _old_shape(game_id: str, s: dict) -> dict:
    old = json.loads(json.dumps(s))
    if game_id == "palazzo":
        (f,) = s["pending"] or [None]
        old["pending"] = None if f is None else {"seat": f["p"], "tiles": f["tiles"]}
    else:
        old["pending"] = [
            {"seat": f["p"], "kind": f["k"], **{k: v for k, v in f.items() if k not in ("k", "p")}}
            for f in reversed(s["pending"])
        ]
    return old


@pytest.mark.parametrize("game_id", ["palazzo", "strasbourg"])
def test_a_state_saved_with_the_old_pending_loads_in_todays_shape(game_id):
    game = get_game(game_id)
    s = _state_with_pending(game_id)
    old = _old_shape(game_id, s)
    assert old["pending"] != s["pending"]
    loaded = game.load(json.dumps(old))
    assert loaded == s
    seat = game.to_act(s)[0]
    assert game.to_act(loaded) == [seat] and game.legal(loaded, seat) == game.legal(s, seat)
    a = game.legal(s, seat)[0]
    assert game.apply(loaded, seat, a) == game.apply(s, seat, a)


def test_a_palazzo_save_with_nothing_pending_loads_with_an_empty_stack():
    game = get_game("palazzo")
    s = game.new(["A", "B"], 1)
    old = dict(s, pending=None)
    assert game.load(json.dumps(old)) == s
