"""Real key presses through Strasbourg: task keeping, planning (draw, stop, stacks),
bidding, cursor placement on the map, the hot-seat curtain in the simultaneous
planning, the merchants' sale, and the last round to the final scores by keys alone."""

from __future__ import annotations

import random

from florencia_tui.games.strasbourg.ui.board import StrasbourgBoard
from florencia_tui.games.strasbourg.ui.picker import PlacementPicker
from florencia_tui.games.strasbourg.ui.selectors import StackBuilder, TaskSelector
from florencia_tui.table import Table

ONE_HUMAN = [
    {"name": "Ana", "kind": "human"},
    {"name": "Ben", "kind": "bot:random"},
    {"name": "Carla", "kind": "bot:random"},
]


def options_text(d) -> str:
    """Every line of the generic action list (legal and greyed-out)."""
    actions = d.app.screen.query_one("#actions")
    return "\n".join(
        str(actions.get_option_at_index(i).prompt) for i in range(actions.option_count)
    )


def board(d) -> StrasbourgBoard:
    return d.app.screen.query_one(StrasbourgBoard)


def play_until(table: Table, done, seed: int = 1, limit: int = 3000) -> None:
    """Seeded random legal play (any seat) until ``done(table)``."""
    rnd = random.Random(seed)
    for _ in range(limit):
        if done(table):
            return
        seat = table.to_act()[0]
        table.submit(seat, table.game.sample(table.state, seat, rnd))
    raise AssertionError("position not reached")


def owes(kind: str, seat: int = 0):
    return lambda t: seat in t.to_act() and t.prompt(seat).kind == kind


async def test_from_home_to_the_first_decision_by_keys(play):
    async with play(default_seed=17) as d:
        await d.open_setup("strasbourg")
        assert d.text("#count") == "3"  # Strasbourg's minimum; F3 would add seats
        await d.press("f3", "f3")
        assert d.text("#count") == "5"
        await d.press("f2")
        await d.press("f5")
        table = d.app.table
        assert table.game_id == "strasbourg" and len(table.seats) == 4
        await d.until_human()
        assert d.app.screen.query_one(TaskSelector)
        assert "T" in d.text("TaskSelector")


async def test_tasks_planning_and_a_bid_by_keys(play, store):
    table = Table("strasbourg", ONE_HUMAN, seed=21, store=store)
    async with play(table=table) as d:
        await d.until_human()
        # Task cards: toggle the first and third, Enter keeps them.
        dealt = table.view(0)["players"][0]["dealt"]
        await d.press("1", "3", "enter")
        assert table.state["players"][0]["tasks"] == sorted([dealt[0], dealt[2]])
        await d.until_human()
        assert table.prompt(0).kind == "strasbourg.draw"
        assert "Stop drawing: draw at least one card first" in options_text(d)
        for _ in range(4):
            await d.choose("draw")
        hand = sorted(table.state["players"][0]["hand"], reverse=True)
        assert len(hand) == 4
        await d.choose("stop")
        # The stack builder: cards by key, the running total, Enter forms the stack.
        builder = d.app.screen.query_one(StackBuilder)
        assert builder.items == [str(v) for v in hand]
        await d.press("1", "2")
        assert f"#1 = {hand[0]}+{hand[1]}={hand[0] + hand[1]}" in d.text("StackBuilder")
        await d.press("2", "enter")  # 2 toggled off again: stack = the highest card
        assert table.state["players"][0]["stacks"] == [[hand[0]]]
        assert "Formed #1" in d.text("StackBuilder")
        await d.press("enter")  # nothing chosen: refused by the selector, not sent
        assert len(table.state["players"][0]["stacks"]) == 1
        # Each card keeps its key from one stack to the next: 1 went into #1.
        await d.press("1", "2", "3", "4", "enter")
        assert table.state["players"][0]["stacks"] == [[hand[0]], sorted(hand[1:], reverse=True)]
        assert table.state["players"][0]["plan"] == "done"
        await d.until_human()
        # Bidding: the board shows the other stacks face down and our own with values.
        assert table.prompt(0).kind == "strasbourg.bid"
        text = board(d).text()
        assert f"#1 {hand[0]}  #2 {'+'.join(map(str, hand[1:]))}={sum(hand[1:])}" in text
        assert "▮" in text
        step = table.state["step"]
        await d.choose("bid 2")
        await d.until_human()
        last = table.view(0)["last_bid"]
        assert last["step"] == step and [0, sorted(hand[1:], reverse=True)] in last["bids"]
        text = board(d).text()
        assert "Last: Step A" in text and "1st" in text
        assert f"Ana {sum(hand[1:])}" in text


