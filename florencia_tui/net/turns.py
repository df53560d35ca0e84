"""Turns held until their player confirms them, at the table service (issue 27.3).

At a network table whose opener left ``confirm`` on (the default, like a
local game's "Confirm each turn"), a human's turn is *held* from its first
action until that player confirms it (Enter), as on Board Game Arena:

* the player sees the live table, "Your turn is done. Enter confirm turn · u
  undo" once the turn is over, and may take back (``u``) anything of the held
  turn, never what was confirmed before it;
* every other seat and every spectator sees the table as it was before the
  turn's first action (:attr:`Held.seen`: view, status, log, scores, prompt),
  told that the player is taking their turn, and nothing of what is done or
  taken back meanwhile; nobody else acts and bots wait. The one exception is
  a simultaneous decision (Strasbourg's planning, the Architects draft): a
  seat that owes its own secret decision both before the held turn and now
  may make it meanwhile (:func:`may_act_meanwhile`), which confirms the held
  turn first (after another seat's action it could not be taken back anyway);
* a turn whose last action cannot be taken back (a draw, a reveal) or that
  ends the game is confirmed at once.

A held turn is saved (``net_turns``, one row per table, written on the
service's database thread before the turn's first action is saved), so after
a restart the turn is still held: its player may still confirm or take it
back, and the others still see the table as it was before it.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from florencia_tui.core.errors import IllegalAction
from florencia_tui.table import Change, Table

SCHEMA = """
CREATE TABLE IF NOT EXISTS net_turns (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    mark    INTEGER NOT NULL,
    state   TEXT NOT NULL
);
"""


def confirms(table: Table) -> bool:
    """Does ``table`` hold turns for confirmation (its ``confirm`` option, on
    unless the opener turned it off)?"""
    return bool(table.options.get("confirm", True))


def as_of(table: Table, state, mark: int) -> Table:
    """``table`` as it was after its first ``mark`` entries, in ``state``: a
    stand-in for reading only (no store: it never saves nor plays)."""
    return Table(
        table.game_id,
        table.seats,
        table.seed,
        table.options,
        table_id=table.table_id,
        state=state,
        entries=table.entries[:mark],
    )


@dataclass
class Held:
    """A turn ``seat`` has begun and not confirmed."""

    seat: int
    mark: int  # the entries before the turn: what the other seats' log ends with
    seen: Table  # the table before the turn, as every other seat sees it

    @classmethod
    def begin(cls, table: Table, seat: int) -> Held:
        mark = len(table.entries)
        return cls(seat, mark, as_of(table, table.state, mark))


def may_act_meanwhile(held: Held, table: Table, seat: int) -> bool:
    """May ``seat`` act while ``held`` waits: a simultaneous decision it owed
    before the held turn began and still owes."""
    return seat != held.seat and seat in held.seen.to_act() and seat in table.to_act()


def refuse_while_held(held: Held | None, table: Table, seat: int) -> None:
    """Raise IllegalAction when ``seat`` may not act because another player's
    turn is held (checked before anything else: no other reason is given,
    which could tell how far that turn went)."""
    if held is not None and held.seat != seat and not may_act_meanwhile(held, table, seat):
        raise IllegalAction(
            f"{table.names[held.seat]} is taking their turn: wait until they confirm it"
        )


def next_held(held: Held | None, table: Table, change: Change) -> Held | None:
    """The held turn once ``change`` (planned at ``table``) is kept. Raises
    IllegalAction, saying why, when the change may not be made now: another
    player's turn is held, or an undo would take back a confirmed action."""
    seat = change.entry.seat
    refuse_while_held(held, table, seat)
    if held is not None and held.seat != seat:
        held = None  # a simultaneous decision: the held turn is confirmed first
    if not confirms(table):
        return None
    if change.taken_back is not None:
        if held is None or change.taken_back.index < held.mark:
            raise IllegalAction("cannot undo: your turn was confirmed, it cannot be taken back")
    elif held is None and table.is_human(seat):
        held = Held.begin(table, seat)
    if held is None or not waits(held, table, change.state, change.undo_log):
        return None
    return held


def waits(held: Held, table: Table, state, undo_log) -> bool:
    """Is ``held`` still held in ``state``: the game goes on, and its player
    either still owes a decision or may take something back?"""
    game = table.game
    if game.is_over(state):
        return False
    return held.seat in game.to_act(state) or undo_log.refusal(game, state, held.seat) is None


def due(held: Held | None, table: Table, seat: int | None) -> bool:
    """Is ``seat``'s held turn over, waiting for its Enter?"""
    return held is not None and held.seat == seat and seat not in table.to_act()


# ----- saved (on the service's database thread) ----------------------------------------


def save(db: sqlite3.Connection, held: Held) -> None:
    """Write ``held`` (its table's one row), committed."""
    seen = held.seen
    with db:
        db.execute(
            "INSERT OR REPLACE INTO net_turns(game_id, seat, mark, state) VALUES (?,?,?,?)",
            (seen.table_id, held.seat, held.mark, seen.game.dump(seen.state)),
        )


def drop(db: sqlite3.Connection, gid: int) -> None:
    """Table ``gid`` holds no turn any more, committed."""
    with db:
        db.execute("DELETE FROM net_turns WHERE game_id=?", (gid,))


def load(db: sqlite3.Connection, table: Table) -> Held | None:
    """The held turn saved for ``table`` (just resumed), if it is still one:
    a row left by a save that failed halfway, or by an end of the turn that
    could not be written, does not describe the table and is ignored."""
    row = db.execute(
        "SELECT seat, mark, state FROM net_turns WHERE game_id=?", (table.table_id,)
    ).fetchone()
    if row is None:
        return None
    seat, mark, state = row
    later = table.entries[mark:]
    if not later or any(e.seat != seat for e in later):
        return None  # nothing held, or another seat acted since: it was confirmed
    try:
        held = Held(seat, mark, as_of(table, table.game.load(state), mark))
    except Exception:  # noqa: BLE001 - an unreadable row holds nothing back
        return None
    return held if waits(held, table, table.state, table.undo_log) else None
