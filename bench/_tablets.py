"""Tablets for the benchmarks: websocket clients that speak textual-serve's protocol as its page does (xterm.js in
a tablet's browser), with what each one shows rendered (_common.TextScreen), so a bench can wait for a screen, not for bytes.

The protocol, as textual-serve's page speaks it: the websocket is opened at `/ws...?width=W&height=H` with an
`Origin` of the server's own address; once open the page sends `["resize", {"width": W, "height": H}]` and a
`["ping", "<ms>"]`; keys go as `["stdin", "<text>"]` (a tap is a mouse report in SGR form, as xterm.js sends it).
The server sends the terminal's output as binary messages and JSON text (`["pong", ...]`, downloads).

The board (`/board/ws`) is a viewer too: it receives the evening's state as JSON, one message per change.

Also here: the server's process tree (every descendant, however the sessions are started: a process per tablet
or forked from a warm process), its memory (PSS) and its CPU time, read from /proc."""

from __future__ import annotations

import asyncio
import codecs
import json
import os
import re
import time
from typing import Any, Callable

import aiohttp

from _common import TextScreen


class Closed(Exception):
    """The viewer's websocket closed while something was waited for."""


class Viewer:
    """Something that receives frames and can be waited on: `await viewer.wait(predicate, timeout, what)` returns the
    moment (time.perf_counter()) the message arrived after which `predicate(viewer)` first held.

    One task only receives and time-stamps the messages; another takes them in (a tablet's terminal emulation, fed
    in small pieces that yield to the loop), so rendering one tablet's frame never delays another's time stamp
    by more than a piece."""

    def __init__(self, name: str):
        self.name = name
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.tasks: list[asyncio.Task] = []
        self.t_connect = self.t_open = 0.0
        self.messages = 0  # frames (binary) or states (board)
        self.received = 0  # bytes
        self.last_at = 0.0
        self.closed: str | None = None  # why, once every message before the close was taken in
        self._queue: asyncio.Queue = asyncio.Queue()
        self._waiters: list[tuple[Callable[[Any], bool], asyncio.Future]] = []

    async def open(self, http: aiohttp.ClientSession, url: str, path: str) -> None:
        self.t_connect = time.perf_counter()
        self.ws = await http.ws_connect(url.replace("http", "ws", 1) + path, headers={"Origin": url},
                                        max_msg_size=0, autoping=True)
        self.t_open = time.perf_counter()
        self.on_open()
        loop = asyncio.get_running_loop()
        self.tasks = [loop.create_task(self._receive(), name=f"receive {self.name}"),
                      loop.create_task(self._take_in(), name=f"take in {self.name}")]

    def on_open(self) -> None:
        pass

    async def take(self, msg: aiohttp.WSMessage) -> bool:
        """One message in; True when it may have changed what the viewer shows."""
        raise NotImplementedError

    async def _receive(self) -> None:
        assert self.ws is not None
        why = "closed"
        try:
            while True:
                msg = await self.ws.receive()
                at = time.perf_counter()
                if msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSING, aiohttp.WSMsgType.CLOSED,
                                aiohttp.WSMsgType.ERROR):
                    why = (f"{msg.type.name} {msg.data!r} {msg.extra!r}, {at - self.t_open:.1f} s after it opened, "
                           f"{self.messages} frames in")[:200]
                    break
                self._queue.put_nowait((at, msg))
        except Exception as e:  # noqa: BLE001 - whatever broke the connection: said to whoever waits
            why = f"{type(e).__name__}: {e}"[:200]
        finally:
            self._queue.put_nowait((time.perf_counter(), why))

    async def _take_in(self) -> None:
        why = "stopped"
        try:
            while True:
                at, msg = await self._queue.get()
                if isinstance(msg, str):
                    why = msg
                    break
                if await self.take(msg):
                    self.last_at = at
                    self._check(at)
        finally:
            self.closed = why
            for _, fut in self._waiters:
                if not fut.done():
                    fut.set_exception(Closed(f"{self.name}: the websocket closed ({why})"))
            self._waiters.clear()

    def _check(self, at: float) -> None:
        still = []
        for predicate, fut in self._waiters:
            if fut.done():
                continue
            try:
                ok = predicate(self)
            except Exception as e:  # noqa: BLE001 - a predicate that breaks is a failed wait, said as such
                fut.set_exception(e)
                continue
            if ok:
                fut.set_result(at)
            else:
                still.append((predicate, fut))
        self._waiters = still

    def expect(self, predicate: Callable[[Any], bool]) -> asyncio.Future:
        """A future for the moment `predicate` first holds (already now: the last message's moment)."""
        fut = asyncio.get_running_loop().create_future()
        if self.closed is not None:
            fut.set_exception(Closed(f"{self.name}: the websocket closed ({self.closed})"))
        elif predicate(self):
            fut.set_result(self.last_at or time.perf_counter())
        else:
            self._waiters.append((predicate, fut))
        return fut

    async def wait(self, predicate: Callable[[Any], bool], timeout: float, what: str) -> float:
        fut = self.expect(predicate)
        try:
            return await asyncio.wait_for(fut, timeout)
        except asyncio.TimeoutError:
            raise TimeoutError(f"{self.name}: no {what} within {timeout:.0f} s; it shows:\n{self.shows()}") from None

    def shows(self) -> str:
        return ""

    async def send(self, message: Any) -> None:
        assert self.ws is not None
        await self.ws.send_str(json.dumps(message))

    async def close(self) -> None:
        if self.ws is not None and not self.ws.closed:
            try:
                await asyncio.wait_for(self.ws.close(), 10)
            except (asyncio.TimeoutError, aiohttp.ClientError, ConnectionError):
                pass
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            try:
                await task
            except (asyncio.CancelledError, Exception):  # noqa: BLE001
                pass


