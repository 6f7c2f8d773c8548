"""The app page and its sessions: every tablet's websocket is one app process (zapis.web.session), capped in
total and per owner (a table's login, another machine's address), its messages checked, and stopped for sure."""

from __future__ import annotations

import asyncio
import json
import logging
import shlex
import sqlite3
import time
from typing import Any, Callable

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService

from zapis.core.errors import ZapisError
from zapis.store.roles import BOARD, DIRECTOR, TABLE, Role
from zapis.web.access import Access
from zapis.web.conn import address_group  # one guesser counted as its connections are
from zapis.web.driver import CHANGED, COMMITTED, DRIVER
from zapis.web.forks import Forks
from zapis.web.guard import ROLE, TABLE_COOKIE, _page, say
from zapis.web.spares import Relay, Spares

log = logging.getLogger("zapis.web.serve")  # the server's one log, whichever part of it writes


class Session(AppService):
    """One tablet's app: forked from the warm process when there is one (zapis.web.forks), else a process of its
    own; its driver hears the server's nudges, and its commits are passed on (`on_commit`)."""

    def __init__(self, command: str, *, forks: Forks | None = None, table: int | None = None,
                 on_commit: Callable[[Session], None] | None = None, **kw: Any):
        super().__init__(command, **kw)
        self.forks, self.table, self.on_commit = forks, table, on_commit

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        return session_environment(super()._build_environment(width, height))

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        if self.forks is not None:
            process = await self.forks.spawn(self.table, width, height)
            if process is not None:
                self._process, self._stdin = process, process.stdin
                return process
        return await super()._open_app_process(width, height)

    async def on_meta(self, data: bytes) -> None:
        try:
            kind = json.loads(data).get("type")
        except (ValueError, AttributeError):
            return
        if kind == COMMITTED:
            if self.on_commit is not None:
                self.on_commit(self)
            return
        await super().on_meta(data)


LEAST_CAP = 16  # sessions allowed whatever the evening (a few tables, the director, reloads)


