"""Browser sessions: whom a session cookie signs in, and when that ends.

A session remembers the credential it signed in with (its *stamp*,
:meth:`florencia_tui.net.sshd.Auth.stamp`: the player's own password hash,
or the shared password). It ends

* after ``SESSION_SECONDS``;
* at sign-out (``POST /signout``);
* as soon as that credential changes: the player's password changed or
  removed, or a password of its own given to a name that signed in with the
  shared one. The websocket that would start an app reads the passwords file
  first (a changed credential: refused), and a watcher reads it every
  ``REVOKE_EVERY`` seconds for the tabs already open.

When a session ends, its tabs' connections are closed (their apps stop) and
its cookie signs nobody in. While the passwords file cannot be read (an
admin mid-edit), no new app starts and the open tabs go on until it can.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from dataclasses import dataclass, field

from aiohttp import web

from florencia_tui.net.passwords import CredentialsUnavailable

log = logging.getLogger("florencia.web")

SESSION_SECONDS = 12 * 3600
#: How often the open tabs' credentials are read again (seconds).
REVOKE_EVERY = 2.0


@dataclass
class WebSession:
    user: str  # NAME@web
    name: str  # NAME: its line in the passwords file
    stamp: str | None  # the credential it signed in with (None: an open server)
    since: float
    live: dict[int, web.Request] = field(default_factory=dict)  # its tabs' websockets, by id


class Sessions:
    """The signed-in browsers of one server (``auth``: how they signed in)."""

    def __init__(self, auth) -> None:
        self.auth = auth
        self.by_token: dict[str, WebSession] = {}
        self._watcher: asyncio.Task | None = None

    def new(self, name: str, stamp: str | None) -> str:
        """A session for ``name`` (``stamp``: what it signed in with); its token."""
        now = time.time()
        for token, old in list(self.by_token.items()):  # forget expired sessions
            if now - old.since > SESSION_SECONDS:
                self.end(token, "expired")
        token = secrets.token_urlsafe(32)
        self.by_token[token] = WebSession(f"{name}@web", name, stamp, now)
        return token

    def get(self, token: str | None) -> WebSession | None:
        session = self.by_token.get(token or "")
        if session is not None and time.time() - session.since > SESSION_SECONDS:
            self.end(token, "expired")
            return None
        return session

    def end(self, token: str, why: str) -> None:
        """The session signs nobody in any more; its tabs' apps stop."""
        session = self.by_token.pop(token, None)
        if session is None:
            return
        log.info("web: %s's session ended (%s)", session.user, why)
        for request in list(session.live.values()):
            transport = request.transport
            if transport is not None:
                transport.close()  # the websocket ends; textual-serve stops its app

    async def current(self, token: str) -> WebSession | None:
        """The session, read against the passwords file now: None if its
        credential changed (the session is ended). Raises
        :class:`CredentialsUnavailable` when the file cannot be read."""
        session = self.get(token)
        if session is None or session.stamp is None:
            return session
        table = await asyncio.to_thread(self.auth.passwords_table)
        if self.auth.stamp(session.name, table) != session.stamp:
            self.end(token, "its password changed")
            return None
        return self.by_token.get(token)

    async def revoke_changed(self) -> None:
        """End every session whose credential changed (none while the
        passwords file cannot be read)."""
        if not any(s.stamp is not None for s in self.by_token.values()):
            return
        try:
            table = await asyncio.to_thread(self.auth.passwords_table)
        except CredentialsUnavailable:
            return
        for token, session in list(self.by_token.items()):
            if session.stamp is not None and self.auth.stamp(session.name, table) != session.stamp:
                self.end(token, "its password changed")

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(REVOKE_EVERY)
            try:
                await self.revoke_changed()
            except Exception:  # the watcher must outlive any one read
                log.exception("web: checking the sessions' passwords")

    def start(self) -> None:
        if self._watcher is None:
            self._watcher = asyncio.get_running_loop().create_task(self._watch())

    async def stop(self) -> None:
        watcher, self._watcher = self._watcher, None
        if watcher is not None:
            watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watcher
