"""The SSH server: every session is the app in its own PTY, nothing else.

No system accounts are involved. The host key is generated on first run and
kept in the data directory. Players sign in (:class:`Auth`, and
docs/security.md for what each mode guarantees) by key (a directory with a
file per player name, or one shared authorized_keys file whose keys each own
the names they first used), by password (per player, or one shared), or not
at all on a loopback-only "open" server. A session must ask for a PTY and a
shell: exec and subsystem requests (scp, sftp, commands), port, agent and X11
forwarding are refused.

Each session runs the app (:func:`florencia_tui.net.client.main`) in a new
PTY, as its own process and session leader: forked by the app zygote
(:mod:`florencia_tui.net.zygote`), or ``python -m florencia_tui.net.client``
started anew when there is none. The app's output is copied to the player
unchanged, so its raw mode and the terminal's replies to its queries just
work; the player's input is made valid UTF-8 and rationed (a bounded queue
and a rate, beyond which the channel stops granting SSH window), so no client
can grow the server or starve the others. A window change sets the PTY's
size. When the SSH link drops or the client sends EOF, the app is hung up,
the session ends with its exit status and the service marks the seat
disconnected.
"""

from __future__ import annotations

import asyncio
import codecs
import errno
import fcntl
import logging
import os
import queue
import signal
import sqlite3
import stat
import struct
import sys
import termios
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from florencia_tui.net.limits import Limits, Quota, fits_pty
from florencia_tui.net.passwords import (
    CredentialsUnavailable,
    check_password,
    dummy_hash,
    hash_password,
    load_passwords,
    too_open,
)
from florencia_tui.net.protocol import valid_user
from florencia_tui.net.shared import (
    CODE,
    MARK_ENV,
    RENDER_USER,
    RENDER_VIA,
    Markers,
    SharedView,
    hang_up,
    new_token,
)
from florencia_tui.net.signin import SignInLimits, SignIns
from florencia_tui.net.zygote import Zygote, ZygoteLost

log = logging.getLogger("florencia.ssh")

HOST_KEY = "ssh_host_ed25519_key"
#: Client environment variables the app may see (terminal and locale only).
PASS_ENV = ("TERM", "COLORTERM", "NO_COLOR", "LANG", "LC_ALL", "LC_CTYPE", "TERM_PROGRAM")
#: Server environment the app inherits (how to run Python, find data and
#: games from outside the app: games.OUTSIDE).
KEEP_ENV = (
    "PATH",
    "HOME",
    "PYTHONPATH",
    "VIRTUAL_ENV",
    "FLORENCIA_DATA_DIR",
    "XDG_DATA_HOME",
    "FLORENCIA_GAMES",
    "TMPDIR",
    "COVERAGE_PROCESS_START",
)
LOOPBACK = {"127.0.0.1", "::1", "localhost"}
#: Input back-pressure, per session: keys the app has not read yet ...
INBOX_MAX = 64 * 1024
#: ... and a rate (bytes a second, with a burst) far above any typing or pasting.
INPUT_RATE = 8 * 1024
INPUT_BURST = 32 * 1024
#: The SSH window a session grants: what a client may send before we read it.
WINDOW = 256 * 1024


def ssh_name_ok(name: str) -> bool:
    """An SSH player's name: a valid name without ``@`` (``NAME@web`` is a
    browser player, whom no SSH user may become)."""
    return valid_user(name) and "@" not in name


