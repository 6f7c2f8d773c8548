"""The board for a TV: a plain web page drawn from the same Sheet data as the HTML export, pushed to
every viewer when the database changes.

One watcher per server (not per viewer) polls `PRAGMA data_version` on a read-only connection four
times a second; when another process committed, the evening is scored once, in a thread, and the new
state is sent to every open page. A viewer costs a websocket, not a process: a TV, a projector and
thirty phones are alike.

Names are data: the page puts every name, title and place in with textContent; the sheets arrive as
HTML that the export built (zapis.io.export.sheet_html), where every text was escaped on the server.

Mount it on an aiohttp application:

    board = Board(db_path, lang="pl", check=check, max_viewers=200)
    board.add_routes(app, prefix="/board")   # GET /board (the page), GET /board/ws (the push)

`check(request)` returns None to let the request in, or a response to refuse it with (an Origin
check, an access token); it may be a plain function or a coroutine function. The board itself
decides no access.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import sqlite3
import threading
from pathlib import Path
from typing import Any, Awaitable, Callable, Union

from aiohttp import WSMsgType, web

from zapis.core.module import game_over, get_module
from zapis.core.words import say
from zapis.paths import is_db_address
from zapis.store.roles import BOARD, Role

log = logging.getLogger("zapis.board")

PAGE = Path(__file__).resolve().parent / "board.html"

#: the words of the page: key in the page -> key in zapis.lang.TEXT
WORD_KEYS = {"board": "board_title", "table": "board_table", "standings": "standings", "player": "board_player",
             "games": "games", "points": "place_pts", "money": "board_money", "hands": "hands",
             "no_evening": "board_none", "no_games": "board_no_games", "waiting": "board_wait",
             "leads": "board_leader", "pair": "board_pair", "pair_players": "board_pair_players",
             "last": "board_last", "board_no": "board_board", "contract": "board_contract", "made": "board_made",
             "score_ns": "board_score_ns"}
#: how many of a pairs session's latest results its page shows beside the ranking
LAST_BOARDS = 6

#: the module of a duplicate pairs session: the board gives it a page of its own, its ranking
PAIRS_MODULE = "bridge-pairs"
METHOD_KEYS = {"matchpoints": "board_matchpoints", "cross-imps": "board_cross_imps", "butler": "board_butler"}

Check = Callable[[web.Request], Union[web.StreamResponse, None, Awaitable[Union[web.StreamResponse, None]]]]


def words(lang: str) -> dict[str, str]:
    from zapis.lang import TEXT

    i = 0 if lang == "pl" else 1
    return {k: TEXT[v][i] for k, v in WORD_KEYS.items()}


def _get(rules: Any, key: str, default: Any) -> Any:
    try:
        value = rules.get(key, default)
    except Exception:  # noqa: BLE001 - rules of another shape: the default
        return default
    return default if value is None else value


def expected_results(rules: Any, pairs: Any) -> int | None:
    """How many results a session run with a movement will have, or None when that cannot be known (results
    recorded as they come, or a movement the board cannot read)."""
    movement = _get(rules, "movement", "none")
    if movement == "none" or not isinstance(pairs, dict) or len(pairs) < 2:
        return None
    try:  # the movement itself: as often as it plays each board, in the rounds played
        from zapis.modules.bridge.pairs import movement_of

        moved = movement_of(rules, pairs)
        if moved is not None:
            return sum(moved.plays(b) for b in moved.boards())
    except Exception:  # noqa: BLE001 - a movement the board cannot read: from the rules, else the count alone
        pass
    rounds, per_round = _get(rules, "rounds", 0), _get(rules, "boards_per_round", 0)
    try:
        if int(rounds) > 0 and int(per_round) > 0:  # each table (one pair sits out if they are odd) each round
            return len(pairs) // 2 * int(rounds) * int(per_round)
    except (TypeError, ValueError):
        pass
    return None


def results_text(count: int, expected: int | None, lang: str) -> str:
    """"42 / 70 wyników" ("42 / 70 results"), or "42 wyniki" when the total cannot be known."""
    from zapis.lang import TEXT, plural_pl

    n = count if expected is None else expected
    i = 0 if lang == "pl" else 1
    if lang == "pl":
        key = plural_pl(n, "board_result_one", "board_result_few", "board_result_many")
    else:
        key = "board_result_one" if n == 1 else "board_result_many"
    word = TEXT[key][i]
    return f"{count} {word}" if expected is None else f"{count} / {expected} {word}"


def pairs_page(game: Any, sheet: Any, rules: Any, lang: str = "pl", entered: list[dict] = ()) -> dict[str, Any]:
    """A duplicate pairs session as the board shows it: its title, how many results are in, its ranking (place,
    shared places as 3.–4., pair, the two names, total and % for matchpoints) and its latest results (`entered`:
    its lines in the order they were entered; the newest first, as a traveller writes them), every number as
    text in the board's language. Names are data: the page and the screen draw them as text."""
    from zapis.club.evening import number_text, place_text
    from zapis.io.export.pairs import written
    from zapis.modules.bridge.pairs import pair_label, place_spans
    from zapis.lang import TEXT

    i = 0 if lang == "pl" else 1
    extra = getattr(sheet, "extra", None) or {}
    ranking = list(extra.get("ranking") or [])
    results = list(extra.get("results") or [])
    pairs = extra.get("pairs") or {}
    method = _get(rules, "method", "matchpoints")
    mp = method == "matchpoints"
    expected = expected_results(rules, pairs)
    places = [it.get("place", 0) for it in ranking]
    level = len(set(places)) <= 1  # all level (or no result yet): nobody leads
    rows = []
    for it, (first, last) in zip(ranking, place_spans(ranking)):
        total = it.get("total", 0)
        # a Mitchell with two fields names each pair's (each field has its winner)
        played = it.get("boards", 0) > 0  # a pair yet to play a board has no result yet, not last place at 0 %
        row = {"place": place_text(first, last) if played else "—", "first": played and not level and first == 1,
               "pair": pair_label(it), "players": [str(p) for p in it.get("players", [])],
               "total": number_text(total, lang) if played else "—", "negative": total < 0,
               "boards": it.get("boards", 0)}
        if mp:
            pct = f"{float(it.get('percent', 0.0)):.2f}"
            row["percent"] = (pct.replace(".", ",") if lang == "pl" else pct) + "%" if played else "—"
        rows.append(row)
    scores = {(r.get("board"), r.get("ns"), r.get("ew")): r for r in results}
    last = []
    for line in reversed(list(entered)[-LAST_BOARDS:]):
        r = scores.get((line.get("board"), line.get("ns"), line.get("ew")))
        if r is None or r.get("not_played"):
            continue
        contract, made = written(r, lang)
        declarer = r.get("declarer", "")
        score = r.get("score_ns")
        last.append({"board": str(r["board"]), "ns": str(r["ns"]), "ew": str(r["ew"]),
                     "contract": f"{contract} {declarer}".strip(), "made": made,
                     "score": "" if score is None else number_text(score, lang),
                     "negative": isinstance(score, (int, float)) and score < 0})
    return {"table": game.table, "game": game.id, "version": game.version, "title": say(game.title, lang),
            "method": method, "method_text": TEXT[METHOD_KEYS[method]][i] if method in METHOD_KEYS else str(method),
            "unit": TEXT["board_mp" if mp else "board_imp"][i], "percent": mp,
            "results": len(results), "expected": expected, "count": results_text(len(results), expected, lang),
            "ranking": rows, "last": last}


