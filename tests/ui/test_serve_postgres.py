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


def stop(procs: list[subprocess.Popen]) -> None:
    """Every server still running stopped as Ctrl+C stops it (killed if it does not end)."""
    for proc in procs:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        proc.stdout.close()


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
        stop(procs)


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


async def test_a_result_saved_on_a_tablet_of_one_server_shows_on_the_others_director_and_board_within_a_second(
        pg_server):
    """Two servers of one event (tables 1-2 and 3-4 of a 4-table Mitchell): a result entered by taps on table 1's
    tablet at the first server is on the director's view (a session of the second server) and on its board within a
    second; the first server killed then, the result is in the database."""
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[2] / "bench"))
    import os

    import club
    from _tablets import BoardViewer, Tablet

    db = pg_server.fresh()
    s = club.make_session(db, 4, 3, dict(os.environ))
    ports = [free_port(), free_port()]
    procs = [subprocess.Popen([sys.executable, "-m", "zapis", "--db", db, "--lang", "en", "serve", "--port", str(port),
                               "--tables", span], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              stdin=subprocess.DEVNULL) for port, span in zip(ports, ("1-2", "3-4"))]
    a, b = (f"http://127.0.0.1:{port}" for port in ports)
    tablet, director, board = Tablet("table 1", *club.TABLET), Tablet("director", *club.DIRECTOR), BoardViewer()
    try:
        for url, proc in zip((a, b), procs):
            await up(url, proc)
        async with aiohttp.ClientSession() as http:
            await tablet.open(http, a, "/ws/1")
            await director.open(http, b, "/ws")
            await board.open(http, b, "/board/ws")
            rnd, first = s.boards_of(1)[0]
            await tablet.wait(club.entry_ready(s, 1, rnd, first), 120, "table 1's form")
            await director.wait(club.evening_ready, 120, "the evening's list")
            await director.keys("d")
            await director.wait(lambda t: club.director_count(t) == 0, 120, "the director's view")
            await board.wait(lambda v: club.board_count(v) == 0, 60, "the board")
            for token, row, mark in club.ENTRY:
                await tablet.wait(lambda t, c=token, r=row: t.cell(c, r) is not None, 30, f"cell {token}")
                await tablet.tap_cell(token, row)
                await tablet.wait(lambda t, m=mark: m in t.text, 30, f"{mark} taken")
            await tablet.tap_words("Next: E-W accept")
            await tablet.wait(lambda t: "E-W: is the result right?" in t.text, 30, "E-W's check")
            shown = [director.expect(lambda t: club.director_count(t) == 1),
                     board.expect(lambda v: club.board_count(v) == 1)]
            t0 = time.perf_counter()
            await tablet.tap_words("E-W accept")  # committed now, at the first server
            took = [await asyncio.wait_for(f, 10) - t0 for f in shown]
            assert max(took) < 1.0, took
            procs[0].send_signal(signal.SIGKILL)
            procs[0].wait(10)
            await asyncio.gather(tablet.close(), director.close(), board.close(), return_exceptions=True)
        from zapis.club import pairs_session

        results = pairs_session.load(Store(db), s.game).results
        assert [(r["board"], r["contract"]) for r in results] == [(first, "4S")]
    finally:
        stop(procs)


def test_a_server_of_a_span_waits_only_for_its_own_tables(pg_server):
    """Its waiting sessions and cap follow its tables of the evening; a plain N (one club server) every table."""
    from zapis.web.serve import build_server

    db = pg_server.fresh()
    new_game(db, "bridge-rubber", P4)  # table 1
    with Store(db) as store:
        from zapis.io import records

        rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "bridge-rubber", "players": P4})
        ev = store.evenings()[-1]["id"]
        for table in (2, 3, 4):
            store.new_game(ev, table, rec, rules, module)
    assert list(build_server(db, "en", "127.0.0.1", 8128, tables="3-4").own_tables()) == [3, 4]
    assert list(build_server(db, "en", "127.0.0.1", 8129, tables="2").own_tables()) == [1, 2, 3, 4]
