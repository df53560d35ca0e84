"""Final (or current) scores as a Rich table with each line of the breakdown."""

from __future__ import annotations

from collections.abc import Callable

from rich.table import Table
from rich.text import Text

from florencia_tui.core.game import ScoreCard


def scores_table(cards: list[ScoreCard]) -> Table:
    t = Table(show_header=True, header_style="bold", expand=False, box=None, padding=(0, 1))
    t.add_column("#", justify="right")
    t.add_column("Player")
    t.add_column("Breakdown")
    t.add_column("Total", justify="right")
    for c in sorted(cards, key=lambda c: (c.rank, c.seat)):
        lines = Text()
        for i, line in enumerate(c.lines):
            if i:
                lines.append("\n")
            lines.append(f"{line.label}: ", style="dim")
            lines.append(f"{line.points:g}")
        if c.tiebreak_label:
            lines.append(f"\ntie-break, {c.tiebreak_label}: {c.tiebreak:g}", style="italic")
        name = Text(("★ " if c.winner else "  ") + c.name, style="bold" if c.winner else "")
        t.add_row(str(c.rank), name, lines, Text(f"{c.total:g}", style="bold"))
    return t


def winner_line(cards: list[ScoreCard], amount: Callable[[float], str]) -> str:
    """Who won and with how much, ``amount`` writing a score in the game's
    unit (``GamePlugin.amount``)."""
    winners = [c for c in cards if c.winner]
    if not winners:
        return ""
    top = max(cards, key=lambda c: c.total).total
    tied = [c for c in cards if c.total == top]
    names = " and ".join(c.name for c in winners)
    verb = "share the victory" if len(winners) > 1 else "wins"
    total = winners[0].total
    line = f"{names} {verb} with {amount(total)}"
    if len(tied) > 1 and len(winners) < len(tied) and winners[0].tiebreak_label:
        line += f" (tie broken by {winners[0].tiebreak_label}: {winners[0].tiebreak:g})"
    return line + "."
