"""One decision mechanism for every game: a stack of pending decisions, each
kind with its handlers in a table.

A state keeps the decisions owed beyond a game's ordinary turn (a reward to
pick, a payment to make, a card to keep...) in ``s["pending"]``: a list of
*frames*, the decision owed now LAST (the top). A frame is a plain dict with
its kind under ``"k"`` and the seat that owes it under ``"p"``; the rest is
the kind's own data. A decision that opens another pushes it on top (it is
answered first); one that must wait for those already owed goes under them
(:func:`push_under`).

Each game builds one :class:`Decisions` table, kind -> :class:`Kind`, whose
handlers the game's ``legal``/``apply``/``prompt`` and its UI's previews call
through, never through a chain of ``if kind == ...``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from florencia_tui.core.errors import IllegalAction
from florencia_tui.core.notation import Action

Frame = dict[str, Any]
State = dict[str, Any]


def top(s: State) -> Frame | None:
    """The decision owed now, or None."""
    pending = s["pending"]
    return pending[-1] if pending else None


def push(s: State, k: str, p: int, **data: Any) -> Frame:
    """Open a decision owed now, before any already pending."""
    f = {"k": k, "p": p, **data}
    s["pending"].append(f)
    return f


def push_under(s: State, k: str, p: int, **data: Any) -> Frame:
    """Open a decision owed after every one already pending."""
    f = {"k": k, "p": p, **data}
    s["pending"].insert(0, f)
    return f


def pop(s: State) -> Frame:
    """Close the decision owed now."""
    return s["pending"].pop()


def owner(s: State) -> int | None:
    f = top(s)
    return None if f is None else f["p"]


@dataclass(frozen=True)
class Kind:
    """The handlers of one kind of decision.

    ``legal(s, f)``: every legal answer in notation; ``apply(s, f, action)``:
    play a parsed answer (mutating ``s``; it pops ``f`` when the decision is
    over) or raise IllegalAction; ``text(s, f)``: the question for a person;
    ``preview(s, f)``: what the answers would bring (costs, gains), for the UI
    and bots, computed by the rules; ``label(s, f, action)``: an answer in
    words for a menu.
    """

    legal: Callable[[State, Frame], list[str]]
    apply: Callable[[State, Frame, Action], None]
    text: Callable[[State, Frame], str] | None = None
    preview: Callable[[State, Frame], dict] | None = None
    label: Callable[[State, Frame, Action], str] | None = None


@dataclass(frozen=True)
class Phase:
    """The handlers of one phase of a game's ordinary turn, where no frame is
    pending: ``legal(s, seat)`` lists the answers, ``apply(s, seat, action)``
    plays a parsed one. A game keeps its phases in a dict, phase name ->
    Phase, and dispatches through it rather than a chain of ``if phase == ...``."""

    legal: Callable[[State, int], list[str]]
    apply: Callable[[State, int, Action], None]


class Decisions:
    """A game's table of decision kinds."""

    def __init__(self, kinds: dict[str, Kind]) -> None:
        self.kinds = dict(kinds)

    def kind(self, f: Frame) -> Kind:
        try:
            return self.kinds[f["k"]]
        except KeyError:
            raise IllegalAction(f"no decision of kind '{f.get('k')}'") from None

    # legal and apply run on every step of a game: the top frame and its kind
    # are looked up inline (same as top() and kind()).
    def legal(self, s: State, f: Frame | None = None) -> list[str]:
        if f is None:
            pending = s["pending"]
            if not pending:
                return []
            f = pending[-1]
        kind = self.kinds.get(f["k"])
        return (kind or self.kind(f)).legal(s, f)

    def apply(self, s: State, action: Action, f: Frame | None = None) -> None:
        if f is None:
            pending = s["pending"]
            if not pending:
                raise IllegalAction("no decision is pending")
            f = pending[-1]
        kind = self.kinds.get(f["k"])
        (kind or self.kind(f)).apply(s, f, action)

    def text(self, s: State, f: Frame | None = None) -> str:
        f = f if f is not None else top(s)
        h = None if f is None else self.kind(f).text
        return h(s, f) if h else ""

    def preview(self, s: State, f: Frame | None = None) -> dict:
        f = f if f is not None else top(s)
        h = None if f is None else self.kind(f).preview
        return h(s, f) if h else {}

    def label(self, s: State, action: Action, f: Frame | None = None) -> str:
        f = f if f is not None else top(s)
        h = None if f is None else self.kind(f).label
        return h(s, f, action) if h else str(action)
