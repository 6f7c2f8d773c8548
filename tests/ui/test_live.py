"""A live evening: two tablets (two app processes' worth of connections) on one database see each
other's hands within a second, without losing what is being typed; a race for the same hand is told
in the UI's language; a table's tablet opens on its table's game."""

from __future__ import annotations

import asyncio
import time

from tests.ui.conftest import new_game
from zapis.store import Store
from zapis.ui.app import make_app
from zapis.ui.screens.evening import EveningScreen
from zapis.ui.screens.game import GameScreen
from zapis.ui.widgets.hand_form import HandForm

P4 = ["Ala", "Bartek", "Celina", "Darek"]
SIZE = (110, 36)
THREENT = {"contract": "3NT", "declarer": "N", "tricks": 9}


class Tablet:
    """One app in a task of its own, as each tablet is a process of its own: Textual finds "the app" of a
    widget through a context variable, so two apps driven from one task would share one store."""

    def __init__(self, db, lang="pl", **kw):
        self.app = make_app(db, lang, **kw)
        self.jobs: asyncio.Queue = asyncio.Queue()

    async def __aenter__(self):
        ready = asyncio.Event()

        async def run():
            async with self.app.run_test(size=SIZE) as pilot:
                self.pilot = pilot
                ready.set()
                while (job := await self.jobs.get()) is not None:
                    fn, fut = job
                    try:
                        result = fn(pilot)
                        fut.set_result(await result if asyncio.iscoroutine(result) else result)
                    except Exception as e:  # noqa: BLE001 - handed to the test
                        fut.set_exception(e)

        self.task = asyncio.create_task(run())
        await ready.wait()
        return self

    async def __aexit__(self, *exc):
        await self.jobs.put(None)
        await self.task

    async def do(self, fn):
        """Run `fn(pilot)` inside this tablet's task."""
        fut = asyncio.get_running_loop().create_future()
        await self.jobs.put((fn, fut))
        return await fut

    async def until(self, condition, limit=1.0) -> float:
        """Seconds until `condition(app)` holds (checked every 20 ms); fails past `limit`."""
        start = time.perf_counter()
        while not await self.do(lambda p: condition(p.app)):
            assert time.perf_counter() - start < limit, "not within the limit"
            await asyncio.sleep(0.02)
        return time.perf_counter() - start

    async def open(self, gid):
        async def go(pilot):
            pilot.app.push_screen(GameScreen(gid))
            await pilot.pause()
        await self.do(go)

    async def save(self, values):
        async def go(pilot):
            form = pilot.app.screen.query_one(HandForm)
            form.set_values(values)
            pilot.app.screen.action_save()
            await pilot.pause()
        await self.do(go)


def message(app) -> str:
    return str(app.screen.query_one("#message").render())


async def test_a_hand_saved_on_one_tablet_shows_on_the_other_within_a_second(db):
    gid = new_game(db, "bridge-rubber", P4)
    async with Tablet(db) as a, Tablet(db) as b:
        await a.open(gid)
        await b.open(gid)
        await b.do(lambda p: setattr(p.app.screen.query_one("#in-contract"), "value", "4S"))  # B is typing
        times = []
        for i in range(1, 4):
            await a.save(THREENT)
            assert len(Store(db).hands(gid)) == i
            times.append(await b.until(lambda app: len(app.screen.sheet.hands) == i))
            assert "Na innym tablecie zapisano rozdanie" in await b.do(lambda p: message(p.app))
            assert await b.do(lambda p: p.app.screen.query_one("#in-contract").value) == "4S"  # nothing lost
        assert max(times) < 1.0
        assert "Rozdanie 1" in await b.do(lambda p: str(p.app.screen.query_one("#form-title").render()))


async def test_the_second_tablet_racing_for_a_hand_is_told_and_keeps_its_values(db):
    gid = new_game(db, "bridge-rubber", P4)
    async with Tablet(db) as a, Tablet(db) as b:
        await a.open(gid)
        await b.open(gid)
        await b.do(lambda p: p.app.screen.query_one(HandForm).set_values(
            {"contract": "2H", "declarer": "E", "tricks": 8}))
        await a.save(THREENT)
        await b.until(lambda app: len(app.screen.sheet.hands) == 1)

        async def save(pilot):
            pilot.app.screen.action_save()
            await pilot.pause()
            return message(pilot.app)
        said = await b.do(save)  # B's hand 1 is no longer hand 1
        assert said.startswith("Rozdanie 1 zapisano przed chwilą na innym tablecie: sprawdź i zapisz swoje jako "
                               "następne, jeśli to inne rozdanie")
        assert await b.do(lambda p: p.app.screen.query_one(HandForm).values()) == {
            "contract": "2H", "declarer": "E", "tricks": 8}
        assert len(Store(db).hands(gid)) == 1
        assert await b.do(save) == "Zapisano rozdanie 2."  # a different hand: the second save makes it hand 2
        assert [h["contract"] for h in Store(db).hands(gid)] == ["3NT", "2H"]


