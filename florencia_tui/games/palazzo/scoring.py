"""Palazzo palace scoring (spec 10.2)."""

from __future__ import annotations

from florencia_tui.games.palazzo.data import SCORING, tile


def palace_lines(tiles: list[str]) -> list[tuple[str, int]]:
    """Labelled parts of a palace's score: floors, windows, height bonus, pure bonus."""
    n = len(tiles)
    if n == 0:
        return []
    base, windows_count, height, pure_bonus = SCORING[n]
    info = [tile(t) for t in tiles]
    w = sum(i[2] for i in info)
    pure = len({i[0] for i in info}) == 1
    label = "1 floor" if n == 1 else f"{n} floors"
    return [
        (label, base),
        (
            f"windows ({w})" if windows_count else "windows (count from 3 floors)",
            w if windows_count else 0,
        ),
        ("height bonus", height),
        ("pure bonus" if pure else "pure bonus (mixed)", pure_bonus if pure else 0),
    ]


def palace_score(tiles: list[str]) -> int:
    return sum(p for _, p in palace_lines(tiles))


def player_score(palaces: list[list[str]]) -> int:
    return sum(palace_score(p) for p in palaces)
