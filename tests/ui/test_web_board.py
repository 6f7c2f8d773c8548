"""The board for a TV: a web page pushed when the database changes, one watcher for any number of
viewers, names escaped."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import tracemalloc

import aiohttp
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from tests.ui.conftest import new_game
from tests.ui.test_serve import running
from zapis.store import Store
from zapis.web.board import Board, board_state

P4 = ["Ala", "Bartek", "Celina", "Darek"]
HAND = {"contract": "3NT", "declarer": "N", "tricks": 9}


async def next_state(ws, timeout=2.0) -> dict:
    msg = await ws.receive(timeout=timeout)
    assert msg.type == aiohttp.WSMsgType.TEXT, msg
    return json.loads(msg.data)


async def test_thirty_viewers_share_one_watcher_and_see_a_hand_within_a_second(tmp_path):
    db = tmp_path / "s.db"
    gid = new_game(db, "bridge-rubber", P4)
    # no spare sessions (zapis.web.spares): their tasks are the server's, not the board's, whose are counted here
    async with running(tmp_path, spares=False) as (server, url), aiohttp.ClientSession() as tv:
        async with tv.get(url + "/board") as r:
            page = await r.text()
            assert r.status == 200 and 'name="viewport"' in page and "http://" not in page.replace(
                "http://www.w3.org", "")  # nothing fetched from outside this machine
        viewers = [await tv.ws_connect(url.replace("http", "ws") + "/board/ws", headers={"Origin": url})
                   for _ in range(30)]
        first = [await next_state(ws) for ws in viewers]
        assert all(s["tables"][0]["hands"] == 0 for s in first)
        tasks_before = len(asyncio.all_tasks())
        computed = server.board.computations
        took = []
        for n in range(1, 4):
            t0 = time.perf_counter()
            Store(db).enter(gid, HAND)
            states = [await next_state(ws) for ws in viewers]
            took.append(time.perf_counter() - t0)
            assert all(s["tables"][0]["hands"] == n and s["changed"] == [1] for s in states)
        assert max(took) < 1.0
        assert server.board.computations - computed == 3  # scored once per change, not once per viewer
        assert len(asyncio.all_tasks()) <= tasks_before + 1
        assert len(server.board.viewers) == 30 and not server.sessions  # no app process for a viewer
        for ws in viewers:
            await ws.close()


async def test_the_board_refuses_a_cross_site_socket(tmp_path):
    async with running(tmp_path) as (server, url), aiohttp.ClientSession() as s:
        try:
            await s.ws_connect(url.replace("http", "ws") + "/board/ws", headers={"Origin": "https://evil.example"})
            raise AssertionError("accepted")
        except aiohttp.WSServerHandshakeError as e:
            assert e.status == 403


def test_names_reach_the_board_escaped(tmp_path):
    db = tmp_path / "n.db"
    names = ["<img src=x onerror=alert(1)>", "Ala[/]", "Celina\x1b[31m", "Darek"]
    new_game(db, "bridge-rubber", names, [HAND])
    state = board_state(db, "pl")
    t = state["tables"][0]
    assert t["players"][0] == "<img src=x onerror=alert(1)>"  # sent as data, drawn with textContent
    assert "<img" not in t["sheet"] and "&lt;img src=x onerror=alert(1)&gt;" in t["sheet"]
    assert "\x1b" not in t["sheet"]
    assert "Ala[/]" in t["sheet"]
    assert [s["player"] for s in state["standings"]]


def test_the_leader_is_marked(tmp_path):
    db = tmp_path / "l.db"
    new_game(db, "bridge-rubber", P4, [HAND])  # N-S made 3NT: Ala and Celina lead
    t = board_state(db, "pl")["tables"][0]
    assert t["leader"] == [True, False, True, False]


# --- the board on its own: a bare aiohttp application, as any server mounts it ---------------------------
HOSTILE = ["<img src=x onerror=alert(1)>", "Ala[/]", "[@click=app.quit]Celina", "Darek\x1b[2J\x07"]


@contextlib.asynccontextmanager
async def board_client(db, lang="pl", **kw):
    board = Board(db, lang, **kw)
    app = web.Application()
    board.add_routes(app)
    async with TestClient(TestServer(app, host="127.0.0.1")) as client:
        yield board, client
    assert board.watcher is None and not board.viewers  # stopped with the application


def watchers() -> list[asyncio.Task]:
    return [t for t in asyncio.all_tasks() if t.get_name() == "zapis-board-watcher"]


async def test_the_page_is_self_contained_and_speaks_the_servers_language(tmp_path):
    db = tmp_path / "p.db"
    new_game(db, "bridge-rubber", P4)
    for lang, word in (("pl", "Tablica wyników"), ("en", "Scoreboard")):
        async with board_client(db, lang) as (board, client):
            r = await client.get("/board")
            page = await r.text()
            assert r.status == 200 and f'<html lang="{lang}">' in page and word in page
            assert '<meta name="viewport"' in page
            assert "http://" not in page and "https://" not in page and "src=" not in page  # nothing from outside
            assert "default-src 'none'" in r.headers["Content-Security-Policy"]


async def test_a_viewer_gets_the_state_at_once_and_a_hand_from_another_connection_within_a_second(any_db):
    """On each engine (fixture any_db): SQLite's file, a PostgreSQL database."""
    db = any_db
    gid = new_game(db, "bridge-rubber", P4)
    async with board_client(db) as (board, client):
        ws = await client.ws_connect("/board/ws")
        first = await next_state(ws)
        assert first["tables"][0]["hands"] == 0 and first["changed"] == []
        assert first["tables"][0]["players"] == P4 and first["evening"]["title"] == "Piątek"
        took = []
        for n in range(1, 6):
            t0 = time.perf_counter()
            with Store(db) as other:  # another process's connection: the board never hears of it but by the file
                other.enter(gid, HAND)
            state = await next_state(ws)
            took.append(time.perf_counter() - t0)
            assert state["tables"][0]["hands"] == n and state["changed"] == [1]
            assert "3BA N =" in state["tables"][0]["sheet"]  # as a Polish sheet writes 3NT made (issue 36)
        assert max(took) < 1.0, took
        assert len(watchers()) == 1
        # a viewer that comes later is not sent to a table as if it had just changed
        late = await client.ws_connect("/board/ws")
        assert (await next_state(late))["changed"] == []
        await ws.close()
        await late.close()


