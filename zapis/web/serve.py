"""`zapis serve`: the app in web browsers (textual-serve), for the tablets at the tables.

A served tablet is a stranger. What guards the laptop:

- Every request must name this server by an address it listens on (no DNS rebinding), and every
  websocket must come from a page of that same address (its `Origin`): a page of another site,
  opened on the laptop or on a tablet, cannot drive the app.
- Beyond this machine, a browser needs the access key (at least 96 bits, what the QR code
  carries) or the short code; wrong tries are limited per address (`Lockout`). A browser that got
  in holds a session token in its cookie, never the key or the code; the key leaves the address bar
  at once (a redirect), and neither reaches any log (the access log writes paths without queries).
- App sessions are capped (`--max-sessions`); every session is one process, so this is the memory
  bound. The board is one shared web page, no process per viewer (zapis.web.board).
- The served app delivers exports as downloads and never writes where a tablet says (zapis.ui.app).
"""

from __future__ import annotations

import asyncio
import errno
import html
import json
import logging
import os
import secrets
import shlex
import signal
import socket
import sys
import time
from collections import deque
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlencode

from aiohttp import WSMsgType, web
from aiohttp.abc import AbstractAccessLogger
from textual_serve.app_service import AppService
from textual_serve.server import Server

from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi
from zapis.store.roles import BOARD, DIRECTOR, TABLE, Role
from zapis.web.conn import address_group  # one guesser counted as its connections are
from zapis.web.logins import DEFAULT_TABLES

log = logging.getLogger("zapis.web.serve")

LOCAL = ("127.0.0.1", "::1")
SESSION_COOKIE = "zapis_session"
TABLE_COOKIE = "zapis_table"
ROLE = web.RequestKey("role", Role)  # who the request comes from, as the guard found it
MIN_CODE = 6
TEMPLATES = Path(__file__).resolve().parent / "templates"
STATIC = Path(__import__("textual_serve").__file__).resolve().parent / "static"

TEXT = {
    "need_code": ("Zeskanuj kod QR z karty swojego stołu albo wpisz kod z niej (kierownik: kod z laptopa).",
                  "Scan the QR code on your table's card, or type the code printed on it (the director: the code on "
                  "the laptop)."),
    "code": ("Kod dostępu", "Access code"),
    "enter": ("Wejdź", "Enter"),
    "wrong": ("Zły kod. Spróbuj jeszcze raz.", "Wrong code. Try again."),
    "locked": ("Za dużo błędnych prób z tego urządzenia: spróbuj za {s} s.",
               "Too many wrong tries from this device: try again in {s} s."),
    "full": ("Wszystkie miejsca zajęte (sesji naraz: {n}). Zamknij zapis na innym tablecie "
             "albo poproś kierownika o więcej (zapis serve --max-sessions).",
             "Every place is taken ({n} sessions). Close zapis on another tablet, "
             "or ask the director for more (zapis serve --max-sessions)."),
    "host": ("Ten adres nie należy do tego serwera zapis.", "This address does not belong to this zapis server."),
    "origin": ("Połączenie z innej strony odrzucone.", "A connection from another site was refused."),
    "again": ("Odśwież", "Reload"),
    "not_yours": ("Ten tablet nie ma tu wstępu.", "This tablet may not come in here."),
    "too_many": ("Za dużo sesji z tego urządzenia naraz.", "Too many sessions from this device at once."),
}


def say(lang: str, key: str, **kw) -> str:
    pl, en = TEXT[key]
    return (en if lang == "en" else pl).format(**kw)


def is_local(request: web.Request) -> bool:
    return (request.remote or "") in LOCAL


class Lockout:
    """At most `limit` wrong tries per address in `window` seconds; then that address waits."""

    def __init__(self, limit: int = 10, window: float = 60.0, clock: Callable[[], float] = time.monotonic):
        self.limit, self.window, self.clock = limit, window, clock
        self.failures: dict[str, deque[float]] = {}

    def _recent(self, address: str) -> deque[float]:
        now = self.clock()
        q = self.failures.get(address)
        if q is None:
            return deque()
        while q and q[0] <= now - self.window:
            q.popleft()
        if not q:
            del self.failures[address]
        return q

    def wait(self, address: str) -> float:
        """Seconds this address must wait before its next try (0: it may try now)."""
        q = self._recent(address)
        return max(0.0, q[0] + self.window - self.clock()) if len(q) >= self.limit else 0.0

    def count(self, address: str) -> int:
        """Wrong tries of this address within the window."""
        return len(self._recent(address))

    def failed(self, address: str) -> None:
        self._recent(address)
        self.failures.setdefault(address, deque()).append(self.clock())
        if len(self.failures) > 10_000:  # a flood of addresses cannot grow this without bound
            self.failures.pop(next(iter(self.failures)))


