"""The connections of `zapis serve` (zapis.web.conn): headers in time, a cap per address, a total budget that
closes the oldest half-open connection for a newcomer, and logs that a flood cannot fill.

The server here is aiohttp's with `Runner` on the loopback range, its limits made small and its deadline short;
"another machine" connects from 127.0.0.2 (127.0.0.1 is this machine's console, which has no cap of its own)."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import io
import logging
import subprocess
import sys

import aiohttp
import pytest
from aiohttp import web

from zapis.web.conn import Book, RateLimit, Runner, address_group, connection_budget


@contextlib.asynccontextmanager
async def serving(**limits):
    """A little server (a page, a slow page, a websocket echo) behind `Runner(**limits)`: (its book, its port)."""
    async def page(request):
        return web.Response(text="ok")

    async def slow(request):
        await asyncio.sleep(float(request.query.get("s", "1")))
        return web.Response(text="slow ok")

    async def echo(request):
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        async for message in ws:
            await ws.send_str(message.data)
        return ws

    app = web.Application()
    app.add_routes([web.get("/", page), web.get("/slow", slow), web.get("/ws", echo)])
    runner = Runner(app, raise_limit=False, **limits)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield runner.book, site.port
    finally:
        await runner.cleanup()


async def half_open(port: int, source: str = "127.0.0.1"):
    """A connection that sends the start of a request's headers and never their end."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    await writer.drain()
    return reader, writer


async def closed_within(reader: asyncio.StreamReader, seconds: float) -> bool:
    """The server closed this connection within `seconds` (nothing was answered on it)."""
    try:
        return await asyncio.wait_for(reader.read(1000), seconds) == b""
    except asyncio.TimeoutError:
        return False
    except ConnectionResetError:
        return True


def settled(book: Book, n: int):
    async def wait() -> None:
        for _ in range(100):
            if len(book) == n:
                return
            await asyncio.sleep(0.02)
        raise AssertionError(f"{len(book)} connections, not {n}")
    return wait()


# --- headers in time ----------------------------------------------------------------------------------------
async def test_a_connection_that_never_finishes_its_headers_is_closed_after_the_deadline():
    async with serving(budget=100, header_timeout=0.5) as (book, port):
        loop = asyncio.get_running_loop()
        start = loop.time()
        reader, writer = await half_open(port)
        silent, silent_writer = await asyncio.open_connection("127.0.0.1", port)  # says nothing at all
        assert not await closed_within(reader, 0.3)  # not before the deadline
        assert await closed_within(reader, 2) and await closed_within(silent, 1)
        assert 0.45 <= loop.time() - start < 2
        assert book.expired == 2 and len(book) == 0
        writer.close()
        silent_writer.close()


async def test_a_request_in_time_is_answered_and_nothing_under_way_is_cut():
    async with serving(budget=100, header_timeout=0.5) as (book, port), aiohttp.ClientSession() as client:
        async with client.get(f"http://127.0.0.1:{port}/slow?s=1.2") as r:  # longer than the deadline: under way
            assert r.status == 200 and await r.text() == "slow ok"
        ws = await client.ws_connect(f"http://127.0.0.1:{port}/ws")
        await asyncio.sleep(1.2)  # a websocket quiet past the deadline is no half-open request
        await ws.send_str("still here")
        assert (await ws.receive(timeout=2)).data == "still here"
        await ws.close()
        assert book.expired == 0


async def test_a_keep_alive_connection_has_the_deadline_again_after_each_response():
    async with serving(budget=100, header_timeout=0.5) as (book, port):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        for _ in range(3):  # each request in time: each answered on the same connection
            await asyncio.sleep(0.3)
            writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 2)
            assert head.startswith(b"HTTP/1.1 200") and await reader.readexactly(2) == b"ok"
        assert await closed_within(reader, 2) and book.expired == 1  # then idle past the deadline: closed
        writer.close()


async def test_pipelined_requests_are_all_answered():
    async with serving(budget=100, header_timeout=0.5) as (book, port):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET /slow?s=0.7 HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n")
        data = b""
        while data.count(b"HTTP/1.1 200") < 2:
            chunk = await asyncio.wait_for(reader.read(1000), 3)
            assert chunk, data
            data += chunk
        assert b"slow ok" in data and data.endswith(b"ok")
        writer.close()


