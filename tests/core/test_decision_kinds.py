"""Every decision frame a game pushes has its handlers in the game's table."""

import importlib
import random
import re
from pathlib import Path

from florencia_tui.core import decisions as D
from florencia_tui.core.game import Game


def _kinds_seen(game, games: int) -> set[str]:
    """Every frame kind random play puts on the stack (each in the one form
    ``{"k", "p", ...}``, owed by a seat of the table, its owner among the
    seats to act)."""
    seen: set[str] = set()
    pick = random.Random(7)
    for seed in range(games):
        s = game.new([f"P{i}" for i in range(game.max_players)], seed)
        while not game.is_over(s):
            for f in s["pending"]:
                assert set(f) >= {"k", "p"} and f["p"] in range(len(s["names"])), f
                seen.add(f["k"])
            if s["pending"]:
                assert D.owner(s) in game.to_act(s)
            seat = game.to_act(s)[0]
            s = game.apply(s, seat, game.sample(s, seat, pick))
    return seen


def _kinds_pushed_in_source(package: str) -> set[str]:
    """Kinds named as literals in the push/push_under calls of the game's
    modules (``D.push(s, "kind", ...)``, whatever the module's alias)."""
    root = Path(importlib.import_module(package).__file__).parent
    text = "\n".join(f.read_text() for f in root.glob("*.py"))
    return set(re.findall(r"\w+\.push(?:_under)?\(\s*s,\s*\"(\w+)\"", text))


def test_every_frame_kind_pushed_has_all_its_handlers(each_game):
    game = each_game.game
    table = game.decisions.kinds
    pushed = _kinds_seen(game, 6) | _kinds_pushed_in_source(each_game.package)
    assert pushed <= set(table), f"kinds without handlers: {pushed - set(table)}"
    for k in pushed:
        kind = table[k]
        assert callable(kind.legal) and callable(kind.apply), k
        for handler in ("text", "preview", "label"):  # optional (core.decisions.Kind)
            assert getattr(kind, handler) is None or callable(getattr(kind, handler)), (k, handler)


def test_the_source_scan_finds_the_pushes():
    """The pattern above finds what the games push (so a kind pushed but never
    reached by random play is still checked)."""
    assert {"bid"} <= _kinds_pushed_in_source("tests.example_game.auction")
    assert {"build"} <= _kinds_pushed_in_source("florencia_tui.games.palazzo")
    assert {"place", "keep"} <= _kinds_pushed_in_source("florencia_tui.games.florence")


def test_the_decisions_owed_are_frames_of_the_table_and_name_the_seats_to_act(each_game):
    """One mechanism: whatever a game asks (a turn, a sub-decision, a decision
    every seat makes at once) is a frame of its table, owed by ``owed(s)``
    (core/decisions.py); the seats to act are the frames' seats, each seat's
    prompt is its frame's, and the game is over when nothing is owed."""
    game = each_game.game
    pick = random.Random(5)
    for seed in range(2):
        s = game.new([f"P{i}" for i in range(game.max_players)], seed)
        while True:
            owed = game.owed(s)
            assert [f["p"] for f in owed] == game.to_act(s)
            assert game.is_over(s) == (not owed)
            if not owed:
                break
            assert game.simultaneous(s) == any(
                game.decisions.kinds[f["k"]].simultaneous for f in owed
            )
            for f in owed:
                assert f["k"] in game.decisions.kinds, f
                assert game.frame(s, f["p"]) == f
                kind = game.decisions.prompt_kind(f)
                assert game.prompt(s, f["p"]).kind == f"{each_game.id}.{kind}"
            seat = owed[0]["p"]
            s = game.apply(s, seat, game.sample(s, seat, pick))


def test_no_game_dispatches_its_decisions_another_way(each_game):
    """The prompt, the labels and the frames owed come from the table alone:
    no game keeps a table of phases beside it, nor its own prompt or label."""
    rules = importlib.import_module(f"{each_game.package}.rules")
    assert not hasattr(rules, "PHASES") and not hasattr(D, "Phase")
    game = type(each_game.game)
    for method in ("owed", "frame", "prompt", "label", "simultaneous"):
        assert getattr(game, method) is getattr(Game, method), (each_game.id, method)


def test_every_game_declares_its_one_table_and_play_stays_on_it(each_game):
    """Each game declares its table (``Game.decisions``, a core Decisions) and
    every frame random play puts on the stack is one of its kinds, in the one
    form ``{"k", "p", ...}``."""
    game = each_game.game
    assert isinstance(game.decisions, D.Decisions) and game.decisions.kinds
    pick = random.Random(3)
    for seed in range(2):
        s = game.new([f"P{i}" for i in range(game.min_players)], seed)
        while not game.is_over(s):
            for f in s["pending"]:
                assert f["k"] in game.decisions.kinds and f["p"] in range(len(s["names"]))
            seat = game.to_act(s)[0]
            s = game.apply(s, seat, game.sample(s, seat, pick))