async def test_thirty_viewers_cost_a_connection_each_and_share_one_watcher(tmp_path):
    db = tmp_path / "v.db"
    gid = new_game(db, "bridge-rubber", P4)
    async with board_client(db) as (board, client):
        one = await client.ws_connect("/board/ws")
        await next_state(one)
        tasks_one = {t.get_coro().__qualname__ for t in asyncio.all_tasks()}
        tracemalloc.start()
        try:
            before = tracemalloc.take_snapshot()
            viewers = [await client.ws_connect("/board/ws") for _ in range(29)]
            [await next_state(ws) for ws in viewers]
            after = tracemalloc.take_snapshot()
        finally:
            tracemalloc.stop()
        grown = sum(s.size_diff for s in after.compare_to(before, "filename"))
        new_tasks = [t.get_coro().__qualname__ for t in asyncio.all_tasks()
                     if t.get_coro().__qualname__ not in tasks_one or t.get_coro().__qualname__.startswith("RequestH")]
        print(f"board viewers: {grown / 29 / 1024:.0f} KiB each, both ends")
        assert grown / 29 < 200 * 1024, grown  # both ends of a websocket, in this one process: no app each
        # a viewer's only tasks are aiohttp's own for its connection: the board starts none per viewer
        assert set(new_tasks) <= {"RequestHandler.start", "RequestHandler._handle_request"}, set(new_tasks)
        assert len(new_tasks) <= 2 * 30
        assert len(watchers()) == 1 and len(board.viewers) == 30
        viewers.append(one)
        computed, polled = board.computations, board.polls
        Store(db).enter(gid, HAND)
        states = [await next_state(ws) for ws in viewers]
        assert all(s["tables"][0]["hands"] == 1 for s in states)
        assert board.computations - computed == 1  # scored once for thirty viewers
        await asyncio.sleep(0.6)
        assert 1 <= board.polls - polled <= 6  # one poller at 4 Hz, not one per viewer
        assert board.computations - computed == 1  # nothing changed since: nothing scored
        for ws in viewers:
            await ws.close()


