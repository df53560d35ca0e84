"""Position evaluation for bots: how good a (determinized) state is for a seat.

Every game gets a default from its own live scores (``Game.scores`` works
mid-game); games may register a sharper evaluator here. Evaluators read a
state the bot built itself by determinizing its own observation, never the
table's real state.
"""

from __future__ import annotations

from florencia_tui.core.game import Game, State
from florencia_tui.core.plugin import BotKit, Evaluator
from florencia_tui.games import plugin


class Terms:
    """What an evaluation is made of, for hints: an evaluator given a Terms
    marks its running value after each part (``mark("council", value)``), and
    ``parts`` holds each part's share of the value, by name."""

    def __init__(self) -> None:
        self.parts: dict[str, float] = {}
        self._at = 0.0

    def mark(self, name: str, value: float) -> None:
        self.parts[name] = self.parts.get(name, 0.0) + value - self._at
        self._at = value


def terms(game: Game, s: State, seat: int) -> dict[str, float]:
    """The seat's evaluation of ``s`` split into its named parts (they sum to it)."""
    t = Terms()
    value = evaluator(game)(game, s, seat, terms=t)
    t.mark("other", value)
    return {k: v for k, v in t.parts.items() if k != "other" or abs(v) > 1e-9}


def score_eval(game: Game, s: State, seat: int, terms: Terms | None = None) -> float:
    value = float(game.scores(s)[seat].total)
    if terms is not None:
        terms.mark("score", value)
    return value


def evaluator(game: Game) -> Evaluator:
    """The game's own evaluation (its ``bot.BOT``), else its live scores."""
    return kit(game).evaluate or score_eval


def candidates(game: Game, s: State, seat: int) -> list[str]:
    """The actions bots consider at this decision (the game's ``bot.BOT``
    candidates, else every legal action)."""
    k = kit(game)
    return k.candidates(game, s, seat) if k.candidates else game.legal(s, seat)


def kit(game: Game) -> BotKit:
    """What bots know of ``game``, from its plugin."""
    return plugin(game.id).bot


def seat_values(game: Game, s: State, ev: Evaluator | None = None) -> list[float]:
    """Every seat's evaluation of ``s`` (by ``ev``, else the game's own: all
    seats at once where its bot kit can)."""
    k = kit(game)
    if ev is None or ev is k.evaluate:
        if k.values is not None:
            return k.values(game, s)
        ev = evaluator(game)
    return [ev(game, s, p) for p in range(len(s["names"]))]


def advantage(game: Game, s: State, seat: int, ev: Evaluator | None = None) -> float:
    """The seat's evaluation minus the best opponent's."""
    values = seat_values(game, s, ev)
    others = [v for p, v in enumerate(values) if p != seat]
    return values[seat] - (max(others) if others else 0.0)
