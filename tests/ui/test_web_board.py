"""The board for a TV: a web page pushed when the database changes, one watcher for any number of
viewers, names escaped."""

from __future__ import annotations

import asyncio
import json
import time

import aiohttp

from tests.ui.conftest import new_game
from tests.ui.test_serve import running
from zapis.store import Store
from zapis.web.board import board_state

P4 = ["Ala", "Bartek", "Celina", "Darek"]
HAND = {"contract": "3NT", "declarer": "N", "tricks": 9}


async def next_state(ws, timeout=2.0) -> dict:
    msg = await ws.receive(timeout=timeout)
    assert msg.type == aiohttp.WSMsgType.TEXT, msg
    return json.loads(msg.data)


async def test_thirty_viewers_share_one_watcher_and_see_a_hand_within_a_second(tmp_path):
    db = tmp_path / "s.db"
    gid = new_game(db, "bridge-rubber", P4)
    async with running(tmp_path) as (server, url), aiohttp.ClientSession() as tv:
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
