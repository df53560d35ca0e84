"""The protocol's shared behaviour, exercised through every available game."""

import random

import pytest

from florencia_tui.core import IllegalAction, Record
from florencia_tui.core.game import ScoreCard, ScoreLine, rank_cards
from florencia_tui.core.notation import split, to_int, want_args
from florencia_tui.core.state import clone
from florencia_tui.games import REGISTRY, available_games, get_game, replay


def test_the_registry_lists_every_game_package_of_the_app():
    """Each package under florencia_tui/games/ is one game the registry lists
    (by its one line there), with the id of its package."""
    from pathlib import Path

    import florencia_tui.games as games_pkg

    root = Path(games_pkg.__file__).parent
    packages = {p.name for p in root.iterdir() if (p / "__init__.py").is_file()}
    app_games = {g.id for g in REGISTRY.values() if g.package.startswith(games_pkg.__name__)}
    assert packages and app_games == packages
    assert {g.id for g in available_games()} <= set(REGISTRY)


def test_coming_games_are_refused_not_faked():
    for info in REGISTRY.values():
        if not info.available:
            with pytest.raises(KeyError, match="coming"):
                get_game(info.id)


def test_unknown_game():
    with pytest.raises(KeyError, match="unknown game"):
        get_game("chess")


def test_clone_is_deep():
    a = {"x": [1, {"y": [2]}]}
    b = clone(a)
    b["x"][1]["y"].append(3)
    assert a == {"x": [1, {"y": [2]}]}


def test_notation_helpers():
    assert split("  BID  Red4+Green4 ") == ("bid", ["Red4+Green4"])
    with pytest.raises(IllegalAction, match="empty"):
        split("   ")
    with pytest.raises(IllegalAction, match="takes 2"):
        want_args("insert", ["1"], 2)
    with pytest.raises(IllegalAction, match="must be a number"):
        to_int("x", "palace")


def test_rank_cards_shares_exact_ties():
    cards = [
        ScoreCard(0, "A", 10, [ScoreLine("x", 10)], tiebreak=5),
        ScoreCard(1, "B", 10, [ScoreLine("x", 10)], tiebreak=7),
        ScoreCard(2, "C", 3, [ScoreLine("x", 3)], tiebreak=9),
        ScoreCard(3, "D", 10, [ScoreLine("x", 10)], tiebreak=7),
    ]
    ranked = rank_cards(cards)
    assert [c.rank for c in ranked] == [3, 1, 4, 1]
    assert [c.winner for c in ranked] == [False, True, False, True]


def test_protocol_contract_on_random_play(each_game):
    """new/to_act/legal/apply/view/dump/load behave as docs/engine.md says."""
    game = each_game.game
    names = [f"P{i}" for i in range(game.min_players)]
    s = game.new(names, 11)
    r = random.Random(0)
    for _ in range(150):
        if game.is_over(s):
            break
        seat = game.to_act(s)[0]
        before = game.dump(s)
        with pytest.raises(IllegalAction):
            game.apply(s, seat, "no-such-verb 1 2 3")
        other = next((i for i in range(len(names)) if i not in game.to_act(s)), None)
        if other is not None:
            with pytest.raises(IllegalAction, match="not seat"):
                game.apply(s, other, game.legal(s, seat)[0])
        action = r.choice(game.legal(s, seat))
        s2 = game.apply(s, seat, action)
        assert game.dump(s) == before, "apply must not mutate its input"
        assert game.load(game.dump(s2)) == s2
        assert "rng" not in game.view(s2, seat)
        s = s2


def test_record_replays_to_identical_state(each_game):
    game, game_id = each_game.game, each_game.id
    names = [f"P{i}" for i in range(game.max_players)]
    s = game.new(names, 99)
    rec = Record(game_id, 99, [{"name": n, "kind": "bot:random"} for n in names])
    r = random.Random(1)
    for _ in range(120):
        if game.is_over(s):
            break
        seat = game.to_act(s)[0]
        action = r.choice(game.legal(s, seat))
        s = game.apply(s, seat, action)
        rec.actions.append([seat, action])
    back = Record.from_json(rec.to_json())
    assert replay(back) == s
    assert [c.total for c in game.scores(replay(back))] == [c.total for c in game.scores(s)]
