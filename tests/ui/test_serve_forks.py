"""Tablets ready in seconds (zapis.web.forks) and a change that reaches every tablet at once (zapis.web.driver).

A tablet's session is a fork of the server's one warm process (Textual and zapis imported once); it ends with the
server; where forking is not to be had, it starts as a process of its own. A session's commit is passed on to every
other session and to the board at once, the poll kept as the fallback."""

from __future__ import annotations

import asyncio
import json
import os
import time

import aiohttp
import pytest

from tests.ui.conftest import new_game
from tests.ui.test_serve import running, ws_headers
from tests.ui.test_serve_hardening import alive, app_started, children, ping
from zapis.web.apps import Session
from zapis.web.driver import CHANGED, COMMITTED, DRIVER, ZapisWebDriver
from zapis.web.forks import AVAILABLE, Forked

linux_only = pytest.mark.skipif(not AVAILABLE, reason="forking sessions is Linux's (pidfd)")


def parent(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as f:
        return int(f.read().rsplit(")", 1)[1].split()[1])


def cmdline(pid: int) -> bytes:
    with open(f"/proc/{pid}/cmdline", "rb") as f:
        return f.read()


@linux_only
async def test_a_tablets_session_is_forked_from_the_warm_process_and_ends_with_its_tablet(tmp_path):
    new_game(tmp_path / "s.db", "kierki", ["Ala", "Bartek", "Celina", "Darek"], [])
    async with running(tmp_path) as (server, url), aiohttp.ClientSession() as browser:
        ws = await browser.ws_connect(url.replace("http", "ws") + "/ws/1?width=90&height=30", headers=ws_headers(url))
        await app_started(ws)
        await ping(ws, "up")
        (service,) = server.sessions
        process = service._process
        assert isinstance(process, Forked) and process.returncode is None
        warm = server.forks.process.pid
        assert parent(process.pid) == warm and b"zapis.web.forks" in cmdline(warm)
        assert parent(warm) == os.getpid()  # the warm process is the server's own child
        # the warm process was started with a session's environment: zapis's driver (read when Textual is imported)
        with open(f"/proc/{warm}/environ", "rb") as f:
            environ = dict(e.split(b"=", 1) for e in f.read().split(b"\0") if b"=" in e)
        assert environ[b"TEXTUAL_DRIVER"] == DRIVER.encode() and b"COLUMNS" not in environ
        await ws.close()
        deadline = time.monotonic() + 10
        while (alive(process.pid) or process.returncode is None) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)  # the pidfd's readiness reaches the loop a moment after /proc shows the end
        assert not alive(process.pid) and process.returncode is not None
    assert server.forks.process is None and not alive(warm)  # the server stopped: the warm process ended


@linux_only
async def test_when_the_warm_process_cannot_fork_a_session_starts_on_its_own(tmp_path):
    new_game(tmp_path / "s.db", "kierki", ["Ala", "Bartek", "Celina", "Darek"], [])
    async with running(tmp_path) as (server, url), aiohttp.ClientSession() as browser:
        server.forks.process.kill()  # the warm process is gone
        server.forks.process.wait()
        ws = await browser.ws_connect(url.replace("http", "ws") + "/ws", headers=ws_headers(url))
        await app_started(ws)
        await ping(ws, "up")
        (service,) = server.sessions
        assert not isinstance(service._process, Forked) and server.forks.failed
        assert b"zapis.web.session" in cmdline(service._process.pid)
        await ws.close()


@linux_only
async def test_the_warm_process_and_its_sessions_end_when_the_server_is_killed(tmp_path):
    from tests.ui.test_serve_hardening import served

    with served(tmp_path) as (server, url, err):
        async with aiohttp.ClientSession() as browser:
            ws = await browser.ws_connect(url.replace("http", "ws") + "/ws", headers=ws_headers(url))
            await app_started(ws)
            (warm,) = children(server.pid)
            (session,) = children(warm)
            assert b"zapis.web.forks" in cmdline(warm) and alive(session)
            server.kill()  # SIGKILL: no time to stop anything
            server.wait(10)
            deadline = time.monotonic() + 10
            while (alive(warm) or alive(session)) and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            assert not alive(warm) and not alive(session), "outlived the server"


@linux_only
async def test_a_paused_spare_ends_when_the_server_is_killed(tmp_path):
    """A table's session waiting paused (SIGSTOP) for its tablet hears no SIGTERM: it still ends with the server,
    however the server ends (the signal a session gets when its parent dies is SIGKILL, which a stopped process
    cannot ignore; a SIGKILL loses no saved hand: SQLite's commit is atomic)."""
    from tests.ui.test_serve_hardening import served

    with served(tmp_path) as (server, url, err):
        new_game(tmp_path / "club.db", "kierki", ["Ala", "Bartek", "Celina", "Darek"], [])  # table 1: a spare
        deadline = time.monotonic() + 60
        spare = None
        while spare is None and time.monotonic() < deadline:
            warm = children(server.pid)
            paused = [p for w in warm for p in children(w) if state(p) == "T"]
            spare = paused[0] if paused else None
            await asyncio.sleep(0.1)
        assert spare is not None, "no paused spare"
        server.kill()  # SIGKILL: no time to stop anything
        server.wait(10)
        deadline = time.monotonic() + 10
        while alive(spare) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert not alive(spare), "a paused spare outlived the server"


