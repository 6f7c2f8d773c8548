"""The skat tournament screen (k on the evening): the draw from the evening's players, a refused draw said on
the screen, the games of series 1 made at the drawn tables, and the evening's tournament ranking."""

from __future__ import annotations

from rich.console import Console

from tests.ui.conftest import new_game
from tests.unit.test_skat_tournament import LIST1, LIST2
from zapis.club.skat_tournament import draw
from zapis.store import Store
from zapis.ui.screens.skat_draw import SkatDrawScreen, split_names

SIZE = (100, 40)
ELEVEN = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip", "Gosia", "Henryk", "Irena", "Jacek", "Kasia"]


def shown(app, selector: str) -> str:
    """What a widget shows, as plain text."""
    console = Console(width=SIZE[0], record=True, file=open("/dev/null", "w"))
    visual = app.screen.query_one(selector).render()
    console.print(getattr(visual, "_renderable", visual))  # a Rich table is wrapped as a RichVisual
    return console.export_text()


async def set_value(pilot, widget_id: str, text: str) -> None:
    box = pilot.app.screen.query_one(f"#{widget_id}")
    box.focus()
    box.value = ""
    await pilot.press(*text) if text else None


async def open_skat(app, pilot) -> SkatDrawScreen:
    await pilot.press("k")
    await pilot.pause()
    assert isinstance(app.screen, SkatDrawScreen)
    return app.screen


def test_names_split_by_commas():
    assert split_names(" Ala, Bartek,,Celina ,\nDarek, ") == ["Ala", "Bartek", "Celina", "Darek"]


async def test_the_draw_from_the_evening_players(db, app_factory):
    new_game(db, "skat-tournament", ["Ala", "Bartek", "Celina"])
    app = app_factory()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_skat(app, pilot)
        assert screen.query_one("#sk-players").value == "Ala, Bartek, Celina"  # the evening's players
        await set_value(pilot, "sk-players", ", ".join(ELEVEN))
        await set_value(pilot, "sk-series", "2")
        await set_value(pilot, "sk-seed", "7")
        await pilot.click("#sk-do-draw")
        await pilot.pause()
        text = shown(app, "#sk-draw")
        expected = draw(ELEVEN, 2, "7")  # the same as `zapis skat draw --seed 7`
        assert "Seria 1" in text and "Seria 2" in text
        for tables in expected:
            for j, players in enumerate(tables, 1):
                assert f"stół {j} ({len(players)}): {', '.join(players)}" in text
        assert not screen.query_one("#sk-create").disabled


async def test_five_players_are_refused_on_the_screen(db, app_factory):
    app = app_factory("en")
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_skat(app, pilot)
        await set_value(pilot, "sk-players", "A, B, C, D, E")
        await pilot.press("enter")
        await pilot.pause()
        assert "5 players cannot sit at tables of 4 and 3" in shown(app, "#sk-error")
        assert screen.query_one("#sk-create").disabled
        await set_value(pilot, "sk-players", "A, B, C")
        await set_value(pilot, "sk-series", "x")
        await pilot.press("enter")
        await pilot.pause()
        assert "Number of series" in shown(app, "#sk-error")
        assert isinstance(app.screen, SkatDrawScreen)  # nothing crashed


async def test_the_games_of_series_1_made_at_the_drawn_tables(db, app_factory):
    app = app_factory()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_skat(app, pilot)
        await set_value(pilot, "sk-players", ", ".join(ELEVEN))
        await set_value(pilot, "sk-seed", "3")
        await pilot.click("#sk-do-draw")
        await pilot.pause()
        await pilot.click("#sk-create")
        await pilot.pause()
        assert screen.query_one("#sk-create").disabled  # once
        await pilot.press("escape")
        await pilot.pause()
    store = Store(db)
    games = store.games(store.evenings()[-1]["id"])
    assert [(g.table, g.ruleset, g.players) for g in games] == [
        (j, "skat-tournament", players) for j, players in enumerate(draw(ELEVEN, 1, "3")[0], 1)]


async def test_the_evening_ranking_on_the_screen(db, app_factory):
    new_game(db, "skat-tournament", LIST1[0], LIST1[1])
    new_game(db, "skat-tournament", LIST2[0], LIST2[1])
    app = app_factory("en")
    async with app.run_test(size=SIZE) as pilot:
        await open_skat(app, pilot)
        text = shown(app, "#sk-ranking")
        assert "Tournament ranking" in text
        lines = [line.split() for line in text.splitlines()]
        # worked by hand in tests/unit/test_skat_tournament.py: Ala 264, won 2, lost 0; Ewa -116 pays 0.50
        assert ["1.", "Ala", "264", "2", "0", "0.00", "zł", "0.30", "zł"] in lines
        assert ["5.", "Ewa", "-116", "0", "1", "0.50", "zł", "-0.20", "zł"] in lines


async def test_names_are_shown_as_data(db, app_factory):
    app = app_factory("en")
    async with app.run_test(size=SIZE) as pilot:
        await open_skat(app, pilot)
        await set_value(pilot, "sk-players", "[b]Ala[/b], Bartek, Celina")
        await pilot.press("enter")
        await pilot.pause()
        assert "[b]Ala[/b]" in shown(app, "#sk-draw")


async def test_also_from_the_command_palette(db, app_factory):
    app = app_factory("en")
    async with app.run_test(size=SIZE) as pilot:
        app.run_command("skat")
        await pilot.pause()
        assert isinstance(app.screen, SkatDrawScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SkatDrawScreen)


async def test_a_later_series_seated_by_the_ranking(db, app_factory):
    """Series by the ranking: the best four at table 1, the next three at table 2; its games made there."""
    from zapis.club import skat_tournament as st

    new_game(db, "skat-tournament", LIST1[0], LIST1[1])
    new_game(db, "skat-tournament", LIST2[0], LIST2[1])
    app = app_factory("en")
    async with app.run_test(size=SIZE) as pilot:
        await open_skat(app, pilot)
        await pilot.click("#sk-by-ranking")
        await pilot.pause()
        # five players so far (Ala, Bartek, Celina, Darek, Ewa): they cannot sit at tables of 4 and 3
        assert "5 players cannot sit at tables of 4 and 3" in str(app.screen.query_one("#sk-error").render())
    new_game(db, "skat-tournament", ["Filip", "Gosia", "Henryk"])  # a third table comes: eight players
    store = Store(db)
    ev = store.evenings()[-1]["id"]
    ranked = [r.player for r in st.ranking(st.evening_lists(store, ev))]
    assert len(ranked) == 8 and ranked[0] == "Ala"  # 264, worked by hand in tests/unit/test_skat_tournament.py
    store.close()
    async with app_factory("en").run_test(size=SIZE) as pilot:
        app = pilot.app
        await open_skat(app, pilot)
        await pilot.click("#sk-by-ranking")
        await pilot.pause()
        text = shown(app, "#sk-draw")
        assert "The next series by the ranking" in text
        assert f"table 1 (4): {', '.join(ranked[:4])}" in text and f"table 2 (4): {', '.join(ranked[4:])}" in text
        await pilot.click("#sk-create")
        await pilot.pause()
    games = Store(db).games(ev)
    assert [g.players for g in games[-2:]] == [ranked[:4], ranked[4:]]
