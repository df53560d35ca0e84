"""Keys that pick the n-th option of a list, shared by every prompt widget.

Digits first, then letters; ``h`` (hint), ``l`` (log), ``u`` (undo) and ``o``
(settings) are never used for an option, so those keys mean the same on every
screen.
"""

from __future__ import annotations

#: The n-th option of a menu (the action bar, the Architects panel).
ACTION_KEYS = "1234567890abcdefgijkmnpqrstvwxyz"


def keys_without(reserved: str) -> str:
    """ACTION_KEYS less the letters a widget keeps for itself (e.g. c clear, p pass)."""
    return "".join(k for k in ACTION_KEYS if k not in reserved)