async def test_cursor_placement_with_arrow_keys(play, store):
    table = Table("strasbourg", ONE_HUMAN, seed=8, store=store)
    play_until(table, owes("strasbourg.guild_reward"), seed=3)
    table.state["players"][0]["coins"] = 9  # every free square is affordable
    async with play(table=table) as d:
        picker = d.app.screen.query_one(PlacementPicker)
        b = board(d)
        start = b.cursor
        assert start == picker.current.id and picker.current.action
        assert "›" in b.text() and start in d.text("PlacementPicker")
        for key in ("right", "down", "left", "up"):
            await d.press(key)
            if b.cursor != start:
                break
        assert b.cursor != start and b.cursor == picker.current.id
        target = b.cursor
        assert "›" in b.text() and target in d.text("PlacementPicker")
        while not picker.current.action:  # skip occupied squares
            await d.press("space")
        target, expect = b.cursor, picker.current.action
        assert expect in (f"good place {target}", f"place {target}")
        n = len(table.entries)
        await d.press("enter")
        assert (table.entries[n].seat, table.entries[n].action) == (0, expect)
        assert table.state["city"][target] == 0


async def test_cursor_shows_why_squares_are_unavailable(play, store):
    table = Table("strasbourg", ONE_HUMAN, seed=8, store=store)
    play_until(table, owes("strasbourg.guild_reward"), seed=3)
    guild = table.prompt(0).data["guild"]
    squares = [
        c
        for c, sq in table.view(0)["city"]["squares"].items()
        if sq["guild"] == guild and sq["occupant"] is None
    ]
    table.state["city"][squares[0]] = 1  # Ben stands on the first free one
    table.state["players"][0]["coins"] = 0  # and Ana cannot pay for any square
    goods_before = table.state["players"][0]["goods"][guild]
    async with play(table=table) as d:
        picker = d.app.screen.query_one(PlacementPicker)
        reasons = {t.id: t.reason for t in picker.targets}
        assert reasons[squares[0]] == "occupied by Ben"
        assert all("costs" in reasons[c] for c in squares[1:])
        assert "✗" in d.text("PlacementPicker")
        n = len(table.entries)
        await d.press("enter")  # not legal here: nothing is sent
        assert len(table.entries) == n
        assert "cannot place" in d.text("PlacementPicker")
        await d.press("g")  # the good only
        assert (table.entries[n].seat, table.entries[n].action) == (0, "good")
        assert table.state["players"][0]["goods"][guild] == goods_before + 1


async def test_chapel_by_cursor(play, store):
    table = Table("strasbourg", ONE_HUMAN, seed=5, store=store)
    play_until(table, owes("strasbourg.chapel"), seed=4)
    async with play(table=table) as d:
        b = board(d)
        first = b.cursor
        assert first.startswith("K")
        await d.press("space")
        spot = b.cursor
        assert spot != first
        picker = d.app.screen.query_one(PlacementPicker)
        while not picker.current.action:
            await d.press("space")
        spot = b.cursor
        await d.press("enter")
        assert spot in table.state["chapels"]
        assert [e.action for e in table.entries if e.seat == 0][-1] == f"chapel {spot}"


async def test_merchants_sale_by_keys(play, store):
    table = Table("strasbourg", ONE_HUMAN, seed=12, store=store)
    play_until(table, owes("strasbourg.sell"), seed=6)
    goods = table.prompt(0).data["goods"]
    first = next(g for g, n in goods.items() if n)
    coins = table.state["players"][0]["coins"]
    async with play(table=table) as d:
        await d.press("1")
        value = table.prompt(0).data["values"][first]
        assert f"Sale +{value} coins ({coins} → {coins + value})" in d.text("GoodsSelector")
        await d.press("enter")
        assert [e.action for e in table.entries if e.seat == 0][-1] == f"sell {first}"
        assert table.state["players"][0]["coins"] >= coins + value