@dataclass
class Auth:
    """How players sign in (see docs/security.md for what each mode guarantees).

    * ``authorized_keys``: a directory holding one file per player name (the
      key is the name's own), or one file for everybody (then a name is the
      first key's that signs in with it, :class:`KeyNames`);
    * ``passwords``: a file of ``NAME:HASH`` lines, one password per player
      (:mod:`florencia_tui.net.passwords`);
    * ``password``: one shared password, for any name that has no credential
      of its own (no line in ``passwords``, no key file) and that no other
      credential took first (:class:`KeyNames`);
    * ``open``: nobody signs in (loopback only).

    A configured source that cannot be read right now (a passwords file
    missing, empty or open to others, a key directory gone) refuses: never
    does it let a shared credential take a name it may have listed.
    ``limits``: the attempt limits of the password checks
    (:mod:`florencia_tui.net.signin`), shared by SSH and the browser.
    """

    authorized_keys: Path | None = None  # a file, or a directory of files named by user
    password: str | None = None  # shared
    passwords: Path | None = None  # per-player NAME:HASH file
    open: bool = False  # no authentication (loopback only)
    limits: SignInLimits = field(default_factory=SignInLimits)

    def __post_init__(self) -> None:
        # A key directory or one file, decided once: a directory that goes
        # away must not turn into a shared file that keeps no name.
        keys = self.authorized_keys
        self.key_dir = keys is not None and keys.is_dir()
        self.sign_ins = SignIns(self.limits)
        self._shared: tuple[str, str] | None = None  # (password, its hash)

    def check(self, host: str) -> None:
        if not (self.authorized_keys or self.password or self.passwords or self.open):
            raise ValueError(
                "choose how players sign in: --authorized-keys FILE|DIR, "
                "--passwords FILE, --password-file FILE (or "
                "$FLORENCIA_SSH_PASSWORD), or --open"
            )
        if self.open and host not in LOOPBACK:
            raise ValueError(
                "--open (no authentication) only listens on loopback "
                f"(127.0.0.1 or ::1), not {host}"
            )
        if self.authorized_keys and not self.authorized_keys.exists():
            raise ValueError(f"no authorized keys at {self.authorized_keys}")
        self._check_passwords_file()

    def check_web(self, host: str) -> None:
        """Browsers sign in with a password; only an open loopback server lets
        them in by name alone."""
        if self.open:
            if host not in LOOPBACK:
                raise ValueError(
                    "--open (no sign-in) serves browsers on loopback only "
                    f"(--web-host 127.0.0.1 or ::1), not {host}"
                )
            return
        if not (self.password or self.passwords):
            raise ValueError(
                "browsers sign in with a password: give --passwords FILE or "
                "--password-file FILE (keys work for SSH only), or --open on "
                "loopback"
            )
        self._check_passwords_file()

    def _check_passwords_file(self) -> None:
        """The server does not start on a passwords file that is missing or
        that other accounts can read or change."""
        path = self.passwords
        if path is None:
            return
        if not path.is_file():
            raise ValueError(f"no passwords file at {path}")
        why = too_open(path)
        if why:
            raise ValueError(f"the passwords file {path} is not private ({why})")

    @property
    def shared_keys(self) -> bool:
        return self.authorized_keys is not None and not self.key_dir

    def key_file(self, name: str) -> Path | None:
        keys = self.authorized_keys
        if keys is None:
            return None
        return keys / name if self.key_dir else keys

    # ----- what the password checks read (in a thread: SignIns) ----------------------------
    def passwords_table(self) -> dict[str, str]:
        """NAME -> HASH, read again every time (edits apply at once); {}
        without ``--passwords``. Raises :class:`CredentialsUnavailable` when
        the file is there to be read and cannot be trusted."""
        return {} if self.passwords is None else load_passwords(self.passwords)

    def has_key_file(self, name: str) -> bool:
        """Whether ``name`` has a key file of its own in the key directory
        (:class:`CredentialsUnavailable`: the directory cannot be read)."""
        if not self.key_dir:
            return False
        try:
            if not stat.S_ISDIR(os.stat(self.authorized_keys).st_mode):
                raise NotADirectoryError(errno.ENOTDIR, "not a directory")
            return stat.S_ISREG(os.stat(self.authorized_keys / name).st_mode)
        except FileNotFoundError as e:
            if e.filename == str(self.authorized_keys):
                raise CredentialsUnavailable(
                    f"the key directory {self.authorized_keys} is missing"
                ) from None
            return False
        except OSError as e:
            raise CredentialsUnavailable(
                f"the key directory {self.authorized_keys} cannot be read ({e.strerror})"
            ) from None

    def shared_hash(self) -> str:
        """The shared password's hash (made once): checking it costs what
        checking a player's own password does."""
        if self._shared is None or self._shared[0] != self.password:
            self._shared = (self.password, hash_password(self.password))
        return self._shared[1]

    def password_stamp(
        self, name: str, password: str, bound: str | None = None, web: bool = False
    ) -> str | None:
        """Which credential ``password`` signs ``name`` in with: ``own:HASH``
        (its line in the passwords file), ``password`` (the shared one), or
        None. ``bound``: the credential the name belongs to (:class:`KeyNames`).
        A name with a line of its own takes that password only; the shared one
        takes a name that has no key file (SSH) and belongs to no other
        credential. Exactly one hash is computed whatever the name, so the time
        taken does not tell whether it exists."""
        own = self.passwords_table().get(name)
        if own is not None:
            return f"own:{own}" if check_password(own, password) else None
        shared = (
            self.password is not None
            and bound in (None, SHARED_PASSWORD)
            and (web or not self.has_key_file(name))
        )
        if not shared:
            check_password(dummy_hash(), password)
            return None
        return SHARED_PASSWORD if check_password(self.shared_hash(), password) else None

    def stamp(self, name: str, table: dict[str, str]) -> str | None:
        """The credential a browser player ``name`` signs in with now (what
        :meth:`password_stamp` returns for the right password), for the
        passwords ``table``; it changes when that password changes."""
        own = table.get(name)
        if own is not None:
            return f"own:{own}"
        return SHARED_PASSWORD if self.password is not None else None

    def key_stamp(self, name: str, key: asyncssh.SSHKey, peer: str) -> str | None:
        """Which credential ``key`` signs ``name`` in with: ``key-file`` (the
        name's own file in the key directory) or ``key:FINGERPRINT`` (the
        shared file's), or None. With a shared file, a name that has a password
        of its own signs in with that only."""
        path = self.key_file(name)
        if path is None or (self.key_dir and not self.has_key_file(name)):
            return None
        try:  # read again for every login: edits apply at once
            keys = asyncssh.read_authorized_keys(str(path))
        except (OSError, ValueError) as e:
            log.warning("cannot read authorized keys: %s", e)
            return None
        if keys.validate(key, peer, peer) is None:
            return None
        if self.key_dir:
            return OWN_KEY_FILE
        if name in self.passwords_table():
            return None  # that name signs in with its own password only
        return "key:" + key.get_fingerprint("sha256")

    def describe(self, web: bool = False) -> list[str]:
        """What each sign-in mode guarantees, in plain words (printed at start)."""
        if self.open:
            who = "browsers and SSH clients" if web else "SSH clients"
            return [
                f"no sign-in (--open): anyone who can reach this loopback address "
                f"plays under any name they give; for {who} on this machine only"
            ]
        out = []
        keys = self.authorized_keys
        if keys is not None and self.key_dir:
            out.append(
                f"keys: a file per player ({keys}/NAME); NAME signs in only "
                "with a key in its own file"
            )
        elif keys is not None:
            out.append(
                "keys: one shared authorized_keys file; a name belongs to the "
                "first key that signs in with it, and no other key can take it"
            )
        if self.passwords is not None:
            out.append(
                "passwords: per player (--passwords); a name listed there signs in "
                "only with its own password; while the file is missing, empty or "
                "readable by others, no password signs anybody in"
            )
        if self.password is not None:
            out.append(
                "shared password: whoever knows it signs in under ANY name that "
                "has no key or password of its own and that no other credential "
                "used first, and so can sit at that name's seats"
            )
        if self.password is not None or self.passwords is not None:
            lim = self.limits
            out.append(
                f"wrong passwords: after {lim.free_per_name} for a name "
                f"({lim.free_per_address} from an address) each attempt waits, "
                f"doubling up to {lim.max_delay:g} s; failures are logged"
            )
        if web:
            out.append(
                "browser: the same passwords sign in; browser players are "
                "NAME@web, a name no SSH user can take; plain HTTP, so off "
                "this machine put it behind an HTTPS proxy"
            )
        return out


