"""``florencia serve --web``: the same app in a browser, through textual-serve."""

from __future__ import annotations

import asyncio
import time

import aiohttp

from florencia_tui.net.server import FlorenciaServer


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


async def test_a_browser_signs_in_by_name_and_reaches_the_lobby(tmp_path, short_dir):
    server = await FlorenciaServer(port=None, socket=short_dir / "w.sock", data=tmp_path,
                                   web_host="127.0.0.1", web_port=0).start()
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(server.web_url + "/") as page:
                assert page.status == 200
                assert "/ws" in await page.text()
            ws = await http.ws_connect(server.web_url + "/ws?width=100&height=30")
            seen: list[str] = []
            await read_until(ws, "what is your name", seen)
            await ws.send_json(["stdin", "zoe\r"])
            await read_until(ws, "zoe@web", seen)  # the lobby, under a browser name
            assert server.service.lobby("zoe@web")["people"][0]["via"] == "web"
            await ws.close()
    finally:
        await server.close()
