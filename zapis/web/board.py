"""The board for a TV: a plain web page drawn from the same Sheet data as the HTML export, pushed to
every viewer when the database changes.

One watcher per server (not per viewer) polls `PRAGMA data_version` four times a second; when another
process committed, the evening is scored once, in a thread, and the new state is sent to every
open page. A viewer costs a websocket, not a process: a TV, a projector and thirty phones are alike.
Names are data: the page puts every name, title and place in with textContent; the sheets arrive as
HTML the export built, where every text was escaped.
"""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any, Awaitable, Callable

from aiohttp import WSMsgType, web

log = logging.getLogger("zapis.board")

PAGE = Path(__file__).resolve().parent / "board.html"
WORDS = {
    "pl": {"table": "Stół", "standings": "Klasyfikacja", "leads": "prowadzi", "hands": "rozdań",
           "no_evening": "Nie ma jeszcze wieczoru.", "points": "pkt", "player": "Gracz", "games": "gry",
           "money": "zł", "board": "Tablica wyników", "waiting": "Łączenie…"},
    "en": {"table": "Table", "standings": "Standings", "leads": "leads", "hands": "hands",
           "no_evening": "No evening yet.", "points": "pts", "player": "Player", "games": "games",
           "money": "zł", "board": "Scoreboard", "waiting": "Connecting…"},
}


def board_state(db: str | Path | None, lang: str = "pl") -> dict[str, Any]:
    """The latest evening as the board shows it: each table's current game and the standings."""
    from zapis.core.sheet import fmt_number
    from zapis.evening import money_text, standings
    from zapis.export import sheet_html
    from zapis.store import Store

    with Store(db) as store:
        evs = store.evenings()
        if not evs:
            return {"evening": None, "tables": [], "standings": []}
        ev = evs[-1]
        games = store.games(ev["id"])
        results = store.results(ev["id"])
        current: dict[int, int] = {}
        for i, g in enumerate(games):  # a table's current game: its latest
            current[g.table] = i
        tables = []
        for table, i in sorted(current.items()):
            g, sheet = games[i], results[i].sheet
            totals = {p: sheet.totals.get(p, 0) for p in sheet.players}
            best = max(totals.values()) if totals else None
            tables.append({"table": table, "game": g.id, "version": g.version, "title": g.title,
                           "hands": len(sheet.hands), "players": list(sheet.players),
                           "totals": [fmt_number(totals[p]) for p in sheet.players],
                           "negative": [totals[p] < 0 for p in sheet.players],
                           "leader": [best is not None and totals[p] == best and len(set(totals.values())) > 1
                                      for p in sheet.players],
                           "sheet": sheet_html(sheet)})
        rows = [{"rank": s.rank, "player": s.player, "games": s.games, "points": fmt_number(s.place_points),
                 "money": money_text(s.money) if s.money else ""} for s in standings(results)]
        return {"evening": {"date": ev["date"], "title": ev["title"], "place": ev["place"]}, "tables": tables,
                "standings": rows}


class Board:
    """Mount with `Board(db, lang).add_routes(app)`: GET /board (the page) and GET /board/ws (the push)."""

    POLL = 0.25

    def __init__(self, db: str | Path | None, lang: str = "pl", max_viewers: int = 200,
                 check: Callable[[web.Request], Awaitable[web.StreamResponse | None]] | None = None):
        self.db, self.lang = db, lang if lang in WORDS else "pl"
        self.max_viewers = max_viewers
        self.check = check
        self.viewers: set[web.WebSocketResponse] = set()
        self.state: dict[str, Any] | None = None
        self.message = ""
        self.watcher: asyncio.Task | None = None
        self.computations = 0

    def add_routes(self, app: web.Application, prefix: str = "/board") -> None:
        app.add_routes([web.get(prefix, self.page), web.get(prefix + "/ws", self.socket)])
        app.on_startup.append(self._start)
        app.on_shutdown.append(self._stop)

    # --- the one watcher ------------------------------------------------------------------------
    async def _start(self, app: web.Application) -> None:
        self.watcher = asyncio.create_task(self._watch())

    async def _stop(self, app: web.Application) -> None:
        if self.watcher:
            self.watcher.cancel()
            try:
                await self.watcher
            except asyncio.CancelledError:
                pass
        for ws in list(self.viewers):
            await ws.close()

    async def _watch(self) -> None:
        from zapis.store import Store

        seen = None
        store = None
        while True:
            try:
                if store is None:
                    store = await asyncio.to_thread(Store, self.db)
                version = store.data_version()
                if version != seen or self.state is None:
                    seen = version
                    await self._recompute()
            except asyncio.CancelledError:
                if store is not None:
                    store.close()
                raise
            except Exception as e:  # noqa: BLE001 - a damaged or missing database: try again, say one line
                log.warning("board: %s", type(e).__name__)
                store = None
            await asyncio.sleep(self.POLL)

    async def _recompute(self) -> None:
        state = await asyncio.to_thread(board_state, self.db, self.lang)
        self.computations += 1
        old = {t["table"]: t["version"] for t in (self.state or {}).get("tables", [])}
        state["changed"] = [t["table"] for t in state["tables"]
                            if self.state is not None and old.get(t["table"]) != t["version"]]
        self.state = state
        self.message = json.dumps(state, ensure_ascii=False)
        await asyncio.gather(*(self._send(ws) for ws in list(self.viewers)))

    async def _send(self, ws: web.WebSocketResponse) -> None:
        try:
            await ws.send_str(self.message)
        except (ConnectionError, RuntimeError):
            self.viewers.discard(ws)

    # --- the page and its socket -----------------------------------------------------------------
    async def page(self, request: web.Request) -> web.StreamResponse:
        if self.check is not None and (refused := await self.check(request)) is not None:
            return refused
        words = json.dumps(WORDS[self.lang], ensure_ascii=False)
        html = PAGE.read_text(encoding="utf-8").replace("{{LANG}}", self.lang).replace("{{WORDS}}", words)
        return web.Response(text=html, content_type="text/html", charset="utf-8",
                            headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
                                     "Content-Security-Policy": "default-src 'self'; style-src 'unsafe-inline'; "
                                                                "script-src 'unsafe-inline'; connect-src 'self'"})

    async def socket(self, request: web.Request) -> web.StreamResponse:
        if self.check is not None and (refused := await self.check(request)) is not None:
            return refused
        ws = web.WebSocketResponse(heartbeat=30, max_msg_size=4096)
        if not ws.can_prepare(request).ok:
            return web.Response(status=400, text="zapis: websocket only")
        if len(self.viewers) >= self.max_viewers:
            return web.Response(status=503, text="zapis: too many board viewers")
        await ws.prepare(request)
        self.viewers.add(ws)
        try:
            if self.message:
                await ws.send_str(self.message)
            async for msg in ws:  # viewers only listen; anything they send is ignored
                if msg.type == WSMsgType.ERROR:
                    break
        finally:
            self.viewers.discard(ws)
        return ws
