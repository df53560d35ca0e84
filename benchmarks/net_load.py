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

``--think SECONDS`` models people: a mean pause between keystrokes (each drawn
from 0.5-1.5x of it) and four times as long before each action, the sessions'
sign-ins spread over ``--stagger`` seconds (0.2 s a session by default); the
default ``--think 0`` types without pause, saturating the machine on purpose.
The benchmark waits on what each screen shows and presses Esc only when the
screen shows the command line open. ``--game`` picks the game (Palazzo by
default).

More runs:

* ``--slow-link KBIT``: one session whose SSH connection passes through a
  throttled TCP pipe (the server's bytes to the player at KBIT kbit/s, SSH's
  own framing included), typing at a person's pace; it reports seconds per
  action, typing included, and how long each echo and redraw take to arrive.
* ``--starts N``: N sessions signed in one after another; each app's CPU from
  sign-in to its game screen, and the memory per session with all N up.
* ``--spectators N``: one busy Palazzo table (a player the benchmark moves at
  once and three bots moving every ``--bot-delay`` seconds) watched by N SSH
  spectators; *action → spectator* is from the service applying an action to
  each spectator's first bytes after it.

    python benchmarks/net_load.py                     # 20 sessions, 25 actions each
    python benchmarks/net_load.py --write             # ... and update docs/performance.md
    python benchmarks/net_load.py --sessions 4 --actions 5
    python benchmarks/net_load.py --sessions 200 --actions 3 --think 0.7   # people's pace
    python benchmarks/net_load.py --game strasbourg --sessions 2 --actions 8
    python benchmarks/net_load.py --slow-link 64 --actions 10
    python benchmarks/net_load.py --spectators 10 --actions 60
    python benchmarks/net_load.py --starts 20 [--no-zygote]   # an app's start: CPU, memory
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
sys.path.insert(0, str(ROOT / "benchmarks"))  # (perf_doc, when loaded by a test)

from perf_doc import write_block  # noqa: E402

from florencia_tui.games import available_games  # noqa: E402
from florencia_tui.net.remote import Connection  # noqa: E402
from florencia_tui.net.server import FlorenciaServer  # noqa: E402
from florencia_tui.net.shared import SharedView  # noqa: E402
from florencia_tui.net.sshd import Auth, PtySession  # noqa: E402

#: With ``--think``: the pause before an action (reading the screen, deciding)
#: is this many times the mean pause between keystrokes.
ACTION_THINK = 4.0


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
    key_at: list[float] = field(default_factory=list)  # when each key_ms key was sent
    ready_at: float = 0.0  # when the game screen was up
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
    table: object = None  # the table played (its entries count a span's actions)
    entries_at: int = 0  # its entries when the "action" phase began
    action_counts: list[int] = field(default_factory=list)  # actions in each action_bytes span

    def __post_init__(self) -> None:
        self.screen = pyte.Screen(100, 30)
        self.stream = pyte.ByteStream(self.screen)
        self._text = (-1, "")  # (bytes received, the screen's text then)

    def text(self) -> str:
        """The screen's text (worked out again only once more bytes came: the
        benchmark's clients share this process's event loop with the server)."""
        if self._text[0] != self.received:
            self._text = (self.received, "\n".join(self.screen.display))
        return self._text[1]

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
        if self.stream is not None:  # (None: bytes counted, the screen not emulated)
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
        sizes = {"key": self.key_bytes, "action": self.action_bytes, "open": self.open_bytes}.get(
            self.phase
        )
        if sizes is not None:
            sizes.append(self.received - self.phase_at)
        if self.phase == "action":
            self.action_counts.append(len(self.table.entries) - self.entries_at)
        self.phase, self.phase_at = phase, self.received
        if phase == "action":
            self.entries_at = len(self.table.entries)

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
        if bucket is self.key_ms:
            self.key_at.append(t0)


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


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of these processes so far."""
    ticks = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])
        except (OSError, IndexError, ValueError):
            pass
    return ticks / os.sysconf("SC_CLK_TCK")


def person_address(i: int) -> str:
    """The ``i``-th session's own loopback address (127.0.1.1, 127.0.1.2, ...)."""
    return f"127.0.{1 + i // 250}.{1 + i % 250}"


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(q / 100 * (len(values) - 1))))
    return values[k]


