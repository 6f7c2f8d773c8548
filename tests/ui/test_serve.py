"""`zapis serve`: a served tablet is a stranger.

Each attack of the live-evening issue is tried against a real server on the loopback range: a
cross-site page, a foreign Host (DNS rebinding), guessing the code, reading the logs, flooding
sessions, and the export dialog of a served session. "Another machine" is played by a client that
connects from 127.0.0.2 (still this machine's loopback, but not the address the server treats as
its own console).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import shlex
import socket
import subprocess
import sys
from unittest import mock

import aiohttp
import pytest

from tests.ui.conftest import new_game
from zapis.store.roles import TABLE, Role
from zapis.web.logins import spaced
from zapis.web.serve import (SESSION_COOKIE, Access, Lockout, ZapisServer, allowed_hosts, build_server, check_code,
                         safe_log_line)
from zapis.store import Store
from zapis.ui.app import ZapisApp, make_app, safe_file_name
from zapis.core.errors import ZapisError


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.asynccontextmanager
async def running(tmp_path, access: Access | None = None, **kw):
    port = free_port()
    server = ZapisServer(str(tmp_path / "s.db"), "pl", "127.0.0.1", port, access, **kw)
    ready, stop = asyncio.Event(), asyncio.Event()
    task = asyncio.create_task(server.run(ready, stop))
    await asyncio.wait_for(ready.wait(), 10)
    try:
        yield server, f"http://127.0.0.1:{port}"
    finally:
        stop.set()
        await asyncio.wait_for(task, 10)


def stranger() -> aiohttp.ClientSession:
    """A browser on another machine: it connects from another address than the server's console."""
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=("127.0.0.2", 0)),
                                 cookie_jar=aiohttp.CookieJar(unsafe=True))


def ws_headers(origin: str) -> dict[str, str]:
    return {"Origin": origin}


# --- who may come in ----------------------------------------------------------------------------------
async def test_another_machine_needs_the_key_or_the_code_and_then_holds_a_session_not_the_code(tmp_path):
    access = Access("K" * 16, "482913")
    async with running(tmp_path, access) as (server, url), stranger() as browser:
        async with browser.get(url + "/") as r:
            assert r.status == 401 and "kod dostępu" in (await r.text()).lower()
        async with browser.get(url + "/board") as r:
            assert r.status == 401  # the board shows the club's names: it needs the access too
        async with browser.get(url + "/?key=" + "K" * 16 + "&table=3", allow_redirects=False) as r:
            assert r.status == 303 and r.headers["Location"] == "/"  # the key leaves the address bar: the role's home
            cookie = r.cookies[SESSION_COOKIE].value
            assert cookie not in ("K" * 16, "482913") and len(cookie) >= 32
            assert r.cookies[SESSION_COOKIE]["httponly"] and r.cookies[SESSION_COOKIE]["samesite"] == "Strict"
        async with browser.get(url + "/") as r:
            assert r.status == 200 and 'name="viewport"' in await r.text()
    async with running(tmp_path, access) as (server, url), stranger() as browser:
        async with browser.post(url + "/login", data={"code": "482913", "next": "/"}, allow_redirects=False) as r:
            assert r.status == 303  # the short code, typed into the page, works too
        async with browser.get(url + "/") as r:
            assert r.status == 200


async def test_this_machine_needs_no_code(tmp_path):
    async with running(tmp_path, Access("K" * 16, "482913")) as (server, url), aiohttp.ClientSession() as local:
        async with local.get(url + "/") as r:
            assert r.status == 200


async def test_wrong_codes_lock_the_address_out(tmp_path):
    now = [1000.0]
    access = Access("K" * 16, "482913", Lockout(limit=10, window=60, clock=lambda: now[0]))
    async with running(tmp_path, access) as (server, url), stranger() as browser:
        for i in range(10):
            async with browser.get(url + f"/?code={100000 + i}") as r:
                assert r.status == 403 and "zły kod" in (await r.text()).lower()
        async with browser.get(url + "/?code=482913") as r:  # even the right code waits now
            assert r.status == 429 and "spróbuj za" in (await r.text()).lower()
        now[0] += 61
        async with browser.get(url + "/?code=482913", allow_redirects=False) as r:
            assert r.status == 303


