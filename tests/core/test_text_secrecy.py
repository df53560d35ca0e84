"""Every text the rules produce for a person depends only on what that person
may see: log lines (``describe``), prompts, menus and their labels, refusals
and the status line. Checked on random games of every game, two ways:

* **Indistinguishable actions read the same.** When a seat's choices leave a
  viewer's view the same (Ana keeps task T05 or T07: Ben sees only "a task"),
  that viewer's log line must be the same for all of them.
* **Re-dealt positions read the same.** Re-deal everything a seat cannot see
  (the game's own ``redact`` + ``determinize``): the seat's prompt, legal
  actions, labels, refusals of any input, and the public status are unchanged.
"""

from __future__ import annotations

import json
import random

from florencia_tui.bots.evaluate import candidates
from florencia_tui.core.errors import IllegalAction

#: Three players (or the nearest count a game takes).
PLAYERS = 3
JUNK = ["", "x", "buy", "keep", "take 99", "bid 999", "pay", "pass pass", "0", "-1"]


def _key(view: dict) -> str:
    return json.dumps(view, sort_keys=True)


def _sample(game, players: int, seeds: list[int], every: int, limit: int) -> list:
    """States of random games, every ``every`` actions, at most ``limit`` of
    each: the games of ``seeds``, then of the seeds after them while fewer than
    ``limit`` were found (a short game plays several)."""
    out = []
    for seed in range(seeds[0], seeds[0] + 40):
        if seed > seeds[-1] and len(out) >= limit:
            break
        out += _positions(game, players, seed, every, limit)
    return out


def _positions(game, players: int, seed: int, every: int, limit: int):
    """States of one random game, every ``every`` actions (at most ``limit``)."""
    rnd = random.Random(seed)
    s = game.new([f"P{i}" for i in range(players)], seed)
    n = 0
    out = []
    while not game.is_over(s) and len(out) < limit:
        if n % every == 0:
            out.append(s)
        seat = game.to_act(s)[0]
        s = game.apply(s, seat, game.sample(s, seat, rnd))
        n += 1
    return out


def _actions(game, s, seat, rnd: random.Random, cap: int = 40) -> list[str]:
    acts = candidates(game, s, seat) if game.large_menu(s, seat) else game.legal(s, seat)
    return acts if len(acts) <= cap else rnd.sample(acts, cap)


def test_choices_a_viewer_cannot_tell_apart_are_logged_alike(each_game):
    """(Choices a game declares taken in the open, ``Game.open_decisions``,
    may be logged as everyone saw them.)"""
    game, gid = each_game.game, each_game.id
    rnd = random.Random(5)
    n = each_game.players_near(PLAYERS)
    checked = compared = 0
    for s in _sample(game, n, [1, 2], every=3, limit=60):
        for actor in game.to_act(s):
            acts = _actions(game, s, actor, rnd)
            if len(acts) < 2 or game.prompt(s, actor).kind in game.open_decisions:
                continue
            afters = {a: game.apply(s, actor, a) for a in acts}
            for viewer in [*range(n), None]:
                if viewer == actor:
                    continue
                seen: dict[str, tuple[str, str]] = {}
                for a, after in afters.items():
                    k = _key(game.view(after, viewer))
                    line = game.describe(s, actor, a, viewer)
                    compared += 1
                    if k in seen:
                        other, other_line = seen[k]
                        assert line == other_line, (
                            f"{gid}: viewer {viewer} sees the same after {other!r} and {a!r} "
                            f"by seat {actor}, but reads {other_line!r} and {line!r}"
                        )
                        checked += 1
                    else:
                        seen[k] = (a, line)
    # Every game's choices were read by every other viewer; where some looked
    # alike to a viewer (none in Palazzo, where every card paid is shown),
    # their lines were compared above (``checked``).
    assert compared >= 50, (compared, checked)


def _redeal(game, s, seat: int, seed: int) -> dict:
    return game.determinize(game.redact(s, seat), seat, seed)


def _outcome(game, s, seat: int, action: str) -> str:
    try:
        game.apply(s, seat, action)
    except IllegalAction as e:
        return f"refused: {e}"
    return "ok"


def test_a_seats_texts_do_not_change_when_its_unseen_cards_are_redealt(each_game):
    game = each_game.game
    rnd = random.Random(7)
    n = each_game.players_near(PLAYERS)
    changed = 0
    for s in _sample(game, n, [3], every=4, limit=50):
        for seat in game.to_act(s):
            t = _redeal(game, s, seat, rnd.randrange(1 << 30))
            assert game.view(t, seat) == game.view(s, seat)
            changed += t != s
            assert game.status(t) == game.status(s)
            assert game.prompt(t, seat) == game.prompt(s, seat)
            assert game.large_menu(t, seat) == game.large_menu(s, seat)
            if not game.large_menu(s, seat):
                legal = game.legal(s, seat)
                assert game.legal(t, seat) == legal
                for a in legal[:30]:
                    assert game.label(t, seat, a) == game.label(s, seat, a)
            tries = _actions(game, s, seat, rnd, cap=15) + JUNK
            for a in tries:
                assert _outcome(game, t, seat, a) == _outcome(game, s, seat, a), a
    assert changed > 5  # re-dealing really moved hidden cards
