"""`zapis standings`: an evening as the ranking, the settlement and each game's places; a season as one row per
player that fits 80 columns whatever the number of games; places, place points and money written one way per
language; dates typed as a club writes them; --json unchanged."""

from __future__ import annotations

import json

import pytest

from tests.unit.test_evening import result
from zapis.io import records
from zapis.cli import main
from zapis.club.evening import (game_ranking, money_text, number_text, pack, place_text, rank_spans, season,
                           standings)
from zapis.store import Store

P = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek", "Gosia", "Henryk", "Iza", "Janek", "Kasia", "Leon"]


def tysiac(a, b, c, pts):
    return {"ruleset": "tysiac", "players": [a, b, c],
            "hands": [{"declarer": a, "bid": 100, "points": {a: pts[0], b: pts[1], c: pts[2]}}]}


def kop(ps):  # the first two win an ordinary game: they share places 1-2, the others 3-4
    return {"ruleset": "kop-wolsztyn", "players": ps, "hands": [{"game": "ordinary", "old": ps[:2], "old_points": 60}]}


def rubber(ps):
    return {"ruleset": "bridge-rubber", "players": ps, "hands": [{"contract": "3NT", "declarer": "N", "tricks": 9}]}


GAMES = [rubber(P[0:4]), tysiac(*P[4:7], (80, 20, 20)), kop(P[7:11]), tysiac(P[0], P[4], P[8], (70, 30, 20)),
         rubber(P[1:5]), kop(P[5:9]), tysiac(P[9], P[10], P[11], (60, 40, 20)), rubber(P[8:12]), kop(P[0:4]),
         tysiac(P[2], P[6], P[10], (50, 50, 20)), kop(P[4:8]), rubber(P[2:6])]


def club(db, dates=("2026-11-20",), n=12):
    """A club's evenings: twelve players, n games each evening, at four tables, some for money."""
    s = Store(db)
    for date in dates:
        ev = s.new_evening(date, "Klub", "Piątek")
        for i, g in enumerate(GAMES[:n]):
            rec, rules, module = records.parse({"format": "zapis/1", **g})
            s.new_game(ev, i % 4 + 1, rec, rules, module, 100 if i % 3 else 0, rec.hands)
    s.close()
    return db


def run(capsys, *argv):
    code = main(list(argv))
    cap = capsys.readouterr()
    return code, cap.out, cap.err


