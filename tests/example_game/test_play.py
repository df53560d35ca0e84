"""The example game on the real app: chosen on the home screen like any game,
played to the end by real key presses against a bot, then replayed."""

from __future__ import annotations

from florencia_tui.gamelog import ALL, Timeline
from florencia_tui.games import replay
from florencia_tui.table import Table
from tests.tui.screen_text import screen_text


async def test_a_human_plays_a_whole_game_by_keys_against_a_bot(auction, play, store):
    async with play(default_seed=7) as d:
        assert d.screen_name == "HomeScreen"
        await d.open_setup("auction")  # registered from the tests, listed like any game
        await d.press("f5")  # two players: Ana (human) against the heuristic bot
        table = d.app.table
        assert table.game_id == "auction" and table.seed == 7
        assert [s["kind"] for s in table.seats] == ["human", "bot:heuristic"]
        assert d.screen_name == "GameScreen"
        bids = []
        while not table.is_over():
            await d.until_human()
            if table.is_over():
                break
            assert table.to_act() == [0] and d.app.screen.viewer == 0
            card = max(table.state["hands"][0])  # the highest card left
            shown = screen_text(d.app.screen)
            assert "bid a card face down" in shown and f"Bid {card} for the" in shown
            assert f"hand {' '.join(map(str, sorted(table.state['hands'][0])))}" in shown
            await d.choose(f"bid {card}")
            bids.append(card)
        assert bids == [3, 2, 1]
        assert table.state["played"][0] == [3, 2, 1]
        assert d.screen_name == "EndScreen"
        assert "Three-card auction: game over" in d.text("#end-title")
        log = table.log(0)
        assert log[0] == "Ana bids 3 face down" and "the bids are Ana 3, Ben " in log[1]
        assert table.log(1)[0] == "Ana bids a card face down"
        await d.press("enter")
        assert d.screen_name == "HomeScreen"


async def test_a_finished_game_replays_to_its_final_state_and_opens_in_the_replay_screen(
    auction, play, store
):
    seats = [{"name": "Ana", "kind": "bot:heuristic"}, {"name": "Ben", "kind": "bot:random"}]
    done = Table("auction", seats, seed=12, store=store)
    done.run_bots()
    assert done.is_over()
    record = store.record(done.table_id)
    assert record.game == "auction" and replay(record) == done.state
    timeline = Timeline.build(record, store.action_rows(done.table_id))
    n = len(timeline)
    assert n == 6 and timeline.state(n) == done.state
    async with play() as d:
        await d.press("r")
        assert d.screen_name == "ReplaysScreen"
        await d.press("enter")
        screen = d.app.screen
        assert d.screen_name == "ReplayScreen" and screen.viewer == ALL
        assert "Three-card auction" in d.text("#status")
        await d.press("right")
        # Everything is shown once the game is over: Ana's first bid among it
        # (each seat's hidden information, in its box under the scores).
        first = done.state["played"][0][0]
        assert "Hidden information" in d.text("#hidden") and str(first) in d.text("#hidden")
        await d.press("end")
        assert screen.pos == n and screen.shown_view == done.game.view(done.state, None)
        assert "Game over" in str(screen.query_one("#board").render())
        await d.press("v")  # everything -> spectator
        assert screen.viewer is None
        await d.press("v")  # -> Ana
        assert screen.viewer == 0
        assert screen.shown_view == done.game.view(done.state, 0)
