"""Small text helpers shared by every game's widgets."""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size


def plural(k: int, word: str, many: str | None = None) -> str:
    """'1 card', '2 cards' (``many`` for irregular plurals)."""
    return f"{k} {word if k == 1 else (many or word + 's')}"


def fit(text: str, width: int) -> str:
    """``text`` cut or padded to exactly ``width`` terminal cells, so wide
    characters (CJK names, emoji) never shift the columns after it."""
    if cell_len(text) > width:
        return set_cell_size(text, width - 1) + "…"
    return set_cell_size(text, width)