def test_the_lockout_counts_per_address_within_the_window():
    now = [0.0]
    lock = Lockout(limit=3, window=60, clock=lambda: now[0])
    for _ in range(3):
        assert lock.wait("a") == 0
        lock.failed("a")
    assert lock.wait("a") == 60 and lock.wait("b") == 0
    now[0] = 30
    assert lock.wait("a") == 30
    now[0] = 60.5
    assert lock.wait("a") == 0


def test_a_short_code_is_refused_and_the_key_is_long():
    for bad in ("1", "12345", "12 456", "x" * 65):
        with pytest.raises(ZapisError) as e:
            check_code(bad)
        assert "--code" in str(e.value)
    assert check_code("123456") == "123456"
    s = build_server(None, "pl", "0.0.0.0", 8000)
    assert len(s.access.key) >= 16  # 96 bits, URL-safe
    assert build_server(None, "pl", "127.0.0.1", 8000).access is None


def test_the_cli_refuses_a_short_code_with_exit_2(tmp_path):
    r = subprocess.run([sys.executable, "-m", "zapis", "--db", str(tmp_path / "x.db"), "serve", "--host",
                        "0.0.0.0", "--code", "1"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and r.stderr.strip().startswith("--code") and len(r.stderr.strip().splitlines()) == 1


async def test_a_port_in_use_gets_one_clear_line(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        r = subprocess.run([sys.executable, "-m", "zapis", "--db", str(tmp_path / "x.db"), "serve", "--port",
                            str(port)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2
    assert r.stderr.strip().splitlines() == [f"--port {port}: is already in use (another zapis serve?): choose "
                                             "another port with --port"]
    assert "internal error" not in r.stdout + r.stderr


# --- cross-site pages and foreign addresses --------------------------------------------------------------
async def test_a_cross_site_page_cannot_open_a_websocket_even_on_localhost(tmp_path):
    async with running(tmp_path) as (server, url), aiohttp.ClientSession() as local:
        for path in ("/ws", "/ws/3", "/board/ws"):
            for origin in ("https://evil.example", "http://evil.example", "null", "http://127.0.0.1:1"):
                with pytest.raises(aiohttp.WSServerHandshakeError) as e:
                    await local.ws_connect(url.replace("http", "ws") + path, headers=ws_headers(origin))
                assert e.value.status == 403
            with pytest.raises(aiohttp.WSServerHandshakeError):  # no Origin at all: not a page of ours
                await local.ws_connect(url.replace("http", "ws") + path)
        assert not server.sessions


async def test_a_foreign_host_name_is_refused(tmp_path):
    """DNS rebinding: evil.example resolving to this machine still names evil.example as the Host."""
    async with running(tmp_path) as (server, url), aiohttp.ClientSession() as local:
        port = url.rsplit(":", 1)[1]
        async with local.get(url + "/", headers={"Host": f"evil.example:{port}"}) as r:
            assert r.status == 421
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await local.ws_connect(url.replace("http", "ws") + "/ws", headers={
                "Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}"})


def test_the_hosts_are_this_machines_own():
    hosts = allowed_hosts("0.0.0.0", 8000)
    assert "localhost:8000" in hosts and "127.0.0.1:8000" in hosts
    assert not any(h.startswith("0.0.0.0") for h in hosts)
    assert "evil.example:8000" not in hosts
    assert "tablets.club:8000" in allowed_hosts("0.0.0.0", 8000, ["tablets.club"])


def test_printed_addresses_are_never_0000(tmp_path):
    s = build_server(str(tmp_path / "a.db"), "pl", "0.0.0.0", 8000)
    text = s.announce()
    assert "0.0.0.0" not in text and spaced(s.access.code) in text and "/k/" + s.access.key in text
    assert "█" in text or "▀" in text  # the QR code
    for u in s.urls():
        assert u.startswith("http://") and "0.0.0.0" not in u


# --- nothing secret in the logs; a plain GET to /ws is no traceback ---------------------------------------
async def test_neither_key_nor_code_reach_the_log(tmp_path, caplog):
    access = Access("SECRETKEY1234567", "739164")
    caplog.set_level(logging.DEBUG)
    async with running(tmp_path, access) as (server, url), stranger() as browser:
        async with browser.get(url + "/?key=SECRETKEY1234567") as r:
            assert r.status == 200
        async with browser.get(url + "/?code=739164") as r:
            pass
        async with browser.get(url + "/ws", headers={"Cookie": "zapis_session=abc"}) as r:
            assert r.status == 400
        async with browser.post(url + "/login", data={"code": "739164"}) as r:
            pass
    text = caplog.text
    assert "GET /ws 400" in text.replace("127.0.0.2 ", "")
    for secret in ("SECRETKEY1234567", "739164", "zapis_session", "Traceback"):
        assert secret not in text


def test_log_lines_are_one_printable_line():
    assert safe_log_line("/x\x1b]8;;evil\x07y\nz") == "/x?]8;;evil?y?z"


# --- sessions are capped ---------------------------------------------------------------------------------
async def test_sessions_are_capped_with_a_clear_page(tmp_path):
    async with running(tmp_path, max_sessions=1) as (server, url), aiohttp.ClientSession() as local:
        server.sessions.add(object())  # one tablet is in
        async with local.get(url + "/") as r:
            assert r.status == 503 and "wszystkie miejsca zajęte (sesji naraz: 1)" in (await r.text()).lower()
        with pytest.raises(aiohttp.WSServerHandshakeError) as e:
            await local.ws_connect(url.replace("http", "ws") + "/ws", headers=ws_headers(url))
        assert e.value.status == 503


def test_without_max_sessions_the_cap_follows_the_evening(tmp_path):
    """Two tablets a table (N-S and E-W), the director, and a margin of a quarter of the tables (at least 4) for
    tablets reloaded; never fewer than 16. A 30-table Mitchell: 60 + 1 + 7 = 68."""
    from zapis.club.pairs_session import new_session
    from zapis.web.apps import evening_cap

    assert [evening_cap(n) for n in (0, 5, 6, 12, 30)] == [16, 16, 17, 29, 68]
    db = tmp_path / "s.db"
    server = ZapisServer(str(db), "pl", "127.0.0.1", free_port(), None)
    assert server.session_cap() == 16  # no database yet: the least
    with Store(db) as store:
        pairs = [[f"A{i}", f"B{i}"] for i in range(60)]
        new_session(store, store.new_evening("2026-11-27", "Klub"), pairs, movement="mitchell")
    server._tables = (-1e9, 0)  # counted again (it is, every few seconds)
    assert server.session_cap() == 68
    assert ZapisServer(str(db), "pl", "127.0.0.1", free_port(), None, max_sessions=5).session_cap() == 5


async def test_a_table_chosen_once_is_remembered_and_reaches_the_app_command(tmp_path):
    async with running(tmp_path) as (server, url), aiohttp.ClientSession(
            cookie_jar=aiohttp.CookieJar(unsafe=True)) as tablet:
        async with tablet.get(url + "/?table=3") as r:
            assert "/ws/3" in await r.text()
        async with tablet.get(url + "/") as r:  # later, without the parameter: still table 3
            assert "/ws/3" in await r.text()
        async with tablet.get(url + "/?table=") as r:  # the director's "all tables"
            assert "/ws/3" not in await r.text()
        async with tablet.get(url + "/?table=1e9") as r:
            assert "/ws\"" in await r.text()
    assert shlex.split(server.app_command(3))[-2:] == ["--table", "3"]
    assert "--table" not in server.app_command(None) and "-m zapis.web.session" in server.app_command(None)


# --- the served app: exports are downloads, quitting asks --------------------------------------------------
def served(app: ZapisApp):
    return mock.patch.object(type(app), "is_web", new_callable=mock.PropertyMock, return_value=True)


async def test_a_served_export_is_a_download_and_names_no_server_path(tmp_path, monkeypatch):
    db = tmp_path / "e.db"
    new_game(db, "bridge-rubber", ["Ala", "Bartek", "Celina", "Darek"],
             [{"contract": "3NT", "declarer": "N", "tricks": 9}])
    monkeypatch.chdir(tmp_path)
    files = lambda: sorted(p.name for p in tmp_path.rglob("*") if not p.name.endswith(("-wal", "-shm")))  # noqa: E731
    before = files()
    app = make_app(db, "pl")
    delivered = []
    with served(app), mock.patch.object(ZapisApp, "deliver_text", lambda self, f, **kw: delivered.append(
            (kw["save_filename"], f.read()))), mock.patch.object(ZapisApp, "deliver_binary", lambda self, f, **kw:
                                                                  delivered.append((kw["save_filename"], f.read()))):
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.action_export()
            await pilot.pause()
            field = app.screen.query_one("#path")
            assert str(tmp_path) not in field.value and "/" not in field.value
            field.value = "../../../etc/" + str(db)  # a tablet names a path on the server
            await pilot.click("#ok")
            await pilot.pause()
            app.action_export()
            await pilot.pause()
            app.screen.query_one("#format").value = "csv"
            await pilot.pause()
            await pilot.click("#ok")
            await pilot.pause()
    assert [n for n, _ in delivered] == ["e.html", "wieczor-1.zip"]
    assert "<html" in delivered[0][1].lower() and delivered[1][1][:2] == b"PK"
    assert files() == before  # nothing written on the server
    assert Store(db).evenings()  # the database is still the database


def test_download_names_are_bare():
    assert safe_file_name("../../etc/passwd", "x") == "passwd"
    assert safe_file_name("..\\..\\a.db", "x") == "a.db"
    assert safe_file_name("\x1b[31m", "x") == "31m"
    assert safe_file_name("///", "wieczor-1") == "wieczor-1"


async def test_in_the_terminal_an_export_never_silently_replaces_a_file(tmp_path):
    db = tmp_path / "t.db"
    new_game(db, "bridge-rubber", ["Ala", "Bartek", "Celina", "Darek"],
             [{"contract": "3NT", "declarer": "N", "tricks": 9}])
    target = tmp_path / "keep.html"
    target.write_text("mine")
    app = make_app(db, "pl")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.action_export()
        await pilot.pause()
        app.screen.query_one("#path").value = str(target)
        await pilot.click("#ok")
        await pilot.pause()
        assert type(app.screen).__name__ == "ConfirmDialog"
        await pilot.click("#no")
        await pilot.pause()
        assert target.read_text() == "mine"
        app.action_export()
        await pilot.pause()
        app.screen.query_one("#path").value = str(target)
        await pilot.click("#ok")
        await pilot.pause()
        await pilot.click("#yes")
        await pilot.pause()
    assert "<html" in target.read_text().lower()


async def test_quitting_from_a_tablet_asks_first(tmp_path):
    app = make_app(tmp_path / "q.db", "pl")
    with served(app):
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("q")
            await pilot.pause()
            assert type(app.screen).__name__ == "ConfirmDialog" and app.is_running
            await pilot.click("#no")
            await pilot.pause()
            assert type(app.screen).__name__ == "EveningScreen"
            await pilot.press("q")
            await pilot.pause()
            await pilot.click("#yes")
            await pilot.pause()
            assert app.closing


async def test_a_served_session_takes_no_backup(tmp_path):
    db = tmp_path / "b.db"
    new_game(db, "bridge-rubber", ["Ala", "Bartek", "Celina", "Darek"], [])
    app = make_app(db, "pl")
    with served(app):
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
    assert not (tmp_path / "backups").exists()
    app = make_app(db, "pl")
    async with app.run_test(size=(100, 30)) as pilot:  # in the terminal: one per start (in a thread: waited for)
        await pilot.pause()
        await app.workers.wait_for_complete()
    assert len(list((tmp_path / "backups").glob("*.db"))) == 1


# --- the director's screen of addresses and QR code ----------------------------------------------------
async def test_the_directors_app_shows_the_addresses_and_a_qr_code_a_tablet_does_not(tmp_path):
    import segno

    db = tmp_path / "d.db"
    server = build_server(str(db), "pl", "0.0.0.0", 8000, code="555123")
    app = make_app(db, "pl")
    async with app.run_test(size=(100, 50)) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        assert "zapis serve --host 0.0.0.0" in str(app.screen.query_one("#tablets-text").render())
        server.write_announcement()
        await pilot.pause(2.2)
        shown = str(app.screen.query_one("#tablets-text").render())
        assert "555123" in shown and server.urls()[0] in shown
        table1 = server.logins_json()["tables"]["1"]
        assert table1 in shown and spaced(server.access.logins.code(Role(TABLE, 1))) in shown
        qr = str(app.screen.query_one("#tablets-qr").render())
        assert qr.count("\n") == (len(list(segno.make(table1, error="m").matrix_iter(border=2))) + 1) // 2 - 1
        await pilot.press("right")  # the next table's login
        await pilot.pause()
        assert server.logins_json()["tables"]["2"] in str(app.screen.query_one("#tablets-text").render())
        await pilot.press("escape")
    assert (db.with_name(db.name + ".serve.json").stat().st_mode & 0o777) == 0o600
    app = make_app(db, "pl")
    with served(app):
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("t")
            await pilot.pause()
            assert type(app.screen).__name__ == "EveningScreen"


async def test_code_here_asks_this_machine_too(tmp_path):
    access = Access("K" * 16, "482913")
    async with running(tmp_path, access, local_needs_code=True) as (server, url), aiohttp.ClientSession() as local:
        async with local.get(url + "/") as r:
            assert r.status == 401
    assert build_server(None, "pl", "127.0.0.1", 8000, local_needs_code=True).access is not None


async def test_no_other_site_may_frame_zapis(tmp_path):
    async with running(tmp_path) as (server, url), aiohttp.ClientSession() as local:
        for path in ("/", "/board"):
            async with local.get(url + path) as r:
                assert r.headers["X-Frame-Options"] == "DENY"
                assert "frame-ancestors 'none'" in r.headers["Content-Security-Policy"]
                # said once: a browser reports a directive given twice as an error
                assert r.headers["Content-Security-Policy"].count("frame-ancestors") == 1
                assert r.headers["X-Content-Type-Options"] == "nosniff"
                csp = r.headers["Content-Security-Policy"]
                assert "default-src" in csp and "script-src" in csp
        async with local.get(url + "/") as r:  # the app page's one inline script is allowed by its hash only
            csp = r.headers["Content-Security-Policy"]
            assert "'sha256-" in csp and "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]


def test_a_tablet_cannot_ask_for_a_giant_terminal():
    from zapis.web.serve import _size
    assert _size(10000, 3000) == (400, 200) and _size("x", None) == (80, 24) and _size(-5, 0) == (20, 8)


async def test_a_session_that_will_not_stop_is_ended(tmp_path):
    """A broken pipe makes textual-serve's stop fail: the app process must not be left running."""
    from zapis.web.serve import stop_service

    class Broken:
        async def stop(self):
            raise ConnectionResetError

    service = Broken()
    service._process = await asyncio.create_subprocess_exec(sys.executable, "-c", "import time; time.sleep(60)")
    await stop_service(service, timeout=2)
    assert service._process.returncode is not None


async def test_the_key_passes_a_lockout_and_many_addresses_share_one_cap(tmp_path):
    now = [0.0]
    access = Access("K" * 16, "482913", Lockout(limit=10, window=60, clock=lambda: now[0]))
    for i in range(30):  # 30 wrong codes from 30 addresses: under each address's limit
        assert access.wait(f"10.0.0.{i}") == 0
        access.failed(f"10.0.0.{i}")
    assert access.wait("10.0.0.99") == 0  # a fresh address still tries: the cap never refuses a right code
    assert access.role_of("482913") is not None
    access.failed("10.0.0.7")  # under the cap, an address that guessed wrong again waits its whole window
    assert access.wait("10.0.0.7") > 0 and access.wait("10.0.0.8") > 0 and access.wait("10.0.0.100") == 0
    async with running(tmp_path, access) as (server, url), stranger() as browser:
        for i in range(12):
            async with browser.get(url + f"/?code={200000 + i}") as r:
                pass
        async with browser.get(url + "/?key=" + "K" * 16, allow_redirects=False) as r:
            assert r.status == 303  # the QR code's key still lets a tablet in
