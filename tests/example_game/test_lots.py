"""Sealed lots, the second example (written from docs/adding-a-game.md alone):
its own rules, and what a game of six players and a score in coins asks of the
app. Everything every game passes, the shared tests check (tests/conftest.py)."""

from __future__ import annotations

import random

import pytest

from florencia_tui.table import Table
from tests.example_game.lots import PLUGIN, data


def _offers(game, s: dict, offers: list[int]) -> dict:
    """Every seat offers, in reverse seat order (nobody waits for another)."""
    assert game.to_act(s) == list(range(len(offers)))
    for seat in reversed(range(len(offers))):
        s = game.apply(s, seat, f"offer {offers[seat]}")
    return s


@pytest.mark.parametrize("players", [2, 6])
def test_random_play_keeps_the_coins_and_ends_after_three_rounds(lots, players):
    for seed in range(20):
        rnd = random.Random(seed)
        s = lots.new([f"P{i}" for i in range(players)], seed, {"split_ties": seed % 2 == 1})
        while not lots.is_over(s):
            acting = lots.to_act(s)
            assert acting == [p for p in range(players) if s["offers"][p] is None]
            seat = rnd.choice(acting)
            s = lots.apply(s, seat, rnd.choice(lots.legal(s, seat)))
            assert all(c >= 0 for c in s["coins"])
        assert len(s["history"]) == data.ROUNDS and not s["pending"]
        cards = lots.scores(s)
        assert [c.total for c in cards] == s["coins"]
        assert all(sum(line.points for line in c.lines) == c.total for c in cards)


def test_the_single_highest_offer_buys_and_a_tie_buys_nothing_unless_split(lots):
    s = lots.new(["Ana", "Ben", "Cem"], 4)
    lot = s["lot"]
    tied = _offers(lots, s, [3, 3, 1])
    assert tied["history"][0]["buyers"] == [] and tied["coins"] == [8, 8, 8]
    bought = _offers(lots, s, [1, 3, 0])
    assert bought["coins"] == [8, 8 - 3 + lot, 8]
    split = lots.new(["Ana", "Ben", "Cem"], 4, {"split_ties": True})
    shared = _offers(lots, split, [3, 3, 1])
    assert shared["coins"] == [8 - 3 + lot // 2, 8 - 3 + lot // 2, 8]
    nobody = _offers(lots, s, [0, 0, 0])
    assert nobody["history"][0]["buyers"] == []


def test_an_offer_beyond_the_coins_or_the_cap_is_refused_with_a_reason(lots):
    from florencia_tui.core.errors import IllegalAction

    s = lots.new(["Ana", "Ben"], 1)
    assert lots.legal(s, 0) == [f"offer {c}" for c in range(data.MAX_OFFER + 1)]
    with pytest.raises(IllegalAction, match="0 to 4 coins"):
        lots.apply(s, 0, "offer 5")
    with pytest.raises(IllegalAction, match="offer coins"):
        lots.apply(s, 0, "bid 2")


async def test_a_six_player_game_is_set_up_on_the_setup_screen(lots, play):
    """Six seats, each with a name of its own (issue 28: the setup screen had
    five default names and raised IndexError for a sixth seat)."""
    async with play(default_seed=3) as d:
        await d.open_setup("lots")
        for _ in range(PLUGIN.max_players - PLUGIN.min_players):
            await d.press("f3")
        await d.press("f5")
        table = d.app.table
        assert table.game_id == "lots" and len(table.seats) == 6
        names = [s["name"] for s in table.seats]
        assert names[:5] == ["Ana", "Ben", "Carla", "Dario", "Elena"]
        assert names[5] == "Player 6" and len(set(names)) == 6


async def test_the_end_screen_counts_the_score_in_coins(lots, play, store):
    seats = [{"name": "Ana", "kind": "bot:heuristic"}, {"name": "Ben", "kind": "bot:random"}]
    done = Table("lots", seats, seed=5, store=store)
    done.run_bots()
    assert done.is_over()
    async with play(table=done) as d:
        assert d.screen_name == "EndScreen"
        top = max(c.total for c in done.scores())
        assert f"with {top:g} coins." in d.text("#end-winner")
