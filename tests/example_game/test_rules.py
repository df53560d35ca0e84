"""The example game's rules: random legal play keeps every invariant, the tie
rule, the decision stack and what may be undone. (The checks every game
passes, the shared tests run on it too: tests/conftest.py registers it.)"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from florencia_tui.core.errors import IllegalAction
from tests.example_game.auction import data


def _check_invariants(s: dict) -> None:
    n = s["n"]
    for p in range(n):
        held = s["hands"][p] + [b for b in [s["bids"][p]] if b is not None] + s["played"][p]
        assert Counter(held) == Counter(data.HAND), f"seat {p}'s cards are not 1-2-3"
    revealed = [h["prize"] for h in s["history"]] + ([s["prize"]] if s["prize"] else [])
    assert Counter(s["deck"] + revealed) == Counter(data.PRIZES)
    won = [x for w in s["won"] for x in w]
    assert Counter(won) <= Counter(h["prize"] for h in s["history"])
    if s["prize"] is not None:  # not over
        # Every seat still to bid this round owes one frame, the top one now.
        owed = [f["p"] for f in s["pending"]]
        assert sorted(owed) == [p for p in range(n) if s["bids"][p] is None]
        assert all(f["k"] == "bid" for f in s["pending"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_legal_play_keeps_the_invariants_and_ends_after_three_rounds(auction, players):
    for seed in range(25):
        rnd = random.Random(seed)
        s = auction.new([f"P{i}" for i in range(players)], seed)
        steps = 0
        while not auction.is_over(s):
            _check_invariants(s)
            seat = auction.to_act(s)[0]
            legal = auction.legal(s, seat)
            assert legal == sorted(legal) and legal, "a seat owing a bid has a card"
            assert auction.prompt(s, seat).kind == "auction.bid"
            s = auction.apply(s, seat, rnd.choice(legal))
            steps += 1
        _check_invariants(s)
        assert steps == players * data.ROUNDS and len(s["history"]) == data.ROUNDS
        assert all(not h for h in s["hands"]) and auction.to_act(s) == []
        cards = auction.scores(s)
        assert [c.total for c in cards] == [sum(w) for w in s["won"]]
        assert any(c.winner for c in cards)


def _bids(game, s: dict, cards: dict[int, int]) -> dict:
    while s["round"] == 1:
        seat = game.to_act(s)[0]
        s = game.apply(s, seat, f"bid {cards[seat]}")
    return s


def test_the_single_highest_bid_wins_and_a_tie_for_highest_wins_nothing(auction):
    s = auction.new(["Ana", "Ben", "Cem"], 4)
    prize = s["prize"]
    won = _bids(auction, s, {0: 3, 1: 3, 2: 1})
    assert won["history"][0] == {"round": 1, "prize": prize, "bids": [3, 3, 1], "winner": None}
    assert won["won"] == [[], [], []], "a tie for highest: the prize is discarded"
    won = _bids(auction, s, {0: 1, 1: 3, 2: 2})
    assert won["won"][1] == [prize] and won["history"][0]["winner"] == 1
    assert won["played"] == [[1], [3], [2]] and 3 not in won["hands"][1]


def test_bids_are_frames_on_the_decision_stack_first_bidder_on_top(auction):
    s = auction.new(["Ana", "Ben", "Cem"], 1)
    assert s["pending"] == [{"k": "bid", "p": 2}, {"k": "bid", "p": 1}, {"k": "bid", "p": 0}]
    s = _bids(auction, s, {0: 1, 1: 2, 2: 3})
    # Round 2 starts with the next seat.
    assert [f["p"] for f in reversed(s["pending"])] == [1, 2, 0]
    assert auction.prompt(s, 1).data == {"prize": s["prize"], "hand": [1, 3], "bids_in": 0}


def test_bad_bids_are_refused_with_a_reason_and_change_nothing(auction):
    s = auction.new(["Ana", "Ben"], 2)
    after = auction.apply(auction.apply(s, 0, "bid 3"), 1, "bid 2")  # round 2: Ben first
    before = auction.dump(after)
    for action, why in [
        ("bid 2", "you hold no 2 (your cards: 1 3)"),
        ("bid 4", "you hold no 4"),
        ("bid x", "the card must be a number"),
        ("bid", "takes one card"),
        ("bid 1 2", "takes one card"),
        ("pass", "bid a card"),
    ]:
        with pytest.raises(IllegalAction, match=re.escape(why)):
            auction.apply(after, 1, action)
    with pytest.raises(IllegalAction, match="not seat 0"):
        auction.apply(after, 0, "bid 1")
    assert auction.dump(after) == before


def test_only_the_bid_that_reveals_the_round_is_an_undo_barrier(auction):
    s = auction.new(["Ana", "Ben"], 3)
    first = auction.apply(s, 0, "bid 2")
    assert not auction.undo_barrier(s, first, 0, "bid 2")
    last = auction.apply(first, 1, "bid 1")
    assert auction.undo_barrier(first, last, 1, "bid 1")