def state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return ""


# --- the nudge --------------------------------------------------------------------------------------------------
class Recorder:
    def __init__(self, ready: bool = True):
        self._stdin = object() if ready else None
        self.sent: list[dict] = []

    async def send_meta(self, data: dict) -> bool:
        self.sent.append(data)
        return True


async def test_a_sessions_commit_nudges_every_other_session_and_the_board():
    from zapis.web.apps import Apps

    class Board:
        nudged = 0

        def nudge(self):
            self.nudged += 1

    apps = Apps()
    a, b, c, starting = Recorder(), Recorder(), Recorder(), Recorder(ready=False)
    apps.sessions, apps.board, apps._nudges = {a, b, c, starting}, Board(), set()
    service = Session("true", on_commit=apps.committed, write_bytes=None, write_str=None, close=None,
                      download_manager=None)
    apps.sessions.add(service)
    await service.on_meta(json.dumps({"type": COMMITTED}).encode())
    await asyncio.sleep(0)
    assert a.sent == b.sent == c.sent == [{"type": CHANGED}]
    assert starting.sent == []  # no pipe yet: it reads the database when its screen opens
    assert apps.board.nudged == 1


async def test_the_driver_passes_a_nudge_to_the_apps_loop_and_tells_its_commits():
    looked = []

    class App:
        def store_nudged(self):
            looked.append(True)

    driver = ZapisWebDriver.__new__(ZapisWebDriver)  # no stdout of a served session here
    driver._app, driver._loop = App(), asyncio.get_running_loop()
    written = []
    driver.write_meta = written.append
    driver.on_meta(CHANGED, {"type": CHANGED})
    driver.committed()
    await asyncio.sleep(0)
    assert looked == [True] and written == [{"type": COMMITTED}]


def test_a_commit_calls_the_stores_hook_after_it_is_saved_and_a_broken_hook_loses_nothing(tmp_path):
    from zapis.store import Store

    store = Store(tmp_path / "h.db")
    seen = []

    def hook():
        seen.append(store.conn.in_transaction)
        raise BrokenPipeError  # the server went away

    store.after_commit = hook
    evening = store.new_evening("2026-11-27", "Klub")
    assert seen == [False] and store.evenings()[0]["id"] == evening
    with store.tx(tell=False) as c:  # a memo written: no tablet need look again for it
        c.execute("INSERT OR REPLACE INTO deal_analyses (key, analysis_json) VALUES ('k', '{}')")
    assert seen == [False]
    store.close()


@linux_only
async def test_a_hand_saved_on_one_tablet_nudges_the_other_through_the_server(tmp_path, monkeypatch):
    """The whole way: a hand typed on a served tablet is committed by its session, which tells the server; the server
    passes it to the other tablet's session (whose screen then shows it) and to the board."""
    new_game(tmp_path / "s.db", "bridge-rubber", ["Ala", "Bartek", "Celina", "Darek"], [])
    nudged: list[Session] = []
    original = Session.send_meta

    async def send_meta(self, data):
        if data == {"type": CHANGED}:
            nudged.append(self)
        return await original(self, data)

    monkeypatch.setattr(Session, "send_meta", send_meta)
    # a hang becomes a failure, never a CI run held for the suite's timeout
    async with asyncio.timeout(240), running(tmp_path) as (server, url), aiohttp.ClientSession() as browser:
        tablets = []
        for _ in range(2):
            ws = await browser.ws_connect(url.replace("http", "ws") + "/ws/1?width=100&height=32",
                                          headers=ws_headers(url))
            tablets.append(ws)
            assert "Rozdanie 1" in await read(ws, 60.0, "Rozdanie 1")  # the form is up (a loaded machine is slow)
        board_looks = server.board.computations
        await asyncio.sleep(2.0)  # the form's first frames settle (a key while they do can miss its row: #30)
        for keys in ("7", "n", "n", "=", "\r"):  # 7NT by N, made: saved on the first tablet
            await tablets[0].send_str(json.dumps(["stdin", keys]))
            await asyncio.sleep(0.6)
        assert "Zapisano rozdanie 1" in await read(tablets[0], 30.0, "Zapisano rozdanie 1")
        deadline = time.monotonic() + 30
        while not nudged and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert len(nudged) == 1 and nudged[0] in server.sessions, nudged  # the other tablet's session, once
        # 7NT= by N: 220 below the line, 1000 for the grand slam, 300 for the unfinished rubber's game (Law 80)
        assert "1520" in await read(tablets[1], 30.0, "1520")
        deadline = time.monotonic() + 10
        while server.board.computations == board_looks and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert server.board.computations > board_looks  # the board scored the evening again
        for ws in tablets:
            await ws.close()


