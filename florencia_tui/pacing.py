"""How long a table lets a bot's move stay on screen before the next one.

Watching bots is pacing, not waiting. The first bot move after a human's
decision is held for the table's ``delay`` so it can be followed; each further
one in the same stretch of bot moves a little shorter (a long auction of bots
speeds up instead of taking ten seconds), never under ``FLOOR``. Decisions
taken in secret and at once (``Game.simultaneous``: Strasbourg's planning, the
Architects draft) are not paced at all: nobody sees them one card at a time.
``benchmarks/bot_pacing.py`` measures what a full round of bot turns costs a
watching player at the app's defaults.
"""

from __future__ import annotations

from florencia_tui.core.game import Game, State

#: Seconds a visible bot move stays on screen at the app's default speed.
DEFAULT_DELAY = 0.6
#: The bot speeds a table offers (seconds for the first visible move).
SPEEDS = {"normal": DEFAULT_DELAY, "fast": 0.15, "instant": 0.0}
#: Each further bot move in one stretch is held this share of the one before...
DECAY = 0.85
#: ... but never less than this many seconds (or ``delay``, if shorter).
FLOOR = 0.1


def bot_pause(game: Game, state: State, moves_since_human: int, delay: float) -> float:
    """Seconds to wait before the next bot moves in ``state``, when
    ``moves_since_human`` bot moves have been shown since a human last decided."""
    if delay <= 0 or game.simultaneous(state):
        return 0.0
    return max(delay * DECAY**moves_since_human, min(delay, FLOOR))
