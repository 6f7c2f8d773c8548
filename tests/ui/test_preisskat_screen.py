"""A prize tournament (Preisskat, issue 34) made in the app: 12 players, 3 series of lists at tables of 4, the
tournament typed on the skat tournament screen (k), kept with the evening, its money and prize list on the screen,
the same from `zapis skat ranking --evening 1 --json`, and the prize list printed.

Worked by hand. Each list has one hand: its first player's grand with 1 matador, 61 card points, won: (1 + 1) x 24
= 48, and the Seeger-Fabian list adds 50 for a won game (ISkO 2.3; ../shared/rules/skat.md): 98. The first
players: series 1 P1, P5, P9; series 2 P1, P2, P4; series 3 P1, P2, P3. So P1 294 (3 won), P2 196 (2 won), P3, P4,
P5, P9 98 (1 won): the 3rd place shared, spanning places 3-6; the six others 0: the 7th place shared.
The tournament: entry 20 zł, table fee 2 zł a series, the house keeps 10% of the entries, prizes 50/30/20 % of the
pot, a woman's prize of 15 zł; P4 and P11 are women.
- entries 12 x 2,000 gr = 24,000; the house's 10% 2,400; no lost game, no fee: the pot 21,600;
- the woman's prize first, to the best woman without a place prize: P4 shares the paid 3rd place, so P11: 1,500;
- left 20,100: P1 50% = 10,050, P2 30% = 6,030; the 3rd place's 20% = 4,020 shared by four: 1,005 each;
- each paid 2,000 + 3 x 200 = 2,600; nets: P1 +7,450, P2 +3,430, P3/P4/P5/P9 -1,595, P11 -1,100, others -2,600;
- the house: 31,200 paid - 20,100 - 1,500 = 9,600 (its 2,400 and the 7,200 of table fees); all sum to 0.
Teams: A (P1-P4) 686, B (P5-P8) 98 won 1, C (P9-P12) 98 won 1: A 1st, B and C share the 2nd.
Tandems: T1 (P1, P12) 294; T2 (P2, P6) 196 won 2 and T3 (P3, P5) 196 won 2 share the 2nd; T4 (P4, P7) and
T5 (P8, P9) 98 won 1 share the 4th; T6 (P10, P11) 0 is 6th."""

from __future__ import annotations

import json

from tests.ui.conftest import new_game
from tests.ui.test_skat_draw import SIZE, open_skat, set_value, shown
from zapis.store import Store

SERIES = [[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]],
          [[1, 5, 9, 12], [2, 6, 10, 3], [4, 7, 8, 11]],
          [[1, 6, 11, 4], [2, 7, 12, 9], [3, 5, 8, 10]]]
TYPED = {"pf-entry": "20", "pf-table-fee": "2", "pf-house": "10", "pf-prizes": "50 30 20",
         "pf-special": "kobieta: 15", "pf-categories": "P4: kobieta; P11: kobieta",
         "pf-teams": "A: P1, P2, P3, P4; B: P5, P6, P7, P8; C: P9, P10, P11, P12",
         "pf-tandems": "T1: P1, P12; T2: P2, P6; T3: P3, P5; T4: P4, P7; T5: P8, P9; T6: P10, P11"}


def make_lists(db) -> None:
    for tables in SERIES:
        for seats in tables:
            names = [f"P{i}" for i in seats]
            new_game(db, "skat-tournament", names, [{"declarer": names[0], "game": "grand", "matadors": 1,
                                                     "card_points": 61}])


async def click(pilot, selector: str) -> None:
    """A click as a person makes it: the screen scrolled to the thing first."""
    pilot.app.screen.query_one(selector).scroll_visible(animate=False)
    await pilot.pause()
    await pilot.click(selector)


async def type_tournament(pilot, typed: dict[str, str]) -> None:
    for field, text in typed.items():
        await click(pilot, f"#{field}")
        await set_value(pilot, field, text)


