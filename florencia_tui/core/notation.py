"""Small helpers shared by the games' action notations.

An action is one short line of text: a verb followed by space-separated
arguments, e.g. ``bid R4+G4+B4`` or ``place 2 3 r1 f``. Games parse with
:func:`split` and raise :class:`IllegalAction` with a reason on bad input.
"""

from __future__ import annotations

from florencia_tui.core.errors import IllegalAction


def split(action: str) -> tuple[str, list[str]]:
    """Normalise whitespace and return (verb, args). Verbs are lower-case."""
    parts = action.strip().split()
    if not parts:
        raise IllegalAction("empty action")
    return parts[0].lower(), parts[1:]


def want_args(verb: str, args: list[str], n: int) -> None:
    if len(args) != n:
        raise IllegalAction(f"'{verb}' takes {n} argument(s), got {len(args)}")


def to_int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise IllegalAction(f"{what} must be a number, got '{text}'") from None