def evening_cap(tables: int) -> int:
    """Sessions for an evening of `tables` tables: two tablets a table (N-S and E-W), the director, and a margin
    for tablets reloaded (an old session lingers a few seconds); never fewer than LEAST_CAP."""
    return max(LEAST_CAP, 2 * tables + 1 + max(4, tables // 4))


def session_environment(environment: dict[str, str]) -> dict[str, str]:
    """textual-serve's environment for an app, with zapis's driver (the server's nudges)."""
    return {**environment, "TEXTUAL_DRIVER": DRIVER}


class Apps:
    """The ZapisServer's app sessions."""

    access: Access | None
    lang: str
    max_sessions: int | None  # --max-sessions; None: the evening's (session_cap)
    db: Any
    font_size: int
    base_command: list[str]
    sessions: set[AppService]
    owners: dict[AppService, tuple]
    sockets: set[web.WebSocketResponse]
    forks: Forks | None
    spares: Spares | None = None
    board: Any
    _nudges: set[asyncio.Task]

    # --- the command a session runs ------------------------------------------------------------------
    def app_command(self, table: int | None = None) -> str:
        """The session's command; `exec` makes the app the shell's own process, so stopping it stops zapis."""
        return "exec " + shlex.join(self.base_command + (["--table", str(table)] if table else []))

    # --- how many sessions ---------------------------------------------------------------------------------
    _tables: tuple[float, int] = (-1e9, 0)  # (when, what) the current evening's tables were last counted

    def evening_tables(self) -> int:
        """The tables of the current evening, counted again at most every few seconds (a new evening, a pairs
        session made, changes it)."""
        now = time.monotonic()
        if now - self._tables[0] > 5.0:
            try:
                from zapis.club.pairs_session import evening_tables
                from zapis.store import Store

                with Store(self.db) as store:
                    tables = evening_tables(store, store.current_evening())
            except (ZapisError, OSError, sqlite3.Error):
                tables = 0  # nothing to read yet
            self._tables = (now, tables)
        return self._tables[1]

    def session_cap(self) -> int:
        """The sessions allowed at once: `--max-sessions` if given, else the evening's (`evening_cap`)."""
        if self.max_sessions is not None:
            return self.max_sessions
        return evening_cap(len(self.own_tables()))

    served: tuple[int, int] | None = None  # the tables this server serves (zapis serve --tables FIRST-LAST)

    def own_tables(self) -> range:
        """The current evening's tables this server serves: all of them, or those of its span (several servers
        on one event)."""
        first, last = self.served or (1, self.evening_tables())
        return range(first, min(last, self.evening_tables()) + 1)

    # --- spares: a table's session made before its tablet connects (zapis.web.spares) ----------------------
    def wanted_spares(self) -> list[int]:
        """The tables that should have a spare now: the current evening's that have no session, as many as the
        cap leaves room for (the spares counted in it), when sessions are forked from the warm process."""
        if self.forks is None or self.forks.failed:
            return []
        room = self.session_cap() - len(self.sessions)
        busy = {getattr(s, "table", None) for s in self.sessions}
        return [t for t in self.own_tables() if t not in busy][:max(room, 0)]

    async def make_spare(self, table: int, relay: Relay, width: int, height: int) -> Session | None:
        service = Session(self.app_command(table), forks=self.forks, table=table, on_commit=self.committed,
                          write_bytes=relay.write_bytes, write_str=relay.write_str, close=relay.close,
                          download_manager=self.download_manager, debug=self.debug)
        try:
            await service.start(width, height)
        except OSError:
            return None
        return service

    # --- the app page and its sessions ----------------------------------------------------------------
    def _full(self) -> web.Response | None:
        cap = self.session_cap()
        if len(self.sessions) >= cap:
            return _page(self.lang, f"<p>{say(self.lang, 'full', n=cap)}</p>"
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
        cap = self.session_cap()
        if len(self.sessions) >= cap:
            return web.Response(status=503, text=say(self.lang, "full", n=cap))
        owner = self._owner(request, role)
        if owner is not None and sum(1 for o in self.owners.values() if o == owner) >= self.per_owner(role):
            return web.Response(status=503, text=say(self.lang, "too_many"))
        width, height = _size(request.query.get("width"), request.query.get("height"))
        service: AppService | None = None
        try:
            await websocket.prepare(request)
            spare = self.spares.take(table, width, height) if self.spares is not None else None
            if spare is not None:
                service = spare.service
            else:
                if self.spares is not None and len(self.sessions) + len(self.spares) >= cap:
                    self.spares.give_up_one()  # room for this tablet's own session
                service = Session(self.app_command(table), forks=self.forks, table=table, on_commit=self.committed,
                                  write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                                  close=websocket.close, download_manager=self.download_manager, debug=self.debug)
            self.sessions.add(service)
            if owner is not None:
                self.owners[service] = owner
            self.sockets.add(websocket)
            if spare is not None:
                if spare.stale:  # it slept through a commit: it looks at the database now
                    await service.send_meta({"type": CHANGED})
                if spare.size != (width, height):  # drawn at the tablet's size before the tablet sees it
                    await spare.relay.redrawn(lambda: service.set_terminal_size(width, height))
                await spare.relay.attach(websocket)
            else:
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
                if self.spares is not None:
                    self.spares.wake()  # its table may want a spare again
        return websocket

    commits = 0  # the sessions' commits the server has passed on (a paused spare taken after one is nudged)

    def committed(self, source: AppService) -> None:
        """A session committed: every other session and the board look at the database now, not at their
        next poll (a session still starting takes it from its first look)."""
        self.commits += 1
        for service in list(self.sessions):
            if service is not source and service._stdin is not None:
                task = asyncio.get_running_loop().create_task(service.send_meta({"type": CHANGED}))
                self._nudges.add(task)
                task.add_done_callback(self._nudges.discard)
        if self.board is not None:
            self.board.nudge()

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
