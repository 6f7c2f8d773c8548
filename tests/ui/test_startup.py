"""Start-up (speed issue #14): the first frame comes before anything that can wait. The evening's list is shown
first and its games scored after it (their state and totals filled in then); nothing is scored twice."""

from tests.ui.conftest import at_first_frame, new_game
from zapis.core.module import get_module

P3 = ["Ala", "Bartek", "Celina"]


async def test_the_first_frame_comes_before_any_game_is_scored(db, app_factory, monkeypatch):
    """The first frame written: one Textual lays out inside its start-up batch is never written (a batch shows
    nothing), so it does not count; the collector's pass and the scoring come after the one that is."""
    # tysiąc: Ala bid 100 and took 110 with her melds counted in: +100 (she scores the bid, not her points);
    # Bartek 10, Celina 0 score what they took
    new_game(db, "tysiac", P3, [{"declarer": "Ala", "bid": 100, "points": {"Ala": 110, "Bartek": 10, "Celina": 0}}])
    calls = []
    cls = type(get_module("tysiac"))
    real = cls.score
    monkeypatch.setattr(cls, "score", lambda self, *a, **k: calls.append(1) or real(self, *a, **k))
    from zapis.ui import app as app_module
    monkeypatch.setattr(app_module, "_freeze", lambda: calls.append("freeze"))
    app = app_factory("en")
    scored = at_first_frame(app, lambda screen: len(calls))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert scored == [0]
        row = [str(c) for c in app.screen.query_one("#games").get_row_at(0)]
        assert row[2] == "1" and row[3].split("\n")[1] == "Ala 100  Bartek 10  Celina 0"  # under the game's title
        assert calls == [1, "freeze"] or calls == ["freeze", 1]


async def test_the_backup_runs_in_a_thread_of_its_own_and_says_when_it_fails(db, app_factory, monkeypatch):
    """Checking and copying a large database takes a while: the automatic backup runs beside the app (its own
    thread, its own connection), and a failure is still said on the screen."""
    import threading

    from zapis.core.errors import Problem, ZapisError
    from zapis.store import Store
    from zapis.lang import t

    new_game(db, "tysiac", P3)
    where = []

    def full(self, keep=5):
        where.append((threading.current_thread() is threading.main_thread(), self is app.store))
        raise ZapisError([Problem(str(self.path), "the disk is full")])

    monkeypatch.setattr(Store, "auto_backup", full)
    app = app_factory("en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert where == [(False, False)]  # not the app's thread, not the app's connection
        assert [n.message for n in app._notifications] == [t("backup_full")]
