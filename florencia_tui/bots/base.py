"""The bot interface: a bot sees exactly what a human at its seat would."""

from __future__ import annotations

from florencia_tui.core.game import Prompt


class Bot:
    """Chooses one action for a seat.

    ``view`` is the seat's redacted view, ``prompt`` the decision it owes and
    ``legal`` the notation of every legal answer. ``key`` is a stable string
    (table seed, seat, action index) bots use to seed their randomness, so a
    game with bots is reproducible and resumes the same way.
    """

    kind = "bot"

    def choose(self, view: dict, prompt: Prompt, legal: list[str], key: str) -> str:
        raise NotImplementedError


BOT_KINDS = {"bot:random": "Random bot"}


def make_bot(kind: str) -> Bot:
    from florencia_tui.bots.random_bot import RandomBot

    if kind == "bot:random":
        return RandomBot()
    raise KeyError(f"unknown bot kind '{kind}'")
