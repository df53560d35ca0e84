"""Helpers for game state, which is always plain JSON-compatible data."""

from __future__ import annotations

import marshal
from typing import Any


def clone(obj: Any) -> Any:
    """Deep-copy plain data (dicts, lists, str, int, float, bool, None).

    Every ``Game.apply`` copies the state, so this is the engines' hot spot:
    a marshal round trip does it in C, 1.5-2.5x faster than a Python walk.
    Format version 2 writes no back-references, so a list reached twice is
    copied twice, exactly as the JSON round trip of a save would."""
    return marshal.loads(marshal.dumps(obj, 2))
