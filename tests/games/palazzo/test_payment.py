"""Spec 8 / 12.4 / 12.11: payment validator, commitment, largest single payment."""

import pytest

from florencia_tui.games.palazzo.payment import (
    best_value,
    check_bid,
    check_payment,
    committed_currency,
    legal_subsets,
    max_payment_cards,
    max_single_payment,
)


@pytest.mark.parametrize(
    "cards, value",
    [
        ("Red5 Red7", 12),
        ("Red5 Green7", None),
        ("Red3 Green3 Blue3", 15),
        ("Red3 Green3 Blue4", None),
        ("Red7 Red7 Red7", 21),
        ("C2 C2 C2", 15),
        ("Red4 Green4 Blue4 Red6 C2", 23),
        ("Red4 Green4 Blue4 Green6", 21),
        ("Red4 Green4 Red6 Green6", None),
        ("Red5 Green5 Blue5 Red3 Green3 Blue3", 30),
        ("C2", 2),
    ],
)
def test_spec_12_4_table(cards, value):
    cs = cards.split()
    assert best_value(cs) == value
    assert (check_payment(cs, 1) is None) == (value is not None)


def test_monika_validator_checks():
    assert best_value(["C2", "C2"], required_currency="Green") == 4
    assert best_value(["Red3"], required_currency="Green") is None


def test_c3_counts_three_and_c2_groups():
    assert best_value(["C3"]) == 3
    assert best_value(["C2"] * 4) == 17
    assert best_value(["C2"] * 6) == 30


def test_committed_currency():
    assert committed_currency(["Red4", "Green4", "Blue4"]) is None  # a group commits nothing
    assert committed_currency(["Green6", "C2"]) == "Green"
    assert committed_currency(["C2", "C2"], "Green") == "Green"
    assert committed_currency(["Red4", "Green4", "Blue4", "Red6"]) == "Red"
    assert committed_currency(["Red4", "Green4", "Blue4"], "Blue") == "Blue"


def test_check_payment_reasons():
    assert check_payment(["Red7", "Red7"], 14) is None
    assert "mix currencies" in check_payment(["Red7", "Green7"], 14)
    assert check_payment(["Blue5", "Blue4", "C2"], 7) is None  # overpaying is fine
    assert "less than the price 14" in check_payment(["Blue5", "Blue4", "C2"], 14)
    assert check_payment([], 0) is None
    assert check_payment([], 3) is not None
    assert "opening" in check_payment(["C3"], 3)


def test_check_bid_reasons_monika_step_4():
    state = {
        "cards": ["C3", "Red4", "Green4", "Blue4", "Green6", "C2"],
        "total": 26,
        "currency": "Green",
    }
    assert check_bid(["C2", "C2"], state, 31) == (
        "total 30 does not beat the high bid 31; a group must be played whole in one bid "
        "(these C2 cannot join the C2 already in your bid)"
    )
    assert check_bid(["Red3"], state, 31) == "Red3 is not Green: this bid is committed to Green"
    assert check_bid([], state, 31).startswith("add at least one card")


def test_check_bid_group_across_increments():
    state = {"cards": ["Green5"], "total": 5, "currency": "Green"}
    assert check_bid(["Red5", "Blue5"], state, 6) == "a group must be played whole in one bid"
    assert check_bid(["Red5", "Green5", "Blue5"], state, 6) is None


def test_check_bid_blue_on_green():
    state = {"cards": ["Green3", "Green3"], "total": 6, "currency": "Green"}
    assert check_bid(["Blue4"], state, 9) == "Blue4 is not Green: this bid is committed to Green"
    assert check_bid(["Green4"], state, 9) is None


@pytest.mark.parametrize(
    "hand, mx",
    [
        (["Red7", "Red6", "Green4"], 13),
        (["Red4", "Green4", "Blue4", "C2"], 17),
        (["Red4", "Green4", "Blue4", "Green6", "C2", "C2", "C2", "Red3"], 36),
        (["Red4", "Green4"], 4),
        ([], 0),
    ],
)
def test_max_single_payment(hand, mx):
    assert max_single_payment(hand) == mx
    if hand:
        assert best_value(max_payment_cards(hand)) == mx


def test_legal_subsets_distinct_and_all_legal():
    hand = ["Red7", "Red7", "Green7", "Blue7", "C2", "C2", "C2"]
    subs = legal_subsets(hand)
    keys = [tuple(x) for x in subs]
    assert len(keys) == len(set(keys))
    assert all(best_value(x) is not None for x in subs)
    assert ("Red7", "Red7") in keys and ("Red7", "Green7") not in keys
    # brute force over all sub-multisets agrees
    from itertools import combinations

    brute = {
        tuple(c)
        for r in range(1, len(hand) + 1)
        for c in combinations(hand, r)
        if best_value(list(c)) is not None
    }
    assert set(keys) == brute
    green = legal_subsets(hand, "Green")
    assert all(best_value(x, "Green") is not None for x in green)
    assert ("Red7",) not in {tuple(x) for x in green}


def _brute(hand, price, currency=None):
    """(value, face) of every legal payment of at least ``price``, by enumeration."""
    out = []
    for p in legal_subsets(hand, currency):
        v = best_value(p, currency)
        if v is not None and v >= price:
            out.append((v, sum(int(c[-1]) for c in p), p))
    return out


def test_bot_payment_candidates_match_brute_force():
    """The search bot's few payments/raises (a knapsack, never the list of every
    subset) are legal, reach the price, and include the cheapest in face value and
    the least overpayment that exhaustive enumeration finds."""
    import random

    from florencia_tui.games.palazzo.data import CURRENCIES, VALUES
    from florencia_tui.games.palazzo.payment import cheap_payments, cheap_raises

    deck = [f"{c}{v}" for c in CURRENCIES for v in VALUES] * 2 + ["C2"] * 4 + ["C3"]
    rng = random.Random(5)
    for _ in range(150):
        hand = rng.sample(deck, rng.randint(1, 9))
        price = rng.randint(1, 40)
        brute = _brute(hand, price)
        got = cheap_payments(hand, price)
        if not brute:
            assert got == []
            continue
        faces = []
        for p in got:
            v = best_value(p)
            assert v is not None and v >= price, (hand, price, p)
            assert all(p.count(c) <= hand.count(c) for c in p)
            faces.append(sum(int(c[-1]) for c in p))
        assert min(faces) == min(f for _, f, _ in brute)
        assert min(best_value(p) for p in got) == min(v for v, _, _ in brute)
        cur = rng.choice([None, *CURRENCIES])
        need = rng.randint(0, 20)
        raises = cheap_raises(hand, cur, need)
        smallest = sorted({v for v, _, _ in _brute(hand, need + 1, cur)})[:3]
        assert [best_value(r, cur) for r in raises] == smallest, (hand, cur, need)