async def sign_in(s: Session, port: int, **connect) -> None:
    """Open ``s``'s SSH session (100x30, xterm-256color) on ``port``; what the
    server sends feeds its terminal. ``connect``: more of asyncssh.connect's
    arguments (e.g. ``local_addr``)."""
    s.conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username=s.user,
        known_hosts=None,
        client_keys=[],
        agent_path=None,
        **connect,
    )

    class Client(asyncssh.SSHClientSession):
        def data_received(self, data, datatype):
            s.feed(data)

    s.chan, _ = await s.conn.create_session(
        Client, term_type="xterm-256color", term_size=(100, 30), encoding=None
    )


async def play(
    server: FlorenciaServer,
    s: Session,
    actions: int,
    rng: random.Random,
    port: int | None = None,
    pace: float = 0.0,
    think: float = 0.0,
    delay: float = 0.0,
    source: str | None = None,
) -> None:
    """``port``: connect there instead (a throttled pipe to the server); ``pace``:
    wait for each echo to end (quiet for ``pace`` seconds) before the next key;
    ``think``: a person's mean pause between keystrokes (each drawn from 0.5-1.5x
    of it), and ``ACTION_THINK`` times as long before each action; ``delay``:
    seconds to wait before signing in (the sessions' start is staggered);
    ``source``: the loopback address to connect from (as people come from
    addresses of their own: the server holds at most 10 connections of one
    address that have not signed in yet)."""
    if delay:
        await asyncio.sleep(delay)

    def pause(mean: float) -> float:
        return mean * rng.uniform(0.5, 1.5)

    service = server.service
    await sign_in(s, port or server.ssh_port, **({"local_addr": (source, 0)} if source else {}))
    table = None
    deadline = time.perf_counter() + 180
    while table is None or not any(
        c.user == s.user and c.via == "ssh" and c.watching == (s.table_id, 0) for c in service.conns
    ):
        if time.perf_counter() > deadline:
            raise TimeoutError(f"{s.user} never reached the table")
        table = service.tables.get(s.table_id)
        await asyncio.sleep(0.05)
    await s.shows(": Type action", timeout=180)  # the game screen is up
    s.table = table
    s.start_bytes, s.start_chunks = s.received, s.chunks
    s.ready_at = time.perf_counter()
    while s.actions < actions and not table.is_over():
        # Wait for our turn, and for the screen to have shown it.
        t_wait = time.perf_counter()
        while 0 not in table.to_act() or table.bot_to_act() is not None:
            if table.is_over():
                return
            if time.perf_counter() - t_wait > 60:
                raise TimeoutError(f"{s.user}: the bots never gave the turn back")
            await asyncio.sleep(0.02)
        # ... and for the screen to show it, with the command line closed.
        # (The prompt's first words, or the status line's "to act": the screen
        # words some prompts its own way.)
        prompt = " ".join(table.prompt(0).text.split()[:3])
        await s.shows(": Type action", timeout=120)
        deadline = time.perf_counter() + 120
        while prompt not in s.text() and "to act" not in s.text().partition("\n")[0]:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{s.user}: no {prompt!r} on\n{s.text()}")
            try:
                await s.next_output(0.5)
            except TimeoutError:
                pass
        if think:  # a person reads the screen and decides
            await asyncio.sleep(pause(think * ACTION_THINK))
        action = rng.choice(table.legal(0))
        before = len(table.entries)
        await s.press(":", s.key_ms, "open")
        await s.shows("type an action", timeout=120)
        # The command line's own redraw has ended (its bytes are counted apart
        # from the typing's). It opens over the message row: the footer, and
        # its ": Type action", stay on screen.
        await s.quiet(0.05)
        for ch in action:
            if think:
                await asyncio.sleep(pause(think))
            t_key = time.perf_counter()
            await s.press(ch, s.key_ms, "key")
            if pace:  # a person typing: the echo arrives before the next key
                s.echo_ms.append((await s.quiet(pace) - t_key) * 1000)
        if think:
            await asyncio.sleep(pause(think))
        # Enter: the action goes to the service; the update is the first output
        # after the service has applied it (the service runs in this process).
        s.begin("action")
        t0 = time.perf_counter()
        s.chan.write(b"\r")
        while len(table.entries) == before and time.perf_counter() - t0 < 120:
            await asyncio.sleep(0.001)
        if len(table.entries) == before:
            # Not applied (the app said why on its command line). Never press Esc
            # blindly: on the game screen it would open "Leave this game?". Only
            # close the command line if the screen shows it still open.
            s.refused += 1
            # The refusal shows on the message row and moves the command line
            # over the footer: wait for that before deciding.
            deadline = time.perf_counter() + 5
            while ": Type action" in s.text() and time.perf_counter() < deadline:
                try:
                    await s.next_output(0.5)
                except TimeoutError:
                    pass
            if ": Type action" not in s.text():
                await s.press("\x1b", [])
            await s.shows(": Type action", timeout=60)
            continue
        try:
            t1 = await s.next_output(120)
        except TimeoutError:
            t1 = t0 + 120
        s.action_ms.append((t1 - t0) * 1000)
        s.actions += 1
        if pace:  # until the redraws stop: how long the player waits for the screen
            s.settle_ms.append((await s.quiet(0.5) - t0) * 1000)
    s.begin("")


