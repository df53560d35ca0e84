"""A bot that plays a uniformly random legal action."""

from __future__ import annotations

import random

from florencia_tui.bots.base import Bot
from florencia_tui.core.game import Prompt


class RandomBot(Bot):
    kind = "bot:random"

    def choose(self, view: dict, prompt: Prompt, legal: list[str], key: str) -> str:
        if not legal:
            raise ValueError("no legal action to choose from")
        return random.Random(key).choice(legal)
