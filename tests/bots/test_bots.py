"""Bots decide from their seat's observation only, reproducibly."""

import random
from collections import Counter

import pytest

from florencia_tui.bots import observe
from florencia_tui.bots.base import bot_kinds
from florencia_tui.bots.evaluate import candidates
from florencia_tui.bots.factory import make_bot
from florencia_tui.bots.heuristic import HeuristicBot
from florencia_tui.bots.search import SearchBot
from florencia_tui.core.state import clone
from florencia_tui.games import get_game, plugin
from florencia_tui.games.palazzo import data


def midgame(seed: int = 4, steps: int = 60, players: int = 3) -> dict:
    g = get_game("palazzo")
    s = g.new([f"P{i}" for i in range(players)], seed)
    r = random.Random(seed)
    while steps or g.to_act(s)[0] != 0:
        seat = g.to_act(s)[0]
        s = g.apply(s, seat, r.choice(g.legal(s, seat)))
        steps = max(0, steps - 1)
    return s


def swap_opponent_hand(s: dict) -> dict:
    """The same position except that seat 1's hand holds other (unseen) cards."""
    t = clone(s)
    h, deck = t["hands"][1], t["deck"]
    for i, card in enumerate(h):
        j = next((k for k, d in enumerate(deck) if d != card), None)
        if j is not None:
            h[i], deck[j] = deck[j], card
    t["hands"][1] = sorted(h)
    return t


def test_redacted_state_hides_exactly_the_hidden_parts():
    g = get_game("palazzo")
    s = midgame()
    r = g.redact(s, 0)
    assert r["rng"] is None and r["hands"][0] == s["hands"][0]
    assert set(r["hands"][1]) <= {"?"} and set(r["deck"]) <= {"?"}
    assert all(set(v) <= {"?"} for v in r["stacks"].values())
    assert r["palaces"] == s["palaces"] and r["discard"] == s["discard"]


def test_states_differing_only_in_an_opponents_hand_look_identical():
    g = get_game("palazzo")
    s = midgame()
    t = swap_opponent_hand(s)
    assert t["hands"][1] != s["hands"][1]
    assert g.redact(s, 0) == g.redact(t, 0)
    assert g.view(s, 0) == g.view(t, 0)


@pytest.mark.parametrize(
    "bot", [HeuristicBot(), SearchBot(iterations=25)], ids=["heuristic", "search"]
)
def test_bot_chooses_identically_whatever_the_opponents_hold(bot):
    g = get_game("palazzo")
    s = midgame()
    t = swap_opponent_hand(s)
    a = bot.choose(observe(g, s, 0, "k", True))
    b = bot.choose(observe(g, t, 0, "k", True))
    assert a == b and a in g.legal(s, 0)


def test_determinize_deals_only_unseen_items_consistently():
    g = get_game("palazzo")
    s = midgame(seed=9, steps=90)
    r = g.redact(s, 0)
    for seed in range(5):
        d = g.determinize(r, 0, seed)
        cards = Counter(c for h in d["hands"] for c in h) + Counter(
            d["deck"] + d["discard"] + d["revealed"]
        )
        if d["auction"]:
            for bid in d["auction"]["bids"].values():
                cards += Counter(c for c in bid["cards"] if c != "C3")
        assert cards == Counter(data.MONEY_CARDS)
        assert [len(h) for h in d["hands"]] == [len(h) for h in s["hands"]]
        assert {k: len(v) for k, v in d["stacks"].items()} == {
            k: len(v) for k, v in s["stacks"].items()
        }
        for name, stack in d["stacks"].items():
            assert all(
                t.startswith("R") or next(x for x in data.TILES if x[0] == t)[1] == name
                for t in stack
            )
        assert g.legal(d, g.to_act(d)[0])  # the deal is playable with the real rules


def test_search_is_deterministic_for_a_seed_and_iteration_budget():
    g = get_game("palazzo")
    s = midgame(seed=2, steps=40)
    obs = observe(g, s, 0, "same-key", True)
    runs = {SearchBot(iterations=30).choose(obs) for _ in range(3)}
    assert len(runs) == 1


def test_search_respects_its_time_box():
    import time

    g = get_game("palazzo")
    s = midgame(seed=3, steps=30)
    bot = SearchBot(seconds=0.2)
    t0 = time.perf_counter()
    bot.choose(observe(g, s, 0, "t", True))
    assert bot.last_iterations >= 1
    assert time.perf_counter() - t0 < 5  # generous: the box is 0.2 s plus one iteration


def test_the_app_level_spends_the_games_budget_and_plays_alike_under_load():
    """``bot:search`` (the app's level) spends its game's ``BotKit.iterations``:
    the same move whatever the machine's load (a budget, not a wall-clock box)."""
    from florencia_tui.bots.evaluate import kit

    g = get_game("palazzo")
    s = next(
        s
        for s in (midgame(seed=k, steps=40) for k in range(2, 40))
        if len(candidates(g, s, 0)) >= 3
    )
    obs = observe(g, s, 0, "budget", True)
    app = make_bot("bot:search")
    assert app.seconds is None and app.iterations is None
    fixed = SearchBot(iterations=kit(g).iterations, early_stop=False)
    assert app.choose(obs) == fixed.choose(obs)
    assert 1 <= app.last_iterations <= fixed.last_iterations == kit(g).iterations


