"""What is hidden from whom, and what is chance: declared once per game.

A game lists its :class:`Secret` parts (``Game.secrets``): where in the state
each hidden part is, whose it is, how it is masked and while when. From that
one declaration the core derives

- the masked copy of a state for a seat (:func:`redact`): every part hidden
  from the seat masked (``"?"`` per item by default), no RNG. A game's view
  (``Game.view``) is drawn from this copy only, and its bots plan on it; only
  dealing the hidden parts anew (``Game.determinize``) stays the game's own;
- the undo barriers (:func:`reveals`): an action may never be taken back when
  it used the generator, took an item from a *chance* zone (a deck or
  face-down stack shuffled earlier, ``Game.chance``), turned hidden items face
  up into the *shown* zones (``Game.shown``, taken together: a bid's stack
  turned over, whether it stays in the bidding or goes on to its result), or
  ended a secret's time (the end of the game shows every screen).

A path is keys separated by dots; ``*`` stands for every item of a list (or
value of a dict): ``"players.*.hand"`` is every player's hand. A part that is
missing or None is skipped (a draft that is over, a frame without cards). A
game's secrets never overlap (no secret's path lies within another's).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from florencia_tui.core.state import clone

State = dict[str, Any]
#: How a hidden part looks to whoever may not see it: ``(value, state, owner) -> masked``.
Mask = Callable[[Any, State, Any], Any]

HIDDEN = "?"


def items(value: Any, s: State, owner: Any) -> Any:
    """Each item hidden, the count shown: ``["?", "?"]``; a single value ``"?"``."""
    return [HIDDEN] * len(value) if type(value) is list else HIDDEN


def whole(value: Any, s: State, owner: Any) -> Any:
    """Even the count hidden: the one marker ``"?"``."""
    return HIDDEN


def order(value: Any, s: State, owner: Any) -> Any:
    """The contents known, the order not (a deck whose cards one has seen)."""
    return sorted(value)


@dataclass(frozen=True)
class Secret:
    """One hidden part of a state.

    ``path``: where it is (see the module). ``owner``: who sees it: None, no
    seat (a deck); ``"*"``, the seat numbered by the path's first ``*`` (a
    player's hand); another key, the seat under that key of the item the first
    ``*`` stands for (``"p"``: a decision frame's owner). ``mask``: how it
    looks to the others; ``own``: how it looks to its owner (None: as it is).
    ``hidden``: ``(state, owner) -> bool``, hidden only while it holds (None:
    always), e.g. until the game is over."""

    path: str
    owner: str | None = None
    mask: Mask = items
    own: Mask | None = None
    hidden: Callable[[State, Any], bool] | None = None


@cache
def _parts(path: str) -> tuple[str, ...]:
    return tuple(path.split("."))


def _places(node: Any, parts: tuple[str, ...], i: int, star: Any) -> Iterator[tuple]:
    """(container, key, value, (index, item) of the first ``*``) of every
    place ``parts[i:]`` reaches from ``node``."""
    key = parts[i]
    if key == "*":
        keys = range(len(node)) if type(node) is list else list(node)
    elif type(node) is dict and key in node:
        keys = (key,)
    else:
        return
    last = i == len(parts) - 1
    for k in keys:
        value = node[k]
        here = (k, value) if star is None and key == "*" else star
        if last:
            yield node, k, value, here
        elif value is not None:
            yield from _places(value, parts, i + 1, here)


def places(s: State, secret: Secret) -> Iterator[tuple[Any, Any, Any, Any]]:
    """(container, key, value, owner seat) of every place of ``secret`` in ``s``."""
    owner = secret.owner
    for node, key, value, star in _places(s, _parts(secret.path), 0, None):
        if owner is None or star is None:
            yield node, key, value, None
        else:
            index, item = star
            yield node, key, value, index if owner == "*" else item.get(owner)


def redact(secrets: tuple[Secret, ...], s: State, seat: int | None) -> State:
    """``s`` as ``seat`` knows it (None: a spectator): every secret part
    hidden from it masked, and no RNG. A game's secrets never overlap, so each
    is masked in the copy where it is; the masks read the original state."""
    r = clone(s)
    r["rng"] = None
    for secret in secrets:
        for node, key, value, who in places(r, secret):
            if value is None or (secret.hidden is not None and not secret.hidden(s, who)):
                continue
            if secret.owner is not None and who == seat:
                if secret.own is not None:
                    node[key] = secret.own(value, s, who)
            else:
                node[key] = secret.mask(value, s, who)
    return r


# ----------------------------------------------------------------------------- reveals
def _leaves(value: Any, out: Counter) -> Counter:
    if isinstance(value, dict):
        for v in value.values():
            _leaves(v, out)
    elif isinstance(value, list):
        for v in value:
            _leaves(v, out)
    else:
        out[value] += 1
    return out


def _all_leaves(s: State, path: str) -> Counter:
    out: Counter = Counter()
    for _, _, value, _ in _places(s, _parts(path), 0, None):
        _leaves(value, out)
    return out


def _shown_more(before: State, after: State, paths: tuple[str, ...]) -> bool:
    """True when the face-up zones at ``paths``, taken together, hold an item
    ``before`` did not (an item moving from one to another is not news)."""
    old: Counter = Counter()
    new: Counter = Counter()
    for p in paths:
        old += _all_leaves(before, p)
        new += _all_leaves(after, p)
    return bool(new - old)


def took_from(before: State, after: State, *paths: str) -> bool:
    """True when something left one of the zones at ``paths`` (a card drawn
    from a deck, a tile from a face-down stack): the multiset of scalar
    leaves there lost an item. Adding to a zone is not a reveal."""
    return any(_all_leaves(before, p) - _all_leaves(after, p) for p in paths)


def _unveiled(secrets: tuple[Secret, ...], before: State, after: State) -> bool:
    """True when a secret hidden in ``before`` is no longer hidden in ``after``
    (its time is over: the end of the game shows the screens)."""
    for secret in secrets:
        if secret.hidden is None:
            continue
        for _, _, value, who in places(before, secret):
            if value is not None and secret.hidden(before, who) and not secret.hidden(after, who):
                return True
    return False


def reveals(
    secrets: tuple[Secret, ...],
    chance: tuple[str, ...],
    shown: tuple[str, ...],
    before: State,
    after: State,
) -> bool:
    """True when ``before`` -> ``after`` used chance or revealed something
    hidden (an undo barrier, see the module)."""
    return (
        before.get("rng") != after.get("rng")
        or took_from(before, after, *chance)
        or _shown_more(before, after, shown)
        or _unveiled(secrets, before, after)
    )