def board_state(db: str | Path | None, lang: str = "pl", store: Any = None) -> dict[str, Any]:
    """The current evening (the director's choice) as the board shows it: each table's current game (its latest),
    each duplicate pairs session's ranking (`pairs`, see pairs_page) and the standings (none when every game is a pairs session).

    Plain data (names as they are: the page draws them as text), and each sheet as the HTML export draws
    it (escaped)."""
    from zapis.core.sheet import fmt_number
    from zapis.club.evening import money_text, number_text, place_text, rank_spans, standings
    from zapis.io.export import sheet_html
    from zapis.store import Store

    own = store is None
    if own:
        store = Store(db, role=Role(BOARD))
    try:
        with store.snapshot():
            current = store.current_evening()  # the evening the director runs, not merely the newest
            if current is None:
                return {"evening": None, "tables": [], "pairs": [], "standings": []}
            ev = store.evening(current)
            games = store.games(ev["id"])
            results = store.results(ev["id"])
            entered = {g.id: store.hands(g.id) for g in games if g.module == PAIRS_MODULE}
        # a duplicate pairs session has its ranking page (its long per-board sheet is not cycled through); the
        # players' standings of an evening of pairs sessions only would say the ranking again: left out
        sessions = [i for i, g in enumerate(games) if g.module == PAIRS_MODULE]
        pairs = [pairs_page(games[i], results[i].sheet, results[i].rules, lang, entered[games[i].id])
                 for i in sessions]
        only_pairs = len(sessions) == len(games)
        ranking = [] if only_pairs else standings(results)  # also gives each game its places
        current: dict[int, int] = {}
        for i, g in enumerate(games):  # a table's current game: its latest (a pairs session has its own page)
            if g.module != PAIRS_MODULE:
                current[g.table] = i
        tables = []
        for table, i in sorted(current.items()):
            g, r = games[i], results[i]
            sheet = r.sheet
            totals = {p: sheet.totals.get(p, 0) for p in sheet.players}
            places = {p: r.places.get(p, 0) for p in sheet.players}
            first = min(places.values(), default=0)
            shared = len(set(places.values())) <= 1  # all level (or no hand yet): nobody leads
            tables.append({"table": table, "game": g.id, "version": g.version, "title": say(g.title, lang),
                           "hands": len(sheet.hands), "finished": game_over(get_module(g.module), sheet),
                           "players": list(sheet.players),
                           "totals": [fmt_number(totals[p]) for p in sheet.players],
                           "negative": [totals[p] < 0 for p in sheet.players],
                           "leader": [not shared and places[p] == first for p in sheet.players],
                           "sheet": sheet_html(sheet, lang, totals=False)})  # the digits above say them
        rows = [{"rank": place_text(first, last), "player": s.player, "games": s.games,
                 "points": number_text(s.place_points, lang), "money": money_text(s.money, lang) if s.money else ""}
                for s, (first, last) in zip(ranking, rank_spans(ranking))]
        return {"evening": {"date": ev["date"], "title": ev["title"], "place": ev["place"]}, "tables": tables,
                "pairs": pairs, "standings": rows}
    finally:
        if own:
            store.close()


