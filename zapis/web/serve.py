"""`zapis serve`: the app in web browsers (textual-serve), for the tablets at the tables.

A served tablet is a stranger. What guards the laptop:

- Every request must name this server by an address it listens on (no DNS rebinding), and every
  websocket must come from a page of that same address (its `Origin`): a page of another site,
  opened on the laptop or on a tablet, cannot drive the app.
- Beyond this machine, a browser needs the access key (at least 96 bits, what the QR code
  carries) or the short code; wrong tries are limited per address (`Lockout`). A browser that got
  in holds a session token in its cookie, never the key or the code; the key leaves the address bar
  at once (a redirect), and neither reaches any log (the access log writes paths without queries).
- App sessions are capped (`--max-sessions`, else two a table of the current evening, the director and a
  margin); every session is one process (forked from one warm process: zapis.web.forks), so this is the
  memory bound. The board is one shared web page, no process per viewer (zapis.web.board).
- The served app delivers exports as downloads and never writes where a tablet says (zapis.ui.app).

The server is made of one part per concern, each a module beside this one: who may come in and as whom (access),
the guard before every request and the headers on every response (guard), the app page and its sessions (apps),
the addresses and their announcement (addresses). Here the parts are put together: the routes, the start and the
stop.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import os
import shlex
import signal
import sys
from pathlib import Path
from types import SimpleNamespace

from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi
from zapis.web.access import Access, check_code
from zapis.web.addresses import Addresses, allowed_hosts
from zapis.web.apps import Apps, session_environment, stop_service
from zapis.web.forks import Forks
from zapis.web.guard import TEMPLATES, Guard, PathOnlyAccessLogger, _no_framing
from zapis.web.logins import DEFAULT_TABLES
from zapis.web.spares import Spares, remember_tablet_size, remembered_tablet_size

# named from here by the rest of zapis and by the tests (this module was once the whole server)
from zapis.web.access import MIN_CODE, Lockout  # noqa: F401
from zapis.web.addresses import _port_suffix, host_names, lan_addresses  # noqa: F401
from zapis.web.apps import _int, _size, _table, log  # noqa: F401
from zapis.web.conn import address_group  # noqa: F401
from zapis.web.guard import (CSP, LOCAL, ROLE, SESSION_COOKIE, TABLE_COOKIE, TEXT, _inline_scripts,  # noqa: F401
                             _page, is_local, safe_log_line, say)

BUDGETED_SESSIONS = 64  # the descriptors kept for sessions when their cap follows the evening (a 30-table one)

STATIC = Path(__import__("textual_serve").__file__).resolve().parent / "static"


class ZapisServer(Guard, Apps, Addresses, Server):
    """The served app: the guard, the app sessions and the addresses (the parts above) on textual-serve's server."""

    def __init__(self, db: str | None, lang: str | None, host: str, port: int, access: Access | None,
                 max_sessions: int | None = None, font_size: int = 16, extra_hosts: list[str] = (),
                 local_needs_code: bool = False, forks: bool = True, spares: bool = True,
                 tables: tuple[int, int] | None = None):
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
        self.served = tables  # (first, last): the tables this server serves (None: every table of the evening)
        # which server a commit came from (told with it on PostgreSQL): this one's sessions inherit it
        import uuid

        from zapis.store.postgres import ORIGIN

        self.origin = os.environ[ORIGIN] = uuid.uuid4().hex  # never another server's (a server started by one)
        self.font_size = font_size
        self.hosts = allowed_hosts(host, port, extra_hosts)
        self.sessions: set[AppService] = set()
        self.owners: dict[AppService, tuple] = {}  # a session's owner (zapis serve caps each: `_owner`)
        self.sockets: set[web.WebSocketResponse] = set()
        self.board = None
        # the tablets' sessions forked from one warm process (zapis.web.forks), started with the server
        self.forks: Forks | None = Forks(base[3:], lambda: session_environment(AppService._build_environment(
            SimpleNamespace(debug=self.debug), 80, 24))) if forks else None
        # each table's session made before its tablet connects (zapis.web.spares), while the server waits
        self.spares: Spares | None = Spares(self.make_spare, self.wanted_spares, stop_service,
                                            lambda: self.commits, size=remembered_tablet_size(),
                                            remember=remember_tablet_size) if forks and spares else None
        self._nudges: set[asyncio.Task] = set()

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

    # --- starting and stopping -------------------------------------------------------------------------
    def initialize_logging(self) -> None:
        """Plain one-line logs: no tracebacks with local variables (they would hold the key)."""
        logging.basicConfig(level="INFO", format="%(asctime)s %(message)s", datefmt="%H:%M:%S",
                            stream=sys.stderr, force=True)
        from zapis.web.conn import limit_logs

        limit_logs()  # a flood (descriptors run out, a storm of bad requests) is a line per 10 s, not one each

    listener = None  # on PostgreSQL: the commits of the event's other servers (zapis.store.postgres)

    async def on_startup(self, app: web.Application) -> None:
        """Nothing to say yet: the addresses are printed once the port is really ours (`run`). On PostgreSQL the
        server listens for the other servers' commits: its tablets and board look at once when one is heard."""
        from zapis.paths import is_db_address

        if is_db_address(self.db):
            from zapis.store.postgres import ChangeListener

            loop = asyncio.get_running_loop()
            self.listener = ChangeListener(str(self.db), self.origin, lambda: loop.call_soon_threadsafe(
                self.committed, None))
            self.listener.start()

    async def on_shutdown(self, app: web.Application) -> None:
        """Ctrl+C: every tablet's session ends now (its app stopped), then the server; nothing is left running."""
        try:
            self.announcement_file().unlink(missing_ok=True)
        except OSError:
            pass
        if self.listener is not None:
            await asyncio.to_thread(self.listener.stop)
        if self.spares is not None:
            await self.spares.stop()
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

        runner = Runner(await self._make_app(), max_sessions=self.max_sessions or BUDGETED_SESSIONS,
                        access_log_class=PathOnlyAccessLogger,
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
            if self.forks is not None:
                self.forks.start()
            if self.spares is not None:
                self.spares.start()
            print(self.announce(), flush=True)
            self.write_announcement()
            if ready is not None:
                ready.set()
            await (stop or asyncio.Event()).wait()
        finally:
            if self.spares is not None:
                await self.spares.stop()
            await runner.cleanup()
            if self.forks is not None:
                await asyncio.to_thread(self.forks.stop)

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


def build_server(db: str | None, lang: str | None, host: str, port: int, code: str | None = None,
                 max_sessions: int | None = None, font_size: int = 16, extra_hosts: list[str] = (),
                 local_needs_code: bool = False, tables: int | str = DEFAULT_TABLES, spares: bool = True) -> ZapisServer:
    from zapis.web.logins import table_span

    problems = [Problem(opt, Bi(f"musi być liczbą całkowitą od {lo} do {hi}",
                                f"must be a whole number from {lo} to {hi}")) for opt, v, lo, hi in (
        (f"--port {port}", port, 1, 65535), (f"--max-sessions {max_sessions}", 1 if max_sessions is None else max_sessions, 1, 1000),
        (f"--font-size {font_size}", font_size, 8, 48)) if not lo <= v <= hi]
    try:
        span = table_span(str(tables))
    except ZapisError as e:
        problems += e.problems
    if problems:
        raise ZapisError(problems)
    code = check_code(code)
    local = host in ("127.0.0.1", "::1", "localhost") and not local_needs_code
    access = None
    if not local:  # the logins (director, board, each table) from the secret kept beside the database
        from zapis.paths import beside, is_db_address
        from zapis.store.db import default_db_path
        from zapis.web.logins import Logins, load_secret

        path = beside(db) if db else default_db_path()
        try:
            if is_db_address(db):  # kept in the database: every server of the event prints the same cards
                from zapis.store import Store

                with Store(db) as store:
                    secret = store.login_secret()
            else:
                if db is None:
                    path.parent.mkdir(parents=True, exist_ok=True)
                secret = load_secret(path)
        except OSError as e:
            raise ZapisError([Problem(str(path.parent), Bi(f"nie można tam przechowywać loginów tabletów ({e.strerror})",
                                                           f"cannot keep the tablets' logins there ({e.strerror})"))]) \
                from None
        access = Access(code=code, logins=Logins(secret, span))
    return ZapisServer(db, lang, host, port, access, max_sessions=max_sessions, font_size=font_size,
                       extra_hosts=list(extra_hosts), local_needs_code=local_needs_code, spares=spares,
                       # FIRST-LAST: one server of several, serving those tables; N: the logins' count only, the
                       # server serving every table of the evening (as a club's one server does)
                       tables=span if "-" in str(tables) else None)
