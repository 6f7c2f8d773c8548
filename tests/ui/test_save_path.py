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


async def test_a_save_asks_for_no_layout_pass(db, app_factory, monkeypatch):
    """After the first hands, saving one more repaints what changed (the sheet's new row, the boxes cleared, the
    status lines) and asks for no new layout of the game screen: its lines keep their height, the form's boxes
    their size."""
    from textual.widget import Widget

    gid = new_game(db, "tysiac", ["Ala", "Bartek", "Celina"])
    app = app_factory("en")
    layouts: list[str] = []
    refresh = Widget.refresh

    def watched(self, *a, layout=False, **k):
        if layout and watching:
            layouts.append(f"{type(self).__name__}#{self.id}")
        return refresh(self, *a, layout=layout, **k)

    monkeypatch.setattr(Widget, "refresh", watched)
    watching = False
    async with app.run_test(size=(100, 40)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        form = app.screen.query_one(HandForm)
        for i, declarer in enumerate(["Ala", "Bartek", "Celina", "Ala"]):
            form.set_values({"declarer": declarer, "bid": 100,
                             "points": {"Ala": 60, "Bartek": 30, "Celina": 30}})
            await pilot.pause()
            watching = i == 3  # the fourth save: the status lines have shown their kind of text before
            await pilot.press("ctrl+s")
            await pilot.pause()
            watching = False
        assert len(app.screen.sheet.hands) == 4
        assert [w for w in layouts if not w.startswith("TapTable")] == []


async def test_a_save_shows_its_row_first_and_the_sheet_stays_where_it_is(db, app_factory):
    """A saved hand's row is painted first; the form is emptied for the next hand just after that frame (a skat
    list's form then hides the game's fields until the next game is chosen), and the cursor goes to its first
    field; a second save in between saves nothing. Below the sheet (100 columns: the form under it) the entry panel keeps its greatest height, so neither
    the form's shape nor a longer message moves the sheet."""
    gid = new_game(db, "skat-tournament", ["Ala", "Bartek", "Celina"])
    app = app_factory("pl")
    hand = {"declarer": "Ala", "game": "hearts", "bid": 20, "matadors": 1, "card_points": 70}
    async with app.run_test(size=(100, 32)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        screen = app.screen
        form = screen.query_one(HandForm)
        matadors = form._row(form.by_name["matadors"])
        regions = []
        for i in range(3):
            form.set_values(hand)
            await pilot.pause()
            assert matadors.display
            regions.append(screen.query_one("#sheet").region)  # the form with a game's fields
            screen.action_save()
            assert matadors.display  # the form is left as it is until the saved hand is painted
            assert len(screen.sheet.hands) == i + 1
            screen.action_save()  # a double tap meanwhile saves nothing twice
            assert len(screen.store.hands(gid)) == i + 1
            await pilot.pause()
            assert not matadors.display  # then it is emptied and takes the shape of an empty hand
            assert not form.holds_typing()
            assert app.focused is form._controls_of(form.fields[0])[0]
            regions.append(screen.query_one("#sheet").region)  # the form of an empty hand
        # from the first save on (it brought the panel its first message line) the sheet keeps its place
        assert len(set(regions[1:])) == 1, regions
        assert screen.query_one("#form-pane").styles.min_height is not None
        await pilot.resize_terminal(100, 24)  # a smaller screen: the panel's height is what its form needs again
        await pilot.pause()
        pane = screen.query_one("#form-pane")
        assert pane.region.height <= 12