def test_every_games_search_level_spends_a_real_budget(each_game):
    assert each_game.bot.iterations >= 100


def test_the_app_level_stops_at_its_cpu_cap(monkeypatch):
    """A budget the machine cannot spend in time ends at ``CPU_CAP`` seconds of
    the bot's own CPU time (here a cap of 0.05 s against 10**6 iterations)."""
    import time
    from dataclasses import replace

    from florencia_tui.bots import search
    from florencia_tui.bots.evaluate import kit

    g = get_game("palazzo")
    s = midgame(seed=3, steps=30)
    monkeypatch.setattr(search, "CPU_CAP", 0.05)
    monkeypatch.setattr(search, "kit", lambda game: replace(kit(game), iterations=10**6))
    bot = SearchBot(early_stop=False)
    c0 = time.thread_time()
    bot.choose(observe(g, s, 0, "cap", True))
    assert 1 <= bot.last_iterations < 10**6
    assert time.thread_time() - c0 < 2  # the cap plus one iteration, generously


def test_bot_kinds_and_factory():
    assert bot_kinds(get_game("palazzo")) == ["bot:random", "bot:heuristic", "bot:search"]
    assert make_bot("bot:search@0.3").seconds == 0.3
    assert make_bot("bot:search@250it").iterations == 250
    for bad in ("bot:oracle", "bot:search@fast", "bot:heuristic@2"):
        with pytest.raises(KeyError):
            make_bot(bad)


def test_search_candidates_are_legal_and_few():
    """Search considers a few cheap payments and raises, never an illegal one."""
    g = get_game("palazzo")
    r = random.Random(8)
    seen = 0
    for seed in range(12):
        s = g.new(["a", "b", "c"], seed)
        while not g.is_over(s):
            seat = g.to_act(s)[0]
            if s["phase"] in ("pay", "bid"):
                legal = set(g.legal(s, seat))
                cands = candidates(g, s, seat)
                assert cands and set(cands) <= legal and len(cands) <= 6
                seen += 1
            s = g.apply(s, seat, g.sample(s, seat, r))
    assert seen > 50


def test_search_stops_early_only_when_the_choice_is_settled():
    g = get_game("palazzo")
    s = next(
        s
        for s in (midgame(seed=k, steps=40) for k in range(2, 40))
        if len(candidates(g, s, 0)) >= 3
    )
    obs = observe(g, s, 0, "settle", True)
    full = SearchBot(iterations=400, early_stop=False)
    quick = SearchBot(iterations=400)
    assert full.choose(obs) == quick.choose(obs)
    assert quick.last_iterations <= full.last_iterations == 400


def test_heuristic_beats_random_more_often_than_not():
    from florencia_tui.selfplay import play_one

    g = get_game("palazzo")
    wins = 0.0
    for i in range(6):
        kinds = ["bot:random"] * 3
        kinds[i % 3] = "bot:heuristic"
        s, _ = play_one(g, 3, 300 + i, kinds)
        cards = g.scores(s)
        w = [c.seat for c in cards if c.winner]
        wins += (1 / len(w)) if (i % 3) in w else 0
    assert wins >= 4  # far above the 2 a random seat would expect


def test_bots_get_candidates_where_the_menu_is_too_large_to_list():
    """Palazzo bids and payments (every paying subset of a hand) are not listed for
    heuristic and search bots: their observation holds the game's candidates,
    all legal, and says so; the random bot still draws from the whole list."""
    g = get_game("palazzo")
    r = random.Random(3)
    seen = 0
    for seed in range(6):
        s = g.new(["a", "b"], seed)
        while not g.is_over(s) and seen < 30:
            seat = g.to_act(s)[0]
            if s["phase"] in ("pay", "bid"):
                obs = observe(g, s, seat, "k", with_redacted=True)
                assert not obs.complete
                assert obs.legal == candidates(g, s, seat)
                assert set(obs.legal) <= set(g.legal(s, seat))
                assert HeuristicBot().choose(obs) in obs.legal
                full = observe(g, s, seat, "k")
                assert full.complete and full.legal == g.legal(s, seat)
                seen += 1
            else:
                assert observe(g, s, seat, "k", with_redacted=True).complete
            s = g.apply(s, seat, g.sample(s, seat, r))
    assert seen == 30


def test_search_settings_come_from_the_game_unless_given():

    s = midgame()
    g = get_game("palazzo")
    obs = observe(g, s, 0, "k", with_redacted=True)
    bot = SearchBot(iterations=20)
    bot.choose(obs)
    tuned = plugin("palazzo").bot.search
    assert (bot.rollout_depth, bot.c, bot.ordered, bot.greedy) == (
        tuned["rollout_depth"],
        tuned["c"],
        tuned["ordered"],
        tuned["greedy"],
    )
    mine = SearchBot(iterations=20, rollout_depth=3, c=1.0, ordered=False, greedy=False)
    mine.choose(obs)
    assert (mine.rollout_depth, mine.c, mine.ordered, mine.greedy) == (3, 1.0, False, False)
    assert plugin("strasbourg").bot.search == {}  # the defaults
    with pytest.raises(TypeError, match="unknown search settings"):
        SearchBot(depth=2)


