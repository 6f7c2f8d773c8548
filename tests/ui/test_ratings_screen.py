"""The ratings screen (issue 17, part 2): reached from the standings screen with `r` (a key or a click on the
footer), each player's rating, its change over the season and the games rated, best first, in one language;
`f` goes through the game families; another tablet's save is followed; nothing runs off an 80x24 screen."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Label, Static

from tests.ui.conftest import key_bar
from tests.ui.test_one_language import foreign, screen_text
from tests.unit.test_ratings import ALL, sixth_takes
from zapis.io import records
from zapis.club.ratings import rating_text, season_ratings
from zapis.store import Store
from zapis.ui.app import make_app


async def to_standings(pilot):
    await pilot.pause()
    await pilot.press("s")
    await pilot.pause()
    assert type(pilot.app.screen).__name__ == "StandingsScreen"


async def click_key(pilot, key: str) -> None:
    bar = key_bar(pilot.app)
    await pilot.click(bar, offset=bar.offset_of(key))


def cells(app) -> list[list[str]]:
    dt = app.screen.query_one("#ratings", DataTable)
    return [[str(c) for c in dt.get_row_at(i)] for i in range(dt.row_count)]


@pytest.mark.parametrize("lang", ["pl", "en"])
async def test_the_r_key_shows_the_seasons_ratings_in_one_language(tmp_path, lang):
    db = sixth_takes(tmp_path / "s.db")
    rated = season_ratings(Store(db).season(*ALL))
    app = make_app(db, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_standings(pilot)
        await pilot.press("r")
        await pilot.pause()
        assert type(app.screen).__name__ == "RatingsScreen"
        rows = cells(app)
        assert [r[1] for r in rows] == [r.player for r in rated.players] and rows[0][1] == "Ala"
        assert rows[0] == ["1.", "Ala", rating_text(rated.players[0].rating),
                           rating_text(rated.players[0].change, signed=True), "20"]
        title = str(app.screen.query_one("#ratings-title", Label).render())
        # the season: from the club's first evening to the evening of the standings
        assert "2026-09-01 – 2026-10-01" in title
        text = screen_text(app)
        assert not foreign(text, lang), foreign(text, lang)
        if lang == "pl":
            assert "Ranking sezonu" in title and "wszystkie gry" in title and "zmiana" in text
        else:
            assert "Season ratings" in title and "all games" in title and "change" in text
        dt = app.screen.query_one("#ratings", DataTable)
        assert dt.region.right <= 80 and app.screen.query_one("#ratings-body").max_scroll_x == 0
        keys = key_bar(app).keys
        assert keys and keys[-1].end <= 80
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "StandingsScreen"


async def test_a_click_opens_it_and_goes_through_the_families(tmp_path):
    db = sixth_takes(tmp_path / "s.db")
    s = Store(db)  # a bridge rubber too: two families
    ev = s.evenings()[-1]["id"]
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "bridge-rubber",
                                        "players": ["Bartek", "Celina", "Darek", "Ewa"],
                                        "hands": [{"contract": "3NT", "declarer": "N", "tricks": 10}]})
    s.new_game(ev, 9, rec, rules, module, 0, rec.hands)
    s.close()
    app = make_app(db, "pl")
    async with app.run_test(size=(100, 32)) as pilot:
        await to_standings(pilot)
        await click_key(pilot, "r")
        await pilot.pause()
        assert type(app.screen).__name__ == "RatingsScreen"
        title = lambda: str(app.screen.query_one("#ratings-title", Label).render())  # noqa: E731
        assert title().endswith("wszystkie gry") and len(cells(app)) == 6
        await click_key(pilot, "f")
        await pilot.pause()
        assert title().endswith("· Brydż (robry)")
        assert {r[1] for r in cells(app)} == {"Bartek", "Celina", "Darek", "Ewa"}  # the bridge players only
        # N-S (Bartek, Darek) made 3NT: partners, one team, the same rating
        by = {r[1]: r for r in cells(app)}
        assert int(by["Bartek"][2]) == int(by["Darek"][2]) > int(by["Celina"][2]) == int(by["Ewa"][2])
        await pilot.press("f")
        await pilot.pause()
        assert title().endswith("· 6-sty bierze") and len(cells(app)) == 6
        await pilot.press("f")
        await pilot.pause()
        assert title().endswith("wszystkie gry")
        assert "Gry policzone: 21" in str(app.screen.query_one("#ratings-note", Static).render())


async def test_another_tablets_save_is_followed(tmp_path):
    db = sixth_takes(tmp_path / "s.db", evenings=1, per_evening=1)
    app = make_app(db, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await to_standings(pilot)
        await pilot.press("r")
        await pilot.pause()
        before = cells(app)
        s = Store(db)
        ev = s.evenings()[-1]["id"]
        rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "6-sty-bierze", "players": ["Ala", "Zenon"],
                                            "rules": {"deals": 1}, "hands": [{"taken": {"Ala": {"hearts": 1}}}]})
        s.new_game(ev, 2, rec, rules, module, 0, rec.hands)
        s.close()
        for _ in range(40):
            await pilot.pause(0.05)
            if cells(app) != before:
                break
        after = cells(app)
        assert after != before and "Zenon" in {r[1] for r in after}
        assert "Games rated: 2" in str(app.screen.query_one("#ratings-note", Static).render())
