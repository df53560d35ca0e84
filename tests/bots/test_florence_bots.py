"""Princes of Florence bots: redaction, re-dealing, candidates, the evaluator,
and decisions made from the seat's view only."""

import random
from collections import Counter

import pytest

from florencia_tui.bots import observe
from florencia_tui.bots.base import bot_kinds
from florencia_tui.bots.evaluate import candidates, evaluator, seat_values
from florencia_tui.bots.heuristic import HeuristicBot
from florencia_tui.bots.search import SearchBot
from florencia_tui.core.game import Game
from florencia_tui.core.state import clone
from florencia_tui.games import available_games, get_game
from florencia_tui.games.florence import data as D
from florencia_tui.games.florence import rules as R
from florencia_tui.games.florence.determinize import (
    FAMILIES,
    HIDDEN,
    estimate_money,
    visible_cards_ok,
)
from florencia_tui.selfplay import play_out, random_until

G = get_game("florence")


def play_random(players: int, seed: int, until) -> dict:
    return random_until(G, players, seed, until)


def seat0(step: str, rnd: int = 1):
    """Seat 0 owes a decision of kind ``step`` in round ``rnd`` or later."""
    return lambda s: s["round"] >= rnd and R.step(s, 0) == step


def states():
    """A spread of positions: setup, auctions, draws, action turns, late game."""
    out = [G.new(["A", "B", "C"], 1), G.new(["A", "B", "C", "D", "E"], 2)]
    for players, seed in ((3, 4), (4, 5), (5, 6)):
        out.append(play_random(players, seed, seat0("bid", 2)))
        out.append(play_random(players, seed, seat0("turn", 3)))
        out.append(
            play_random(
                players,
                seed,
                lambda s: any(x["k"] in ("keep", "order") and x["p"] != 0 for x in s["pending"]),
            )
        )
        out.append(play_random(players, seed, lambda s: s["round"] == 6 and s["phase"] == "action"))
    out.append(play_random(3, 7, lambda s: s["phase"] == "over"))
    return out


STATES = states()


def swap_hidden(s: dict, p: int) -> dict:
    """The same position except that seat ``p`` holds other unseen cards (hand,
    bonus and prestige cards swapped with the decks) and other money."""
    t = clone(s)
    q = t["players"][p]
    for _family, _box, deck, field in FAMILIES:
        if t["phase"] == "over" and field == "prestige":
            continue
        for i, card in enumerate(q[field]):
            j = next((k for k, d in enumerate(t[deck]) if d != card), None)
            if j is not None:
                q[field][i], t[deck][j] = t[deck][j], card
    if t["phase"] != "over":  # money shows at the end
        q["money"] += 700
    return t


def test_florence_offers_every_bot_level_and_is_checked_for_undo_leaks():
    assert bot_kinds(G) == ["bot:random", "bot:heuristic", "bot:search"]
    # tests/core/test_undo_barriers.py runs over every available game that
    # can determinize: Florence is one of them now.
    assert "florence" in [g.id for g in available_games()]
    assert type(G).determinize is not Game.determinize


def test_redact_hides_exactly_the_hidden_parts():
    s = play_random(4, 5, seat0("turn", 3))
    r = G.redact(s, 0)
    assert r["rng"] is None
    for key in ("prof_deck", "bonus_deck", "prestige_deck", "returned"):
        assert r[key] == [HIDDEN] * len(s[key])
    me = r["players"][0]
    assert me == s["players"][0]  # the seat's own cards and money stay
    for q, p in zip(r["players"][1:], s["players"][1:]):
        for key in ("hand", "deal", "bonus", "prestige"):
            assert q[key] == [HIDDEN] * len(p[key])
        assert q["money"] == HIDDEN
        public = {
            k: v for k, v in p.items() if k not in ("hand", "deal", "bonus", "prestige", "money")
        }
        assert {k: q[k] for k in public} == public
    for key in (
        "round",
        "phase",
        "start",
        "piles",
        "supply",
        "auction",
        "turn",
        "bonus_used",
        "history",
    ):
        assert r[key] == s[key]