async def read(ws: aiohttp.ClientWebSocketResponse, seconds: float, until: str) -> str:
    """What the tablet was sent (its terminal's bytes as text) until `until` is among them, or the time is up."""
    seen = ""
    end = time.monotonic() + seconds
    while until not in seen and (left := end - time.monotonic()) > 0:
        try:  # bounded from outside: receive(timeout=) starts its clock again after each of the server's pings
            message = await asyncio.wait_for(ws.receive(), left)
        except asyncio.TimeoutError:
            break
        if message.type == aiohttp.WSMsgType.BINARY:
            seen += message.data.decode("utf-8", "replace")
        elif message.type != aiohttp.WSMsgType.TEXT:
            break
    return seen


def test_the_warm_process_imports_what_a_tablets_first_screen_needs(tmp_path):
    """Whatever a session imports after the fork is its own memory (and its own time): a table's tablet, its game
    screen drawn at a tablet's size, imports nothing the warm process has not (but what only the test's headless
    run needs)."""
    import subprocess
    import sys

    db = tmp_path / "s.db"
    new_game(db, "bridge-rubber", ["Ala", "Bartek", "Celina", "Darek"], [{"contract": "3NT", "declarer": "N",
                                                                         "tricks": 9}])
    script = f"""
import sys
from zapis.web.forks import warm
warm()
before = set(sys.modules)
from zapis.ui.app import make_app
async def drawn(pilot):
    for _ in range(10):
        await pilot.pause(0.05)
    pilot.app.exit()
make_app({str(db)!r}, "pl", table=1, touch=True).run(headless=True, size=(100, 40), auto_pilot=drawn)
print(sorted(set(sys.modules) - before))
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "ZAPIS_HOME": str(tmp_path)})
    assert out.returncode == 0, out.stderr
    late = set(json.loads(out.stdout.strip().splitlines()[-1].replace("'", '"')))
    assert late <= {"textual.pilot", "textual.drivers.headless_driver", "textual.drivers.linux_driver",
                    "termios", "tty"}, late  # (the headless run's own; a served session runs the web driver)


# --- the warm process's memory, laid out for its forks ---------------------------------------------------------

def _counted(n: int) -> int:
    k = 3

    def times(x: int) -> int:
        return x * k
    return sum(times(i) for i in range(n))


def test_packed_code_is_a_copy_each_function_runs_as_before_nested_code_too():
    """_pack gives each function whose code ran a copy of its code, and the code nested in it that ran (a closure,
    a generator expression) is copied too and referred to by the copy: the function computes what it did."""
    from types import CodeType

    from zapis.web.forks import _pack

    original = _counted.__code__
    nested = [c for c in original.co_consts if isinstance(c, CodeType)]
    assert len(nested) == 2  # times() and the generator expression
    _pack({original: None, **{c: None for c in nested}})
    packed = _counted.__code__
    assert packed is not original and packed == original  # a copy
    copied = [c for c in packed.co_consts if isinstance(c, CodeType)]
    assert all(c is not n and c == n for c, n in zip(copied, nested))
    assert _counted(4) == 0 + 3 + 6 + 9


def test_the_pools_free_blocks_are_filled():
    """Free blocks in the small-object allocator's used pools (here 10,000 of the 80-byte class, made by freeing
    every other object) are taken by _fill_pools: what is left is at most one pool's (16 KiB / 80 = 204) of the
    fillers' own."""
    from zapis.web.forks import _FILLERS, _fill_pools, _free_blocks

    held = [bytes(40) for _ in range(20_000)]  # 33 + 40 = 73 bytes: the 80-byte class
    del held[::2]
    try:
        assert dict(_free_blocks())[80] >= 10_000
        _fill_pools()
        assert dict(_free_blocks())[80] <= 16384 // 80
    finally:
        _FILLERS.clear()


@pytest.mark.skipif(not hasattr(os, "fork") or os.uname().sysname != "Linux", reason="glibc's allocator")
def test_the_c_heaps_small_free_chunks_are_filled():
    """Free chunks smaller than a page in C's heap (here 1,000 of 720 bytes: every other bytearray's buffer freed)
    are taken by _fill_heap, as glibc's malloc_info counts them."""
    from zapis.web import forks

    libc = forks._glibc()
    if libc is None:
        pytest.skip("not glibc")

    def small_free_chunks() -> int:
        return sum(n for size, n in forks._heap_free_chunks(libc) if size < 4096)
    held = [bytearray(700) for _ in range(2_000)]  # (over 512 bytes: C's malloc)
    del held[::2]
    try:
        assert small_free_chunks() >= 900
        forks._fill_heap()
        assert small_free_chunks() <= 50
    finally:
        forks._FILLERS.clear()  # (the C chunks stay taken: a test process's few KiB)


def test_a_rehearsal_that_fails_says_so_in_one_line_and_the_warm_process_goes_on(monkeypatch, capsys):
    import gc

    import zapis.ui.app
    from zapis.web.forks import _rehearse_and_pack

    def broken(lang=None):
        raise OSError("no temporary folder")
    monkeypatch.setattr(zapis.ui.app, "rehearse", broken)
    _rehearse_and_pack("pl")
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["zapis: the warm process did not rehearse a tablet (OSError: no temporary folder)"]
    assert gc.get_freeze_count() == 0
