"""Helpers for game state, which is always plain JSON-compatible data."""

from __future__ import annotations

import json
from typing import Any


def clone(obj: Any) -> Any:
    """Deep-copy plain data (dicts, lists, str, int, float, bool, None) quickly."""
    if isinstance(obj, dict):
        return {k: clone(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [clone(v) for v in obj]
    return obj


def dumps(state: dict) -> str:
    """Canonical JSON text for a state (sorted keys, compact)."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def loads(text: str) -> dict:
    return json.loads(text)
