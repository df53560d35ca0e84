"""Playing over SSH and in a browser: one table service, one terminal app per seat.

Processes (see ``docs/architecture.md``, "Networked play")::

    florencia serve ─┬─ TableService      all Tables, bots, the Store (SQLite)
                     ├─ RPC endpoint      Unix socket, line-delimited JSON
                     ├─ SSH server        asyncssh; one PTY child per session
                     └─ web server        textual-serve (``--web``) behind ``web.WebGate``
                                          (Host/Origin, sign-in), one child per signed-in tab

    child: python -m florencia_tui.net.client --socket S --user NAME
           the normal FlorenciaApp screens over a RemoteTable (net.remote)

``service``, ``protocol``, ``sshd``, ``passwords``, ``signin``, ``web``,
``web_sessions``, ``web_page`` and ``server`` never import Textual; the
client side (``remote``, ``wire``, ``client``: the networked app) does, but
no screen lives here: the lobby's screens are in ``tui/screens/lobby.py``.
What each sign-in mode guarantees: ``docs/security.md``.
"""
