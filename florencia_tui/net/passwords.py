"""Per-player passwords: a text file of ``NAME:HASH`` lines.

``HASH`` is ``scrypt$N$r$p$SALT$KEY`` (salt and key in base64), from the
standard library's :func:`hashlib.scrypt`; the file never holds a password.
``florencia passwd NAME --file FILE`` adds or changes a line (it asks twice,
or reads one line from standard input when that is not a terminal); the
server reads the file again at every sign-in, so edits apply at once. Lines
starting with ``#`` and blank lines are ignored.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
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
