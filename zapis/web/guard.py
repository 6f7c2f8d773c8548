"""The guard before every request: this server's own addresses only (no DNS rebinding), websockets only from its
own pages (their Origin), a login (a key or a typed code) for another machine, and on every response the headers
that keep it out of other sites' frames (CSP, X-Frame-Options); the login page, and an access log of paths only."""

from __future__ import annotations

import html
from pathlib import Path

from aiohttp import web
from aiohttp.abc import AbstractAccessLogger

from zapis.store.roles import BOARD, TABLE, Role
from zapis.web.access import Access

LOCAL = ("127.0.0.1", "::1")
SESSION_COOKIE = "zapis_session"
TABLE_COOKIE = "zapis_table"
ROLE = web.RequestKey("role", Role)  # who the request comes from, as the guard found it
TEMPLATES = Path(__file__).resolve().parent / "templates"

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


class Guard:
    """The ZapisServer's guard (its middleware) and its logins."""

    access: Access | None
    lang: str
    hosts: set[str]
    local_needs_code: bool

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
