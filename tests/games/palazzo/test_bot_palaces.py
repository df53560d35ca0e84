"""The heuristic bot a newcomer plays against does not look broken (issue 29):
it sat at -45 VP mid-game with nine one-floor palaces (each new one-floor
palace, -5 VP, looked worth +5 for its room to grow). Its search keeps the
weights it was tuned with."""

from __future__ import annotations

from florencia_tui.games.palazzo.scoring import palace_score
from florencia_tui.table import Table


def test_the_heuristic_bot_keeps_few_one_floor_palaces_and_no_deep_minus():
    seats = [{"name": n, "kind": "bot:heuristic"} for n in ("Ana", "Ben", "Cy")]
    for seed in (1000, 1001, 1002):
        table = Table("palazzo", seats, seed=seed)
        lowest, most_single = 0, 0
        while not table.is_over():
            seat = table.to_act()[0]
            table.submit(seat, table.bot_choice(seat))
            for pals in table.state["palaces"]:
                lowest = min(lowest, sum(palace_score(p) for p in pals))
                most_single = max(most_single, sum(1 for p in pals if len(p) == 1))
        assert most_single <= 3 and lowest >= -20, (seed, most_single, lowest)


def test_to_the_heuristic_a_second_and_third_one_floor_palace_are_worth_less():
    from florencia_tui.games.palazzo.bot import BOT, HEURISTIC_GROWTH, heuristic_eval
    from florencia_tui.games.palazzo.bot import palaces_value as value

    def v(pals):
        return value(pals, 0.0, HEURISTIC_GROWTH)

    one, two, three = v([["S11"]]), v([["S11"], ["B12"]]), v([["S11"], ["B12"], ["M13"]])
    assert two - one < one and three - two < 0  # the third is a plain -5
    # The search keeps the weights it was tuned with (docs/bots.md).
    assert BOT.heuristic is heuristic_eval and BOT.evaluate is not heuristic_eval
    assert value([["S11"], ["B12"]], 0.0) - value([["S11"]], 0.0) == value([["S11"]], 0.0)


def test_the_search_credits_room_to_grow_only_for_the_tiles_still_to_come():
    """The search's evaluation counts only as many floors of room as the seat
    can still expect tiles, its best palaces first: room for ten floors is not
    worth ten floors when the stacks are empty (docs/bots.md)."""
    from florencia_tui.games import get_game
    from florencia_tui.games.palazzo.bot import (
        SEARCH_GROWTH,
        heuristic_eval,
        palazzo_eval,
        tiles_to_come,
    )
    from florencia_tui.games.palazzo.bot import palaces_value as value
    from florencia_tui.games.palazzo.data import RIDERS

    tall, single = ["S11", "S22"], ["M11"]  # 0 points, room 3; -5 points, room 4
    assert value([tall, single], 0.0) == -5 + 1.5 * 3 + 2.5 * 4  # no budget: all the room
    assert value([tall, single], 0.0, SEARCH_GROWTH, 2.0) == -5 + 1.5 * 2  # the tall one first

    game = get_game("palazzo")
    s = game.new(["Ana", "Ben"], 1)
    s["palaces"][0], s["hands"][0] = [tall, single], []
    early = palazzo_eval(game, s, 0)
    assert tiles_to_come(s) > 7 and early == value([tall, single], 0.0)
    s["stacks"] = {"I": [], "II": [], "III": list(RIDERS)}  # only the riders left
    s["quarries"], s["supply"] = [[] for _ in s["quarries"]], []
    assert tiles_to_come(s) == 0 and palazzo_eval(game, s, 0) == -5  # its palace points
    assert heuristic_eval(game, s, 0) > -5  # the heuristic's room fades only with the riders