@pytest.mark.parametrize("i", range(len(STATES)))
def test_redaction_holds_the_information_of_the_view(i):
    """A re-deal of the redaction looks exactly like the real state from the
    seat (nothing visible is lost), and hidden parts never survive in it."""
    s = STATES[i]
    for seat in range(s["n"]):
        r = G.redact(s, seat)
        for seed in (0, 1):
            d = G.determinize(r, seat, seed)
            assert G.view(d, seat) == G.view(s, seat)
        t = swap_hidden(s, (seat + 1) % s["n"])
        assert G.redact(t, seat) == r
        assert G.view(t, seat) == G.view(s, seat)


def test_money_and_prestige_show_at_the_end():
    s = STATES[-1]
    assert G.is_over(s)
    r = G.redact(s, 0)
    for q, p in zip(r["players"], s["players"]):
        assert q["money"] == p["money"] and q["prestige"] == p["prestige"]
    assert all(
        q["bonus"] == [HIDDEN] * len(p["bonus"]) for q, p in zip(r["players"][1:], s["players"][1:])
    )


def test_visible_money_stays_when_the_option_is_off():
    s = G.new(["A", "B", "C"], 3, {"hide_money": False})
    assert [p["money"] for p in G.redact(s, 0)["players"]] == [3500] * 3


@pytest.mark.parametrize("i", range(len(STATES)))
def test_determinize_conserves_every_card_and_plays_on(i):
    s = STATES[i]
    seat = (G.to_act(s) or [0])[0]
    r = G.redact(s, seat)
    for seed in range(3):
        d = G.determinize(r, seat, seed)
        assert visible_cards_ok(d)
        for _family, _box, deck, field in FAMILIES:
            assert len(d[deck]) == len(s[deck])
            assert [len(p[field]) for p in d["players"]] == [len(p[field]) for p in s["players"]]
        assert "?" not in repr(d)
        for q, _p in zip(d["players"], s["players"]):
            assert q["money"] >= 0 and q["money"] % 100 == 0
        if G.is_over(d):
            continue
        assert G.legal(d, G.to_act(d)[0])
        assert G.is_over(play_out(G, d, random.Random(seed), 3_000))


def test_determinize_deals_only_unseen_cards():
    s = play_random(4, 5, seat0("turn", 3))
    r = G.redact(s, 0)
    mine = s["players"][0]
    seen = Counter(
        mine["hand"]
        + mine["bonus"]
        + mine["prestige"]
        + s["bonus_used"]
        + [c for p in s["players"] for c in p["display"] if c != D.RECRUIT]
    )
    for seed in range(5):
        d = G.determinize(r, 0, seed)
        assert d["players"][0] == mine
        dealt = Counter(
            c for p in d["players"][1:] for key in ("hand", "bonus", "prestige") for c in p[key]
        )
        dealt += Counter(d["prof_deck"] + d["bonus_deck"] + d["prestige_deck"])
        assert not dealt & seen


def test_money_estimate_respects_what_is_shown():
    s = play_random(
        4,
        5,
        lambda s: (
            s["phase"] == "auction"
            and s["auction"]["cur"]
            and s["auction"]["cur"]["high"] >= 400
            and s["auction"]["actor"] == 0
            and s["auction"]["cur"]["leader"] != 0
        ),
    )
    lead = s["auction"]["cur"]["leader"]
    d = G.determinize(G.redact(s, 0), 0, 1)
    assert d["players"][lead]["money"] >= s["auction"]["cur"]["high"]
    # A fresh game: everyone is known to hold the 3,500 florins of the start.
    s = G.new(["A", "B", "C"], 4)
    assert [estimate_money(s, i) for i in range(3)] == [3500] * 3


@pytest.mark.parametrize("i", range(len(STATES)))
def test_candidates_are_legal_and_few(i):
    s = STATES[i]
    if G.is_over(s):
        return
    for seat in G.to_act(s):
        cands = candidates(G, s, seat)
        legal = set(G.legal(s, seat))
        assert cands and set(cands) <= legal
        assert len(cands) <= 40
        # Prestige points are sold only to pay for an action the seat cannot afford.
        money = s["players"][seat]["money"]
        assert all(
            R.step(s, seat) == "turn" and money < D.BUILD_COST[0]
            for a in cands
            if a.startswith("sell")
        )
        # They depend only on what the seat sees.
        d = G.determinize(G.redact(s, seat), seat, 5)
        assert candidates(G, d, seat) == cands


