"""The wire format between terminal apps and the table service.

One JSON object per line over a Unix socket. A request carries an ``id`` and an
``op``; its answer carries the same ``id`` and either ``ok`` (the result) or
``error`` (a message) with ``kind`` (``"illegal"`` for a refused action,
``"denied"`` for a seat that is not yours, ``"error"`` otherwise). Messages
without an ``id`` are pushed by the service: ``{"event": "table", "snap": ...}``
when a watched table changed, ``{"event": "lobby"}`` when the lobby did,
``{"event": "started", "code": ...}`` when a table you sit at begins.

Requests (``args`` are keyword fields of the request object):

========== ================================ =========================================
op         args                             result
========== ================================ =========================================
hello      user, via                        {user, resume}: resume is a table code
lobby                                       {tables: [...], your_move, people: [...]}
create     game, humans, bots[, bot, seed,  {code, started}
           hints, rated, confirm, pace,
           days, timeout]
join       code                             {code, seat, started}
leave      code                             (gives up a seat at a table not begun)
watch      code, seat (null: spectate)      {code, seat}; snapshots follow as events
unwatch                                     (back in the lobby)
submit     action                           {line}
undo                                        {line}: takes back your latest action
label      action                           the menu label of a legal action
scores                                      [ScoreCard dicts]
report     text                             (an app's internal error, for the log)
pause      code                             asks for a pause at a turn-based table
pause_answer code, yes                      accepts (yes) or refuses another's request
pause_end  code                             ends one's pause (or request)
========== ================================ =========================================
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path

from florencia_tui.core.game import Prompt, ScoreCard, ScoreLine

SOCKET_NAME = "server.sock"
MAX_LINE = 16 * 1024 * 1024  # a snapshot with a long log stays far below this
USER_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._@-]{0,31}$")
AF_UNIX_MAX = 100  # sun_path is 108 bytes on Linux; keep a margin


def encode(msg: dict) -> bytes:
    return (json.dumps(msg, separators=(",", ":")) + "\n").encode()


def decode(line: bytes) -> dict:
    return json.loads(line)


def valid_user(name: str) -> bool:
    """Player names: SSH user names, letters/digits and ``._@-``, up to 32."""
    return bool(USER_RE.match(name or ""))


def default_socket(data: Path) -> Path:
    """The service's socket in the data directory, or a short temporary path
    when the data directory's path is too long for a Unix socket."""
    path = Path(data) / SOCKET_NAME
    if len(os.fsencode(path)) <= AF_UNIX_MAX:
        return path
    short = Path(tempfile.mkdtemp(prefix="florencia-")) / SOCKET_NAME
    return short


def prompt_to_dict(p: Prompt) -> dict:
    return {"seat": p.seat, "kind": p.kind, "text": p.text, "data": p.data}


def prompt_from_dict(d: dict) -> Prompt:
    return Prompt(d["seat"], d["kind"], d["text"], d.get("data") or {})


def card_from_dict(d: dict) -> ScoreCard:
    lines = [ScoreLine(line["label"], line["points"]) for line in d.get("lines", [])]
    return ScoreCard(
        d["seat"],
        d["name"],
        d["total"],
        lines,
        d.get("tiebreak", 0),
        d.get("tiebreak_label", ""),
        d.get("rank", 0),
        d.get("winner", False),
    )
