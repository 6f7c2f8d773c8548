"""The connections of `zapis serve`: a server that holds when a stranger holds sockets open.

aiohttp answers requests; what it does not bound is the connections themselves. Here:

- Headers in time: a connection must bring a request's complete headers within `header_timeout` seconds
  (5) of its start, or of the end of its previous response on a keep-alive connection; else it is closed
  (slowloris). A request under way (its headers read), a websocket, a download are never cut.
- Per address: at most `per_address` (64) connections from one address, IPv6 counted by /64 (one machine
  holds a whole /64); another one is refused at once. This machine's own addresses (127.0.0.1 and ::1:
  the director's browser, or a reverse proxy in front of zapis, through which every tablet comes) have no
  cap of their own: only the total below holds them.
- In total: at most `budget` connections, derived from the file descriptors the process may open
  (RLIMIT_NOFILE, whose soft limit `Runner` first raises to the hard one) less what the rest needs: ~4 per
  app session (its pipes), the backlog of connections accepted before any is seen here, and a margin for
  the database, the logs and the event loop. A connection beyond the budget closes the OLDEST one still
  without a request's headers (the newcomer is more likely a tablet than the half-open sockets an attacker
  holds); only when every connection has a request under way is the newcomer refused.
- The logs: `RateLimit` lets one record per logger and message through per interval (10 s) and counts the
  rest (said with the next one let through), so a flood (asyncio's "socket.accept() out of system
  resource" when descriptors run out, aiohttp's "Error handling request", our own refusals) is a few lines.

`Runner` is aiohttp's `AppRunner` whose connections are `Conn`s kept in one `Book`.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import re
import sys
import time
from typing import Any, Callable

from aiohttp import web
from aiohttp.web_protocol import RequestHandler

log = logging.getLogger("zapis.conn")

CONSOLE = frozenset({"127.0.0.1", "::1"})  # this machine: no cap of its own (the total still holds)
HEADER_TIMEOUT = 5.0
PER_ADDRESS = 64
BACKLOG = 128  # aiohttp's TCPSite: connections accepted in one go before any reaches connection_made
FDS_PER_SESSION = 4  # an app session's stdin, stdout and stderr pipes, and a spare
FDS_MARGIN = 64  # stdio, the event loop, the listening socket, SQLite and its journal, the logs
MAX_BUDGET = 8192  # however high the limit: far beyond a club's tablets and boards


# --- descriptors -------------------------------------------------------------------------------------------
def raise_nofile_limit() -> int | None:
    """Raise the soft limit of open files to the hard one where allowed; the soft limit now (None: unknown)."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    for target in (hard, 10240):  # macOS refuses RLIM_INFINITY (its own OPEN_MAX is 10240)
        if target != resource.RLIM_INFINITY and soft != resource.RLIM_INFINITY and target <= soft:
            break
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
            break
        except (ValueError, OSError):
            continue
    return soft


def nofile_limit() -> int | None:
    try:
        import resource
    except ImportError:
        return None
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return None if soft == resource.RLIM_INFINITY else soft


def connection_budget(max_sessions: int, limit: int | None = None) -> int:
    """How many connections at once: the descriptors left once the sessions, the backlog and a margin have theirs."""
    limit = nofile_limit() if limit is None else limit
    if limit is None:
        return 500 if sys.platform == "win32" else MAX_BUDGET
    spare = limit - FDS_MARGIN - BACKLOG - FDS_PER_SESSION * max_sessions
    return max(min(spare, MAX_BUDGET), 16)


def address_group(peer: Any) -> str:
    """Who a connection counts against: its IPv4 address, or its IPv6 /64 (an IPv4-mapped one as IPv4)."""
    host = peer[0] if isinstance(peer, (tuple, list)) and peer else peer
    try:
        address = ipaddress.ip_address(str(host).split("%", 1)[0])
    except ValueError:
        return str(host)[:64]  # a Unix socket's path, or nothing
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        if address == ipaddress.IPv6Address("::1"):
            return "::1"
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