def test_evaluator_prefers_the_obvious():
    ev = evaluator(G)
    s = play_random(3, 4, seat0("turn", 3))
    base = ev(G, s, 0)
    more = clone(s)
    more["players"][0]["pp"] += 5
    assert ev(G, more, 0) == pytest.approx(base + 5)
    richer = clone(s)
    richer["players"][0]["money"] += 1000
    assert ev(G, richer, 0) > base
    jester = clone(s)
    jester["players"][0]["jesters"] += 1
    if jester["players"][0]["hand"]:
        assert ev(G, jester, 0) > base
    end = STATES[-1]
    assert [ev(G, end, p) for p in range(end["n"])] == pytest.approx(
        [c.total + 1e-5 * end["players"][c.seat]["money"] for c in G.scores(end)]
    )


DECISIONS = [
    STATES[2],
    STATES[3],
    play_random(3, 4, seat0("keep")),
    play_random(4, 8, seat0("nominate", 2)),
]


@pytest.mark.parametrize(
    "bot", [HeuristicBot(), SearchBot(iterations=25)], ids=["heuristic", "search"]
)
@pytest.mark.parametrize("i", range(len(DECISIONS)))
def test_bot_chooses_identically_whatever_the_opponents_hold(bot, i):
    s = DECISIONS[i]
    assert 0 in G.to_act(s)
    for p in range(1, s["n"]):
        t = swap_hidden(s, p)
        assert t != s
        a = bot.choose(observe(G, s, 0, "k", True))
        b = bot.choose(observe(G, t, 0, "k", True))
        assert a == b and a in G.legal(s, 0)


def test_search_is_deterministic_for_a_seed_and_iteration_budget():
    obs = observe(G, STATES[3], 0, "same-key", True)
    runs = {SearchBot(iterations=30).choose(obs) for _ in range(3)}
    assert len(runs) == 1


def test_heuristic_decides_quickly():
    import time

    s = STATES[3]
    t0 = time.perf_counter()
    HeuristicBot().choose(observe(G, s, 0, "t", True))
    assert time.perf_counter() - t0 < 2


def test_heuristic_beats_random():
    from florencia_tui.selfplay import play_one

    wins = 0.0
    for i in range(3):
        kinds = ["bot:random"] * 3
        kinds[i] = "bot:heuristic"
        s, _ = play_one(G, 3, 600 + i, kinds)
        w = [c.seat for c in G.scores(s) if c.winner]
        wins += (1 / len(w)) if i in w else 0
    assert wins >= 2.5  # a random seat would expect 1


def test_every_seat_valued_at_once_is_each_seat_valued_alone():
    """``BOT.values`` (what the search and the heuristic read, sharing each
    player's counts between the seats) gives exactly each seat's own evaluation,
    in every kind of position random play reaches (auctions led, payouts to
    convert, cards to keep, action turns, the end)."""
    ev = evaluator(G)
    checked = 0
    for players, seed in ((3, 11), (4, 12), (5, 13)):
        s = G.new([f"P{i}" for i in range(players)], seed)
        pick = random.Random(seed)
        while True:
            assert seat_values(G, s) == [ev(G, s, p) for p in range(players)]
            checked += 1
            if G.is_over(s):
                break
            seat = G.to_act(s)[0]
            s = G.apply(s, seat, G.sample(s, seat, pick))
    assert checked > 300


@pytest.mark.parametrize("until_own", [False, True])
def test_a_rollout_ends_where_the_searching_seat_is_next_to_decide(until_own, monkeypatch):
    """With ``until_own`` (Florence's setting) a rollout stops as soon as the
    searching seat owes the next decision, so every leaf is judged where the
    seat itself is about to choose, never after rollout moves of its own;
    without it, the rollout also plays the seat's own moves."""
    moves = []  # (searching seat, mover) of every rollout move
    real = SearchBot._rollout_move
    searching = []

    def spy(self, game, s, mover, pick, ev):
        moves.append((searching[-1], mover))
        return real(self, game, s, mover, pick, ev)

    monkeypatch.setattr(SearchBot, "_rollout_move", spy)
    for s in STATES[2:8]:
        seat = G.to_act(s)[0]
        if len(G.legal(s, seat)) > 1:
            searching.append(seat)
            SearchBot(iterations=40, until_own=until_own, rollout_depth=10).choose(
                observe(G, s, seat, "k", True)
            )
    assert any(seat != mover for seat, mover in moves)  # the others' moves are played
    own = sum(1 for seat, mover in moves if mover == seat)
    assert (own == 0) == until_own
