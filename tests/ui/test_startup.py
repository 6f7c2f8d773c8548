"""Start-up (speed issue #14): the first frame comes before anything that can wait. The evening's list is shown
first and its games scored after it (their state and totals filled in then); nothing is scored twice."""

from tests.ui.conftest import new_game
from zapis.core.module import get_module

P3 = ["Ala", "Bartek", "Celina"]


async def test_the_first_frame_comes_before_any_game_is_scored(db, app_factory, monkeypatch):
    # tysiąc: Ala bid 100 and took 110 with her melds counted in: +100 (she scores the bid, not her points);
    # Bartek 10, Celina 0 score what they took
    new_game(db, "tysiac", P3, [{"declarer": "Ala", "bid": 100, "points": {"Ala": 110, "Bartek": 10, "Celina": 0}}])
    calls = []
    cls = type(get_module("tysiac"))
    real = cls.score
    monkeypatch.setattr(cls, "score", lambda self, *a, **k: calls.append(1) or real(self, *a, **k))
    app = app_factory("en")
    at_first_frame = []
    shown = app._display

    def display(screen, update):
        shown(screen, update)
        if update is not None and len(screen.children) and not at_first_frame:
            at_first_frame.append(len(calls))

    app._display = display
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert at_first_frame == [0]
        row = [str(c) for c in app.screen.query_one("#games").get_row_at(0)]
        assert row[2] == "1" and row[3] == "Ala 100  Bartek 10  Celina 0"
        assert len(calls) == 1
