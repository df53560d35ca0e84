"""Floods against the caps of net/limits.py, and a seated player's keys meanwhile.

Starts ``florencia serve --open --web`` as a subprocess limited to 1024 open
files (RLIMIT_NOFILE), seats a player (SSH from 127.0.0.2) at a Palazzo table
against two bots that wait (``--bot-delay``), and measures that player's
keystroke → echo (typing into the action line) while nothing else happens,
then during each flood in turn, all on loopback, each bounded in count and
time (issue 26, items 4-7):

* **idle**: 1,000 TCP connections from 127.0.0.1 that never sign in;
* **webidle**: 1,000 TCP connections to the web port from 127.0.0.1 that
  send nothing, then a browser signing in from 127.0.0.3;
* **window**: another player's session at 65535x65535 (its app's memory);
* **sessions**: one player opening 40 SSH sessions at once;
* **tables**: one player asking the table service for 2,000 tables;
* **tabs**: one player opening 20 browser tabs;
* **zygote**: the app zygote stopped (SIGSTOP), and a new session's wait for
  its lobby.

The target: the player's median key latency within 2x its quiet value.

    python benchmarks/limit_floods.py            # every flood
    python benchmarks/limit_floods.py --flood idle --flood tables
    python benchmarks/limit_floods.py --write    # ... and update docs/performance.md
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
import asyncssh

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from net_load import Session, pct, rss_pss_kib, sign_in  # noqa: E402
from perf_doc import write_block  # noqa: E402

from florencia_tui.net.remote import Connection, RemoteError  # noqa: E402

FLOODS = ("idle", "webidle", "window", "sessions", "tables", "tabs", "zygote")
KEYS = 30  # keys typed per measurement (each waits for its echo)
FD_LIMIT = 1024


class Server:
    """``florencia serve`` in a subprocess at ``FD_LIMIT`` open files."""

    def __init__(self) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="fl-floods-"))
        self.log = self.tmp / "server.log"

    async def start(self) -> Server:
        env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "PYTHONPATH", "LANG")}
        env["FLORENCIA_DATA_DIR"] = str(self.tmp)
        self.socket = self.tmp / "s.sock"
        argv = [sys.executable, "-m", "florencia_tui", "serve", "--open", "--port", "0"]
        argv += ["--web", "--web-port", "0", "--socket", str(self.socket)]
        argv += ["--bot-delay", "3600"]  # the bots wait: the player's screen is still

        def limit() -> None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (FD_LIMIT, FD_LIMIT))

        with open(self.log, "wb") as err:
            self.proc = subprocess.Popen(
                argv, stdout=subprocess.PIPE, stderr=err, env=env, preexec_fn=limit
            )
        self.port, self.web = await asyncio.wait_for(asyncio.to_thread(self._banner), 60)
        deadline = time.monotonic() + 60
        while self.zygote() is None:  # warmed up: no session pays for it
            if time.monotonic() > deadline:
                raise TimeoutError("no app zygote")
            await asyncio.sleep(0.2)
        await asyncio.sleep(3)
        return self

    def _banner(self) -> tuple[int, str]:
        port = web = None
        for line in self.proc.stdout:
            text = line.decode()
            if m := re.search(r"SSH on 127\.0\.0\.1:(\d+)", text):
                port = int(m.group(1))
            if m := re.search(r"browser on (\S+)", text):
                web = m.group(1)
            if port and web:
                return port, web
        raise RuntimeError(f"the server stopped:\n{self.log.read_text()[-3000:]}")

    def fds(self) -> int:
        return len(os.listdir(f"/proc/{self.proc.pid}/fd"))

    def tree(self) -> list[int]:
        """The server and every process under it (the zygote, the apps)."""
        found, todo = [], [self.proc.pid]
        while todo:
            pid = todo.pop()
            found.append(pid)
            for task in Path(f"/proc/{pid}/task").glob("*"):
                try:
                    todo += [int(p) for p in (task / "children").read_text().split()]
                except OSError:
                    pass
        return found

    def zygote(self) -> int | None:
        for pid in self.tree()[1:]:
            try:
                if b"florencia_tui.net.zygote" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    return pid
            except OSError:
                pass
        return None

    def rss_mib(self) -> float:
        return sum(rss_pss_kib(pid)[0] for pid in self.tree()) / 1024

    def stop(self) -> str:
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        return self.log.read_text()


# ----- the seated player ------------------------------------------------------------------
async def seat(server: Server) -> Session:
    """Ana at her Palazzo table (seat 0, her decision), signed in from 127.0.0.2,
    the action line open."""

    def set_up() -> None:
        link = Connection(str(server.socket), "ana")
        made = link.call("create", game="palazzo", humans=1, bots=2, seed=1, confirm=False)
        link.open_table(made["code"], 0)
        link.close()

    await asyncio.to_thread(set_up)
    s = Session("ana")
    await sign_in(s, server.port, local_addr=("127.0.0.2", 0))
    await s.shows(": Type action", timeout=120)
    await s.press(":", [])
    await s.shows("type an action", timeout=60)
    await s.quiet(0.3)
    return s


async def keys(s: Session, n: int = KEYS) -> list[float]:
    """Milliseconds from each key to the first byte of its echo: a letter,
    then a backspace, each after the last one's echo has ended."""
    out: list[float] = []
    for i in range(n):
        await s.press("a" if i % 2 == 0 else "\x7f", out)
        await s.quiet(0.05)
    return out


