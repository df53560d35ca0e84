"""Esc at a network table asks about the lobby, where it goes (issue 29.8: it
asked "Leave this game for the home screen? ... 'Continue a saved game'", the
words of a game at one keyboard, and went to the lobby)."""

from __future__ import annotations

from florencia_tui.net.client import NetApp
from florencia_tui.net.remote import Connection
from florencia_tui.tui.screens.confirm import ConfirmScreen
from florencia_tui.tui.screens.game import GameScreen
from florencia_tui.tui.screens.lobby import LobbyScreen


async def until(pilot, test, limit: int = 500) -> None:
    for _ in range(limit):
        if test():
            return
        await pilot.pause(0.02)
    raise AssertionError("never happened")


async def test_esc_at_a_network_table_asks_about_the_lobby_and_keeps_the_seat(services):
    svc = services()
    app = NetApp(Connection(str(svc.sock), "ana"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        app.create({"game": "palazzo", "humans": 1, "bots": 1, "bot": "bot:random"})
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        asked = str(app.screen.query_one("#confirm-question").render())
        detail = str(app.screen.query_one("#confirm-detail").render())
        assert "lobby" in asked and "home screen" not in asked
        assert "seat stays yours" in detail and "Continue a saved game" not in detail
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        lobby = app.conn.call("lobby")
        assert any(t["mine"] is not None for t in lobby["tables"])  # the seat is kept


async def test_a_lobby_event_queued_as_the_app_closes_touches_no_widget(services):
    """A "lobby" event from the service is run with call_later; one that came
    while the app was closing ran after the lobby's widgets were gone
    (NoMatches '#tables', a flake of the test above). A lobby screen that is
    no longer live ignores it."""
    svc = services()
    app = NetApp(Connection(str(svc.sock), "ana"))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        lobby = app.screen
        await lobby.remove_children()  # (what closing does first)
        await app.pop_screen()
        lobby.refresh_lobby()  # the late event: nothing to draw on, nothing raised