async def test_a_prize_tournament_made_in_the_app_and_read_by_the_cli(db, app_factory, capsys):
    make_lists(db)
    app = app_factory()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_skat(app, pilot)
        await type_tournament(pilot, TYPED)
        await click(pilot, "#sk-save-prizes")
        await pilot.pause()
        assert str(screen.query_one("#sk-prize-error").render()) == ""
        text = shown(app, "#sk-ranking")
        lines = [line.split() for line in text.splitlines()]
        assert ["1.", "P1", "294", "3", "0", "26,00", "zł", "100,50", "zł", "74,50", "zł"] in lines
        assert ["2.", "P2", "196", "2", "0", "26,00", "zł", "60,30", "zł", "34,30", "zł"] in lines
        assert ["3.–6.", "P4", "98", "1", "0", "26,00", "zł", "10,05", "zł", "-15,95", "zł"] in lines
        assert ["7.–12.", "P11", "0", "0", "0", "26,00", "zł", "15,00", "zł", "-11,00", "zł"] in lines
        assert "Lista nagród (pula: 216,00 zł, dla organizatora: 96,00 zł)" in text
        assert "kobieta: P11 15,00 zł" in text and "1. miejsce: P1 100,50 zł" in text
        assert "2. B (P5, P6, P7, P8): 98" in text and "2. C (P9, P10, P11, P12): 98" in text
        assert "1. T1 (P1, P12): 294" in text and "2. T3 (P3, P5): 196" in text and "6. T6 (P10, P11): 0" in text
    # the same tournament from the command line, kept with the evening
    from zapis.cli import main
    capsys.readouterr()
    assert main(["--db", str(db), "skat", "ranking", "--evening", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    money = {r["player"]: (r["paid"], r["prize"], r["money"]) for r in out["ranking"]}
    assert money["P1"] == (26, 100.5, 74.5) and money["P2"] == (26, 60.3, 34.3)
    assert [money[p] for p in ("P3", "P4", "P5", "P9")] == [(26, 10.05, -15.95)] * 4
    assert money["P11"] == (26, 15, -11) and money["P6"] == (26, 0, -26)
    assert out["pot"] == 216 and out["house"] == 96
    assert round(sum(r["money"] for r in out["ranking"]) + out["house"], 2) == 0
    assert [(t["place"], t["name"]) for t in out["teams"]] == [(1, "A"), (2, "B"), (2, "C")]
    assert [(t["place"], t["name"], t["result"]) for t in out["tandems"]] == [
        (1, "T1", 294), (2, "T2", 196), (2, "T3", 196), (4, "T4", 98), (4, "T5", 98), (6, "T6", 0)]
    # and the screen opened again shows what was kept
    async with app_factory().run_test(size=SIZE) as pilot:
        screen = await open_skat(pilot.app, pilot)
        for field, text in TYPED.items():
            assert screen.query_one(f"#{field}").value == text


async def test_a_mistake_is_said_naming_its_field_and_nothing_is_kept(db, app_factory):
    make_lists(db)
    app = app_factory()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_skat(app, pilot)
        await type_tournament(pilot, {"pf-entry": "dużo", "pf-prizes": "50 30"})
        await click(pilot, "#sk-save-prizes")
        await pilot.pause()
        said = str(screen.query_one("#sk-prize-error").render())
        assert said == "Wpisowe: „dużo” to nie kwota (liczba co najmniej 0)"
        assert app.focused is screen.query_one("#pf-entry")  # the cursor goes to the field in error
        await type_tournament(pilot, {"pf-entry": "20", "pf-teams": "A: P1, P2, P3, Zenon"})
        await pilot.press("enter")  # Enter in a field of the form saves it
        await pilot.pause()
        said = str(screen.query_one("#sk-prize-error").render())
        assert said == "Drużyny po 4: A: Zenon nie gra w tym turnieju"
        assert app.focused is screen.query_one("#pf-teams")
        await type_tournament(pilot, {"pf-teams": "A P1 P2"})
        await pilot.press("enter")
        await pilot.pause()
        assert str(screen.query_one("#sk-prize-error").render()) == \
            "Drużyny po 4: „A P1 P2” — wpisz nazwa: ..., kolejne po średniku"
        await type_tournament(pilot, {"pf-house": "150", "pf-teams": ""})
        await pilot.press("enter")
        await pilot.pause()
        assert str(screen.query_one("#sk-prize-error").render()) == \
            "Część wpisowego dla organizatora: od 0 do 100"
    store = Store(db)
    assert store.skat_tournament(1) is None  # nothing was kept
    store.close()


async def test_teams_typed_are_seated_apart_and_the_prize_list_is_printed(db, app_factory, tmp_path,
                                                                          monkeypatch):
    from zapis.club import skat_tournament as st

    make_lists(db)
    monkeypatch.setattr("zapis.ui.dialogs.export.export_folder", lambda: tmp_path / "out")
    app = app_factory("en")
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_skat(app, pilot)
        await click(pilot, "#sk-print-prizes")  # nothing kept yet: said, nothing written
        await pilot.pause()
        assert str(screen.query_one("#sk-prize-error").render()) == "Save the prize tournament first."
        await type_tournament(pilot, {"pf-entry": "20", "pf-prizes": "50 30 20",
                                      "pf-teams": TYPED["pf-teams"]})
        await set_value(pilot, "sk-series", "2")
        await set_value(pilot, "sk-seed", "5")
        await click(pilot, "#sk-do-draw")
        await pilot.pause()
        teams = [[f"P{i}" for i in range(k, k + 4)] for k in (1, 5, 9)]
        assert screen.drawn == st.draw([f"P{i}" for i in range(1, 13)], 2, "5", teams)
        await click(pilot, "#sk-save-prizes")
        await pilot.pause()
        await click(pilot, "#sk-print-prizes")
        await pilot.pause()
    page = (tmp_path / "out" / "prizes-2026-11-20.html").read_text(encoding="utf-8")
    # no house share, no table fee: the pot is the 12 entries, 24,000 gr; P1's 50% is 12,000
    assert "Prize list" in page and "120.00 zł" in page


def test_the_form_reads_back_what_it_wrote():
    from zapis.club import preisskat as pk
    named = {"Asy": ["Ala", "Bob"], "Króle": ["Cyryl"]}
    assert pk.read_lists(pk.lists_text(named)) == named
    assert pk.read_lists(" ; Asy: Ala ,Bob;\nKróle:Cyryl; ") == named
    for bad in ("Asy Ala", ": Ala", "Asy: Ala; Asy: Bob"):
        try:
            pk.read_lists(bad)
        except ValueError:
            continue
        raise AssertionError(bad)


async def test_a_draw_with_a_mistake_in_the_prize_form_is_refused_naming_the_field(db, app_factory):
    """The teams are seated apart by the draw, so a draw while the form holds a mistake says the mistake instead
    of drawing as if there were no teams."""
    make_lists(db)
    app = app_factory()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_skat(app, pilot)
        await type_tournament(pilot, {"pf-teams": "A P1 P2 P3 P4"})
        await click(pilot, "#sk-do-draw")
        await pilot.pause()
        assert str(screen.query_one("#sk-error").render()) == \
            "Drużyny po 4: „A P1 P2 P3 P4” — wpisz nazwa: ..., kolejne po średniku"
        assert screen.drawn is None and app.focused is screen.query_one("#pf-teams")
