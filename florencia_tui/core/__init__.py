"""The shared rules core: the game protocol, seeded randomness, records.

Nothing in ``core`` (or ``games``) imports Textual, the table, the store or bots.
"""

from florencia_tui.core.errors import CorruptSave, IllegalAction
from florencia_tui.core.game import Game, Prompt, ScoreCard, ScoreLine, State, Variant
from florencia_tui.core.record import Record, replay
from florencia_tui.core.undo import UNDO, UndoLog

__all__ = [
    "CorruptSave",
    "Game",
    "IllegalAction",
    "Prompt",
    "Record",
    "ScoreCard",
    "ScoreLine",
    "State",
    "UNDO",
    "UndoLog",
    "Variant",
    "replay",
]