#: What a name can belong to (:class:`KeyNames`): the shared password, a key
#: of the shared keys file (``key:FINGERPRINT``), or a credential of its own.
SHARED_PASSWORD = "password"
OWN_PASSWORD = "passwords"  # its line in the passwords file
OWN_KEY_FILE = "key-file"  # its file in the key directory
OWN = (OWN_PASSWORD, OWN_KEY_FILE)


def credential_of(stamp: str) -> str:
    """The credential a stamp (:meth:`Auth.password_stamp`) binds a name to."""
    return OWN_PASSWORD if stamp.startswith("own:") else stamp


class KeyNames:
    """A name belongs to the first credential that signed in with it, whatever
    its kind (saved in the server's database, ``ssh_key_names``): a key of
    the shared keys file (``key:FINGERPRINT``), the shared password
    (``password``) or a credential of the name's own (``passwords``,
    ``key-file``). Shared credentials take only a free name or their own; a
    credential of the name's own (given by the admin) takes it whatever it
    belonged to. Browser players are kept under their ``NAME@web``.

    The bindings are read once, at start, and kept in memory, so a sign-in
    never waits for the database on the event loop (another process locking
    the file for seconds froze every session): a new binding is decided in
    memory at once and written by a thread of its own with its own
    connection, in order, tried again until it is saved (a failure is
    logged, and the binding holds meanwhile)."""

    SCHEMA = """CREATE TABLE IF NOT EXISTS ssh_key_names (
        user  TEXT PRIMARY KEY,
        key   TEXT NOT NULL,
        since REAL NOT NULL
    )"""
    #: Seconds between tries of a write that failed (locked, full disk).
    RETRY = 2.0

    def __init__(self, db) -> None:
        with db:
            db.execute(self.SCHEMA)
            # Before credentials of every kind, a row held a bare key fingerprint.
            db.execute(
                "UPDATE ssh_key_names SET key = 'key:' || key WHERE key NOT LIKE 'key:%' "
                "AND key NOT IN (?, ?, ?)",
                (SHARED_PASSWORD, *OWN),
            )
        self.path = db.execute("PRAGMA database_list").fetchone()[2]
        self._owners = dict(db.execute("SELECT user, key FROM ssh_key_names"))
        self._writes: queue.SimpleQueue = queue.SimpleQueue()
        self._writer = threading.Thread(target=self._write_all, name="florencia-names", daemon=True)
        self._writer.start()

    def owner(self, user: str) -> str | None:
        """The credential ``user`` belongs to (None: nobody's yet)."""
        return self._owners.get(user)

    def may_take(self, user: str, credential: str) -> bool:
        return credential in OWN or self.owner(user) in (None, credential)

    def bind(self, user: str, credential: str) -> bool:
        """``user`` is ``credential``'s from now on, unless it may not take it
        (another shared credential was first); True if it is."""
        if not self.may_take(user, credential):
            return False
        if self._owners.get(user) != credential:
            self._owners[user] = credential
            self._writes.put((user, credential, time.time()))
        return True

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every binding made so far is written (True) or
        ``timeout`` passed (False)."""
        done = threading.Event()
        self._writes.put(done)
        return done.wait(timeout)

    def close(self) -> None:
        self._writes.put(None)

    def _write_all(self) -> None:
        db = None
        while (item := self._writes.get()) is not None:
            if isinstance(item, threading.Event):
                item.set()
                continue
            while True:
                try:
                    if db is None:
                        db = sqlite3.connect(self.path, isolation_level=None, timeout=5)
                    with db:
                        db.execute(
                            "INSERT OR REPLACE INTO ssh_key_names(user, key, since) VALUES (?,?,?)",
                            item,
                        )
                    break
                except sqlite3.Error as e:
                    log.warning("could not save whose name %r is (%s); trying again", item[0], e)
                    time.sleep(self.RETRY)
        if db is not None:
            db.close()


def host_key(data: Path) -> asyncssh.SSHKey:
    """The server's persistent host key, generated on first run (mode 0600)."""
    path = Path(data) / HOST_KEY
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519", comment="florencia host key")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    path.with_suffix(".pub").write_bytes(key.export_public_key())
    return key


