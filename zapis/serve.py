"""`zapis serve`: the app in web browsers (textual-serve), for the tablets at the tables.

It listens on localhost unless told otherwise. For any other address it prints an access code:
a browser that is not on this machine must open the app with ?code=... once (a cookie keeps it).
The scoreboard at /board (read-only: it cannot change anything) needs no code.
"""

from __future__ import annotations

import asyncio
import secrets
import shlex
import sys
from typing import Any

import aiohttp_jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, log

LOCAL = ("127.0.0.1", "::1", "localhost")
COOKIE = "zapis_code"


def is_local(request: web.Request) -> bool:
    return (request.remote or "") in LOCAL


def make_guard(code: str | None):
    """Middleware: everything but the board and its static files needs the code from other machines."""

    @web.middleware
    async def guard(request: web.Request, handler):
        path = request.path
        if code is None or is_local(request) or path.startswith(("/board", "/static")):
            return await handler(request)
        given = request.query.get("code") or request.cookies.get(COOKIE)
        if not given or not secrets.compare_digest(given, code):
            return web.Response(status=403, text="zapis: this needs the access code printed when the server "
                                                 "started: open /?code=...  (the scoreboard /board needs none)")
        response = await handler(request)
        if request.query.get("code") and isinstance(response, web.Response):
            response.set_cookie(COOKIE, code, httponly=True, samesite="Strict")
        return response

    return guard


class ZapisServer(Server):
    def __init__(self, command: str, board_command: str, host: str, port: int, code: str | None):
        super().__init__(command, host=host, port=port, title="zapis")
        self.board_command = board_command
        self.code = code

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(make_guard(self.code))
        app.add_routes([web.get("/board", self.handle_board_index, name="board"),
                        web.get("/board/ws", self.handle_board_websocket, name="board_ws")])
        return app

    async def _context(self, request: web.Request) -> dict[str, Any]:
        """The page's links, built from the address the browser used (not 0.0.0.0)."""
        configured = self.public_url
        self.public_url = f"{request.scheme}://{request.host}"
        try:
            return await Server.handle_index.__wrapped__(self, request)
        finally:
            self.public_url = configured

    async def handle_index(self, request: web.Request) -> web.Response:
        return aiohttp_jinja2.render_template("app_index.html", request, await self._context(request))

    async def handle_board_index(self, request: web.Request) -> web.Response:
        context = await self._context(request)
        context["app_websocket_url"] = context["app_websocket_url"].replace("/ws", "/board/ws")
        context["application"] = {"name": "zapis — tablica / board"}
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def handle_board_websocket(self, request: web.Request) -> web.WebSocketResponse:
        return await self._run(request, self.board_command)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        return await self._run(request, self.command)

    async def _run(self, request: web.Request, command: str) -> web.WebSocketResponse:
        websocket = web.WebSocketResponse(heartbeat=15)
        width = _int(request.query.get("width"), 80)
        height = _int(request.query.get("height"), 24)
        service: AppService | None = None
        try:
            await websocket.prepare(request)
            service = AppService(command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                                 close=websocket.close, download_manager=self.download_manager, debug=self.debug)
            await service.start(width, height)
            try:
                await self._process_messages(websocket, service)
            finally:
                await service.stop()
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # a broken browser connection must not stop the server
            log.exception(error)
        finally:
            if service is not None:
                await service.stop()
        return websocket

    async def on_startup(self, app: web.Application) -> None:
        self.console.print(f"zapis: {self.public_url}/  (tablica / board: {self.public_url}/board)", highlight=False)
        if self.code:
            self.console.print(f"Kod dostępu / access code: [bold]{self.code}[/bold]  →  "
                               f"{self.public_url}/?code={self.code}", highlight=False)
        self.console.print("Ctrl+C: koniec / quit")


def _int(value: Any, default: int) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def build_server(db: str | None, lang: str | None, host: str, port: int, code: str | None = None) -> ZapisServer:
    base = [sys.executable, "-m", "zapis"]
    if db:
        base += ["--db", str(db)]
    if lang:
        base += ["--lang", lang]
    local = host in LOCAL
    if not local and code is None:
        code = f"{secrets.randbelow(10 ** 6):06d}"
    return ZapisServer(shlex.join(base + ["app"]), shlex.join(base + ["board"]), host, port, None if local else code)
