"""Errors raised by the rules core."""


class IllegalAction(ValueError):
    """An action was refused. ``str(err)`` says why, in words a player understands."""