# --- the book of connections ---------------------------------------------------------------------------------
class Book:
    """Every connection of the server, and those waiting for a request's headers in the order they began to."""

    def __init__(self, budget: int, per_address: int = PER_ADDRESS, header_timeout: float = HEADER_TIMEOUT,
                 exempt: frozenset[str] = CONSOLE):
        self.budget, self.per_address, self.header_timeout, self.exempt = budget, per_address, header_timeout, exempt
        self.conns: dict[Conn, str] = {}  # connection -> its address group
        self.groups: dict[str, int] = {}
        self.waiting: dict[Conn, float] = {}  # -> since when; insertion order is that order (the oldest first)
        self.refused = self.evicted = self.expired = 0

    def __len__(self) -> int:
        return len(self.conns)

    def admit(self, conn: Conn, group: str) -> bool:
        """A new connection is counted in; False: refused (its address holds too many, or every one is busy)."""
        if group not in self.exempt and self.groups.get(group, 0) >= self.per_address:
            self.refused += 1
            log.warning("connections: %s already holds %d, the most one address may: one more refused",
                        group, self.per_address)
            return False
        if len(self.conns) >= self.budget:
            oldest = next(iter(self.waiting), None)
            if oldest is None:
                self.refused += 1
                log.warning("connections: all %d have a request under way: a new one refused", self.budget)
                return False
            self.evicted += 1
            log.warning("connections: all %d in use: closed the one longest without a request", self.budget)
            oldest.cut()
        self.conns[conn] = group
        self.groups[group] = self.groups.get(group, 0) + 1
        return True

    def wait(self, conn: Conn, since: float) -> None:
        self.waiting.pop(conn, None)
        self.waiting[conn] = since

    def busy(self, conn: Conn) -> None:
        self.waiting.pop(conn, None)

    def drop(self, conn: Conn) -> None:
        self.waiting.pop(conn, None)
        group = self.conns.pop(conn, None)
        if group is not None:
            left = self.groups[group] - 1
            if left:
                self.groups[group] = left
            else:
                del self.groups[group]