class Access:
    """Who may come in from another machine, and as whom: each login (a key or a typed code) belongs to one role
    (zapis.web.logins); the session it opens carries that role, held here, whatever the browser sends later."""

    def __init__(self, key: str | None = None, code: str | None = None, lockout: Lockout | None = None,
                 session_hours: float = 24.0, everyone: Lockout | None = None, logins=None):
        self.logins = logins
        director = Role()
        self.keys: dict[str, Role] = dict(logins.keys) if logins else {}
        self.codes: dict[str, Role] = dict(logins.codes) if logins else {}
        if logins:
            key = key or logins.key(director)
            if code:  # the director's own code (--code) instead of the derived one
                self.codes = {c: r for c, r in self.codes.items() if r != director}
            code = code or logins.code(director)
        if key:
            self.keys[key] = director
        if code:
            self.codes[code] = director
        self.key, self.code = key, code  # the director's
        self.lockout = lockout or Lockout()
        # many addresses at once: past this cap over all of them, an address that has guessed wrong waits its
        # whole window after one more wrong try; a right code or key is never refused by it
        self.everyone = everyone or Lockout(limit=30, window=60.0, clock=self.lockout.clock)
        self.sessions: dict[str, tuple[float, Role]] = {}
        self.session_seconds = session_hours * 3600

    def key_role(self, given: str) -> Role | None:
        """The role of a long key (what a QR code carries): too long to guess, so no lockout stands before it."""
        found = None
        for key, role in self.keys.items():  # each compared in constant time, none skipped
            if secrets.compare_digest(given.encode(), key.encode()):
                found = role
        return found

    def is_key(self, given: str) -> bool:
        return self.key_role(given) is not None

    def role_of(self, given: str) -> Role | None:
        """The role a key or a typed code (spaces and dashes as printed are ignored) leads to, or None."""
        found = self.key_role(given)
        digits = "".join(c for c in given if c not in " -")
        for code, role in self.codes.items():
            if secrets.compare_digest(digits.encode(), code.encode()) or secrets.compare_digest(
                    given.encode(), code.encode()):
                found = found or role
        return found

    def wait(self, address: str) -> float:
        group = address_group(address)
        own = self.lockout.wait(group)
        if own > 0:
            return own
        if self.everyone.wait("*") > 0 and self.lockout.count(group) > 0:  # many guessers at once: one that
            return self.lockout.window  # has guessed wrong already waits; a fresh address still tries
        return 0.0

    def failed(self, address: str) -> None:
        group = address_group(address)
        if self.everyone.wait("*") > 0:  # under a flood of guesses: one wrong try and this address waits
            for _ in range(self.lockout.limit):
                self.lockout.failed(group)
        else:
            self.lockout.failed(group)
        self.everyone.failed("*")

    def new_session(self, role: Role | None = None) -> str:
        token = secrets.token_urlsafe(32)
        self.sessions[token] = (time.monotonic() + self.session_seconds, role or Role())
        if len(self.sessions) > 10_000:  # logins repeated without end cannot grow this without bound
            self.sessions.pop(next(iter(self.sessions)))
        return token

    def session_role(self, token: str | None) -> Role | None:
        held = self.sessions.get(token or "")
        if held is None:
            return None
        if held[0] < time.monotonic():
            del self.sessions[token]
            return None
        return held[1]

    def has_session(self, token: str | None) -> bool:
        return self.session_role(token) is not None


