"""A table's session made before its tablet connects (zapis.web.spares): the tablet takes it and is on its finished
screen at once, at its own size; a spare is its table's and nobody else's; it never takes the room a tablet needs."""

from __future__ import annotations

import asyncio
import time

import aiohttp
import pyte
import pytest

from tests.ui.conftest import new_game
from tests.ui.test_serve import running, ws_headers
from zapis.web.forks import AVAILABLE
from zapis.web.spares import HELD_LIMIT, Relay, Spares

linux_only = pytest.mark.skipif(not AVAILABLE, reason="spares are forked from the warm process (Linux's pidfd)")
PLAYERS = ["Ala", "Bartek", "Celina", "Darek"]


class Socket:
    """A websocket as the relay sees one: what was sent, in order."""

    def __init__(self, slow: float = 0.0):
        self.sent: list = []
        self.closed = False
        self.slow = slow

    async def send_bytes(self, data: bytes) -> None:
        await asyncio.sleep(self.slow)
        self.sent.append(data)

    async def send_str(self, text: str) -> None:
        await asyncio.sleep(self.slow)
        self.sent.append(text)

    async def close(self) -> None:
        self.closed = True


async def test_a_relay_holds_what_a_spare_draws_and_gives_it_all_in_order_to_the_tablet_that_takes_it():
    relay = Relay()
    await relay.write_bytes(b"\x1b[?1049h")  # the terminal's modes come first: a tablet needs them
    await relay.write_bytes(b"x" * 3000)
    await relay.write_str('["open_url", {}]')
    assert relay.held_bytes == 8 + 3000 + 16 and not relay.ended
    socket = Socket(slow=0.01)
    attaching = asyncio.create_task(relay.attach(socket))
    await asyncio.sleep(0.005)  # the held output is still going out: what comes now must wait for it
    later = asyncio.create_task(relay.write_bytes(b"after"))
    await asyncio.gather(attaching, later)
    assert socket.sent == [b"\x1b[?1049h", b"x" * 3000, '["open_url", {}]', b"after"]
    assert relay.held_bytes == 0
    await relay.close()
    assert socket.closed


async def test_a_spare_whose_app_ended_closes_the_tablet_that_takes_it_and_is_never_given_out():
    relay = Relay()
    await relay.close()  # the app exited before any tablet came
    assert relay.ended
    socket = Socket()
    await relay.attach(socket)
    assert socket.closed

    class Service:
        _process = type("P", (), {"returncode": None})()

    stopped = []

    async def stop(service):
        stopped.append(service)

    spares = Spares(make=None, wanted=lambda: [], stop=stop)
    from zapis.web.spares import Spare

    spares.spares[1] = Spare(1, Service(), relay, (80, 24))
    assert spares.take(1, 100, 40) is None  # ended: dropped, a tablet starts its own
    full = Relay()
    full.held_bytes = HELD_LIMIT + 1  # an evening of redraws held with no tablet: made again
    spares.spares[2] = Spare(2, Service(), full, (80, 24))
    assert spares.take(2, 100, 40) is None
    await asyncio.sleep(0)
    assert len(stopped) == 2 and not spares.spares


def screen_of(width: int, height: int):
    screen = pyte.Screen(width, height)
    return screen, pyte.ByteStream(screen)


async def until_shown(ws, stream, screen, ready, timeout: float = 30.0) -> str:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        message = await ws.receive(timeout=end - time.monotonic())
        if message.type == aiohttp.WSMsgType.BINARY:
            stream.feed(message.data)
            if ready(screen.display):
                return "\n".join(screen.display)
    raise AssertionError("never shown:\n" + "\n".join(screen.display))


