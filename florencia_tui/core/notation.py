"""Small helpers shared by the games' action notations.

An action is one short line of text: a verb followed by space-separated
arguments, e.g. ``bid R4+G4+B4`` or ``place 2 3 r1 f``. Games parse with
:func:`split` and raise :class:`IllegalAction` with a reason on bad input.

Numbers in a notation are written with the ASCII digits 0-9 only: Python's
``int()`` and ``str.isdigit()`` also accept other scripts' digits (``"١"``,
``"٣"``) and superscripts (``"²"`` passes ``isdigit`` but ``int`` refuses it),
so every game reads numbers through :func:`is_number` / :func:`to_int`.
"""

from __future__ import annotations

from florencia_tui.core.errors import IllegalAction

DIGITS = "0123456789"


def as_text(action: object) -> str:
    """``action`` as one line of notation, or IllegalAction saying why not.

    Actions enter the engine here (``Game.apply``, ``Table.submit``): anything
    but a string (None, a number, bytes), an empty line and a line with control
    characters are refused with a message, never a TypeError/AttributeError."""
    if not isinstance(action, str):
        raise IllegalAction(
            f"an action is a line of text, not {type(action).__name__} {action!r:.40}"
        )
    text = " ".join(action.split())
    if not text:
        raise IllegalAction("empty action")
    if not text.isprintable():
        raise IllegalAction(f"an action may not contain control characters: {text!r:.60}")
    return text


def is_digit(ch: str) -> bool:
    """One ASCII digit (``str.isdigit`` also takes "²" and "٣")."""
    return len(ch) == 1 and ch in DIGITS


def is_number(text: str) -> bool:
    """A non-negative whole number written in ASCII digits."""
    return bool(text) and all(c in DIGITS for c in text)


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
    """``text`` as a whole number (ASCII digits, an optional leading minus so
    that the rules can say why a negative number is refused)."""
    body = text[1:] if text[:1] == "-" else text
    if not is_number(body):
        raise IllegalAction(f"{what} must be a number, got '{text}'")
    return int(text)