#: ``--starts``: how long the apps are watched doing nothing.
IDLE_S = 10.0
#: Whether the sessions' apps are forked from the app zygote (``--no-zygote``: not).
ZYGOTE = True


async def start_server(prefix: str, bot_delay: float = 0.0) -> tuple[FlorenciaServer, Path]:
    """A started loopback server with open sign-in, in a fresh data directory
    (its app zygote warmed up, so that no session pays for that)."""
    tmp = Path(tempfile.mkdtemp(prefix=prefix))
    server = FlorenciaServer(
        host="127.0.0.1",
        port=0,
        auth=Auth(open=True),
        socket=tmp / "s.sock",
        data=tmp,
        bot_delay=bot_delay,
        zygote=ZYGOTE,
    )
    await server.start()
    if server.spawner.zygote is not None:
        await asyncio.wait_for(asyncio.shield(server.spawner.zygote.ready), 60)
    return server, tmp


async def run(
    sessions: int,
    actions: int,
    seed: int,
    game: str = "palazzo",
    think: float = 0.0,
    stagger: float = 0.0,
) -> dict:
    """``sessions`` seated players, each at its own ``game`` table against two
    bots; ``think``: a person's mean pause between keys (0: type without pause);
    ``stagger``: the sessions sign in spread evenly over this many seconds."""
    server, tmp = await start_server("fl-load-")
    rss0 = rss_pss_kib(os.getpid())[0]
    try:
        people = [Session(f"p{i:02d}") for i in range(sessions)]

        def set_up() -> None:  # each player's table, where the lobby will send them back
            # (without confirm: a turn's Enter is a key of its own, and these
            # runs measure the keys of play straight through, as before)
            for i, s in enumerate(people):
                link = Connection(str(server.socket), s.user)
                made = link.call(
                    "create", game=game, humans=1, bots=2, seed=seed + i, confirm=False
                )
                t = link.open_table(made["code"], 0)
                s.code, s.table_id = made["code"], t.table_id
                link.close()

        await asyncio.to_thread(set_up)
        t0, c0 = time.perf_counter(), sum(os.times()[:2])
        load0 = os.getloadavg()
        rng = random.Random(seed)
        apps_cpu: dict[int, float] = {}  # the sessions' app processes' CPU seconds

        all_in: dict[str, float] = {}  # when every session's game screen was up

        async def sample_apps() -> None:  # (an app's /proc entry goes when it ends)
            while True:
                for child in list(PtySession.children):
                    if child.proc:
                        apps_cpu[child.proc.pid] = cpu_seconds([child.proc.pid])
                if not all_in and all(p.ready_at for p in people):
                    all_in["t"], all_in["cpu"] = time.perf_counter(), sum(apps_cpu.values())
                await asyncio.sleep(1.0)

        sampler = asyncio.ensure_future(sample_apps())
        step = stagger / max(1, sessions)
        results = await asyncio.gather(
            *(
                play(
                    server,
                    s,
                    actions,
                    random.Random(rng.random()),
                    think=think,
                    delay=i * step,
                    source=person_address(i),
                )
                for i, s in enumerate(people)
            ),
            return_exceptions=True,
        )
        wall = time.perf_counter() - t0
        load1 = os.getloadavg()
        errors = [r for r in results if isinstance(r, BaseException)]
        mem = [rss_pss_kib(p.proc.pid) for p in list(PtySession.children) if p.proc]
        sampler.cancel()
        for child in list(PtySession.children):
            if child.proc:
                apps_cpu[child.proc.pid] = cpu_seconds([child.proc.pid])
        own_cpu = sum(os.times()[:2]) - c0
        server_rss = rss_pss_kib(os.getpid())[0]
        for s in people:
            if s.conn is not None:
                s.conn.close()
        keys = [v for s in people for v in s.key_ms]
        t_in = all_in.get("t", float("inf"))
        steady = [v for s in people for v, t in zip(s.key_ms, s.key_at) if t > t_in]
        acts = [v for s in people for v in s.action_ms]
        updates = sum(s.chunks - s.start_chunks for s in people)
        played = sum(s.received - s.start_bytes for s in people)
        first = [s.start_bytes for s in people if s.start_bytes]
        key_bytes = [v for s in people for v in s.key_bytes]
        action_bytes = [v for s in people for v in s.action_bytes]
        open_bytes = [v for s in people for v in s.open_bytes]
        # A span's bytes over the actions it holds (the player's and the bots').
        per_action = [b / n for s in people for b, n in zip(s.action_bytes, s.action_counts) if n]
        return {
            "per_action_bytes": per_action,
            "game": game,
            "think": think,
            "stagger": stagger,
            "load": (load0, load1),
            "apps_cpu": sum(apps_cpu.values()),
            "own_cpu": own_cpu,
            "app_count": len(mem),
            "steady": steady,
            "all_in_s": t_in - t0,
            "start_cpu": all_in.get("cpu", float("nan")),
            "key_bytes": key_bytes,
            "action_bytes": action_bytes,
            "open_bytes": open_bytes,
            "sessions": sessions,
            "actions": sum(s.actions for s in people),
            "refused": sum(s.refused for s in people),
            "errors": [repr(e) for e in errors],
            "wall_s": wall,
            "keys": keys,
            "acts": acts,
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


async def starts(count: int, seed: int, game: str = "palazzo") -> dict:
    """``count`` sessions signed in one after another, each to its own table's
    game screen: each app's CPU and wall time from sign-in to that screen, and
    the memory of them all once every one is up."""
    server, tmp = await start_server("fl-start-")
    try:
        people = [Session(f"s{i:02d}") for i in range(count)]

        def set_up() -> None:
            for i, s in enumerate(people):
                link = Connection(str(server.socket), s.user)
                made = link.call(
                    "create", game=game, humans=1, bots=2, seed=seed + i, confirm=False
                )
                s.code, s.table_id = made["code"], link.open_table(made["code"], 0).table_id
                link.close()

        await asyncio.to_thread(set_up)
        cpu, wall = [], []
        load0 = os.getloadavg()
        for s in people:
            before = {p.proc.pid for p in PtySession.children if p.proc}
            t0 = time.perf_counter()
            await sign_in(s, server.ssh_port)
            await s.shows(": Type action", timeout=120)  # its game screen is drawn
            await s.quiet(0.3)
            wall.append(time.perf_counter() - t0)
            (pid,) = {p.proc.pid for p in PtySession.children if p.proc} - before
            cpu.append(cpu_seconds([pid]))
        await asyncio.sleep(1.0)
        pids = [p.proc.pid for p in list(PtySession.children) if p.proc]
        idle0 = cpu_seconds(pids)
        await asyncio.sleep(IDLE_S)  # nobody types: what the apps cost doing nothing
        idle = (cpu_seconds(pids) - idle0) / IDLE_S / max(1, len(pids))
        mem = [rss_pss_kib(pid) for pid in pids]
        zygote = server.spawner.zygote
        zmem = rss_pss_kib(zygote.proc.pid) if zygote is not None and zygote.proc else (0, 0)
        for s in people:
            s.conn.close()
        return {
            "count": count,
            "zygote": zygote is not None,
            "cpu": cpu,
            "wall": wall,
            "rss_mib": statistics.mean(m[0] for m in mem) / 1024,
            "pss_mib": statistics.mean(m[1] for m in mem) / 1024,
            "idle_ms": idle * 1000,
            "zygote_mib": (zmem[0] / 1024, zmem[1] / 1024),
            "load": (load0, os.getloadavg()),
        }
    finally:
        await server.close()


def starts_report(r: dict) -> str:
    how = "forked from the app zygote" if r["zygote"] else "each started from scratch"
    lines = [
        f"{r['count']} SSH sessions signed in one after another, apps {how} "
        f"(load {r['load'][0][0]:.1f} before, {r['load'][1][0]:.1f} after):",
        f"- an app's CPU from sign-in to its game screen drawn: mean {mean(r['cpu']):.2f} s, "
        f"p50 {pct(r['cpu'], 50):.2f} s, max {max(r['cpu']):.2f} s; wall mean "
        f"{mean(r['wall']):.2f} s",
        f"- memory per session with all {r['count']} up: RSS {r['rss_mib']:.1f} MiB, "
        f"PSS {r['pss_mib']:.1f} MiB",
        f"- an idle app (its game screen up, nobody typing, for {IDLE_S:g} s): "
        f"{r['idle_ms']:.1f} ms of CPU a second",
    ]
    if r["zygote"]:
        rss, pss = r["zygote_mib"]
        lines.append(
            f"- the zygote: RSS {rss:.1f} MiB, PSS {pss:.1f} MiB "
            f"({pss / r['count']:.1f} MiB a session)"
        )
    return "\n".join(lines)


async def throttled_pipe(target_port: int, kbit: float) -> tuple[asyncio.AbstractServer, dict]:
    """A loopback TCP pipe to ``target_port`` whose server-to-client direction
    runs at ``kbit`` kbit/s (the client's keys pass at once); counts the bytes."""
    rate = kbit * 1000 / 8  # bytes a second
    seen = {"down": 0}

    async def pump(reader, writer, limit: bool) -> None:
        free = time.perf_counter()  # when the link has sent everything so far
        try:
            while data := await reader.read(512):
                if limit:
                    seen["down"] += len(data)
                    free = max(free, time.perf_counter()) + len(data) / rate
                    await asyncio.sleep(max(0.0, free - time.perf_counter()))
                writer.write(data)
                await writer.drain()
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()

    async def handle(c_reader, c_writer) -> None:
        s_reader, s_writer = await asyncio.open_connection("127.0.0.1", target_port)
        try:
            await asyncio.gather(pump(c_reader, s_writer, False), pump(s_reader, c_writer, True))
        except asyncio.CancelledError:
            pass

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    return server, seen


async def slow_link(kbit: float, actions: int, seed: int) -> dict:
    """One player typing at a person's pace through a ``kbit`` kbit/s pipe."""
    server, tmp = await start_server("fl-slow-")
    pipe, seen = await throttled_pipe(server.ssh_port, kbit)
    try:
        s = Session("slow")

        def set_up() -> None:
            link = Connection(str(server.socket), s.user)
            made = link.call("create", game="palazzo", humans=1, bots=2, seed=seed, confirm=False)
            s.code, s.table_id = made["code"], link.open_table(made["code"], 0).table_id
            link.close()

        await asyncio.to_thread(set_up)
        t0 = time.perf_counter()
        port = pipe.sockets[0].getsockname()[1]
        started = asyncio.ensure_future(s.shows(": Type action", timeout=60))
        game = asyncio.ensure_future(
            play(server, s, actions, random.Random(seed), port=port, pace=0.2)
        )
        await started  # the sign-in's bytes on the link, apart from the actions'
        start_wire = seen["down"]
        await game
        wall = time.perf_counter() - t0
        if s.conn is not None:
            s.conn.close()
        return {
            "kbit": kbit,
            "actions": s.actions,
            "wall_s": wall,
            "echo": s.echo_ms,
            "settle": s.settle_ms,
            "wire_bytes": seen["down"],
            "start_wire": start_wire,
            "received": s.received,
            "start_bytes": s.start_bytes,
            "key_bytes": s.key_bytes,
            "action_bytes": s.action_bytes,
            "open_bytes": s.open_bytes,
            "keys": len(s.key_ms),
        }
    finally:
        pipe.close()
        await server.close()


async def spectate(server: FlorenciaServer, s: Session, code: str) -> None:
    """Sign in over SSH and watch table ``code`` (the lobby's code field)."""
    await sign_in(s, server.ssh_port)
    await s.shows("Table code", timeout=60)
    s.chan.write(b"j")
    await asyncio.sleep(0.3)
    s.chan.write(code.encode() + b"\r")
    await s.shows("to act:", timeout=60)  # a spectator's status line


async def spectators(count: int, actions: int, seed: int, bot_delay: float) -> dict:
    """``count`` SSH spectators of one Palazzo table: the benchmark plays its
    human seat at once, three bots move every ``bot_delay`` seconds."""
    server, tmp = await start_server("fl-watch-", bot_delay)
    service = server.service
    try:
        # The table waits for its player's first move until every spectator is in.
        link = await asyncio.to_thread(Connection, str(server.socket), "host")
        made = await asyncio.to_thread(
            link.call, "create", game="palazzo", humans=1, bots=3, seed=seed, confirm=False
        )
        code = made["code"]
        gid = (await asyncio.to_thread(link.open_table, code, 0)).table_id
        table = service.tables[gid]
        people = [Session(f"w{i:02d}") for i in range(count)]
        results = await asyncio.gather(
            *(spectate(server, s, code) for s in people), return_exceptions=True
        )
        errors = [r for r in results if isinstance(r, BaseException)]
        watching = [s for s, r in zip(people, results) if not isinstance(r, BaseException)]
        await asyncio.sleep(1.0)
        # Idle spectators follow their table's shared rendering (net/shared.py):
        # wait (at most 60 s) until every one does, if this server shares.
        sessions = [p for p in list(PtySession.children) if p.user.startswith("w")]
        deadline = time.perf_counter() + 60
        while time.perf_counter() < deadline and not all(
            p.view is not None and p in p.view.followers for p in sessions
        ):
            await asyncio.sleep(0.2)
        following = sum(p.view is not None and p in p.view.followers for p in sessions)
        for s in watching:  # from here on only timed (emulating 40 screens costs CPU)
            s.stream = None
        apps = [p.proc.pid for p in list(PtySession.children) if p.proc]
        renderers = [v.proc.pid for v in SharedView.live.values() if v.proc]
        apps += renderers
        # Every change the service pushes: when, and then each spectator's first bytes.
        changes: list[float] = []
        pushed = service._changed

        def changed(g: int, presence_only: bool = False) -> None:
            pushed(g, presence_only)
            if g == gid and not presence_only:
                changes.append(time.perf_counter())

        service._changed = changed
        firsts: list[list[float]] = [[] for _ in watching]
        for i, s in enumerate(watching):
            feed = s.feed

            def timed(data: bytes, feed=feed, mine=firsts[i]) -> None:
                now = time.perf_counter()
                while len(mine) < len(changes) and changes[len(mine)] <= now:
                    mine.append(now - changes[len(mine)])
                feed(data)

            s.feed = timed
        rng = random.Random(seed)
        t0, c0, apps0 = time.perf_counter(), sum(os.times()[:2]), cpu_seconds(apps)
        renderers0 = cpu_seconds(renderers)
        while len(changes) < actions and not table.is_over():
            if 0 in table.to_act() and table.bot_to_act() is None:
                table.submit(0, rng.choice(table.legal(0)))
                service._changed(gid)
                service._kick_bots(gid)
            await asyncio.sleep(bot_delay)
        await asyncio.sleep(2.0)  # the last redraws
        wall = time.perf_counter() - t0
        apps_cpu = cpu_seconds(apps) - apps0
        renderers_cpu = cpu_seconds(renderers) - renderers0
        own_cpu = sum(os.times()[:2]) - c0
        lat = [v * 1000 for mine in firsts for v in mine]
        missed = sum(len(changes) - len(mine) for mine in firsts)
        for s in people:
            if s.conn is not None:
                s.conn.close()
        link.close()
        return {
            "count": count,
            "watching": len(watching),
            "changes": len(changes),
            "wall_s": wall,
            "lat": lat,
            "missed": missed,
            "bot_delay": bot_delay,
            "errors": [repr(e) for e in errors],
            "cpus": os.cpu_count(),
            "load": os.getloadavg(),
            "apps_cpu": apps_cpu,
            "own_cpu": own_cpu,
            "apps": len(apps),
            "following": following,
            "renderers": len(renderers),
            "renderers_cpu": renderers_cpu,
            "followers_left": sum(p.view is not None and p in p.view.followers for p in sessions),
        }
    finally:
        await server.close()


def spectators_report(r: dict) -> str:
    lat = r["lat"]
    return "\n".join(
        [
            f"{r['watching']} SSH spectators (of {r['count']}) of one Palazzo table (a player "
            f"moving at once, three bots every {r['bot_delay']:g} s), {r['changes']} actions in "
            f"{r['wall_s']:.1f} s on {r['cpus']} cores (load {r['load'][0]:.1f} after).",
            "",
            "| latency (ms) | samples | p50 | p95 | p99 | max |",
            "|---|---|---|---|---|---|",
            f"| action → spectator's first bytes | {len(lat)} | {pct(lat, 50):.0f} | "
            f"{pct(lat, 95):.0f} | {pct(lat, 99):.0f} | {max(lat, default=float('nan')):.0f} |",
            "",
            f"- actions a spectator saw no bytes after (a later redraw covered them): "
            f"{r['missed']} of {r['changes'] * r['watching']}",
            f"- shared rendering: {r['following']} spectators followed "
            f"{r['renderers']} shared renderer(s) when the table started moving, "
            f"{r['followers_left']} at the end; the renderers' CPU {r['renderers_cpu']:.1f} s",
            f"- CPU: the {r['apps']} spectators' apps and renderers {r['apps_cpu']:.1f} s "
            f"({r['apps_cpu'] / max(1, r['changes']) / max(1, r['apps']) * 1000:.1f} ms per "
            f"action per spectator); this process (service, bots, SSH clients) "
            f"{r['own_cpu']:.1f} s; wall {r['wall_s']:.1f} s",
        ]
    )


def slow_report(r: dict) -> str:
    n = max(1, r["actions"])
    per_action = (r["received"] - r["start_bytes"]) / n
    link_s = (r["wire_bytes"] - r["start_wire"]) / n * 8 / (r["kbit"] * 1000)
    return "\n".join(
        [
            f"One SSH session through a {r['kbit']:g} kbit/s pipe (server to player; SSH's "
            f"framing included), playing Palazzo against two bots by typing each action at a "
            f"person's pace (each key once the last echo has arrived); {r['actions']} actions.",
            "",
            "| seconds | p50 | p90 | max |",
            "|---|---|---|---|",
            f"| key → its echo fully drawn | {pct(r['echo'], 50) / 1000:.2f} | "
            f"{pct(r['echo'], 90) / 1000:.2f} | {max(r['echo'], default=0) / 1000:.2f} |",
            f"| Enter → the last redraw (own action, bots' moves) | "
            f"{pct(r['settle'], 50) / 1000:.2f} | "
            f"{pct(r['settle'], 90) / 1000:.2f} | {max(r['settle'], default=0) / 1000:.2f} |",
            "",
            f"- bytes on the link: {r['wire_bytes'] / 1024:.1f} KiB in all, of which the "
            f"terminal received {r['received'] / 1024:.1f} KiB ({r['start_bytes'] / 1024:.1f} KiB "
            f"to sign in and draw); {per_action / 1024:.1f} KiB per action, typing included",
            f"- per typed character {mean(r['key_bytes']):.0f} bytes, opening the command line "
            f"{mean(r['open_bytes']):.0f} bytes, an action's redraws "
            f"{mean(r['action_bytes']) / 1024:.1f} KiB",
            f"- seconds per action: the link carries each action's bytes (typing, redraws, "
            f"SSH framing) in {link_s:.2f} s "
            f"at {r['kbit']:g} kbit/s; {r['wall_s'] / n:.1f} s of wall time per action here, "
            f"most of it the benchmark's own pauses (0.2 s after each key, 0.5 s after each "
            f"redraw)",
        ]
    )


def report(r: dict) -> str:
    def row(name: str, values: list[float]) -> str:
        return (
            f"| {name} | {len(values)} | {pct(values, 50):.1f} | {pct(values, 90):.1f} | "
            f"{pct(values, 99):.1f} | {max(values) if values else float('nan'):.1f} |"
        )

    return "\n".join(
        [
            f"{r['sessions']} concurrent SSH sessions on loopback, each playing {r['game']} "
            "against "
            f"two bots by typing actions (`:` + notation + Enter), "
            + (
                f"a person's pace: {r['think']:g} s between keys on average (0.5-1.5x), "
                f"{r['think'] * ACTION_THINK:g} s before each action"
                if r["think"]
                else "without pause"
            )
            + (f", sign-ins spread over {r['stagger']:g} s" if r["stagger"] else "")
            + f"; {r['actions']} actions in "
            f"{r['wall_s']:.1f} s on {r['cpus']} cores (load {r['load'][0][0]:.1f} before, "
            f"{r['load'][1][0]:.1f} after), {r['refused']} refused, "
            f"{len(r['errors'])} sessions failed.",
            "",
            "| latency (ms) | samples | p50 | p90 | p99 | max |",
            "|---|---|---|---|---|---|",
            row("keystroke → update (app echo)", r["keys"]),
            row(
                f"… once every session is in (after {r['all_in_s']:.0f} s)"
                if r["all_in_s"] != float("inf")
                else "… once every session is in (never)",
                r["steady"],
            ),
            row("action → update (via the service)", r["acts"]),
            "",
            f"- memory per session (the app process): RSS {r['rss_mib']:.1f} MiB, "
            f"PSS {r['pss_mib']:.1f} MiB (shared pages split between sessions)",
            f"- server growth for {r['sessions']} sessions and tables: "
            f"{r['server_growth_mib']:.1f} MiB",
            f"- CPU: the {r['app_count']} sessions' apps {r['apps_cpu']:.0f} s "
            f"({r['start_cpu']:.0f} s of it until every session was in, their start "
            f"included); this process (service, bots, sshd, the benchmark's SSH clients and "
            f"terminal emulators) {r['own_cpu']:.0f} s; wall {r['wall_s']:.0f} s",
            f"- output over SSH: {r['first_draw_kib']:.0f} KiB to sign in and draw the game "
            f"screen (100×30, truecolor), then {r['bytes_per_action'] / 1024:.1f} KiB per action "
            f"(typing it included), {r['bytes_per_chunk']:.0f} bytes per write on average",
            f"- per typed character: {mean(r['key_bytes']):.0f} bytes on average, "
            f"{max(r['key_bytes'], default=0)} at most; opening the command line (`:`) "
            f"{mean(r['open_bytes']):.0f} bytes; an action's redraws (Enter to the next `:`, the "
            f"bots' two moves included) {mean(r['action_bytes']) / 1024:.1f} KiB on average, "
            f"p90 {pct(r['action_bytes'], 90) / 1024:.1f} KiB, "
            f"max {max(r['action_bytes'], default=0) / 1024:.1f} KiB; per action (a span's "
            f"bytes over the actions it holds) {mean(r['per_action_bytes']) / 1024:.1f} KiB on "
            f"average, max {max(r['per_action_bytes'], default=0) / 1024:.1f} KiB",
        ]
    )


def mean(values: list[float]) -> float:
    return statistics.mean(values) if values else float("nan")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    p.add_argument("--sessions", type=int, default=20)
    p.add_argument("--actions", type=int, default=25, help="actions per session")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--game",
        default="palazzo",
        choices=[g.id for g in available_games()],
        help="the game each seated session plays",
    )
    p.add_argument(
        "--think",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="a person's mean pause between keys (0: type without pause, the old load)",
    )
    p.add_argument(
        "--stagger",
        type=float,
        default=None,
        metavar="SECONDS",
        help="spread the sessions' sign-ins over this long (default 0.2 s a session with --think)",
    )
    p.add_argument(
        "--no-zygote",
        action="store_true",
        help="start every session's app from scratch (not forked from the app zygote)",
    )
    p.add_argument(
        "--starts",
        type=int,
        default=0,
        metavar="N",
        help="N sessions signed in one after another instead: an app's start CPU and memory",
    )
    p.add_argument("--write", action="store_true", help="update docs/performance.md")
    p.add_argument(
        "--slow-link",
        type=float,
        default=None,
        metavar="KBIT",
        help="one session through a KBIT kbit/s pipe instead",
    )
    p.add_argument(
        "--spectators",
        type=int,
        default=0,
        metavar="N",
        help="N spectators of one busy table instead",
    )
    p.add_argument(
        "--bot-delay",
        type=float,
        default=0.05,
        help="seconds between bot moves (with --spectators)",
    )
    args = p.parse_args(argv)
    global ZYGOTE
    ZYGOTE = not args.no_zygote
    if args.starts:
        print(starts_report(asyncio.run(starts(args.starts, args.seed, args.game))))
        return 0
    if args.spectators:
        r = asyncio.run(spectators(args.spectators, args.actions, args.seed, args.bot_delay))
        print(spectators_report(r))
        if r["errors"]:
            print("errors:", *r["errors"], sep="\n  ", file=sys.stderr)
        return 1 if r["errors"] else 0
    if args.slow_link:
        print(slow_report(asyncio.run(slow_link(args.slow_link, args.actions, args.seed))))
        return 0
    r = asyncio.run(
        run(
            args.sessions,
            args.actions,
            args.seed,
            game=args.game,
            think=args.think,
            stagger=args.stagger
            if args.stagger is not None
            else (0.2 * args.sessions if args.think else 0.0),
        )
    )
    text = report(r)
    print(text)
    if r["errors"]:
        counts: dict[str, int] = {}
        for e in r["errors"]:
            first = e.splitlines()[0][:160]
            counts[first] = counts.get(first, 0) + 1
        print("errors:", *(f"{n}x {e}" for e, n in counts.items()), sep="\n  ", file=sys.stderr)
    if args.write:
        write_block(__file__, "Networked play (SSH)", text)
    return 1 if r["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
