"""The bot interface: a bot sees exactly what a human at its seat would."""

from __future__ import annotations

from dataclasses import dataclass

from florencia_tui.bots.evaluate import candidates
from florencia_tui.core.game import Game, Prompt, State


@dataclass
class Observation:
    """Everything a bot at ``seat`` may use to decide.

    ``view`` is the seat's redacted view, ``prompt`` the decision it owes,
    ``legal`` the notation of every legal answer. ``redacted`` is the same
    information in the state's own shape (hidden items masked, no RNG), which
    search bots determinize; it is None unless asked for (``with_redacted``).
    ``key`` is a stable string (table seed, seat, action index) that seeds the
    bot's randomness, so bot games are reproducible and resume the same way.
    """

    game: Game
    seat: int
    view: dict
    prompt: Prompt
    legal: list[str]
    key: str
    redacted: State | None = None
    #: False when ``legal`` holds only the game's ``candidates`` (a menu too
    #: large to list, see ``Game.large_menu``; given to bots that evaluate
    #: actions, which would consider only those anyway).
    complete: bool = True


def observe(game: Game, s: State, seat: int, key: str, with_redacted: bool = False) -> Observation:
    """Build a seat's observation from the real state (the table's job, never a bot's)."""
    redacted = None
    if with_redacted:
        try:
            redacted = game.redact(s, seat)
        except NotImplementedError:
            redacted = None
    large = redacted is not None and game.large_menu(s, seat)
    legal = candidates(game, s, seat) if large else game.legal(s, seat)
    return Observation(
        game,
        seat,
        game.view(s, seat),
        game.prompt(s, seat),
        legal,
        key,
        redacted,
        complete=not large,
    )


class Bot:
    kind = "bot"
    #: Whether the bot needs ``Observation.redacted`` (search over determinizations).
    needs_redacted = False

    def choose(self, obs: Observation) -> str:
        raise NotImplementedError


BOT_KINDS = {
    "bot:random": "Random bot",
    "bot:heuristic": "Heuristic bot",
    "bot:search": "Search bot",
}


def bot_kinds(game: Game) -> list[str]:
    """The bot levels offered for ``game``: heuristic and search need its
    determinize() (its redact() is derived from what it declares hidden)."""
    if type(game).determinize is Game.determinize:
        return ["bot:random"]
    return list(BOT_KINDS)
