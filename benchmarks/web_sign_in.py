"""How long a browser player waits: sign-in → lobby, and a reload → their own board (issue 31.3).

Starts ``florencia serve`` in this process (SSH and ``--web`` on random
loopback ports, open sign-in, which is allowed on loopback only) and plays a
browser the way textual-serve's page does: it posts the sign-in form, loads
the game page, opens the websocket (``/ws?width=100&height=30``), sends the
terminal's size and feeds every byte the app sends to a terminal emulator
(pyte). It measures, one player at a time:

* **sign-in → lobby**: from posting the form to the lobby drawn (its "Who is
  here" and the player's ``NAME@web``), the page and the websocket included;
* **sign-in → own board**: the same for a player seated at a table (the app
  opens it at once), until the game screen's footer is drawn;
* **reload → own board**: that player's tab closed (its app stops) and the
  page loaded again, until the board is drawn again;
* **SSH sign-in → lobby**, the same server, for comparison.

The page's static files (textual.js, the fonts) are not fetched: a browser
keeps them after its first visit. ``--no-zygote`` starts every app from
scratch (how the browser's apps started before issue 31.3).

    python benchmarks/web_sign_in.py                 # 10 players of each kind
    python benchmarks/web_sign_in.py --rounds 20 --no-zygote
    python benchmarks/web_sign_in.py --write         # ... and update docs/performance.md
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
import pyte

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from net_load import Session, pct, sign_in  # noqa: E402
from perf_doc import write_block  # noqa: E402

from florencia_tui.net.remote import Connection  # noqa: E402
from florencia_tui.net.server import FlorenciaServer  # noqa: E402
from florencia_tui.net.sshd import Auth  # noqa: E402

COLS, ROWS = 100, 30
LOBBY = "Who is here"
BOARD = ": Type action"
#: Seconds any one wait may take before the round counts as failed.
TIMEOUT = 60.0


class Tab:
    """One browser tab: its websocket and what its terminal shows."""

    def __init__(self, http: aiohttp.ClientSession, url: str) -> None:
        self.http, self.url = http, url
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.first_byte = 0.0
        self._changed = asyncio.Event()
        self._reader: asyncio.Task | None = None

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def open(self) -> None:
        """The page, then its websocket (as textual.js opens it: the size, then a ping)."""
        async with self.http.get(self.url + "/") as page:
            assert page.status == 200, page.status
            await page.read()
        self.ws = await self.http.ws_connect(
            f"{self.url}/ws?width={COLS}&height={ROWS}", origin=self.url
        )
        await self.ws.send_str(json.dumps(["resize", {"width": COLS, "height": ROWS}]))
        await self.ws.send_str(json.dumps(["ping", str(int(time.time() * 1000))]))
        self._reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type == aiohttp.WSMsgType.BINARY:
                if not self.first_byte:
                    self.first_byte = time.perf_counter()
                self.stream.feed(msg.data)
                self._changed.set()

    async def shows(self, *needles: str) -> float:
        """When the screen first showed every one of ``needles``."""
        deadline = time.perf_counter() + TIMEOUT
        while not all(n in self.text() for n in needles):
            self._changed.clear()
            left = deadline - time.perf_counter()
            if left <= 0 or self._reader.done():
                raise TimeoutError(f"no {needles} on\n{self.text()}")
            try:
                await asyncio.wait_for(self._changed.wait(), left)
            except TimeoutError:
                pass
        return time.perf_counter()

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await self._reader


async def web_sign_in(url: str, name: str) -> aiohttp.ClientSession:
    http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
    got = await http.post(
        url + "/signin", data={"name": name}, allow_redirects=False, headers={"Origin": url}
    )
    assert got.status == 303, got.status
    return http


async def measure(server: FlorenciaServer, rounds: int, seed: int) -> dict:
    url = server.web_url
    got: dict[str, list[float]] = {k: [] for k in ("lobby", "board", "reload", "ssh", "first")}
    failures: list[str] = []
    for i in range(rounds):
        # A player with no table: the lobby.
        try:
            t0 = time.perf_counter()
            http = await web_sign_in(url, f"l{i:02d}")
            tab = Tab(http, url)
            await tab.open()
            t1 = await tab.shows(LOBBY, f"l{i:02d}@web")
            got["lobby"].append(t1 - t0)
            got["first"].append(tab.first_byte - t0)
            await tab.close()
            await http.close()
        except (TimeoutError, AssertionError, aiohttp.ClientError) as e:
            failures.append(f"lobby {i}: {e!r}"[:300])
        # A player seated at a Palazzo table with two bots: the board, then a reload.
        name = f"b{i:02d}"

        def set_up(name=name, i=i) -> None:
            link = Connection(str(server.socket), f"{name}@web", via="web")
            made = link.call("create", game="palazzo", humans=1, bots=2, seed=seed + i)
            link.open_table(made["code"], 0)
            link.close()

        await asyncio.to_thread(set_up)
        try:
            t0 = time.perf_counter()
            http = await web_sign_in(url, name)
            tab = Tab(http, url)
            await tab.open()
            got["board"].append(await tab.shows(BOARD) - t0)
            await asyncio.sleep(0.5)  # the player looks at it, then reloads the page
            t0 = time.perf_counter()
            await tab.close()
            tab = Tab(http, url)
            await tab.open()
            got["reload"].append(await tab.shows(BOARD) - t0)
            await tab.close()
            await http.close()
        except (TimeoutError, AssertionError, aiohttp.ClientError) as e:
            failures.append(f"board {i}: {e!r}"[:300])
        # The same over SSH.
        s = Session(f"s{i:02d}")
        try:
            t0 = time.perf_counter()
            await sign_in(s, server.ssh_port)
            await s.shows(LOBBY, s.user, timeout=TIMEOUT)
            got["ssh"].append(time.perf_counter() - t0)
        except (TimeoutError, OSError) as e:
            failures.append(f"ssh {i}: {e!r}"[:300])
        finally:
            if s.conn is not None:
                s.conn.close()
        await asyncio.sleep(0.3)  # the apps that stopped are gone before the next round
    return {**got, "failures": failures}


def zygote_of(server: FlorenciaServer):
    return getattr(server, "apps_zygote", None) or getattr(server.spawner, "zygote", None)


async def run(rounds: int, seed: int, zygote: bool) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="fl-web-"))
    server = FlorenciaServer(
        host="127.0.0.1",
        port=0,
        auth=Auth(open=True),
        socket=tmp / "s.sock",
        data=tmp,
        web_host="127.0.0.1",
        web_port=0,
        bot_delay=0.0,
        zygote=zygote,
    )
    await server.start()
    try:
        if zygote_of(server) is not None:  # warmed up: no player pays for that
            await asyncio.wait_for(asyncio.shield(zygote_of(server).ready), 60)
        load0 = os.getloadavg()
        r = await measure(server, rounds, seed)
        return {**r, "rounds": rounds, "zygote": zygote, "load": (load0, os.getloadavg())}
    finally:
        await server.close()


def report(r: dict) -> str:
    how = "forked from the app zygote" if r["zygote"] else "each started from scratch"

    def row(label: str, values: list[float], target: str) -> str:
        if not values:
            return f"| {label} | 0 | | | | {target} |"
        return (
            f"| {label} | {len(values)} | {pct(values, 50):.2f} | {pct(values, 90):.2f} | "
            f"{max(values):.2f} | {target} |"
        )

    lines = [
        f"{os.cpu_count()} CPUs, load average {r['load'][0][0]:.1f} before, "
        f"{r['load'][1][0]:.1f} after; apps {how}; {r['rounds']} players of each kind, "
        f"one at a time, {COLS}x{ROWS}",
        "",
        "| seconds | players | p50 | p90 | max | target |",
        "|---|---|---|---|---|---|",
        row("web sign-in → the app's first byte", r["first"], ""),
        row("web sign-in → lobby drawn", r["lobby"], "≤ 0.5"),
        row("web sign-in → own board drawn", r["board"], ""),
        row("web reload → own board drawn", r["reload"], "≤ 1"),
        row("SSH sign-in → lobby drawn", r["ssh"], ""),
    ]
    if r["failures"]:
        lines += ["", f"failed: {len(r['failures'])}", *(f"- {f}" for f in r["failures"])]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    p.add_argument("--rounds", type=int, default=10, help="players of each kind")
    p.add_argument("--seed", type=int, default=31)
    p.add_argument("--no-zygote", action="store_true", help="start every app from scratch")
    p.add_argument("--write", action="store_true", help="update docs/performance.md")
    args = p.parse_args(argv)
    r = asyncio.run(run(args.rounds, args.seed, not args.no_zygote))
    text = report(r)
    print(text)
    if args.write:
        write_block(__file__, "A browser's sign-in (issue 31.3)", text)
    return 1 if r["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
