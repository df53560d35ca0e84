"""Architects bots: redaction, re-dealing, the evaluator, and decisions from the seat's view."""

import random
from collections import Counter
from functools import lru_cache

import pytest

from florencia_tui.bots import observe
from florencia_tui.bots.base import bot_kinds
from florencia_tui.bots.evaluate import candidates, evaluator
from florencia_tui.bots.heuristic import HeuristicBot
from florencia_tui.bots.search import SearchBot
from florencia_tui.core.state import clone
from florencia_tui.games import get_game
from florencia_tui.games.architects import data as D
from florencia_tui.games.architects.determinize import LARGE_LIKE, SMALL_LIKE
from florencia_tui.selfplay import play_out, random_until

G = get_game("architects")
PUBLIC = (
    "loc",
    "prison",
    "tax",
    "market",
    "guildhall",
    "beside",
    "arows",
    "turn",
    "first",
    "phase",
    "turns",
    "final",
    "resets",
    "options",
    "names",
    "np",
)


def play_random(until, players=2, seed=1, options=None) -> dict:
    return random_until(G, players, seed, until, options)


def midgame(players=2, seed=4, turns=12, options=None) -> dict:
    """Seat 0 to place a worker, some turns in, a Black Market reset behind,
    every hand holding buildings."""
    return play_random(
        lambda s: (
            s["phase"] == "play"
            and s["turns"] >= turns
            and not s["pending"]
            and G.to_act(s) == [0]
            and s["bm_large"]
            and all(P["hand"] for P in s["players"])
            and s["players"][0]["workers"]
            and len(G.legal(s, 0)) > 3
        ),
        players,
        seed,
        options,
    )


def states():
    """A spread of positions: the draft, free hires, play on both sides, a
    rival choosing among five drawn buildings, and late game."""
    return clone(_states())


@lru_cache(maxsize=1)
def _states():
    return [
        G.new(["A", "B", "C"], 1),
        play_random(lambda s: s["phase"] == "draft" and s["draft"]["round"] == 1, 4, 2),
        play_random(lambda s: s["phase"] == "freehire", 3, 3, {"free_apprentice": True}),
        midgame(),
        midgame(3, 5, 20, {"side": 2}),
        midgame(5, 6, 10, {"side": 2, "promo_cards": True, "promo_boards": True}),
        play_random(
            lambda s: (
                bool(s["pending"])
                and s["pending"][-1]["k"] == "keep"
                and s["pending"][-1]["p"] == 1
            ),
            2,
            7,
        ),
        play_random(lambda s: s["phase"] == "play" and s["final"] is not None, 4, 8),
    ]


def swap_hidden(s: dict, seat: int = 0) -> dict:
    """The same position as ``seat`` sees it: another player's hand holds other
    cards from the deck, the decks and reward pile are in another order, and the
    Black Market top cards are their twins with the same face."""
    t = clone(s)
    q = (seat + 1) % t["np"]
    hand, deck = t["players"][q]["hand"], t["bdeck"]
    for i, card in enumerate(hand):
        if deck:
            hand[i], deck[0] = deck[0], card
            deck.append(deck.pop(0))
    t["bdeck"] = deck[::-1]
    t["adeck"] = t["adeck"][::-1]
    t["rewards"] = t["rewards"][::-1]
    for pile, like in ((t["bm_small"], SMALL_LIKE), (t["bm_large"], LARGE_LIKE)):
        tops = {z[-1] for z in (t["bm_small"], t["bm_large"]) if z}
        twin = next((c for c in like[pile[-1]] if c not in tops), None) if pile else None
        if twin is not None:  # the top card's twin, unless that shows on the other pile
            other = t["bm_small"] if twin in t["bm_small"] else t["bm_large"]
            i = other.index(twin)
            other[i], pile[-1] = pile[-1], twin
    return t


def test_architects_offers_every_bot_level():
    assert bot_kinds(G) == ["bot:random", "bot:heuristic", "bot:search"]