# --- per address, and in total -------------------------------------------------------------------------------
async def test_one_address_holds_at_most_its_cap_and_this_machine_has_none():
    async with serving(budget=100, per_address=4, header_timeout=30) as (book, port):
        held = [await half_open(port, "127.0.0.2") for _ in range(4)]
        await settled(book, 4)
        reader, writer = await half_open(port, "127.0.0.2")
        assert await closed_within(reader, 1) and book.refused == 1  # the 5th from that address: refused
        writer.close()
        console = [await half_open(port, "127.0.0.1") for _ in range(10)]  # this machine: over the cap
        other = await half_open(port, "127.0.0.3")  # another address: its own cap
        await settled(book, 15)
        assert book.groups == {"127.0.0.2": 4, "127.0.0.1": 10, "127.0.0.3": 1} and book.refused == 1
        for _, w in held + console + [other]:
            w.close()


async def test_over_the_budget_the_oldest_half_open_connection_makes_room_for_a_new_request():
    async with serving(budget=8, header_timeout=30) as (book, port), aiohttp.ClientSession() as client:
        ws = await client.ws_connect(f"http://127.0.0.1:{port}/ws")  # the oldest, but busy: never closed
        held = []
        for _ in range(7):
            held.append(await half_open(port))
            await settled(book, len(held) + 1)
        more = [await half_open(port) for _ in range(3)]  # 3 more: the 3 oldest half-open ones go
        await settled(book, 8)
        assert [await closed_within(r, 1) for r, _ in held[:3]] == [True] * 3
        assert not any([await closed_within(r, 0.05) for r, _ in held[3:] + more])
        async with client.get(f"http://127.0.0.1:{port}/") as r:  # a tablet still gets in
            assert r.status == 200
        await ws.send_str("x")
        assert (await ws.receive(timeout=2)).data == "x" and book.evicted >= 4
        await ws.close()
        for _, w in held + more:
            w.close()


async def test_when_every_connection_is_busy_the_newcomer_is_refused():
    async with serving(budget=2, header_timeout=30) as (book, port), aiohttp.ClientSession() as client:
        sockets = [await client.ws_connect(f"http://127.0.0.1:{port}/ws") for _ in range(2)]
        reader, writer = await half_open(port)
        assert await closed_within(reader, 1) and book.refused == 1 and book.evicted == 0
        for ws in sockets:
            await ws.send_str("y")
            assert (await ws.receive(timeout=2)).data == "y"
            await ws.close()
        writer.close()


def test_the_book_counts_addresses_and_forgets_closed_connections():
    class Fake:
        def __init__(self, book):
            self.book = book

        def cut(self):
            self.book.drop(self)

    book = Book(budget=3, per_address=2)
    a, b, c, d = (Fake(book) for _ in range(4))
    assert book.admit(a, "10.0.0.1") and book.admit(b, "10.0.0.1") and not book.admit(Fake(book), "10.0.0.1")
    book.wait(a, 1.0)
    book.wait(b, 2.0)
    book.busy(a)  # a's headers came: b is now the oldest waiting
    assert book.admit(c, "10.0.0.2") and book.admit(d, "10.0.0.3")  # over the budget: b closed for d
    assert b not in book.conns and book.groups == {"10.0.0.1": 1, "10.0.0.2": 1, "10.0.0.3": 1}
    for conn in (a, c, d):
        book.drop(conn)
    assert not book.conns and not book.groups and not book.waiting


def test_addresses_are_grouped_ipv6_by_its_64():
    assert address_group(("192.0.2.7", 5000)) == "192.0.2.7"
    assert address_group(("2001:db8:1:2:aaaa::1", 5000, 0, 0)) == address_group(("2001:db8:1:2:ffff::9", 1, 0, 0))
    assert address_group(("2001:db8:1:2::1", 5000, 0, 0)) == "2001:db8:1:2::/64"
    assert address_group(("2001:db8:1:3::1", 5000, 0, 0)) != address_group(("2001:db8:1:2::1", 5000, 0, 0))
    assert address_group(("::ffff:192.0.2.7", 1, 0, 0)) == "192.0.2.7"
    assert address_group(("::1", 1, 0, 0)) == "::1" and address_group(("fe80::1%eth0", 1, 0, 2)) == "fe80::/64"
    assert address_group(None) == "None" and address_group("/run/zapis.sock") == "/run/zapis.sock"


def test_the_budget_leaves_descriptors_for_the_sessions():
    assert connection_budget(16, limit=1024) == 1024 - 64 - 128 - 4 * 16
    assert connection_budget(100, limit=1024) < connection_budget(16, limit=1024)
    assert connection_budget(16, limit=256) == 16  # a tiny limit: still a few
    assert connection_budget(16, limit=1_000_000) == 8192


