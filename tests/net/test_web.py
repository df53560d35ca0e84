"""``florencia serve --web``: the same app in a browser, through textual-serve,
behind an Origin check and a sign-in (issue 13, item 6)."""

from __future__ import annotations

import asyncio
import os
import re
import time
from pathlib import Path

import aiohttp
import pytest

from florencia_tui.cli import main
from florencia_tui.net.passwords import set_password
from florencia_tui.net.server import FlorenciaServer
from florencia_tui.net.sshd import Auth

EVIL = "http://evil.example"


async def read_until(ws, needle: str, seen: list[str], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while needle not in "".join(seen):
        left = deadline - time.monotonic()
        assert left > 0, f"no {needle!r} in what the browser got: {''.join(seen)[-2000:]!r}"
        msg = await asyncio.wait_for(ws.receive(), left)
        if msg.type == aiohttp.WSMsgType.TEXT:
            seen.append(msg.data)
        elif msg.type == aiohttp.WSMsgType.BINARY:
            seen.append(msg.data.decode("utf-8", "replace"))
        else:
            raise AssertionError(f"the websocket closed: {msg}")


def children(pid: int | None = None) -> set[int]:
    """The processes descended from this one (the server runs in the test's
    process; the tabs' apps are its app zygote's children)."""
    out: set[int] = set()
    try:
        for task in Path(f"/proc/{pid or os.getpid()}/task").iterdir():
            out |= {int(p) for p in (task / "children").read_text().split()}
    except OSError:  # (it has just ended)
        return out
    for child in list(out):
        out |= children(child)
    return out


async def web_server(tmp_path, short_dir, auth: Auth, **kw) -> FlorenciaServer:
    """A server for browsers only, on loopback (``kw``: more of its options)."""
    return await FlorenciaServer(
        port=None,
        auth=auth,
        socket=short_dir / "w.sock",
        data=tmp_path,
        web_host="127.0.0.1",
        web_port=0,
        **kw,
    ).start()


def browser() -> aiohttp.ClientSession:
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


async def sign_in(
    http, server, name: str, password: str | None = None, origin: str | None = None
) -> aiohttp.ClientResponse:
    form = {"name": name} if password is None else {"name": name, "password": password}
    return await http.post(
        server.web_url + "/signin",
        data=form,
        allow_redirects=False,
        headers={"Origin": origin or server.web_url},
    )


async def test_an_open_loopback_server_asks_a_name_and_starts_the_app_only_after(
    tmp_path, short_dir
):
    server = await web_server(tmp_path, short_dir, Auth(open=True))
    before = children()
    try:
        async with browser() as http:
            async with http.get(server.web_url + "/") as page:
                text = await page.text()
                assert page.status == 200 and 'name="name"' in text
                assert 'type="password"' not in text  # open: a name is enough
            # Fifteen tabs that never sign in: refused, and not one app process.
            for _ in range(15):
                with pytest.raises(aiohttp.WSServerHandshakeError) as e:
                    await http.ws_connect(server.web_url + "/ws", origin=server.web_url)
                assert e.value.status == 403
            assert children() == before
            got = await sign_in(http, server, "zoe")
            assert got.status == 303 and "florencia_session" in got.cookies
            async with http.get(server.web_url + "/") as page:  # now textual-serve's page
                page_text = await page.text()
                assert re.search(r"ws://127\.0\.0\.1:\d+/ws", page_text)
            ws = await http.ws_connect(
                server.web_url + "/ws?width=100&height=30", origin=server.web_url
            )
            seen: list[str] = []
            await read_until(ws, "zoe@web", seen)  # the lobby, under the name the form gave
            assert server.service.lobby("zoe@web")["people"][0]["via"] == "web"
            await ws.close()
    finally:
        await server.close()


async def test_a_page_on_another_site_cannot_sign_in_or_open_the_websocket(tmp_path, short_dir):
    server = await web_server(tmp_path, short_dir, Auth(open=True))
    try:
        async with browser() as http:
            got = await sign_in(http, server, "mallory", origin=EVIL)
            assert got.status == 403 and "florencia_session" not in got.cookies
            assert (await sign_in(http, server, "zoe")).status == 303
            before = children()
            # Even holding a session, a foreign page's websocket is refused ...
            with pytest.raises(aiohttp.WSServerHandshakeError) as e:
                await http.ws_connect(server.web_url + "/ws", origin=EVIL)
            assert e.value.status == 403
            # ... and so is a DNS name rebound to this address.
            port = server.web_url.rsplit(":", 1)[1]
            async with http.get(
                server.web_url + "/", headers={"Host": f"evil.example:{port}"}
            ) as page:
                assert page.status == 421
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await http.ws_connect(
                    server.web_url + "/ws",
                    origin=f"{EVIL}:{port}",
                    headers={"Host": f"evil.example:{port}"},
                )
            assert children() == before
            # The page itself at http://localhost:P is this server too.
            async with http.get(f"http://localhost:{port}/") as page:
                assert page.status == 200
    finally:
        await server.close()


async def test_a_password_server_signs_browsers_in_by_password(tmp_path, short_dir):
    passwords = tmp_path / "passwords"
    set_password(passwords, "ana", "ana's own secret")
    auth = Auth(password="shared secret", passwords=passwords)
    server = await web_server(tmp_path / "data", short_dir, auth)
    try:
        async with browser() as http:
            async with http.get(server.web_url + "/") as page:
                assert 'type="password"' in await page.text()
            assert (await sign_in(http, server, "zoe", "wrong")).status == 403
            assert (await sign_in(http, server, "zoe")).status == 403  # no password at all
            # Ana's name has a password of its own: the shared one is not enough.
            assert (await sign_in(http, server, "ana", "shared secret")).status == 403
            assert (await sign_in(http, server, "ana@web", "ana's own secret")).status == 400
            assert (await sign_in(http, server, "zoe", "shared secret")).status == 303
        async with browser() as http:
            assert (await sign_in(http, server, "ana", "ana's own secret")).status == 303
            ws = await http.ws_connect(
                server.web_url + "/ws?width=100&height=30", origin=server.web_url
            )
            await read_until(ws, "ana@web", [])
            await ws.close()
    finally:
        await server.close()


def test_open_web_play_is_for_loopback_only(tmp_path, capsys):
    with pytest.raises(ValueError, match="loopback"):
        Auth(open=True).check_web("0.0.0.0")
    with pytest.raises(ValueError, match="sign in with a password"):
        Auth(authorized_keys=tmp_path).check_web("127.0.0.1")  # keys are SSH only
    assert main(["serve", "--open", "--web", "--web-host", "0.0.0.0", "--port", "0"]) == 2
    assert "loopback" in capsys.readouterr().err


async def test_a_changed_password_or_a_sign_out_ends_the_browser_session(tmp_path, short_dir):
    """Issue 26, item 10: when ana's password changes, her open tab's app
    stops and her cookie starts no other; the same when a player signs out
    (the button on the game page posts to /signout)."""
    from florencia_tui.net import web_sessions

    passwords = tmp_path / "passwords"
    set_password(passwords, "ana", "ana's own secret")
    set_password(passwords, "ben", "ben's own secret")
    server = await web_server(tmp_path / "data", short_dir, Auth(passwords=passwords))
    before = children()

    async def app_gone(ws) -> None:  # the tab's websocket closes, its app ends
        deadline = time.monotonic() + 30
        while not ws.closed or children() != before:
            assert time.monotonic() < deadline, "the app did not stop"
            await asyncio.sleep(0.1)

    try:
        async with browser() as ana, browser() as ben:
            assert (await sign_in(ana, server, "ana", "ana's own secret")).status == 303
            assert (await sign_in(ben, server, "ben", "ben's own secret")).status == 303
            url = server.web_url + "/ws?width=100&height=30"
            ws = await ana.ws_connect(url, origin=server.web_url)
            await read_until(ws, "ana@web", [])
            set_password(passwords, "ana", "a new secret for ana")
            # The watcher reads the file every REVOKE_EVERY seconds; ws.receive()
            # lets the client see the server closing the connection.
            await asyncio.wait_for(_until_closed(ws), 30 + web_sessions.REVOKE_EVERY)
            await app_gone(ws)
            with pytest.raises(aiohttp.WSServerHandshakeError) as e:
                await ana.ws_connect(url, origin=server.web_url)
            assert e.value.status == 403
            async with ana.get(server.web_url + "/") as page:
                assert 'name="password"' in await page.text()  # the sign-in form again
            # Ben's session goes on; he signs out from the game page.
            async with ben.get(server.web_url + "/") as page:
                assert 'action="/signout"' in await page.text()
            ws = await ben.ws_connect(url, origin=server.web_url)
            await read_until(ws, "ben@web", [])
            got = await ben.post(
                server.web_url + "/signout",
                allow_redirects=False,
                headers={"Origin": server.web_url},
            )
            assert got.status == 303
            await asyncio.wait_for(_until_closed(ws), 30)
            await app_gone(ws)
            assert not server.web_gate.sessions.by_token
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await ben.ws_connect(url, origin=server.web_url)
    finally:
        await server.close()


async def _until_closed(ws) -> None:
    while not ws.closed:
        await ws.receive()


async def test_a_changed_password_refuses_the_next_tab_at_once(tmp_path, short_dir):
    """No wait for the watcher: the websocket that would start an app reads
    the passwords file first. While the file cannot be read, no app starts
    (and the session is kept for when it can)."""
    passwords = tmp_path / "passwords"
    set_password(passwords, "ana", "ana's own secret")
    server = await web_server(tmp_path / "data", short_dir, Auth(passwords=passwords))
    url = server.web_url + "/ws?width=100&height=30"
    try:
        async with browser() as ana:
            assert (await sign_in(ana, server, "ana", "ana's own secret")).status == 303
            good = passwords.read_bytes()
            passwords.write_text("")  # mid-edit
            with pytest.raises(aiohttp.WSServerHandshakeError) as e:
                await ana.ws_connect(url, origin=server.web_url)
            assert e.value.status == 503
            passwords.write_bytes(good)
            ws = await ana.ws_connect(url, origin=server.web_url)  # the same session
            await ws.close()
            set_password(passwords, "ana", "a new secret for ana")
            with pytest.raises(aiohttp.WSServerHandshakeError) as e:
                await ana.ws_connect(url, origin=server.web_url)
            assert e.value.status == 403
    finally:
        await server.close()


FRAMING = {"X-Frame-Options": "DENY", "Content-Security-Policy": "frame-ancestors 'none'"}


async def test_every_response_forbids_framing(tmp_path, short_dir):
    """Issue 26, item 11: the form, the game page, a refusal, a static file,
    the sign-in's redirect and the websocket's handshake all say no page of
    another site may frame them."""
    server = await web_server(tmp_path, short_dir, Auth(open=True))
    port = server.web_url.rsplit(":", 1)[1]
    responses = []  # (path, status, headers) of every response, as the client got it

    async def seen(session, context, params) -> None:
        responses.append((params.url.path, params.response.status, params.response.headers))

    trace = aiohttp.TraceConfig()
    trace.on_request_end.append(seen)
    try:
        async with aiohttp.ClientSession(
            cookie_jar=aiohttp.CookieJar(unsafe=True), trace_configs=[trace]
        ) as http:
            for path, headers in [
                ("/", {}),  # the sign-in form
                ("/anything", {}),  # 403: sign in first
                ("/", {"Host": f"evil.example:{port}"}),  # 421
                ("/static/js/textual.js", {}),
            ]:
                async with http.get(server.web_url + path, headers=headers):
                    pass
            await sign_in(http, server, "zoe")
            async with http.get(server.web_url + "/"):  # the game page
                pass
            ws = await http.ws_connect(server.web_url + "/ws", origin=server.web_url)
            await ws.close()
    finally:
        await server.close()
    assert [status for _, status, _ in responses] == [200, 403, 421, 200, 303, 200, 101]
    for path, _, headers in responses:
        for name, value in FRAMING.items():
            assert headers.get(name) == value, (path, name, dict(headers))


async def test_the_game_page_loads_nothing_from_another_host(tmp_path, short_dir):
    """Issue 26, item 12: every URL in the signed-in game page is this
    server's (textual-serve's page linked a font stylesheet on a third-party
    host), and the font it names is served from /static/fonts/."""
    server = await web_server(tmp_path, short_dir, Auth(open=True))
    try:
        async with browser() as http:
            assert (await sign_in(http, server, "zoe")).status == 303
            async with http.get(server.web_url + "/") as page:
                text = await page.text()
            assert "textual-terminal" in text  # textual-serve's page, not the form
            # (An inline SVG's xmlns names a namespace; nothing is fetched from it.)
            loaded = re.sub(r'xmlns="[^"]*"', "", text)
            hosts = set(re.findall(r"(?:\b[a-z]+:)?//([^/\"'\s)<>]+)", loaded, re.I))
            assert hosts == {server.web_url.split("//", 1)[1]}, hosts
            fonts = re.findall(r'url\("([^"]+\.ttf)"\)', text)
            assert len(fonts) == 2
            for font in fonts:
                async with http.get(font) as got:
                    assert got.status == 200 and (await got.read())[:4] == b"\x00\x01\x00\x00"
    finally:
        await server.close()
