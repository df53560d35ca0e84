"""Small helpers shared by the games' action notations.

An action is one short line of text: a verb followed by space-separated
arguments, e.g. ``bid R4+G4+B4`` or ``place 2 3 r1 f``. Games parse with
:func:`split` and raise :class:`IllegalAction` with a reason on bad input.

Numbers in a notation are written with the ASCII digits 0-9 only: Python's
``int()`` and ``str.isdigit()`` also accept other scripts' digits (``"١"``,
``"٣"``) and superscripts (``"²"`` passes ``isdigit`` but ``int`` refuses it),
so every game reads numbers through :func:`is_number` / :func:`to_int`, which
also refuses a number of more than :data:`MAX_DIGITS` digits (``int()`` raises
ValueError past 4300 of them).
"""

from __future__ import annotations

from operator import itemgetter

from florencia_tui.core.errors import IllegalAction

DIGITS = "0123456789"
#: No number in any game's notation needs more digits (a row, a price, a card
#: id); Python's int() raises ValueError past 4300 digits, so longer ones are
#: refused before they are read.
MAX_DIGITS = 9


def as_text(action: object) -> str:
    """``action`` as one line of notation, or IllegalAction saying why not.

    Actions enter the engine here (``Game.apply``, ``Table.submit``): anything
    but a string (None, a number, bytes), an empty line and a line with control
    characters are refused with a message, never a TypeError/AttributeError."""
    if not isinstance(action, str):
        raise IllegalAction(
            f"an action is a line of text, not {type(action).__name__} {action!r:.40}"
        )
    if action.isprintable() and action[:1] != " " and action[-1:] != " " and "  " not in action:
        if action:  # already one clean line (the only space a printable text has is " ")
            return action
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
    """A non-negative whole number written in ASCII digits (``isdigit`` alone
    also takes "²" and "٣"; with ``isascii`` it is exactly 0-9, and fast)."""
    return text.isascii() and text.isdigit()


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
        raise IllegalAction(f"{what} must be a number, got '{text:.20}'")
    if len(body.lstrip("0")) > MAX_DIGITS:
        raise IllegalAction(f"{what} is far too large ({len(body)} digits)")
    return int(text)


class Action(tuple):
    """An action parsed once: its verb and its arguments (a small typed form
    of one line of notation). ``Action.parse("place 2 3")`` is ``("place",
    ("2", "3"))``; ``str(action)`` writes it back. Rules, bots and the UI read
    ``verb`` and ``args`` (``action.num(0, "the row")`` for a number) instead
    of splitting strings again; ``verb, args = action`` unpacks both at once."""

    __slots__ = ()

    def __new__(cls, verb: str, args: tuple[str, ...] = ()) -> Action:
        return tuple.__new__(cls, (verb, tuple(args)))

    @classmethod
    def parse(cls, text: str) -> Action:
        # split() inlined: every apply of every game parses here once.
        parts = text.split()
        if not parts:
            raise IllegalAction("empty action")
        return tuple.__new__(cls, (parts[0].lower(), tuple(parts[1:])))

    # itemgetter properties: read in the engines' hot loops without a Python call
    verb = property(itemgetter(0), doc="The verb, lower-case.")
    args = property(itemgetter(1), doc="The arguments, a tuple of strings.")

    def arg(self, i: int, default: str | None = None) -> str | None:
        return self[1][i] if i < len(self[1]) else default

    def num(self, i: int, what: str) -> int:
        """Argument ``i`` as a whole number, or IllegalAction naming ``what``."""
        if i >= len(self[1]):
            raise IllegalAction(f"'{self[0]}' needs {what}")
        return to_int(self[1][i], what)

    def __str__(self) -> str:
        return " ".join((self[0], *self[1]))

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"