async def spare_built(server, table: int, timeout: float = 60.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        spare = server.spares.spares.get(table)
        if spare is not None and spare.relay.built:
            return spare
        await asyncio.sleep(0.05)
    raise AssertionError(f"no spare for table {table}: {server.spares.spares}")


@linux_only
async def test_a_tablet_takes_its_tables_spare_and_shows_its_game_at_its_own_size(tmp_path):
    new_game(tmp_path / "s.db", "kierki", PLAYERS, [])  # table 1
    new_game(tmp_path / "s.db", "kierki", ["Ewa", "Filip", "Gosia", "Henryk"], [])  # table 2
    async with running(tmp_path) as (server, url), aiohttp.ClientSession() as browser:
        spare = await spare_built(server, 1)
        await spare_built(server, 2)
        assert not server.sessions  # spares are not sessions of a tablet: the cap and the nudges leave them
        assert spare.size == (80, 24)
        ws = await browser.ws_connect(url.replace("http", "ws") + "/ws/1?width=100&height=30",
                                      headers=ws_headers(url))
        screen, stream = screen_of(100, 30)
        # (a tablet's key bar: its words on the last row but one)
        text = await until_shown(ws, stream, screen, lambda rows: "Darek" in "".join(rows) and rows[-2].strip()
                                 and "─" * 100 in rows)  # the rule across the whole width: drawn at 100 columns
        assert server.sessions == {spare.service} and 1 not in server.spares.spares
        assert "stół 1 · Kierki" in text and "Ewa" not in text  # its own table's game
        assert server.spares.size == (100, 30)  # the next spares are made at the tablets' size
        # the tablet is a session like any other: it answers, and its table gets a spare again once it is gone
        await ws.send_str('["stdin", "\\u0013"]')
        await ws.close()
        again = await spare_built(server, 1)
        assert again is not spare and again.size == (100, 30)


@linux_only
async def test_a_spare_is_only_its_tables_and_gives_way_to_a_tablet_that_needs_room(tmp_path):
    new_game(tmp_path / "s.db", "kierki", PLAYERS, [])  # table 1
    async with running(tmp_path, max_sessions=1) as (server, url), aiohttp.ClientSession() as browser:
        spare = await spare_built(server, 1)
        # the director's app (/ws) is not table 1's session: it starts its own, and the spare makes room for it
        ws = await browser.ws_connect(url.replace("http", "ws") + "/ws?width=90&height=30", headers=ws_headers(url))
        screen, stream = screen_of(90, 30)
        await until_shown(ws, stream, screen, lambda rows: "Stoły i gry" in "".join(rows))
        (service,) = server.sessions
        assert service is not spare.service and not server.spares.spares
        end = time.monotonic() + 10
        while spare.service._process.returncode is None and time.monotonic() < end:
            await asyncio.sleep(0.05)
        assert spare.service._process.returncode is not None  # ended, not left running
        await asyncio.sleep(2.5)  # the spares looked again: the cap is full, none is made
        assert not server.spares.spares
        await ws.close()


@linux_only
async def test_no_spares_when_the_server_is_told_so(tmp_path):
    new_game(tmp_path / "s.db", "kierki", PLAYERS, [])
    async with running(tmp_path, spares=False) as (server, url):
        assert server.spares is None
        await asyncio.sleep(1)
        assert server.forks.process is not None


async def test_a_spare_that_ends_by_itself_is_not_made_again_at_once():
    """An app that cannot start (a database it cannot open) ends as soon as it is made: its table waits RETRY
    seconds for the next spare instead of a loop of starts eating the laptop's CPU."""
    made = []

    class Service:
        def __init__(self):
            self._process = type("P", (), {"returncode": None})()

    async def make(table, relay, width, height):
        made.append(table)
        service = Service()
        await relay.write_bytes(b"x" * 4096)
        await relay.close()  # the app ended at once
        service._process.returncode = 2
        return service

    async def stop(service):
        pass

    spares = Spares(make=make, wanted=lambda: [1], stop=stop)
    await spares._once()
    assert made == [1] and 1 in spares.spares
    await spares._once()  # it ended: dropped, and its table is not tried again yet
    await spares._once()
    assert made == [1] and not spares.spares and 1 in spares.failed
    spares.failed[1] -= 60  # RETRY has passed
    await spares._once()
    assert made == [1, 1]


async def test_a_spare_at_another_size_is_drawn_at_the_tablets_before_the_tablet_sees_anything():
    """The resize goes first, the relay holds until the app has drawn after it, then everything goes to the tablet
    at once: its first look is the screen at its own size (a tap read off the old layout would land elsewhere)."""
    relay = Relay()
    await relay.write_bytes(b"old frame at 80x24" * 200)
    asked = []

    async def resize():
        asked.append("resize")

        async def draw():
            await asyncio.sleep(0.1)  # the app lays its screen out again
            await relay.write_bytes(b"new frame at 100x40")
        asyncio.get_running_loop().create_task(draw())

    t0 = time.monotonic()
    await relay.redrawn(resize)
    assert asked == ["resize"] and time.monotonic() - t0 >= 0.1  # it waited for the new frame
    socket = Socket()
    await relay.attach(socket)
    assert socket.sent[-1] == b"new frame at 100x40"  # all of it at once, the new frame last


@linux_only
async def test_a_tablet_that_takes_a_spare_still_starting_gets_its_own_size(tmp_path):
    """A tablet that comes while its table's spare is still being built: the resize waits for the app to read it
    (sent at once, it was lost: the tablet kept the spare's 80x24 on its bigger screen)."""
    new_game(tmp_path / "s.db", "kierki", PLAYERS, [])
    async with running(tmp_path) as (server, url), aiohttp.ClientSession() as browser:
        end = time.monotonic() + 60
        while 1 not in server.spares.spares and time.monotonic() < end:
            await asyncio.sleep(0.01)
        assert not server.spares.spares[1].relay.built  # started, its screen not yet drawn
        ws = await browser.ws_connect(url.replace("http", "ws") + "/ws/1?width=100&height=30",
                                      headers=ws_headers(url))
        screen, stream = screen_of(100, 30)
        await until_shown(ws, stream, screen, lambda rows: "─" * 100 in rows and rows[-2].strip())
        await ws.close()


def process_state(service) -> str:
    """A session's process state as the kernel tells it: R, S (running, sleeping), T (stopped)."""
    with open(f"/proc/{service._process.pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[0]


@linux_only
async def test_a_built_spare_waits_paused_and_a_tablet_that_takes_it_after_a_commit_has_it_look_again(tmp_path):
    """A built spare is stopped (no poll, no redraw for commits nobody sees); taken, it runs again, and when the
    server passed on a commit meanwhile it is nudged to look at the database at once; the hand saved while it slept
    is on the tablet's screen."""
    db = tmp_path / "s.db"
    gid = new_game(db, "kierki", PLAYERS, [])  # table 1
    async with running(tmp_path) as (server, url), aiohttp.ClientSession() as browser:
        spare = await spare_built(server, 1)
        end = time.monotonic() + 10
        while (spare.paused_at is None or process_state(spare.service) != "T") and time.monotonic() < end:
            await asyncio.sleep(0.05)  # SIGSTOP is delivered when the kernel next runs it: on a busy machine later
        assert process_state(spare.service) == "T"  # stopped while it waits
        from zapis.store import Store
        with Store(db) as store:  # a hand saved elsewhere while it slept, which the server passed on
            store.enter(gid, {"deal": "no-tricks", "taken": dict(zip(PLAYERS, (4, 3, 3, 3)))})
            ala = str(store.sheet(gid).totals["Ala"])
        server.committed(None)
        nudges = []
        send = spare.service.send_meta
        spare.service.send_meta = lambda meta: nudges.append(meta) or send(meta)
        ws = await browser.ws_connect(url.replace("http", "ws") + "/ws/1?width=80&height=24",
                                      headers=ws_headers(url))  # its own size: no resize to wake it
        screen, stream = screen_of(80, 24)
        await until_shown(ws, stream, screen, lambda rows: ala in "".join(rows), timeout=5)
        assert process_state(spare.service) in "RS" and nudges == [{"type": "zapis_changed"}]
        await ws.close()


def test_a_tablets_size_is_remembered_only_when_it_is_a_tablets():
    from zapis import settings

    assert settings.tablet_size("100x40") == (100, 40)
    for wrong in ("100x", "x40", "0x0", "39x40", "100x14", "201x40", "100x101", "١٠٠x40", " 100x40", "100X40",
                  "100x40x2", 100, None):
        assert settings.tablet_size(wrong) is None, wrong
    assert settings.save(tablet_size="400x200") and "tablet_size" not in settings.load()  # a client may, not a tablet
    assert settings.save(tablet_size="100x40") and settings.load()["tablet_size"] == "100x40"


async def test_spares_are_made_at_the_size_the_last_tablet_had_remembered_for_the_next_start():
    """The next spares are made at the last table's tablet's size, which is told to be remembered (once per new
    size); a server started again makes its spares at the size remembered."""
    from zapis.web.spares import remember_tablet_size, remembered_tablet_size

    made, told = [], []

    async def make(table, relay, width, height):
        made.append((table, width, height))
        return None  # (nothing started: the test looks at the size asked for only)

    async def stop(service):
        pass

    assert remembered_tablet_size() == (80, 24)  # nothing remembered yet
    spares = Spares(make=make, wanted=lambda: [1, 2], stop=stop, remember=told.append)
    await spares._once()
    assert made == [(1, 80, 24)]
    assert spares.take(2, 100, 40) is None and spares.take(3, 100, 40) is None  # no spare: the size is taken all
    assert told == [(100, 40)]  # the same size again: told once
    await spares._once()
    assert made[-1] == (1, 100, 40)
    remember_tablet_size((100, 40))
    remember_tablet_size((400, 200))  # not a tablet's: not remembered
    again = Spares(make=make, wanted=lambda: [1], stop=stop, size=remembered_tablet_size())
    await again._once()
    assert made[-1] == (1, 100, 40)


@linux_only
async def test_the_server_remembers_its_tablets_size_and_makes_its_spares_at_it_when_started_again(tmp_path):
    from zapis import settings

    new_game(tmp_path / "s.db", "kierki", PLAYERS, [])
    async with running(tmp_path) as (server, url), aiohttp.ClientSession() as browser:
        assert server.spares.size == (80, 24)
        ws = await browser.ws_connect(url.replace("http", "ws") + "/ws/1?width=100&height=30", headers=ws_headers(url))
        screen, stream = screen_of(100, 30)
        await until_shown(ws, stream, screen, lambda rows: "─" * 100 in rows and rows[-2].strip())
        await ws.close()
    assert settings.load()["tablet_size"] == "100x30"
    from zapis.web.serve import ZapisServer
    assert ZapisServer(str(tmp_path / "s.db"), "pl", "127.0.0.1", 8000, None).spares.size == (100, 30)  # started again
