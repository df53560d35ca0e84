"""Reproducible tables for screenshots, snapshot tests and demos.

A scene is a real game played from a fixed seed by seeded random choices up to
a point where the human seat (seat 0) owes a decision, so every board drawn
from it is an honest position reached by legal play.
"""

from __future__ import annotations

from florencia_tui.bots import RandomBot, observe
from florencia_tui.store import Store
from florencia_tui.table import Table
from florencia_tui.tui.screens.setup import default_name


def demo_table(
    game_id: str, players: int, seed: int, steps: int, store: Store | None = None, humans: int = 1
) -> Table:
    """Play ``steps`` actions (then on until a human decides) from ``seed``."""
    seats = [
        {"name": default_name(i), "kind": "human" if i < humans else "bot:random"}
        for i in range(players)
    ]
    table = Table(game_id, seats, seed, store=store)
    chooser = RandomBot()

    def step() -> None:
        seat = table.to_act()[0]
        key = f"scene:{seed}:{len(table.entries)}"
        table.submit(seat, chooser.choose(observe(table.game, table.state, seat, key)))

    while len(table.entries) < steps and not table.is_over():
        step()
    while not table.is_over() and not any(table.is_human(s) for s in table.to_act()):
        step()
    return table


def finished_table(game_id: str, players: int, seed: int, store: Store | None = None) -> Table:
    return demo_table(game_id, players, seed, steps=10**9, store=store)
