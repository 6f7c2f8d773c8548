"""The statistics screen (issue #17, part 3): reached from the standings with `t` or a tap on its footer key; a
table per game family (bridge, skat, tysiąc, kierki, kop, then all games) with the figures counted by hand in
tests/unit/test_statistics.py; one language at a time, numbers written that language's way; names as typed."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Label

from tests.ui.conftest import tap_key
from tests.ui.test_one_language import foreign, screen_text
from tests.unit.test_statistics import build
from zapis.io import records
from zapis.store import Store
from zapis.ui.app import make_app
from zapis.ui.screens.statistics import StatisticsScreen


def cells(dt: DataTable) -> dict[str, list[str]]:
    """A table's rows by player: each cell's text."""
    return {str(row[0]): [str(c) for c in row[1:]] for row in (dt.get_row_at(i) for i in range(dt.row_count))}


async def open_standings(pilot):
    await pilot.pause()
    await pilot.press("s")
    await pilot.pause()
    assert type(pilot.app.screen).__name__ == "StandingsScreen"


@pytest.mark.parametrize("lang", ["pl", "en"])
async def test_a_key_opens_a_table_per_family(tmp_path, lang):
    build(tmp_path / "s.db").close()
    app = make_app(tmp_path / "s.db", lang)
    async with app.run_test(size=(80, 32)) as pilot:
        await open_standings(pilot)
        await pilot.press("t")
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatisticsScreen)
        titles = [str(w.render()) for w in screen.query(".stats-family").results(Label)]
        tables = list(screen.query(".stats-table").results(DataTable))
        if lang == "pl":
            assert titles == ["Brydż (robry)", "Skat", "Tysiąc", "Kierki", "Kop", "Wszystkie gry"]
        else:
            assert titles == ["Bridge (rubbers)", "Skat", "Tysiąc", "Kierki", "Kop", "All games"]
        bridge, skat, tysiac, kierki, kop, every = (cells(dt) for dt in tables)
        dec = "," if lang == "pl" else "."
        # games, wins, average place, best, worst, declared, made, streak (as counted in test_statistics.py)
        assert bridge["Ala"] == ["2", "1", f"1{dec}5", "970", "0", "3", "2", "1"]
        assert tysiac["Ala"] == ["2", "0", f"2{dec}25", "70", "10", "1", "0", "0"]
        assert kierki["Darek"] == ["1", "1", "1", "60", "60", "1"]  # no declarer: no such columns
        assert kop["Ala"][:3] == ["1", "1", f"1{dec}5"]
        assert every["Ala"] == ["7", "3", f"1{dec}71", "5", "3", "2"]  # all games: no best or worst
        assert list(every) == ["Ala", "Celina", "Bartek", "Darek"]  # by wins, then the average place
        assert len(tables[0].columns) == 9 and len(tables[3].columns) == 7 and len(tables[5].columns) == 7
        for dt in tables:  # nothing runs off the screen sideways
            assert dt.virtual_size.width <= 80
        shown = screen_text(app)
        assert foreign(shown, lang) == set()
        assert ("Statystyki sezonu 2026-01-09 – 2026-01-23" if lang == "pl" else
                "Season statistics 2026-01-09 – 2026-01-23") in shown
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "StandingsScreen"


async def test_a_tap_on_the_footer_key_opens_it_and_a_tap_goes_back(tmp_path):
    build(tmp_path / "s.db").close()
    app = make_app(tmp_path / "s.db", "pl")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_standings(pilot)
        await tap_key(pilot, "Statystyki")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, StatisticsScreen)
        assert len(app.screen.query(".stats-table")) == 6
        await tap_key(pilot, "Wróć")
        await pilot.pause()
        assert type(app.screen).__name__ == "StandingsScreen"


async def test_names_are_data_and_an_empty_season_says_so(tmp_path):
    db = tmp_path / "n.db"
    store = Store(db)
    ev = store.new_evening("2026-02-06", "Klub", "Piątek")
    names = ["[bold]Ala[/]", "Bartek [red]", "Celina"]
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "tysiac", "players": names})
    store.new_game(ev, 1, rec, rules, module, hands=[{"declarer": names[0], "bid": 100,
                                                      "points": {names[0]: 100, names[1]: 10, names[2]: 10}}])
    store.new_evening("2026-02-13", "Klub", "Piątek")  # the last evening: no game yet
    store.close()
    app = make_app(db, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_standings(pilot)
        await pilot.press("t")
        await pilot.pause()
        await pilot.pause()
        tables = list(app.screen.query(".stats-table").results(DataTable))
        assert set(cells(tables[0])) == set(names)  # as typed, never read as markup
        assert cells(tables[0])["[bold]Ala[/]"] == ["1", "1", "1", "100", "100", "1", "1", "1"]
        shown = screen_text(app)
        assert "[bold]Ala[/]" in shown and "Bartek [red]" in shown

    empty = tmp_path / "e.db"
    Store(empty).new_evening("2026-02-06", "Klub", "Piątek")
    app = make_app(empty, "pl")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_standings(pilot)
        await pilot.press("t")
        await pilot.pause()
        await pilot.pause()
        assert not app.screen.query(".stats-table")
        assert "Nie ma jeszcze rozstrzygniętych gier w tym sezonie." in screen_text(app)
