"""The game screen: how a value was computed is shown for the selected row, and editing and the history are
reached from the form with keys that are never typed into it (the screens' issue)."""

import pytest

from tests.ui.conftest import new_game
from zapis.store import Store
from zapis.ui.dialogs.history import HistoryDialog
from zapis.ui.screens.game import GameScreen
from zapis.ui.widgets.hand_form import HandForm
from zapis.ui.widgets.sheet_view import SheetView

P3 = ["Leon", "Marta", "Nina"]
# Tysiąc: Leon bids 110 and makes 70 card points + a 40 meld (spades): 110 ≥ 110, the contract is made
HAND = {"declarer": "Leon", "bid": 110, "points": {"Leon": 70, "Marta": 30, "Nina": 20}, "melds": {"Leon": ["spades"]}}


async def test_the_selected_row_says_how_its_value_was_computed(db, app_factory):
    gid = new_game(db, "tysiac", P3, hands=[HAND])
    app = app_factory("pl")
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        sheet = app.screen.query_one(SheetView)
        sheet.focus()
        sheet.move_cursor(row=0)
        await pilot.pause()
        how = str(app.screen.query_one("#how").render())
        assert "Leon: 70 + meldunki 40 = 110" in how
        assert app.screen.query_one("#how").display


async def test_edit_and_history_keys_work_from_the_form(db, app_factory):
    gid = new_game(db, "tysiac", P3, hands=[HAND])
    app = app_factory("pl")
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        form = app.screen.query_one(HandForm)
        app.screen.query_one(SheetView).move_cursor(row=0)
        form.focus_first()
        await pilot.pause()
        assert app.focused is not None and app.focused is not app.screen.query_one(SheetView)
        footer = " ".join(a.binding.description for a in app.screen.active_bindings.values() if a.binding.show)
        assert "Popraw" in footer and "Historia" in footer  # shown while the form has the cursor
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert app.screen.editing == 0  # the selected hand is in the form, to be corrected
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, HistoryDialog)
        assert Store(db).hands(gid) == [HAND]  # nothing typed anywhere


@pytest.mark.parametrize("touch,size", [(True, (113, 36)), (True, (88, 60)), (False, (80, 24))])
async def test_the_history_closes_by_a_tap_on_its_button(db, touch, size):
    """A tablet has no Esc: the history has a Wróć button, on the screen however long the history (a tablet at
    1024x768 and 800x1280, a terminal at 80x24), and a tap on it closes the history."""
    from zapis.ui.app import make_app
    gid = new_game(db, "tysiac", P3, hands=[HAND] * 8)
    app = make_app(db, "pl", touch=touch)
    async with app.run_test(size=size) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        app.push_screen(HistoryDialog(gid))
        await pilot.pause()
        back = app.screen.query_one("#back")
        assert back.region.bottom <= size[1] and back.region.height >= (3 if touch else 1)  # whole on the screen
        await pilot.click("#back")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_the_game_line_is_drawn_under_a_game_made_across_the_row(db, app_factory):
    """Rubber bridge, 3NT made by N-S: 100 below the line is a game, and the paper sheet draws a line under it;
    the screen underlines the whole row (its label and its numbers), not the label alone."""
    gid = new_game(db, "bridge-rubber", ["Ala", "Bartek", "Celina", "Darek"],
                   [{"contract": "3NT", "declarer": "N", "tricks": 9}])
    app = app_factory("pl")
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        view = app.screen.query_one(SheetView)
        lined = [row for row in view._rows_shown if row[1].spans and any("underline" in str(s.style)
                                                                          for s in row[1].spans)]
        assert lined, "no row is lined"
        hand, label, cells = lined[0]
        assert "100" in [c.plain for c in cells if hasattr(c, "plain")]
        assert all(any("underline" in str(s.style) for s in c.spans) for c in cells if hasattr(c, "plain") and c.plain)


async def test_big_digits_show_the_totals_and_follow_each_save(db, app_factory):
    """b shows the totals in big digits; they are filled when shown and follow every save after that."""
    from textual.widgets import Digits

    gid = new_game(db, "tysiac", P3, hands=[HAND])
    app = app_factory("pl")
    async with app.run_test(size=(100, 40)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        app.screen.query_one(SheetView).focus()
        await pilot.press("b")
        await pilot.pause()
        digits = app.screen.query_one("#digits", Digits)
        assert digits.display and digits.value == "110  30  20"  # Leon made 110; Marta 30, Nina 20 (rounded: 30, 20)
        app.screen.query_one(HandForm).set_values({**HAND, "declarer": "Marta", "bid": 100,
                                                   "points": {"Leon": 10, "Marta": 100, "Nina": 10}, "melds": {}})
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert digits.value == "120  130  30"  # + Leon 10, Marta 100, Nina 10


async def test_the_help_scrolls_by_keys_at_80x24(db, app_factory):
    """Found in a tmux trial (issue 30): the help is longer than 80x24 and Down, PgDn and End did nothing, so its
    last part (the game's keys) was never seen. It has the cursor, and End shows its last line."""
    from zapis.ui.screens.help import HelpScreen
    new_game(db, "tysiac", ["Leon", "Marta", "Nina"])
    app = app_factory("pl")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(HelpScreen())
        await pilot.pause()
        box = app.screen.query_one("#help-text")
        assert app.focused is box and box.max_scroll_y > 0 and box.scroll_y == 0
        await pilot.press("end")
        await pilot.pause()
        assert box.scroll_y == box.max_scroll_y
        await pilot.press("home", "pagedown")
        await pilot.pause()
        assert box.scroll_y > 0
