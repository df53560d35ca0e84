"""Errors raised by the rules core."""


class IllegalAction(ValueError):
    """An action was refused. ``str(err)`` says why, in words a player understands."""


class CorruptSave(ValueError):
    """A saved state cannot be read back (``Game.load``): not JSON, not a state
    of this game, or a state the game's own queries fail on. ``str(err)`` says
    which and why; callers name the save and carry on with the others."""
