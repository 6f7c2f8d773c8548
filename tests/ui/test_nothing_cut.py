"""Nothing cut (the entry issue's list): each place a tester found cut is read back whole at 80x24 and 120x40 —
a history row's every part, the kierki-loop sheet's halves under their headings, the tablets' QR code beside
its words."""

from __future__ import annotations

import pytest

from tests.ui.test_one_language import screen_text
from zapis.demo import build_demo
from zapis.ui.app import make_app
from zapis.ui.screens.game import GameScreen

SIZES = [(80, 24), (120, 40)]


def lines_of(app) -> list[str]:
    return [line for line in screen_text(app).splitlines() if line.strip()]


@pytest.mark.parametrize("size", SIZES)
async def test_a_skat_history_row_shows_every_part_of_the_hand(tmp_path, size):
    """At 120 columns the card points (oczka) of a skat hand were cut off the history's row: now each entry
    wraps in the room the dialog has, the day is said once in the title and each entry has its time."""
    db = tmp_path / "d.db"
    store = build_demo(db, "pl")
    skat = next(g for g in store.games(store.current_evening()) if g.ruleset == "skat-tournament")
    app = make_app(db, "pl")
    async with app.run_test(size=size) as pilot:
        app.push_screen(GameScreen(skat.id))
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause()
        text = " ".join(" ".join(line.strip("█ ").split()) for line in lines_of(app))
        table = app.screen.query_one("DataTable")
        assert table.region.right <= size[0]
        for part in ("oczka 70", "oczka 50", "oczka 80", "licytacja 48", "z ręki tak"):
            assert part in text, (size, part)
        assert "Historia — 20" in text and "Godzina" in text


@pytest.mark.parametrize("lang, halves", [("pl", ("rozbójniki 1-4", "odgrywki 5-8 (lewy × 10)")),
                                          ("en", ("rozbójniki 1-4", "odgrywki 5-8 (tricks × 10)"))])
async def test_the_kierki_loop_sheet_heads_its_two_halves(tmp_path, lang, halves):
    """ui.md, Kierki z zapętlaniem: robbers 1-4 and odgrywki 5-8, each half under its heading (the names are
    written twice, once for each half), above the names, in the header that stays while the rows scroll."""
    db = tmp_path / "d.db"
    store = build_demo(db, lang)
    loop = next(g for g in store.games(store.current_evening()) if g.ruleset == "kierki-loop")
    app = make_app(db, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(loop.id))
        await pilot.pause()
        lines = lines_of(app)
        heads = next(i for i, line in enumerate(lines) if halves[0] in line)
        assert halves[1] in lines[heads]
        names = lines[heads + 1]
        assert names.split() == ["Henryk", "Iza", "Janek", "Kasia"] * 2
        # each heading over its own half: the robbers' over the first Kasia, the odgrywki's over the second
        assert lines[heads].index(halves[0]) < names.index("Kasia") < lines[heads].index(halves[1])
        view = app.screen.query_one("#sheet")
        assert view.cursor_row == view.row_count - 1  # on the last row (bilans), as every sheet opens
        await pilot.click("#sheet", offset=(3, 1))  # the names: a header line, not a row
        assert view.cursor_row == view.row_count - 1
        await pilot.click("#sheet", offset=(3, 2))  # the first line under the two header lines: row 1.
        assert view.cursor_row == 0


async def test_the_tablets_qr_code_is_whole_at_80x24(tmp_path):
    """The QR code stands beside the words: every one of its lines is on the 80x24 screen, none cut."""
    from zapis.web.serve import build_server
    from zapis.ui.screens.tablets import TabletsScreen

    db = tmp_path / "d.db"
    build_demo(db, "pl")
    server = build_server(str(db), "pl", "0.0.0.0", 8124, tables=4)
    server.write_announcement()
    app = make_app(db, "pl")
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(TabletsScreen())
        await pilot.pause()
        qr = app.screen.query_one("#tablets-qr")
        text = app.screen.query_one("#tablets-text")
        assert qr.region.right <= 80 and qr.region.bottom <= 23  # above the key bar
        assert qr.region.height >= 15 and qr.region.x >= text.region.right  # a whole code, beside the words
        assert "Stół 1" in screen_text(app)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("ruleset", ["skat-tournament", "tysiac", "kop-koscian"])
async def test_the_new_games_description_is_read_to_its_end(tmp_path, size, ruleset):
    """The new game's description of the rules (the longest: skat's, with its fees) is never cut mid-sentence:
    the dialog scrolls, and its last words (the players it seats) reach the screen as the cursor goes on."""
    from rich.text import Text
    from zapis.ui.dialogs.new_game import NewGameDialog
    build_demo(tmp_path / "d.db")
    app = make_app(tmp_path / "d.db", "pl")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(NewGameDialog(1))
        await pilot.pause()
        await pilot.press(*ruleset, "enter")  # the search's best match, then the first seat
        await pilot.pause()
        desc = app.screen.query_one("#description")
        words = desc.render()
        words = words.plain if isinstance(words, Text) else str(words)
        assert desc.size.height == desc.get_content_height(desc.size, app.size, desc.size.width)  # no line hidden
        shown = " ".join(lines_of(app))
        last = words.split("\n")[-1].split(" · ")[0]  # "graczy: 3 lub 4"
        assert last in shown
