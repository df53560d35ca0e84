"""Every decision frame a game pushes has its handlers in the game's table."""

import importlib
import random
import re
from pathlib import Path

from florencia_tui.core import decisions as D


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


def test_every_phase_has_its_handlers_and_nothing_else_is_dispatched(each_game):
    """A game that dispatches its ordinary phases through a ``PHASES`` table
    (core.decisions.Phase) gives every phase both handlers."""
    rules = importlib.import_module(f"{each_game.package}.rules")
    for name, phase in getattr(rules, "PHASES", {}).items():
        assert isinstance(phase, D.Phase), name
        assert callable(phase.legal) and callable(phase.apply), name
        assert name != "over"


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