# ----- the floods -------------------------------------------------------------------------
async def raw_connection(port: int, source: str) -> socket.socket:
    sock = socket.socket()
    sock.setblocking(False)
    sock.bind((source, 0))
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    return sock


async def first_bytes(sock: socket.socket, timeout: float = 20) -> bytes:
    try:
        return await asyncio.wait_for(asyncio.get_running_loop().sock_recv(sock, 64), timeout)
    except (ConnectionResetError, TimeoutError):
        return b""


async def flood_idle(server: Server, s: Session) -> dict:
    socks: list[socket.socket] = []
    try:
        for _ in range(10):
            socks += await asyncio.gather(
                *(raw_connection(server.port, "127.0.0.1") for _ in range(100))
            )
        got = await asyncio.gather(*(first_bytes(x) for x in socks))
        held = sum(1 for g in got if g.startswith(b"SSH-"))
        fds = server.fds()
        ms = await keys(s)
        return {"ms": ms, "note": f"{held} held, {len(socks) - held} refused; server {fds} fds"}
    finally:
        for x in socks:
            x.close()


async def flood_webidle(server: Server, s: Session) -> dict:
    port = int(server.web.rsplit(":", 1)[1])
    socks: list[socket.socket] = []
    try:
        for _ in range(10):
            socks += await asyncio.gather(*(raw_connection(port, "127.0.0.1") for _ in range(100)))
        got = await asyncio.gather(*(first_bytes(x, 2) for x in socks))
        refused = sum(1 for g in got if g == b"")  # (a held one is answered nothing either)
        fds = server.fds()
        ms = await keys(s)
        t0 = time.perf_counter()
        async with aiohttp.ClientSession(
            cookie_jar=aiohttp.CookieJar(unsafe=True),
            connector=aiohttp.TCPConnector(local_addr=("127.0.0.3", 0)),
        ) as http:
            r = await http.post(
                server.web + "/signin",
                data={"name": "webby"},
                allow_redirects=False,
                headers={"Origin": server.web},
            )
            signed = r.status == 303
        note = f"1000 sent; server {fds} fds; a browser from another address "
        note += f"signed in in {time.perf_counter() - t0:.2f} s" if signed else "was REFUSED"
        return {"ms": ms, "note": note + f" ({refused} closed or silent within 2 s)"}
    finally:
        for x in socks:
            x.close()


async def flood_window(server: Server, s: Session) -> dict:
    huge = Session("huge")
    huge.stream = None  # its bytes are counted, not drawn
    huge.conn = await asyncssh.connect(
        "127.0.0.1",
        server.port,
        username="huge",
        known_hosts=None,
        client_keys=[],
        agent_path=None,
        local_addr=("127.0.0.3", 0),
    )

    class Client(asyncssh.SSHClientSession):
        def data_received(self, data, datatype):
            huge.feed(data)

    rss0 = server.rss_mib()
    try:
        huge.chan, _ = await huge.conn.create_session(
            Client, term_type="xterm-256color", term_size=(65535, 65535), encoding=None
        )
        await asyncio.sleep(3)  # its app starts and draws
        ms = await keys(s)
        grown = server.rss_mib() - rss0
        return {"ms": ms, "note": f"its app: {grown:.0f} MiB, {huge.received} bytes sent"}
    finally:
        huge.conn.close()


async def flood_sessions(server: Server, s: Session) -> dict:
    conns: list[asyncssh.SSHClientConnection] = []
    outcomes = {"lobby": 0, "refused": 0}

    async def one(i: int) -> None:
        try:
            conn = await asyncssh.connect(
                "127.0.0.1",
                server.port,
                username="many",
                known_hosts=None,
                client_keys=[],
                agent_path=None,
                local_addr=(f"127.0.1.{i + 1}", 0),
            )
        except (OSError, asyncssh.Error):
            outcomes["refused"] += 1
            return
        conns.append(conn)
        try:
            chan, _ = await conn.create_session(
                asyncssh.SSHClientSession, term_type="xterm", term_size=(100, 30), encoding=None
            )
            await asyncio.wait_for(chan.wait_closed(), 5)
            outcomes["refused"] += 1  # (it ended: the cap's message)
        except TimeoutError:
            outcomes["lobby"] += 1  # (an app runs)
        except (OSError, asyncssh.Error):
            outcomes["refused"] += 1

    try:
        await asyncio.gather(*(one(i) for i in range(40)))
        ms = await keys(s)
        return {"ms": ms, "note": f"{outcomes['lobby']} apps, {outcomes['refused']} refused"}
    finally:
        for conn in conns:
            conn.close()


