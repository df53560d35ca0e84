"""What one client or one player may hold on the server, at most.

Every per-client resource has a limit, so that nobody (an SSH client that
never signs in, a player opening tables or sessions by the thousand, a
window of 65535x65535) can exhaust the server for the others. The options of
``florencia serve`` set them (docs/security.md, "Hostile clients", says each
one's default, its option and the test that shows it).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

#: The largest screen an app draws (columns, rows); any real terminal is
#: smaller. A larger window shows the app in its top-left corner, and says so.
MAX_COLS, MAX_ROWS = 500, 200
#: A PTY's size is four 16-bit numbers: a request above this is refused.
PTY_MAX = 65535


@dataclass
class Limits:
    """The caps ``florencia serve`` enforces (each has an option of its own)."""

    #: SSH connections that have not signed in yet, in all ...
    preauth: int = 100
    #: ... and from one source address.
    preauth_per_address: int = 10
    #: Seconds an SSH client has to sign in (asyncssh's ``login_timeout``).
    login_timeout: float = 30.0
    #: SSH sessions (each an app process) one player may have open at once.
    sessions_per_player: int = 4
    #: Browser tabs (each an app process) one player may have open at once.
    tabs_per_player: int = 4
    #: Live tables one player may hold a seat at while they wait or are played ...
    tables_per_player: int = 10
    #: ... and turn-based ones (a move a day each: a player sits at many).
    turn_tables_per_player: int = 50
    #: Open connections to the web port (pages and tabs' websockets), in all ...
    web_connections: int = 200
    #: ... and from one source address (a browser opens about 6 at once).
    web_connections_per_address: int = 20
    #: Seconds a web connection may stay open without a request in progress
    #: (aiohttp's keep-alive time, which also runs from the connection's start).
    web_idle: float = 15.0


class Quota:
    """How many of something each key (an address, a player) holds, at most
    ``each`` per key and ``total`` in all (None: no cap in all)."""

    def __init__(self, each: int, total: int | None = None) -> None:
        self.each = each
        self.total = total
        self.held = Counter()
        self.count = 0  # in all

    def take(self, key: str) -> bool:
        """One more for ``key``, if both caps allow it."""
        if self.held[key] >= self.each:
            return False
        if self.total is not None and self.count >= self.total:
            return False
        self.held[key] += 1
        self.count += 1
        return True

    def give_back(self, key: str) -> None:
        if self.held[key] > 0:
            self.held[key] -= 1
            self.count -= 1
        if self.held[key] <= 0:
            del self.held[key]


def fits_pty(cols: int, rows: int, pixwidth: int = 0, pixheight: int = 0) -> bool:
    """Whether a PTY can hold this size (a window change or request above is
    no terminal's)."""
    return all(0 <= n <= PTY_MAX for n in (cols, rows, pixwidth, pixheight))
