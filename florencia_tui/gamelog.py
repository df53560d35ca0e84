"""The game log as a viewer may read it, its text export, and replay timelines.

Log lines come from the per-viewer text the table wrote for every entry (so
what a seat did not see stays hidden in its log), prefixed with the round and
phase (``Game.status`` of the state before the entry). A :class:`Timeline`
replays a record entry by entry (undos included) and keeps every state, for
stepping through a game in the replay screen.

What a player did and took back is theirs alone (:func:`shown_to`): an entry
an undo took back, and the undo itself, are in the actor's log only (marked);
every other seat, a spectator and a replay for them see the standing actions,
numbered without gaps.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from florencia_tui.core.game import Game, State
from florencia_tui.core.record import Record
from florencia_tui.core.undo import UNDO, UndoLog
from florencia_tui.games import REGISTRY, get_game

SPECTATOR = "spectator"
#: Replay viewer that sees everything (finished games only).
ALL = "all"


def viewer_key(viewer: int | None) -> str:
    return SPECTATOR if viewer is None else str(viewer)


def shown_to(actor: int, taken_back: bool, viewer: int | None | str) -> bool:
    """May ``viewer`` read an entry of ``actor``'s? One that was taken back
    (``taken_back``: undone, or an undo row) is for its actor alone (and the
    replay's everything view, ``ALL``, of a finished game); the rest is for all."""
    return not taken_back or viewer == actor or viewer == ALL


@dataclass
class LogLine:
    index: int  # its place in this viewer's log (from 0)
    seat: int  # who acted
    status: str  # round and phase before the entry
    text: str  # as the viewer may read it
    undone: bool = False
    is_undo: bool = False

    def render(self) -> str:
        head = f"{self.index + 1:>3}. "
        if self.status:
            head += f"[{self.status}] "
        return head + self.text + (" (undone)" if self.undone else "")


def log_lines(entries, viewer: int | None) -> list[LogLine]:
    """Lines of the table's log entries (``table.entries``) as ``viewer`` reads
    them: only those :func:`shown_to` it."""
    shown = [e for e in entries if e.shown_to(viewer)]
    return [
        LogLine(n, e.seat, e.status, e.line(viewer), e.undone, e.is_undo)
        for n, e in enumerate(shown)
    ]


def filter_lines(lines: list[LogLine], seat: int | None = None, text: str = "") -> list[LogLine]:
    """Lines of one player's actions (``seat``) that contain ``text`` (any case)."""
    needle = text.strip().lower()
    return [
        ln
        for ln in lines
        if (seat is None or ln.seat == seat)
        and (not needle or needle in ln.text.lower() or needle in ln.status.lower())
    ]


def viewer_label(names: list[str], viewer: int | None) -> str:
    return "spectator" if viewer is None else names[viewer]


def export_text(
    game_id: str, table_id: int | None, names: list[str], viewer: int | None, lines: list[LogLine]
) -> str:
    """The whole log as plain text, headed by the game and whose log it is."""
    title = REGISTRY[game_id].title if game_id in REGISTRY else game_id
    head = [
        f"{title} · game {table_id if table_id is not None else '-'} · {', '.join(names)}",
        f"log as seen by {viewer_label(names, viewer)} · written {time.strftime('%Y-%m-%d %H:%M')}",
        "",
    ]
    return "\n".join(head + [ln.render() for ln in lines]) + "\n"


def export_path(
    directory: Path, table_id: int | None, names: list[str], viewer: int | None
) -> Path:
    who = viewer_label(names, viewer).lower()
    safe = "".join(ch if ch.isalnum() else "-" for ch in who).strip("-") or "seat"
    return Path(directory) / f"florencia-game{table_id if table_id is not None else 0}-{safe}.txt"


# ----------------------------------------------------------------------------- replays


@dataclass
class Step:
    """One entry of a record, with the state it led to."""

    index: int
    seat: int
    action: str
    status: str  # round/phase before it
    text: dict[str, str]  # viewer key -> line
    state: State  # after it
    round: int | None  # round of ``state``
    undone_at: int | None = None  # the entry index of the undo that took it back

    @property
    def is_undo(self) -> bool:
        return self.action == UNDO

    def shown_to(self, viewer: int | None | str) -> bool:
        return shown_to(self.seat, self.is_undo or self.undone_at is not None, viewer)


@dataclass
class Timeline:
    """Every state of a recorded game: ``state(k)`` after the first ``k`` entries."""

    record: Record
    game: Game
    start: State
    steps: list[Step] = field(default_factory=list)

    @classmethod
    def build(cls, record: Record, rows: list[dict] | None = None) -> Timeline:
        """Replay ``record``; ``rows`` (the store's action rows) supply the log
        lines the table wrote, otherwise they are described afresh."""
        game = get_game(record.game)
        s = game.new(record.names, record.seed, record.options)
        tl = cls(record, game, s)
        log = UndoLog()
        viewers = [None, *range(len(record.seats))]
        for i, (seat, action) in enumerate(record.actions):
            row = rows[i] if rows is not None and i < len(rows) else None
            status = (row or {}).get("status") or game.status(s)
            if action == UNDO:
                idx, s = log.undo(game, s, seat)
                tl.steps[idx].undone_at = i
                text = (
                    row["log"]
                    if row
                    else {
                        k: f"{record.names[seat]} undoes: {line}"
                        for k, line in tl.steps[idx].text.items()
                    }
                )
            else:
                after = game.apply(s, seat, action)
                text = (
                    row["log"]
                    if row
                    else {viewer_key(v): game.describe(s, seat, action, v, after) for v in viewers}
                )
                log.push(game, seat, action, s, after)
                s = after
            tl.steps.append(Step(i, seat, action, status, text, s, game.round_number(s)))
        return tl

    def __len__(self) -> int:
        return len(self.steps)

    def state(self, k: int) -> State:
        """The state after the first ``k`` entries (0: the start)."""
        return self.start if k <= 0 else self.steps[min(k, len(self.steps)) - 1].state

    def round_at(self, k: int) -> int | None:
        return self.game.round_number(self.state(k))

    def rounds(self, viewer: int | None | str = ALL) -> list[int]:
        """The rounds a replay for ``viewer`` passes through, in order."""
        return sorted({r for k in self.positions(viewer) if (r := self.round_at(k)) is not None})

    def positions(self, viewer: int | None | str = ALL) -> list[int]:
        """The positions ``k`` a replay for ``viewer`` steps through: the start
        and after every entry :func:`shown_to` it. Another seat never stops
        after an action that was taken back, nor after its undo (the state
        then is the one before the action), so it never sees either."""
        return [0] + [st.index + 1 for st in self.steps if st.shown_to(viewer)]

    def first_of_round(self, r: int, viewer: int | None | str = ALL) -> int | None:
        """The first position ``k`` (of :meth:`positions` for ``viewer``) whose
        state is in round ``r``."""
        for k in self.positions(viewer):
            if self.round_at(k) == r:
                return k
        return None

    def lines(self, k: int, viewer: int | None | str) -> list[LogLine]:
        """The log after ``k`` entries as ``viewer`` reads it (``ALL``: each
        entry as its actor saw it); undos after ``k`` are not applied yet.
        Entries taken back are the actor's alone (:func:`shown_to`)."""
        out = []
        for st in self.steps[:k]:
            if not st.shown_to(viewer):
                continue
            if viewer == ALL:
                key = str(st.seat)
            else:
                key = viewer_key(viewer)  # type: ignore[arg-type]
            text = st.text.get(key) or st.text.get(SPECTATOR, "")
            undone = st.undone_at is not None and st.undone_at < k
            out.append(LogLine(len(out), st.seat, st.status, text, undone, st.is_undo))
        return out


def private_parts(seat_view, public_view, path: str = "") -> list[tuple[str, object]]:
    """What a seat's view shows beyond the spectator's: (path, value) pairs.

    Generic over games (views are plain data), used by the replay's
    everything-view to list each seat's hidden information."""
    if isinstance(seat_view, dict) and isinstance(public_view, dict):
        out = []
        for k, v in seat_view.items():
            if k == "seat" and not path:
                continue
            out += private_parts(v, public_view.get(k), f"{path}.{k}" if path else str(k))
        return out
    if (
        isinstance(seat_view, list)
        and isinstance(public_view, list)
        and len(seat_view) == len(public_view)
    ):
        out = []
        for i, (a, b) in enumerate(zip(seat_view, public_view)):
            out += private_parts(a, b, f"{path}.{i}" if path else str(i))
        return out
    return [] if seat_view == public_view else [(path, seat_view)]
