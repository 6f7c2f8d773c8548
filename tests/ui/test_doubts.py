"""A hand that is allowed but unusual is asked about when it is entered, the answer kept with the hand, and
nothing said about it afterwards (the screens' issue: tysiąc, a contract above 120 without a declared meld)."""

from tests.ui.conftest import new_game
from zapis.store import Store
from zapis.ui.dialogs.confirm import ConfirmDialog
from zapis.ui.screens.game import GameScreen
from zapis.ui.widgets.hand_form import HandForm

P3 = ["Ala", "Bartek", "Celina"]


async def _enter_140_without_a_meld(app, pilot):
    app.push_screen(GameScreen(1))
    await pilot.pause()
    form = app.screen.query_one(HandForm)
    form.query_one("#in-declarer").value = "Bartek"
    for wid, text in (("in-bid", "140"), ("in-points-0", "30"), ("in-points-1", "70")):
        form.query_one(f"#{wid}").focus()
        await pilot.press(*text)
    await pilot.press("ctrl+s")
    await pilot.pause()


async def test_yes_saves_the_hand_with_the_answer_and_the_sheet_says_nothing_more(db, app_factory):
    gid = new_game(db, "tysiac", P3)
    app = app_factory("pl")
    async with app.run_test(size=(100, 40)) as pilot:
        await _enter_140_without_a_meld(app, pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert "Bartek — gra 140" in app.screen.question and "Zapisać tak?" in app.screen.question
        shown = app.export_screenshot().replace("&#160;", " ")
        assert "Zapisać" in shown and "tak?" in shown  # the whole question, wrapped, not cut
        assert Store(db).hands(gid) == []  # nothing saved before the answer
        await pilot.click("#yes")
        await pilot.pause()
        hands = Store(db).hands(gid)
        assert len(hands) == 1 and hands[0]["confirmed"] is True and hands[0]["bid"] == 140
        assert Store(db).sheet(gid).totals["Bartek"] == -140  # 70 < 140: lost, as the rules score it
        assert "— gra 140" not in str(app.screen.query_one("#next").render())


async def test_no_saves_nothing_and_keeps_the_form(db, app_factory):
    gid = new_game(db, "tysiac", P3)
    app = app_factory("en")
    async with app.run_test(size=(100, 40)) as pilot:
        await _enter_140_without_a_meld(app, pilot)
        assert isinstance(app.screen, ConfirmDialog) and "Save it so?" in app.screen.question
        await pilot.click("#no")
        await pilot.pause()
        assert Store(db).hands(gid) == []
        assert app.screen.query_one("#in-bid").value == "140"  # to be corrected, not typed again


async def test_a_players_value_refused_is_named_by_the_fields_label_and_the_player(db, app_factory):
    """points.Leon is a program's place: the screen says "punkty z kart (Leon)"."""
    gid = new_game(db, "tysiac", P3)
    app = app_factory("pl")
    async with app.run_test(size=(100, 40)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        form = app.screen.query_one(HandForm)
        form.query_one("#in-declarer").value = "Bartek"
        form.query_one("#in-bid").value = "100"
        form.query_one("#in-points-0").value = "130"  # typed, the form would move on after 13
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        said = str(app.screen.query_one("#message").render())
        assert "punkty z kart (Ala): 130 nie mieści się w 0–120" in said, said
        assert Store(db).hands(gid) == []


async def test_kop_a_category_the_points_do_not_give_is_asked_about(db, app_factory):
    """Kop: bez bitki picked with 80 old points typed (which give bez wyjścia: the losers took 24 > 0, not more
    than 26): asked before saving; the default answer saves nothing and keeps the form."""
    gid = new_game(db, "kop-wolsztyn", ["Ala", "Bartek", "Celina", "Darek"])
    app = app_factory("pl")
    async with app.run_test(size=(100, 40)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        form = app.screen.query_one(HandForm)
        form.set_values({"game": "ordinary", "old": ["Ala", "Celina"], "old_points": 80, "category": "bez-bitki"})
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert "Kategoria bez bitki, a z oczek starych (80) wychodzi bez wyjścia" in app.screen.question
        await pilot.press("enter")  # the default: no
        await pilot.pause()
        assert Store(db).hands(gid) == [] and app.screen.query_one("#in-old_points").value == "80"
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.click("#yes")
        await pilot.pause()
        assert Store(db).hands(gid)[0]["confirmed"] is True
        assert Store(db).sheet(gid).totals == {"Ala": 3, "Bartek": -3, "Celina": 3, "Darek": -3}