class Tablet(Viewer):
    """An app session seen as a tablet's browser sees it: its screen, rendered."""

    def __init__(self, name: str, width: int = 100, height: int = 40):
        super().__init__(name)
        self.width, self.height = width, height
        # Textual places every run of text with a cursor move: _common.TextScreen reads that much of a terminal
        # (checked against pyte, frame by frame) at a small part of pyte's cost, so thirty clients on this
        # machine take little of the CPU the server is measured on
        self.screen = TextScreen(width, height)
        self.decode = codecs.getincrementaldecoder("utf-8")("replace").decode
        self.texts: list[Any] = []  # JSON text messages (pong, downloads)
        self._display: list[str] | None = None

    async def open(self, http: aiohttp.ClientSession, url: str, path: str) -> None:
        await super().open(http, url, f"{path}?width={self.width}&height={self.height}")

    def on_open(self) -> None:  # as the page does once the socket is open
        asyncio.get_running_loop().create_task(self._hello())

    async def _hello(self) -> None:
        try:
            await self.send(["resize", {"width": self.width, "height": self.height}])
            await self.send(["ping", str(int(time.time() * 1000))])
        except (ConnectionError, RuntimeError, aiohttp.ClientError):
            pass

    async def take(self, msg: aiohttp.WSMessage) -> bool:
        if msg.type == aiohttp.WSMsgType.BINARY:
            self.messages += 1
            self.received += len(msg.data)
            self.screen.apply(self.decode(msg.data))
            self._display = None
            return True
        if msg.type == aiohttp.WSMsgType.TEXT:
            try:
                self.texts.append(json.loads(msg.data))
            except ValueError:
                self.texts.append(msg.data)
        return False

    @property
    def lines(self) -> list[str]:
        if self._display is None:
            self._display = [line.rstrip() for line in self.screen.lines()]
        return self._display

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    @property
    def flat(self) -> str:
        """The screen's text with every run of blanks and line ends as one space (a phrase wrapped still matches)."""
        return " ".join(self.text.split())

    def shows(self) -> str:
        return "\n".join(line for line in self.lines if line.strip()) or "(nothing)"

    def find(self, words: str) -> tuple[int, int] | None:
        """Where `words` stand on the screen (column, row; 0-based), or None."""
        for y, line in enumerate(self.lines):
            x = line.find(words)
            if x >= 0:
                return x, y
        return None

    async def keys(self, *keys: str, pause: float = 0.0) -> None:
        """Keys as the page sends what is typed: one stdin message each."""
        for k in keys:
            await self.send(["stdin", k])
            if pause:
                await asyncio.sleep(pause)

    async def tap(self, x: int, y: int) -> None:
        """A tap at a cell (0-based): a left button's press and release, as xterm.js reports them (SGR 1006)."""
        await self.send(["stdin", f"\x1b[<0;{x + 1};{y + 1}M"])
        await self.send(["stdin", f"\x1b[<0;{x + 1};{y + 1}m"])

    def cell(self, token: str, row: Callable[[str], bool]) -> tuple[int, int] | None:
        """Where `token` stands alone (blanks or the line's ends around it) on the first line `row` accepts."""
        pattern = re.compile(r"(?<!\S)" + re.escape(token) + r"(?!\S)")
        for y, line in enumerate(self.lines):
            if row(line):
                m = pattern.search(line)
                if m:
                    return m.start(), y
        return None

    async def tap_cell(self, token: str, row: Callable[[str], bool]) -> None:
        at = self.cell(token, row)
        if at is None:
            raise LookupError(f"{self.name}: no cell {token!r} on the screen; it shows:\n{self.shows()}")
        await self.tap(at[0] + len(token) // 2, at[1])

    async def tap_words(self, words: str) -> None:
        at = self.find(words)
        if at is None:
            raise LookupError(f"{self.name}: no {words!r} on the screen; it shows:\n{self.shows()}")
        await self.tap(at[0] + len(words) // 2, at[1])


class BoardViewer(Viewer):
    """The board's page as its websocket feeds it: the evening's state, one JSON message per change."""

    def __init__(self, name: str = "board"):
        super().__init__(name)
        self.state: dict | None = None

    async def take(self, msg: aiohttp.WSMessage) -> bool:
        if msg.type != aiohttp.WSMsgType.TEXT:
            return False
        self.messages += 1
        self.received += len(msg.data)
        self.state = json.loads(msg.data)
        return True

    def shows(self) -> str:
        return json.dumps(self.state, ensure_ascii=False)[:2000] if self.state else "(no state)"


class LoopLag:
    """How late the bench's own event loop runs a 50 ms tick: the tablets' client starved of CPU (or busy rendering)
    shows here, and a client that cannot answer the server's heartbeat ping in time loses its websocket."""

    TICK = 0.05

    def __init__(self) -> None:
        self.worst = 0.0
        self.task: asyncio.Task | None = None

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run(), name="loop lag")

    async def _run(self) -> None:
        while True:
            t = time.perf_counter()
            await asyncio.sleep(self.TICK)
            self.worst = max(self.worst, time.perf_counter() - t - self.TICK)

    def take(self) -> float:
        """The worst lag since the last take."""
        worst, self.worst = self.worst, 0.0
        return worst

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()


# --- the server's process tree -----------------------------------------------------------------------------------
def children_map() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(b")") + 2:].split()[1])
        kids.setdefault(ppid, []).append(int(entry))
    return kids


