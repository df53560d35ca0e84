"""Turn-based tables' time keeping at the table service (issue 30).

A network table is *live* (everyone sits at once and plays to the end) or
*turn-based*: its opener chose a time per move (:data:`DAYS`) and what happens
when a seat lets it run out (:data:`RULES`), both kept in the table's options
(``days``, ``timeout``), so they are saved with it and read by its record.

At a turn-based table every human seat that owes a decision (its move; for a
simultaneous decision every seat that has not made it yet; the player of a
held turn until they confirm it) is *owed* one: a row of ``net_owed`` says
since when and until when. The service's clock (``TableService.clock``, a
callable the tests replace) is read when a seat's decision begins and when
the deadlines are checked (a periodic task, and once at start). A seat whose
deadline passed is played by the heuristic bot for that move (``bot``) or
from then on (``replace``: a row of ``net_replaced``), and every seat reads
why in the log.

A *pause* (vacation, ``net_pauses``): a seated player asks, every other human
seat accepts (one refusal ends the request); while it runs no deadline of the
table passes, and when it ends (its asker ends it, or :data:`PAUSE_MAX` after
it began) every owed seat's deadline moves on by the time it was paused.

Everything here is plain data and SQL; the service decides when to call it
(and writes on its database thread).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field

DAY = 86400.0
#: The times per move an opener may choose, in days, and the default.
DAYS = (1, 3, 7)
DEFAULT_DAYS = 3
#: What happens when a seat's time runs out (the first is the default).
RULES = {
    "bot": "the heuristic bot plays the move",
    "replace": "a bot takes the seat for the rest of the game",
}
#: The bot that plays for a seat whose time ran out.
TIMEOUT_BOT = "bot:heuristic"
#: A pause ends by itself this long after it began.
PAUSE_MAX = 14 * DAY
#: Seconds between two checks of the deadlines.
CHECK_EVERY = 60.0
#: A timed-out seat's turn is played in at most this many actions by the bot.
MOST_TIMEOUT_ACTIONS = 50

SCHEMA = """
CREATE TABLE IF NOT EXISTS net_owed (
    game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    since    REAL NOT NULL,
    deadline REAL NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS net_replaced (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS net_pauses (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    asked   REAL NOT NULL,
    answers TEXT NOT NULL,
    started REAL,
    ends    REAL
);
"""


def turn_options(msg: dict) -> dict:
    """The options a new table's request asks for: {} for a live table, else
    its ``days`` per move and ``timeout`` rule. ValueError says what is wrong."""
    if str(msg.get("pace", "live")) == "live":
        return {}
    if msg.get("pace") != "turn":
        raise ValueError(f"no pace {msg.get('pace')!r} (live or turn)")
    days = msg.get("days", DEFAULT_DAYS)
    if days not in DAYS:
        raise ValueError(f"a move may take {', '.join(map(str, DAYS))} days, not {days!r}")
    rule = msg.get("timeout", next(iter(RULES)))
    if rule not in RULES:
        raise ValueError(f"no timeout rule {rule!r} (known: {', '.join(RULES)})")
    return {"days": days, "timeout": rule}


def is_turn_based(options: dict) -> bool:
    return options.get("days") in DAYS


def describe(options: dict) -> str:
    """E.g. 'turn-based, 3 days a move; then the heuristic bot plays the move'."""
    d = options["days"]
    return f"turn-based, {d} day{'s' if d > 1 else ''} a move; then {RULES[options['timeout']]}"


def owed_seats(table, state, held, replaced: set[int]) -> set[int]:
    """The human seats of ``table`` that owe a decision in ``state`` with
    ``held`` (net/turns.py) the turn held then: the held turn's player
    (until they confirm it), and any seat that may act meanwhile (a
    simultaneous decision it owed before the held turn began); without a held
    turn, every seat to act. A seat a bot took over owes nothing."""
    game = table.game
    if game.is_over(state):
        return set()
    to_act = game.to_act(state)
    if held is None:
        seats = set(to_act)
    else:
        before = held.seen.to_act()
        seats = {held.seat} | {s for s in to_act if s != held.seat and s in before}
    return {s for s in seats if table.is_human(s) and s not in replaced}


@dataclass
class Pause:
    """A seat's request for a pause, or the pause itself once ``started``."""

    seat: int
    asked: float
    answers: dict[int, bool] = field(default_factory=dict)  # other seats' replies
    started: float | None = None
    ends: float | None = None  # at the latest

    def refused_by(self) -> list[int]:
        return [s for s, yes in self.answers.items() if not yes]

    def pending(self, others: list[int]) -> list[int]:
        """The seats of ``others`` that have not answered yet."""
        return [s for s in others if s not in self.answers]


@dataclass
class Clock:
    """One turn-based table's time: its rule, its owed seats and its pause."""

    days: int
    rule: str
    owed: dict[int, tuple[float, float]] = field(default_factory=dict)  # seat: (since, deadline)
    replaced: set[int] = field(default_factory=set)
    pause: Pause | None = None

    @property
    def per_move(self) -> float:
        return self.days * DAY

    def paused(self) -> bool:
        return self.pause is not None and self.pause.started is not None

    def after(self, seats: set[int], now: float) -> dict[int, tuple[float, float]]:
        """The owed rows once ``seats`` owe a decision: a seat that owed one
        already keeps its time; one whose decision begins now gets its time
        per move from ``now``."""
        return {s: self.owed.get(s) or (now, now + self.per_move) for s in sorted(seats)}

    def late(self, now: float) -> list[int]:
        """The seats whose time ran out (none while paused)."""
        if self.paused():
            return []
        return sorted(s for s, (_, deadline) in self.owed.items() if deadline <= now)

    def left(self, seat: int, now: float) -> float:
        """Seconds ``seat`` has left (frozen while paused)."""
        since, deadline = self.owed[seat]
        if self.paused():
            now = max(self.pause.started, since)
        return max(0.0, deadline - now)

    def resumed(self, end: float) -> dict[int, tuple[float, float]]:
        """The owed rows once the running pause ends at ``end``: each deadline
        moved on by the time it stood still."""
        start = self.pause.started
        return {
            s: (since, deadline + max(0.0, end - max(start, since)))
            for s, (since, deadline) in self.owed.items()
        }


def load(db: sqlite3.Connection, gid: int, options: dict) -> Clock:
    """Table ``gid``'s saved clock."""
    clock = Clock(options["days"], options["timeout"])
    for seat, since, deadline in db.execute(
        "SELECT seat, since, deadline FROM net_owed WHERE game_id=?", (gid,)
    ):
        clock.owed[seat] = (since, deadline)
    clock.replaced = {
        s for (s,) in db.execute("SELECT seat FROM net_replaced WHERE game_id=?", (gid,))
    }
    row = db.execute(
        "SELECT seat, asked, answers, started, ends FROM net_pauses WHERE game_id=?", (gid,)
    ).fetchone()
    if row is not None:
        seat, asked, answers, started, ends = row
        clock.pause = Pause(seat, asked, {int(k): v for k, v in json.loads(answers).items()})
        clock.pause.started, clock.pause.ends = started, ends
    return clock


# ----- writes (on the service's database thread; each one committed) ------------------


def write_owed(db: sqlite3.Connection, gid: int, owed: dict[int, tuple[float, float]]) -> None:
    """Table ``gid``'s owed seats are ``owed`` (inside the caller's transaction)."""
    db.execute("DELETE FROM net_owed WHERE game_id=?", (gid,))
    db.executemany(
        "INSERT INTO net_owed(game_id, seat, since, deadline) VALUES (?,?,?,?)",
        [(gid, s, since, deadline) for s, (since, deadline) in owed.items()],
    )


def save_owed(db: sqlite3.Connection, gid: int, owed: dict[int, tuple[float, float]]) -> None:
    with db:
        write_owed(db, gid, owed)


def save_replaced(db: sqlite3.Connection, gid: int, seat: int) -> None:
    with db:
        db.execute("INSERT OR IGNORE INTO net_replaced(game_id, seat) VALUES (?,?)", (gid, seat))


def save_pause(db: sqlite3.Connection, gid: int, pause: Pause | None, owed=None) -> None:
    """Table ``gid``'s pause is ``pause`` (None: none), and when a pause ends
    its owed seats' new deadlines ``owed``, in one transaction."""
    with db:
        db.execute("DELETE FROM net_pauses WHERE game_id=?", (gid,))
        if pause is not None:
            db.execute(
                "INSERT INTO net_pauses(game_id, seat, asked, answers, started, ends)"
                " VALUES (?,?,?,?,?,?)",
                (
                    gid,
                    pause.seat,
                    pause.asked,
                    json.dumps({str(k): v for k, v in pause.answers.items()}),
                    pause.started,
                    pause.ends,
                ),
            )
        if owed is not None:
            write_owed(db, gid, owed)


def span(seconds: float) -> str:
    """'2 days 3 h', '5 h 10 min', '4 min' (at least a minute)."""
    minutes = int(seconds // 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    if days:
        return f"{days} day{'s' if days > 1 else ''}" + (f" {hours} h" if hours else "")
    if hours:
        return f"{hours} h" + (f" {minutes} min" if minutes else "")
    return f"{max(1, minutes)} min"
