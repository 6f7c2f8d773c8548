"""A live evening: two tablets (two app processes' worth of connections) on one database see each
other's hands within a second, without losing what is being typed; a race for the same hand is told
in the UI's language; a table's tablet opens on its table's game."""

from __future__ import annotations

import asyncio
import time

import pytest

from tests.ui.conftest import new_game
from zapis.io import records
from zapis.store import ConflictError, Store
from zapis.ui.app import make_app
from zapis.ui.dialogs.new_game import NewGameDialog
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
        await pilot.click("#games", offset=(3, 3))  # the second row (the first takes two lines), not highlighted: one tap
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


# --- two apps side by side in one test, driven by taps and keys as a person would ------------------------

async def focus(pilot, selector: str) -> None:
    """The keyboard's cursor to a field (a click on a pad would pick a cell)."""
    with acting(pilot.app):
        pilot.app.screen.query_one(selector).focus()
    await pilot.pause()


def acting(app):
    """Textual finds "the app" through a context variable, and the inner of two nested run_test contexts
    holds it: what a test does directly to the outer app's widgets is done in that app's name."""
    return app._context()


async def within(pilot, condition, limit=1.0) -> float:
    """Seconds until `condition()` holds, looked at every 50 ms; the test fails past `limit`."""
    start = time.monotonic()
    while not condition():
        assert time.monotonic() - start < limit, f"not within {limit} s"
        await pilot.pause(0.05)
    return time.monotonic() - start


def said(app) -> str:
    return str(app.screen.query_one("#message").render())


def title(app) -> str:
    return str(app.screen.query_one("#form-title").render())


async def tap_first_game(pilot) -> None:
    await pilot.click("#games", offset=(3, 1))  # the first row, under the header: one tap opens it
    await pilot.pause()
    assert isinstance(pilot.app.screen, GameScreen)


def test_data_version_changes_on_every_commit_own_or_another(db):
    new_game(db, "bridge-rubber", P4)
    mine, other = Store(db), Store(db)
    v = mine.data_version()
    assert mine.data_version() == v  # nothing written: nothing changed (a reader's look is not a change)
    mine.hands(1)
    assert mine.data_version() == v
    other.enter(1, THREENT)  # another tablet
    v2 = mine.data_version()
    assert v2 != v
    mine.enter(1, THREENT)  # this store's own save (SQLite's pragma leaves these out)
    assert mine.data_version() != v2
    with pytest.raises(ConflictError):
        mine.enter(1, THREENT, expected_version=0)  # refused: nothing committed
    v3 = mine.data_version()
    assert mine.data_version() == v3


async def test_two_apps_on_one_file_see_each_others_hands_keep_typing_and_tell_the_race(db):
    gid = new_game(db, "bridge-rubber", P4)
    a, b = make_app(db, "pl"), make_app(db, "pl")
    async with a.run_test(size=SIZE) as pa, b.run_test(size=SIZE) as pb:
        await tap_first_game(pa)
        await tap_first_game(pb)
        await pb.click("#in-contract")
        await pb.press("4", "s")  # B is typing its hand when A saves one
        await pa.click("#in-contract")
        await pa.press("3", "n", "t")
        with acting(a):
            a.screen.query_one("#in-declarer").value = "N"
        await focus(pa, "#in-tricks")  # the result row: typed "9", "10", "=", "+1"
        await pa.press("9", "enter")
        await pa.pause()
        assert said(a) == "Zapisano rozdanie 1."

        await within(pb, lambda: len(b.screen.sheet.hands) == 1)  # on B's open sheet within a second
        assert said(b) == "Na innym tablecie zapisano rozdanie 1."
        assert b.screen.query_one("#in-contract").value == "4s"  # nothing typed on B is lost
        assert title(b) == "Rozdanie 1"  # the form still says which hand B began

        with acting(b):
            b.screen.query_one("#in-declarer").value = "E"
        await focus(pb, "#in-tricks")  # the result row: typed "9", "10", "=", "+1"
        await pb.press("1", "0", "enter")  # B saves "hand 1" too: it is told, and keeps its values
        await pb.pause()
        assert said(b) == ("Rozdanie 1 zapisano przed chwilą na innym tablecie: sprawdź i zapisz swoje jako "
                           "następne, jeśli to inne rozdanie.")
        assert b.screen.query_one(HandForm).values() == {"contract": "4S", "declarer": "E", "tricks": 10}
        assert title(b) == "Rozdanie 2"
        assert len(Store(db).hands(gid)) == 1

        await pb.press("ctrl+s")  # a different hand: saved again, it is hand 2
        await pb.pause()
        assert said(b) == "Zapisano rozdanie 2."
        assert [h["contract"] for h in Store(db).hands(gid)] == ["3NT", "4S"]
        await within(pa, lambda: len(a.screen.sheet.hands) == 2)
        assert said(a) == "Na innym tablecie zapisano rozdanie 2."


