"""Connections to the web port (issue 26, item 4, the browser's side): capped
in all and per source address (more are closed at once, before a byte is
read), one that sends no request is dropped after the grace time, and a
browser still signs in and plays while the caps are full of someone else's."""

from __future__ import annotations

import asyncio
import socket

from florencia_tui.net.limits import Limits
from florencia_tui.net.sshd import Auth

from .test_preauth_limits import connect_raw
from .test_web import browser, read_until, sign_in, web_server

WAIT = 30


async def closed(s: socket.socket, timeout: float = WAIT) -> bool:
    """Whether the server closes ``s`` within ``timeout`` (it never answers a
    connection that sent nothing)."""
    try:
        got = await asyncio.wait_for(asyncio.get_running_loop().sock_recv(s, 256), timeout)
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False
    return got == b""


async def wait_for(check, timeout: float = WAIT) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not check():
        assert loop.time() < deadline, "the server never got there"
        await asyncio.sleep(0.05)


async def test_web_connections_are_capped_in_all_and_per_address_and_idle_ones_dropped(
    tmp_path, short_dir
):
    limits = Limits(web_connections=4, web_connections_per_address=2, web_idle=3)
    server = await web_server(tmp_path, short_dir, Auth(open=True), limits=limits)
    port = int(server.web_url.rsplit(":", 1)[1])
    caps = server.web_caps
    held: list[socket.socket] = []
    try:
        for source in ("127.0.0.1", "127.0.0.1", "127.0.0.2", "127.0.0.2"):
            held.append(await connect_raw(port, source))
        await wait_for(lambda: caps.quota.count == 4)
        # A third from one address, and a fifth in all, are closed at once.
        over = [await connect_raw(port, "127.0.0.1"), await connect_raw(port, "127.0.0.3")]
        for s in over:
            assert await closed(s)
        assert caps.refused == 2 and caps.quota.count == 4
        # The idle ones are dropped after the grace time (3 s here) ...
        for s in held:
            assert await closed(s)
        await wait_for(lambda: caps.quota.count == 0)
        # ... and then a browser signs in and reaches its lobby.
        async with browser() as http:
            got = await sign_in(http, server, "zoe")
            assert got.status == 303
            ws = await http.ws_connect(
                server.web_url + "/ws?width=100&height=30", origin=server.web_url
            )
            seen: list[str] = []
            await read_until(ws, "zoe@web", seen)
            # Its websocket is a connection like any other, and stays while in use
            # (past the idle time: a request is in progress).
            assert caps.quota.count >= 1
            await asyncio.sleep(limits.web_idle + 1)
            assert not ws.closed
            await ws.send_str('["stdin", "n"]')
            await read_until(ws, "New table", seen)
            await ws.close()
        for s in held + over:
            s.close()
    finally:
        await server.close()


def test_the_web_caps_have_options():
    from florencia_tui.cli import _parser
    from florencia_tui.net.cli import limits_of

    args = _parser().parse_args(
        ["serve", "--max-web-connections", "7", "--max-web-connections-per-address", "3"]
    )
    got = limits_of(args)
    assert (got.web_connections, got.web_connections_per_address) == (7, 3)
