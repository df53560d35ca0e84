"""Leaving a game while a bot thinks: the bot's move, when it comes back,
finds the screen gone and stops quietly (the long curtain fuzzer crashed the
app with NoMatches('#status'): the game screen was off the stack, its widgets
being removed, yet still attached when the bot's worker went on to redraw)."""

from __future__ import annotations

import threading

from florencia_tui.table import Table
from florencia_tui.tui.screens.game import GameScreen
from florencia_tui.tui.screens.home import HomeScreen

WAIT = 30.0  # generous: the suite runs on two busy cores


async def test_a_bot_move_that_returns_after_the_game_was_left_stops_quietly(play, store):
    seats = [{"name": "Bot", "kind": "bot:random"}, {"name": "Ana", "kind": "human"}]
    table = Table("palazzo", seats, 5, store=store)
    assert table.bot_to_act() == 0
    thinking, release, answered = threading.Event(), threading.Event(), threading.Event()
    choose = table.bot_choice

    def slow(seat: int) -> str:
        thinking.set()
        release.wait(WAIT)
        try:
            return choose(seat)
        finally:
            answered.set()

    table.bot_choice = slow
    async with play(table) as d:
        await d.until(thinking.is_set, "the bot to think")
        screen = d.app.screen
        assert isinstance(screen, GameScreen)
        d.app.go_home()  # the game screen leaves the stack; its widgets go next
        # Off the stack it is no longer live, though it may still be attached
        # while its widgets are removed: a worker that comes back must stop.
        assert not screen._live
        release.set()
        await d.until(answered.is_set, "the bot's answer")
        await d.until(lambda: isinstance(d.app.screen, HomeScreen), "the home screen")
        assert d.app.is_running
        assert table.entries == []  # nobody plays a move for a game that was left