async def test_a_live_refresh_prefills_an_untouched_form_only(db):
    gid = new_game(db, "kierki", P4)
    a, b = make_app(db, "pl"), make_app(db, "pl")
    async with a.run_test(size=SIZE) as pa, b.run_test(size=SIZE) as pb:
        await tap_first_game(pa)
        await tap_first_game(pb)
        deal = b.screen.query_one("#in-deal")
        assert deal.value == "no-tricks" and title(b) == "Rozdanie 1"

        async def save_on_a():  # A: Ala took every trick (or heart)
            await pa.click("#in-taken-0")
            await pa.press("1", "3", "enter")
            await pa.pause()
            assert said(a).startswith("Zapisano rozdanie")
        await save_on_a()
        # B touched nothing: its form moves on to the next deal
        await within(pb, lambda: deal.value == "no-hearts" and title(b) == "Rozdanie 2")
        await pb.click("#in-taken-1")
        await pb.press("5")  # now B is typing (the hearts of hand 2)
        await save_on_a()  # A saves hand 2 first
        await within(pb, lambda: len(b.screen.sheet.hands) == 2)
        await pb.pause(0.3)
        assert deal.value == "no-hearts"  # not prefilled over: still the deal B is typing
        assert b.screen.query_one("#in-taken-1").value == "5"
        assert title(b) == "Rozdanie 2"
    assert [h["deal"] for h in Store(db).hands(gid)] == ["no-tricks", "no-hearts"]


async def correct_hand_1(pilot, tricks) -> None:
    """Tap hand 1 on the sheet (then "e"), and type its tricks anew."""
    sheet = pilot.app.screen.query_one("#sheet")
    row = min(sheet.row_keys().index(k) for k, h in sheet.row_hand.items() if h == 0)
    await pilot.click("#sheet", offset=(2, row + 1))  # under the header; a tap on the row already lit opens it
    await pilot.pause()
    if pilot.app.screen.editing is None:
        await pilot.press("e")
        await pilot.pause()
    assert pilot.app.screen.editing == 0
    await focus(pilot, "#in-tricks")  # the result row: typed "9", "10", "=", "+1"
    await pilot.press(*tricks)


async def test_a_correction_raced_by_another_tablet_is_told_and_kept(db):
    gid = new_game(db, "bridge-rubber", P4, hands=[THREENT])
    a, b = make_app(db, "pl"), make_app(db, "pl")  # one language per process: two apps here share it
    async with a.run_test(size=SIZE) as pa, b.run_test(size=SIZE) as pb:
        await tap_first_game(pa)
        await tap_first_game(pb)
        await correct_hand_1(pb, "8")  # both correct hand 1, A saves first
        await correct_hand_1(pa, "10")
        await pa.press("enter")
        await pa.pause()
        assert said(a) == "Poprawiono rozdanie 1."
        await pb.press("ctrl+s")
        await pb.pause()
        assert said(b) == ("Rozdanie 1 zmieniono przed chwilą na innym tablecie: sprawdź je i popraw jeszcze raz, "
                           "jeśli trzeba.")
        assert b.screen.query_one(HandForm).values()["tricks"] == 8 and b.screen.editing == 0
        assert Store(db).hands(gid)[0]["tricks"] == 10
        await pb.press("ctrl+s")  # corrected again, on purpose
        await pb.pause()
        assert said(b) == "Poprawiono rozdanie 1."
        assert Store(db).hands(gid)[0]["tricks"] == 8

        await correct_hand_1(pb, "7")  # another tablet saves a new hand meanwhile: hand 1 is as it was
        Store(db).enter(gid, THREENT)
        await pb.press("ctrl+s")
        await pb.pause()
        assert said(b) == ("Na innym tablecie zapisano przed chwilą zmianę w tej grze: sprawdź zapis i zapisz "
                           "poprawkę rozdania 1 jeszcze raz.")
        await pb.press("ctrl+s")
        await pb.pause()
        assert said(b) == "Poprawiono rozdanie 1."
        assert [h["tricks"] for h in Store(db).hands(gid)] == [7, 9]


async def test_undo_raced_and_a_corrected_hand_undone_elsewhere_are_told_in_polish(db):
    gid = new_game(db, "bridge-rubber", P4, hands=[THREENT])
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await tap_first_game(pilot)
        screen = app.screen
        await correct_hand_1(pilot, "8")
        app.store.data_version = lambda: app._seen_version  # this app's look at the database held back: the
        # other tablet's change lands between two of its looks, however loaded the machine (a look at once would
        # show it, and there would be no race to tell)
        Store(db).undo(gid)  # another tablet undoes hand 1, before this one's refresh
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert said(app) == ("Rozdanie 1 cofnięto przed chwilą na innym tablecie: jeśli było dobre, zapisz je "
                             "jeszcze raz jako nowe.")
        assert title(app) == "Rozdanie 1" and screen.editing is None
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert said(app) == "Zapisano rozdanie 1."
        assert Store(db).hands(gid)[0]["tricks"] == 8
        Store(db).enter(gid, THREENT)  # another tablet again, before this one's refresh
        await pilot.press("ctrl+z", "t")  # asked first; yes
        await pilot.pause()
        assert said(app) == "Na innym tablecie zapisano przed chwilą zmianę: sprawdź zapis, zanim cofniesz."
        assert len(Store(db).hands(gid)) == 2  # nothing undone blindly