def test_redacted_state_hides_exactly_the_hidden_parts():
    s = midgame(3, 5, 20)
    r = G.redact(s, 0)
    assert r["rng"] is None
    assert r["players"][0] == s["players"][0]
    for q in (1, 2):
        assert r["players"][q]["hand"] == ["?"] * len(s["players"][q]["hand"])
        assert {k: v for k, v in r["players"][q].items() if k != "hand"} == {
            k: v for k, v in s["players"][q].items() if k != "hand"
        }
    for key in ("bdeck", "adeck", "rewards"):
        assert r[key] == ["?"] * len(s[key])
    for key, like in (("bm_small", SMALL_LIKE), ("bm_large", LARGE_LIKE)):
        assert r[key][:-1] == ["?"] * (len(s[key]) - 1)
        assert r[key][-1] == min(like[s[key][-1]])  # only the face on top shows
    assert all(r[k] == s[k] for k in PUBLIC)
    assert r["pending"] == s["pending"]


def test_redaction_hides_the_draft_and_a_rivals_drawn_buildings():
    s = play_random(lambda s: s["phase"] == "draft" and s["draft"]["round"] == 1, 3, 2)
    r = G.redact(s, 1)
    assert r["draft"]["packets"][1] == s["draft"]["packets"][1]
    assert r["draft"]["kept"][1] == s["draft"]["kept"][1]
    for q in (0, 2):
        assert set(r["draft"]["packets"][q]) == {"?"} and set(r["draft"]["kept"][q]) == {"?"}
    s = play_random(lambda s: bool(s["pending"]) and s["pending"][-1]["k"] == "keep", 2, 7)
    p = s["pending"][-1]["p"]
    assert G.redact(s, p)["pending"][-1]["cards"] == s["pending"][-1]["cards"]
    assert set(G.redact(s, 1 - p)["pending"][-1]["cards"]) == {"?"}


@pytest.mark.parametrize("i", range(8))
def test_states_differing_only_in_hidden_cards_look_identical(i):
    s = states()[i]
    seat = G.to_act(s)[0]
    t = swap_hidden(s, seat)
    assert G.redact(s, seat) == G.redact(t, seat)
    assert G.view(s, seat) == G.view(t, seat)


def test_swap_changes_what_the_seat_cannot_see():
    s = midgame()
    t = swap_hidden(s)
    assert t["players"][1]["hand"] != s["players"][1]["hand"]
    assert t["bdeck"] != s["bdeck"] and t["adeck"] != s["adeck"]
    assert any(swap_hidden(x)["bm_small"] != x["bm_small"] for x in states()[3:6])


@pytest.mark.parametrize(
    "bot", [HeuristicBot(), SearchBot(iterations=25)], ids=["heuristic", "search"]
)
def test_bot_chooses_identically_whatever_the_others_hold(bot):
    for s in (midgame(), midgame(3, 5, 20, {"side": 2}), states()[1]):
        seat = G.to_act(s)[0]
        t = swap_hidden(s, seat)
        a = bot.choose(observe(G, s, seat, "k", True))
        b = bot.choose(observe(G, t, seat, "k", True))
        assert a == b and a in G.legal(s, seat)


def _buildings(s: dict) -> Counter:
    c = Counter(s["bdeck"])
    for P in s["players"]:
        c.update(P["hand"] + P["built"])
    if s["draft"] is not None:
        for z in s["draft"]["packets"] + s["draft"]["kept"]:
            c.update(z)
    for f in s["pending"]:
        if f["k"] == "keep":
            c.update(f["cards"])
    return c


def _apprentices(s: dict) -> Counter:
    c = Counter(s["adeck"])
    c.update(card[0] for row in s["arows"] for card in row if card)
    for P in s["players"]:
        c.update(P["appr"])
    return c