def child_env(client: Mapping[str, str], term: str | None) -> dict[str, str]:
    env = {k: os.environ[k] for k in KEEP_ENV if k in os.environ}
    for k in PASS_ENV:
        if k in client and len(client[k]) < 128:
            env[k] = client[k]
    env["TERM"] = term or env.get("TERM") or "xterm-256color"
    env.setdefault("LANG", "C.UTF-8")
    env["PYTHONIOENCODING"] = "utf-8"
    return env


class Refused(Exception):
    """A connection over the caps: asyncssh closes it at once, before it has
    sent a byte (no key exchange, nothing else spent on it)."""


class Caps:
    """One SSH server's counts against its :class:`Limits`: connections not
    signed in yet (in all and by source address), and signed-in connections
    per player."""

    #: The refusals are logged at most this often (seconds), with their count.
    LOG_EVERY = 10.0

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.preauth = Quota(limits.preauth_per_address, limits.preauth)
        self.players = Quota(limits.sessions_per_player)
        self.refused = 0  # connections refused in all (the tests read it)
        self._unlogged = 0
        self._logged_at = 0.0

    def refuse(self, address: str) -> None:
        self.refused += 1
        self._unlogged += 1
        now = time.monotonic()
        if now - self._logged_at >= self.LOG_EVERY:
            log.warning(
                "refused %d connection(s) that had not signed in, the last from %s "
                "(at most %d in all, %d from one address: --max-preauth, "
                "--max-preauth-per-address)",
                self._unlogged,
                address,
                self.limits.preauth,
                self.limits.preauth_per_address,
            )
            self._unlogged, self._logged_at = 0, now


