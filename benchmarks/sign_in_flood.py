"""Floods of wrong passwords, and a seated player's keys meanwhile (issue 26, item 3).

Starts ``florencia serve`` as a subprocess with per-player passwords and a
shared password, SSH and ``--web``; seats a player (``ana``, her own
password, from 127.0.0.2) at a Palazzo table whose bots wait, and measures
her keystroke → echo (typing into the action line) while nothing else
happens, then during each flood, all on loopback, each bounded in time:

* **ssh**: ``--guessers`` SSH clients (four source addresses) signing in
  over and over with wrong passwords for made-up names;
* **ssh, no limits**: the same against a server whose attempt limits are
  out of reach (``--sign-in-tries 1000000 ...``): every guess is hashed,
  which shows that hashing off the event loop alone keeps the player going;
* **web**: as many browsers posting wrong passwords to ``/signin``; the note
  gives how long the sign-in form took to load meanwhile.

The guessing clients run in a process of their own (this script with
``--guess``), so that their work does not slow the measuring client.

During each flood ``ben`` signs in with his right password from another
address, and the note says how long that took. The target: the player's
median key latency within 2x its quiet value, measured just before.

    python benchmarks/sign_in_flood.py
    python benchmarks/sign_in_flood.py --seconds 10 --guessers 32
    python benchmarks/sign_in_flood.py --write    # ... and update docs/performance.md
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
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

from net_load import Session, pct  # noqa: E402
from perf_doc import write_block  # noqa: E402

from florencia_tui.net.passwords import set_password  # noqa: E402
from florencia_tui.net.remote import Connection  # noqa: E402

FLOODS = ("ssh", "ssh-nolimits", "web")
NO_LIMITS = ["--sign-in-tries", "1000000", "--sign-in-tries-per-address", "1000000"]
SECRETS = {"ana": "ana's own secret", "ben": "ben's own secret"}
SHARED = "the shared secret"
#: Seconds from a flood's start to the first key measured (``--ramp``): the
#: default takes in the first burst, a name's and an address's free tries.
RAMP = 2.0


class Server:
    """``florencia serve`` in a subprocess, signing in by password."""

    def __init__(self, extra: list[str]) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="fl-signin-"))
        self.extra = extra

    async def start(self) -> Server:
        passwords, shared = self.tmp / "passwords", self.tmp / "shared"
        for name, secret in SECRETS.items():
            set_password(passwords, name, secret)
        shared.write_text(SHARED)
        shared.chmod(0o600)
        self.socket = self.tmp / "s.sock"
        env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "PYTHONPATH", "LANG")}
        env["FLORENCIA_DATA_DIR"] = str(self.tmp)
        argv = [sys.executable, "-m", "florencia_tui", "serve", "--port", "0"]
        argv += ["--passwords", str(passwords), "--password-file", str(shared)]
        argv += ["--web", "--web-port", "0", "--socket", str(self.socket)]
        argv += ["--bot-delay", "3600", *self.extra]  # the bots wait: a still screen
        self.log = self.tmp / "server.log"
        with open(self.log, "wb") as err:
            self.proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=err, env=env)
        self.port, self.web = await asyncio.wait_for(asyncio.to_thread(self._banner), 60)
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

    def stop(self) -> str:
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        return self.log.read_text()


async def ssh(port: int, user: str, password: str, source: str, **kw):
    return await asyncssh.connect(
        "127.0.0.1",
        port,
        username=user,
        password=password,
        known_hosts=None,
        client_keys=[],
        agent_path=None,
        local_addr=(source, 0),
        **kw,
    )


async def seat(server: Server) -> Session:
    """Ana at her Palazzo table (seat 0, her decision), the action line open."""

    def set_up() -> None:
        link = Connection(str(server.socket), "ana")
        made = link.call("create", game="palazzo", humans=1, bots=2, seed=1, confirm=False)
        link.open_table(made["code"], 0)
        link.close()

    await asyncio.to_thread(set_up)
    s = Session("ana")
    s.conn = await ssh(server.port, "ana", SECRETS["ana"], "127.0.0.2")

    class Client(asyncssh.SSHClientSession):
        def data_received(self, data, datatype):
            s.feed(data)

    s.chan, _ = await s.conn.create_session(
        Client, term_type="xterm-256color", term_size=(100, 30), encoding=None
    )
    await s.shows(": Type action", timeout=120)
    await s.press(":", [])
    await s.shows("type an action", timeout=60)
    await s.quiet(0.3)
    return s


async def keys(s: Session, n: int) -> list[float]:
    """Milliseconds from each key to the first byte of its echo: a letter,
    then a backspace, each after the last one's echo has ended."""
    out: list[float] = []
    for i in range(n):
        await s.press("a" if i % 2 == 0 else "\x7f", out)
        await s.quiet(0.05)
    return out


