"""Several `zapis serve` on one PostgreSQL database (issue #35): a hand saved through one is on the board of every
server within a second, and a server killed in the middle of the evening loses no confirmed hand."""

from __future__ import annotations

import asyncio
import json
import signal
import socket
import subprocess
import sys
import time

import aiohttp

from tests.ui.conftest import new_game
from zapis.store import Store

P4 = ["Ala", "Bartek", "Celina", "Darek"]
HAND = {"contract": "3NT", "declarer": "N", "tricks": 9}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(db: str, port: int) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "zapis", "--db", db, "--lang", "en", "serve", "--port", str(port),
                             "--no-spares"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            stdin=subprocess.DEVNULL)


async def up(url: str, proc: subprocess.Popen) -> None:
    async with aiohttp.ClientSession() as s:
        for _ in range(300):
            assert proc.poll() is None, proc.stdout.read()
            try:
                async with s.get(url + "/board") as r:
                    if r.status == 200:
                        return
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.1)
    raise AssertionError(f"{url} did not start")


async def hands_shown(ws) -> int:
    msg = await ws.receive(timeout=5)
    assert msg.type == aiohttp.WSMsgType.TEXT, msg
    return json.loads(msg.data)["tables"][0]["hands"]


async def test_two_servers_on_one_database_show_a_hand_within_a_second_and_a_killed_one_loses_nothing(pg_server):
    db = pg_server.fresh()
    gid = new_game(db, "bridge-rubber", P4)
    ports = [free_port(), free_port()]
    procs = [serve(db, port) for port in ports]
    urls = [f"http://127.0.0.1:{port}" for port in ports]
    try:
        for url, proc in zip(urls, procs):
            await up(url, proc)
        async with aiohttp.ClientSession() as s:
            boards = [await s.ws_connect(url.replace("http", "ws") + "/board/ws", headers={"Origin": url})
                      for url in urls]
            assert [await hands_shown(ws) for ws in boards] == [0, 0]
            took = []
            for n in range(1, 4):
                t0 = time.perf_counter()
                with Store(db) as tablet:  # a session of a third server, as far as these two can tell
                    tablet.enter(gid, HAND)
                assert [await hands_shown(ws) for ws in boards] == [n, n]
                took.append(time.perf_counter() - t0)
            assert max(took) < 1.0, took
            procs[0].send_signal(signal.SIGKILL)  # the first server dies mid-evening
            procs[0].wait(10)
            with Store(db) as tablet:
                tablet.enter(gid, HAND)
            assert await hands_shown(boards[1]) == 4  # the other goes on
            for ws in boards:
                await ws.close()
        assert len(Store(db).hands(gid)) == 4  # every confirmed hand is there
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGINT)
                try:
                    proc.wait(15)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
            proc.stdout.close()


def test_servers_of_one_event_each_serve_their_tables_and_print_the_same_cards(pg_server, capsys):
    """zapis serve --tables 1-2 and --tables 3-4 on one PostgreSQL database: each knows its own tables' logins
    only, derived from the one secret kept in the database (a table's card is the same whichever server printed
    it), and `zapis tablets` on each lists its own; renewing the secret changes every server's cards."""
    from zapis import cli
    from zapis.store.roles import TABLE, Role
    from zapis.web.logins import Logins
    from zapis.web.serve import build_server

    db = pg_server.fresh()
    Store(db).new_evening("2026-11-20")
    first = build_server(db, "en", "0.0.0.0", 8124, tables="1-2")
    second = build_server(db, "en", "0.0.0.0", 8125, tables="3-4")
    a, b = first.access.logins, second.access.logins
    assert a.secret == b.secret
    everyone = Logins(a.secret, 4)  # all four tables from the same secret
    assert [a.key(Role(TABLE, t)) for t in (1, 2)] + [b.key(Role(TABLE, t)) for t in (3, 4)] == [
        everyone.key(Role(TABLE, t)) for t in (1, 2, 3, 4)]
    assert a.role_of_key(everyone.key(Role(TABLE, 3))) is None  # table 3 is the other server's
    assert b.role_of_key(everyone.key(Role(TABLE, 3))) == Role(TABLE, 3)
    second.write_announcement()
    assert cli.main(["--db", db, "tablets", "--json"]) == 0
    assert list(json.loads(capsys.readouterr().out)["tables"]) == ["3", "4"]
    assert cli.main(["--db", db, "tablets", "--json", "--tables", "2"]) == 2  # this server knows 3-4
    assert "3-4" in capsys.readouterr().err
    assert cli.main(["--db", db, "tablets", "--renew"]) == 0
    capsys.readouterr()
    assert build_server(db, "en", "0.0.0.0", 8126, tables="3-4").access.logins.secret != a.secret


def test_a_span_of_tables_is_checked_where_it_is_given(capsys):
    from zapis import cli
    from zapis.web.logins import table_span

    assert table_span("30") == (1, 30) and table_span("31-60") == (31, 60)
    for bad in ("0", "60-31", "x", "1-1000", "-3"):
        assert cli.main(["serve", "--tables", bad, "--port", "8127"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"--tables {bad}" in err and "Traceback" not in err