class Server(asyncssh.SSHServer):
    """One SSH connection: who may sign in, and that only sessions are allowed."""

    def __init__(
        self,
        auth: Auth,
        spawner: Spawner,
        names: KeyNames | None = None,
        caps: Caps | None = None,
    ) -> None:
        self.auth = auth
        self.spawner = spawner
        self.names = names
        self.caps = caps or Caps(Limits())
        self.conn: asyncssh.SSHServerConnection | None = None
        self._credential: str | None = None  # what signed in (KeyNames), once it has
        self._address: str | None = None  # counted as not signed in yet, from here
        self._player: str | None = None  # counted as this player's connection

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        address = str(peer[0]) if peer else ""
        if not self.caps.preauth.take(address):
            self.caps.refuse(address)
            raise Refused(address)
        self._address = address

    def _signed_in(self) -> None:
        """No longer a connection that has not signed in."""
        if self._address is not None:
            self.caps.preauth.give_back(self._address)
            self._address = None

    def connection_lost(self, exc: Exception | None) -> None:
        self._signed_in()
        if self._player is not None:
            self.caps.players.give_back(self._player)
            self._player = None

    def begin_auth(self, username: str) -> bool:
        if not ssh_name_ok(username):
            raise asyncssh.DisconnectError(
                asyncssh.DISC_ILLEGAL_USER_NAME, "player names are letters, digits and . _ -"
            )
        return not self.auth.open

    def public_key_auth_supported(self) -> bool:
        return self.auth.authorized_keys is not None

    def _peer(self) -> str:
        return str((self.conn.get_extra_info("peername") or ("", 0))[0])

    async def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        self._credential = None
        try:  # the files are read in a thread: no disk on the event loop
            got = await asyncio.to_thread(self.auth.key_stamp, username, key, self._peer())
        except CredentialsUnavailable as e:
            log.warning("refused a key sign-in as %r: %s", username, e)
            return False
        if got is None:
            return False
        if self.names is not None and not self.names.may_take(username, got):
            log.info("refused %s: the name belongs to another credential", username)
            return False
        self._credential = got
        return True

    def password_auth_supported(self) -> bool:
        return self.auth.password is not None or self.auth.passwords is not None

    async def validate_password(self, username: str, password: str) -> bool:
        """Checked off the event loop within the attempt limits
        (:mod:`florencia_tui.net.signin`); a throttled attempt waits its turn."""
        self._credential = None
        bound = self.names.owner(username) if self.names is not None else None
        got = await self.auth.sign_ins.attempt(
            username,
            self._peer(),
            "ssh",
            lambda: self.auth.password_stamp(username, password, bound),
            wanted=lambda: not self.conn.is_closed(),
        )
        if got.ok:
            self._credential = credential_of(got.stamp)
        return got.ok

    def auth_completed(self) -> None:
        self._signed_in()
        user = self.conn.get_extra_info("username")
        credential = self._credential
        if credential and self.names is not None and not self.names.bind(user, credential):
            # Two credentials raced for one new name; the other one won.
            self.conn.disconnect(
                asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE,
                "that name belongs to another credential",
            )
            return
        if not self.caps.players.take(user):
            most = self.caps.limits.sessions_per_player
            log.info("refused %s: %d connections open already", user, most)
            self.conn.disconnect(
                asyncssh.DISC_TOO_MANY_CONNECTIONS,
                f"{user} has {most} connections open already, the most one player "
                "may have: close one first",
            )
            return
        self._player = user

    def kbdint_auth_supported(self) -> bool:
        return False

    def session_requested(self) -> PtySession:
        return PtySession(self.spawner, self.conn.get_extra_info("username"))

    # No forwarding of any kind.
    def connection_requested(self, *args) -> bool:
        return False

    def server_requested(self, *args) -> bool:
        return False

    def unix_connection_requested(self, *args) -> bool:
        return False

    def unix_server_requested(self, *args) -> bool:
        return False


@dataclass
class Spawner:
    """How a session's app is started: forked by the app zygote
    (:mod:`florencia_tui.net.zygote`) when there is one, else as a new process."""

    socket: Path
    python: str = sys.executable
    zygote: Zygote | None = None
    #: Sessions (apps) each player has open, at most ``Limits.sessions_per_player``.
    sessions: Quota = field(default_factory=lambda: Quota(Limits().sessions_per_player))

    def args(self, user: str) -> list[str]:
        """The app's arguments (``python -m florencia_tui.net.client ARGS``)."""
        return ["--socket", str(self.socket), "--user", user, "--via", "ssh", "--pty"]

    def argv(self, user: str) -> list[str]:
        return [self.python, "-m", "florencia_tui.net.client", *self.args(user)]

    async def start(self, user: str, env: dict[str, str], slave: int, direct: bool = False):
        """The app on the PTY ``slave``: a process with ``pid`` (its process
        group: a session of its own), ``returncode`` and ``wait()``; started
        anew when ``direct``. Raises :class:`ZygoteLost` when the zygote may
        have put an app on ``slave`` and then gone (start it on another PTY)."""
        if self.zygote is not None and not direct:
            try:
                return await self.zygote.spawn(self.args(user), env, [slave])
            except ZygoteLost:
                raise  # an app may be on this PTY already: start no other
            except OSError as e:
                log.info("%s: starting the app directly (%s)", user, e)
        return await asyncio.create_subprocess_exec(
            *self.argv(user),
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            close_fds=True,
        )


