"""What one player may hold (issue 26, item 6): SSH connections and sessions,
browser tabs (each an app process) and tables that wait or are played, each
refused beyond its cap with a message that says why; the table codes running
out is said, not looped on; the lobby stays small however many tables."""

from __future__ import annotations

import asyncio

import aiohttp
import asyncssh
import pytest

from florencia_tui.net import service as service_module
from florencia_tui.net.client import NetApp
from florencia_tui.net.limits import Limits
from florencia_tui.net.remote import Connection, RemoteError
from florencia_tui.net.sshd import Auth

from .conftest import WAIT, SSHTerm, settles
from .test_web import read_until, web_server


async def disconnected(port: int, user: str) -> str:
    """Why the server ended ``user``'s new connection as it signed in."""
    why: list[Exception | None] = []

    class Told(asyncssh.SSHClient):
        def connection_lost(self, exc: Exception | None) -> None:
            why.append(exc)

    try:
        conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=user,
            client_factory=Told,
            known_hosts=None,
            client_keys=[],
            agent_path=None,
        )
    except asyncssh.DisconnectError as e:
        return str(e)
    await asyncio.wait_for(conn.wait_closed(), WAIT)
    return str(why[0])


async def test_ssh_connections_and_sessions_per_player_are_capped(open_server):
    harness = await open_server(Limits(sessions_per_player=2))
    ana = await harness.term("ana")
    second, _ = await ana.conn.create_session(
        SSHTerm(100, 30).session, term_type="xterm", term_size=(100, 30), encoding=None
    )
    third = SSHTerm(100, 30)
    third.chan, _ = await ana.conn.create_session(
        third.session, term_type="xterm", term_size=(100, 30), encoding=None
    )
    await asyncio.wait_for(third.closed.wait(), WAIT)
    assert "ana has 2 sessions open already" in third.text()
    assert third.chan.get_exit_status() == 1
    # A second connection signs in, but starts no third app ...
    again = await harness.term("ana", wait=False)
    await asyncio.wait_for(again.closed.wait(), WAIT)
    assert "2 sessions open already" in again.text()
    # ... and a third connection is refused at sign-in, saying why.
    assert "ana has 2 connections open already" in await disconnected(harness.port, "ana")
    await harness.term("ben")  # nobody else is touched
    # Closing a session gives its place back.
    second.close()
    await settles(lambda: harness.server.spawner.sessions.held["ana"], 1)
    more = SSHTerm(100, 30)
    more.chan, _ = await ana.conn.create_session(
        more.session, term_type="xterm", term_size=(100, 30), encoding=None
    )
    await more.wait("signed in as ana")


async def test_tables_per_player_are_capped_with_a_clear_message(service_thread):
    service_thread.call(setattr, service_thread.service, "tables_per_player", 3)
    sock = str(service_thread.sock)
    ana, ben = Connection(sock, "ana"), Connection(sock, "ben")
    try:
        made = [ana.call("create", game="palazzo", humans=2) for _ in range(2)]
        ana.call("create", game="palazzo", humans=1, bots=1)  # begins at once: in play
        with pytest.raises(RemoteError, match="you sit at 3 tables that wait or are played"):
            ana.call("create", game="palazzo", humans=2)
        theirs = ben.call("create", game="palazzo", humans=2)
        with pytest.raises(RemoteError, match="the most one player may have"):
            ana.call("join", code=theirs["code"])
        ana.call("leave", code=made[0]["code"])  # a seat given up frees a place
        assert ana.call("join", code=theirs["code"])["started"]
        assert service_thread.call(service_thread.service.open_tables, "ana") == 3
    finally:
        ana.close()
        ben.close()


async def test_the_table_codes_running_out_is_said_not_looped_on(service_thread, monkeypatch):
    monkeypatch.setattr(service_module, "CODE_LETTERS", "AB")
    monkeypatch.setattr(service_module, "CODE_LENGTH", 2)
    links = [Connection(str(service_thread.sock), f"p{i}") for i in range(5)]
    try:
        codes = {link.call("create", game="palazzo", humans=2)["code"] for link in links[:4]}
        assert codes == {"AA", "AB", "BA", "BB"}
        with pytest.raises(RemoteError, match="every table code is taken"):
            links[4].call("create", game="palazzo", humans=2)
    finally:
        for link in links:
            link.close()


async def test_the_lobby_stays_small_however_many_tables_and_lists_ones_own(
    service_thread, monkeypatch
):
    monkeypatch.setattr(service_module, "LOBBY_TABLES", 5)
    monkeypatch.setattr(service_module, "LOBBY_PEOPLE", 3)
    links = [Connection(str(service_thread.sock), f"p{i}") for i in range(8)]
    try:
        first = links[0].call("create", game="palazzo", humans=2)["code"]  # the oldest
        for link in links[1:]:
            link.call("create", game="palazzo", humans=2)
        lobby = links[0].call("lobby")
        assert len(lobby["tables"]) == 5 and lobby["more_tables"] == 3
        assert first in [t["code"] for t in lobby["tables"]]  # one's own is always listed
        assert len(lobby["people"]) == 3 and lobby["more_people"] == 5
        other = links[7].call("lobby")
        assert first not in [t["code"] for t in other["tables"]]  # (the newest five)
    finally:
        for link in links:
            link.close()


async def test_the_lobby_screen_says_how_many_it_does_not_list():
    class Link:
        user, resume, table = "ana", None, None

        def set_sink(self, sink) -> None:
            pass

        def call(self, op, **kw):
            people = [{"user": "ben", "via": "ssh", "where": "in the lobby"}]
            return {"tables": [], "people": people, "more_tables": 7, "more_people": 2}

    app = NetApp(Link())
    async with app.run_test() as pilot:
        await pilot.pause()
        box = app.screen.query_one("#tables")
        listed = [str(box.get_option_at_index(i).prompt) for i in range(box.option_count)]
        assert any("7 more tables not listed" in line for line in listed), listed
        assert "and 2 more" in str(app.screen.query_one("#people").render())


async def test_browser_tabs_per_player_are_capped(tmp_path, short_dir):
    server = await web_server(
        tmp_path, short_dir, Auth(open=True), limits=Limits(tabs_per_player=1)
    )
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            signed = await http.post(
                server.web_url + "/signin",
                data={"name": "zoe"},
                allow_redirects=False,
                headers={"Origin": server.web_url},
            )
            assert signed.status == 303
            tab = await http.ws_connect(server.web_url + "/ws", origin=server.web_url)
            await read_until(tab, "zoe@web", [])
            # A second tab: refused before any app starts, and the page says why.
            with pytest.raises(aiohttp.WSServerHandshakeError) as e:
                await http.ws_connect(server.web_url + "/ws", origin=server.web_url)
            assert e.value.status == 429
            async with http.get(server.web_url + "/") as page:
                assert page.status == 429
                assert "zoe@web has 1 tabs open already" in await page.text()
            # Closing the tab gives its place back.
            await tab.close()
            await settles(lambda: server.web_gate.tabs.held["zoe@web"], 0)
            tab = await http.ws_connect(server.web_url + "/ws", origin=server.web_url)
            await read_until(tab, "zoe@web", [])
            await tab.close()
    finally:
        await server.close()
