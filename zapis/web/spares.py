"""A table's session made before its tablet connects: thirty tablets switched on at once are each ready at once.

Forked from the warm process (zapis.web.forks), a session still spends most of a second of CPU building its first
screen (Textual's styles and layout, the table's game read and scored). Thirty tablets switched on as an evening
starts would queue for a laptop's two cores for many seconds. So while the server waits, it builds one session for
every table of the current evening that has no tablet yet (a *spare*), one after another, never more than the cap
of sessions allows. Its output is held (`Relay`) until a tablet of that table connects; the tablet then takes the
spare: what the spare drew so far is sent to it first (the terminal modes and the screen), then the spare is told
the tablet's size (Textual draws the whole screen again when its size changes) and from then on it is the tablet's
session like any other. A tablet that finds no spare (the second tablet of a table, a reload while its old session
lingers, a table of another evening) starts its session as before.

A spare is the same session as a tablet's (`zapis.web.session --table T`, the table's work and nothing else):
taking it gives a tablet nothing its own session would not. Once built, a spare is paused (SIGSTOP): thirty of
them waiting while the tablets play would otherwise each look at the database four times a second and draw their
screen again after every commit nobody is looking at. Taken, it goes on (SIGCONT) and, when anything was committed
since it was paused, is nudged to look at once (its poll would within a quarter of a second). A spare that ends,
or holds too much output, is stopped and made again.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import time
from typing import Any, Awaitable, Callable, Iterable

log = logging.getLogger("zapis.web.serve")

HELD_LIMIT = 4 * 1024 * 1024  # a spare holding more output than this is made again (its screen drawn anew)
QUIET = 0.3  # seconds without output, after a screen's worth, when a spare counts as built (its first screen done)
SCREEN_BYTES = 2048  # less output than this is the terminal's modes, not yet a screen
REDRAWN_QUIET = 0.05  # seconds without output after a resize: the screen at the new size is drawn
BUILD_SECONDS = 30.0  # a spare not built by then is left to finish on its own while the next one is made
PAUSE = 2.0  # seconds between two looks at what spares the evening wants
RETRY = 30.0  # a table whose spare ended by itself (its app failed to start) gets the next one this much later


class Relay:
    """Where a session's output goes: held while the session is a spare, then its websocket's, in order."""

    def __init__(self) -> None:
        self._held: list[tuple[bool, Any]] = []  # (bytes?, data) in the order written
        self.held_bytes = 0
        self.socket: Any = None
        self.ended = False  # the app closed its end before a tablet took it
        self.last_output = 0.0  # monotonic time of the last output (0: none yet)
        self._lock = asyncio.Lock()

    async def write_bytes(self, data: bytes) -> None:
        await self._write(True, data)

    async def write_str(self, text: str) -> None:
        await self._write(False, text)

    async def _write(self, is_bytes: bool, data: Any) -> None:
        async with self._lock:
            self.last_output = time.monotonic()
            if self.socket is None:
                self._held.append((is_bytes, data))
                self.held_bytes += len(data)
                return
            await (self.socket.send_bytes(data) if is_bytes else self.socket.send_str(data))

    async def close(self) -> None:
        async with self._lock:
            if self.socket is None:
                self.ended = True
                return
        await self.socket.close()

    async def redrawn(self, resize: Callable[[], Awaitable[Any]], timeout: float = 2.0) -> None:
        """Once the spare's screen is built (a spare still starting is waited for), `resize()` sent (the tablet's
        size, not the spare's), then held until the app has drawn its screen at it: the tablet's first look is its
        screen at its size, never the spare's old one being laid out again (a tap on a place the old layout showed
        would land elsewhere)."""
        end = time.monotonic() + BUILD_SECONDS
        while not self.built and not self.ended and time.monotonic() < end:  # a resize sent before the app reads
            await asyncio.sleep(0.02)  # its input would be lost: the app at the spare's size on a bigger screen
        before = len(self._held)
        await resize()
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if len(self._held) > before and time.monotonic() - self.last_output >= REDRAWN_QUIET:
                return
            await asyncio.sleep(0.01)

    async def attach(self, socket: Any) -> None:
        """The tablet's websocket takes the session: what was held first, then everything as it comes."""
        async with self._lock:
            for is_bytes, data in self._held:
                await (socket.send_bytes(data) if is_bytes else socket.send_str(data))
            self._held.clear()
            self.held_bytes = 0
            self.socket = socket
            ended = self.ended
        if ended:
            await socket.close()

    @property
    def built(self) -> bool:
        return self.held_bytes >= SCREEN_BYTES and time.monotonic() - self.last_output >= QUIET


class Spare:
    def __init__(self, table: int, service: Any, relay: Relay, size: tuple[int, int]):
        self.table, self.service, self.relay, self.size = table, service, relay, size
        self.paused_at: int | None = None  # the server's count of commits when it was paused (None: running)
        self.stale = False  # taken after a commit it slept through: to be nudged

    def _signal(self, sig: int) -> None:
        process = getattr(self.service, "_process", None)
        if process is not None and process.returncode is None:
            try:
                process.send_signal(sig)
            except ProcessLookupError:
                pass

    def pause(self, commits: int) -> None:
        self._signal(signal.SIGSTOP)
        self.paused_at = commits

    def resume(self, commits: int) -> None:
        if self.paused_at is not None:
            self._signal(signal.SIGCONT)
            self.stale, self.paused_at = commits != self.paused_at, None

    @property
    def usable(self) -> bool:
        process = getattr(self.service, "_process", None)
        return (not self.relay.ended and self.relay.held_bytes <= HELD_LIMIT and process is not None
                and process.returncode is None)