@pytest.fixture(autouse=True)
def _eighty_columns(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")


# --- the pieces ------------------------------------------------------------------------------------------
def test_places_as_a_club_writes_them():
    assert place_text(2) == "2." and place_text(2, 2) == "2." and place_text(2, 3) == "2.–3."
    assert place_text(10, 12) == "10.–12."


def test_one_decimal_style_per_language():
    assert number_text(11.5, "pl") == "11,5" and number_text(11.5, "en") == "11.5"
    assert number_text(12.0, "pl") == "12" and number_text(4 / 3, "pl") == "1,33" and number_text(-248, "en") == "-248"
    assert money_text(662, "pl") == "6,62 zł" and money_text(662, "en") == "6.62 zł"
    assert money_text(-5, "pl") == "-0,05 zł" and money_text(662) == "6,62 zł"  # Polish unless told


def test_a_tie_holds_its_places():
    # Kop: A and B share places 1-2, C and D places 3-4 (not 1.5 and 3.5)
    r = result(kop(["A", "B", "C", "D"]), "kop")
    standings([r])
    assert r.place_span == {"A": (1, 2), "B": (1, 2), "C": (3, 4), "D": (3, 4)}
    assert [(place, side) for place, side, _ in game_ranking(r)] == [
        ("1.–2.", ["A"]), ("1.–2.", ["B"]), ("3.–4.", ["C"]), ("3.–4.", ["D"])]
    # bridge partners are one side, with one place
    r = result(rubber(["N", "E", "S", "W"]), "bridge")
    standings([r])
    assert [(place, side) for place, side, _ in game_ranking(r)] == [("1.", ["N", "S"]), ("2.", ["E", "W"])]


def test_the_ranking_shares_places_too(db):
    table = standings(Store(club(db)).results(1))
    spans = rank_spans(table)
    assert [s.rank for s in table] == [a for a, _ in spans]
    for s, (a, b) in zip(table, spans):
        assert b - a + 1 == sum(1 for o in table if o.place_points == s.place_points)


def test_results_are_packed_whole():
    items = ["1. Ala, Celina 400", "2. Bartek, Darek 160", "3.–4. Żaneta Wielkopolska-Kowalska -1"]
    lines = pack(items, 45)
    assert lines == ["1. Ala, Celina 400   2. Bartek, Darek 160", "3.–4. Żaneta Wielkopolska-Kowalska -1"]
    assert pack(["x" * 60], 20) == ["x" * 60]  # longer than a line: alone, never cut


# --- zapis standings --evening ------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["pl", "en"])
def test_an_evening_of_eleven_games_fits_80_columns(db, capsys, lang):
    db = club(db, n=11)
    code, out, err = run(capsys, "--db", str(db), "--lang", lang, "standings", "--evening", "1")
    assert code == 0, err
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80 and "…" not in out
    for gid in range(1, 12):  # every game, each with its own line of places
        assert sum(1 for line in lines if line.startswith(f"#{gid} · ")) == 1
    assert "(2.5.)" not in out and "1.5" not in out and "1.–2. Henryk 1" in out  # shared places: 1.–2.
    for name in P:
        assert name in out
    money = [line for line in lines if "zł" in line and "→" not in line]
    if lang == "pl":
        assert "Klasyfikacja" in out and "Rozliczenie:" in out and "stół 1" in out and "Standings" not in out
        assert "10,5" in out and "10.5" not in out and ",00 zł" in out and ".00 zł" not in out
    else:
        assert "Standings" in out and "Settlement:" in out and "table 1" in out and "Rozliczenie" not in out
        assert "10.5" in out and "10,5" not in out and ".00 zł" in out and ",00 zł" not in out
    assert money


def test_the_json_is_the_contract_unchanged(db, capsys):
    db = club(db, n=11)
    code, out, _ = run(capsys, "--db", str(db), "--lang", "pl", "standings", "--evening", "1", "--json")
    data = json.loads(out)
    table = standings(Store(db).results(1))
    assert data == json.loads(json.dumps([{"rank": s.rank, "player": s.player, "games": s.games,
                                           "place_points": s.place_points, "money": s.money, "results": s.results}
                                          for s in table], ensure_ascii=False))
    row = data[0]
    assert set(row) == {"rank", "player", "games", "place_points", "money", "results"}
    assert isinstance(row["place_points"], float) and isinstance(row["money"], int)
    assert all(set(v) == {"total", "place", "place_points"} for v in row["results"].values())
    assert any(v["place"] == 1.5 for r in data for v in r["results"].values())  # numbers stay numbers


# --- zapis standings --season -------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_season_is_one_row_per_player_in_80_columns(db, capsys, lang):
    db = club(db, dates=("2026-09-04", "2026-10-02", "2026-11-20"))
    code, out, err = run(capsys, "--db", str(db), "--lang", lang, "standings", "--season", "1.9.2026", "2026-12-31")
    assert code == 0, err
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80 and "…" not in out
    rows = [line for line in lines if line.startswith("│")]
    assert len(rows) == len(P)  # one row per player, not one column per game
    rows_by_name = {name: next(r for r in rows if f" {name} " in r) for name in P}
    ranked = season(Store(db).results(None, "2026-09-01", "2026-12-31"))
    assert [r.player for r in ranked] == [name for _, name in sorted((rows.index(r), n) for n, r in
                                                                      rows_by_name.items())]
    first = ranked[0]
    cells = [c.strip() for c in rows_by_name[first.player].strip("│").split("│")]
    assert cells[2:6] == ["3", str(first.games), number_text(first.place_points, lang), str(first.places[0])]
    header = next(line for line in lines if line.startswith("┃"))
    if lang == "pl":
        assert "wieczory" in header and "gry" in header and "Sezon 2026-09-01 – 2026-12-31" in out
        assert "wieczory: 3 · gry: 36" in out
    else:
        assert "evenings" in header and "games" in header and "Season 2026-09-01 – 2026-12-31" in out
    assert "zł" in header  # some games were played for money


def test_a_season_counts_evenings_and_first_places(db):
    db = club(db, dates=("2026-09-04", "2026-10-02"), n=3)
    rows = {r.player: r for r in season(Store(db).results(None, "2026-09-01", "2026-12-31"))}
    # game 1 (rubber): Ala-Celina win; game 2 (tysiąc): Ewa goes down, Franek and Gosia share 1st-2nd;
    # game 3 (kop): Henryk and Iza share 1st-2nd
    assert rows["Ala"].evenings == 2 and rows["Ala"].games == 2 and rows["Ala"].places == (2, 0, 0)
    assert rows["Bartek"].places == (0, 2, 0)
    assert rows["Henryk"].places == (2, 0, 0) and rows["Janek"].places == (0, 0, 2)
    assert rows["Ewa"].places == (0, 0, 2) and rows["Gosia"].places == rows["Franek"].places == (2, 0, 0)


def test_a_season_without_money_has_no_money_column(db, capsys):
    db = club(db, n=1)  # the first game is played for nothing
    code, out, _ = run(capsys, "--db", str(db), "--lang", "en", "standings", "--season", "2026-01-01", "2026-12-31")
    assert code == 0 and "zł" not in out


def test_an_empty_season_says_so(db, capsys):
    db = club(db, n=1)
    code, out, _ = run(capsys, "--db", str(db), "--lang", "pl", "standings", "--season", "2025-01-01", "2025-12-31")
    assert code == 0 and out.strip() == "Nie ma wieczorów od 2025-01-01 do 2025-12-31."


def test_season_json_unchanged(db, capsys):
    db = club(db, dates=("2026-09-04", "2026-10-02"), n=2)
    code, out, _ = run(capsys, "--db", str(db), "standings", "--season", "04.09.2026", "2026-12-31", "--json")
    data = json.loads(out)
    assert code == 0 and {r["player"] for r in data} == set(P[:7])
    assert all(set(r) == {"rank", "player", "games", "place_points", "money", "results"} for r in data)
    assert all(key.startswith(("2026-09-04 stół", "2026-10-02 stół")) for r in data for key in r["results"])


# --- dates typed on the command line ------------------------------------------------------------------
def test_season_dates_as_a_club_writes_them(db, capsys):
    db = club(db, dates=("2026-11-20", "2026-12-04"), n=1)
    _, polish, _ = run(capsys, "--db", str(db), "--lang", "en", "standings", "--season", "20.11.2026", "30.11.2026")
    _, iso, _ = run(capsys, "--db", str(db), "--lang", "en", "standings", "--season", "2026-11-20", "2026-11-30")
    assert polish == iso and "evenings: 1" in polish


@pytest.mark.parametrize("argv, option", [(["20261120", "2026-12-31"], "--season FROM"),
                                          (["2026-01-01", "2026-W47-5"], "--season TO"),
                                          (["31.02.2026", "2026-12-31"], "--season FROM"),
                                          (["2026-12-31", "2026-01-01"], "--season")])
def test_what_is_not_a_season_is_one_line(tmp_path, capsys, argv, option):
    db = tmp_path / "none" / "s.db"  # refused before any database is looked at
    code, out, err = run(capsys, "--db", str(db), "standings", "--season", *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and err.startswith(f"{option}: ")
    assert "Traceback" not in err


@pytest.mark.parametrize("bad", ["20261120", "2026-W47-5"])
def test_evening_new_refuses_a_non_date_naming_the_option(tmp_path, capsys, bad):
    db = tmp_path / "d.db"  # a file that is never made (a SQLite one)
    code, _, err = run(capsys, "--db", str(db), "evening", "new", "--date", bad)
    assert code == 2 and err.startswith("--date: ") and len(err.strip().splitlines()) == 1 and not db.exists()


def test_evening_new_takes_a_polish_date(db, capsys):
    code, out, _ = run(capsys, "--db", str(db), "evening", "new", "--date", "20.11.2026")
    assert code == 0 and Store(db).evening(int(out))["date"] == "2026-11-20"
