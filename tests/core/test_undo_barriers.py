"""Every action a game lets a seat undo reveals nothing to that seat.

For each available game that can determinize (deal the hidden information
anew, consistent with what a seat knows), play random games and, for every
action that is *not* an undo barrier, replay it on a re-dealt copy of the
state: the acting seat must see exactly the same result. If it saw something
different, the action showed it hidden information and undoing it would let
the seat choose again knowing it, so the game's ``undo_barrier`` missed a
reveal.
"""

import random

import pytest

from florencia_tui.core.game import Game
from florencia_tui.games import available_games


def can_determinize(game: Game) -> bool:
    return type(game).determinize is not Game.determinize


def test_every_game_can_be_checked():
    """Every game deals its hidden information anew (the bots need it too)."""
    assert all(can_determinize(g.game) for g in available_games())


def test_undoable_actions_reveal_nothing_to_the_actor(each_game):
    game, game_id = each_game.game, each_game.id
    if not can_determinize(game):
        pytest.skip(f"{each_game.title} cannot deal its hidden information anew")
    rnd = random.Random(7)
    checked = barriers = 0
    for g in range(300):  # three games, and more while a short game has checked too few
        if g >= 3 and checked > 100 and barriers > 10:
            break
        players = game.min_players + g % (game.max_players - game.min_players + 1)
        s = game.new([f"P{i}" for i in range(players)], seed=100 + g)
        for step in range(2_000):
            if game.is_over(s):
                break
            seat = game.to_act(s)[0]
            action = game.sample(s, seat, rnd)
            after = game.apply(s, seat, action)
            if game.undo_barrier(s, after, seat, action):
                barriers += 1
            else:
                other = game.determinize(game.redact(s, seat), seat, seed=step)
                again = game.apply(other, seat, action)
                assert game.view(again, seat) == game.view(after, seat), (
                    f"{game_id}: '{action}' is undoable but shows {players}-player seat "
                    f"{seat} hidden information"
                )
                if seat in game.to_act(after):
                    assert game.legal(again, seat) == game.legal(after, seat)
                checked += 1
            s = after
    assert checked > 100 and barriers > 10
