"""Load test of networked play: many SSH sessions playing Palazzo against bots.

Starts ``florencia serve`` in this process on a random loopback port (open
authentication, which is allowed on loopback only), opens SESSIONS real SSH
sessions with PTYs (asyncssh client), and has each play its own table (the
player plus two bots) by typing actions through the app's ``:`` command line,
as a person would. It measures:

* **keystroke → update**: from sending a typed character to the first bytes of
  the redraw that echoes it (the app only, no service round trip);
* **action → update**: from sending Enter on an action to the first bytes of
  the redraw showing the new state (app → service → SQLite → app → screen);
* **bytes per update** sent over SSH (a slow link's budget);
* **bytes per keystroke** (the echo of one typed character) and **per action**
  (from Enter to the next ``:``: the player's action and the bots' moves after
  it, every redraw they cause);
* **memory per session**: the app process's RSS and PSS (shared pages split
  between processes), and the server's own growth.

Two more runs:

* ``--slow-link KBIT``: one session whose SSH connection passes through a
  throttled TCP pipe (the server's bytes to the player at KBIT kbit/s, SSH's
  own framing included), typing at a person's pace; it reports seconds per
  action, typing included, and how long each echo and redraw take to arrive.
* ``--spectators N``: one busy Palazzo table (a player the benchmark moves at
  once and three bots moving every ``--bot-delay`` seconds) watched by N SSH
  spectators; *action → spectator* is from the service applying an action to
  each spectator's first bytes after it.

    python benchmarks/net_load.py                     # 20 sessions, 25 actions each
    python benchmarks/net_load.py --write             # ... and update docs/performance.md
    python benchmarks/net_load.py --sessions 4 --actions 5
    python benchmarks/net_load.py --slow-link 64 --actions 10
    python benchmarks/net_load.py --spectators 10 --actions 60
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh
import pyte

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from florencia_tui.net.remote import Connection  # noqa: E402
from florencia_tui.net.server import FlorenciaServer  # noqa: E402
from florencia_tui.net.sshd import Auth, PtySession  # noqa: E402

BEGIN, END = "<!-- net-load:begin -->", "<!-- net-load:end -->"


@dataclass
class Session:
    user: str
    code: str = ""
    table_id: int = 0
    chan: asyncssh.SSHClientChannel | None = None
    conn: asyncssh.SSHClientConnection | None = None
    last_rx: float = 0.0
    received: int = 0
    chunks: int = 0
    waiters: list = field(default_factory=list)
    key_ms: list[float] = field(default_factory=list)
    settle_ms: list[float] = field(default_factory=list)  # Enter → the last redraw byte
    echo_ms: list[float] = field(default_factory=list)  # key → the echo's last byte
    action_ms: list[float] = field(default_factory=list)
    actions: int = 0
    refused: int = 0
    start_bytes: int = 0  # output before play began (the first full draws)
    start_chunks: int = 0
    phase: str = ""  # what the bytes now arriving answer: "key" or "action"
    phase_at: int = 0  # bytes received when the phase began
    key_bytes: list[int] = field(default_factory=list)  # per typed character
    action_bytes: list[int] = field(default_factory=list)  # per action, Enter to next :
    open_bytes: list[int] = field(default_factory=list)  # the : that opens the command line

    def __post_init__(self) -> None:
        self.screen = pyte.Screen(100, 30)
        self.stream = pyte.ByteStream(self.screen)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def shows(self, *needles: str, timeout: float = 30.0) -> None:
        deadline = time.perf_counter() + timeout
        while not all(n in self.text() for n in needles):
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{self.user}: no {needles} on\n{self.text()}")
            try:
                await self.next_output(0.5)
            except TimeoutError:
                pass

    def feed(self, data: bytes) -> None:
        self.stream.feed(data)
        now = time.perf_counter()
        self.last_rx = now
        self.received += len(data)
        self.chunks += 1
        waiters, self.waiters = self.waiters, []
        for fut in waiters:
            if not fut.done():
                fut.set_result(now)

    async def next_output(self, timeout: float = 10.0) -> float:
        fut = asyncio.get_running_loop().create_future()
        self.waiters.append(fut)
        return await asyncio.wait_for(fut, timeout)

    def begin(self, phase: str) -> None:
        """The bytes from now on answer ``phase``; the last phase's are counted."""
        sizes = {"key": self.key_bytes, "action": self.action_bytes,
                 "open": self.open_bytes}.get(self.phase)
        if sizes is not None:
            sizes.append(self.received - self.phase_at)
        self.phase, self.phase_at = phase, self.received

    async def quiet(self, gap: float, timeout: float = 30.0) -> float:
        """Wait until nothing has arrived for ``gap`` seconds; the last arrival."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            left = self.last_rx + gap - time.perf_counter()
            if left <= 0:
                break
            await asyncio.sleep(left)
        return self.last_rx

    async def press(self, key: str, bucket: list[float], phase: str = "") -> None:
        if phase:
            self.begin(phase)
        t0 = time.perf_counter()
        waiter = asyncio.ensure_future(self.next_output())
        self.chan.write(key.encode())
        try:
            t1 = await waiter
            bucket.append((t1 - t0) * 1000)
        except TimeoutError:
            bucket.append(10_000.0)


def rss_pss_kib(pid: int) -> tuple[int, int]:
    rss = pss = 0
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                pss = int(line.split()[1])
    except OSError:
        pass
    return rss, pss


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(q / 100 * (len(values) - 1))))
    return values[k]


async def play(server: FlorenciaServer, s: Session, actions: int, rng: random.Random,
               port: int | None = None, pace: float = 0.0) -> None:
    """``port``: connect there instead (a throttled pipe to the server); ``pace``:
    wait for each echo to end (quiet for ``pace`` seconds) before the next key."""
    service = server.service
    s.conn = await asyncssh.connect("127.0.0.1", port or server.ssh_port, username=s.user,
                                    known_hosts=None, client_keys=[], agent_path=None)

    class Client(asyncssh.SSHClientSession):
        def data_received(self, data, datatype):
            s.feed(data)

    s.chan, _ = await s.conn.create_session(Client, term_type="xterm-256color",
                                            term_size=(100, 30), encoding=None)
    table = None
    deadline = time.perf_counter() + 60
    while table is None or not any(c.user == s.user and c.via == "ssh" and
                                   c.watching == (s.table_id, 0) for c in service.conns):
        if time.perf_counter() > deadline:
            raise TimeoutError(f"{s.user} never reached the table")
        table = service.tables.get(s.table_id)
        await asyncio.sleep(0.05)
    await s.shows(": Type action")  # the game screen is up
    s.start_bytes, s.start_chunks = s.received, s.chunks
    while s.actions < actions and not table.is_over():
        # Wait for our turn, and for the screen to have shown it.
        t_wait = time.perf_counter()
        while 0 not in table.to_act() or table.bot_to_act() is not None:
            if table.is_over() or time.perf_counter() - t_wait > 30:
                return
            await asyncio.sleep(0.02)
        # ... and for the screen to show it, with the command line closed.
        await s.shows(table.prompt(0).text[:40], ": Type action")
        action = rng.choice(table.legal(0))
        before = len(table.entries)
        await s.press(":", s.key_ms, "open")
        await s.shows("type an action")
        await s.quiet(0.05)  # the command line's own redraw has ended (its bytes apart)
        for ch in action:
            t_key = time.perf_counter()
            await s.press(ch, s.key_ms, "key")
            if pace:  # a person typing: the echo arrives before the next key
                s.echo_ms.append((await s.quiet(pace) - t_key) * 1000)
        # Enter: the action goes to the service; the update is the first output
        # after the service has applied it (the service runs in this process).
        s.begin("action")
        t0 = time.perf_counter()
        s.chan.write(b"\r")
        while len(table.entries) == before and time.perf_counter() - t0 < 5:
            await asyncio.sleep(0.001)
        if len(table.entries) == before:
            s.refused += 1
            await s.press("\x1b", [])
            await asyncio.sleep(0.05)
            continue
        try:
            t1 = await s.next_output()
        except TimeoutError:
            t1 = t0 + 10
        s.action_ms.append((t1 - t0) * 1000)
        s.actions += 1
        if pace:  # until the redraws stop: how long the player waits for the screen
            s.settle_ms.append((await s.quiet(0.5) - t0) * 1000)
    s.begin("")


async def run(sessions: int, actions: int, seed: int) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="fl-load-"))
    server = FlorenciaServer(host="127.0.0.1", port=0, auth=Auth(open=True),
                             socket=tmp / "s.sock", data=tmp, bot_delay=0.0)
    await server.start()
    rss0 = rss_pss_kib(os.getpid())[0]
    try:
        people = [Session(f"p{i:02d}") for i in range(sessions)]

        def set_up() -> None:  # each player's table, where the lobby will send them back
            for i, s in enumerate(people):
                link = Connection(str(server.socket), s.user)
                made = link.call("create", game="palazzo", humans=1, bots=2, seed=seed + i)
                t = link.open_table(made["code"], 0)
                s.code, s.table_id = made["code"], t.table_id
                link.close()

        await asyncio.to_thread(set_up)
        t0 = time.perf_counter()
        rng = random.Random(seed)
        results = await asyncio.gather(
            *(play(server, s, actions, random.Random(rng.random())) for s in people),
            return_exceptions=True)
        wall = time.perf_counter() - t0
        errors = [r for r in results if isinstance(r, BaseException)]
        mem = [rss_pss_kib(p.proc.pid) for p in list(PtySession.children) if p.proc]
        server_rss = rss_pss_kib(os.getpid())[0]
        for s in people:
            if s.conn is not None:
                s.conn.close()
        keys = [v for s in people for v in s.key_ms]
        acts = [v for s in people for v in s.action_ms]
        updates = sum(s.chunks - s.start_chunks for s in people)
        played = sum(s.received - s.start_bytes for s in people)
        first = [s.start_bytes for s in people if s.start_bytes]
        key_bytes = [v for s in people for v in s.key_bytes]
        action_bytes = [v for s in people for v in s.action_bytes]
        open_bytes = [v for s in people for v in s.open_bytes]
        return {
            "key_bytes": key_bytes, "action_bytes": action_bytes, "open_bytes": open_bytes,
            "sessions": sessions, "actions": sum(s.actions for s in people),
            "refused": sum(s.refused for s in people), "errors": [repr(e) for e in errors],
            "wall_s": wall, "keys": keys, "acts": acts,
            "bytes_per_chunk": played / max(1, updates),
            "bytes_per_action": played / max(1, sum(s.actions for s in people)),
            "first_draw_kib": statistics.mean(first) / 1024 if first else float("nan"),
            "rss_mib": statistics.mean(m[0] for m in mem) / 1024 if mem else float("nan"),
            "pss_mib": statistics.mean(m[1] for m in mem) / 1024 if mem else float("nan"),
            "server_growth_mib": (server_rss - rss0) / 1024,
            "cpus": os.cpu_count(),
        }
    finally:
        await server.close()


def report(r: dict) -> str:
    def row(name: str, values: list[float]) -> str:
        return (f"| {name} | {len(values)} | {pct(values, 50):.1f} | {pct(values, 90):.1f} | "
                f"{pct(values, 99):.1f} | {max(values) if values else float('nan'):.1f} |")

    return "\n".join([
        f"{r['sessions']} concurrent SSH sessions on loopback, each playing Palazzo against "
        f"two bots by typing actions (`:` + notation + Enter); {r['actions']} actions in "
        f"{r['wall_s']:.1f} s on {r['cpus']} cores, {r['refused']} refused, "
        f"{len(r['errors'])} sessions failed.",
        "",
        "| latency (ms) | samples | p50 | p90 | p99 | max |",
        "|---|---|---|---|---|---|",
        row("keystroke → update (app echo)", r["keys"]),
        row("action → update (via the service)", r["acts"]),
        "",
        f"- memory per session (the app process): RSS {r['rss_mib']:.1f} MiB, "
        f"PSS {r['pss_mib']:.1f} MiB (shared pages split between sessions)",
        f"- server growth for {r['sessions']} sessions and tables: "
        f"{r['server_growth_mib']:.1f} MiB",
        f"- output over SSH: {r['first_draw_kib']:.0f} KiB to sign in and draw the game "
        f"screen (100×30, truecolor), then {r['bytes_per_action'] / 1024:.1f} KiB per action "
        f"(typing it included), {r['bytes_per_chunk']:.0f} bytes per write on average",
        f"- per typed character: {mean(r['key_bytes']):.0f} bytes on average, "
        f"{max(r['key_bytes'], default=0)} at most; opening the command line (`:`) "
        f"{mean(r['open_bytes']):.0f} bytes; an action's redraws (Enter to the next `:`, the "
        f"bots' two moves included) {mean(r['action_bytes']) / 1024:.1f} KiB on average, "
        f"p90 {pct(r['action_bytes'], 90) / 1024:.1f} KiB, "
        f"max {max(r['action_bytes'], default=0) / 1024:.1f} KiB",
    ])


def mean(values: list[float]) -> float:
    return statistics.mean(values) if values else float("nan")


def write_doc(text: str) -> None:
    path = ROOT / "docs" / "performance.md"
    doc = path.read_text()
    stamp = time.strftime("%Y-%m-%d")
    run = f"_Latest run {stamp}: `python benchmarks/net_load.py --write`._"
    block = f"{BEGIN}\n{run}\n\n{text}\n{END}"
    if BEGIN in doc:
        head, rest = doc.split(BEGIN, 1)
        doc = head + block + rest.split(END, 1)[1]
    else:
        doc = doc.rstrip() + "\n\n## Networked play (SSH)\n\n" + block + "\n"
    path.write_text(doc)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    p.add_argument("--sessions", type=int, default=20)
    p.add_argument("--actions", type=int, default=25, help="actions per session")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--write", action="store_true", help="update docs/performance.md")
    args = p.parse_args(argv)
    r = asyncio.run(run(args.sessions, args.actions, args.seed))
    text = report(r)
    print(text)
    if r["errors"]:
        print("errors:", *r["errors"], sep="\n  ", file=sys.stderr)
    if args.write:
        write_doc(text)
    return 1 if r["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
