"""Hints: the strongest bot's move for a seat, from that seat's view only, and
reasons read off the game's evaluation terms."""

import random
import sys
from pathlib import Path

import pytest

# The games' own "same position, other hidden cards" helpers, from their bot tests
# (pytest imports test files by path, so they are not importable by name).
sys.path.insert(0, str(Path(__file__).parent))
from test_architects_bots import midgame as architects_midgame  # noqa: E402
from test_architects_bots import swap_hidden as architects_swap  # noqa: E402
from test_bots import midgame as palazzo_midgame  # noqa: E402
from test_bots import swap_opponent_hand  # noqa: E402
from test_florence_bots import seat0 as florence_seat0  # noqa: E402
from test_florence_bots import swap_hidden as florence_swap  # noqa: E402
from test_strasbourg_bots import bidding as strasbourg_bidding  # noqa: E402
from test_strasbourg_bots import swap_hidden as strasbourg_swap  # noqa: E402

from florencia_tui.bots.evaluate import candidates, evaluator, terms  # noqa: E402
from florencia_tui.bots.hint import explain, hint, reasons  # noqa: E402
from florencia_tui.bots.search import SearchBot  # noqa: E402
from florencia_tui.games import get_game  # noqa: E402
from florencia_tui.selfplay import random_until  # noqa: E402


def positions():
    """(game, position, seat deciding, the same position with an opponent's
    hidden items changed)."""
    fl = get_game("florence")
    s_fl = random_until(fl, 3, 4, florence_seat0("turn", 2))
    s_pa = palazzo_midgame()
    s_st = strasbourg_bidding()
    s_ar = architects_midgame()
    seat_ar = get_game("architects").to_act(s_ar)[0]
    return [
        ("palazzo", s_pa, 0, swap_opponent_hand(s_pa)),
        ("florence", s_fl, 0, florence_swap(florence_swap(s_fl, 1), 2)),
        ("strasbourg", s_st, 0, strasbourg_swap(strasbourg_swap(s_st, 1), 2)),
        ("architects", s_ar, seat_ar, architects_swap(s_ar, seat_ar)),
    ]


POSITIONS = positions()


@pytest.mark.parametrize("case", POSITIONS, ids=[c[0] for c in POSITIONS])
def test_the_hint_never_depends_on_what_the_seat_cannot_see(case):
    game_id, s, seat, other = case
    g = get_game(game_id)
    assert other != s  # an opponent's hidden cards really differ
    a = hint(g, s, seat, "k", bot=SearchBot(iterations=25))
    b = hint(g, other, seat, "k", bot=SearchBot(iterations=25))
    assert a == b
    assert a.action in g.legal(s, seat) and a.label == g.label(s, seat, a.action)
    assert a.text().startswith(f"Hint: {a.label} (")


@pytest.mark.parametrize("case", POSITIONS, ids=[c[0] for c in POSITIONS])
def test_the_changes_add_up_to_the_evaluations_change(case):
    """explain() splits the action's one-ply gain into the evaluation's parts."""
    game_id, s, seat, _ = case
    g = get_game(game_id)
    ev = evaluator(g)
    r = g.redact(s, seat)
    action = candidates(g, s, seat)[0]
    changes = explain(g, r, seat, action, "k", samples=3)
    pick = random.Random("k:explain")  # the deals explain() makes
    gain = 0.0
    for _ in range(3):
        d = g.determinize(r, seat, pick.randrange(2**31))
        gain += ev(g, g.apply(d, seat, action), seat) - ev(g, d, seat)
    assert sum(v for _, v in changes) == pytest.approx(gain / 3)
    assert [v for _, v in changes] == sorted((v for _, v in changes), reverse=True)


@pytest.mark.parametrize("case", POSITIONS, ids=[c[0] for c in POSITIONS])
def test_evaluation_terms_add_up_to_the_evaluation(case):
    game_id, s, seat, _ = case
    g = get_game(game_id)
    for p in range(len(s["names"])):
        parts = terms(g, s, p)
        assert len(parts) >= 3
        assert sum(parts.values()) == pytest.approx(evaluator(g)(g, s, p))


def test_reasons_are_the_biggest_gains_then_the_biggest_cost_in_the_games_words():
    changes = [
        ("vp", 4.0),
        ("resources", 1.5),
        ("virtue", 0.6),
        ("ending", 0.05),
        ("workers", -1.2),
        ("buildings", -0.3),
    ]
    assert reasons("architects", changes) == [
        "+4.0 VP now",
        "+1.5 VP in resources and silver the hand needs",
        "-1.2 VP from workers, apprentices and captives",
    ]
    assert reasons("architects", changes[:4]) == [
        "+4.0 VP now",
        "+1.5 VP in resources and silver the hand needs",
        "+0.6 VP from virtue",
    ]
    assert reasons("strasbourg", [("council", -0.5), ("coins", -2.0)]) == [
        "-2.0 points in coins and goods",
        "-0.5 points from council seats",
    ]
    assert reasons("palazzo", [("money", 0.05)]) == []


def test_a_single_legal_answer_is_the_hint():
    g = get_game("strasbourg")
    s = random_until(g, 3, 2, lambda s: g.to_act(s) and len(g.legal(s, g.to_act(s)[0])) == 1)
    seat = g.to_act(s)[0]
    assert hint(g, s, seat, "k", bot=SearchBot(iterations=5)).action == g.legal(s, seat)[0]
