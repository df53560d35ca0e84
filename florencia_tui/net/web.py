"""``florencia serve --web``: the app in a browser, behind a sign-in.

textual-serve runs one app process per websocket. In front of it:

* **Host and Origin.** Every request must name this server by an address
  (an IP literal or ``localhost``) or by a name given with ``--web-origin``,
  so a DNS name rebound to this address gets nothing. A sign-in and a
  websocket must come from this server's own page: a page on any other site
  (which a browser lets open a websocket anywhere) is refused.
* **Sign-in before any process.** ``/`` shows a form (name, and a password
  unless the server is open on loopback); a good sign-in sets a session
  cookie (HttpOnly, SameSite=Strict). Only a websocket with that cookie
  starts an app, and the app is started as that session's ``NAME@web`` (the
  ``@web`` keeps browser players apart from SSH names, which cannot hold an
  ``@``); nothing in the browser chooses the name afterwards. The app is
  forked from the app zygote, as an SSH session's is
  (:mod:`florencia_tui.net.web_apps`).
* **Passwords within limits.** A password is checked off the event loop
  within the attempt limits of :mod:`florencia_tui.net.signin`; a throttled
  name or address is answered "too many attempts, wait N s".
* **Sessions that end** (:mod:`florencia_tui.net.web_sessions`): at sign-out
  (``POST /signout``, a button on the game page), or when the player's
  password changes or goes; their tabs' apps stop.
* **Connections within limits** (:class:`ConnectionCaps`): at most so many
  open connections to the web port in all and from one address, more closed
  at once before a byte is read, and one that sends no request is dropped
  after a short grace time, so a flood of idle connections cannot use up the
  server's files.
* **Every response** forbids framing (``X-Frame-Options: DENY``,
  ``frame-ancestors 'none'``), and the game page loads nothing from another
  host (:mod:`florencia_tui.net.web_page`).
"""

from __future__ import annotations

import asyncio
import html
import ipaddress
import logging
from urllib.parse import urlsplit

import aiohttp_jinja2
from aiohttp import web

from florencia_tui.net.limits import Quota
from florencia_tui.net.passwords import CredentialsUnavailable
from florencia_tui.net.sshd import LOOPBACK, Auth, KeyNames, credential_of, ssh_name_ok
from florencia_tui.net.web_apps import Tab, TabApps, web_tab
from florencia_tui.net.web_page import PageLoader
from florencia_tui.net.web_sessions import SESSION_SECONDS, Sessions

log = logging.getLogger("florencia.web")