async def test_curtain_between_two_humans_in_planning(play, store):
    seats = [
        {"name": "Ana", "kind": "human"},
        {"name": "Ben", "kind": "human"},
        {"name": "Carla", "kind": "bot:random"},
    ]
    table = Table("strasbourg", seats, seed=4, store=store)
    async with play(table=table) as d:
        await d.lift_curtain("Ana")
        await d.press("1", "enter")  # Ana keeps her first task
        await d.lift_curtain("Ben")
        await d.press("1", "enter")
        await d.until_human()
        # Planning is simultaneous: both humans owe it, the screen asks Ana first.
        assert table.state["phase"] == "planning" and {0, 1} <= set(table.to_act())
        await d.lift_curtain("Ana")
        await d.choose("draw")
        await d.choose("draw")
        await d.choose("stop")
        assert d.screen_name == "GameScreen"  # still Ana: no curtain while she plans
        ana_hand = sorted(table.state["players"][0]["hand"], reverse=True)
        await d.press("1", "2", "enter")
        assert table.state["players"][0]["plan"] == "done"
        # Ana is done; the keyboard passes to Ben behind the curtain.
        assert d.screen_name == "CurtainScreen"
        await d.lift_curtain("Ben")
        assert "you are Ben" in d.text("#status")
        assert board(d).view["seat"] == 1
        assert board(d).view["players"][0]["stack_cards"] is None
        assert "▮▮" in board(d).text()  # Ana's stack, face down
        assert f"{ana_hand[0]}+{ana_hand[1]}" not in board(d).text()
        await d.choose("draw")
        await d.choose("stop")
        await d.press("1", "enter")
        await d.until_human()
        assert table.state["phase"] == "actions"


def _key_for(d) -> list[str]:
    """A newcomer's simple keyboard policy for whatever the screen asks."""
    table = d.app.table
    seat = d.app.screen.viewer
    kind = table.prompt(seat).kind
    legal = table.legal(seat)
    if kind == "strasbourg.keep_tasks":
        return ["1", "enter"]
    if kind == "strasbourg.draw":
        return [str(legal.index("stop" if "stop" in legal else "draw") + 1)]
    if kind == "strasbourg.split":
        return ["1", "enter"]
    if kind == "strasbourg.sell":
        return ["1", "enter"]
    if kind in ("strasbourg.guild_reward", "strasbourg.chapel", "strasbourg.build"):
        picker = d.app.screen.query_one(PlacementPicker)
        return ["enter"] if picker.current and picker.current.action else ["n"]
    return ["1"]  # bids, returns: the first listed action


async def test_last_round_by_keys_to_the_final_scores(play, store):
    """Rounds 1-4 by seeded play, then the human plays round 5 with keys to the end screen."""
    table = Table("strasbourg", ONE_HUMAN, seed=33, store=store)
    play_until(table, lambda t: t.state["round"] == 5 and owes("strasbourg.draw")(t), seed=9)
    async with play(table=table) as d:
        kinds = set()
        for _ in range(200):
            await d.until_human()
            if table.is_over():
                break
            assert d.app.screen.viewer == 0 and 0 in table.to_act()
            kinds.add(table.prompt(0).kind)
            n = len(table.entries)
            await d.press(*_key_for(d))
            assert len(table.entries) > n, table.prompt(0)
        await d.settle()
        assert table.is_over()
        assert {"strasbourg.draw", "strasbourg.split", "strasbourg.bid"} <= kinds
        assert d.screen_name == "EndScreen"
        assert "wins" in d.text("#end-winner") or "share" in d.text("#end-winner")


async def test_help_shows_rules_and_reconstructed_data(play, store):
    table = Table("strasbourg", ONE_HUMAN, seed=5, store=store)
    async with play(table=table) as d:
        await d.press("f1")
        assert d.screen_name == "HelpScreen"
        md = d.app.screen.query_one("Markdown")
        assert "## Reconstructed data" in md.source and "arrow keys" in md.source
        await d.press("escape")
        assert d.screen_name == "GameScreen"


def test_every_legal_placement_is_reachable_from_the_cursor_panel():
    """Over random games, the picker's targets (Enter, plus e/g/n keys) cover the legal list."""
    from florencia_tui.games.strasbourg.ui import UI

    ui = UI()
    seen = set()
    for seed in range(6):
        table = Table(
            "strasbourg",
            [{"name": f"P{i}", "kind": "bot:random"} for i in range(3 + seed % 3)],
            seed,
        )
        rnd = random.Random(seed)
        while not table.is_over():
            seat = table.to_act()[0]
            prompt, legal = table.prompt(seat), table.legal(seat)
            panel = ui.prompt_panel(prompt, table.view(seat), legal)
            if isinstance(panel, PlacementPicker):
                seen.add(prompt.kind)
                enter = {t.action for t in panel.targets if t.action}
                keys = {f"place {t.id}" for t in panel.targets if t.action} | {"good", "none"}
                assert enter <= set(legal)
                assert set(legal) <= enter | keys, (prompt, set(legal) - enter - keys)
            table.submit(seat, table.game.sample(table.state, seat, rnd))
    assert seen == {"strasbourg.guild_reward", "strasbourg.chapel", "strasbourg.build"}