async def flood_tables(server: Server, s: Session) -> dict:
    got = {"made": 0, "refused": 0}
    stop = asyncio.Event()

    def hoard() -> None:
        link = Connection(str(server.socket), "hoarder")
        try:
            for _ in range(2000):
                if stop.is_set():
                    return
                try:
                    link.call("create", game="palazzo", humans=2)
                    got["made"] += 1
                except RemoteError:
                    got["refused"] += 1
            got["lobby"] = len(json.dumps(link.call("lobby")))
        finally:
            link.close()

    task = asyncio.ensure_future(asyncio.to_thread(hoard))
    await asyncio.sleep(0.5)
    ms = await keys(s)
    stop.set()
    await task
    note = f"{got['made']} made, {got['refused']} refused"
    if "lobby" in got:
        note += f"; lobby {got['lobby'] / 1024:.1f} KiB"
    return {"ms": ms, "note": note}


async def flood_tabs(server: Server, s: Session) -> dict:
    tabs, refused = [], 0
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        await http.post(
            server.web + "/signin",
            data={"name": "tabby"},
            allow_redirects=False,
            headers={"Origin": server.web},
        )
        try:
            for _ in range(20):
                try:
                    tabs.append(
                        await http.ws_connect(
                            server.web + "/ws?width=100&height=30", origin=server.web
                        )
                    )
                except aiohttp.WSServerHandshakeError:
                    refused += 1
            await asyncio.sleep(3)  # the tabs' apps start
            ms = await keys(s)
            return {"ms": ms, "note": f"{len(tabs)} tabs, {refused} refused"}
        finally:
            for tab in tabs:
                await tab.close()


async def flood_zygote(server: Server, s: Session) -> dict:
    zygote = server.zygote()
    os.kill(zygote, signal.SIGSTOP)
    late = Session("late")
    t0 = time.perf_counter()
    waited = asyncio.ensure_future(_lobby_of(late, server.port))
    ms = await keys(s)
    await waited
    note = f"a new session's lobby after {time.perf_counter() - t0:.1f} s"
    late.conn.close()
    replaced = server.zygote()
    note += "; zygote replaced" if replaced not in (None, zygote) else "; zygote NOT replaced"
    return {"ms": ms, "note": note}


async def _lobby_of(s: Session, port: int) -> None:
    await sign_in(s, port, local_addr=("127.0.0.4", 0))
    await s.shows("signed in as", timeout=60)


# ----- the run ----------------------------------------------------------------------------
async def run(floods: list[str]) -> list[tuple[str, list[float], str]]:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 4096:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(4096, hard), hard))
    server = await Server().start()
    rows = []
    try:
        s = await seat(server)
        rows.append(("quiet", await keys(s), f"server {server.fds()} fds"))
        for name in floods:
            r = await globals()[f"flood_{name}"](server, s)
            rows.append((name, r["ms"], r["note"]))
            await asyncio.sleep(2)  # what the flood left settles
        s.conn.close()
    finally:
        log = server.stop()
    if "Too many open files" in log or "Traceback" in log:
        rows.append(("server log", [], "says: " + log[-500:].replace("\n", " | ")))
    return rows


def report(rows: list[tuple[str, list[float], str]]) -> str:
    quiet = statistics.median(rows[0][1])
    out = [
        f"{os.cpu_count()} CPUs; server at RLIMIT_NOFILE {FD_LIMIT}; a seated SSH player's "
        f"keystroke → echo, {KEYS} keys each (target: median within 2x quiet)",
        "",
        "| flood | median ms | p95 ms | x quiet | what the flood got |",
        "|---|---|---|---|---|",
    ]
    for name, ms, note in rows:
        if not ms:
            out.append(f"| {name} | | | | {note} |")
            continue
        med = statistics.median(ms)
        out.append(f"| {name} | {med:.1f} | {pct(ms, 95):.1f} | {med / quiet:.2f} | {note} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    p.add_argument("--flood", action="append", choices=FLOODS, help="only these (repeatable)")
    p.add_argument("--write", action="store_true", help="update docs/performance.md")
    args = p.parse_args(argv)
    text = report(asyncio.run(run(args.flood or list(FLOODS))))
    print(text)
    if args.write:
        write_block(__file__, "Floods against the server's limits (issue 26)", text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
