"""A heuristic bot: one ply of lookahead with the game's evaluation.

It determinizes its own observation a few times (hidden cards dealt at random
among what it has not seen), tries every legal action on each, and keeps the
action whose average evaluation is best for it.
"""

from __future__ import annotations

import random

from florencia_tui.bots.base import Bot, Observation
from florencia_tui.bots.evaluate import advantage, candidates, evaluator, kit

MAX_ACTIONS = 80  # larger menus use the game's bot candidates (sampled if still larger)


class HeuristicBot(Bot):
    kind = "bot:heuristic"
    needs_redacted = True

    def __init__(self, samples: int = 2) -> None:
        self.samples = samples

    def choose(self, obs: Observation) -> str:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        pick = random.Random(obs.key)
        if obs.redacted is None:  # a game without redact(): fall back to chance
            return pick.choice(legal)
        game = obs.game
        ev = kit(game).heuristic or evaluator(game)
        deals = [
            game.determinize(obs.redacted, obs.seat, pick.randrange(2**31))
            for _ in range(self.samples)
        ]
        actions = legal
        if len(legal) > MAX_ACTIONS or kit(game).candidates_only:
            # The game's short list of sensible actions (it depends only on
            # what the seat sees, so any deal gives the same), sampled if
            # still too long.
            allowed = set(legal)
            actions = [a for a in candidates(game, deals[0], obs.seat) if a in allowed] or legal
            if len(actions) > MAX_ACTIONS:
                actions = pick.sample(actions, MAX_ACTIONS)
        totals = {a: 0.0 for a in actions}
        for s in deals:
            for a in actions:
                after = game.apply(s, obs.seat, a)
                totals[a] += advantage(game, after, obs.seat, ev)
        best = max(totals.values())
        return pick.choice([a for a in actions if totals[a] >= best - 1e-9])
