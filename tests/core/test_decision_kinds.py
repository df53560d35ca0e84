"""Every decision frame a game pushes has its handlers in the game's table."""

import random
import re
from pathlib import Path

import pytest

from florencia_tui.core import decisions as D
from florencia_tui.games import get_game
from florencia_tui.games.palazzo import rules as palazzo_rules
from florencia_tui.games.strasbourg import rules as strasbourg_rules

TABLES = {"palazzo": palazzo_rules, "strasbourg": strasbourg_rules}


def _kinds_seen(game_id: str, games: int) -> set[str]:
    game = get_game(game_id)
    seen: set[str] = set()
    pick = random.Random(7)
    for seed in range(games):
        s = game.new([f"P{i}" for i in range(game.max_players)], seed)
        while not game.is_over(s):
            for f in s["pending"]:
                assert set(f) >= {"k", "p"} and f["p"] in range(s["n"]), f
                seen.add(f["k"])
            seat = game.to_act(s)[0]
            if s["pending"]:
                assert game.to_act(s) == [D.owner(s)]
            s = game.apply(s, seat, game.sample(s, seat, pick))
    return seen


def _kinds_pushed_in_source(rules) -> set[str]:
    """Kinds named as literals in the module's push/push_under calls."""
    text = Path(rules.__file__).read_text()
    return set(re.findall(r"D\.push(?:_under)?\(s, \"(\w+)\"", text))


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_every_frame_kind_pushed_has_all_its_handlers(game_id):
    rules = TABLES[game_id]
    table = rules.DECISIONS.kinds
    in_source = _kinds_pushed_in_source(rules)
    assert in_source, "the source scan found no push: fix its pattern"
    pushed = _kinds_seen(game_id, 6) | in_source
    if game_id == "strasbourg":
        pushed |= set(rules.ROLES)  # pushed by name from the bidding's ranks
    assert pushed, "no frame was ever pushed"
    assert pushed <= set(table), f"kinds without handlers: {pushed - set(table)}"
    for k in pushed:
        kind = table[k]
        for handler in ("legal", "apply", "text", "preview", "label"):
            assert callable(getattr(kind, handler)), (k, handler)


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_every_phase_has_its_handlers_and_nothing_else_is_dispatched(game_id):
    rules = TABLES[game_id]
    for name, phase in rules.PHASES.items():
        assert isinstance(phase, D.Phase), name
        assert callable(phase.legal) and callable(phase.apply), name
    assert "over" not in rules.PHASES


@pytest.mark.parametrize("game_id", ["architects", "florence", "palazzo", "strasbourg"])
def test_every_game_declares_its_one_table_and_play_stays_on_it(game_id):
    """Each game declares its table (``Game.decisions``, a core Decisions) and
    every frame random play puts on the stack is one of its kinds, in the one
    form ``{"k", "p", ...}``."""
    game = get_game(game_id)
    assert isinstance(game.decisions, D.Decisions) and game.decisions.kinds
    pick = random.Random(3)
    for seed in range(2):
        s = game.new([f"P{i}" for i in range(game.min_players)], seed)
        while not game.is_over(s):
            for f in s["pending"]:
                assert f["k"] in game.decisions.kinds and f["p"] in range(len(s["names"]))
            seat = game.to_act(s)[0]
            s = game.apply(s, seat, game.sample(s, seat, pick))
