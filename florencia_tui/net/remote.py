"""The client side of the table service: a connection and a RemoteTable.

:class:`RemoteTable` answers the same questions the screens ask a
:class:`~florencia_tui.table.Table` (``view``, ``prompt``, ``legal``, ``label``,
``submit``, ``undo``, ``log``, ``status``, ``scores``, ``names``, ``seats``,
``is_human``, ``humans``, ``to_act``, ``is_over``, ``bot_to_act``, ``info``,
``rules_help``, ``table_id``) for one seat, from the latest snapshot the service
pushed, and what a held turn (net/turns.py) adds: ``taking_turn``,
``confirm_due`` and ``confirm``. Only ``submit``, ``undo`` and ``confirm`` (and
``label`` for very long legal lists) wait for the service.

Threads: a reader thread takes every line off the socket in order. Answers
wake the waiting caller; a table snapshot is merged into ``latest`` (its log
is sent as a change to the previous one, so the order matters) and the app is
told. The screens see a new snapshot only when they call :meth:`sync`, at the
start of a redraw, so one redraw never mixes two states.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from types import SimpleNamespace
from typing import Any

from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.game import Prompt, ScoreCard
from florencia_tui.gamelog import LogLine
from florencia_tui.games import REGISTRY, GamePlugin, get_game
from florencia_tui.net.protocol import MAX_LINE, card_from_dict, encode, prompt_from_dict
from florencia_tui.store import SaveFailed
from florencia_tui.table import LogEntry, SeatQueries


class RemoteError(Exception):
    def __init__(self, message: str, kind: str = "error") -> None:
        super().__init__(message)
        self.kind = kind


class Unsaved(SaveFailed, RemoteError):
    """The service could not save what was asked, so it was not done ("the
    server could not save: disk full; your move was not played"): a refusal
    to the game screen (SaveFailed), an error of the service to the lobby
    (RemoteError)."""

    kind = "unsaved"


class Connection:
    """One client's link to the table service (blocking calls, any thread)."""

    def __init__(self, path: str, user: str, via: str = "local", timeout: float = 15) -> None:
        self.path = path
        self.timeout = timeout
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self._rfile = self.sock.makefile("rb")
        self._lock = threading.Lock()
        self._next = 0
        self._waiting: dict[int, Future] = {}
        self._sink: Callable[[dict], None] | None = None
        self._early: list[dict] = []
        self.closed = threading.Event()
        self.table: RemoteTable | None = None
        self._reader = threading.Thread(target=self._read, name="florencia-rpc", daemon=True)
        self._reader.start()
        hello = self.call("hello", user=user, via=via)
        self.user: str = hello["user"]
        self.resume: str | None = hello.get("resume")

    # ----- calls ----------------------------------------------------------------
    def call(self, op: str, **args: Any) -> Any:
        if self.closed.is_set():
            raise RemoteError("the table service is gone")
        fut: Future = Future()
        with self._lock:
            self._next += 1
            rid = self._next
            self._waiting[rid] = fut
            try:
                self.sock.sendall(encode({"id": rid, "op": op, **args}))
            except OSError as e:
                self._waiting.pop(rid, None)
                raise RemoteError(f"the table service is gone ({e})") from e
        try:
            msg = fut.result(self.timeout)
        except FutureTimeout:
            raise RemoteError(f"the table service did not answer {op!r}") from None
        finally:
            with self._lock:
                self._waiting.pop(rid, None)
        if "error" in msg:
            if msg.get("kind") == "illegal":
                raise IllegalAction(msg["error"])
            if msg.get("kind") == Unsaved.kind:
                raise Unsaved(msg["error"])
            raise RemoteError(msg["error"], msg.get("kind", "error"))
        return msg.get("ok")

    def set_sink(self, sink: Callable[[dict], None]) -> None:
        """Where pushed events go (called on the reader thread; must not block)."""
        with self._lock:
            self._sink = sink
            early, self._early = self._early, []
        for msg in early:
            sink(msg)

    def close(self) -> None:
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()

    # ----- the reader thread ----------------------------------------------------------
    def _read(self) -> None:
        try:
            while True:
                line = self._rfile.readline(MAX_LINE)
                if not line:
                    break
                msg = json.loads(line)
                rid = msg.get("id")
                if rid is not None:
                    with self._lock:
                        fut = self._waiting.get(rid)
                    if fut is not None:
                        fut.set_result(msg)
                    continue
                if msg.get("event") == "table" and self.table is not None:
                    self.table.merge(msg["snap"])
                self._deliver(msg)
        except (OSError, ValueError):
            pass
        finally:
            self.closed.set()
            with self._lock:
                waiting = list(self._waiting.values())
            for fut in waiting:
                if not fut.done():
                    fut.set_result({"error": "the table service is gone", "kind": "gone"})
            self._deliver({"event": "closed"})

    def _deliver(self, msg: dict) -> None:
        with self._lock:
            sink = self._sink
            if sink is None:
                self._early.append(msg)
                return
        sink(msg)

    # ----- tables -----------------------------------------------------------------
    def open_table(self, code: str, seat: int | None) -> RemoteTable:
        """Watch table ``code`` from ``seat`` (None: as a spectator)."""
        if self.table is not None:
            self.close_table()
        table = RemoteTable(self)
        self.table = table
        try:
            self.call("watch", code=code, seat=seat)
        except Exception:
            self.table = None
            raise
        if not table.wait_first(self.timeout):
            raise RemoteError(f"no snapshot of table {code} arrived")
        table.sync()
        return table

    def close_table(self) -> None:
        self.table = None
        if not self.closed.is_set():
            self.call("unwatch")


#: Snapshot fields that describe the game (the rest: who is connected).
STATE_KEYS = (
    "view",
    "to_act",
    "over",
    "status",
    "prompt",
    "legal",
    "labels",
    "bot_to_act",
    "scores",
    "seats",
    "taking",
    "confirm",
)


class RemoteTable(SeatQueries):
    """A table seen from one seat (or a spectator) over the service's socket."""

    #: Capability flag read by the game screen: bots run in the service, and
    #: this terminal always shows one fixed seat, so there is no curtain.
    shared = True

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self._lock = threading.Lock()
        self._latest: dict | None = None
        self._log: list[str] = []
        self._first = threading.Event()
        self.snap: dict = {}
        self._lines: list[str] = []  # the log as this seat reads it
        self.dirty = False  # a newer snapshot waits for sync()
        self._labels: dict[tuple[int, str], str] = {}

    # ----- snapshots --------------------------------------------------------------
    def merge(self, snap: dict) -> None:
        """Reader thread: take a pushed snapshot (in arrival order)."""
        with self._lock:
            k = snap.pop("log_from")
            self._log = self._log[:k] + snap.pop("log")
            snap["log_lines"] = self._log
            self._latest = snap
            self.dirty = True
        self._first.set()

    def wait_first(self, timeout: float) -> bool:
        return self._first.wait(timeout)

    def sync(self) -> str | None:
        """Adopt the newest snapshot. Returns None when nothing is new,
        ``"presence"`` when only who is connected changed (the status line),
        ``"state"`` when the game did."""
        with self._lock:
            latest, self.dirty = self._latest, False
        if latest is None or latest is self.snap:
            return None
        old = self.snap
        if old and latest["rev"] < old["rev"]:
            return None
        self.snap = latest
        self._lines = latest["log_lines"]
        if (
            old
            and old["log_lines"] == latest["log_lines"]
            and all(old.get(k) == latest.get(k) for k in STATE_KEYS)
        ):
            return "presence"
        self._labels.clear()
        return "state"

    # ----- what the screens ask (Table's API) -----------------------------------------
    @property
    def game_id(self) -> str:
        return self.snap["game"]

    @property
    def game(self):
        return get_game(self.game_id)

    @property
    def info(self) -> GamePlugin:
        return REGISTRY[self.game_id]

    @property
    def table_id(self) -> int:
        return self.snap["table_id"]

    @property
    def code(self) -> str:
        return self.snap["code"]

    @property
    def seat(self) -> int | None:
        return self.snap["seat"]

    @property
    def seed(self) -> int:
        return self.snap["seed"]

    @property
    def seats(self) -> list[dict]:
        return self.snap["seats"]

    def to_act(self) -> list[int]:
        return list(self.snap["to_act"])

    def is_over(self) -> bool:
        return bool(self.snap["over"])

    def bot_to_act(self) -> int | None:
        return self.snap["bot_to_act"]

    def taking_turn(self) -> str | None:
        """The player whose turn, not confirmed yet, this seat waits for (the
        table shown is as it was before that turn), if any."""
        return self.snap.get("taking")

    def confirms_turns(self) -> bool:
        """Does this table hold each turn for its player's Enter (its opener's choice)?"""
        return bool(self.snap.get("confirms"))

    def confirm_due(self) -> bool:
        """Is this seat's turn over and held for its Enter (``confirm``)?"""
        return bool(self.snap.get("confirm"))

    def _mine(self, seat: int | None) -> None:
        if seat != self.seat:
            raise RemoteError(f"this terminal sees seat {self.seat}, not {seat}", "denied")

    def view(self, seat: int | None) -> dict:
        self._mine(seat)
        return self.snap["view"]

    def prompt(self, seat: int) -> Prompt:
        self._mine(seat)
        p = self.snap["prompt"]
        if p is None:
            raise RemoteError("no decision is owed now")
        return prompt_from_dict(p)

    def legal(self, seat: int) -> list[str]:
        """What the server offers (``Table.offered``): every legal action, or
        none where the game's own panel composes the answer."""
        self._mine(seat)
        return list(self.snap["legal"])

    offered = legal

    def label(self, seat: int, action: str) -> str:
        self._mine(seat)
        labels = self.snap.get("labels")
        if labels and action in labels:
            return labels[action]
        key = (self.snap["rev"], action)
        if key not in self._labels:
            self._labels[key] = self.conn.call("label", action=action)
        return self._labels[key]

    def status(self) -> str:
        """The game's status line, plus who is away or has lost their link."""
        text = self.snap["status"]
        # "spectating" and the table's saving trouble ("saving… the database
        # is busy") first: a line too long for the screen is cut at its end.
        notes = ["spectating"] if self.seat is None else []
        if self.snap.get("trouble"):
            notes.append(self.snap["trouble"])
        if self.snap.get("clock"):  # a turn-based table's: "your move · 2 days left"
            notes.append(self.snap["clock"]["text"])
        for name, p in zip(self.names, self.snap["presence"]):
            if p["state"] == "gone":
                notes.append(f"{name} disconnected")
            elif p["state"] == "away":
                notes.append(f"{name} away")
            elif p["state"] == "open":
                notes.append(f"{name}'s seat is free")
        return " · ".join([text, *notes])

    def presence(self) -> list[dict]:
        return self.snap["presence"]

    def log(self, viewer: int | None) -> list[str]:
        self._mine(viewer)
        return list(self._lines)

    def log_lines(self, viewer: int | None) -> list[LogLine]:
        """The log lines this seat holds (plain: the snapshot carries text only)."""
        return [LogLine(i, -1, "", text) for i, text in enumerate(self.log(viewer))]

    def scores(self) -> list[ScoreCard]:
        cards = self.snap.get("scores")
        if cards is None:
            cards = self.conn.call("scores")
        return [card_from_dict(c) for c in cards]

    @property
    def rules_help(self) -> str:
        """F1 help with the options in effect at this table (sent in the snapshot)."""
        return self.game.rules_help_for(self.snap.get("options"))

    # ----- acting ---------------------------------------------------------------------
    def submit(self, seat: int, action: str) -> LogEntry:
        """Play ``action`` at the service; raises IllegalAction with its reason.

        The service pushes the new snapshot before it answers, so when this
        returns :meth:`sync` already shows the state after the action."""
        self._mine(seat)
        result = self.conn.call("submit", action=action)
        self.sync()
        index = len(self._lines) - 1
        return LogEntry(index, seat, action, {str(seat): result["line"]})

    def hint(self, seat: int):
        """The service's hint for this seat (bots/hint.py): an object whose
        ``text()`` is the line to show. Raises ValueError saying why there is none."""
        self._mine(seat)
        try:
            text = self.conn.call("hint")
        except RemoteError as e:
            raise ValueError(str(e)) from None
        return SimpleNamespace(text=lambda: text)

    def undo(self, seat: int) -> LogEntry:
        """Take back this seat's latest action; raises IllegalAction saying why not."""
        self._mine(seat)
        result = self.conn.call("undo")
        self.sync()
        return LogEntry(len(self._lines) - 1, seat, "undo", {str(seat): result["line"]})

    def confirm(self, seat: int) -> None:
        """Confirm this seat's finished turn: every other seat sees it now.
        Raises IllegalAction saying why not (SaveFailed: it was not saved)."""
        self._mine(seat)
        self.conn.call("confirm")
        self.sync()
