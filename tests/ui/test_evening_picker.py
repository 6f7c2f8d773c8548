"""The evening at the top of the evening screen: one line naming the evening shown; a tap, a click, Enter or `e`
opens the list of every evening (the newest first), found by typing words of its date, title or place."""

from __future__ import annotations

from tests.ui.test_standings_layout import screen_text as screen_lines
from zapis.store import Store
from zapis.ui.app import make_app
from zapis.ui.dialogs.evenings import EveningsDialog

SIZE = (80, 24)


def club(db, n=3):
    store = Store(db)
    ids = [store.new_evening(f"2026-11-{10 + i:02d}", title=f"Turniej {i}",
                             place="Kraków" if i % 2 else "Gdańsk")
           for i in range(n)]
    store.close()
    return ids


def screen_text(app) -> str:
    return "\n".join(screen_lines(app))


async def test_the_newest_evening_is_named_at_the_top_and_a_click_opens_the_list(db):
    ids = club(db)
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.evening_id == ids[-1]
        assert "2026-11-12  Turniej 2  Gdańsk" in screen_text(app)
        await pilot.click("#evening")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, EveningsDialog)
        text = screen_text(app)
        assert "Który wieczór?" in text
        # the newest first, the evening shown highlighted
        assert text.index("Turniej 2") < text.index("Turniej 1") < text.index("Turniej 0")
        ol = dialog.query_one("#evening-list")
        assert ol.get_option_at_index(ol.highlighted).id == str(ids[-1])
        # a click on another evening shows it
        await pilot.click("#evening-list", offset=(4, 3))  # below its top border the third row: the oldest
        await pilot.pause()
        assert app.screen is not dialog and app.evening_id == ids[0]
        assert "2026-11-10  Turniej 0  Gdańsk" in screen_text(app)


async def test_e_and_typed_words_find_an_evening_and_enter_takes_it(db):
    ids = club(db, 5)
    app = make_app(db, "en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, EveningsDialog) and "Which evening?" in screen_text(app)
        await pilot.press(*"kraków 11-13")  # every word must match, in any order, case aside
        await pilot.pause()
        ol = app.screen.query_one("#evening-list")
        assert [ol.get_option_at_index(i).id for i in range(ol.option_count)] == [str(ids[3])]
        await pilot.press("enter")
        await pilot.pause()
        assert app.evening_id == ids[3] and "2026-11-13  Turniej 3  Kraków" in screen_text(app)


async def test_arrows_move_through_the_list_from_the_search_box(db):
    ids = club(db, 4)
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#evening").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, EveningsDialog)
        await pilot.press("down", "down", "up", "down")  # from the newest (shown): two older
        await pilot.press("enter")
        await pilot.pause()
        assert app.evening_id == ids[1]


async def test_escape_and_a_search_matching_nothing_change_nothing(db):
    ids = club(db)
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("e", *"zzz")
        await pilot.pause()
        assert app.screen.query_one("#evening-list").option_count == 0
        await pilot.press("enter")  # nothing highlighted: nothing taken
        await pilot.pause()
        assert isinstance(app.screen, EveningsDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, EveningsDialog) and app.evening_id == ids[-1]
        await pilot.click("#evening")
        await pilot.pause()
        await pilot.click("#cancel")
        await pilot.pause()
        assert not isinstance(app.screen, EveningsDialog) and app.evening_id == ids[-1]


async def test_with_no_evening_the_bar_says_so_and_opens_nothing(db):
    Store(db).close()
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Wieczór" in text and "Brak wieczoru" in text
        await pilot.click("#evening")
        await pilot.press("e")
        await pilot.pause()
        assert not isinstance(app.screen, EveningsDialog)


async def test_a_title_holding_markup_is_shown_as_typed_in_the_bar_and_the_list(db):
    store = Store(db)
    store.new_evening("2026-11-20", title="[b]Klub[/]", place="[@click=app.quit]Piątek")
    store.close()
    app = make_app(db, "pl")
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        assert "2026-11-20  [b]Klub[/]  [@click=app.quit]Piątek" in screen_text(app)
        await pilot.press("e")
        await pilot.pause()
        assert "[b]Klub[/]  [@click=app.quit]Piątek" in screen_text(app)
        await pilot.click("#evening-list", offset=(20, 1))
        await pilot.pause()
        assert app.is_running and not app.closing


async def test_an_evening_started_elsewhere_is_followed_and_listed(db):
    ids = club(db, 2)
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        store = Store(db)
        later = store.new_evening("2026-11-30", "Finał", "Łódź")
        store.close()
        app.screen._follow()
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        ol = app.screen.query_one("#evening-list")
        assert ol.option_count == 3 and ol.get_option_at_index(0).id == str(later)
        await pilot.press("escape")
        await pilot.pause()
        assert app.evening_id == ids[-1]  # the evening being kept is not left for one started elsewhere


async def test_a_name_longer_than_the_bar_ends_in_an_ellipsis_and_the_mark_stays(db):
    store = Store(db)
    # the longest title and place that enter (60 characters each: issue 29), longer together than the bar
    store.new_evening("2026-11-20", title=("Mistrzostwa Klubu " * 4)[:60], place="Kraków, Dom Kultury")
    store.close()
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bar = app.screen.query_one("#evening")
        shown = str(bar.render())
        assert len(shown) == bar.content_size.width and shown.endswith("… ▼")
        assert shown.startswith("2026-11-20  Mistrzostwa Klubu Mistrzostwa")
