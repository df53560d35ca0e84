"""One decision mechanism for every game: frames owed, each kind with its
handlers in one table.

Every decision a game asks, an ordinary turn, a sub-decision it opens (a
reward to pick, a payment to make) or a decision every seat makes at once, is
a *frame*: a plain dict with its kind under ``"k"`` and the seat that owes it
under ``"p"``; the rest is the kind's own data. A game's :class:`Decisions`
table says which frames are owed now (``owed(s)``, the rules' one answer to
"whose decision, and which") and, per kind, how to list, play, ask and word
its answers (a :class:`Kind`). ``Game`` (core/game.py) answers ``to_act``,
``prompt``, ``legal``, ``apply`` and ``label`` through the table, never
through a chain of ``if phase == ...``.

Where frames live is the rules' choice, in one of two places:

- the *stack* ``s["pending"]``, the decision owed now LAST (the top): what a
  decision opens is pushed on top (answered first, :func:`push`), what must
  wait for those already owed goes under them (:func:`push_under`), and a
  kind's ``apply`` pops its frame when it is answered (:func:`pop`);
- a frame *made from the state's phase* by ``owed`` (``{"k": "turn", "p":
  active}``), for the ordinary steps that the state already records (whose
  turn, which phase); such a frame is never stored.

``owed`` returns one frame per seat that owes a decision: one for a turn,
several for a *simultaneous* decision (every seat keeping cards at once, each
answering its own frame in any order; the kind is declared
``simultaneous=True``). :func:`stack_top` (the top of the stack) and
:func:`whole_stack` (every frame stacked, all owed at once) are the owed of a
game whose every decision is stacked.
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
    """The stacked decision owed now, or None."""
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
    """Close the stacked decision owed now."""
    return s["pending"].pop()


def owner(s: State) -> int | None:
    f = top(s)
    return None if f is None else f["p"]


def stack_top(s: State) -> list[Frame]:
    """The owed of a game whose decisions are all stacked, one at a time."""
    pending = s["pending"]
    return [pending[-1]] if pending else []


def whole_stack(s: State) -> list[Frame]:
    """The owed of a game whose stacked frames are all owed at once (a
    simultaneous decision: one frame per seat, answered in any order)."""
    return list(s["pending"])


@dataclass(frozen=True)
class Kind:
    """The handlers of one kind of decision.

    ``legal(s, f)``: every legal answer in notation; ``apply(s, f, action)``:
    play a parsed answer (mutating ``s``; a stacked frame is popped when the
    decision is over) or raise IllegalAction before changing anything;
    ``text(s, f)``: the question for a person; ``preview(s, f)``: what the
    answers would bring (costs, gains), for the UI and bots, computed by the
    rules (the prompt's data); ``label(s, f, action)``: an answer in words for
    a menu. ``prompt``: the prompt's kind after the game's id, where it is not
    the frame's (Strasbourg's three guild rewards are all
    ``strasbourg.guild_reward``). ``simultaneous``: every seat owes one at
    once and in secret (a draft, a planning behind screens): nobody watches
    them one by one, so a table plays its bots' through unpaced.
    ``reveals(s, f, action)``: True for the answers that show the others
    something hidden (a bid turns a face-down stack over), which are undo
    barriers (core/hidden.py).
    """

    legal: Callable[[State, Frame], list[str]]
    apply: Callable[[State, Frame, Action], None]
    text: Callable[[State, Frame], str] | None = None
    preview: Callable[[State, Frame], dict] | None = None
    label: Callable[[State, Frame, Action], str] | None = None
    prompt: str | None = None
    simultaneous: bool = False
    reveals: Callable[[State, Frame, Action], bool] | None = None


def _no_settle(s: State) -> None:
    return None


class Decisions:
    """A game's decisions: which frames are owed now and every kind's handlers.

    ``owed(s)``: the frames owed now, one per seat owing a decision (the
    default: the top of the stack). ``settle(s)``: what the rules carry out
    by themselves after every answer until a decision is owed again (a
    bidding resolved, a round ended); the default does nothing."""

    def __init__(
        self,
        kinds: dict[str, Kind],
        owed: Callable[[State], list[Frame]] = stack_top,
        settle: Callable[[State], None] = _no_settle,
    ) -> None:
        self.kinds = dict(kinds)
        self.owed = owed
        self.settle = settle
        #: Whether some kind's answers may reveal (``Kind.reveals``).
        self.may_reveal = any(k.reveals is not None for k in self.kinds.values())

    def kind(self, f: Frame) -> Kind:
        try:
            return self.kinds[f["k"]]
        except KeyError:
            raise IllegalAction(f"no decision of kind '{f.get('k')}'") from None

    def frame(self, s: State, seat: int) -> Frame | None:
        """The frame ``seat`` owes now, or None."""
        for f in self.owed(s):
            if f["p"] == seat:
                return f
        return None

    def to_act(self, s: State) -> list[int]:
        """The seats owing a decision now."""
        return [f["p"] for f in self.owed(s)]

    # legal and apply run on every step of a game: the kind is looked up inline.
    def legal(self, s: State, f: Frame | None = None) -> list[str]:
        if f is None:
            f = top(s)
            if f is None:
                return []
        kind = self.kinds.get(f["k"])
        return (kind or self.kind(f)).legal(s, f)

    def apply(self, s: State, action: Action, f: Frame | None = None) -> None:
        """Play ``action`` on frame ``f`` (default: the top of the stack), then
        settle what follows by itself."""
        if f is None:
            f = top(s)
            if f is None:
                raise IllegalAction("no decision is pending")
        kind = self.kinds.get(f["k"])
        (kind or self.kind(f)).apply(s, f, action)
        self.settle(s)

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

    def prompt_kind(self, f: Frame) -> str:
        """The prompt kind of frame ``f``, without the game's id."""
        return self.kind(f).prompt or f["k"]

    def simultaneous(self, s: State) -> bool:
        """True when a decision owed now is a simultaneous one."""
        return any(self.kind(f).simultaneous for f in self.owed(s))