class PtySession(asyncssh.SSHServerSession):
    """The app in a PTY, bridged byte for byte to one SSH channel."""

    children: set[PtySession] = set()  # live sessions (for the load test's numbers)

    def __init__(self, spawner: Spawner, user: str) -> None:
        self.spawner = spawner
        self.user = user
        self.chan: asyncssh.SSHServerChannel | None = None
        self.term: str | None = None
        self.size = (80, 24, 0, 0)
        self.master: int | None = None
        self.proc: asyncio.subprocess.Process | None = None
        self._inbox = bytearray()  # the player's keys the app has not read yet
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self._tokens = float(INPUT_BURST)  # input rate: a token bucket in bytes
        self._tokens_at = time.monotonic()
        self._over_rate = False
        self._reading_paused = False
        self.accepted = 0  # bytes taken from the player (the back-pressure test reads it)
        self.most_queued = 0  # the largest the inbox ever was
        self._paused = False
        self._eof = False
        self._closed = False
        self._counted = False  # one of the player's sessions (Spawner.sessions)
        # Following a shared view (florencia_tui.net.shared): the app's secret
        # marker token, and where this terminal's bytes come from: "own" (the
        # app's), "follow" (a SharedView's; the app's are dropped) or "back"
        # (nobody's until the app's "own" marker: it is taking over).
        self.mark = new_token()
        self._marks = Markers(self.mark)
        self.mode = "own"
        self.view: SharedView | None = None
        self.shared_bytes = 0  # bytes of a shared view sent to this terminal

    # ----- requests -----------------------------------------------------------------
    def connection_made(self, chan) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size, term_modes) -> bool:
        if not fits_pty(*term_size):  # no terminal's: refused (the client says so)
            log.info("refused a PTY of %dx%d from %s", term_size[0], term_size[1], self.user)
            return False
        self.term = term_type
        self.size = tuple(term_size)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        log.info("refused exec from %s: %r", self.user, command)
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        if self.term is None:
            self.chan.write(
                b"florencia is a full-screen game: connect with a terminal (ssh -t).\r\n"
            )
            self.chan.exit(1)
            return
        if not self.spawner.sessions.take(self.user):
            most = self.spawner.sessions.each
            log.info("refused a session of %s: %d open already", self.user, most)
            self.chan.write(
                f"florencia: {self.user} has {most} sessions open already, the most "
                "one player may have: close one first.\r\n".encode()
            )
            self.chan.exit(1)
            return
        self._counted = True
        asyncio.get_running_loop().create_task(self._spawn())

    # ----- the child ----------------------------------------------------------------
    async def _spawn(self) -> None:
        if self._eof or self._closed:  # nothing to play for: start no app
            if not self._closed:
                self._closed = True
                self.chan.exit(0)
            return
        env = child_env(self.chan.get_environment(), self.term)
        env[MARK_ENV] = self.mark
        try:
            self.proc = await self._start(env)
        except OSError as e:
            self.chan.write(f"florencia: cannot start the app: {e}\r\n".encode())
            self.chan.exit(1)
            return
        master = self.master
        PtySession.children.add(self)
        log.info(
            "%s: app pid %d (%s %dx%d)",
            self.user,
            self.proc.pid,
            self.term,
            self.size[0],
            self.size[1],
        )
        os.set_blocking(master, False)
        loop = asyncio.get_running_loop()
        loop.add_reader(master, self._from_app)
        if self._inbox:
            self._to_app()
        if self._closed or self._eof:  # the link dropped (or said EOF) while we started
            self._hang_up()
        rc = await self.proc.wait()
        PtySession.children.discard(self)
        self._drain()
        self._close_master()
        if not self._closed:
            self._closed = True
            try:
                self.chan.exit(rc if rc >= 0 else 1)
            except (OSError, asyncssh.Error):
                pass

    async def _start(self, env: dict[str, str]):
        """The app on a new PTY (its master is ``self.master``): forked by the
        zygote, or, if the zygote went away or did not answer while asked
        (it may have put an app on that PTY: closing the PTY hangs that one
        up), started directly on another new PTY."""
        for direct in (False, True):
            slave = self._open_pty()
            try:
                return await self.spawner.start(self.user, env, slave, direct=direct)
            except ZygoteLost as e:
                log.warning("%s: %s; starting the app directly", self.user, e)
            except BaseException:
                self._close_master()
                raise
            finally:
                os.close(slave)
            self._close_master()
        raise OSError("the app did not start")  # (a direct start raises no ZygoteLost)

    def _open_pty(self) -> int:
        """A new PTY at the session's size: its master becomes the session's;
        the slave end is returned (closed by the caller)."""
        master, slave = os.openpty()
        try:
            self._set_size(slave)
        except BaseException:
            os.close(master)
            os.close(slave)
            raise
        self.master = master
        return slave

    def _from_app(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: the app closed its terminal
            data = b""
        if not data:
            self._stop_reading()
            return
        self._from_own(data)

    def _drain(self) -> None:
        while self.master is not None:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            self._from_own(data)
        self._unfollow()

    def _from_own(self, data: bytes) -> None:
        """The app's bytes: its markers are acted on and never forwarded; the
        rest reaches the player unless the terminal follows a shared view."""
        for piece in self._marks.feed(data):
            if isinstance(piece, tuple):
                self._marked(piece)
            elif self.mode == "own" or (self.view is not None and self in self.view.joining):
                self._send(piece)  # (until the shared view's whole screen comes, the app's)

    # ----- following a shared view (florencia_tui.net.shared) --------------------------
    def _marked(self, words: tuple[str, ...]) -> None:
        if words[0] == "follow" and len(words) == 2 and CODE.match(words[1]):
            self._follow(words[1])
        elif words[0] == "own":
            self._leave()
            self.mode = "own"

    def _follow(self, code: str) -> None:
        """The app is a spectator of ``code``, idle: show the shared rendering."""
        if self._closed or self._eof or self.chan is None:
            return
        self._leave()
        if self._paused:  # this link cannot keep up with a shared view: its own app paces it
            self._take_back()
            return
        env = child_env(self.chan.get_environment(), self.term)
        cols, rows = self.size[:2]
        key = (
            str(self.spawner.socket),
            code,
            cols,
            rows,
            tuple((k, env.get(k)) for k in sorted(PASS_ENV)),
        )
        argv = [*self.spawner.argv(RENDER_USER), "--via", RENDER_VIA, "--render", code]
        self.mode = "follow"
        self.view = SharedView.join(self, key, argv, env, self.size)

    def _leave(self) -> None:
        """Leave the shared view: none of its bytes reach this terminal any more."""
        view, self.view = self.view, None
        if view is not None:
            view.remove(self)

    def _unfollow(self) -> None:
        """Leave the shared view, and have the app take over if it was followed."""
        self._leave()
        if self.mode == "follow":
            self._take_back()

    def _take_back(self) -> None:
        """Stop following and ask the app to draw the whole screen again; its
        bytes reach the player from its "own" marker on."""
        self._leave()
        self.mode = "back"
        if self.proc is not None and self.proc.returncode is None:
            try:
                os.kill(self.proc.pid, signal.SIGUSR1)
            except OSError:
                self.mode = "own"
        else:
            self.mode = "own"

    def _send(self, data: bytes) -> None:
        if self._closed:
            return
        try:
            self.chan.write(data)
        except (OSError, asyncssh.Error):  # the channel is already gone
            self._closed = True

    def _stop_reading(self) -> None:
        if self.master is not None:
            try:
                asyncio.get_running_loop().remove_reader(self.master)
            except (ValueError, RuntimeError):
                pass

    def _close_master(self) -> None:
        self._stop_reading()
        self._stop_writing()
        if self.master is not None:
            os.close(self.master)
            self.master = None

    def _set_size(self, fd: int) -> None:
        cols, rows, pw, ph = self.size
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, pw, ph))

    # ----- from the player --------------------------------------------------------------
    def data_received(self, data: bytes, datatype) -> None:
        if self._eof or self._closed:
            return
        if self.mode == "follow":  # the player's own app answers, at once
            self._take_back()
        self.accepted += len(data)
        # Keys as valid UTF-8 (a Latin-1 terminal's bytes become U+FFFD), so
        # the app never meets a byte it cannot decode.
        self._inbox += self._decode(data).encode()
        self.most_queued = max(self.most_queued, len(self._inbox))
        self._charge(len(data))
        if self.master is not None and self.proc is not None:  # (else: once it has started)
            self._to_app()
        self._flow()

    def _charge(self, n: int) -> None:
        """Input rate: more than a burst above INPUT_RATE pauses this player's
        channel until the bucket refills (a person types far slower)."""
        now = time.monotonic()
        self._tokens = (
            min(float(INPUT_BURST), self._tokens + (now - self._tokens_at) * INPUT_RATE) - n
        )
        self._tokens_at = now
        if self._tokens < 0 and not self._over_rate:
            self._over_rate = True
            asyncio.get_running_loop().call_later(-self._tokens / INPUT_RATE, self._refilled)

    def _refilled(self) -> None:
        self._over_rate = False
        self._flow()

    def _flow(self) -> None:
        """Read from the player only while the app keeps up and the rate allows:
        a paused channel stops granting SSH window, so the client waits."""
        pause = self._over_rate or len(self._inbox) >= INBOX_MAX
        if pause == self._reading_paused or self._closed or self.chan is None:
            return
        self._reading_paused = pause
        try:
            if pause:
                self.chan.pause_reading()
            else:
                self.chan.resume_reading()
        except (OSError, asyncssh.Error):
            pass

    def _to_app(self) -> None:
        try:
            n = os.write(self.master, bytes(self._inbox[:65536]))
        except BlockingIOError:
            n = 0
        except OSError as e:
            if e.errno != errno.EAGAIN:
                self._inbox.clear()
                self._flow()
                return
            n = 0
        del self._inbox[:n]
        loop = asyncio.get_running_loop()
        if self._inbox:
            loop.add_writer(self.master, self._to_app)
        else:
            self._stop_writing()
        if n:
            self._flow()

    def _stop_writing(self) -> None:
        if self.master is not None:
            try:
                asyncio.get_running_loop().remove_writer(self.master)
            except (ValueError, RuntimeError):
                pass

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if not fits_pty(width, height, pixwidth, pixheight):  # no terminal's: ignored
            log.info("ignored a window of %dx%d from %s", width, height, self.user)
            return
        if self.mode == "follow" and (width, height) != self.size[:2]:
            self._take_back()  # another size is another shared view, if any
        self.size = (width, height, pixwidth, pixheight)
        if self.master is not None:
            self._set_size(self.master)
            if self.proc is not None and self.proc.returncode is None:
                try:  # the kernel does this too when the PTY is the app's terminal
                    os.killpg(self.proc.pid, signal.SIGWINCH)
                except OSError:
                    pass

    # ----- flow control: a slow link slows the app down, it does not queue up ----------
    def pause_writing(self) -> None:
        self._paused = True
        self._stop_reading()
        if self.mode == "follow":  # a link slower than the table: its own app paces it
            self._take_back()

    def resume_writing(self) -> None:
        self._paused = False
        if self.master is not None:
            asyncio.get_running_loop().add_reader(self.master, self._from_app)

    # ----- the end ----------------------------------------------------------------------
    def eof_received(self) -> bool:
        """The player's side is done (``ssh ... < /dev/null``): the app ends, the
        session closes with its exit status; even when EOF comes before the
        app has started."""
        self._eof = True
        self._inbox.clear()
        self._unfollow()
        self._hang_up()
        return True  # keep our half open until the app has exited

    def connection_lost(self, exc: Exception | None) -> None:
        self._closed = True
        if self._counted:
            self._counted = False
            self.spawner.sessions.give_back(self.user)
        self._unfollow()
        self._hang_up()

    def _hang_up(self) -> None:
        hang_up(self.proc)


async def start(
    host: str,
    port: int,
    auth: Auth,
    spawner: Spawner,
    data: Path,
    names: KeyNames | None = None,
    caps: Caps | None = None,
) -> asyncssh.SSHAcceptor:
    """The SSH server on ``host``:``port``; ``caps``: its limits and counts."""
    auth.check(host)
    caps = caps or Caps(Limits())
    return await asyncssh.create_server(
        lambda: Server(auth, spawner, names, caps),
        host,
        port,
        server_host_keys=[host_key(data)],
        allow_pty=True,
        line_editor=False,
        encoding=None,
        agent_forwarding=False,
        x11_forwarding=False,
        allow_scp=False,
        keepalive_interval=15,
        keepalive_count_max=4,
        login_timeout=caps.limits.login_timeout,
        window=WINDOW,
    )