async def test_the_servers_check_decides_who_comes_in(tmp_path):
    db = tmp_path / "c.db"
    new_game(db, "bridge-rubber", P4)
    asked = []

    def plain(request):
        asked.append(request.path)
        return None if request.headers.get("X-Token") == "ok" else web.Response(status=403, text="no")

    async def awaited(request):
        return plain(request)

    for check in (plain, awaited):
        async with board_client(db, check=check) as (board, client):
            assert (await client.get("/board")).status == 403
            assert (await client.get("/board", headers={"X-Token": "ok"})).status == 200
            try:
                await client.ws_connect("/board/ws")
                raise AssertionError("a socket without the token was let in")
            except aiohttp.WSServerHandshakeError as e:
                assert e.status == 403
            ws = await client.ws_connect("/board/ws", headers={"X-Token": "ok"})
            assert (await next_state(ws))["tables"]
            await ws.close()
    assert "/board/ws" in asked and "/board" in asked


async def test_the_viewers_are_capped(tmp_path):
    db = tmp_path / "cap.db"
    new_game(db, "bridge-rubber", P4)
    async with board_client(db, max_viewers=3) as (board, client):
        viewers = [await client.ws_connect("/board/ws") for _ in range(3)]
        try:
            await client.ws_connect("/board/ws")
            raise AssertionError("a fourth viewer was let in")
        except aiohttp.WSServerHandshakeError as e:
            assert e.status == 503
        await viewers[0].close()
        for _ in range(50):
            if len(board.viewers) < 3:
                break
            await asyncio.sleep(0.02)
        again = await client.ws_connect("/board/ws")  # a place that was freed is taken again
        await next_state(again)
        for ws in viewers[1:] + [again]:
            await ws.close()


async def test_hostile_names_are_sent_as_data_and_the_sheet_escaped(tmp_path):
    db = tmp_path / "x.db"
    with Store(db) as s:
        s.new_evening("2026-11-20", "<b>Klub</b>", "</script><script>alert(2)</script>")
    new_game(db, "bridge-rubber", HOSTILE, [HAND])
    async with board_client(db) as (board, client):
        page = await (await client.get("/board")).text()
        assert "alert" not in page and "Klub" not in page  # the page carries no data: it comes by the socket
        ws = await client.ws_connect("/board/ws")
        raw = (await ws.receive(timeout=2)).data
        state = json.loads(raw)
        t = state["tables"][0]
        assert t["players"] == HOSTILE  # names as data: the page draws them with textContent
        assert state["evening"]["title"] == "</script><script>alert(2)</script>"
        sheet = t["sheet"]
        assert "<img" not in sheet and "&lt;img src=x onerror=alert(1)&gt;" in sheet
        assert "<script" not in sheet and "\x1b" not in sheet and "\x07" not in sheet
        assert "Ala[/]" in sheet and "[@click=app.quit]Celina" in sheet  # markup of the terminal is just text here
        assert [r["player"] for r in state["standings"]]
        await ws.close()


async def test_a_board_on_a_database_not_made_yet_waits_for_it(tmp_path):
    db = tmp_path / "later.db"
    async with board_client(db) as (board, client):
        assert (await client.get("/board")).status == 200
        ws = await client.ws_connect("/board/ws")
        await asyncio.sleep(0.5)
        assert not db.exists()  # the board only reads: it made no database
        gid = new_game(db, "bridge-rubber", P4)
        Store(db).enter(gid, HAND)
        state = await next_state(ws, timeout=3)
        assert state["tables"][0]["players"] == P4
        await ws.close()


def test_a_tables_page_says_its_totals_once_in_the_big_digits_not_again_under_the_sheet(tmp_path):
    """Issue 36: under the big digits, no small table of the same totals; the sheet's own sections stay (the
    HTML export keeps its totals table: it has no digits above)."""
    db = tmp_path / "t.db"
    new_game(db, "tysiac", ["Igor", "Jola", "Kamil"],
             [{"declarer": "Igor", "bid": 110, "points": {"Igor": 70, "Jola": 30, "Kamil": 20}}])
    t = board_state(db, "pl")["tables"][0]
    assert t["totals"] == ["-110", "30", "20"]  # Igor bid 110 and took 70: -110 (the big digits)
    assert t["sheet"].count("<table>") == 1 and "<h3>" in t["sheet"]  # the sheet's one section, nothing after it
    from zapis.io.export import sheet_html
    from zapis.store import Store

    with Store(db) as store:
        full = sheet_html(store.sheet(store.games(store.current_evening())[0].id), "pl")
    assert full.count("<table>") == 2  # the export: its section and the totals under it