def check_code(code: str | None) -> str | None:
    if code is None:
        return None
    code = code.strip()
    if len(code) < MIN_CODE or len(code) > 64 or not code.isprintable() or " " in code:
        raise ZapisError([Problem("--code", Bi(f"wymaga od {MIN_CODE} do 64 znaków bez spacji "
                                               f"(krótki kod łatwo odgadnąć)",
                                               f"needs {MIN_CODE} to 64 characters without spaces "
                                               f"(a short code is guessed quickly)"))])
    return code


def lan_addresses(ipv6: bool = True) -> list[str]:
    """This machine's addresses a tablet on the same network can use (IPv4 first, no loopback)."""
    import ipaddress

    import ifaddr

    v4, v6 = [], []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str):
                a = ipaddress.ip_address(ip.ip)
                if not a.is_loopback and not a.is_link_local:
                    v4.append(str(a))
            else:
                a = ipaddress.ip_address(ip.ip[0])
                if not a.is_loopback and not a.is_link_local:
                    v6.append(f"[{a}]")
    return list(dict.fromkeys(v4 + (v6 if ipv6 else [])))


def host_names() -> list[str]:
    name = socket.gethostname()
    out = [name] if name and name != "localhost" else []
    if out and "." not in name:
        out.append(f"{name}.local")  # mDNS: how most tablets reach a laptop by name
    return out


def _port_suffix(port: int) -> str:
    return "" if port == 80 else f":{port}"


def allowed_hosts(host: str, port: int, extra: list[str] = ()) -> set[str]:
    """The Host headers this server answers to: its own names and addresses, never another site's."""
    names = ["localhost", "127.0.0.1", "[::1]", *extra]
    if host in ("0.0.0.0", "::", ""):
        names += host_names() + lan_addresses(ipv6=host == "::")
    elif host not in ("127.0.0.1", "localhost", "::1"):
        names.append(f"[{host}]" if ":" in host else host)
    return {n.lower() + sfx for n in names for sfx in {_port_suffix(port), f":{port}"}}


def safe_log_line(text: str, limit: int = 200) -> str:
    """A request path as one printable line for the log (no escape sequences, bounded)."""
    return "".join(c if c.isprintable() else "?" for c in text)[:limit]


