"""A hand saved through the game screen is read and scored once (speed issue #14): the store's check scores the
game as it will stand and the screen shows that sheet, reading nothing more from the hand log; the evening's list
under the game's screen waits until it is shown again."""

import traceback

from tests.ui.conftest import new_game
from zapis.core.module import get_module
from zapis.ui.screens.game import GameScreen
from zapis.ui.widgets.hand_form import HandForm

P4 = ["Ala", "Bartek", "Celina", "Darek"]


async def test_one_save_one_scoring_and_no_log_read(db, app_factory, monkeypatch):
    gid = new_game(db, "bridge-rubber", P4, [{"contract": "2H", "declarer": "E", "tricks": 8}])
    app = app_factory("en")
    async with app.run_test(size=(100, 40)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        cls = type(get_module("bridge"))
        real = cls.score
        scored, logs = [], []
        monkeypatch.setattr(cls, "score",  # each scoring with where it came from (said if there are too many)
                            lambda self, *a, **k: scored.append(traceback.format_stack(limit=8)) or real(self, *a, **k))
        real_log = type(app.store).log
        monkeypatch.setattr(type(app.store), "log", lambda self, g: logs.append(g) or real_log(self, g))
        app.screen.query_one(HandForm).set_values({"contract": "3NT", "declarer": "N", "tricks": 9})
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "saved" in str(app.screen.query_one("#message").render()).lower()
        assert len(scored) == 1 and logs == [], "".join(x for s in scored for x in s)
        # shown as stored: E-W (Bartek) made 2H, 60 below the line; N-S then made game with 3NT, so that part-score
        # belongs to a finished game and earns no bonus for an unfinished rubber (Law 80)
        assert [len(app.screen.sheet.hands), app.screen.sheet.totals["Bartek"]] == [2, 60]