async def test_the_evening_list_and_standings_follow_a_hand_saved_on_another_app(db):
    gid = new_game(db, "bridge-rubber", P4)
    a, b = make_app(db, "pl"), make_app(db, "pl")
    async with a.run_test(size=SIZE) as pa, b.run_test(size=SIZE) as pb:
        games = a.screen.query_one("#games")
        await tap_first_game(pb)
        await pb.click("#in-contract")
        await pb.press("3", "n", "t")
        with acting(b):
            b.screen.query_one("#in-declarer").value = "N"
        await focus(pb, "#in-tricks")  # the result row: typed "9", "10", "=", "+1"
        await pb.press("9", "enter")
        await within(pa, lambda: str(games.get_row(str(gid))[2]) == "1")
        gid2 = new_game(db, "kierki", P4)  # a game started elsewhere at table 2
        await within(pa, lambda: games.row_count == 2)
        await pa.click("#games", offset=(3, 3))  # one tap on the new row (its title, under the first game's two lines) opens it
        await pa.pause()
        assert isinstance(a.screen, GameScreen) and a.screen.game_id == gid2
        await pa.press("escape")
        await pa.press("s")  # the standings
        await pa.pause()
        standings = a.screen.query_one("#standings")
        before = [str(c) for c in standings.get_row_at(0)]
        await pb.press("4", "s")
        with acting(b):
            b.screen.query_one("#in-declarer").value = "E"
        await focus(pb, "#in-tricks")  # the result row: typed "9", "10", "=", "+1"
        await pb.press("1", "0", "enter")
        await within(pa, lambda: [str(c) for c in standings.get_row_at(0)] != before)


def finished_game(db, table):
    """A game over by its rules at `table`: tysiąc to 100, Ala's contract of 100 made takes her there. (A rubber
    won is not the end of a bridge game: the next rubber follows.)"""
    store = Store(db)
    ev = store.evenings()[-1]["id"]
    rec, r, module = records.parse({"format": "zapis/1", "ruleset": "tysiac", "players": P4[:3],
                                    "rules": {"target": 100, "barrier": 0}})
    gid = store.new_game(ev, table, rec, r, module,
                         hands=[{"declarer": "Ala", "bid": 100, "points": {"Ala": 100, "Bartek": 10, "Celina": 10}}])
    assert store.sheet(gid).finished
    store.close()
    return gid


async def test_table_opens_on_the_latest_game_not_over_else_the_latest(db):
    new_game(db, "bridge-rubber", P4)  # table 1
    playing = new_game(db, "kierki", P4)  # table 2, being played
    finished_game(db, 2)  # a later game of table 2, over already
    app = make_app(db, "pl", table=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.game_id == playing
        await pilot.press("escape")  # the table's games, one tap each
        await pilot.pause()
        assert str(app.screen.query_one("#games-title").render()) == "Gry przy stole 2"
        assert app.screen.query_one("#games").row_count == 2
    last = finished_game(db, 3)
    finished_game(db, 1)
    app = make_app(db, "en", table=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.game_id == last  # all over: the latest


async def test_a_table_with_no_game_yet_asks_for_one_and_a_game_started_elsewhere_comes_within_a_tap(db):
    new_game(db, "bridge-rubber", P4)  # table 1
    app = make_app(db, "pl", table=4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameDialog)
        assert app.screen.query_one("#table").value == "4"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, EveningScreen) and app.screen.query_one("#games").row_count == 0
        games = app.screen.query_one("#games")
        store = Store(db)  # the director starts table 4's game on the laptop
        rec, r, module = records.parse({"format": "zapis/1", "ruleset": "kierki", "players": P4})
        gid = store.new_game(store.evenings()[-1]["id"], 4, rec, r, module)
        await within(pilot, lambda: games.row_count == 1)
        await pilot.click("#games", offset=(3, 1))
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.game_id == gid


def test_the_cli_takes_a_table(db, monkeypatch):
    from zapis import cli
    from zapis.ui import app as ui_app

    made = {}

    class Fake:
        def run(self):
            made["ran"] = True
    monkeypatch.setattr(ui_app, "make_app", lambda *a, **kw: made.update(kw) or Fake())
    new_game(db, "bridge-rubber", P4)
    assert cli.main(["--db", str(db), "app", "--table", "3"]) == 0
    assert made == {"board": False, "table": 3, "touch": None, "ran": True}
    assert cli.main(["--db", str(db), "app", "--table", "0"]) == 2