# ----- the floods -------------------------------------------------------------------------
async def ssh_guesser(target: str, i: int, stop: asyncio.Event, got: dict) -> None:
    source = f"127.0.1.{i % 4 + 1}"
    n = 0
    while not stop.is_set():
        n += 1
        try:
            conn = await ssh(int(target), f"g{i}x{n}", "wrong", source, login_timeout=120)
            conn.close()
            got["in"] += 1
        except asyncssh.PermissionDenied:
            got["denied"] += 1
        except (OSError, asyncssh.Error):
            got["refused"] += 1


async def web_guesser(target: str, i: int, stop: asyncio.Event, got: dict) -> None:
    connector = aiohttp.TCPConnector(local_addr=(f"127.0.2.{i % 4 + 1}", 0))
    async with aiohttp.ClientSession(connector=connector) as http:
        n = 0
        while not stop.is_set():
            n += 1
            try:
                async with http.post(
                    target + "/signin",
                    data={"name": f"g{i}x{n}", "password": "wrong"},
                    allow_redirects=False,
                    headers={"Origin": target},
                ) as r:
                    got[str(r.status)] = got.get(str(r.status), 0) + 1
            except aiohttp.ClientError:
                got["refused"] += 1


async def right_password(server: Server, web: bool) -> float:
    """Seconds for ben to sign in with his password from an address apart."""
    t0 = time.perf_counter()
    if web:
        connector = aiohttp.TCPConnector(local_addr=("127.0.3.1", 0))
        async with aiohttp.ClientSession(connector=connector) as http:
            async with http.post(
                server.web + "/signin",
                data={"name": "ben", "password": SECRETS["ben"]},
                allow_redirects=False,
                headers={"Origin": server.web},
            ) as r:
                assert r.status == 303, r.status
    else:
        conn = await ssh(server.port, "ben", SECRETS["ben"], "127.0.3.1")
        conn.close()
    return time.perf_counter() - t0


async def form_ms(server: Server) -> float:
    async with aiohttp.ClientSession() as http:
        t0 = time.perf_counter()
        async with http.get(server.web + "/") as r:
            await r.read()
        return (time.perf_counter() - t0) * 1000


async def guess(kind: str, target: str, guessers: int, seconds: float) -> dict:
    """``guessers`` clients guessing for ``seconds`` (run as ``--guess``)."""
    stop = asyncio.Event()
    got = {"in": 0, "denied": 0, "refused": 0}
    one = web_guesser if kind == "web" else ssh_guesser
    tasks = [asyncio.ensure_future(one(target, i, stop, got)) for i in range(guessers)]
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.wait(tasks, timeout=30)
    for t in tasks:
        t.cancel()
    return got


