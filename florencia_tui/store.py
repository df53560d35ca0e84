"""SQLite persistence: every applied action is saved at once.

One database per user (``FLORENCIA_DATA_DIR`` overrides the location). WAL mode;
each action is one row in ``actions``, written in the same transaction that
updates the game's current state, so a crash or ``kill -9`` loses nothing that
was applied. An undo is a row too (action ``"undo"``), so the record keeps it.

Schema changes are additive and applied on open (``_migrate``), so databases
written by older versions still open.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.record import Record
from florencia_tui.core.undo import UNDO, undone_indices

ENV_DATA_DIR = "FLORENCIA_DATA_DIR"

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    game      TEXT NOT NULL,
    seed      INTEGER NOT NULL,
    seats     TEXT NOT NULL,
    options   TEXT NOT NULL,
    created   REAL NOT NULL,
    updated   REAL NOT NULL,
    status    TEXT NOT NULL DEFAULT 'playing',
    n_actions INTEGER NOT NULL DEFAULT 0,
    state     TEXT NOT NULL,
    result    TEXT
);
CREATE TABLE IF NOT EXISTS actions (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    idx     INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    action  TEXT NOT NULL,
    log     TEXT NOT NULL,
    ts      REAL NOT NULL,
    PRIMARY KEY (game_id, idx)
);
"""

#: Columns added after the first release: (table, column, declaration).
MIGRATIONS = [
    # Game.status(state before the action): the round/phase prefix of log lines.
    ("actions", "status", "TEXT NOT NULL DEFAULT ''"),
]


def data_dir() -> Path:
    """The per-user data directory (created on demand, mode 0700: it holds every
    game's hidden state, so no other local account may read it)."""
    env = os.environ.get(ENV_DATA_DIR)
    if env:
        path = Path(env)
    else:  # ~/.local/share/florencia_tui (or under $XDG_DATA_HOME) on Linux
        from platformdirs import user_data_path

        path = user_data_path("florencia_tui", appauthor=False)
    return private_dir(path)


def private_dir(path: Path) -> Path:
    """``path`` as a directory only its owner may enter (made 0700, or narrowed
    to it if it exists with group or other bits and is ours)."""
    path = Path(path)
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    _narrow(path, 0o700)
    return path


def private_file(path: Path) -> Path:
    """Make sure ``path`` exists with mode 0600 (created so, or narrowed)."""
    path = Path(path)
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        _narrow(path, 0o600)
    return path


def write_private(path: Path, text: str) -> Path:
    """Write ``text`` to ``path`` (mode 0600: a log holds what one seat saw)."""
    private_file(path)
    Path(path).write_text(text)
    return Path(path)


def _narrow(path: Path, mode: int) -> None:
    st = path.stat()
    if st.st_uid == os.getuid() and st.st_mode & 0o777 & ~mode:
        os.chmod(path, st.st_mode & 0o777 & mode)


#: What a save may fail with: the file system's refusal (a full disk, a file
#: that cannot be written) or SQLite's (a full disk, a file locked by another
#: program past the busy timeout, any other error of the database).
SAVE_ERRORS = (OSError, sqlite3.Error)


class SaveFailed(IllegalAction):
    """An action (or a new game) could not be saved, so it did not happen:
    nothing changed. ``str(err)`` is the sentence to show the player, in words
    they understand and with no path; ``reason`` the cause alone ("disk full").

    It is a refusal (:class:`IllegalAction`) for whoever shows refusals, with
    the difference that trying again later may work."""

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason or message

    @classmethod
    def of(cls, error: BaseException, what: str) -> SaveFailed:
        """The error ``error`` (one of :data:`SAVE_ERRORS`) as a player reads
        it: "could not save: disk full; your move was not played"."""
        reason = save_reason(error)
        return cls(f"could not save: {reason}; {what}", reason)


def save_reason(error: BaseException) -> str:
    """Why a save failed, in a player's words: a full disk, a database locked
    by another program, or a plain reason (never the error's text, which may
    name a path)."""
    name = getattr(error, "sqlite_errorname", "") or ""
    text = str(error).lower()
    if (
        getattr(error, "errno", None) in (errno.ENOSPC, errno.EDQUOT)
        or name.startswith("SQLITE_FULL")
        or "disk is full" in text
    ):
        return "disk full"
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "database is locked" in text:
        return "the database is locked by another program"
    if getattr(error, "errno", None) == errno.EROFS or name.startswith("SQLITE_READONLY"):
        return "the save file is read-only"
    return "the save file could not be written"


@dataclass
class SavedGame:
    id: int
    game: str
    seed: int
    seats: list[dict]
    options: dict
    created: float
    updated: float
    status: str
    n_actions: int
    #: Why the row's players or options cannot be read ("" when they can).
    damaged: str = ""

    @property
    def names(self) -> list[str]:
        return [s["name"] for s in self.seats]


