"""The table service: the one authority over every shared table.

It owns the :class:`~florencia_tui.table.Table` objects, runs their bots and
saves through the :class:`~florencia_tui.store.Store` (every action is in
SQLite before anyone is told about it). Terminal apps reach it over a Unix
socket (:mod:`florencia_tui.net.protocol`); each connection is one player
(their SSH user name) in the lobby, at one seat, or spectating.

Seats are claimed by user name and the claim is saved (``net_seats``), so a
player whose link drops gets the same seat back, and a restarted service
resumes every table from the database. A table is *waiting* while open human
seats remain (``net_tables``, also saved) and begins when the last one is
taken, with the players' user names as seat names.

A human's turn is held until its player confirms it (:mod:`.turns`, unless
the table's opener turned ``confirm`` off): meanwhile every other seat is sent
the table as it was before the turn.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import os
import pwd
import random
import socket
import struct
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from florencia_tui import ratings
from florencia_tui.bots.base import BOT_KINDS
from florencia_tui.core.errors import CorruptSave, IllegalAction
from florencia_tui.games import REGISTRY
from florencia_tui.net import clocks, turns
from florencia_tui.net.protocol import decode, encode, prompt_to_dict, valid_user
from florencia_tui.net.shared import RENDER_VIA
from florencia_tui.stats import player_page
from florencia_tui.store import SAVE_ERRORS, SaveFailed, Store, save_reason
from florencia_tui.table import Change, LogEntry, Table

log = logging.getLogger("florencia.net")

SCHEMA = """
CREATE TABLE IF NOT EXISTS net_tables (
    code    TEXT PRIMARY KEY,
    game    TEXT NOT NULL,
    seats   TEXT NOT NULL,
    seed    INTEGER NOT NULL,
    game_id INTEGER REFERENCES games(id) ON DELETE CASCADE,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS net_seats (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    user    TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS net_users (
    user TEXT PRIMARY KEY,
    code TEXT NOT NULL
);
"""

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 4  # 331,776 table codes
LABELS_UP_TO = 80  # labels for longer legal lists are asked one by one
LOBBY_EVERY = 0.3  # seconds: at most this often a "lobby changed" push
MAX_BUFFER = 32 * 1024 * 1024  # a client this far behind is dropped
INTERNAL = "internal error (the server has logged it)"
MAX_REQUEST = 256 * 1024  # a request line (an action, a crash report) is far shorter
#: A save still running after this many seconds is told to its table's players.
SLOW_SAVE = 0.5
BUSY = "saving… the database is busy"
#: A bot's move that could not be saved is tried again after this many
#: seconds, twice as long after each failure in a row, up to BOT_RETRY_MAX.
BOT_RETRY = 1.0
BOT_RETRY_MAX = 30.0
RATINGS_SHOWN = 200  # a leaderboard sends at most this many players
#: The lobby lists at most this many tables (the player's own first) and
#: people; it says how many more there are (a table is joined by its code).
LOBBY_TABLES = 100
LOBBY_PEOPLE = 100


class ServiceError(Exception):
    kind = "error"


class Denied(ServiceError):
    kind = "denied"


@dataclass
class Waiting:
    """A table still filling its human seats."""

    code: str
    game: str
    seats: list[dict]  # {"kind": "human" | "bot:...", "user": name | None}
    seed: int
    created: float
    options: dict = field(default_factory=dict)  # the table's, e.g. {"hints": False}

    def free(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s["kind"] == "human" and not s["user"]]


@dataclass(eq=False)
class Conn:
    writer: asyncio.StreamWriter
    user: str = ""
    via: str = "local"
    watching: tuple[int, int | None] | None = None  # (game id, seat or None)
    code: str = ""
    sent: list[str] = field(default_factory=list)  # log lines this client holds
    last: dict | None = None  # the snapshot it was sent last (but its rev and log)

    def send(self, msg: dict) -> None:
        if self.writer.is_closing():
            return
        self.writer.write(encode(msg))
        transport = self.writer.transport
        if transport.get_write_buffer_size() > MAX_BUFFER:
            log.warning("dropping %s: %d bytes unread", self.user, MAX_BUFFER)
            transport.abort()


class TableService:
    def __init__(
        self,
        store: Store,
        bot_delay: float = 0.5,
        tables_per_player: int = 10,
        turn_tables_per_player: int = 50,
        clock=time.time,
        notify=None,
    ) -> None:
        """``tables_per_player``: how many live tables one player may hold a
        seat at while they wait or are played, ``turn_tables_per_player``
        how many turn-based ones (net/limits.py). ``clock``: the time now,
        in seconds (turn-based tables' deadlines, net/clocks.py; tests pass
        their own). ``notify``: a :class:`~florencia_tui.net.notify.Notifier`
        told whenever it becomes a player's move at a turn-based table."""
        self.store = store
        self.tables_per_player = tables_per_player
        self.turn_tables_per_player = turn_tables_per_player
        self.clock = clock
        self.notify = notify
        self.db = store.db
        self.db.executescript(SCHEMA + turns.SCHEMA + clocks.SCHEMA)
        ratings.rate_pending(store)  # tables that finished as the service last stopped
        if "options" not in {r[1] for r in self.db.execute("PRAGMA table_info(net_tables)")}:
            self.db.execute("ALTER TABLE net_tables ADD COLUMN options TEXT")  # older databases
        self.bot_delay = bot_delay
        self.tables: dict[int, Table] = {}
        self.held: dict[int, turns.Held] = {}  # turns not confirmed yet, by table
        self.claims: dict[int, dict[int, str]] = {}
        self.codes: dict[int, str] = {}
        self.revs: dict[int, int] = {}
        self.waiting: dict[str, Waiting] = {}
        self.conns: set[Conn] = set()
        self.bot_tasks: dict[int, asyncio.Task] = {}
        self._lobby_handle: asyncio.TimerHandle | None = None
        self._server: asyncio.AbstractServer | None = None
        self._tasks: set[asyncio.Task] = set()
        # Every write to the database runs on one thread of its own with a
        # connection of its own (``writer``), so a slow disk or a file locked by
        # another program never holds up this loop: every other table, every
        # key. The loop reads through ``store`` (WAL: a writer blocks no reader).
        self.writer = Store(store.path)
        self._db = ThreadPoolExecutor(1, thread_name_prefix="florencia-db")
        self._acting: dict[int, asyncio.Lock] = {}  # one action at a time per table
        self._seating = asyncio.Lock()  # one change of seats at a time
        self._saving: set[asyncio.Task] = set()  # actions being saved and kept
        self.trouble: dict[int, str] = {}  # a table's saving trouble, told to its players
        self._closing = False
        self.clocks: dict[int, clocks.Clock] = {}  # turn-based tables in play
        self._checking = asyncio.Lock()  # one check of the deadlines at a time
        self._owed_unsaved: set[int] = set()  # tables whose deadlines failed to save
        self._ticker: asyncio.Task | None = None
        for code, game, seats, seed, gid, created, options in self.db.execute(
            "SELECT code, game, seats, seed, game_id, created, options FROM net_tables"
        ):
            if gid is None:
                self.waiting[code] = Waiting(
                    code, game, json.loads(seats), seed, created, json.loads(options or "{}")
                )
            else:
                self.codes[gid] = code
                opts = json.loads(options or "{}")
                if clocks.is_turn_based(opts):
                    self.clocks[gid] = clocks.load(self.db, gid, opts)
        for (gid,) in self.db.execute("SELECT id FROM games WHERE status != 'playing'"):
            self.clocks.pop(gid, None)
        # A table whose turn was held when the service stopped is opened now,
        # so that the lobby and everyone see it as it was before that turn.
        for (gid,) in self.db.execute("SELECT game_id FROM net_turns").fetchall():
            try:
                self._table(gid)
            except (ServiceError, KeyError):
                pass

    # ----- the socket -----------------------------------------------------------
    async def start(self, path: str | Path, mode: int = 0o600) -> None:
        path = Path(path)
        if path.exists():
            if _socket_alive(path):
                raise ServiceError(f"a table service already listens on {path}")
            path.unlink()
        self._server = await asyncio.start_unix_server(
            self._handle, path=str(path), limit=MAX_REQUEST
        )
        os.chmod(path, mode)
        self.path = path
        self._ticker = asyncio.get_running_loop().create_task(self._tick())

    async def close(self) -> None:
        self._closing = True
        if self._ticker is not None:
            self._ticker.cancel()
        for task in list(self.bot_tasks.values()):
            task.cancel()
        if self._server is not None:
            self._server.close()
            for c in list(self.conns):
                c.writer.transport.abort()
            if self._tasks:  # each sees end-of-file and finishes
                await asyncio.wait(list(self._tasks), timeout=5)
            await asyncio.gather(*self.bot_tasks.values(), return_exceptions=True)
            await self._server.wait_closed()
            try:
                self.path.unlink()
            except OSError:
                pass
        if self._lobby_handle:
            self._lobby_handle.cancel()
        if self._saving:  # an action being saved is kept (or refused) first
            await asyncio.wait(list(self._saving), timeout=30)
        if self.notify is not None:
            await self.notify.close()
        await asyncio.get_running_loop().run_in_executor(None, self._db.shutdown)
        self.writer.close()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Conn(writer)
        forced = _peer_user(writer)
        self.conns.add(conn)
        task = asyncio.current_task()
        self._tasks.add(task)
        try:
            while True:
                try:
                    line = await reader.readline()
                except (ConnectionError, asyncio.LimitOverrunError, ValueError):
                    break
                if not line:
                    break
                try:
                    msg = decode(line)
                except ValueError:
                    conn.send({"error": "not JSON", "kind": "error"})
                    continue
                rid = msg.get("id")
                try:
                    if msg.get("op") == "hello" and forced:
                        msg["user"] = forced
                    result = self.request(conn, msg.get("op", ""), msg)
                    if asyncio.iscoroutine(result):  # a request that thinks (hint)
                        result = await result
                    conn.send({"id": rid, "ok": result})
                except SaveFailed as e:  # not saved, so not done: the player reads why
                    conn.send({"id": rid, "error": f"the server {e}", "kind": "unsaved"})
                except IllegalAction as e:
                    conn.send({"id": rid, "error": str(e), "kind": "illegal"})
                except ServiceError as e:
                    conn.send({"id": rid, "error": str(e), "kind": e.kind})
                except Exception:  # noqa: BLE001 - one bad request never kills the service
                    # The details (perhaps a path) are for this log, not the player.
                    log.exception("request %s from %s failed", msg.get("op"), conn.user)
                    conn.send({"id": rid, "error": INTERNAL, "kind": "error"})
        finally:
            self._tasks.discard(task)
            self.conns.discard(conn)
            watching = conn.watching
            conn.watching = None
            if watching:
                self._changed(watching[0], presence_only=True)
            self._lobby_changed()
            writer.close()

    # ----- requests -------------------------------------------------------------
    def request(self, conn: Conn, op: str, msg: dict):
        if op != "hello" and not conn.user:
            raise ServiceError("say hello first")
        handler = getattr(self, f"op_{op}", None)
        if handler is None:
            raise ServiceError(f"unknown request {op!r}")
        return handler(conn, msg)

    def op_hello(self, conn: Conn, msg: dict) -> dict:
        user = str(msg.get("user", ""))
        if not valid_user(user):
            raise Denied(f"not a valid player name: {user!r}")
        conn.user = user
        conn.via = str(msg.get("via", "local"))
        self._lobby_changed()
        return {"user": user, "resume": self._resume_code(user)}

    def op_lobby(self, conn: Conn, msg: dict) -> dict:
        return self.lobby(conn.user)

    async def op_create(self, conn: Conn, msg: dict) -> dict:
        game = msg.get("game", "")
        info = REGISTRY.get(game)
        if info is None or not info.available:
            raise ServiceError(f"{game!r} is not a playable game")
        humans, bots = int(msg.get("humans", 1)), int(msg.get("bots", 0))
        n = humans + bots
        if humans < 1 or bots < 0 or not info.min_players <= n <= info.max_players:
            raise ServiceError(
                f"{info.title} takes {info.min_players}-{info.max_players} "
                f"players, with you among them"
            )
        bot = str(msg.get("bot", "bot:random"))
        if bot not in BOT_KINDS:
            raise ServiceError(f"no bot {bot!r} (known: {', '.join(BOT_KINDS)})")
        seats = [{"kind": "human", "user": conn.user}]
        seats += [{"kind": "human", "user": None} for _ in range(humans - 1)]
        seats += [{"kind": bot, "user": None} for _ in range(bots)]
        try:
            pace = clocks.turn_options(msg)  # {} for a live table
        except ValueError as e:
            raise ServiceError(str(e)) from None
        self._may_sit(conn.user, bool(pace))
        code = self._new_code()
        seed = msg.get("seed")
        seed = int(seed) if seed is not None else random.randrange(1, 1_000_000)
        # The opener decides whether the table offers hints (bots/hint.py),
        # whether it is rated (ratings.py; it is unless they say no) and
        # whether each turn waits for its player's Enter (turns.py; it does
        # unless they say no); and whether it is live or turn-based (clocks.py).
        options = {
            "hints": bool(msg.get("hints", True)),
            "rated": bool(msg.get("rated", True)),
            "confirm": bool(msg.get("confirm", True)),
            **pace,
        }
        w = Waiting(code, game, seats, seed, time.time(), options)
        started = await self._open(w)
        self._lobby_changed()
        return {"code": code, "started": started}

    async def op_join(self, conn: Conn, msg: dict) -> dict:
        code = str(msg.get("code", "")).strip().upper().lstrip("#")
        kind, ref = self._resolve(code)
        if kind == "waiting":
            w: Waiting = ref
            mine = [i for i, s in enumerate(w.seats) if s["user"] == conn.user]
            if mine:
                return {"code": w.code, "seat": mine[0], "started": False}
            free = w.free()
            if not free:
                raise ServiceError(f"table {w.code} has no free seat")
            self._may_sit(conn.user, clocks.is_turn_based(w.options))
            seat, started = await self._sit(w, conn.user)
            self._lobby_changed()
            return {"code": w.code, "seat": seat, "started": started}
        gid: int = ref
        table = self._table(gid)
        claims = self._claims(gid)
        for seat, user in claims.items():
            if user == conn.user:
                return {"code": self._code(gid), "seat": seat, "started": True}
        free = [i for i in table.humans if i not in claims]
        if table.is_over() or not free:
            raise ServiceError(f"table {self._code(gid)} has no free seat (s spectates)")
        self._may_sit(conn.user, gid in self.clocks)
        seat = await self._claim(gid, conn.user)
        self._lobby_changed()
        return {"code": self._code(gid), "seat": seat, "started": True}

    async def op_leave(self, conn: Conn, msg: dict) -> None:
        kind, ref = self._resolve(str(msg.get("code", "")).upper())
        if kind != "waiting":
            raise ServiceError("a table that has begun keeps your seat")
        w: Waiting = ref
        await self._leave(w, conn.user)
        self._lobby_changed()

    def op_watch(self, conn: Conn, msg: dict) -> dict:
        kind, ref = self._resolve(str(msg.get("code", "")).upper().lstrip("#"))
        if kind == "waiting":
            raise ServiceError(
                f"table {ref.code} has not begun: {len(ref.free())} seat(s) still open"
            )
        gid: int = ref
        seat = msg.get("seat")
        table = self._table(gid)
        if seat is not None:
            seat = int(seat)
            if self._claims(gid).get(seat) != conn.user:
                raise Denied(f"seat {seat + 1} at table {self._code(gid)} is not yours")
            self._remember(
                "INSERT OR REPLACE INTO net_users(user, code) VALUES (?,?)",
                (conn.user, self._code(gid)),
            )
        old = conn.watching
        conn.watching, conn.code, conn.sent, conn.last = (gid, seat), self._code(gid), [], None
        if old and old[0] != gid:
            self._changed(old[0], presence_only=True)
        self._changed(gid, presence_only=True)  # sends this client its first snapshot too
        self._kick_bots(gid)
        self._lobby_changed()
        return {"code": self._code(gid), "seat": seat, "game": table.game_id}

    def op_unwatch(self, conn: Conn, msg: dict) -> None:
        old = conn.watching
        conn.watching = None
        self._remember("DELETE FROM net_users WHERE user=?", (conn.user,))
        if old:
            self._changed(old[0], presence_only=True)
        self._lobby_changed()

    async def op_submit(self, conn: Conn, msg: dict) -> dict:
        gid, seat = self._my_seat(conn)
        action = str(msg.get("action", ""))
        entry = await self._act(gid, self._plan_for(gid, seat, lambda t: t.plan(seat, action)))
        return {"line": entry.line(seat)}

    async def op_undo(self, conn: Conn, msg: dict) -> dict:
        gid, seat = self._my_seat(conn)
        entry = await self._act(gid, self._plan_for(gid, seat, lambda t: t.plan_undo(seat)))
        return {"line": entry.line(seat)}

    def _plan_for(self, gid: int, seat: int, make):
        """A player's ``make(table)``, refused first while another player's
        turn is held (turns.refuse_while_held)."""

        def plan(table: Table) -> Change:
            turns.refuse_while_held(self.held.get(gid), table, seat)
            if seat in self._replaced(gid):
                raise IllegalAction("your time ran out: a bot plays your seat for the rest")
            return make(table)

        return plan

    async def op_confirm(self, conn: Conn, msg: dict) -> None:
        """The caller's held turn is over and confirmed: saved first (the
        table's ``net_turns`` row goes), then every seat is sent it at once."""
        gid, seat = self._my_seat(conn)
        task = asyncio.ensure_future(self._confirm(gid, seat))
        self._saving.add(task)
        task.add_done_callback(self._acted)
        await asyncio.shield(task)

    async def _confirm(self, gid: int, seat: int) -> None:
        table = self.tables[gid]
        async with self._acting.setdefault(gid, asyncio.Lock()):
            if not turns.due(self.held.get(gid), table, seat):
                raise IllegalAction("there is no finished turn of yours to confirm")
            owed = self._owed_after(gid, table.state, None)
            await self._write(self._drop_turn, gid, owed, gid=gid, what="nothing was confirmed")
            del self.held[gid]
            self._set_owed(gid, owed)
        self._changed(gid)
        self._kick_bots(gid)

    def _drop_turn(self, gid: int, owed: dict | None) -> None:
        """(database thread) Table ``gid``'s held turn is confirmed; the
        seats that owe a decision now are ``owed`` (None: a live table)."""
        turns.drop(self.writer.db, gid)
        if owed is not None:
            self._save_owed(gid, owed)

    async def op_hint(self, conn: Conn, msg: dict) -> str:
        """What the strongest bot would play at the caller's own seat, from that
        seat's view only (bots/hint.py); thought out off the loop."""
        from florencia_tui.bots.hint import table_hint

        gid, seat = self._my_seat(conn)
        held = self.held.get(gid)
        if held is not None and held.seat != seat:  # never worked out on a turn it cannot see
            raise ServiceError(f"{self.tables[gid].names[held.seat]} is taking their turn")
        try:
            found = await asyncio.to_thread(table_hint, self.tables[gid], seat)
        except ValueError as e:
            raise ServiceError(str(e)) from None
        return found.text()

    def op_label(self, conn: Conn, msg: dict) -> str:
        gid, seat = self._my_seat(conn)
        return self._seen(gid, seat).label(seat, str(msg.get("action", "")))

    def op_report(self, conn: Conn, msg: dict) -> None:
        """A player's app stopped on an internal error: its details belong in
        this log (the player saw one plain line)."""
        log.error(
            "the app of %s (%s) failed:\n%s", conn.user, conn.via, str(msg.get("text", ""))[-20000:]
        )

    def op_scores(self, conn: Conn, msg: dict) -> list[dict]:
        if not conn.watching:
            raise ServiceError("not at a table")
        return [c.to_dict() for c in self._seen(*conn.watching).scores()]

    # ----- ratings and players' pages (florencia_tui/ratings.py, stats.py) ------
    async def op_ratings(self, conn: Conn, msg: dict) -> dict:
        """One game's leaderboard, best first by ``sort`` (rating, games, wins)."""
        game, sort = str(msg.get("game", "")), str(msg.get("sort", "rating"))
        if game not in REGISTRY:
            raise ServiceError(f"no game {game!r}")
        if sort not in ratings.SORTS:
            raise ServiceError(f"no sort {sort!r} (known: {', '.join(ratings.SORTS)})")
        rows = await asyncio.to_thread(
            _reading, self.store.path, ratings.leaderboard, game, sort, RATINGS_SHOWN
        )
        return {"game": game, "sort": sort, "rows": [r.to_dict() for r in rows]}

    async def op_player(self, conn: Conn, msg: dict) -> dict:
        """A player's page (stats.player_page): a person over every network
        table they sat at, a bot level over its rated tables; of a table in
        play nothing but that it is one."""
        name = str(msg.get("name", ""))
        if not (valid_user(name) or name in BOT_KINDS):
            raise ServiceError(f"no player {name!r}")
        return await asyncio.to_thread(_reading, self.store.path, _player_page, name)

    def _save(
        self,
        table: Table,
        change: Change,
        held: turns.Held | None,
        after: turns.Held | None,
        owed: dict | None = None,
    ) -> None:
        """(database thread) Save ``change``; when it ends the game, rate the
        table there and then, before anyone is told (ratings.rate_table: once,
        and nothing for an unrated table). A rating that cannot be written is
        logged and made when the service next starts (rate_pending); it never
        takes the action back.

        ``held``/``after``: the table's held turn before and after the change.
        A turn held from now on is saved before its first action (a restart
        finds it held); one that ends with the change is dropped after it, and
        a drop that fails is only logged (the action is saved: a restart then
        finds the row stale, turns.load).

        ``owed``: at a turn-based table, the seats that owe a decision after
        the change (clocks.py), saved after it."""
        db = self.writer.db
        begun = after is not None and after is not held
        if begun:
            try:
                turns.save(db, after)
            except SAVE_ERRORS as e:
                raise SaveFailed.of(e, "your move was not played") from e
        try:
            table.save(change, self.writer)
        except SaveFailed:
            try:  # the held turn, saved as it was
                if begun:
                    turns.save(db, held) if held is not None else turns.drop(db, table.table_id)
            except SAVE_ERRORS:
                log.warning("table %s: a held turn's row may be stale", table.table_id)
            raise
        if held is not None and after is None:
            try:
                turns.drop(db, table.table_id)
            except SAVE_ERRORS:
                log.warning("table %s: the end of a held turn was not saved", table.table_id)
        if owed is not None:
            self._save_owed(table.table_id, owed)
        if table.game.is_over(change.state):
            try:
                ratings.rate_table(self.writer, table.table_id)
            except SAVE_ERRORS:
                log.exception(
                    "table %s could not be rated now (it will be at the next start)",
                    table.table_id,
                )

    # ----- tables -----------------------------------------------------------------
    def open_tables(self, user: str, turn_based: bool = False) -> int:
        """How many live (``turn_based``: turn-based) tables ``user`` holds a
        seat at that wait or are played."""
        waiting = sum(
            1
            for w in self.waiting.values()
            if any(s["user"] == user for s in w.seats)
            and clocks.is_turn_based(w.options) == turn_based
        )
        rows = self.db.execute(
            "SELECT DISTINCT s.game_id FROM net_seats s JOIN games g ON g.id = s.game_id"
            " WHERE s.user = ? AND g.status = 'playing'",
            (user,),
        )
        return waiting + sum(1 for (gid,) in rows if (gid in self.clocks) == turn_based)

    def _may_sit(self, user: str, turn_based: bool = False) -> None:
        """Refuse ``user`` another seat at more live tables than
        ``tables_per_player`` (turn-based ones: ``turn_tables_per_player``;
        a player waits days at each of those, so they may sit at more)."""
        most = self.turn_tables_per_player if turn_based else self.tables_per_player
        if self.open_tables(user, turn_based) >= most:
            kind = "turn-based tables" if turn_based else "tables"
            raise ServiceError(
                f"you sit at {most} {kind} that wait or are played, the most one "
                "player may have: finish one, or give up a seat at one that has "
                "not begun (l in the lobby)"
            )

    def _new_code(self) -> str:
        """A free table code; a clear refusal when every code is taken (codes
        of finished tables are kept: their records are found by them)."""
        taken = {r[0] for r in self.db.execute("SELECT code FROM net_tables")}
        if len(taken) >= len(CODE_LETTERS) ** CODE_LENGTH:
            log.error("every table code is taken: no new table can be opened")
            raise ServiceError(
                "every table code is taken: no new table can be opened (tell the server's operator)"
            )
        for _ in range(100):
            code = "".join(random.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            if code not in taken:
                return code
        # Nearly full: pick among the free ones.
        every = ("".join(c) for c in itertools.product(CODE_LETTERS, repeat=CODE_LENGTH))
        return random.choice([c for c in every if c not in taken])

    def _resolve(self, code: str):
        """A table opened for network play, by its code. Games started at one
        keyboard share the database but are no network tables: no code, no id
        reaches them from here."""
        if code in self.waiting:
            return "waiting", self.waiting[code]
        row = self.db.execute("SELECT game_id FROM net_tables WHERE code=?", (code,)).fetchone()
        if row is None or row[0] is None:
            raise ServiceError(f"no table {code!r}")
        gid = row[0]
        try:
            self._table(gid)
        except KeyError:
            raise ServiceError(f"no table {code!r}") from None
        return "game", gid

    def _code(self, gid: int) -> str:
        return self.codes[gid]

    def _table(self, gid: int) -> Table:
        table = self.tables.get(gid)
        if table is None:
            try:
                table = Table.resume(self.store, gid)
            except CorruptSave as e:  # the reason names no path: it may go to the player
                log.error("table %s cannot be opened: %s", gid, e)
                raise ServiceError(
                    f"this table's save is damaged and cannot be opened: {e}"
                ) from None
            self.tables[gid] = table
            self.revs.setdefault(gid, 0)
            held = turns.load(self.db, table)
            if held is not None:
                self.held[gid] = held
        return table

    def _seen(self, gid: int, seat: int | None) -> Table:
        """Table ``gid`` as ``seat`` (None: a spectator) may see it: live for
        the player of a held turn and everyone when none is held, else as it
        was before the held turn (read only)."""
        held = self.held.get(gid)
        if held is None or held.seat == seat:
            return self.tables[gid]
        return held.seen

    def _claims(self, gid: int) -> dict[int, str]:
        if gid not in self.claims:
            self.claims[gid] = {
                seat: user
                for seat, user in self.db.execute(
                    "SELECT seat, user FROM net_seats WHERE game_id=?", (gid,)
                )
            }
        return self.claims[gid]

    async def _claim(self, gid: int, user: str) -> int:
        """Seat ``user`` at table ``gid``'s first open human seat (saved, then
        kept); the seat, or theirs if they hold one already."""
        async with self._seating:
            claims = self._claims(gid)
            mine = [i for i, u in claims.items() if u == user]
            if mine:
                return mine[0]
            free = [i for i in self.tables[gid].humans if i not in claims]
            if not free:
                raise ServiceError(f"table {self._code(gid)} has no free seat (s spectates)")
            await self._write(
                self._run,
                "INSERT INTO net_seats(game_id, seat, user) VALUES (?,?,?)",
                (gid, free[0], user),
                what="you were not seated",
            )
            claims[free[0]] = user
        return free[0]

    def _my_seat(self, conn: Conn) -> tuple[int, int]:
        if not conn.watching or conn.watching[1] is None:
            raise Denied("spectators cannot act")
        gid, seat = conn.watching
        if self._claims(gid).get(seat) != conn.user:
            raise Denied("that seat is not yours")
        return gid, seat

    # ----- waiting tables: saved first, then kept ------------------------------------
    async def _open(self, w: Waiting) -> bool:
        """A new waiting table (it begins at once when it has no open seat)."""
        async with self._seating:
            return await self._save_seats(w, w.seats, new=True)

    async def _sit(self, w: Waiting, user: str) -> tuple[int, bool]:
        """``user`` takes the first open seat at waiting table ``w``: (the
        seat, whether the table began with it)."""
        async with self._seating:
            mine = [i for i, s in enumerate(w.seats) if s["user"] == user]
            if mine:
                return mine[0], False
            free = w.free()
            if not free or w.code not in self.waiting:
                raise ServiceError(f"table {w.code} has no free seat")
            seats = [dict(s) for s in w.seats]
            seats[free[0]]["user"] = user
            return free[0], await self._save_seats(w, seats)

    async def _leave(self, w: Waiting, user: str) -> None:
        """``user`` gives up their seat at waiting table ``w`` (gone when empty)."""
        async with self._seating:
            seats = [dict(s, user=None) if s["user"] == user else dict(s) for s in w.seats]
            await self._save_seats(w, seats, gone=not any(s["user"] for s in seats))

    async def _save_seats(
        self, w: Waiting, seats: list[dict], new: bool = False, gone: bool = False
    ) -> bool:
        """Waiting table ``w`` with ``seats``: saved first (on the database
        thread), then kept; when no human seat is left open the table begins,
        its game saved in the same transaction, so a failed save leaves
        nothing half made. True when it began."""
        table = None
        if not gone and all(s["kind"] != "human" or s["user"] for s in seats):
            names = [
                {"name": s["user"] if s["kind"] == "human" else f"Bot {i + 1}", "kind": s["kind"]}
                for i, s in enumerate(seats)
            ]
            table = Table(w.game, names, w.seed, dict(w.options))  # not saved yet
        clock = owed = None
        if table is not None and clocks.is_turn_based(w.options):
            clock = clocks.Clock(w.options["days"], w.options["timeout"])
            owed = clock.after(clocks.owed_seats(table, table.state, None, set()), self.clock())
        what = "the table was not opened" if new else "your seat did not change"
        gid = await self._write(self._write_seats, w, seats, table, new, gone, owed, what=what)
        if gone:
            self.waiting.pop(w.code, None)
            return False
        w.seats = seats
        if table is None:
            self.waiting[w.code] = w
            return False
        table.store, table.table_id = self.store, gid
        self.tables[gid] = table
        self.revs[gid] = 0
        self.codes[gid] = w.code
        self.claims[gid] = {i: s["user"] for i, s in enumerate(seats) if s["user"]}
        self.waiting.pop(w.code, None)
        if clock is not None:
            self.clocks[gid] = clock
            self._set_owed(gid, owed)
        users = {s["user"] for s in seats if s["user"]}
        for c in self.conns:
            if c.user in users and c.watching is None:
                c.send({"event": "started", "code": w.code})
        return True

    def _write_seats(
        self,
        w: Waiting,
        seats: list[dict],
        table: Table | None,
        new: bool,
        gone: bool,
        owed: dict | None = None,
    ) -> int | None:
        """(database thread) :meth:`_save_seats`'s one transaction; the new
        game's id when the table begins (with its seats that owe a decision,
        ``owed``, when it is turn-based)."""
        db = self.writer.db
        with db:
            db.execute("BEGIN IMMEDIATE")
            if gone:
                db.execute("DELETE FROM net_tables WHERE code=?", (w.code,))
                return None
            if new:
                db.execute(
                    "INSERT INTO net_tables(code, game, seats, seed, created, options)"
                    " VALUES (?,?,?,?,?,?)",
                    (w.code, w.game, json.dumps(seats), w.seed, w.created, json.dumps(w.options)),
                )
            else:
                db.execute(
                    "UPDATE net_tables SET seats=? WHERE code=?", (json.dumps(seats), w.code)
                )
            if table is None:
                return None
            gid = self.writer.create(
                table.game_id, table.seed, table.seats, table.options, table.game.dump(table.state)
            )
            db.executemany(
                "INSERT INTO net_seats(game_id, seat, user) VALUES (?,?,?)",
                [(gid, i, s["user"]) for i, s in enumerate(seats) if s["user"]],
            )
            db.execute("UPDATE net_tables SET game_id=? WHERE code=?", (gid, w.code))
            if owed is not None:
                clocks.write_owed(db, gid, owed)
        return gid

    def _resume_code(self, user: str) -> str | None:
        """The live table ``user`` was seated at when their link dropped, if it goes on."""
        row = self.db.execute("SELECT code FROM net_users WHERE user=?", (user,)).fetchone()
        if row is None:
            return None
        try:
            kind, gid = self._resolve(row[0])
        except ServiceError:
            return None
        if kind != "game" or gid in self.clocks or self._table(gid).is_over():
            return None  # (a turn-based table's player signs in to the lobby's "your move")
        return row[0] if user in self._claims(gid).values() else None

    # ----- saving: the store first, then the table, then the screens -------------------
    async def _act(self, gid: int, plan) -> LogEntry | None:
        """Play at table ``gid`` what ``plan(table)`` works out (a
        :class:`~florencia_tui.table.Change`; None: nothing to play, e.g. a
        bot's move gone stale): saved on the database thread, then kept by the
        table, then pushed to every screen. One table's actions are saved one
        at a time, in order; every other table goes on meanwhile. A refusal
        (IllegalAction) or a failed save (SaveFailed) leaves the table and
        every seat's snapshot as they were. Once begun it runs to its end even
        if whoever asked goes away: a saved action is always kept."""
        task = asyncio.ensure_future(self._act_now(gid, plan))
        self._saving.add(task)
        task.add_done_callback(self._acted)
        return await asyncio.shield(task)

    def _acted(self, task: asyncio.Task) -> None:
        self._saving.discard(task)
        if not task.cancelled():
            task.exception()  # retrieved here too: its asker may be gone

    async def _act_now(self, gid: int, plan) -> LogEntry | None:
        table = self.tables[gid]
        async with self._acting.setdefault(gid, asyncio.Lock()):
            change: Change | None = plan(table)  # IllegalAction: refused
            if change is None:
                return None
            held = self.held.get(gid)
            after = turns.next_held(held, table, change)  # IllegalAction: refused
            if after is not None and after.seat in self._replaced(gid):
                after = None  # a bot's move, though the seat was a player's
            owed = self._owed_after(gid, change.state, after)
            await self._write(self._save, table, change, held, after, owed, gid=gid)
            entry = table.commit(change)
            if after is None:
                self.held.pop(gid, None)
            else:
                self.held[gid] = after
            self._set_owed(gid, owed)
        self._changed(gid)
        self._kick_bots(gid)
        return entry

    async def _write(self, fn, *args, gid: int | None = None, what: str = ""):
        """``fn(*args)`` on the database thread, awaited. A save still running
        after SLOW_SAVE is told to table ``gid``'s players; one that fails
        raises SaveFailed ("could not save: disk full; ``what``") and its
        reason stays in their status line until a save there succeeds."""
        job = asyncio.get_running_loop().run_in_executor(self._db, fn, *args)
        try:
            done, _ = await asyncio.wait([job], timeout=SLOW_SAVE)
            if not done and gid is not None:
                self._trouble(gid, BUSY)
            try:
                result = await job
            except SAVE_ERRORS as e:
                raise SaveFailed.of(e, what or "nothing was changed") from e
        except SaveFailed as e:
            log.warning("could not save (table %s): %s", gid, e.reason)
            if gid is not None:
                self._trouble(gid, f"the server could not save: {e.reason}")
            raise
        if gid is not None:
            self._trouble(gid, "")
        return result

    def _run(self, sql: str, args: tuple) -> None:
        """(database thread) One statement, committed."""
        self.writer.db.execute(sql, args)

    def _remember(self, sql: str, args: tuple) -> None:
        """Where a player sits, for their return (``net_users``): queued on the
        database thread and not waited for; a failure loses only the shortcut
        back to their seat, and is logged."""

        def done(job) -> None:
            if job.exception() is not None:
                log.warning("could not save where a player sits: %s", save_reason(job.exception()))

        self._db.submit(self._run, sql, args).add_done_callback(done)

    def _trouble(self, gid: int, text: str) -> None:
        """Tell table ``gid``'s players about its saving trouble ("" when none)."""
        if self.trouble.get(gid, "") != text:
            if text:
                self.trouble[gid] = text
            else:
                self.trouble.pop(gid, None)
            if gid in self.tables:
                self._changed(gid, presence_only=True)

    # ----- turn-based tables: deadlines, time-outs, pauses (clocks.py) -------------
    def _replaced(self, gid: int) -> set[int]:
        """The seats of table ``gid`` a bot took over when their time ran out."""
        clock = self.clocks.get(gid)
        return clock.replaced if clock is not None else set()

    def _owed_after(self, gid: int, state, held: turns.Held | None) -> dict | None:
        """At a turn-based table, its owed seats (clocks.Clock.owed) once it is
        in ``state`` with ``held`` held; None at a live table."""
        clock = self.clocks.get(gid)
        if clock is None:
            return None
        seats = clocks.owed_seats(self.tables[gid], state, held, clock.replaced)
        return clock.after(seats, self.clock())

    def _save_owed(self, gid: int, owed: dict) -> None:
        """(database thread) After a saved change: the owed seats. A failure
        is logged and the change kept (it is saved); the service keeps the
        deadlines and writes them again at its next check (:meth:`check_clocks`)."""
        try:
            clocks.save_owed(self.writer.db, gid, owed)
        except SAVE_ERRORS as e:
            log.warning("table %s: its deadlines were not saved: %s", gid, save_reason(e))
            self._owed_unsaved.add(gid)
        else:
            self._owed_unsaved.discard(gid)

    def _set_owed(self, gid: int, owed: dict | None) -> None:
        """Keep table ``gid``'s saved owed seats; a player whose move it
        became is told by the notify command (when there is one and they are
        not at that table now)."""
        clock = self.clocks.get(gid)
        if clock is None or owed is None:
            return
        new = [s for s in owed if s not in clock.owed]
        clock.owed = owed
        if self.tables[gid].is_over():
            del self.clocks[gid]
        if self.notify is None:
            return
        claims = self._claims(gid)
        for seat in new:
            user = claims.get(seat)
            here = any(c.user == user and c.watching == (gid, seat) for c in self.conns)
            if user and not here:
                self.notify.send(self._code(gid), self.tables[gid].game_id, user)

    async def _tick(self) -> None:
        """The deadlines checked at start, then every CHECK_EVERY seconds."""
        while True:
            try:
                await self.check_clocks()
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - the next check tries again
                log.exception("checking the turn-based tables' deadlines failed")
            await asyncio.sleep(clocks.CHECK_EVERY)

    async def check_clocks(self) -> None:
        """Apply every turn-based table's timeout rule to the seats whose time
        ran out, and end the pauses that reached their longest."""
        async with self._checking:
            for gid in list(self._owed_unsaved):  # written again (see _save_owed)
                if gid in self.clocks:
                    await self._write(self._save_owed, gid, dict(self.clocks[gid].owed))
            for gid in list(self.clocks):
                clock = self.clocks.get(gid)
                if clock is None or self._closing:
                    continue
                try:
                    if clock.paused() and self.clock() >= clock.pause.ends:
                        await self._end_pause(gid, clock.pause.ends)
                    for seat in clock.late(self.clock()):
                        await self._time_out(gid, seat)
                except (SaveFailed, ServiceError) as e:  # tried again at the next check
                    log.warning("table %s: a timeout was not applied: %s", gid, e)

    async def _time_out(self, gid: int, seat: int) -> None:
        """``seat``'s time ran out: the heuristic bot plays its move (the
        first action's line says why, to every seat), and with the
        ``replace`` rule a bot keeps the seat from now on (saved first)."""
        table = self._table(gid)
        clock = self.clocks[gid]
        name = table.names[seat]
        if clock.rule == "replace":
            await self._write(
                clocks.save_replaced, self.writer.db, gid, seat, gid=gid, what="no bot took over"
            )
            clock.replaced.add(seat)
            note = f"{name}'s time ran out: a bot plays for {name} from now on"
        else:
            note = f"{name}'s time ran out: the heuristic bot plays for {name}"
        played = 0
        for _ in range(clocks.MOST_TIMEOUT_ACTIONS):
            held = self.held.get(gid)
            if table.is_over() or seat not in table.to_act():
                break
            if held is not None and held.seat != seat:
                if not turns.may_act_meanwhile(held, table, seat):
                    break
            if played and clock.rule == "replace":
                break  # the bots go on (_bot_to_act)
            version = len(table.entries)
            action = await asyncio.to_thread(table.bot_choice, seat, clocks.TIMEOUT_BOT)
            said = note if not played else ""

            def plan(t: Table, action=action, version=version, said=said) -> Change | None:
                if len(t.entries) != version or seat not in t.to_act():
                    return None  # someone acted meanwhile: think again
                change = t.plan(seat, action)
                if said:
                    change.entry.text = {k: f"{said}. {v}" for k, v in change.entry.text.items()}
                return change

            if await self._act(gid, plan) is not None:
                played += 1
        held = self.held.get(gid)
        if held is not None and held.seat == seat and turns.due(held, table, seat):
            await self._confirm(gid, seat)  # the bot's turn is not held for anyone's Enter
        elif clock.rule == "replace" and seat in clock.owed:
            owed = self._owed_after(gid, table.state, held)
            await self._write(self._save_owed, gid, owed, gid=gid)
            self._set_owed(gid, owed)

    def _seated(self, conn: Conn, msg: dict) -> tuple[int, int, clocks.Clock]:
        """The turn-based table ``msg["code"]`` and ``conn``'s seat there."""
        code = str(msg.get("code", "")).strip().upper().lstrip("#")
        kind, gid = self._resolve(code)
        clock = self.clocks.get(gid) if kind == "game" else None
        if clock is None:
            raise ServiceError(f"table {code} is no turn-based table in play")
        seat = next((i for i, u in self._claims(gid).items() if u == conn.user), None)
        if seat is None:
            raise Denied(f"you have no seat at table {code}")
        return gid, seat, clock

    def _others(self, gid: int, seat: int) -> list[int]:
        """The other players of table ``gid`` who answer ``seat``'s request for a pause."""
        replaced = self._replaced(gid)
        return sorted(s for s in self._claims(gid) if s != seat and s not in replaced)

    async def _keep_pause(self, gid: int, pause: clocks.Pause | None, owed=None) -> None:
        """Table ``gid``'s pause becomes ``pause`` (and its owed seats ``owed``
        when one ends): saved first, then kept and shown."""
        what = "the pause did not change"
        await self._write(clocks.save_pause, self.writer.db, gid, pause, owed, gid=gid, what=what)
        clock = self.clocks[gid]
        clock.pause = pause
        if owed is not None:
            clock.owed = owed
        self._changed(gid)

    async def op_pause(self, conn: Conn, msg: dict) -> None:
        """Ask for a pause (vacation) at a turn-based table: it begins when
        every other player has accepted (at once when there is none)."""
        gid, seat, clock = self._seated(conn, msg)
        if clock.pause is not None and not clock.pause.refused_by():
            raise ServiceError("this table has a pause, or a request for one, already")
        now = self.clock()
        pause = clocks.Pause(seat, now)
        if not self._others(gid, seat):
            pause.started, pause.ends = now, now + clocks.PAUSE_MAX
        await self._keep_pause(gid, pause)

    async def op_pause_answer(self, conn: Conn, msg: dict) -> None:
        """Accept (``yes``) or refuse another player's request for a pause."""
        gid, seat, clock = self._seated(conn, msg)
        p = clock.pause
        others = self._others(gid, p.seat) if p is not None else []
        if p is None or p.started is not None or p.refused_by() or seat not in p.pending(others):
            raise ServiceError("no request for a pause waits for your answer here")
        pause = clocks.Pause(p.seat, p.asked, {**p.answers, seat: bool(msg.get("yes"))})
        if not pause.pending(others) and not pause.refused_by():
            now = self.clock()
            pause.started, pause.ends = now, now + clocks.PAUSE_MAX
        await self._keep_pause(gid, pause)

    async def op_pause_end(self, conn: Conn, msg: dict) -> None:
        """End one's pause (or take back one's request for it)."""
        gid, seat, clock = self._seated(conn, msg)
        if clock.pause is None or clock.pause.seat != seat:
            raise ServiceError("you have no pause here to end")
        await self._end_pause(gid, self.clock())

    async def _end_pause(self, gid: int, end: float) -> None:
        clock = self.clocks[gid]
        await self._keep_pause(gid, None, clock.resumed(end) if clock.paused() else None)

    def _clock_info(self, gid: int, seat: int | None) -> dict | None:
        """What ``seat`` is told of turn-based table ``gid``'s time (None: a
        live table): the pace; its own move's age and time left (nothing of
        any other seat's, so nothing of who has made a simultaneous decision
        already); the pause. ``text`` says it in one line."""
        clock = self.clocks.get(gid)
        if clock is None:
            return None
        now = self.clock()
        claims = self._claims(gid)
        info = {
            "pace": f"{clock.days} day{'s' if clock.days > 1 else ''} a move",
            "yours": seat in clock.owed,
            "replaced": seat in clock.replaced,
            "since": None,
            "left": None,
            "pause": "",
            "asked": clock.pause is not None and clock.pause.seat == seat,  # (theirs to end)
            "answer": False,
        }
        if seat in clock.owed:
            info["since"] = now - clock.owed[seat][0]
            info["left"] = clock.left(seat, now)
        p = clock.pause
        if p is not None:
            asker = claims.get(p.seat, "?")
            if p.started is not None:
                until = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(p.ends))
                info["pause"] = f"paused: vacation of {asker} until {until} at the latest"
            elif p.refused_by():
                who = ", ".join(claims.get(s, "?") for s in p.refused_by())
                info["pause"] = f"{who} refused {asker}'s pause"
            else:
                info["pause"] = f"{asker} asks for a pause"
                info["answer"] = seat in p.pending(self._others(gid, p.seat))
        if info["replaced"]:
            words = "a bot plays your seat (your time ran out)"
        elif info["yours"]:
            words = f"your move · {clocks.span(info['left'])} left"
        else:
            words = f"turn-based, {info['pace']}"
        info["text"] = " · ".join(w for w in (words, info["pause"]) if w)
        return info

    # ----- bots -------------------------------------------------------------------
    def _kick_bots(self, gid: int) -> None:
        if self._closing:
            return
        table = self.tables[gid]
        task = self.bot_tasks.get(gid)
        if task is None and not table.is_over() and self._bot_to_act(gid) is not None:
            self.bot_tasks[gid] = asyncio.get_running_loop().create_task(self._bots(gid))

    async def _bots(self, gid: int) -> None:
        table = self.tables[gid]
        retry = 0.0  # after a failed save: the pause before trying again
        try:
            while not table.is_over():
                await asyncio.sleep(retry or self.bot_delay)
                seat = self._bot_to_act(gid)
                if seat is None:
                    break
                # A search bot may think for a second: off the loop, so every
                # other table and terminal stays live meanwhile.
                version = len(table.entries)
                kind = clocks.TIMEOUT_BOT if seat in self._replaced(gid) else None
                action = await asyncio.to_thread(table.bot_choice, seat, kind)

                def plan(t: Table, seat=seat, action=action, version=version) -> Change | None:
                    if len(t.entries) != version or self._bot_to_act(gid) != seat:
                        return None  # a human acted meanwhile: think again
                    return t.plan(seat, action)

                try:
                    await self._act(gid, plan)
                except SaveFailed:  # nothing moved: wait longer each time, then again
                    retry = min(BOT_RETRY_MAX, max(BOT_RETRY, 2 * retry))
                    continue
                retry = 0.0
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001
            log.exception("bot at table %s failed", gid)
        finally:
            self.bot_tasks.pop(gid, None)

    def _bot_to_act(self, gid: int) -> int | None:
        """The bot seat that moves next at table ``gid`` (a seat a bot took
        over when its time ran out, clocks.py, is one); none while a turn is held."""
        if gid in self.held:
            return None
        table = self.tables[gid]
        replaced = [s for s in table.to_act() if s in self._replaced(gid)]
        return replaced[0] if replaced else table.bot_to_act()

    # ----- pushing changes --------------------------------------------------------
    def _changed(self, gid: int, presence_only: bool = False) -> None:
        self.revs[gid] = self.revs.get(gid, 0) + 1
        shared: dict = {}  # one view per seat (spectators: one for all) for this change
        for c in list(self.conns):
            if c.watching and c.watching[0] == gid:
                snap = self.snapshot(c, shared)
                if snap is not None:
                    c.send({"event": "table", "snap": snap})
        if not presence_only:
            self._lobby_changed()

    def _lobby_changed(self) -> None:
        if self._lobby_handle is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._lobby_handle = loop.call_later(LOBBY_EVERY, self._push_lobby)

    def _push_lobby(self) -> None:
        self._lobby_handle = None
        for c in list(self.conns):
            if c.user and c.watching is None:
                c.send({"event": "lobby"})

    def presence(self, gid: int) -> list[dict]:
        """Each seat: who holds it and whether they are here, elsewhere or gone."""
        table = self.tables[gid]
        claims = self._claims(gid)
        online = {c.user for c in self.conns if c.user}
        here = {
            c.user
            for c in self.conns
            if c.watching
            and c.watching[0] == gid
            and c.watching[1] is not None
            and claims.get(c.watching[1]) == c.user
        }
        out = []
        for i, s in enumerate(table.seats):
            user = claims.get(i)
            if s["kind"] != "human":
                state = "bot"
            elif user is None:
                state = "open"
            elif user in here:
                state = "here"
            elif user in online:
                state = "away"
            else:
                state = "gone"
            out.append({"user": user, "state": state})
        return out

    def snapshot(self, conn: Conn, shared: dict | None = None) -> dict | None:
        """What ``conn``'s seat may see now; the log as a change to what it holds.
        None when that is what it was sent last (a seat waiting for another's
        held turn is sent nothing while that player acts and takes back).

        ``shared``: what earlier connections of the same change were sent, by
        seat: every connection of one seat (all spectators: seat None) gets the
        same view, computed once (the log's change is still each one's own)."""
        gid, seat = conn.watching
        common = shared.get(seat) if shared is not None else None
        if common is None:
            common = self._seat_snapshot(gid, seat)
            if shared is not None:
                shared[seat] = common
        lines = common["lines"]
        if lines == conn.sent and common["snap"] == conn.last:
            return None
        k = 0
        sent = conn.sent
        n = min(len(lines), len(sent))
        while k < n and lines[k] == sent[k]:
            k += 1
        conn.sent, conn.last = lines, common["snap"]
        snap = dict(common["snap"], rev=self.revs[gid])
        snap["log_from"], snap["log"] = k, lines[k:]
        return snap

    def _seat_snapshot(self, gid: int, seat: int | None) -> dict:
        """The part of a snapshot every connection of ``seat`` shares: the
        table as ``seat`` may see it (:meth:`_seen`). A seat waiting for
        another's held turn is told whose (``taking``) and owes nothing, but
        for a simultaneous decision it may make meanwhile; the held turn's
        player is told when it waits for their Enter (``confirm``). Its
        ``rev`` is added per connection (it alone changes with every change)."""
        t = self._seen(gid, seat)
        held = self.held.get(gid)
        waits_for = held is not None and held.seat != seat
        over = t.is_over()
        to_act = t.to_act()
        if waits_for:
            live = self.tables[gid]
            to_act = [s for s in to_act if s == seat and turns.may_act_meanwhile(held, live, s)]
        if seat in self._replaced(gid):  # a bot plays it (its time ran out)
            to_act = [s for s in to_act if s != seat]
        snap = {
            "code": self._code(gid),
            "table_id": gid,
            "game": t.game_id,
            "seed": t.seed,
            "seat": seat,
            "options": t.game.options_in_effect(t.state),
            "seats": [{"name": s["name"], "kind": s["kind"]} for s in t.seats],
            "view": t.view(seat),
            "to_act": to_act,
            "over": over,
            "status": t.status(),
            "bot_to_act": self._bot_to_act(gid),
            "taking": t.names[held.seat] if waits_for else None,
            "confirm": turns.due(held, t, seat),
            "confirms": turns.confirms(t),
            "presence": self.presence(gid),
            "trouble": self.trouble.get(gid, ""),  # e.g. "saving… the database is busy"
            "clock": self._clock_info(gid, seat),  # a turn-based table's time (clocks.py)
            "prompt": None,
            "legal": [],
            "labels": None,
            "scores": [c.to_dict() for c in t.scores()] if over else None,
        }
        if seat is not None and seat in to_act and not over:
            legal = t.offered(seat)
            snap["prompt"] = prompt_to_dict(t.prompt(seat))
            snap["legal"] = legal
            if len(legal) <= LABELS_UP_TO:
                snap["labels"] = {a: t.label(seat, a) for a in legal}
        return {"snap": snap, "lines": t.log(seat)}

    # ----- the lobby --------------------------------------------------------------
    def lobby(self, user: str) -> dict:
        """The tables and the people, as ``user`` sees them in the lobby: the
        waiting tables (newest first), then those in play, at most
        ``LOBBY_TABLES`` of them (``user``'s own always among them), and at
        most ``LOBBY_PEOPLE`` people; ``more_tables``/``more_people`` count
        the rest, so the message stays small however many there are."""
        rows: list[tuple[bool, Waiting | object, int | None]] = []  # (mine?, table, seat)
        for w in sorted(self.waiting.values(), key=lambda w: -w.created):
            mine = next((i for i, s in enumerate(w.seats) if s["user"] == user), None)
            rows.append((mine is not None, w, mine))
        for g in self.store.list("playing"):
            if g.id not in self.codes:  # a hot-seat game, not a network table
                continue
            if g.game not in REGISTRY or not REGISTRY[g.game].available:
                continue
            mine = next((i for i, u in self._claims(g.id).items() if u == user), None)
            rows.append((mine is not None, g, mine))
        # The player's own tables first, those where it is their move first of all.
        moves = {
            k: self._clock_info(rows[k][1].id, rows[k][2])
            for k in range(len(rows))
            if rows[k][0] and getattr(rows[k][1], "id", None) in self.clocks
        }
        left = {k: info["left"] for k, info in moves.items() if info["yours"]}
        shown = sorted(range(len(rows)), key=lambda k: not rows[k][0])[:LOBBY_TABLES]
        order = sorted(shown, key=lambda k: (k not in left, left.get(k, 0.0), k))
        tables = [self._lobby_table(*rows[k][1:], moves.get(k)) for k in order]
        people = []
        here = [c for c in self.conns if c.user and c.via != RENDER_VIA]  # (a renderer: nobody)
        for c in sorted(here, key=lambda c: c.user)[:LOBBY_PEOPLE]:
            if c.watching is None:
                where = "in the lobby"
            elif c.watching[1] is None:
                where = f"watching table {c.code}"
            else:
                where = f"playing at table {c.code}"
            people.append({"user": c.user, "via": c.via, "where": where})
        return {
            "tables": tables,
            "your_move": len(left),
            "people": people,
            "more_tables": len(rows) - len(tables),
            "more_people": len(here) - len(people),
        }

    def _lobby_table(self, t, mine: int | None, clock: dict | None = None) -> dict:
        """One table's line in the lobby: ``t`` is a :class:`Waiting` table or
        a saved game in play; ``clock``: what ``mine`` is told of its time
        (a turn-based table's; :meth:`_clock_info`)."""
        if isinstance(t, Waiting):
            return {
                "code": t.code,
                "game": t.game,
                "title": REGISTRY[t.game].title,
                "state": "waiting",
                "seats": [
                    {
                        "name": s["user"] or ("open" if s["kind"] == "human" else "bot"),
                        "kind": s["kind"],
                        "state": "open"
                        if s["kind"] == "human" and not s["user"]
                        else ("bot" if s["kind"] != "human" else "seated"),
                    }
                    for s in t.seats
                ],
                "free": len(t.free()),
                "actions": 0,
                "mine": mine,
                "rated": t.options.get("rated") is True,
                "pace": clocks.describe(t.options) if clocks.is_turn_based(t.options) else "live",
                "clock": None,
            }
        claims = self._claims(t.id)
        pres = self.presence(t.id) if t.id in self.tables else None
        online = {c.user for c in self.conns}
        seats = []
        for i, s in enumerate(t.seats):
            state = (
                pres[i]["state"]
                if pres
                else ("bot" if s["kind"] != "human" else ("open" if i not in claims else "gone"))
            )
            if pres is None and claims.get(i) in online:
                state = "away"
            seats.append({"name": s["name"], "kind": s["kind"], "state": state})
        free = sum(1 for i, s in enumerate(t.seats) if s["kind"] == "human" and i not in claims)
        return {
            "code": self._code(t.id),
            "game": t.game,
            "title": REGISTRY[t.game].title,
            "state": "playing",
            "seats": seats,
            "free": free,
            # (a held turn's entries are not counted before it is confirmed)
            "actions": self.held[t.id].mark if t.id in self.held else t.n_actions,
            "mine": mine,
            "rated": t.options.get("rated") is True,
            "pace": clocks.describe(t.options) if clocks.is_turn_based(t.options) else "live",
            "clock": clock,
        }


def _reading(path: Path, fn, *args):
    """``fn(store, *args)`` on a connection of its own to the database at
    ``path``, for a thread: a long read never holds up the loop."""
    store = Store(path)
    try:
        return fn(store, *args)
    finally:
        store.close()


def _player_page(store: Store, name: str) -> dict:
    if name in BOT_KINDS:
        ids = ratings.rated_tables(store, name)
    else:
        rows = store.db.execute(
            "SELECT DISTINCT game_id FROM net_seats WHERE user=? ORDER BY game_id", (name,)
        )
        ids = [r[0] for r in rows]
    return player_page(store, name, ids)


def _socket_alive(path: Path) -> bool:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.settimeout(1)
        s.connect(str(path))
        return True
    except OSError:
        return False
    finally:
        s.close()


def _peer_user(writer: asyncio.StreamWriter) -> str | None:
    """Another OS account on the socket (an OpenSSH ForceCommand set-up) plays
    under its own login name, whatever it claims."""
    sock = writer.get_extra_info("socket")
    try:
        raw = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
        _pid, uid, _gid = struct.unpack("3i", raw)
    except (OSError, AttributeError):
        return None
    if uid == os.getuid():
        return None
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid{uid}"
