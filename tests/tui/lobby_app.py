"""The lobby of networked play without a table service: the networked app's
screens over a connection that answers the lobby's one question."""

from __future__ import annotations

from pathlib import Path

from florencia_tui.tui import app as app_module
from florencia_tui.tui.app import FlorenciaApp
from florencia_tui.tui.screens.lobby import LOBBY_CSS, LobbyScreen


class LobbyConn:
    """What the lobby reads of the table service: one table of each kind."""

    user = "ana@web"

    def call(self, op: str, **args) -> dict:
        assert op == "lobby", op
        seat = {"kind": "human", "state": "here"}
        return {
            "tables": [
                {
                    "code": "RFBM",
                    "game": "palazzo",
                    "title": "Palazzo",
                    "state": "waiting",
                    "seats": [
                        {**seat, "name": "ana@web", "state": "seated"},
                        {"name": "open", "kind": "human", "state": "open"},
                    ],
                    "free": 1,
                    "actions": 0,
                    "mine": 0,
                },
                {
                    "code": "VUNV",
                    "game": "architects",
                    "title": "Architects of the West Kingdom",
                    "state": "playing",
                    "seats": [
                        {**seat, "name": "ben@web", "state": "away"},
                        {"name": "Bot 2", "kind": "bot:random", "state": "bot"},
                        {"name": "open", "kind": "human", "state": "open"},
                    ],
                    "free": 1,
                    "actions": 1,
                    "mine": None,
                },
            ],
            "people": [
                {"user": "ana@web", "where": "in the lobby", "via": "web"},
                {"user": "ben@web", "where": "playing at table VUNV", "via": "ssh"},
            ],
        }


class LobbyApp(FlorenciaApp):
    """The lobby as the networked app shows it, over :class:`LobbyConn`."""

    CSS_PATH = [Path(app_module.__file__).with_name("app.tcss"), LOBBY_CSS]

    def __init__(self) -> None:
        super().__init__(bot_delay=0)
        self.conn = LobbyConn()

    def on_mount(self, event) -> None:
        event.prevent_default()  # not the home screen
        self.push_screen(LobbyScreen())
