"""Whether a screen may still draw: what comes back later (a bot's move, a
server's event queued with ``call_later``) asks this before touching widgets."""

from __future__ import annotations

from textual.screen import Screen


def live(screen: Screen) -> bool:
    """Attached to an app that is still running, and on its stack. Attached
    alone is not enough: a test's run_test() (or a closed SSH session) removes
    the screen's widgets before its workers stop and its queued calls run,
    while it is still attached, and a screen taken off the stack (Esc home, a
    new game) loses its widgets before its workers are cancelled."""
    return screen.is_attached and screen.app.is_running and screen in screen.app.screen_stack
