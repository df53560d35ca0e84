"""Helpers for game state, which is always plain JSON-compatible data."""

from __future__ import annotations

from typing import Any

_join = "".join


def clone(obj: Any) -> Any:
    """Deep-copy plain data (dicts, lists, str, int, float, bool, None): the one
    state copier of every game, its apply, views, redaction and search.

    Every ``Game.apply`` copies the state, so this is the engines' hot spot.
    Only dicts and lists are copied (every other value is immutable and
    shared), and a game state is mostly lists of scalars (decks, hands,
    stacks of ids): such a list is copied by one slice, once a C-speed test
    has shown it holds no container (``"".join`` accepts only strings and
    ``sum`` only numbers, so either refuses a list or a dict). That beats a
    marshal round trip (which rebuilds every string) on the states of all
    four games. A list reached twice is copied twice, exactly as the JSON
    round trip of a save would."""
    t = type(obj)
    if t is dict:
        return _dict(obj)
    if t is list:
        return _list([obj])[0]
    return obj


def _dict(o: dict) -> dict:
    c = o.copy()
    for k, v in o.items():
        t = type(v)
        if t is list:
            if not v:
                c[k] = []
                continue
            t = type(v[0])
            try:  # a list of strings or of numbers: one slice
                if t is str:
                    _join(v)
                    c[k] = v[:]
                    continue
                if t is int:
                    sum(v)
                    c[k] = v[:]
                    continue
            except TypeError:
                pass
            c[k] = _list(v)
        elif t is dict:
            c[k] = _dict(v)
    return c


def _list(o: list) -> list:
    # The same as _dict's loop, inlined rather than called per item: most
    # lists in a state are short scalar lists, and a call costs more than the copy.
    c = o[:]
    for i, v in enumerate(o):
        t = type(v)
        if t is list:
            if not v:
                c[i] = []
                continue
            t = type(v[0])
            try:
                if t is str:
                    _join(v)
                    c[i] = v[:]
                    continue
                if t is int:
                    sum(v)
                    c[i] = v[:]
                    continue
            except TypeError:
                pass
            c[i] = _list(v)
        elif t is dict:
            c[i] = _dict(v)
    return c