class Store:
    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path else data_dir() / "florencia.sqlite3"
        if not self.path.parent.exists():
            private_dir(self.path.parent)
        # Every game's hidden state is in here: 0600 before SQLite opens it (its
        # -wal and -shm files take the database file's mode).
        private_file(self.path)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        for extra in ("-wal", "-shm"):  # made 0644 by versions before this one
            side = self.path.with_name(self.path.name + extra)
            if side.exists():
                _narrow(side, 0o600)
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)
        self._migrate()

    def _migrate(self) -> None:
        for table, column, decl in MIGRATIONS:
            have = {r[1] for r in self.db.execute(f"PRAGMA table_info({table})")}
            if column not in have:
                try:
                    self.db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {decl}")
                except sqlite3.OperationalError as e:  # another process added it first
                    if "duplicate column" not in str(e):
                        raise

    def close(self) -> None:
        self.db.close()

    # ----- writing ----------------------------------------------------------
    def create(self, game: str, seed: int, seats: list[dict], options: dict, state: str) -> int:
        now = time.time()
        cur = self.db.execute(
            "INSERT INTO games(game, seed, seats, options, created, updated, state)"
            " VALUES (?,?,?,?,?,?,?)",
            (game, seed, json.dumps(seats), json.dumps(options), now, now, state),
        )
        return int(cur.lastrowid)

    def append(
        self,
        game_id: int,
        idx: int,
        seat: int,
        action: str,
        log: dict,
        state: str,
        over: bool,
        result: list | None = None,
        status: str = "",
    ) -> None:
        """Save one applied action (or undo) and the state after it, atomically."""
        now = time.time()
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO actions(game_id, idx, seat, action, log, ts, status)"
                " VALUES (?,?,?,?,?,?,?)",
                (game_id, idx, seat, action, json.dumps(log), now, status),
            )
            self.db.execute(
                "UPDATE games SET state=?, updated=?, n_actions=?, status=?, result=? WHERE id=?",
                (
                    state,
                    now,
                    idx + 1,
                    "over" if over else "playing",
                    json.dumps(result) if result is not None else None,
                    game_id,
                ),
            )

    # ----- reading ----------------------------------------------------------
    def _saved(self, row) -> SavedGame:
        """One games row; a row whose players or options are damaged still
        lists (no players, no options, ``damaged`` saying why)."""
        damaged = ""
        try:
            seats, options = json.loads(row[3]), json.loads(row[4])
            if not (
                isinstance(seats, list)
                and isinstance(options, dict)
                and all(isinstance(s, dict) and isinstance(s.get("name"), str) for s in seats)
            ):
                raise ValueError("not a list of seats and a dict of options")
        except (TypeError, ValueError) as e:
            seats, options = [], {}
            damaged = f"its players or options cannot be read ({e})"
        return SavedGame(
            row[0], row[1], row[2], seats, options, row[5], row[6], row[7], row[8], damaged
        )

    def damage(self, game_id: int) -> str:
        """Why saved game ``game_id`` cannot be opened ("" when it can): its
        players or options, its state (``Game.load`` raises ``CorruptSave``)
        or one of its action rows cannot be read. KeyError if there is no
        such game."""
        from florencia_tui.games import get_game

        g = self.get(game_id)
        if g.damaged:
            return g.damaged
        try:
            game = get_game(g.game)
        except KeyError as e:
            return str(e.args[0])
        try:
            game.load(self.state(game_id))
        except ValueError as e:  # CorruptSave
            return str(e)
        try:
            self.action_rows(game_id)
        except (TypeError, ValueError) as e:
            return f"an action row cannot be read ({e})"
        return ""

    _COLS = "id, game, seed, seats, options, created, updated, status, n_actions"

    def list(self, status: str | None = None) -> list[SavedGame]:
        sql = f"SELECT {self._COLS} FROM games"
        args: tuple = ()
        if status:
            sql += " WHERE status=?"
            args = (status,)
        sql += " ORDER BY updated DESC"
        return [self._saved(r) for r in self.db.execute(sql, args)]

    def get(self, game_id: int) -> SavedGame:
        row = self.db.execute(f"SELECT {self._COLS} FROM games WHERE id=?", (game_id,)).fetchone()
        if row is None:
            raise KeyError(f"no saved game with id {game_id}")
        return self._saved(row)

    def state(self, game_id: int) -> str:
        row = self.db.execute("SELECT state FROM games WHERE id=?", (game_id,)).fetchone()
        if row is None:
            raise KeyError(f"no saved game with id {game_id}")
        return row[0]

    def actions(self, game_id: int) -> list[tuple[int, str, dict]]:
        rows = self.db.execute(
            "SELECT seat, action, log FROM actions WHERE game_id=? ORDER BY idx", (game_id,)
        )
        return [(r[0], r[1], json.loads(r[2])) for r in rows]

    def action_rows(self, game_id: int) -> list[dict]:
        """Every row of a game: seat, action, log (per viewer), status, ts."""
        rows = self.db.execute(
            "SELECT seat, action, log, status, ts FROM actions WHERE game_id=? ORDER BY idx",
            (game_id,),
        )
        return [
            {
                "seat": r[0],
                "action": r[1],
                "log": json.loads(r[2]),
                "status": r[3] or "",
                "ts": r[4],
            }
            for r in rows
        ]

    def effective_actions(self, game_id: int) -> int:
        """Actions that stand: neither undo rows nor taken back by one."""
        acts = [[s, a] for s, a, _ in self.actions(game_id)]
        return sum(1 for _, a in acts if a != UNDO) - len(undone_indices(acts))

    def results(self) -> list[tuple[SavedGame, list[dict] | None]]:
        """Every game with its final score cards (None while unfinished)."""
        rows = self.db.execute(f"SELECT {self._COLS}, result FROM games ORDER BY id")
        return [(self._saved(r), json.loads(r[9]) if r[9] else None) for r in rows]

    def result(self, game_id: int) -> list[dict] | None:
        """One game's final score cards (None while unfinished)."""
        row = self.db.execute("SELECT result FROM games WHERE id=?", (game_id,)).fetchone()
        if row is None:
            raise KeyError(f"no saved game with id {game_id}")
        return json.loads(row[0]) if row[0] else None

    def record(self, game_id: int) -> Record:
        g = self.get(game_id)
        return Record(
            g.game,
            g.seed,
            g.seats,
            g.options,
            [[seat, action] for seat, action, _ in self.actions(game_id)],
        )
