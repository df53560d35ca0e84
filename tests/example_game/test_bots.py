"""Every bot level finishes the example game through a real Table, choosing
from its seat's observation only; the search bot beats chance."""

from __future__ import annotations

import pytest

from florencia_tui.bots.hint import hint
from florencia_tui.table import Table

LEVELS = ["bot:random", "bot:heuristic", "bot:search@60it"]


@pytest.mark.parametrize("players", [2, 4])
def test_every_bot_level_finishes_games(auction, players):
    for seed in range(3):
        seats = [
            {"name": f"B{i}", "kind": LEVELS[(seed + i) % len(LEVELS)]} for i in range(players)
        ]
        table = Table("auction", seats, seed=seed)
        assert table.run_bots() == players * 3
        assert table.is_over() and len(table.state["history"]) == 3


def _search_against_random(seed: int, search_seat: int) -> int:
    """1 when the search bot outscores the random bot, -1 when it is outscored, 0 a tie."""
    seats = [{"name": "Rnd", "kind": "bot:random"}] * 2
    seats[search_seat] = {"name": "Srch", "kind": "bot:search@60it"}
    table = Table("auction", seats, seed=seed)
    table.run_bots()
    cards = table.scores()
    mine, theirs = cards[search_seat].total, cards[1 - search_seat].total
    return (mine > theirs) - (mine < theirs)


def test_the_search_bot_beats_the_random_bot_most_of_the_time(auction):
    """Over 20 seeded games, each seat in turn (two random bots win about a
    third each; a tie for highest bid makes ties common)."""
    results = [_search_against_random(seed, seed % 2) for seed in range(20)]
    wins, losses = results.count(1), results.count(-1)
    assert wins >= 9 and wins >= 2 * losses, f"search: {wins} wins, {losses} losses of 20"


def test_a_hint_explains_a_bid_with_the_games_evaluation_parts(auction):
    s = auction.new(["Ana", "Ben"], 6)
    h = hint(auction, s, 0, "t:hint", samples=2)
    assert h.action in auction.legal(s, 0)
    assert h.label.startswith("Bid ") and "prize" in h.label
    assert {part for part, _ in h.changes} <= {"prizes", "cards", "bid"}