@pytest.mark.parametrize("i", range(8))
def test_determinize_conserves_every_card_and_is_playable(i):
    s = states()[i]
    seat = G.to_act(s)[0]
    r = G.redact(s, seat)
    promo = s["options"].get("promo_cards")
    for seed in range(3):
        d = G.determinize(r, seat, seed)
        assert _buildings(d) == Counter(list(D.ALL_BUILDINGS if promo else D.BUILDINGS))
        assert _apprentices(d) == Counter(list(D.ALL_APPRENTICES if promo else D.APPRENTICES))
        assert sorted(d["bm_small"] + d["bm_large"]) == sorted(D.BM_SMALL)
        assert len(set(d["rewards"])) == len(s["rewards"]) and set(d["rewards"]) <= set(D.REWARDS)
        assert [len(P["hand"]) for P in d["players"]] == [len(P["hand"]) for P in s["players"]]
        for key in ("bdeck", "adeck", "rewards", "bm_small", "bm_large"):
            assert len(d[key]) == len(s[key])
        assert G.view(d, seat) == G.view(s, seat)  # consistent with all the seat sees
        assert G.redact(d, seat) == r
        assert "?" not in repr(d)
        assert G.legal(d, G.to_act(d)[0])
    # a deal plays to the end with the real rules
    assert G.is_over(play_out(G, G.determinize(r, seat, 99), random.Random(i)))


def test_determinize_is_reproducible_and_varies_with_the_seed():
    s = midgame()
    r = G.redact(s, 0)
    assert G.determinize(r, 0, 5) == G.determinize(r, 0, 5)
    deals = {repr(G.determinize(r, 0, k)["players"][1]["hand"]) for k in range(10)}
    assert len(deals) > 1


def test_evaluator_prefers_vp_and_is_the_score_at_the_end():
    ev = evaluator(G)
    s = midgame()
    richer = clone(s)
    richer["players"][0]["gold"] += 2
    assert ev(G, richer, 0) > ev(G, s, 0)
    indebted = clone(s)
    indebted["players"][0]["debts"] += 1
    assert ev(G, indebted, 0) < ev(G, s, 0)
    built = clone(s)
    built["players"][0]["built"].append(s["bdeck"][0])
    assert ev(G, built, 0) > ev(G, s, 0)
    end = play_random(G.is_over, 2, 3)
    assert [ev(G, end, p) for p in range(2)] == [c.total for c in G.scores(end)]


def test_heuristic_takes_a_building_it_can_afford():
    # The position reached under the no-worker variant (the default before
    # issue 14); random play under the printed rule reaches another one.
    s = midgame(options={"no_worker_fallback": True})
    P = s["players"][0]
    b = next(x for x in s["bdeck"] if not D.BUILDINGS[x][1])  # needs no skill
    s["bdeck"].remove(b)
    P["hand"].append(b)
    for r, k in D.BUILDINGS[b][2].items():
        P[r] = max(P[r], k)
    assert "place guildhall" in G.legal(s, 0)
    assert HeuristicBot().choose(observe(G, s, 0, "b", True)) == "place guildhall"


def test_candidates_are_legal_and_prune_dismissals_trades_and_captures():
    rnd = random.Random(3)
    s = G.new(["A", "B", "C"], 3)
    pruned = set()
    while not G.is_over(s):
        seat = G.to_act(s)[0]
        legal, cand = G.legal(s, seat), candidates(G, s, seat)
        assert cand and set(cand) <= set(legal)
        assert not any(a.startswith("dismiss") for a in cand)
        if s["pending"] and s["pending"][-1]["k"] in ("storehouse", "capture"):
            assert "done" in cand
            if len(cand) < len(legal):
                pruned.add(s["pending"][-1]["k"])
            kinds = Counter(" ".join(a.split()[:2]) for a in cand if a.startswith("trade"))
            assert all(v == 1 for v in kinds.values())
        s = G.apply(s, seat, G.sample(s, seat, rnd))
    assert pruned == {"storehouse", "capture"}


@pytest.mark.parametrize("seed", [5, 9])
def test_heuristic_bots_bring_a_game_to_its_end(seed):
    from florencia_tui.selfplay import play_one

    s, n = play_one(G, 2, seed, ["bot:heuristic", "bot:heuristic"], max_actions=3000)
    assert G.is_over(s) and n < 3000
