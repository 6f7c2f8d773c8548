"""The game dialog shows which stake applies (issue 34): a skat house list's own stake filled in and said under
its description; typed over, the typed one is the game's (it replaces the ruleset's, as import --stake does)."""

from zapis.store import Store
from zapis.ui.app import make_app
from tests.ui.test_names_on_screens import click_ok


def app_on_an_evening(tmp_path):
    db = tmp_path / "s.db"
    Store(db).new_evening("2026-11-27")
    return db, make_app(db, "pl")


async def game_dialog(app, pilot):
    await pilot.pause()
    app.run_command("new_game")
    await pilot.pause()
    return app.screen


async def test_the_house_lists_stake_is_shown_and_a_typed_one_replaces_it(tmp_path):
    db, app = app_on_an_evening(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        dialog = await game_dialog(app, pilot)
        await pilot.press(*"skat-house")
        await pilot.pause()
        stake = dialog.query_one("#stake")
        assert stake.value == "1"  # the ruleset's own, shown
        assert "graczy: 3 lub 4 · stawka tych zasad: 1 gr za punkt" in str(dialog.query_one("#description").render())
        await pilot.press("ctrl+u", *"bridge-rubber")  # a ruleset without its own stake: none filled in
        await pilot.pause()
        assert stake.value == "0" and "stawka tych zasad" not in str(dialog.query_one("#description").render())
        await pilot.press("ctrl+u", *"skat-house", "enter")
        await pilot.pause()
        for name in ("Ala", "Bartek", "Celina"):
            await pilot.press(*name, "tab")
        stake.value = "2,5"  # typed over: the game's stake
        await click_ok(pilot, dialog)
        await pilot.pause()
    store = Store(db)
    game = store.games(1)[0]
    assert game.stake == 2.5 and store.scored(game.id).rules["stake"] == 2.5


async def test_a_stake_is_typed_with_a_polish_decimal_comma_and_letters_do_not_enter(tmp_path):
    """Issue 30's decimals: in Polish a stake is written 0,5 (typed so, by keys); a letter never enters the box."""
    db, app = app_on_an_evening(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        dialog = await game_dialog(app, pilot)
        await pilot.press(*"skat-house", "enter")
        await pilot.pause()
        for name in ("Ala", "Bartek", "Celina"):
            await pilot.press(*name, "tab")
        dialog.query_one("#stake").focus()
        await pilot.press("ctrl+u", "0", "x", ",", "5", "e", ",")  # the x, the e and a second comma refused
        await pilot.pause()
        assert dialog.query_one("#stake").value == "0,5"
        await click_ok(pilot, dialog)
        await pilot.pause()
    assert Store(db).games(1)[0].stake == 0.5