def test_the_soft_limit_of_open_files_is_raised_to_the_hard_one():
    code = ("import resource\n"
            "soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)\n"
            "resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))\n"
            "from zapis.web.conn import raise_nofile_limit\n"
            "print(raise_nofile_limit(), resource.getrlimit(resource.RLIMIT_NOFILE)[0], hard)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    now, soft, hard = r.stdout.split()
    assert now == soft and (soft == hard or int(soft) >= 10240 or hard == str(-1)), r.stdout


# --- the logs ------------------------------------------------------------------------------------------------
def limited_logger(interval=10.0):
    now = [0.0]
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(logging.Formatter("%(name)s %(message)s"))
    handler.addFilter(RateLimit(interval, clock=lambda: now[0]))
    return handler, out, now


def test_a_repeated_message_is_let_through_once_per_interval_with_a_count():
    handler, out, now = limited_logger()
    log = logging.getLogger("zapis.test.flood")
    log.addHandler(handler)
    log.propagate = False
    try:
        for i in range(1000):
            log.warning("connections: %s already holds %d", f"10.0.{i % 7}.1", 64)
        log.warning("something else")
        now[0] = 10.5
        log.warning("connections: %s already holds %d", "10.9.9.9", 64)
    finally:
        log.removeHandler(handler)
        log.propagate = True
    lines = out.getvalue().splitlines()
    assert lines == ["zapis.test.flood connections: 10.0.0.1 already holds 64",
                     "zapis.test.flood something else",
                     "zapis.test.flood connections: 10.9.9.9 already holds 64 [999 more like this not shown]"]


def test_asyncios_out_of_descriptors_error_is_one_traceback_not_one_per_accept():
    """What asyncio logs each time accept() fails with EMFILE (then it retries a second later, forever)."""
    handler, out, now = limited_logger()
    log = logging.getLogger("asyncio")
    log.addHandler(handler)
    log.propagate = False
    loop = asyncio.new_event_loop()
    try:
        for i in range(500):
            now[0] = i * 0.05  # 25 s of retries, 20 a second
            loop.default_exception_handler({
                "message": "socket.accept() out of system resource",
                "exception": OSError(errno.EMFILE, "Too many open files"),
                "socket": f"<asyncio.TransportSocket fd={i % 9} laddr=('127.0.0.1', 8000)>"})
    finally:
        loop.close()
        log.removeHandler(handler)
        log.propagate = True
    text = out.getvalue()
    assert text.count("out of system resource") == 3  # at 0, 10 and 20 s
    assert text.count("Traceback") + text.count("OSError: [Errno") <= 1  # the first one's only
    assert "[199 more like this not shown]" in text and len(text) < 2000


def test_the_access_log_limits_the_same_line_not_every_line():
    handler, out, now = limited_logger()
    log = logging.getLogger("zapis.test.access")
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False
    try:
        for path in ("/", "/board", "/", "/", "/static/x.js"):
            log.info("%s %s %s %s", "192.0.2.7", "GET", path, 200)
    finally:
        log.removeHandler(handler)
        log.propagate = True
    assert out.getvalue().splitlines() == ["zapis.test.access 192.0.2.7 GET / 200",
                                           "zapis.test.access 192.0.2.7 GET /board 200",
                                           "zapis.test.access 192.0.2.7 GET /static/x.js 200"]


def test_the_limit_remembers_a_bounded_number_of_messages():
    limit = RateLimit(10.0, clock=lambda: 0.0, keys=50)
    for i in range(10_000):
        limit.filter(logging.LogRecord("zapis.test", 20, "", 0, f"line {i}", None, None))
    assert len(limit.seen) == 50


def test_one_record_at_two_handlers_is_judged_once():
    limit = RateLimit(10.0, clock=lambda: 0.0)
    outs = [io.StringIO(), io.StringIO()]
    log = logging.getLogger("zapis.test.two")
    handlers = [logging.StreamHandler(o) for o in outs]
    for h in handlers:
        h.addFilter(limit)
        log.addHandler(h)
    log.propagate = False
    try:
        log.error("once")
        log.error("once")
    finally:
        for h in handlers:
            log.removeHandler(h)
        log.propagate = True
    assert [o.getvalue() for o in outs] == ["once\n", "once\n"]


@pytest.mark.parametrize("message", ["Exception in callback <Handle at 0x7f3a2b>",
                                     "Exception in callback <Handle at 0x7f99ff>"])
def test_addresses_in_a_message_do_not_make_it_new(message):
    key = RateLimit.key(logging.LogRecord("asyncio", 40, "", 0, message, None, None))
    assert key == ("asyncio", 40, "Exception in callback <Handle at #>")
