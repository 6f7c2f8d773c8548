"""`zapis serve` holds (issue 29): half-open sockets by the thousand under a low descriptor limit, a message nested
too deep, and a server killed outright, which must take its tablets' sessions with it.

`zapis serve` runs here as the director starts it (a process of its own) on a free port of 127.0.0.1; only the
websocket test runs the server in this process (tests.ui.test_serve's `running`)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import resource
import signal
import socket
import subprocess
import sys
import time

import aiohttp
import pytest

from tests.ui.test_serve import free_port, running, ws_headers
from zapis.store import Store

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


@contextlib.contextmanager
def served(tmp_path, nofile: int | None = None):
    """`zapis serve` on a new database (optionally with RLIMIT_NOFILE at `nofile`, soft and hard, so it cannot
    raise it): (the process, its URL, its stderr file)."""
    db = tmp_path / "club.db"
    Store(db).close()
    port = free_port()
    err = open(tmp_path / "serve.err", "w+b")

    def limit() -> None:
        if nofile:
            resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

    server = subprocess.Popen([sys.executable, "-m", "zapis", "--db", str(db), "serve", "--host", "127.0.0.1",
                               "--port", str(port)], stdout=subprocess.DEVNULL, stderr=err, preexec_fn=limit,
                              env={**os.environ, "ZAPIS_HOME": str(tmp_path / "home")})
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, "zapis serve did not start"
                time.sleep(0.05)
        yield server, f"http://127.0.0.1:{port}", err
    finally:
        if server.poll() is None:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(10)
        err.close()


def children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(entry))
    return out


def alive(pid: int) -> bool:
    """Running (a zombie has ended: only its parent has not yet collected it)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


async def app_started(ws: aiohttp.ClientWebSocketResponse) -> None:
    """The session's app has written to the browser (its process is up and drawing)."""
    while (await asyncio.wait_for(ws.receive(), 30)).type != aiohttp.WSMsgType.BINARY:  # (not reset by a ping)
        pass


async def ping(ws: aiohttp.ClientWebSocketResponse, word: str) -> None:
    await ws.send_str(json.dumps(["ping", word]))
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        message = await ws.receive(timeout=10)
        assert message.type in (aiohttp.WSMsgType.TEXT, aiohttp.WSMsgType.BINARY), message
        if message.type == aiohttp.WSMsgType.TEXT and json.loads(message.data) == ["pong", word]:
            return
    raise AssertionError("no pong")


# --- a message nested too deep --------------------------------------------------------------------------------
async def test_a_message_nested_too_deep_is_refused_and_the_session_goes_on(tmp_path):
    Store(tmp_path / "s.db").close()
    async with running(tmp_path) as (server, url), aiohttp.ClientSession() as browser:
        ws = await browser.ws_connect(url.replace("http", "ws") + "/ws", headers=ws_headers(url))
        await app_started(ws)
        await ws.send_str("[" * 5000 + "]" * 5000)  # past the JSON parser's depth: RecursionError
        await ws.send_str("{\"a\":" * 3000 + "1" + "}" * 3000)
        await ping(ws, "after")
        assert len(server.sessions) == 1
        process = next(iter(server.sessions))._process
        assert process.returncode is None
        await ws.close()


# --- a server killed outright ---------------------------------------------------------------------------------
@linux_only
async def test_a_killed_server_leaves_no_session_running(tmp_path):
    with served(tmp_path) as (server, url, err):
        async with aiohttp.ClientSession() as browser:
            ws = await browser.ws_connect(url.replace("http", "ws") + "/ws", headers=ws_headers(url))
            await app_started(ws)
            # the session: forked from the server's warm process (zapis.web.forks), or a process of its own
            sessions = [kid for warm in children(server.pid) for kid in children(warm)] or children(server.pid)
            assert len(sessions) == 1 and alive(sessions[0])
            with open(f"/proc/{sessions[0]}/cmdline", "rb") as f:
                assert b"zapis.web" in f.read()
            server.kill()  # SIGKILL: no time to stop its sessions
            server.wait(10)
            try:
                deadline = time.monotonic() + 5
                while alive(sessions[0]) and time.monotonic() < deadline:
                    await asyncio.sleep(0.05)
                assert not alive(sessions[0]), "the session outlived the server"
            finally:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(sessions[0], signal.SIGKILL)


def test_a_session_whose_server_is_gone_before_it_starts_ends_at_once(tmp_path):
    """The race: the server died between starting a session and the session binding itself to it."""
    db = tmp_path / "club.db"
    Store(db).close()
    started = time.monotonic()
    r = subprocess.run([sys.executable, "-m", "zapis.web.session", "--db", str(db)], capture_output=True, timeout=30,
                       env={**os.environ, "ZAPIS_SERVER_PID": "1"})  # not this session's parent
    assert r.returncode == 0 and r.stdout == r.stderr == b"" and time.monotonic() - started < 10


# --- half-open sockets by the thousand ----------------------------------------------------------------------
@pytest.mark.slow
@linux_only
def test_a_thousand_half_open_connections_under_a_low_limit_leave_room_for_a_tablet(tmp_path):
    """Slowloris: 1,100 connections that never finish their headers, against a server allowed 1,024 descriptors.
    A new request is still answered within 5 s, and the log stays small."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 1400:
        pytest.skip(f"this test needs 1,400 descriptors (the hard limit is {hard})")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 1400) if hard == resource.RLIM_INFINITY
                                                else min(max(soft, 1400), hard), hard))
    held: list[socket.socket] = []
    started = time.monotonic()
    try:
        with served(tmp_path, nofile=1024) as (server, url, err):
            port = int(url.rsplit(":", 1)[1])
            before = os.fstat(err.fileno()).st_size
            for _ in range(1100):
                s = socket.create_connection(("127.0.0.1", port), timeout=5)
                s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-Slow: " % port)
                held.append(s)
                assert time.monotonic() - started < 40, "connecting took too long"
            asked = time.monotonic()
            with socket.create_connection(("127.0.0.1", port), timeout=5) as tablet:
                tablet.sendall(b"GET /board HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n" % port)
                answer = b""
                while b"\r\n" not in answer:
                    chunk = tablet.recv(1000)
                    assert chunk, "the server closed the tablet's connection"
                    answer += chunk
            assert answer.startswith(b"HTTP/1.1 200") and time.monotonic() - asked < 5
            assert server.poll() is None
            assert os.fstat(err.fileno()).st_size - before < 1_000_000
    finally:
        for s in held:
            s.close()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert time.monotonic() - started < 60