COOKIE = "florencia_session"
#: Sent with every response: no page of any site may frame this one.
HEADERS = {
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
#: What a refused sign-in says (by ``signin.Outcome.why``), and its status.
REFUSED = {
    "wrong": ("Wrong name or password.", 403),
    "throttled": ("Too many attempts: wait {wait}.", 429),
    "busy": ("The server is busy signing people in: try again in a moment.", 503),
    "closed": ("Sign-in is closed for a moment on the server: try again soon.", 503),
}
#: A throttled or busy refusal is answered after this pause (an asyncio sleep,
#: at most the wait itself), so a client that waits for answers floods slowly.
REFUSAL_PAUSE = 1.0

FORM = """<!doctype html>
<html><head><meta charset="utf-8"><title>florencia · sign in</title>
<style>body{{font-family:monospace;background:#111;color:#ddd;margin:3em}}
input{{font-family:monospace;margin:.3em 0}}.why{{color:#f66}}</style></head>
<body><h1>florencia</h1>
<form method="post" action="/signin">
<label>Name <input name="name" autofocus maxlength="27" required></label><br>
{password}
<button type="submit">Sign in</button>
<p class="why">{why}</p>
<p>{note}</p>
</form></body></html>
"""


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def _split_host(netloc: str) -> tuple[str, str]:
    """("host", "port") of a Host header or netloc ("[::1]:8000" too)."""
    netloc = netloc.lower()
    if netloc.startswith("["):
        host, _, rest = netloc[1:].partition("]")
        return host, rest.lstrip(":")
    host, _, port = netloc.partition(":")
    return host, port


def _is_address(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return False


class WebGate:
    """Which requests reach textual-serve, and as whom."""

    def __init__(
        self,
        auth: Auth,
        origins: list[str] | tuple = (),
        tabs_per_player: int = 4,
        bindings: KeyNames | None = None,
        apps: TabApps | None = None,
    ) -> None:
        """``bindings``: which credential each name belongs to (a browser
        player's under ``NAME@web``); ``apps``: how the tabs' apps start."""
        self.auth = auth
        self.apps = apps
        self.bindings = bindings
        self.tabs = Quota(tabs_per_player)  # each player's open tabs (app processes)
        self.given = [_origin(o) for o in origins]
        self.set_url("")
        self.sessions = Sessions(auth)

    def set_url(self, public_url: str) -> None:
        """The server's own address, once it listens (and its port is known)."""
        self.origins = set(self.given) | ({_origin(public_url)} if public_url else set())
        self.names = {_split_host(urlsplit(o).netloc)[0] for o in self.origins}

    # ----- who is asking ------------------------------------------------------------
    def host_ok(self, request: web.Request) -> bool:
        host, _ = _split_host(request.host or "")
        return _is_address(host) or host in self.names

    def origin_ok(self, request: web.Request) -> bool:
        """A browser always sends Origin with a websocket or a form post; it must
        be this server's own page. (No Origin: not a browser, nothing ambient
        to abuse; it still needs a session.)"""
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        origin = origin.lower()
        if origin in self.origins:
            return True
        parts = urlsplit(origin)
        if parts.scheme not in ("http", "https"):
            return False
        o_host, o_port = _split_host(parts.netloc)
        h_host, h_port = _split_host(request.host or "")
        if (o_host, o_port) == (h_host, h_port):
            return True  # same origin (the Host was checked: an address, or a given name)
        # The page at http://localhost:P opening ws://127.0.0.1:P is one server.
        return o_port == h_port and o_host in LOOPBACK and h_host in LOOPBACK

    def user(self, request: web.Request) -> str | None:
        session = self.sessions.get(request.cookies.get(COOKIE))
        return None if session is None else session.user

    async def still_signed_in(self, request: web.Request):
        """The request's session, its credential read again now (a changed
        password ends it: 403; a passwords file that cannot be read: 503)."""
        try:
            session = await self.sessions.current(request.cookies.get(COOKIE, ""))
        except CredentialsUnavailable as e:
            log.warning("web: no new app while %s", e)
            raise web.HTTPServiceUnavailable(text=REFUSED["closed"][0]) from None
        if session is None:
            raise web.HTTPForbidden(text="your password changed: sign in again")
        return session

    # ----- the middleware and the sign-in --------------------------------------------
    @web.middleware
    async def guard(self, request: web.Request, handler):
        if not self.host_ok(request):
            raise web.HTTPMisdirectedRequest(text="unknown host name (see --web-origin)")
        path = request.path
        if path.startswith("/static/"):
            return await handler(request)
        if path in ("/signin", "/signout") and request.method == "POST":
            if not self.origin_ok(request):
                raise web.HTTPForbidden(text="sign in from this server's own page")
            return await handler(request)
        user = self.user(request)
        if path == "/ws":
            if not self.origin_ok(request):
                log.warning("refused a websocket from origin %r", request.headers.get("Origin"))
                raise web.HTTPForbidden(text="this server's own page only")
            if user is None:
                raise web.HTTPForbidden(text="sign in first")
            session = await self.still_signed_in(request)
            if not self.tabs.take(user):
                log.info("web: refused another tab of %s", user)
                raise web.HTTPTooManyRequests(text=self.too_many_tabs(user))
            token = web_tab.set(Tab(user, self.apps))
            session.live[id(request)] = request  # (its app stops when the session ends)
            try:
                return await handler(request)
            finally:
                session.live.pop(id(request), None)
                web_tab.reset(token)
                self.tabs.give_back(user)
        if user is None:
            if path == "/":
                return self.form()
            raise web.HTTPForbidden(text="sign in first")
        if path == "/" and self.tabs.held[user] >= self.tabs.each:
            raise web.HTTPTooManyRequests(text=self.too_many_tabs(user))
        return await handler(request)

    def too_many_tabs(self, user: str) -> str:
        return (
            f"{user} has {self.tabs.each} tabs open already, the most one player "
            "may have: close one, then reload this page."
        )

    def form(self, why: str = "", status: int = 200) -> web.Response:
        if self.auth.open:
            password = ""
            note = "Open table on this machine: no password."
        else:
            password = (
                '<label>Password <input name="password" type="password" required></label><br>'
            )
            note = "You play as NAME@web."
        page = FORM.format(password=password, why=html.escape(why), note=note)
        return web.Response(
            text=page,
            content_type="text/html",
            status=status,
            headers={"Cache-Control": "no-store"},
        )

    async def sign_in(self, request: web.Request) -> web.StreamResponse:
        data = await request.post()
        name = str(data.get("name", "")).strip()
        password = str(data.get("password", ""))
        if not ssh_name_ok(name) or len(name) > 27:
            return self.form("A name is letters, digits and . _ - (up to 27).", 400)
        stamp = None
        if not self.auth.open:
            user = f"{name}@web"
            bound = self.bindings.owner(user) if self.bindings is not None else None
            got = await self.auth.sign_ins.attempt(
                name,
                request.remote or "",
                "web",
                lambda: self.auth.password_stamp(name, password, bound, web=True),
                wait=False,
            )
            if not got.ok:
                if got.why in ("throttled", "busy"):
                    await asyncio.sleep(min(REFUSAL_PAUSE, got.wait or REFUSAL_PAUSE))
                why, status = REFUSED[got.why]
                return self.form(why.format(wait=got.wait_words), status)
            stamp = got.stamp
            if self.bindings is not None and not self.bindings.bind(user, credential_of(stamp)):
                return self.form("That name belongs to another credential.", 403)
        token = self.sessions.new(name, stamp)
        response = web.HTTPSeeOther("/")
        response.set_cookie(
            COOKIE,
            token,
            httponly=True,
            samesite="Strict",
            path="/",
            secure=request.secure,
            max_age=SESSION_SECONDS,
        )
        raise response

    async def sign_out(self, request: web.Request) -> web.StreamResponse:
        """End this browser's session (its tabs' apps stop) and forget its cookie."""
        token = request.cookies.get(COOKIE)
        if token:
            self.sessions.end(token, "signed out")
        response = web.HTTPSeeOther("/")
        response.del_cookie(COOKIE, path="/")
        raise response

    def page_url(self, request: web.Request) -> str:
        """The address the browser used for this page (its Host was checked), so
        the page's websocket goes back to the same host, with the session cookie."""
        for origin in self.given:
            if urlsplit(origin).netloc == (request.host or "").lower():
                return origin  # e.g. an HTTPS proxy in front of us
        return f"{request.scheme}://{request.host}"


def serve_pages_from_request_host(server, gate: WebGate) -> None:
    """textual-serve writes its own fixed address into the page; write the
    address the browser asked for instead (http://localhost:P and
    http://127.0.0.1:P are different cookie hosts)."""
    index = server.handle_index

    async def handle_index(request: web.Request):
        fixed = server.public_url
        server.public_url = gate.page_url(request)
        try:  # the page's context is computed before the first await
            return await index(request)
        finally:
            server.public_url = fixed

    server.handle_index = handle_index


def install(app: web.Application, gate: WebGate) -> None:
    app.router.add_post("/signin", gate.sign_in)
    app.router.add_post("/signout", gate.sign_out)
    app.middlewares.append(gate.guard)
    app.on_response_prepare.append(_send_headers)
    env = aiohttp_jinja2.get_env(app)
    env.loader = PageLoader(env.loader)

    async def watch(app: web.Application) -> None:
        gate.sessions.start()

    async def stop_apps(app: web.Application) -> None:
        if gate.apps is not None:  # before aiohttp waits for the websockets' handlers
            await gate.apps.stop_all()

    async def stop(app: web.Application) -> None:
        await gate.sessions.stop()

    app.on_startup.append(watch)
    app.on_shutdown.append(stop_apps)
    app.on_cleanup.append(stop)


async def _send_headers(request: web.Request, response: web.StreamResponse) -> None:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)


class ConnectionCaps:
    """At most ``quota`` open connections to the web port (per address and in
    all), whatever they carry (pages, a tab's websocket): one over either cap
    is closed as soon as it is accepted, before a request is read (issue 26,
    item 4, for the browser's side). Installed on aiohttp's server, whose
    ``connection_made``/``connection_lost`` hear of every connection."""

    def __init__(self, quota: Quota) -> None:
        self.quota = quota
        self.refused = 0
        self._held: dict[object, str] = {}

    def install(self, server) -> None:
        made, lost = server.connection_made, server.connection_lost

        def connection_made(handler, transport) -> None:
            made(handler, transport)
            peer = transport.get_extra_info("peername")
            address = str(peer[0]) if peer else "?"
            if self.quota.take(address):
                self._held[handler] = address
                return
            self.refused += 1
            if self.refused == 1 or self.refused % 100 == 0:
                log.warning(
                    "web: refused %d connection(s) over the caps (at most %d in all, %d "
                    "from one address: --max-web-connections, "
                    "--max-web-connections-per-address)",
                    self.refused,
                    self.quota.total,
                    self.quota.each,
                )
            # As aiohttp drops an idle connection, once its handler has begun
            # (closed here, the handler would start on a connection gone).
            asyncio.get_running_loop().call_soon(handler.force_close)

        def connection_lost(handler, exc=None) -> None:
            address = self._held.pop(handler, None)
            if address is not None:
                self.quota.give_back(address)
            lost(handler, exc)

        server.connection_made = connection_made
        server.connection_lost = connection_lost