def test_ordered_expansion_ranks_actions_by_one_ply_evaluation():
    from florencia_tui.bots.evaluate import evaluator
    from florencia_tui.bots.search import rewards

    g = get_game("palazzo")
    s = midgame(seed=6)
    seat = g.to_act(s)[0]
    legal = candidates(g, s, seat)
    ev = evaluator(g)
    order = SearchBot._rank(g, s, seat, legal, ev)
    assert sorted(order) == sorted(legal)
    values = [rewards(g, g.apply(s, seat, a), ev)[seat] for a in order]
    assert values == sorted(values, reverse=True)


def test_greedy_rollouts_play_the_heuristic_move_of_the_deal():
    from florencia_tui.bots.evaluate import advantage, evaluator

    g = get_game("palazzo")
    ev = evaluator(g)
    bot = SearchBot(iterations=10, greedy=True)
    bot.greedy = True
    pick = random.Random(1)
    checked = 0
    for seed in range(4):
        s = midgame(seed=seed, steps=40 + 7 * seed)
        seat = g.to_act(s)[0]
        options = candidates(g, s, seat)
        if len(options) < 2:
            continue
        values = {a: advantage(g, g.apply(s, seat, a), seat, ev) for a in options}
        move = bot._rollout_move(g, s, seat, pick, ev)
        assert values[move] == max(values.values())
        checked += 1
    assert checked >= 2
    bot.greedy = False
    assert bot._rollout_move(g, s, seat, pick, ev) in g.legal(s, seat)


def test_progressive_widening_considers_the_best_actions_first():
    from florencia_tui.bots.search import Node

    bot = SearchBot(iterations=10)
    bot.widen = 0.5
    node = Node()
    node.order = ["a", "b", "c", "d", "e"]
    legal = ["e", "d", "c", "b", "a", "z"]  # "z": not legal in the deal that ranked them
    assert bot._widened(node, legal) == ["a"]
    node.visits = 4  # 1 + 0.5 * 2
    assert bot._widened(node, legal) == ["a", "b"]
    assert bot._widened(node, ["c", "z", "b"]) == ["b", "c"]
    node.visits = 100  # room for every action
    assert sorted(bot._widened(node, legal)) == sorted(legal)


def test_florence_search_widens_from_the_heuristic_choice():
    from florencia_tui.selfplay import random_until

    assert plugin("florence").bot.search["widen"] > 0
    g = get_game("florence")
    s = random_until(g, 3, 5, lambda s: s["phase"] == "action" and s["round"] >= 2)
    seat = g.to_act(s)[0]
    obs = observe(g, s, seat, "k", with_redacted=True)
    wide = SearchBot(iterations=64, early_stop=False, widen=0.0)
    wide.choose(obs)
    assert len(wide.last_root.children) > 5
    narrow = SearchBot(iterations=64, early_stop=False)
    narrow.choose(obs)
    root = narrow.last_root
    assert narrow.widen == 0.5 and root.visits == 64
    assert narrow.greedy_opponents  # Florence's tree gives the others their one-ply move
    assert len(root.children) <= 1 + 0.5 * 8
    assert set(root.children) == set(root.order[: len(root.children)])


def test_greedy_opponents_play_their_heuristic_move_in_the_tree(monkeypatch):
    """With ``greedy_opponents`` the tree ranks and weighs only the searching
    seat's options; another seat's node takes that seat's one-ply best move."""
    g = get_game("palazzo")
    s = midgame(seed=5)
    seat = g.to_act(s)[0]
    obs = observe(g, s, seat, "k", with_redacted=True)
    ranked, greedy = [], []
    rank, move = SearchBot._rank, SearchBot._greedy_move

    def spy_rank(game, state, mover, legal, ev):
        ranked.append(mover)
        return rank(game, state, mover, legal, ev)

    def spy_move(game, state, mover, ev):
        greedy.append(mover)
        return move(game, state, mover, ev)

    monkeypatch.setattr(SearchBot, "_rank", staticmethod(spy_rank))
    monkeypatch.setattr(SearchBot, "_greedy_move", staticmethod(spy_move))
    settings = dict(iterations=40, early_stop=False, rollout_depth=0, ordered=True, widen=0.5)
    SearchBot(**settings).choose(obs)
    assert ranked and any(m != seat for m in ranked)  # the plain tree ranks other seats' options
    assert not greedy  # no rollout moves (depth 0): no greedy move either
    ranked.clear()
    SearchBot(greedy_opponents=True, **settings).choose(obs)
    assert ranked and set(ranked) == {seat}
    assert greedy and seat not in greedy