class PathOnlyAccessLogger(AbstractAccessLogger):
    """Method, path and status: never the query (the access key travels there) nor any header."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        path = "/k/…" if request.path.startswith("/k/") else request.path  # a login's key is in that path
        self.logger.info("%s %s %s %s", safe_log_line(request.remote or "-", 60), request.method,
                         safe_log_line(path), response.status)


def _page(lang: str, body: str, status: int) -> web.Response:
    return web.Response(status=status, content_type="text/html", charset="utf-8", text=(
        "<!DOCTYPE html><html lang='{0}'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'><title>zapis</title>"
        "<style>body{{font:20px/1.5 sans-serif;background:#0c181f;color:#eee;display:flex;justify-content:center;"
        "padding:2em}}main{{max-width:32em}}input,button{{font-size:28px;padding:.4em;margin:.3em 0;"
        "min-height:48px}}input{{width:8em;letter-spacing:.1em}}button{{background:#5e0ba7;color:#fff;border:0;"
        "padding:.4em 1.2em}}.bad{{color:#ff8080}}a{{color:#9fd3ff}}</style></head><body><main>{1}</main></body></html>"
    ).format(lang, body))


class ZapisServer(Server):
    def __init__(self, db: str | None, lang: str | None, host: str, port: int, access: Access | None,
                 max_sessions: int = 16, font_size: int = 16, extra_hosts: list[str] = (),
                 local_needs_code: bool = False):
        base = [sys.executable, "-m", "zapis.web.session"]  # the app without the command line's parser: sooner
        if db:
            base += ["--db", str(db)]
        if lang:
            base += ["--lang", lang]
        super().__init__(shlex.join(base), host=host, port=port, title="zapis",
                         templates_path=TEMPLATES, statics_path=STATIC)
        self.base_command = base
        from zapis.web.session import cli_lang

        self.db, self.lang = db, cli_lang(lang)  # the pages speak as the app will: --lang, else the one chosen last
        self.access = access
        self.local_needs_code = local_needs_code  # a laptop others use too: this machine gives the code
        self.max_sessions = max_sessions
        self.font_size = font_size
        self.hosts = allowed_hosts(host, port, extra_hosts)
        self.sessions: set[AppService] = set()
        self.owners: dict[AppService, tuple] = {}  # a session's owner (zapis serve caps each: `_owner`)
        self.sockets: set[web.WebSocketResponse] = set()
        self.board = None

    # --- the command a session runs ------------------------------------------------------------------
    def app_command(self, table: int | None = None) -> str:
        """The session's command; `exec` makes the app the shell's own process, so stopping it stops zapis."""
        return "exec " + shlex.join(self.base_command + (["--table", str(table)] if table else []))

    # --- the addresses -----------------------------------------------------------------------------------
    def urls(self) -> list[str]:
        """What a tablet can open: LAN addresses and host names when listening on all of them."""
        sfx = _port_suffix(self.port)
        if self.host in ("0.0.0.0", "::", ""):
            names = lan_addresses(ipv6=self.host == "::") + host_names()
        else:
            names = [f"[{self.host}]" if ":" in self.host else self.host]
        return [f"http://{n}{sfx}/" for n in names] or [f"http://localhost{sfx}/"]

    def entry_url(self, url: str, board: bool = False) -> str:
        """The director's (or the board's) URL with its key in it (what its QR code shows)."""
        return self.login_url(url, Role(BOARD) if board else Role())

    def login_url(self, url: str, role: Role) -> str:
        """The URL that logs a browser in as `role` (`url` is one of `urls()`; zapis.web.logins)."""
        from zapis.web.logins import login_url

        if self.access is not None and role.directs:
            return f"{url}k/{self.access.key}"
        return login_url(url, role, self.access.logins if self.access else None)

    def logins_json(self, tables: int | None = None) -> dict[str, Any]:
        """What `zapis tablets --json` prints (docs/records.md): the server's address and each role's login URL."""
        from zapis.web.logins import logins_json

        logins = self.access.logins if self.access else None
        n = tables if tables is not None else (logins.tables if logins else DEFAULT_TABLES)
        if logins is not None and n > logins.tables:
            raise ZapisError([Problem("--tables", Bi(f"ten serwer zna stoły 1-{logins.tables} "
                                                     "(zapis serve --tables)",
                                                     f"this server knows {logins.tables} tables "
                                                     "(zapis serve --tables)"))])
        return logins_json(self.urls()[0], logins, n, self.access.key if self.access else None)

    def codes_json(self) -> dict[str, Any] | None:
        """Each role's typed code (for the table cards), or None on a server only this machine reaches."""
        if self.access is None:
            return None
        logins = self.access.logins
        return {"director": self.access.code,
                "board": logins.code(Role(BOARD)) if logins else None,
                "tables": {str(t): logins.code(Role(TABLE, t)) for t in range(1, logins.tables + 1)} if logins else {}}

    # --- the web application ---------------------------------------------------------------------------
    async def _make_app(self) -> web.Application:
        import aiohttp_jinja2
        import jinja2

        app = web.Application(middlewares=[self.guard], client_max_size=64 * 1024)
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path), autoescape=True)
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.post("/login", self.handle_login, name="login"),
            web.get("/ws", self.handle_websocket, name="websocket"),
            web.get(r"/ws/{table:\d{1,3}}", self.handle_websocket, name="table_websocket"),
            web.get("/download/{key}", self.handle_download, name="download"),
            web.get(r"/k/{key:[A-Za-z0-9_-]{1,64}}", self.handle_index, name="login_key"),
            web.static("/static", self.statics_path, show_index=False, name="static"),
        ])
        self.mount_board(app)
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        app.on_response_prepare.append(_no_framing)
        return app

    def mount_board(self, app: web.Application) -> None:
        """The board: one web page for any number of viewers, no process each (the guard checks who comes in)."""
        from zapis.web.board import Board

        self.board = Board(self.db, self.lang)
        self.board.add_routes(app)

    @web.middleware
    async def guard(self, request: web.Request, handler) -> web.StreamResponse:
        lang = self.lang
        if request.host.lower() not in self.hosts:
            return _page(lang, f"<p>{say(lang, 'host')}</p>", 421)
        if request.headers.get("Upgrade", "").lower() == "websocket":
            origin = request.headers.get("Origin", "")
            if origin.lower() not in (f"http://{request.host}".lower(), f"https://{request.host}".lower()):
                return web.Response(status=403, text=say(lang, "origin"))
        if request.path.startswith("/static/"):
            return await handler(request)
        # a login given (a table card's URL, the director's QR code): it always decides, so a tablet moved to
        # another table is that table's from its card on
        given = request.match_info.get("key") if request.path.startswith("/k/") else (
            request.query.get("key") or request.query.get("code"))
        if given and self.access is not None and not self._trusted(request):
            return self._try(request, given[:64])
        role = self.role_of(request)
        if role is not None:
            request[ROLE] = role
            if request.path.startswith("/k/"):
                return web.Response(status=303, headers={"Location": "/"})
            return await handler(request)
        if request.path == "/login" and request.method == "POST":
            return await handler(request)
        return self._login_page(request, 401)

    def role_of(self, request: web.Request) -> Role | None:
        """Who this browser is: this machine's own (or anyone, on a server only this machine reaches) is the
        director; another machine is the role of the login its session cookie was given, or nobody."""
        if self.access is None or self._trusted(request):
            return Role()
        return self.access.session_role(request.cookies.get(SESSION_COOKIE))

    def _trusted(self, request: web.Request) -> bool:
        """This machine's own browser needs no code, unless told otherwise (--code-here)."""
        return is_local(request) and not self.local_needs_code

    def _try(self, request: web.Request, given: str) -> web.Response:
        """A key or a typed code: logged in as its role (its home page, on this server: never a path the request
        named), or refused; wrong codes are limited per address, a key is too long to guess."""
        address = request.remote or "?"
        role = self.access.key_role(given)
        if role is None:
            wait = self.access.wait(address)
            if wait > 0:
                return self._login_page(request, 429, say(self.lang, "locked", s=int(wait) + 1))
            role = self.access.role_of(given)
            if role is None:
                self.access.failed(address)
                return self._login_page(request, 403, say(self.lang, "wrong"))
        target = "/board" if role.kind == BOARD else "/"
        response = web.Response(status=303, headers={"Location": target})
        response.set_cookie(SESSION_COOKIE, self.access.new_session(role), httponly=True, samesite="Strict",
                            max_age=int(self.access.session_seconds))
        if role.kind == TABLE:  # its table, said by its login (the cookie of a hint is not needed)
            response.del_cookie(TABLE_COOKIE)
        return response

    def _login_page(self, request: web.Request, status: int, error: str = "") -> web.Response:
        lang = self.lang
        bad = f"<p class='bad'>{html.escape(error)}</p>" if error else ""
        body = (f"<h1>zapis</h1><p>{say(lang, 'need_code')}</p>{bad}"
                f"<form method='post' action='/login'>"
                f"<label>{say(lang, 'code')}<br><input name='code' autocomplete='off' inputmode='numeric' autofocus "
                f"required maxlength='64'></label><br><button>{say(lang, 'enter')}</button></form>")
        return _page(lang, body, status)

    async def handle_login(self, request: web.Request) -> web.Response:
        form = await request.post()
        if self.access is None or self._trusted(request):
            return web.Response(status=303, headers={"Location": "/"})
        return self._try(request, str(form.get("code", ""))[:64])

    # --- the app page and its sessions ----------------------------------------------------------------
    def _full(self) -> web.Response | None:
        if len(self.sessions) >= self.max_sessions:
            return _page(self.lang, f"<p>{say(self.lang, 'full', n=self.max_sessions)}</p>"
                                    f"<p><a href='/'>{say(self.lang, 'again')}</a></p>", 503)
        return None

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        import aiohttp_jinja2

        role: Role = request.get(ROLE) or Role()
        if role.kind == BOARD:  # the board's login opens no app
            return web.Response(status=303, headers={"Location": "/board"})
        full = self._full()
        if full is not None:
            return full
        if role.kind == TABLE:  # its table is its login's, whatever the address bar says
            table = role.table
        else:  # the director may look at any table's view (a hint remembered on this browser)
            table = _table(request.query.get("table")) if "table" in request.query else _table(
                request.cookies.get(TABLE_COOKIE))
        scheme = "wss" if request.secure else "ws"
        ws = f"{scheme}://{request.host}/ws" + (f"/{table}" if table else "")
        font = _int(request.query.get("fontsize"), self.font_size)
        context = {"font_size": min(max(font, 10), 40), "app_websocket_url": ws, "lang": self.lang,
                   "table": table, "static_url": "/static/"}
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        if "table" in request.query and role.kind == DIRECTOR:  # chosen once, remembered on this browser
            if table:
                response.set_cookie(TABLE_COOKIE, str(table), max_age=365 * 24 * 3600, samesite="Strict")
            else:
                response.del_cookie(TABLE_COOKIE)
        return response

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=256 * 1024)
        if not websocket.can_prepare(request).ok:
            return web.Response(status=400, text="zapis: websocket only")
        role: Role = request.get(ROLE) or Role()
        table = _table(request.match_info.get("table"))
        if role.kind == BOARD or (role.kind == TABLE and table != role.table):  # another table, the director's
            return web.Response(status=403, text=say(self.lang, "not_yours"))
        if len(self.sessions) >= self.max_sessions:
            return web.Response(status=503, text=say(self.lang, "full", n=self.max_sessions))
        owner = self._owner(request, role)
        if owner is not None and sum(1 for o in self.owners.values() if o == owner) >= self.per_owner(role):
            return web.Response(status=503, text=say(self.lang, "too_many"))
        width, height = _size(request.query.get("width"), request.query.get("height"))
        service: AppService | None = None
        try:
            await websocket.prepare(request)
            service = AppService(self.app_command(table), write_bytes=websocket.send_bytes,
                                 write_str=websocket.send_str, close=websocket.close,
                                 download_manager=self.download_manager, debug=self.debug)
            self.sessions.add(service)
            if owner is not None:
                self.owners[service] = owner
            self.sockets.add(websocket)
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # a broken browser connection must not stop the server; one line, no headers
            log.warning("a session ended with an error: %s", type(error).__name__)
        finally:
            self.sockets.discard(websocket)
            if service is not None:
                self.sessions.discard(service)
                self.owners.pop(service, None)
                await stop_service(service)
        return websocket

    def _owner(self, request: web.Request, role: Role) -> tuple | None:
        """Whose sessions are counted together: a table's login (two tablets a table: N-S and E-W), another machine's
        address; this machine's own browser is the director at the laptop, not capped."""
        if role.kind == TABLE:
            return ("table", role.table)
        if self._trusted(request) or self.access is None:
            return None
        return ("address", address_group(request.remote or "?"))

    @staticmethod
    def per_owner(role: Role) -> int:
        """Sessions one owner may hold at once (a tablet reloaded holds its old one for a few seconds more)."""
        return 3 if role.kind == TABLE else 4

    async def _process_messages(self, websocket: web.WebSocketResponse, service: AppService) -> None:
        """The browser's messages, checked: a stranger's resize to 10000 columns is 400 at most."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except (ValueError, RecursionError):  # not JSON, or nested past the parser's depth: refused
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], (envelope[1] if len(envelope) > 1 else None)
            if kind == "stdin" and isinstance(data, str):
                await service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                await service.set_terminal_size(*_size(data.get("width"), data.get("height")))
            elif kind == "ping" and isinstance(data, str):
                await websocket.send_json(["pong", data[:64]])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()

    # --- starting and stopping -------------------------------------------------------------------------
    def initialize_logging(self) -> None:
        """Plain one-line logs: no tracebacks with local variables (they would hold the key)."""
        logging.basicConfig(level="INFO", format="%(asctime)s %(message)s", datefmt="%H:%M:%S",
                            stream=sys.stderr, force=True)
        from zapis.web.conn import limit_logs

        limit_logs()  # a flood (descriptors run out, a storm of bad requests) is a line per 10 s, not one each

    def announce(self, out=None) -> str:
        """The addresses, the code and a QR code of the entry URL, as text for the terminal."""
        import io

        import segno

        pl = self.lang == "pl"  # one language: the one the app and the pages speak
        lines = []
        urls = self.urls()
        for url in urls:
            lines.append(f"zapis: {url}    {'tablica' if pl else 'board'}: {url}board")
        lines.append("Stoły: zapis tablets (karty stołów z kodami QR)" if pl else
                     "Tables: zapis tablets (table cards with QR codes)")
        if self.access:
            from zapis.web.logins import spaced

            board = self.login_url(urls[0], Role(BOARD))
            lines.append(f"{'Tablica' if pl else 'Board'}: {board}")
            buf = io.StringIO()
            segno.make(board, error="m").terminal(out=buf, compact=True, border=2)
            lines.append(buf.getvalue().rstrip("\n"))
            lines.append(f"{'Kierownik' if pl else 'Director'}: {self.entry_url(urls[0])}    "
                         f"{'kod' if pl else 'code'}: {spaced(self.access.code)}")
        lines.append("Ctrl+C: koniec" if pl else "Ctrl+C: quit")
        return "\n".join(lines)

    def announcement_file(self) -> Path:
        from zapis.store.db import default_db_path

        db = Path(self.db) if self.db else default_db_path()
        return db.with_name(db.name + ".serve.json")

    async def on_startup(self, app: web.Application) -> None:
        """Nothing to say yet: the addresses are printed once the port is really ours (`run`)."""

    def write_announcement(self) -> None:
        """The director's app shows the addresses and the QR code too; the file is this user's alone."""
        urls = self.urls()
        data = {"urls": urls, "entry": [self.entry_url(u) for u in urls],
                "board": [self.entry_url(u, True) for u in urls],
                "code": self.access.code if self.access else None, "pid": os.getpid(),
                "logins": self.logins_json(), "codes": self.codes_json()}
        try:
            fd = os.open(self.announcement_file(), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f)
        except OSError:
            pass

    async def on_shutdown(self, app: web.Application) -> None:
        """Ctrl+C: every tablet's session ends now (its app stopped), then the server; nothing is left running."""
        try:
            self.announcement_file().unlink(missing_ok=True)
        except OSError:
            pass
        await asyncio.gather(*(ws.close() for ws in list(self.sockets)), return_exceptions=True)
        await asyncio.gather(*(stop_service(s, 3.0) for s in list(self.sessions)), return_exceptions=True)

    def backup_once(self) -> None:
        """One automatic backup per server start (never one per tablet session)."""
        from zapis.store import Store

        try:
            with Store(self.db) as store:
                if store.evenings():
                    store.auto_backup()
        except (ZapisError, OSError) as e:
            why = "\n".join(e.lines(self.lang)) if isinstance(e, ZapisError) else str(e)
            lead = "brak automatycznej kopii zapasowej" if self.lang == "pl" else "no automatic backup"
            print(f"zapis: {lead}: {why}", file=sys.stderr)

    async def run(self, ready: asyncio.Event | None = None, stop: asyncio.Event | None = None) -> None:
        """Listen, say where, and serve until `stop` is set (or the process is interrupted)."""
        from zapis.web.conn import Runner  # the connections bounded: headers in time, per address, in total

        runner = Runner(await self._make_app(), max_sessions=self.max_sessions, access_log_class=PathOnlyAccessLogger,
                        shutdown_timeout=3.0, access_log=logging.getLogger("zapis.access"), handle_signals=False)
        await runner.setup()
        try:
            try:
                await web.TCPSite(runner, self.host, self.port).start()
            except OSError as e:
                if e.errno == errno.EADDRINUSE:
                    raise ZapisError([Problem(f"--port {self.port}", Bi(
                        "jest już zajęty (działa już inny zapis serve?): wybierz inny port opcją --port",
                        "is already in use (another zapis serve?): choose another port with --port"))]) from None
                raise ZapisError([Problem(f"--host {self.host}", Bi(f"nie można tam nasłuchiwać ({e.strerror})",
                                                                    f"cannot listen there ({e.strerror})"))]) from None
            print(self.announce(), flush=True)
            self.write_announcement()
            if ready is not None:
                ready.set()
            await (stop or asyncio.Event()).wait()
        finally:
            await runner.cleanup()

    def serve(self, debug: bool = False) -> None:
        self.debug = debug
        os.environ["ZAPIS_SERVER_PID"] = str(os.getpid())  # every session ends with this process (zapis.web.session)
        self.initialize_logging()
        self.backup_once()

        async def main() -> None:
            stop = asyncio.Event()
            try:
                asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
            except (NotImplementedError, RuntimeError):
                pass
            await self.run(stop=stop)

        asyncio.run(main())


