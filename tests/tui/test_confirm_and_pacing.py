"""A human's turn is held for confirmation (Enter) and can be taken back (u)
until then; bots are paced per visible move, not per secret one, and a
thinking bot shows how long it has been thinking."""

from __future__ import annotations

import asyncio
import time

from florencia_tui.games import get_game
from florencia_tui.pacing import DEFAULT_DELAY, FLOOR, bot_pause
from florencia_tui.selfplay import random_until
from florencia_tui.table import Table

from .screen_text import screen_text

ANA_BOT = [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "bot:random"}]


def _last_action_of_turn(table: Table, seat: int) -> str | None:
    """A legal action of ``seat`` after which the turn passes on, if any."""
    game = table.game
    for a in table.legal(seat):
        if seat not in game.to_act(game.apply(table.state, seat, a)):
            return a
    return None


async def test_a_finished_turn_waits_for_enter_and_u_takes_it_back(play, store):
    table = Table("palazzo", ANA_BOT, seed=5, store=store)
    async with play(table=table, confirm_turns=True) as d:
        screen = d.app.screen
        while (last := _last_action_of_turn(table, 0)) is None:
            await d.choose(table.legal(0)[0])
        await screen.play(last)
        await d.settle()
        n = len(table.entries)
        assert "Your turn is done" in d.text("#prompt-body")
        assert table.bot_to_act() == 1 and len(table.entries) == n  # the bot waits
        footer_keys = {b.binding.action for b in d.app.active_bindings.values()}
        assert "confirm" in footer_keys
        await d.press("u")  # a slip: take it back
        assert len(table.entries) == n + 1 and table.entries[-1].is_undo
        assert 0 in table.to_act() and "Your turn is done" not in screen_text(screen)
        await screen.play(last)
        await d.settle()
        assert "Your turn is done" in d.text("#prompt-body")
        await d.press("enter")  # confirmed: the bot moves now
        for _ in range(50):
            if table.entries[-1].seat == 1:
                break
            await d.pilot.pause(0.02)
        assert table.entries[-1].seat == 1


async def test_enter_confirms_nothing_outside_the_end_of_turn_step(play, store):
    table = Table("palazzo", ANA_BOT, seed=5, store=store)
    async with play(table=table, confirm_turns=True) as d:
        footer_keys = {b.binding.action for b in d.app.active_bindings.values()}
        assert "confirm" not in footer_keys
        assert d.app.screen._confirm is None


async def test_turns_go_straight_on_when_confirmation_is_off(play, store):
    table = Table("palazzo", ANA_BOT, seed=5, store=store)
    async with play(table=table, confirm_turns=False) as d:
        while (last := _last_action_of_turn(table, 0)) is None:
            await d.choose(table.legal(0)[0])
        await d.app.screen.play(last)
        for _ in range(50):
            if table.entries[-1].seat == 1:
                break
            await d.pilot.pause(0.02)
        assert table.entries[-1].seat == 1


def test_secret_simultaneous_moves_are_not_paced_visible_ones_speed_up():
    strasbourg = get_game("strasbourg")
    planning = random_until(strasbourg, 3, 1, lambda s: s["phase"] == "planning")
    assert strasbourg.simultaneous(planning)
    assert bot_pause(strasbourg, planning, 0, DEFAULT_DELAY) == 0
    bidding = random_until(strasbourg, 3, 1, lambda s: s["phase"] == "actions")
    assert not strasbourg.simultaneous(bidding)
    pauses = [bot_pause(strasbourg, bidding, k, DEFAULT_DELAY) for k in range(30)]
    assert pauses[0] == DEFAULT_DELAY
    assert all(a >= b for a, b in zip(pauses, pauses[1:])) and pauses[-1] == FLOOR
    architects = get_game("architects")
    draft = architects.new(["A", "B"], 1)
    assert architects.simultaneous(draft) and bot_pause(architects, draft, 0, 0.6) == 0
    assert bot_pause(architects, draft, 0, 0) == 0  # instant bots never wait


async def test_a_thinking_bot_shows_how_long_it_has_thought(play, store):
    table = Table("palazzo", ANA_BOT, seed=5, store=store)

    class SlowBot:
        needs_redacted = False

        def __init__(self, inner):
            self.inner = inner

        def choose(self, obs):
            time.sleep(0.8)
            return self.inner.choose(obs)

    table._bots[1] = SlowBot(table._bots[1])
    async with play(table=table) as d:
        while (last := _last_action_of_turn(table, 0)) is None:
            await d.choose(table.legal(0)[0])
        await d.app.screen.play(last)
        seen = ""
        for _ in range(100):  # the bot thinks 0.8 s a move, for several moves
            await asyncio.sleep(0.05)  # not pilot.pause: it waits for the bot
            bodies = list(d.app.screen.query("#prompt-body"))
            text = str(bodies[0].render()) if bodies else ""
            if "is thinking…" in text and text.endswith(" s"):
                seen = text
                break
        assert seen.startswith("Bot (bot) is thinking… ")


async def test_settings_turn_confirmation_off_and_bots_faster(play, store):
    from florencia_tui.pacing import SPEEDS

    table = Table("palazzo", ANA_BOT, seed=5, store=store)
    async with play(table=table, confirm_turns=True, bot_delay=DEFAULT_DELAY) as d:
        game_screen = d.app.screen
        await d.press("o")
        assert d.screen_name == "SettingsScreen"
        assert "Confirm each turn: on" in d.text("#settings-text")
        await d.press("c", "b")
        assert "Confirm each turn: off" in d.text("#settings-text")
        assert d.app.confirm_turns is False and d.app.bot_delay == SPEEDS["fast"]
        await d.press("b", "b")  # instant, then back to normal
        assert d.app.bot_delay == SPEEDS["normal"]
        await d.press("b", "escape")
        assert d.app.screen is game_screen and game_screen.bot_delay == SPEEDS["fast"]
        while (last := _last_action_of_turn(table, 0)) is None:
            await d.choose(table.legal(0)[0])
        await game_screen.play(last)
        assert game_screen._confirm is None  # confirmation is off: no end-of-turn step
