"""The one state copier (core/state.clone) is a deep copy for every game."""

import json
import random

import pytest

from florencia_tui.core.state import clone


def _containers(o, path="$"):
    """(path, container) for every dict and list inside ``o``, ``o`` included."""
    if isinstance(o, dict):
        yield path, o
        for k, v in o.items():
            yield from _containers(v, f"{path}.{k}")
    elif isinstance(o, list):
        yield path, o
        for i, v in enumerate(o):
            yield from _containers(v, f"{path}[{i}]")


def _scribble(o) -> None:
    """Change every container inside ``o`` (deepest first)."""
    for _path, c in reversed(list(_containers(o))):
        if isinstance(c, dict):
            c["scribbled"] = [1]
        else:
            c.append({"scribbled": 1})


def _midgame(game, steps: int) -> dict:
    s = game.new([f"P{i}" for i in range(game.max_players)], 11)
    pick = random.Random(11)
    for _ in range(steps):
        if game.is_over(s):
            break
        seat = game.to_act(s)[0]
        s = game.apply(s, seat, game.sample(s, seat, pick))
    return s


@pytest.mark.parametrize("steps", [0, 40, 120])
def test_mutating_the_copy_of_a_midgame_state_never_touches_the_original(each_game, steps):
    s = _midgame(each_game.game, steps)
    before = json.dumps(s, sort_keys=True)
    c = clone(s)
    assert c == s
    ids = {id(x) for _p, x in _containers(s)}
    shared = [p for p, x in _containers(c) if id(x) in ids]
    assert shared == [], f"containers shared with the original: {shared[:5]}"
    _scribble(c)
    assert json.dumps(s, sort_keys=True) == before


@pytest.mark.parametrize(
    "data",
    [
        ["a", ["b"]],  # starts with a string, holds a list
        ["a", 1, {"x": ["y"]}],
        [1, [2]],  # starts with a number, holds a list
        [1, 2, {"x": 3}, 4],
        [True, [1]],
        [1.5, [], None],
        [None, {"k": []}],
        [[["deep"]], [[1, [2]]]],
        {"a": ["s", ["t"]], "b": [3, {"c": [4]}], "e": []},
    ],
)
def test_the_copier_finds_containers_anywhere_in_a_list(data):
    before = json.dumps(data)
    c = clone(data)
    assert c == data and c is not data
    _scribble(c)
    assert json.dumps(data) == before


def test_scalars_are_returned_as_they_are():
    for x in ("text", 3, 2.5, None, True):
        assert clone(x) is x
