"""Per-player passwords: a text file of ``NAME:HASH`` lines.

``HASH`` is ``scrypt$N$r$p$SALT$KEY`` (salt and key in base64), from the
standard library's :func:`hashlib.scrypt`; the file never holds a password.
``florencia passwd NAME --file FILE`` adds or changes a line (it asks twice,
or reads one line from standard input when that is not a terminal); the
server reads the file again at every sign-in, so edits apply at once. Lines
starting with ``#`` and blank lines are ignored.

The server reads it with :func:`load_passwords`, which fails closed: a file
that is missing, unreadable, empty, or open to other accounts raises
:class:`CredentialsUnavailable`, and then no password signs anybody in.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import stat
from functools import cache
from pathlib import Path

N, R, P = 2**14, 8, 1  # ~16 MiB and a few tens of ms per check
SALT_BYTES, KEY_BYTES = 16, 32


def hash_password(password: str, salt: bytes | None = None) -> str:
    salt = salt if salt is not None else os.urandom(SALT_BYTES)
    key = hashlib.scrypt(password.encode(), salt=salt, n=N, r=R, p=P, dklen=KEY_BYTES)
    b64 = base64.b64encode
    return f"scrypt${N}${R}${P}${b64(salt).decode()}${b64(key).decode()}"


def check_password(stored: str, password: str) -> bool:
    try:
        kind, n, r, p, salt, key = stored.split("$")
        if kind != "scrypt":
            return False
        salt_b, key_b = base64.b64decode(salt), base64.b64decode(key)
        got = hashlib.scrypt(
            password.encode(),
            salt=salt_b,
            n=int(n),
            r=int(r),
            p=int(p),
            dklen=len(key_b),
            maxmem=256 * 1024 * 1024,
        )
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got, key_b)


@cache
def dummy_hash() -> str:
    """A hash of nobody's password, with the same cost as a real one: checked
    when a name has no password, so that a name's existence takes no less time."""
    return hash_password(base64.b64encode(os.urandom(SALT_BYTES)).decode())


class CredentialsUnavailable(Exception):
    """A configured credential source (the passwords file, the key directory)
    cannot be trusted right now (the words say why): refuse, never open."""


def too_open(path: Path) -> str | None:
    """Why other accounts could read or change ``path`` (None: they cannot)."""
    mode = stat.S_IMODE(os.stat(path).st_mode)
    if mode & 0o077:
        return f"mode {mode:04o}: other accounts can read or change it; run chmod 600 on it"
    return None


def load_passwords(path: Path) -> dict[str, str]:
    """NAME -> HASH, or :class:`CredentialsUnavailable` when the file is missing,
    unreadable, open to other accounts or holds no password (an admin
    mid-edit): the caller then refuses every password sign-in."""
    try:
        why = too_open(path)
        if why is None:
            table = read_passwords(path)
            why = None if table else "it holds no NAME:HASH line"
    except FileNotFoundError:
        why = "it is missing"
    except (OSError, UnicodeDecodeError) as e:
        why = f"it cannot be read ({getattr(e, 'strerror', None) or e})"
    if why is not None:
        raise CredentialsUnavailable(f"the passwords file {path}: {why}")
    return table


def read_passwords(path: Path) -> dict[str, str]:
    """NAME -> HASH for every line of the file."""
    out: dict[str, str] = {}
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#") or ":" not in line:
            continue
        name, stored = line.split(":", 1)
        out[name.strip()] = stored.strip()
    return out


def set_password(path: Path, name: str, password: str) -> None:
    """Add or replace ``name``'s line (the file is created with mode 0600)."""
    from florencia_tui.store import private_file

    path = Path(path)
    private_file(path)
    lines = [
        line for line in path.read_text().splitlines() if line.split(":", 1)[0].strip() != name
    ]
    lines.append(f"{name}:{hash_password(password)}")
    tmp = path.with_name(path.name + ".tmp")
    private_file(tmp)
    tmp.write_text("\n".join(lines) + "\n")
    os.replace(tmp, path)
