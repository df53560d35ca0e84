"""Shared tests are shared: they run over the registry (``each_game``,
tests/conftest.py), so registering a game is all it takes for every one of
them to play it; none keeps its own list of games."""

from __future__ import annotations

import ast
from pathlib import Path

from florencia_tui.games import REGISTRY
from tests.conftest import added_games

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
#: Folders of one game's own tests (they may name it, and others beside it).
PER_GAME = ("games", "example_game")


def _modules() -> list[Path]:
    return [
        f
        for f in sorted(TESTS.rglob("*.py"))
        if f.relative_to(TESTS).parts[0] not in PER_GAME and f.name != "test_shared_tests.py"
    ]


def games_listed(f: Path, ids: set[str]) -> list[str]:
    """Where ``f`` holds a literal list, tuple, set or dict (its keys) of two
    or more of the game ``ids``."""
    found = []
    for node in ast.walk(ast.parse(f.read_text())):
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            items = node.elts
        elif isinstance(node, ast.Dict):
            items = [k for k in node.keys if k is not None]
        else:
            continue
        named = {i.value for i in items if isinstance(i, ast.Constant) and i.value in ids}
        if len(named) >= 2:
            found.append(f"{f.relative_to(ROOT)}:{node.lineno} {sorted(named)}")
    return found


def test_no_test_or_benchmark_lists_the_games_by_hand():
    """A literal list of two or more game ids is a hand-kept list of games: a
    game added later is skipped without a word. Ask the registry
    (``each_game``; a benchmark: ``available_games()``) and the game's plugin
    instead."""
    ids = set(REGISTRY) | set(added_games())
    files = _modules() + sorted((ROOT / "benchmarks").glob("*.py"))
    files += sorted((ROOT / "screenshots").glob("*.py"))
    found = [where for f in files for where in games_listed(f, ids)]
    assert not found, "games listed by hand:\n" + "\n".join(found)


def test_no_test_is_parametrized_over_the_registry_itself():
    """``available_games()`` or ``REGISTRY`` read where a test module is loaded
    (a ``parametrize`` list, a module constant) sees the app's games only, not
    the tests' own (tests/conftest.py ``TEST_GAMES``): take ``each_game``."""
    found = []
    for f in _modules():
        if not f.name.startswith("test_"):
            continue
        tree = ast.parse(f.read_text())
        at_load = [n for n in tree.body if isinstance(n, (ast.Assign, ast.AnnAssign))]
        for fn in tree.body:
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                at_load += fn.decorator_list
        for node in at_load:
            names = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
            if names & {"available_games", "REGISTRY"}:
                found.append(f"{f.relative_to(ROOT)}:{node.lineno}")
    assert not found, "tests over the app's games only:\n" + "\n".join(found)