def _open_read_only(db: str | Path | None) -> sqlite3.Connection:
    """The watcher's connection: read-only, it never creates, migrates or locks the database."""
    from zapis.store import default_db_path

    if is_db_address(db):  # PostgreSQL: a connection of the watcher's own, which only reads the count of changes
        from zapis.store.postgres import PgConn

        return PgConn(str(db), 1.0)  # type: ignore[return-value]
    path = Path(db) if db else default_db_path()
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None,
                           check_same_thread=False, timeout=1.0)
    try:
        conn.execute("PRAGMA data_version").fetchone()
    except sqlite3.Error:
        conn.close()
        raise
    return conn


class Board:
    """The board: `Board(db, lang, check=..., max_viewers=...).add_routes(app, prefix="/board")`."""

    POLL = 0.25  # seconds between two looks at PRAGMA data_version
    SEND_TIMEOUT = 5.0  # a viewer that takes longer to take a state is dropped (its page reconnects)

    def __init__(self, db: str | Path | None, lang: str = "pl", max_viewers: int = 200,
                 check: Check | None = None):
        self.db, self.lang = db, lang if lang in ("pl", "en") else "pl"
        self.max_viewers = max_viewers
        self.check = check
        self.viewers: set[web.WebSocketResponse] = set()
        self.connecting = 0  # viewers admitted, counted before their handshake so a flood cannot pass the cap
        self.state: dict[str, Any] | None = None
        self.message = ""  # the state for a page that just connected (nothing marked as changed)
        self.watcher: asyncio.Task | None = None
        self.computations = 0  # how many times the evening was scored (once per change, whatever the viewers)
        self.polls = 0
        self._store: Any = None  # the scoring threads' store, opened once
        self._store_lock = threading.Lock()  # a scoring still running in its thread is never closed under it
        self._nudged = asyncio.Event()

    def add_routes(self, app: web.Application, prefix: str = "/board") -> None:
        prefix = "/" + prefix.strip("/")
        app.add_routes([web.get(prefix, self.page), web.get(prefix + "/ws", self.socket)])
        app.on_startup.append(self._start)
        app.on_shutdown.append(self._close_viewers)
        app.on_cleanup.append(self._stop)

    # --- the one watcher ------------------------------------------------------------------------
    def nudge(self) -> None:
        """A session of this server committed: look now."""
        self._nudged.set()

    def start(self) -> None:
        """Start the watcher unless it runs (on app startup, and again by a viewer if it ever ended)."""
        if self.watcher is None or self.watcher.done():
            self.watcher = asyncio.get_running_loop().create_task(self._watch(), name="zapis-board-watcher")

    async def _start(self, app: web.Application) -> None:
        self.start()

    async def _close_viewers(self, app: web.Application | None = None) -> None:
        await asyncio.gather(*(ws.close() for ws in list(self.viewers)), return_exceptions=True)

    async def _stop(self, app: web.Application | None = None) -> None:
        if self.watcher is not None:
            self.watcher.cancel()
            try:
                await self.watcher
            except asyncio.CancelledError:
                pass
            self.watcher = None
        await self._close_viewers()
        await asyncio.to_thread(self._drop_store)  # waits for a scoring the cancel left running in its thread

    async def _watch(self) -> None:
        conn: sqlite3.Connection | None = None
        seen: int | None = None
        failing = False
        try:
            while True:
                try:
                    if conn is None:
                        conn = await asyncio.to_thread(_open_read_only, self.db)
                    version = conn.execute("PRAGMA data_version").fetchone()[0]
                    self.polls += 1
                    if version != seen:
                        await self._recompute()
                        seen = version  # read before scoring: a commit made meanwhile is seen next time
                    if failing:
                        log.warning("board: the database can be read again")
                    failing = False
                except asyncio.CancelledError:
                    raise
                except Exception as e:  # noqa: BLE001 - a missing or damaged database: say it once, try again
                    if not failing:
                        log.warning("board: cannot read the database (%s); trying again", type(e).__name__)
                    failing = True
                    if conn is not None:
                        conn.close()
                    conn = None
                    await asyncio.to_thread(self._drop_store)
                try:  # the next look: at the poll, or at once when a tablet's session commits (`nudge`)
                    async with asyncio.timeout(self.POLL):  # in this task: wait_for would start one per look
                        await self._nudged.wait()
                except TimeoutError:
                    pass
                self._nudged.clear()
        finally:
            if conn is not None:
                conn.close()

    def _drop_store(self) -> None:
        with self._store_lock:
            if self._store is not None:
                try:
                    self._store.close()
                except Exception:  # noqa: BLE001 - closing a broken connection
                    pass
                self._store = None

    def _score(self) -> dict[str, Any]:
        """In a thread: the evening scored once, on the board's own store."""
        from zapis.store import Store

        with self._store_lock:
            if self._store is None:
                self._store = Store(self.db, role=Role(BOARD))
            return board_state(self.db, self.lang, self._store)

    async def _recompute(self) -> None:
        state = await asyncio.to_thread(self._score)
        self.computations += 1
        before = {t["table"]: (t["game"], t["version"]) for t in (self.state or {}).get("tables", [])}
        changed = [t["table"] for t in state["tables"]
                   if self.state is not None and before.get(t["table"]) != (t["game"], t["version"])]
        self.state = state
        self.message = json.dumps({**state, "changed": []}, ensure_ascii=False)
        push = json.dumps({**state, "changed": changed}, ensure_ascii=False)
        await asyncio.gather(*(self._send(ws, push) for ws in list(self.viewers)))

    async def _send(self, ws: web.WebSocketResponse, text: str) -> None:
        try:
            await asyncio.wait_for(ws.send_str(text), self.SEND_TIMEOUT)
        except (ConnectionError, RuntimeError, asyncio.TimeoutError):
            self.viewers.discard(ws)
            if not ws.closed:
                asyncio.get_running_loop().create_task(ws.close())

    # --- the page and its socket -----------------------------------------------------------------
    async def _refused(self, request: web.Request) -> web.StreamResponse | None:
        if self.check is None:
            return None
        answer = self.check(request)
        if inspect.isawaitable(answer):
            answer = await answer
        return answer

    async def page(self, request: web.Request) -> web.StreamResponse:
        if (refused := await self._refused(request)) is not None:
            return refused
        said = json.dumps(words(self.lang), ensure_ascii=False).replace("<", "\\u003c")
        html = PAGE.read_text(encoding="utf-8").replace("{{LANG}}", self.lang).replace("{{WORDS}}", said)
        return web.Response(text=html, content_type="text/html", charset="utf-8",
                            headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
                                     "X-Content-Type-Options": "nosniff",
                                     "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
                                                                "script-src 'unsafe-inline'; connect-src 'self'; "
                                                                "img-src 'none'; frame-ancestors 'none'; "
                                                                "base-uri 'none'; form-action 'none'"})

    async def socket(self, request: web.Request) -> web.StreamResponse:
        if (refused := await self._refused(request)) is not None:
            return refused
        ws = web.WebSocketResponse(heartbeat=30, max_msg_size=4096)
        if not ws.can_prepare(request).ok:
            return web.Response(status=400, text="zapis: websocket only")
        if len(self.viewers) + self.connecting >= self.max_viewers:
            return web.Response(status=503, text="zapis: too many board viewers")
        self.start()
        self.connecting += 1
        try:
            await ws.prepare(request)
        finally:
            self.connecting -= 1
        self.viewers.add(ws)
        try:
            if self.message:
                await ws.send_str(self.message)
            async for msg in ws:  # viewers only listen; anything they send is ignored
                if msg.type == WSMsgType.ERROR:
                    break
        except (ConnectionError, RuntimeError):
            pass
        finally:
            self.viewers.discard(ws)
        return ws
