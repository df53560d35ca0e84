"""Undo within one's own turn, the policy strict online tables use.

A seat may take back its most recent actions, one at a time, as long as

* nobody else has acted since (any action by another seat, even one that seat
  later took back, locks everything before it for good),
* the action to take back is not an *undo barrier*: an action that used
  randomness or revealed hidden information (``Game.undo_barrier``, derived
  from the game's declaration of what is hidden and what is chance:
  core/hidden.py), and
* the game is not over.

So undoing only ever returns to a state reached from the last barrier without
new randomness or reveals: it can never redraw a card or re-roll a die.

An undo is itself an entry of the record, ``[seat, "undo"]``, so a replay
reproduces it. :class:`UndoLog` is the bookkeeping shared by the table and
:func:`florencia_tui.core.record.replay`; it does not own the state, callers
pass states in and get the state to return to.
"""

from __future__ import annotations

from dataclasses import dataclass

from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.game import Game, State
from florencia_tui.core.hidden import took_from

#: The record entry (``[seat, UNDO]``) that takes back ``seat``'s latest action.
UNDO = "undo"

__all__ = ["UNDO", "UndoLog", "took_from", "undone_indices"]


@dataclass
class _Entry:
    seat: int
    action: str
    barrier: bool


class UndoLog:
    """Which actions may still be taken back, and by whom."""

    def __init__(self) -> None:
        self.entries: list[_Entry] = []  # every entry, undo rows included
        self.effective: list[int] = []  # indices of actions not taken back, in order
        self.undone: set[int] = set()
        self._window: list[tuple[int, State]] = []  # (entry index, state before it)
        self._seat: int | None = None  # the seat that acted last (window owner)

    def __len__(self) -> int:
        return len(self.entries)

    def copy(self) -> UndoLog:
        """A copy to plan the next entry on (a table keeps it only once the
        entry is saved). The states are shared, not copied: a state is never
        changed once made (``Game.apply`` returns a new one)."""
        other = UndoLog()
        other.entries = self.entries[:]  # an _Entry is never changed once made
        other.effective = self.effective[:]
        other.undone = set(self.undone)
        other._window = self._window[:]
        other._seat = self._seat
        return other

    def push(self, game: Game, seat: int, action: str, before: State, after: State) -> bool:
        """Note an applied action; returns whether it is an undo barrier."""
        barrier = bool(game.undo_barrier(before, after, seat, action))
        idx = len(self.entries)
        self.entries.append(_Entry(seat, action, barrier))
        self.effective.append(idx)
        if barrier or seat != self._seat:
            self._window = []
        self._seat = seat
        if not barrier:
            self._window.append((idx, before))
        return barrier

    def refusal(self, game: Game, state: State, seat: int) -> str | None:
        """Why ``seat`` may not undo now (None: it may)."""
        if game.is_over(state):
            return "the game is over"
        if self._window and self._seat == seat:
            return None
        if not self.effective:
            return "there is nothing to undo"
        last = self.entries[self.effective[-1]]
        if last.seat != seat:
            return (
                f"{game.player_name(state, last.seat)} acted last: "
                "you can only take back your own actions before anyone else acts"
            )
        if last.barrier:
            return (
                f"'{last.action}' revealed hidden information or used chance: "
                "it cannot be taken back"
            )
        return "another player has acted since: it cannot be taken back"

    def undo(self, game: Game, state: State, seat: int) -> tuple[int, State]:
        """Take back ``seat``'s latest action: (its entry index, the state before it).
        Raises IllegalAction with the reason when the policy forbids it."""
        why = self.refusal(game, state, seat)
        if why:
            raise IllegalAction(f"cannot undo: {why}")
        idx, before = self._window.pop()
        self.entries.append(_Entry(seat, UNDO, False))
        self.effective.remove(idx)
        self.undone.add(idx)
        return idx, before

    def replay(self, game: Game, state: State, actions) -> State:
        """Play ``[seat, action]`` entries (undos included) from ``state``."""
        for seat, action in actions:
            if action == UNDO:
                _, state = self.undo(game, state, seat)
            else:
                after = game.apply(state, seat, action)
                self.push(game, seat, action, state, after)
                state = after
        return state


def undone_indices(actions) -> set[int]:
    """Indices of the entries an undo took back, from the record alone (no replay)."""
    effective: list[int] = []
    undone: set[int] = set()
    for i, (_seat, action) in enumerate(actions):
        if action == UNDO:
            if effective:
                undone.add(effective.pop())
        else:
            effective.append(i)
    return undone
