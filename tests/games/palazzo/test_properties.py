"""Random play from many seeds and 2-4 players keeps Palazzo's invariants."""

import json
import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from florencia_tui.core.errors import IllegalAction
from florencia_tui.games.palazzo import rules
from florencia_tui.games.palazzo.data import MONEY_CARDS, RIDERS, TILE_IDS
from florencia_tui.games.palazzo.data import tile as tinfo
from florencia_tui.games.palazzo.game import GAME
from florencia_tui.games.palazzo.notation import fmt_cards

ALL_TILES = Counter(TILE_IDS + RIDERS)
ALL_MONEY = Counter(MONEY_CARDS)
CARD_KINDS = sorted(set(MONEY_CARDS))


def check_invariants(s):
    tiles = Counter()
    for stack in s["stacks"].values():
        tiles.update(stack)
    tiles.update(s["supply"])
    for q in s["quarries"]:
        tiles.update(q)
    for pals in s["palaces"]:
        for p in pals:
            tiles.update(p)
            floors = [tinfo(t)[1] for t in p]
            assert floors == sorted(set(floors)), p
            assert p, "empty palace"
    tiles.update(s["out"])
    tiles.update(s["riders"])
    for f in s["pending"]:
        tiles.update(f["tiles"])
    if s["auction"]:
        tiles.update(s["auction"]["tiles"])
    if s["handout"]:
        tiles.update(s["handout"]["tiles"])
    assert tiles == ALL_TILES

    money = Counter(s["deck"]) + Counter(s["discard"]) + Counter(s["revealed"])
    for h in s["hands"]:
        money.update(h)
        assert h == sorted(h, key=lambda c: CARD_ORDER[c])
    bid_c3 = 0
    if s["auction"]:
        for b in s["auction"]["bids"].values():
            money.update(c for c in b["cards"] if c != "C3")
            bid_c3 += b["cards"].count("C3")
    assert money == ALL_MONEY
    assert "C3" not in s["deck"] and "C3" not in s["discard"]
    assert all("C3" not in h for h in s["hands"])
    assert bid_c3 == (0 if s["cert3"] == "table" else 1)
    assert GAME.is_over(s) == (len(s["riders"]) == 5)
    assert GAME.is_over(s) == (GAME.to_act(s) == [])
    for p in range(s["n"]):  # the turn's quick test agrees with the full listing
        assert rules.rebuild_legal(s, p) == bool(s["hands"][p] and rules.rebuild_ops(s, p))


CARD_ORDER = {
    c: i
    for i, c in enumerate(
        [f"{x}{v}" for x in ("Red", "Green", "Blue") for v in range(3, 8)] + ["C2"]
    )
}


def candidates(s, seat, rnd):
    """Right and wrong actions for the current decision (canonical spellings)."""
    ph = s["phase"]
    hand = s["hands"][seat]
    pals = s["palaces"][seat]
    out = []
    if ph == "turn":
        out = ["money", "tiles", "rebuild"]
    elif ph == "take":
        out = [f"take {c}" for c in CARD_KINDS]
    elif ph == "buy_or_auction":
        sup = s["supply"]
        out = (
            ["auction"]
            + [f"buy {t}" for t in sup]
            + [f"buy {a} {b}" for a, b in combinations(sup, 2)]
        )
        out += [f"buy {q[0]}" for q in s["quarries"] if q]
    elif ph in ("pay", "bid"):
        for _ in range(12):
            k = rnd.randint(0, min(len(hand), 6))
            out.append(f"{'pay' if ph == 'pay' else 'bid'} {fmt_cards(rnd.sample(hand, k))}")
        if ph == "bid":
            out.append("pass")
    elif ph == "build":
        for t in s["pending"][-1]["tiles"]:
            out += [f"build {t} new", f"discard {t}"]
            out += [f"build {t} on {k}" for k in range(1, len(pals) + 2)]
    elif ph == "pick":
        out = [f"pick {t}" for t in s["handout"]["tiles"]] + ["pick B11"]
    elif ph == "rebuild":
        m = len(pals) + 1
        out = [f"detach {p} {f}" for p in range(1, m + 1) for f in range(1, 6)]
        out += [f"insert {i} {j}" for i in range(1, m + 1) for j in range(1, m + 1)]
        out += [f"scrap {i}" for i in range(1, m + 1)]
    elif ph == "rebuild_pay":
        out = [f"pay {c}" for c in CARD_KINDS]
    return out


def play_random(seed, n, check_every=1):
    rnd = random.Random(seed)
    s = GAME.new(["Ana", "Ben", "Cleo", "Dan"][:n], seed)
    check_invariants(s)
    actions = []
    starter = None
    steps = 0
    while not GAME.is_over(s):
        seat = GAME.to_act(s)[0]
        legal = GAME.legal(s, seat)
        assert legal and len(legal) == len(set(legal))
        if steps % check_every == 0:
            frozen = json.dumps(s, sort_keys=True)
            for a in candidates(s, seat, rnd):
                try:
                    GAME.apply(s, seat, a)
                    ok = True
                except IllegalAction as e:
                    assert str(e)
                    ok = False
                assert ok == (a in legal), (a, s["phase"], ok)
            for a in rnd.sample(legal, min(4, len(legal))):
                GAME.apply(s, seat, a)
            with pytest.raises(IllegalAction) as e:
                GAME.apply(s, seat, "frobnicate 3")
            assert str(e.value)
            other = (seat + 1) % n
            with pytest.raises(IllegalAction):
                GAME.apply(s, other, legal[0])
            assert json.dumps(s, sort_keys=True) == frozen  # apply never mutates its input
        if s["phase"] == "bid":
            assert s["auction"]["turn"] != s["auction"]["high_seat"]
            assert s["auction"]["turn"] not in s["auction"]["passed"]
        action = GAME.sample(s, seat, rnd)
        assert action in legal, (action, s["phase"])
        before_turn, before_active = s["turn_no"], s["active"]
        s = GAME.apply(s, seat, action)
        actions.append([seat, action])
        if s["auction"] is not None and starter is None:
            starter = s["auction"]["starter"]
        if s["turn_no"] != before_turn:
            assert s["active"] == (before_active + 1) % n
            if starter is not None:
                assert s["active"] == (starter + 1) % n
        if s["auction"] is None and s["phase"] in ("turn", "over"):
            starter = None
        check_invariants(s)
        assert json.loads(json.dumps(s)) == s
        steps += 1
    assert len(s["riders"]) == 5
    return s, actions


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), n=st.sampled_from([2, 3, 4]))
def test_random_play_keeps_invariants(seed, n):
    play_random(seed, n, check_every=3)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_many_quick_games(n):
    for seed in range(12):
        play_random(1000 * n + seed, n, check_every=40)
