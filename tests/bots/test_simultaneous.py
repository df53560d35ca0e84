"""Bots facing a decision several seats owe at once, with another seat's still open.

Strasbourg's task choice and planning, Architects' draft and Florence's
opening return are simultaneous: ``to_act`` lists every seat that has not yet
decided. A human who has not decided yet comes first in that list; the search
must still plan the bot's own decision, not the human's (it used to: in
Strasbourg a human who may only 'draw' made both search bots draw all 24 cards).
"""

import pytest

from florencia_tui.bots import observe
from florencia_tui.bots.search import SearchBot, first_mover
from florencia_tui.games import get_game
from florencia_tui.table import Table


def human_first(
    game_id: str, kind: str = "bot:search@40it", players: int = 3, seed: int = 5
) -> Table:
    """A table whose seat 0 is a human, the others ``kind`` bots."""
    seats = [{"name": "Ana", "kind": "human"}] + [
        {"name": f"Bot{i}", "kind": kind} for i in range(1, players)
    ]
    return Table(game_id, seats, seed)


def test_first_mover_prefers_the_searching_seat():
    g = get_game("strasbourg")
    s = g.new(["A", "B", "C"], 1)
    assert g.to_act(s) == [0, 1, 2]
    assert [first_mover(g, s, seat) for seat in range(3)] == [0, 1, 2]
    s = g.apply(s, 1, g.legal(s, 1)[0])
    assert first_mover(g, s, 1) == 0  # seat 1 owes nothing now: the first who does


def _plan_round_one(t: Table) -> list[dict]:
    """Bots play until only the human owes a decision; the bots' players."""
    t.run_bots()
    assert t.state["phase"] == "planning" and t.to_act() == [0]
    return t.state["players"][1:]


def test_strasbourg_bots_plan_sensibly_while_a_human_is_still_drawing():
    """The bug of issue 18: seat 0 (human) has kept its tasks and not drawn yet;
    both search bots drew all 24 cards into a few huge stacks. Now they draw
    a handful, as they do among bots only."""
    t = human_first("strasbourg", seed=7)
    g = t.game
    t.submit(0, g.legal(t.state, 0)[0])  # the human keeps a task, then plans later
    with_human = _plan_round_one(t)
    for pl in with_human:
        drawn = sum(len(st) for st in pl["stacks"])
        assert 2 <= drawn <= 8, pl["stacks"]
        assert max(len(st) for st in pl["stacks"]) <= 5, pl["stacks"]
        assert len(pl["deck"]) >= 16
    # Among bots only (seat 0 a heuristic bot), the same seats draw about as many.
    bots = Table(
        "strasbourg",
        [{"name": "Ana", "kind": "bot:heuristic"}]
        + [{"name": f"Bot{i}", "kind": "bot:search@40it"} for i in (1, 2)],
        7,
    )
    while bots.state["phase"] != "actions":
        bots.play_bot(bots.bot_to_act())
    alone = [sum(len(st) for st in pl["stacks"]) for pl in bots.state["players"][1:]]
    for pl, n in zip(with_human, alone):
        assert abs(sum(len(st) for st in pl["stacks"]) - n) <= 4


def test_the_plan_audit_flags_the_plans_of_issue_18_and_not_sensible_ones():
    from florencia_tui.games.strasbourg.audit import Plan, PlanAudit

    audit = PlanAudit(
        plans=[
            Plan(1, 1, 24, 24, 19),  # the bug: the whole deck in round 1, a stack of 19
            Plan(2, 1, 24, 5, 3),  # a sensible round 1
            Plan(1, 2, 20, 6, 9),  # a stack of 9 cards
            Plan(2, 5, 12, 12, 6),  # the last round may use every card left
            Plan(0, 4, 8, 6, 4),  # 8 cards over two rounds: 6 now is bold, not absurd
            Plan(0, 1, 24, 13, 4),  # half the deck in round 1: greedy, but 11 are left
            Plan(0, 3, 10, 7, 4),  # 3 left for two rounds
            Plan(0, 4, 4, 3, 1),  # one card kept for the last round: fair
            Plan(1, 5, 14, 1, 1),  # 13 cards never played
            Plan(0, 5, 6, 5, 3),  # one card never played: still influence thrown away
        ]
    )
    assert [(p.seat, p.round) for p in audit.faults()] == [(1, 1), (1, 2), (0, 3)]
    assert [(p.seat, p.round) for p in audit.wasted()] == [(1, 5), (0, 5)]
    assert audit.faults(seats=[2]) == []


@pytest.mark.parametrize("ask", ["last", "any"])
def test_a_whole_strasbourg_game_has_no_absurd_plan_whoever_answers_first(ask):
    """The last seat owing a decision answers first (the seats before it wait,
    as a human who thinks long), or any: every bot decides while others'
    simultaneous decisions are open, and makes no plan of issue 18's kind."""
    from florencia_tui.games.strasbourg.audit import PlanAudit
    from florencia_tui.selfplay import play_one

    audit = PlanAudit()
    g = get_game("strasbourg")
    s, _ = play_one(
        g, 3, 18, ["bot:random", "bot:search@20it", "bot:heuristic"], ask=ask, after=audit
    )
    assert g.is_over(s)
    assert {p.round for p in audit.plans} == {1, 2, 3, 4, 5}
    assert audit.faults(seats=[1, 2]) == []
    assert audit.wasted(seats=[1, 2]) == []  # the last round draws every card left
    assert all(k <= 4 for seat, k in audit.tasks_kept if seat in (1, 2))


def test_every_decision_owed_by_several_seats_is_searched_as_the_bots_own(each_game):
    """Along a random game, wherever several seats owe a decision (Strasbourg's
    tasks and planning, Architects' draft, Florence's opening return), a search
    bot at the last of them (the others still open, as a human who has not
    decided yet) plans its own decision and weighs only its own actions."""
    import random

    g = each_game.game
    s = g.new([f"P{i}" for i in range(each_game.players_near(3))], 4)
    rnd = random.Random(4)
    found = 0
    for _ in range(3000):
        if g.is_over(s) or found >= 4:
            break
        acting = g.to_act(s)
        if len(acting) > 1 and len(g.legal(s, acting[-1])) > 1:
            seat = acting[-1]
            bot = SearchBot(iterations=12)
            own = set(g.legal(s, seat))
            assert bot.choose(observe(g, s, seat, "k", True)) in own
            assert bot.last_root.children and set(bot.last_root.children) <= own
            found += 1
        seat = acting[0]
        s = g.apply(s, seat, g.sample(s, seat, rnd))
    if not found:  # Palazzo, say: every decision is one seat's
        pytest.skip(f"{each_game.title}: no decision is owed by several seats at once")
