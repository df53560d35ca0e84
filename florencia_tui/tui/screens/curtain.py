"""The hot-seat curtain: hides everything until the next player is ready.

A key meant for the previous seat must never lift it: players often press
Enter again a moment after their last move. So every key typed before the
curtain showed, or within :data:`GUARD_SECONDS` after, is swallowed; only then
does a deliberate Enter lift it (Esc asks, then goes home, still revealing nothing).
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

#: Seconds after the curtain shows during which every key is ignored.
GUARD_SECONDS = 1.0


class CurtainScreen(ModalScreen[bool]):
    """Full-screen and opaque: nothing of the previous player's screen shows.

    Dismissed with True when the next player is ready, False for "go home"."""

    BINDINGS = [("enter", "ready", "I am ready"), ("escape", "home", "Home")]

    def __init__(self, name: str, guard: float | None = None) -> None:
        super().__init__()
        self.player = name
        self.guard = GUARD_SECONDS if guard is None else guard
        self.ready_at: float | None = None  # on the clock of events' ``time``
        self.ignored = 0  # keys swallowed by the guard (for tests and tools)

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(self.invitation(), id="curtain-text")
        yield Footer()

    #: True once the guard time is over and Enter lifts the curtain; the
    #: change redraws the invitation (watch_is_ready) and the footer's keys.
    is_ready = reactive(False, init=False, bindings=True)

    def invitation(self) -> str:
        """The curtain's text: whose turn it is, and (during the guard) to wait."""
        wait = "" if self.is_ready else "\n\n[dim]one moment…[/]"
        return (
            f"Pass the keyboard to [b]{self.player}[/b]\n\n"
            f"{self.player}, press [b reverse] Enter [/] when the others look away."
            f"{wait}"
        )

    def on_mount(self, event: events.Mount) -> None:
        # Measured on the clock every message carries, so a key typed before
        # this screen existed (still queued) counts as early too.
        self.ready_at = event.time + self.guard
        self.set_timer(max(self.guard, 0.0), self._open)

    def _open(self) -> None:
        self.is_ready = True

    def watch_is_ready(self) -> None:
        self.query_one("#curtain-text", Static).update(self.invitation())

    def on_key(self, event: events.Key) -> None:
        if not self.is_ready or self.ready_at is None or event.time < self.ready_at:
            self.ignored += 1
            event.stop()
            event.prevent_default()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        # Also covers a click on the footer during the guard time.
        return True if self.is_ready else None

    def action_ready(self) -> None:
        self.dismiss(True)

    def action_home(self) -> None:
        """Esc: leave for the home screen, after asking (as Esc does in a game);
        the question sits over the curtain, so nothing is revealed either way."""
        from florencia_tui.tui.screens.confirm import ConfirmScreen

        def answer(leave: bool | None) -> None:
            if leave:
                self.dismiss(False)

        self.app.push_screen(
            ConfirmScreen(
                "Leave this game for the home screen?",
                'It is saved after every action: pick it under "Continue a saved game" to play on.',
            ),
            answer,
        )
