"""The hint key: 'h' at a human's decision shows what the strongest bot would
play and why, in the message line, without playing it; a table can turn it off."""

from __future__ import annotations

import pytest

from florencia_tui.bots import hint as hint_module
from florencia_tui.bots.search import SearchBot
from florencia_tui.games import plugin
from florencia_tui.table import Table


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch):
    """The app's strongest level spends 100-300 iterations; 30 keep tests quick."""
    monkeypatch.setattr(hint_module, "strongest_bot", lambda: SearchBot(iterations=30))


def one_human(game_id: str, store, options=None) -> Table:
    """Ana and two random bots (or as many as the game takes beside her)."""
    n = plugin(game_id).players_near(3)
    seats = [{"name": "Ana", "kind": "human"}] + [
        {"name": f"Bot{i}", "kind": "bot:random"} for i in range(1, n)
    ]
    return Table(game_id, seats, 7, options or {}, store=store)


async def wait_for_hint(d) -> str:
    await d.app.workers.wait_for_complete()
    await d.settle()
    return d.text("#message")


async def test_h_shows_the_strongest_bots_move_and_why_without_playing_it(each_game, play, store):
    table = one_human(each_game.id, store)
    async with play(table=table) as d:
        await d.until_human()
        assert table.to_act() and table.to_act()[0] == 0
        entries = len(table.entries)
        state = table.game.dump(table.state)
        await d.press("h")
        text = await wait_for_hint(d)
        assert text.startswith("? Hint: ")
        expected = hint_module.table_hint(table, 0)  # same key, same budget: same hint
        assert text == "? " + expected.text()
        assert expected.action in table.game.legal(table.state, 0)
        assert len(table.entries) == entries and table.game.dump(table.state) == state
        assert d.screen_name == "GameScreen"


async def test_a_table_can_turn_hints_off(play, store):
    table = one_human("strasbourg", store, {"hints": False})
    async with play(table=table) as d:
        await d.until_human()
        await d.press("h")
        text = await wait_for_hint(d)
        assert "Hints are off at this table" in text
        assert "Hint:" not in text


async def test_no_hint_when_it_is_not_your_decision(play, store):
    table = one_human("palazzo", store)
    async with play(table=table) as d:
        await d.until_human()
        d.app.screen.lifted = 1  # a bot's seat: nothing for this viewer to decide
        await d.press("h")
        assert "not yours" in await wait_for_hint(d)


async def test_h_is_the_hint_at_an_architects_placement_too(play, store):
    """'h' was the Guardhouse's key on the placement panel (now 'd'), which
    swallowed the hint key at the game's main decision."""
    import random

    table = one_human("architects", store)
    rnd = random.Random(3)
    for _ in range(500):
        seat = table.to_act()[0]
        if seat == 0 and table.prompt(0).kind == "architects.place":
            break
        table.submit(seat, table.game.sample(table.state, seat, rnd))
    assert "place guardhouse" in table.legal(0)
    async with play(table=table) as d:
        await d.until_human()
        assert table.prompt(0).kind == "architects.place"
        entries = len(table.entries)
        await d.press("h")
        text = await wait_for_hint(d)
        assert text == "? " + hint_module.table_hint(table, 0).text()
        assert len(table.entries) == entries
        await d.press("d", "enter")  # the Guardhouse, by its new key
        assert [e.action for e in table.entries[entries : entries + 1]] == ["place guardhouse"]


async def test_the_setup_screen_turns_hints_off_for_the_table(play):
    async with play(default_seed=17) as d:
        await d.open_setup("palazzo")
        d.app.screen.query_one("#optbtn-hints").press()
        await d.settle()
        assert "off" in str(d.app.screen.query_one("#optbtn-hints").label)
        await d.press("f5")
        assert d.app.table.options["hints"] is False
        assert not hint_module.hints_on(d.app.table)