class Conn(RequestHandler):
    """aiohttp's connection, which also keeps the time: headers within the book's `header_timeout`.

    A request's headers are read once aiohttp's parser has counted a message (`_request_count`); a response
    is over when `finish_response` returns. Between the two the connection is busy and never cut."""

    __slots__ = ("book", "answered", "waiting_since", "deadline", "counted")

    def __init__(self, manager: web.Server, book: Book, **kwargs: Any):
        super().__init__(manager, **kwargs)
        self.book = book
        self.answered = 0
        self.waiting_since: float | None = None
        self.deadline: asyncio.TimerHandle | None = None
        self.counted = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        if not self.book.admit(self, address_group(transport.get_extra_info("peername"))):
            transport.abort()
            return
        self.counted = True
        self._wait()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.waiting_since is not None and self._request_count > self.answered:
            self._busy()

    async def finish_response(self, request: web.BaseRequest, resp: web.StreamResponse,
                              start_time: float | None) -> tuple[web.StreamResponse, bool]:
        try:
            return await super().finish_response(request, resp, start_time)
        finally:
            self.answered += 1
            if self.counted and self.transport is not None and self._request_count <= self.answered:
                self._wait()

    def connection_lost(self, exc: BaseException | None) -> None:
        self._busy()
        if self.counted:
            self.counted = False
            self.book.drop(self)
        super().connection_lost(exc)

    def _wait(self) -> None:
        """From now on a request's headers are due: by now + the timeout."""
        if self.deadline is not None:
            self.deadline.cancel()
        self.waiting_since = now = self._loop.time()
        self.book.wait(self, now)
        self.deadline = self._loop.call_at(now + self.book.header_timeout, self._expire)

    def _busy(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None
        if self.waiting_since is not None:
            self.waiting_since = None
            self.book.busy(self)

    def _expire(self) -> None:
        self.deadline = None
        if self.waiting_since is None:
            return
        transport = self.transport
        if transport is not None and transport.get_write_buffer_size():  # the response's tail still going out
            self.deadline = self._loop.call_later(1.0, self._expire)
            return
        self.book.expired += 1
        self.cut()

    def cut(self) -> None:
        """Close now, whatever is unsent (there is nothing: no request is under way); out of the book at once."""
        self._busy()
        if self.counted:
            self.counted = False
            self.book.drop(self)
        transport = self.transport
        if transport is not None:
            transport.abort()


class Server(web.Server):
    """aiohttp's low-level server whose connections are `Conn`s of one `Book`."""

    book: Book

    def __call__(self) -> Conn:
        return Conn(self, self.book, loop=self._loop, **self._kwargs)


class Runner(web.AppRunner):
    """`web.AppRunner` with the connections bounded (see the module). `max_sessions`: the app sessions the
    server may run (their pipes come out of the same descriptors)."""

    def __init__(self, app: web.Application, *, max_sessions: int = 16, budget: int | None = None,
                 per_address: int = PER_ADDRESS, header_timeout: float = HEADER_TIMEOUT,
                 raise_limit: bool = True, **kwargs: Any):
        super().__init__(app, **kwargs)
        if raise_limit:
            raise_nofile_limit()
        self.book = Book(connection_budget(max_sessions) if budget is None else budget, per_address,
                         header_timeout)

    async def _make_server(self) -> web.Server:
        server = await super()._make_server()
        server.__class__ = Server  # the same server, making `Conn`s (aiohttp has no option to name the class)
        server.book = self.book
        return server


# --- the logs ----------------------------------------------------------------------------------------------
_NUMBERS = re.compile(r"0x[0-9a-fA-F]+|\d+")


class RateLimit(logging.Filter):
    """One record per (logger, message) per `interval` seconds (`key`); the ones held back are counted and said
    with the next one let through (a flood that stops is not summed up by itself). A record let through again
    carries no traceback, only its exception's name (its first one had the whole traceback)."""

    def __init__(self, interval: float = 10.0, clock: Callable[[], float] = time.monotonic, keys: int = 1000):
        super().__init__()
        self.interval, self.clock, self.keys = interval, clock, keys
        self.seen: dict[tuple[str, int, str], list] = {}  # key -> [last let through, held back since]

    @staticmethod
    def key(record: logging.LogRecord) -> tuple[str, int, str]:
        """The logger, the level and the first line of the message's template, its numbers aside (an object's
        address, a file descriptor). Below WARNING the message itself: the access log's lines share one template
        ("%s %s %s %s"), and only the same line again (the same address, path and status) is a repeat."""
        if record.levelno < logging.WARNING:
            return record.name, record.levelno, record.getMessage().split("\n", 1)[0][:200]
        text = record.msg if isinstance(record.msg, str) else type(record.msg).__name__
        return record.name, record.levelno, _NUMBERS.sub("#", text.split("\n", 1)[0][:200])

    def filter(self, record: logging.LogRecord) -> bool:
        decided = getattr(record, "zapis_rate_limit", None)
        if decided is not None:  # the same record at another handler: the same answer
            return decided
        record.zapis_rate_limit = decided = self._decide(record)
        return decided

    def _decide(self, record: logging.LogRecord) -> bool:
        key, now = self.key(record), self.clock()
        entry = self.seen.pop(key, None)  # put back last: the message seen least recently is forgotten first
        if entry is None:
            while len(self.seen) >= self.keys:
                self.seen.pop(next(iter(self.seen)))
            self.seen[key] = [now, 0]
            return True
        self.seen[key] = entry
        if now - entry[0] < self.interval:
            entry[1] += 1
            return False
        held, entry[0], entry[1] = entry[1], now, 0
        message = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            message += f" ({type(record.exc_info[1]).__name__})"
        record.msg, record.args, record.exc_info, record.exc_text = message, None, None, None
        if held:
            record.msg += f" [{held} more like this not shown]"
        return True


def limit_logs(interval: float = 10.0, logger: logging.Logger | None = None) -> RateLimit:
    """A `RateLimit` on every handler of `logger` (the root: where every logger's records end up)."""
    limit = RateLimit(interval)
    for handler in (logger or logging.getLogger()).handlers:
        handler.addFilter(limit)
    return limit
