"""Pilot flows for undo (u), the game log screen (l), replays (r) and statistics (s)."""

from __future__ import annotations

from florencia_tui.gamelog import ALL, Timeline
from florencia_tui.store import data_dir
from florencia_tui.table import Table
from florencia_tui.tui.scenes import finished_table

SOLO = [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "bot:random"}]


async def test_u_takes_back_a_purchase_but_not_the_tile_draw(play, store):
    table = Table("palazzo", SOLO, seed=3, store=store)
    async with play(table=table) as d:
        await d.choose("tiles")
        after_draw = table.state
        buy = next(a for a in table.legal(0) if a.startswith("buy"))
        await d.choose(buy)
        assert table.prompt(0).kind == "palazzo.pay"
        await d.press("u")
        assert table.state == after_draw
        assert table.prompt(0).kind == "palazzo.buy_or_auction"
        assert "undoes" in d.text("#message")
        log = [str(line.text) for line in d.app.screen.query_one("#log").lines]
        assert any("undoes" in line for line in log)
        assert any(line.endswith("(undone)") for line in log)
        # The draw revealed tiles: u refuses and says why; nothing changes.
        await d.press("u")
        assert "revealed hidden information" in d.text("#message")
        assert table.state == after_draw
        # The seat plays on normally after an undo.
        await d.choose("auction")
        assert [e.action for e in table.entries[:4]] == ["tiles", buy, "undo", "auction"]


async def test_u_never_crosses_the_bots_move(play, store):
    table = Table("palazzo", SOLO, seed=3, store=store)
    async with play(table=table) as d:
        await d.choose("money")
        while table.to_act() == [0] and table.state["phase"] == "take":
            await d.choose(table.legal(0)[0])
        await d.settle()
        assert table.entries[-1].seat == 1  # the bot took its card (and perhaps more)
        before = table.state
        await d.press("u")
        assert "Bot acted last" in d.text("#message")
        assert table.state == before


async def test_log_screen_filters_by_player_and_text_and_exports(play, store):
    table = Table("palazzo", SOLO, seed=4, store=store)
    async with play(table=table) as d:
        await d.choose("money")
        while table.state["phase"] == "take" and 0 in table.to_act():
            await d.choose(table.legal(0)[0])
        await d.settle()
        await d.press("l")
        assert d.screen_name == "LogScreen"
        total = len(table.entries)
        assert f"{total}/{total} entries" in d.text("#log-title")
        assert "as Ana sees it" in d.text("#log-title")
        await d.press("p")  # Ana's entries only
        mine = sum(1 for e in table.entries if e.seat == 0)
        assert f"player: Ana · {mine}/{total}" in d.text("#log-title")
        await d.press("p", "p")  # Bot, then everyone again
        assert "player: everyone" in d.text("#log-title")
        await d.press("slash", *"takes money")
        assert f"1/{total} entries" in d.text("#log-title")
        await d.press("enter", "x")
        path = data_dir() / f"florencia-game{table.table_id}-ana.txt"
        text = path.read_text()
        assert "log as seen by Ana" in text and "takes money" in text
        assert "Stack I" in text  # round/phase prefix
        await d.press("escape")
        assert d.screen_name == "GameScreen"


async def test_replay_steps_through_a_finished_game(play, store):
    done = finished_table("palazzo", 3, seed=2024, store=store)
    timeline = Timeline.build(store.record(done.table_id), store.action_rows(done.table_id))
    n = len(timeline)
    async with play() as d:
        await d.press("r")
        assert d.screen_name == "ReplaysScreen"
        await d.press("enter")
        screen = d.app.screen
        assert d.screen_name == "ReplayScreen"
        assert screen.viewer == ALL and screen.pos == 0  # finished: everything shown
        await d.press("right", "right", "right")
        assert screen.pos == 3
        assert "3/" in d.text("#status") and "view: everything" in d.text("#status")
        assert "Hidden information" in d.text("#hidden")
        assert screen.shown_view == done.game.view(timeline.state(3), None)
        await d.press("left")
        assert screen.pos == 2
        await d.press("end")
        assert screen.pos == n and timeline.state(n) == done.state
        await d.press("home", "right_square_bracket")
        assert screen.pos == timeline.first_of_round(2) > 0
        await d.press("g", "5", "enter")
        assert screen.pos == timeline.first_of_round(5)
        assert timeline.round_at(screen.pos) == 5
        await d.press("v")  # everything -> spectator -> Ana
        assert screen.viewer is None and "view: spectator" in d.text("#status")
        await d.press("v")
        assert screen.viewer == 0
        assert screen.shown_view == done.game.view(timeline.state(screen.pos), 0)
        await d.press("escape")
        assert d.screen_name == "ReplaysScreen"
        await d.press("escape")
        assert d.screen_name == "HomeScreen"


async def test_replay_of_a_game_in_play_steps_over_what_a_player_took_back(play, store):
    """Issue 27.2: a replay is for a spectator until the game ends, and what a
    player took back is theirs alone: it never stops on the action taken back
    nor on its undo, and its log has neither."""
    table = Table("palazzo", SOLO, seed=3, store=store)
    table.submit(0, "tiles")
    buy = next(a for a in table.legal(0) if a.startswith("buy"))
    table.submit(0, buy)
    table.undo(0)
    async with play() as d:
        await d.press("r", "enter")
        screen = d.app.screen
        assert screen.viewer is None  # not finished: a spectator's view, no "everything"
        assert ALL not in screen.viewers
        await d.press("end")
        # After the draw: the same state as after the undo, where the game is.
        assert screen.pos == 1 and screen.timeline.state(screen.pos) == table.state
        assert "1/1" in d.text("#status")  # two entries of the record's three are Ana's alone
        assert "draws tiles" in d.text("#replay-step")
        log = " ".join(str(line.text) for line in screen.query_one("#log").lines)
        assert "undoes" not in log and buy.split()[1] not in log
        await d.press("left")
        assert screen.pos == 0
        await d.press("right", "right")
        assert screen.pos == 1  # never 2, the state after the purchase taken back


async def test_home_shows_statistics_and_s_opens_them(play, store):
    finished_table("palazzo", 3, seed=2024, store=store)
    async with play() as d:
        assert "1 game · 1 finished" in d.text("#home-stats")
        await d.press("s")
        assert d.screen_name == "StatsScreen"
        await d.press("escape")
        assert d.screen_name == "HomeScreen"