async def test_the_race_in_english(db):
    gid = new_game(db, "bridge-rubber", P4)
    async with Tablet(db, "en") as b:
        await b.open(gid)

        async def race(pilot):
            pilot.app.screen.query_one(HandForm).set_values(THREENT)
            Store(db).enter(gid, THREENT)  # another tablet, before B's refresh
            pilot.app.screen.action_save()
            await pilot.pause()
            return message(pilot.app)
        assert (await b.do(race)).startswith("Hand 1 was just saved on another tablet")


async def wait(pilot, condition, limit=1.0) -> None:
    start = time.perf_counter()
    while not condition():
        assert time.perf_counter() - start < limit, "not within the limit"
        await pilot.pause(0.02)


async def test_the_evening_list_and_standings_follow_other_tablets(db):
    gid = new_game(db, "bridge-rubber", P4)
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#games")
        assert table.row_count == 1
        gid2 = new_game(db, "kierki", P4)  # another tablet starts a game at table 2
        await wait(pilot, lambda: table.row_count == 2)
        Store(db).enter(gid, THREENT)
        cell = lambda: str(table.get_row(str(gid))[2])  # noqa: E731 - hands column
        await wait(pilot, lambda: cell() == "1")
        app.run_command("standings")
        await pilot.pause()
        dt = app.screen.query_one("#standings")
        first = str(dt.get_row_at(0))
        Store(db).enter(gid, {"contract": "4S", "declarer": "E", "tricks": 10})
        await wait(pilot, lambda: str(dt.get_row_at(0)) != first)
    assert gid2


async def test_a_tap_on_a_game_opens_it(db):
    new_game(db, "bridge-rubber", P4)
    gid2 = new_game(db, "kierki", P4)
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#games")
        table.move_cursor(row=0)
        await pilot.pause()
        await pilot.click("#games", offset=(3, 2))  # the second row, not highlighted: one tap
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.game_id == gid2
        assert len(app.screen_stack) == 3  # opened once


async def test_a_tables_tablet_opens_on_its_game_and_sees_only_its_games(db):
    new_game(db, "bridge-rubber", P4)  # table 1
    gid2 = new_game(db, "kierki", P4)  # table 2
    app = make_app(db, "pl", table=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.game_id == gid2
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, EveningScreen) and app.screen.query_one("#games").row_count == 1
        gid3 = new_game(db, "tysiac", P4[:3])  # table 3: not this tablet's
        await pilot.pause(0.6)
        assert app.screen.query_one("#games").row_count == 1
        app.screen.action_new_game()
        await pilot.pause()
        assert app.screen.query_one("#table").value == "2"  # its next game is at its own table
    assert gid3


async def test_a_full_disk_keeps_the_typed_hand_and_says_so_in_polish(db):
    gid = new_game(db, "bridge-rubber", P4)
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        screen = app.screen
        pages = app.store.conn.execute("PRAGMA page_count").fetchone()[0]
        app.store.conn.execute(f"PRAGMA max_page_count = {pages}")  # the disk is full from here on
        screen.query_one(HandForm).set_values(THREENT)
        import zapis.store.db as dbmod
        orig = dbmod._json  # the hand's row needs new pages, which the full disk cannot give
        dbmod._json = lambda v: orig(v) + " " * 200_000 if isinstance(v, dict) and "contract" in v else orig(v)
        try:
            screen.action_save()
            await pilot.pause()
        finally:
            dbmod._json = orig
        said = str(screen.query_one("#message").render())
        assert said.startswith("Dysk jest pełny: rozdania nie zapisano") and "/" not in said
        assert screen.query_one(HandForm).values()["tricks"] == 9  # what was typed is still there
        app.store.conn.execute(f"PRAGMA max_page_count = {pages * 100}")  # space again
        screen.action_save()
        await pilot.pause()
        assert str(screen.query_one("#message").render()) == "Zapisano rozdanie 1."
    assert len(Store(db).hands(gid)) == 1