async def flood(
    server: Server, s: Session, kind: str, guessers: int, seconds: float, n_keys: int
) -> tuple[list[float], str]:
    target = server.web if kind == "web" else str(server.port)
    argv = [sys.executable, __file__, "--guess", kind, "--target", target]
    argv += ["--guessers", str(guessers), "--seconds", str(seconds)]
    t0 = time.perf_counter()
    guessers_proc = await asyncio.create_subprocess_exec(*argv, stdout=subprocess.PIPE)
    try:
        await asyncio.sleep(min(RAMP, seconds / 4))  # the flood is on
        ms = await keys(s, n_keys)
        ben = await right_password(server, kind == "web")
        form = await form_ms(server) if kind == "web" else None
    finally:
        out, _ = await guessers_proc.communicate()
    took = time.perf_counter() - t0
    got = json.loads(out)
    tries = sum(got.values())
    parts = ", ".join(f"{v} {k}" for k, v in got.items() if v)
    note = f"{tries / took:.0f} attempts/s ({parts}); ben signed in in {ben:.2f} s"
    if form is not None:
        note += f"; the form loaded in {form:.0f} ms"
    return ms, note


# ----- the run ----------------------------------------------------------------------------
async def run(
    floods: list[str], guessers: int = 16, seconds: float = 8.0, n_keys: int = 40
) -> list[tuple[str, list[float], str]]:
    rows = []
    groups = [([], [f for f in floods if f != "ssh-nolimits"])]
    if "ssh-nolimits" in floods:
        groups.append((NO_LIMITS, ["ssh-nolimits"]))
    for extra, kinds in groups:
        if not kinds:
            continue
        server = await Server(extra).start()
        try:
            s = await seat(server)
            for kind in kinds:  # each flood against the quiet just before it (a busy machine)
                rows.append(("quiet", await keys(s, n_keys), ""))
                ms, note = await flood(server, s, kind.split("-")[0], guessers, seconds, n_keys)
                rows.append((kind, ms, note))
                await asyncio.sleep(2)  # what the flood left settles
            s.conn.close()
        finally:
            log = server.stop()
        failed = log.count("failed sign-in as")
        rows[-1] = (*rows[-1][:2], rows[-1][2] + f"; the server logged {failed} failures")
        if "Traceback" in log:
            rows.append(("server log", [], "says: " + log[-500:].replace("\n", " | ")))
    return rows


def report(rows: list[tuple[str, list[float], str]], guessers: int) -> str:
    out = [
        f"{os.cpu_count()} CPUs; {guessers} guessing clients per flood; a seated SSH "
        "player's keystroke → echo (target: median within 2x the quiet just before)",
        "",
        "| flood | median ms | p95 ms | x quiet | what the flood got |",
        "|---|---|---|---|---|",
    ]
    quiet = None
    for name, ms, note in rows:
        if not ms:
            out.append(f"| {name} | | | | {note} |")
            continue
        med = statistics.median(ms)
        if name.startswith("quiet"):
            quiet = med
        out.append(f"| {name} | {med:.1f} | {pct(ms, 95):.1f} | {med / quiet:.2f} | {note} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    global RAMP
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    p.add_argument("--flood", action="append", choices=FLOODS, help="only these (repeatable)")
    p.add_argument("--guessers", type=int, default=16, help="guessing clients (default 16)")
    p.add_argument("--seconds", type=float, default=8.0, help="each flood's length (default 8)")
    p.add_argument("--keys", type=int, default=40, help="keys typed per measurement")
    p.add_argument(
        "--ramp", type=float, default=RAMP, help=f"seconds before measuring (default {RAMP:g})"
    )
    p.add_argument("--write", action="store_true", help="update docs/performance.md")
    p.add_argument("--guess", choices=("ssh", "web"), help=argparse.SUPPRESS)
    p.add_argument("--target", help=argparse.SUPPRESS)  # (--guess: a port or a URL)
    args = p.parse_args(argv)
    RAMP = args.ramp
    if args.guess:
        print(json.dumps(asyncio.run(guess(args.guess, args.target, args.guessers, args.seconds))))
        return 0
    rows = asyncio.run(run(args.flood or list(FLOODS), args.guessers, args.seconds, args.keys))
    text = report(rows, args.guessers)
    print(text)
    if args.write:
        write_block(__file__, "Floods of wrong passwords (issue 26, item 3)", text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