def _inline_scripts() -> str:
    """The app page's own inline script, allowed by its hash (no other inline script runs)."""
    import base64
    import hashlib
    import re

    try:
        page = (TEMPLATES / "app_index.html").read_text(encoding="utf-8")
    except OSError:
        return ""
    return " ".join("'sha256-" + base64.b64encode(hashlib.sha256(m.encode()).digest()).decode() + "'"
                    for m in re.findall(r"<script>(.*?)</script>", page, re.S))


#: every page's policy: its own scripts (textual.js, the app page's one inline script by hash), styles and fonts of
#: this server, the websocket of this server; nothing from anywhere else, never inside another site's frame
CSP = ("default-src 'self'; script-src 'self' {scripts}; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


async def _no_framing(request: web.Request, response: web.StreamResponse) -> None:
    """No other site may show zapis inside its own page (clickjacking; or a page on the laptop, where no code
    is asked, opening sessions until the tablets find every place taken); every page says what it may load, and
    nothing is sniffed for another type than it says."""
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    csp = response.headers.get("Content-Security-Policy")
    if csp and "frame-ancestors" in csp:  # said already (the board's own policy): a second one is an error
        return
    global _CSP
    if _CSP is None:
        _CSP = CSP.format(scripts=_inline_scripts())
    response.headers["Content-Security-Policy"] = _CSP if not csp else csp + "; frame-ancestors 'none'"


_CSP: str | None = None


async def stop_service(service: AppService, timeout: float = 5.0) -> None:
    """Stop a session's app; if it does not go (a broken pipe, a hung process), end it: none is left behind."""
    try:
        await asyncio.wait_for(service.stop(), timeout)
    except (Exception, asyncio.TimeoutError):  # noqa: BLE001 - whatever went wrong, the process must end
        pass
    process = getattr(service, "_process", None)
    if process is not None and process.returncode is None:
        try:
            process.kill()
            await asyncio.wait_for(process.wait(), timeout)
        except (ProcessLookupError, asyncio.TimeoutError):
            pass


def _size(width: Any, height: Any) -> tuple[int, int]:
    """A terminal size a tablet may ask for: 20x8 to 400x200 cells."""
    return min(max(_int(width, 80), 20), 400), min(max(_int(height, 24), 8), 200)


def _table(value: Any) -> int | None:
    n = _int(value, 0)
    return n if 1 <= n <= 999 else None


def _int(value: Any, default: int) -> int:
    try:
        return int(str(value)[:6])
    except (TypeError, ValueError):
        return default


def build_server(db: str | None, lang: str | None, host: str, port: int, code: str | None = None,
                 max_sessions: int = 16, font_size: int = 16, extra_hosts: list[str] = (),
                 local_needs_code: bool = False, tables: int = DEFAULT_TABLES) -> ZapisServer:
    problems = [Problem(opt, Bi(f"musi być liczbą całkowitą od {lo} do {hi}",
                                f"must be a whole number from {lo} to {hi}")) for opt, v, lo, hi in (
        (f"--port {port}", port, 1, 65535), (f"--max-sessions {max_sessions}", max_sessions, 1, 1000),
        (f"--font-size {font_size}", font_size, 8, 48), (f"--tables {tables}", tables, 1, 999)) if not lo <= v <= hi]
    if problems:
        raise ZapisError(problems)
    code = check_code(code)
    local = host in ("127.0.0.1", "::1", "localhost") and not local_needs_code
    access = None
    if not local:  # the logins (director, board, each table) from the secret kept beside the database
        from zapis.store.db import default_db_path
        from zapis.web.logins import Logins, load_secret

        path = Path(db) if db else default_db_path()
        try:
            if db is None:
                path.parent.mkdir(parents=True, exist_ok=True)
            secret = load_secret(path)
        except OSError as e:
            raise ZapisError([Problem(str(path.parent), Bi(f"nie można tam przechowywać loginów tabletów ({e.strerror})",
                                                           f"cannot keep the tablets' logins there ({e.strerror})"))]) \
                from None
        access = Access(code=code, logins=Logins(secret, tables))
    return ZapisServer(db, lang, host, port, access, max_sessions=max_sessions, font_size=font_size,
                       extra_hosts=list(extra_hosts), local_needs_code=local_needs_code)
