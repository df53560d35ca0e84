"""Browser tabs' apps forked from the app zygote, as SSH sessions' are
(issue 31.3; net/web_apps.py): they play, keep nothing of the server's
(sockets, environment), end with their tab, and start directly when there is
no zygote or it does not answer."""

from __future__ import annotations

import asyncio
import json
import os
import signal
from pathlib import Path

import pytest

from florencia_tui.net import sshd, zygote
from florencia_tui.net.server import FlorenciaServer
from florencia_tui.net.sshd import Auth
from florencia_tui.net.web_apps import SERVE_ENV, PipedApp

from .conftest import settles
from .test_web import browser, read_until, sign_in
from .test_zygote import gone, parent_of, sockets_of

#: Planted in the server's environment: no tab's app may see it.
PROBE = "FLORENCIA_TEST_SERVER_ONLY"


def environ(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes().decode()
    return dict(kv.split("=", 1) for kv in raw.split("\0") if kv)


@pytest.fixture
async def web(tmp_path, short_dir, monkeypatch):
    """``await web(zygote=...)``: a loopback browser server with open sign-in."""
    monkeypatch.setenv(PROBE, "the server's own")
    made: list[FlorenciaServer] = []

    async def start(zygote: bool = True) -> FlorenciaServer:
        server = FlorenciaServer(
            port=None,
            auth=Auth(open=True),
            socket=short_dir / f"w{len(made)}.sock",
            data=tmp_path / f"d{len(made)}",
            web_host="127.0.0.1",
            web_port=0,
            zygote=zygote,
        )
        made.append(server)
        await server.start()
        if server.apps_zygote is not None:
            assert await asyncio.wait_for(asyncio.shield(server.apps_zygote.ready), 30)
        return server

    yield start
    for server in made:
        await server.close()


async def open_tab(http, server, name: str):
    assert (await sign_in(http, server, name)).status == 303
    ws = await http.ws_connect(server.web_url + "/ws?width=100&height=30", origin=server.web_url)
    await ws.send_str(json.dumps(["resize", {"width": 100, "height": 30}]))
    await read_until(ws, f"{name}@web", [])  # the lobby, drawn by the tab's app
    (app,) = server.tab_apps.live
    return ws, app


def only_the_tab_s(env: dict[str, str]) -> None:
    assert set(env) <= {*sshd.KEEP_ENV, *sshd.PASS_ENV, *SERVE_ENV, "PYTHONIOENCODING"}
    assert PROBE not in env
    assert env["TEXTUAL_DRIVER"] == "textual.drivers.web_driver:WebDriver"


async def test_a_tab_s_app_is_forked_from_the_zygote_keeps_nothing_of_the_server_and_plays(web):
    server = await web()
    z = server.apps_zygote
    asked: list[dict[str, str]] = []  # the environment each fork was given
    spawn = z.spawn

    async def spawn_and_note(args, env, stdio):
        asked.append(env)
        return await spawn(args, env, stdio)

    z.spawn = spawn_and_note
    async with browser() as http:
        ws, app = await open_tab(http, server, "zoe")
        assert isinstance(app, PipedApp)
        assert parent_of(app.pid) == z.proc.pid
        assert os.getsid(app.pid) == app.pid == os.getpgid(app.pid)  # its own session
        # What the process began with (the zygote's) is the server's KEEP_ENV
        # only; what the app reads is that and textual-serve's settings.
        assert set(environ(app.pid)) <= {*sshd.KEEP_ENV, *sshd.PASS_ENV, "PYTHONIOENCODING"}
        (env,) = asked
        only_the_tab_s(env)
        # None of the server's sockets (the web listener, the tab's websocket,
        # the service's) nor the zygote's are open in the app: only its own.
        assert not sockets_of(app.pid) & (sockets_of(os.getpid()) | sockets_of(z.proc.pid))
        # Its standard streams are the pipes the server reads and writes.
        for fd in (0, 1, 2):
            assert os.readlink(f"/proc/{app.pid}/fd/{fd}").startswith("pipe:")
        seen: list[str] = []
        await ws.send_str(json.dumps(["stdin", "n"]))
        await read_until(ws, "New table", seen)
        # Closing the tab stops its app ...
        await ws.close()
        await gone(app.pid)
        await settles(lambda: len(server.tab_apps.live), 0)
        assert app.returncode is not None
        # ... and gives back every descriptor the server took for it.
        fds = len(os.listdir("/proc/self/fd"))
        for _ in range(3):
            ws, app = await open_tab(http, server, "zoe")
            await ws.close()
            await settles(lambda: len(server.tab_apps.live), 0)
        await settles(lambda: len(os.listdir("/proc/self/fd")), fds)


async def test_without_a_zygote_a_tab_s_app_starts_from_scratch_with_the_same_environment(web):
    server = await web(zygote=False)
    assert server.apps_zygote is None
    async with browser() as http:
        ws, app = await open_tab(http, server, "zoe")
        assert isinstance(app, asyncio.subprocess.Process)
        assert parent_of(app.pid) == os.getpid()
        only_the_tab_s(environ(app.pid))
        await ws.close()
        await gone(app.pid)


async def test_a_stopped_zygote_leaves_the_tab_to_start_its_app_directly(web, monkeypatch):
    monkeypatch.setattr(zygote, "SPAWN_WAIT", 1.0)
    server = await web()
    z = server.apps_zygote
    stopped = z.proc.pid
    os.kill(stopped, signal.SIGSTOP)  # it takes the request, and never answers
    async with browser() as http:
        ws, app = await open_tab(http, server, "zoe")
        assert parent_of(app.pid) == os.getpid()  # started directly
        await gone(stopped)  # ... and the stopped zygote is replaced
        await ws.close()
        await gone(app.pid)
        ws, app = await open_tab(http, server, "zoe")
        assert isinstance(app, PipedApp) and parent_of(app.pid) == z.proc.pid != stopped
        await ws.close()
