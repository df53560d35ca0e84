"""A bot that plays a uniformly random legal action."""

from __future__ import annotations

import random

from florencia_tui.bots.base import Bot, Observation


class RandomBot(Bot):
    kind = "bot:random"

    def choose(self, obs: Observation) -> str:
        if not obs.legal:
            raise ValueError("no legal action to choose from")
        return random.Random(obs.key).choice(obs.legal)
