"""The standings screen with an evening of eleven games: nothing runs off the screen at 80x24 or 120x40, in
either language; each game's places say which game they are; shared places read 1.–2.; one decimal style
per language."""

from __future__ import annotations

import html
import re

import pytest
from textual.widgets import DataTable, Static

from tests.unit.test_season_layout import club
from zapis.store import Store
from zapis.ui.app import make_app


def screen_text(app) -> list[str]:
    """What the terminal shows, line by line (read back from the screenshot)."""
    svg = app.export_screenshot()
    lines: dict[str, list[str]] = {}
    for y, text in re.findall(r'<text[^>]*y="([\d.]+)"[^>]*>([^<]*)</text>', svg):
        lines.setdefault(y, []).append(html.unescape(text).replace("\xa0", " "))
    return ["".join(parts) for _, parts in sorted(lines.items(), key=lambda kv: float(kv[0]))]


async def open_standings(pilot):
    await pilot.pause()
    await pilot.press("s")
    await pilot.pause()
    assert type(pilot.app.screen).__name__ == "StandingsScreen"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("lang", ["pl", "en"])
async def test_eleven_games_fit_the_screen(tmp_path, size, lang):
    db = club(tmp_path / "c.db", n=11)
    app = make_app(db, lang)
    async with app.run_test(size=size) as pilot:
        await open_standings(pilot)
        screen = app.screen
        dt = screen.query_one("#standings", DataTable)
        # the ranking is a few columns: all of them on the screen, nothing to scroll sideways
        assert len(dt.columns) == 5
        assert dt.virtual_size.width <= dt.size.width and dt.region.right <= size[0]
        assert dt.row_count == 12
        body = screen.query_one("#standings-body")
        assert body.max_scroll_x == 0
        results = str(screen.query_one("#game-results", Static).render())
        for gid in range(1, 12):  # every game says which it is, and its places
            assert len(re.findall(rf"^#{gid} · ", results, re.M)) == 1
        shown: list[str] = []
        for _ in range(10):  # the whole screen scrolls: every line can be read, none is cut at the edge
            shown += screen_text(app)
            if body.scroll_y >= body.max_scroll_y:
                break
            await pilot.press("pagedown")
            await pilot.pause()
        text = "\n".join(shown)
        for gid in range(1, 12):
            assert f"#{gid} · " in text
        assert "Iza, Kasia" in text and "Janek, Leon" in text  # the last game's result, at the very end
        assert "…" not in text and "#1 = " not in text
        if size == (120, 40):
            assert body.max_scroll_y == 0  # a club reads it at a glance: all of it on one screen
        assert "(2.5.)" not in text and "1.5" not in text and "1,5" not in text
        assert "1.–2. Henryk" in text  # a place two players share
        if lang == "pl":
            assert "stół 1" in text and "Rozliczenie:" in text and "10,5" in text and "10.5" not in text
            assert ",00 zł" in text and ".00 zł" not in text
        else:
            assert "table 1" in text and "Settlement:" in text and "10.5" in text and "10,5" not in text
            assert ".00 zł" in text and ",00 zł" not in text


async def test_the_settlement_stands_beside_the_ranking_when_there_is_room(tmp_path):
    db = club(tmp_path / "c.db", n=11)
    app = make_app(db, "pl")
    async with app.run_test(size=(120, 40)) as pilot:
        await open_standings(pilot)
        dt, pays = app.screen.query_one("#standings"), app.screen.query_one("#pays")
        assert pays.region.x >= dt.region.right and pays.region.y == dt.region.y
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert pays.region.y > dt.region.y  # narrow: below it
        assert all(len(line) <= 80 - 4 for line in str(app.screen.query_one("#game-results").render()).splitlines())


async def test_the_ranking_cells(tmp_path):
    db = club(tmp_path / "c.db", n=11)
    app = make_app(db, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_standings(pilot)
        dt = app.screen.query_one("#standings", DataTable)
        rows = [[str(c) for c in dt.get_row_at(i)] for i in range(dt.row_count)]
        assert rows[0][0] == "1." and any("–" in r[0] for r in rows)  # players level share their places
        shared = [r for r in rows if r[0] == rows[3][0]]
        assert len(shared) == int(rows[3][0].split("–")[-1].rstrip(".")) - int(rows[3][0].split(".")[0]) + 1
        assert all(r[4].endswith(" zł") and "," not in r[4] for r in rows)


async def test_a_refresh_keeps_the_layout(tmp_path):
    """Another tablet saves a hand: the standings follow, still whole."""
    db = club(tmp_path / "c.db", n=3)
    app = make_app(db, "pl")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_standings(pilot)
        before = str(app.screen.query_one("#game-results").render())
        s = Store(db)
        g = s.games()[1]  # tysiąc: another hand
        s.enter(g.id, {"declarer": "Franek", "bid": 100, "points": {"Ewa": 20, "Franek": 80, "Gosia": 20}})
        s.close()
        for _ in range(40):
            await pilot.pause(0.05)
            if str(app.screen.query_one("#game-results").render()) != before:
                break
        after = str(app.screen.query_one("#game-results").render())
        assert after != before and re.search(r"^#2 · stół 2 · Tysiąc$", after, re.M)
        assert all(len(line) <= 80 - 4 for line in after.splitlines())