def descendants(pid: int) -> list[int]:
    """Every process under `pid` (children, theirs, ...): whichever way the sessions are started."""
    kids = children_map()
    out, stack = [], [pid]
    while stack:
        for kid in kids.get(stack.pop(), []):
            out.append(kid)
            stack.append(kid)
    return out


def tree(pid: int) -> list[int]:
    return [pid] + descendants(pid)


def pss_kib(pid: int) -> int:
    """Proportional set size: shared pages (the interpreter, forked memory) counted in shares, so the tree adds up."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def tree_pss_mib(pid: int) -> tuple[float, float, int]:
    """(the whole tree's PSS, the root process's own PSS) in MiB, and how many processes."""
    pids = tree(pid)
    own = pss_kib(pid)
    return (own + sum(pss_kib(p) for p in pids[1:])) / 1024, own / 1024, len(pids)


def sessions_pss_mib(pid: int) -> tuple[float, float, int]:
    """(the PSS of the server and its warm process, if any, together; the mean PSS of one app session) in MiB, and
    how many sessions: a session is a process of the tree that is neither the server nor its warm process
    (`zapis.web.forks`, whose children the sessions are when forked)."""
    pids = tree(pid)
    core = [pid] + [p for p in children_map().get(pid, []) if "zapis.web.forks" in cmdline(p)]  # (its forks
    # have its command line too)
    sessions = [p for p in pids if p not in core]
    mean = sum(pss_kib(p) for p in sessions) / len(sessions) / 1024 if sessions else 0.0
    return sum(pss_kib(p) for p in core) / 1024, mean, len(sessions)


TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """utime + stime of one process, seconds (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
    except OSError:
        return 0.0
    fields = stat[stat.rindex(b")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def tree_cpu(pid: int) -> dict[int, float]:
    return {p: cpu_seconds(p) for p in tree(pid)}


def cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode("utf-8", "replace").strip()
    except OSError:
        return ""
