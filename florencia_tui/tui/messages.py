"""Every message of our own that widgets post to the screens above them.

Textual's own messages (``Button.Pressed``, ``OptionList.OptionSelected``...)
come from Textual; the ones the app defines live here, in one module, so a
reader finds every custom message (and who may post it) in one place.
"""

from __future__ import annotations

from textual.message import Message


class SubmitAction(Message):
    """Posted by any prompt widget (the action bar, a card selector, a game's
    panel) to play an action in notation; the game screen handles it."""

    def __init__(self, action: str) -> None:
        super().__init__()
        self.action = action
