"""Names are data on every screen: players, titles and places holding markup, links, actions, escape
sequences or control characters never crash a screen and are shown as typed, never obeyed."""

from __future__ import annotations

import pytest

from tests.ui.conftest import new_game
from zapis.store import Store
from zapis.ui.app import make_app
from zapis.ui.screens.game import GameScreen

NAMES = ["Ala[/]", "[bold red]Bartek", "[@click=app.quit]Celina", "[link=https://x.example]Darek[/link]"]
ODD = ["Ewa\x1b]8;;https://x.example\x07", "Franek\x1b[2J", "Gosia\u202e", "=HYPERLINK(1)"]
SIZE = (120, 40)


def hostile_club(db, names):
    store = Store(db)
    ev = store.new_evening("2026-11-20", "[b]Klub[/]", "[@click=app.quit]Piątek")
    store.close()
    gid = new_game(db, "tysiac", names[:3], [{"declarer": names[0], "bid": 100,
                                              "points": {names[0]: 80, names[1]: 20, names[2]: 20}}])
    gid2 = new_game(db, "kierki", names)
    return ev, gid, gid2


@pytest.mark.parametrize("names", [NAMES, ODD])
async def test_every_screen_shows_hostile_names_as_typed(tmp_path, names):
    db = tmp_path / "n.db"
    _, gid, gid2 = hostile_club(db, names)
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for opener in (lambda: app.push_screen(GameScreen(gid)), lambda: app.push_screen(GameScreen(gid2)),
                       lambda: app.run_command("standings"), lambda: app.run_command("players"),
                       lambda: app.screen.action_history() if isinstance(app.screen, GameScreen) else None):
            opener()
            await pilot.pause()
            svg = app.export_screenshot()
            assert app.is_running
            if names is NAMES:
                # the brackets are shown, not eaten as markup (an SVG escapes & and <)
                assert "Ala[/]" in svg or "Ala[/]" in svg.replace("&#160;", " ")
            assert "\x1b" not in svg
            await pilot.press("escape")
            await pilot.pause()
        # a click anywhere on the standings or game screen runs no action hidden in a name
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        for y in range(2, 30, 3):
            await pilot.click(offset=(5, y))
            await pilot.click(offset=(30, y))
        await pilot.pause()
        assert app.is_running and not app.closing
    assert len(Store(db).hands(gid)) == 1  # nothing undone or saved by a click on a name


async def click_ok(pilot, dialog) -> None:
    """A click on the dialog's save button, once it takes one (a button still pressed takes no second click)."""
    while dialog.query_one("#ok").has_class("-active"):
        await pilot.pause(0.05)
    await pilot.click("#ok")


async def test_a_typed_seat_with_brackets_in_the_new_game_dialog(tmp_path):
    db = tmp_path / "d.db"
    Store(db).new_evening("2026-11-20")
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.run_command("new_game")
        await pilot.pause()
        dialog = app.screen
        dialog.query_one("#search").value = "tysiac"
        await pilot.pause()
        dialog.chosen = "tysiac"
        for i, name in enumerate(["Ala[/]", "[bold]Bartek", "Celina\x1b[31m"]):
            dialog.query_one(f"#p{i}").value = name
        await click_ok(pilot, dialog)
        await pilot.pause()  # a control character never enters (issue 29): the seat is named, nothing saved
        assert str(dialog.query_one("#error").render()).startswith("Gracz 3: zawiera znak sterujący")
        dialog.query_one("#p2").value = "Celina"
        dialog.query_one("#stake").value = "1e999"
        await click_ok(pilot, dialog)
        await pilot.pause()
        assert "stawka" in str(dialog.query_one("#error").render()).lower() or "stake" in str(
            dialog.query_one("#error").render()).lower()
        dialog.query_one("#stake").value = "0,5"
        dialog.query_one("#table").value = "99999999999999999999"
        await click_ok(pilot, dialog)
        await pilot.pause()
        assert app.screen is dialog
        dialog.query_one("#table").value = "2"
        await click_ok(pilot, dialog)
        await pilot.pause()
        assert app.is_running
    s = Store(db)
    assert [g.players for g in s.games()] == [["Ala[/]", "[bold]Bartek", "Celina"]]
    # and the app starts again on it
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.is_running


@pytest.mark.parametrize("names", [NAMES, ODD])
async def test_the_terminal_board_and_the_other_screens_with_hostile_names(tmp_path, names):
    db = tmp_path / "b.db"
    hostile_club(db, names)
    board = make_app(db, "pl", board=True)
    async with board.run_test(size=SIZE) as pilot:
        for _ in range(3):  # its pages: both tables and the standings
            await pilot.pause()
            svg = board.export_screenshot()
            assert board.is_running and "\x1b" not in svg
            board.screen.advance()
        await pilot.click(offset=(10, 5))
        assert board.is_running
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for command in ("rulesets", "help", "tablets"):
            app.run_command(command)
            await pilot.pause()
            assert app.is_running
            await pilot.press("escape")
            await pilot.pause()