def remembered_tablet_size() -> tuple[int, int]:
    """The size the server's tablets had last time (zapis.settings), else 80x24."""
    from zapis import settings

    return settings.tablet_size(settings.load().get("tablet_size")) or (80, 24)


def remember_tablet_size(size: tuple[int, int]) -> None:
    """Kept for the next start, if it is a tablet's size (a client may send other sizes: not remembered)."""
    from zapis import settings

    text = f"{size[0]}x{size[1]}"
    if settings.tablet_size(text) is not None:
        settings.save(tablet_size=text)


class Spares:
    """The server's spares: `keep()` runs while the server does; `take(table)` when a tablet connects.

    `make(table, relay, width, height)` starts a session whose output goes to `relay` (None: no session can be
    started now); `wanted()` names the tables that should have a spare now (the current evening's tables that have
    no tablet, within the cap); `stop(service)` ends one; `commits()` counts the commits the server has seen."""

    def __init__(self, make: Callable[[int, Relay, int, int], Awaitable[Any]],
                 wanted: Callable[[], Iterable[int]], stop: Callable[[Any], Awaitable[None]],
                 commits: Callable[[], int] = lambda: 0, size: tuple[int, int] = (80, 24),
                 remember: Callable[[tuple[int, int]], Any] = lambda size: None):
        self.make, self.wanted, self.stop_service, self.commits = make, wanted, stop, commits
        self.spares: dict[int, Spare] = {}
        # the size of the last table's tablet that connected (at the start: the last one the server remembers): the
        # next spares are built at it; a spare drawn at another size and then at its tablet's holds about 0.6 MiB
        # more than one drawn at its tablet's size only
        self.size = size
        self.remember = remember  # told each new size a table's tablet has
        self.taken = 0
        self.failed: dict[int, float] = {}  # table -> when its last spare ended with no tablet (not made again soon)
        self._wake = asyncio.Event()
        self._task: asyncio.Task | None = None

    def __len__(self) -> int:
        return len(self.spares)

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self.keep())

    def wake(self) -> None:
        """Look again now (a tablet came or went, the evening changed)."""
        self._wake.set()

    def take(self, table: int | None, width: int, height: int) -> Spare | None:
        """The spare of `table` for a tablet of that size (None: there is none, or it cannot be used)."""
        if table is None:
            return None
        if (width, height) != self.size:
            self.size = (width, height)
            self.remember(self.size)
        spare = self.spares.pop(table, None)
        if spare is None:
            return None
        self.wake()
        if not spare.usable:
            self._drop(spare)
            return None
        spare.resume(self.commits())
        self.taken += 1
        return spare

    def give_up_one(self) -> bool:
        """A tablet needs a session and the cap is reached: one spare ends to make room (True: one did)."""
        if not self.spares:
            return False
        self._drop(self.spares.pop(max(self.spares)))
        return True

    def _drop(self, spare: Spare) -> None:
        spare.resume(self.commits())  # a paused process hears no request to end
        task = asyncio.get_running_loop().create_task(self.stop_service(spare.service))
        task.add_done_callback(lambda t: t.exception() if not t.cancelled() else None)

    async def keep(self) -> None:
        """Until cancelled: spares made one at a time for the tables that want one, dropped for those that no
        longer do."""
        while True:
            try:
                await self._once()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # noqa: BLE001 - a spare that failed is no reason to stop making them
                log.warning("a spare session failed: %s", type(error).__name__)
            self._wake.clear()
            try:
                async with asyncio.timeout(PAUSE):
                    await self._wake.wait()
            except TimeoutError:
                pass

    async def _once(self) -> None:
        wanted = list(self.wanted())
        for table in [t for t in self.spares if t not in wanted or not self.spares[t].usable]:
            spare = self.spares.pop(table)
            if spare.relay.ended or getattr(spare.service._process, "returncode", None) is not None:
                self.failed[table] = time.monotonic()  # its app ended by itself: no loop of failing starts
            self._drop(spare)
        now = time.monotonic()
        for table in wanted:
            if table in self.spares or now - self.failed.get(table, -RETRY) < RETRY:
                continue
            if table not in set(self.wanted()):  # a tablet of it came, or the cap filled, while the last was built
                continue
            relay = Relay()
            width, height = self.size
            service = await self.make(table, relay, width, height)
            if service is None:
                return
            self.spares[table] = Spare(table, service, relay, (width, height))
            end = time.monotonic() + BUILD_SECONDS
            while not relay.built and not relay.ended and time.monotonic() < end and table in self.spares:
                await asyncio.sleep(0.05)
            spare = self.spares.get(table)
            if relay.built and spare is not None and spare.service is service:
                spare.pause(self.commits())  # built: it waits for its tablet using nothing

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):  # noqa: BLE001
                pass
            self._task = None
        spares, self.spares = list(self.spares.values()), {}
        for spare in spares:
            spare.resume(self.commits())
        await asyncio.gather(*(self.stop_service(s.service) for s in spares), return_exceptions=True)
