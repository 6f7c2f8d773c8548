"""`zapis export --season FROM TO --format html|csv|json`: the season's report with the standings, the ratings and
their course as a chart, and the statistics; the same figures as `zapis standings --season ... --ratings --stats`;
names escaped; one language at a time; nothing but what the hands give."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from tests.unit.test_season_layout import club
from zapis.io import records
from zapis.cli import main
from zapis.store import Store

SEASON = ("2026-09-01", "2026-12-31")


def run(capsys, *argv):
    code = main(list(argv))
    cap = capsys.readouterr()
    return code, cap.out, cap.err


@pytest.fixture
def db(tmp_path):
    return club(tmp_path / "club.db", dates=("2026-11-06", "2026-11-13", "2026-11-20"))


def test_the_json_has_the_figures_the_standings_show(db, capsys):
    code, out, _ = run(capsys, "--db", str(db), "export", "--season", *SEASON, "--format", "json")
    assert code == 0
    report = json.loads(out)
    code, out, _ = run(capsys, "--db", str(db), "standings", "--season", *SEASON, "--ratings", "--stats", "--json")
    shown = json.loads(out)
    assert report["season"] == {"from": SEASON[0], "to": SEASON[1], "evenings": 3, "games": 36}
    assert [(r["player"], r["place_points"], r["money"]) for r in report["standings"]] == [
        (r["player"], r["place_points"], r["money"]) for r in shown["standings"]]
    assert report["ratings"] == shown["ratings"] and report["statistics"] == shown["statistics"]
    # twelve players, three evenings of twelve games: each plays three or four games an evening
    assert sum(r["games"] for r in report["standings"]) == 3 * (4 * 4 + 4 * 3 + 4 * 4)


def test_the_csv_files_are_the_standings_ratings_and_statistics(db, capsys):
    code, out, _ = run(capsys, "--db", str(db), "--lang", "en", "export", "--season", *SEASON, "--format", "csv")
    assert code == 0
    files = dict(re.findall(r"# --- (\S+)\n(.*?)(?=\n# --- |\Z)", out, re.S))
    assert set(files) == {"season-standings.csv", "season-ratings.csv", "season-statistics.csv"}
    ratings = list(csv.DictReader(io.StringIO(files["season-ratings.csv"])))
    assert {r["player"] for r in ratings if r["family"] == "all"} == {
        "Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek", "Gosia", "Henryk", "Iza", "Janek", "Kasia", "Leon"}
    # the tysiąc games are one deal each, far from 1000: unfinished, so they rate nobody
    assert {r["family"] for r in ratings} == {"all", "bridge", "kop"}


@pytest.mark.parametrize("lang,words,other", [
    ("pl", ["Klasyfikacja sezonu", "Ranking graczy", "Statystyki", "Brydż", "wieczór"], "Standings"),
    ("en", ["The season's standings", "Ratings", "Statistics", "Bridge", "evening"], "Klasyfikacja")])
def test_the_html_report_has_its_chart_in_one_language(db, capsys, tmp_path, lang, words, other):
    out = tmp_path / "season.html"
    code, _, err = run(capsys, "--db", str(db), "--lang", lang, "export", "--season", *SEASON, "--format", "html",
                       "-o", str(out))
    assert code == 0, err
    page = out.read_text(encoding="utf-8")
    assert all(w in page for w in words) and other not in page
    chart = page[page.index("<svg"):page.index("</svg>")]
    assert chart.count("<polyline") == 12  # a line per player: the rating after each evening
    assert "http" not in page  # self-contained


def test_names_are_escaped_and_an_empty_season_is_said(tmp_path, capsys):
    db = tmp_path / "n.db"
    s = Store(db)
    ev = s.new_evening("2026-11-20")
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "tysiac",
                                        "players": ["<b>Ala</b>", "[red]Bartek", "Celina & co"],
                                        "hands": [{"declarer": "<b>Ala</b>", "bid": 100, "points": {
                                            "<b>Ala</b>": 100, "[red]Bartek": 10, "Celina & co": 10}}]})
    s.new_game(ev, 1, rec, rules, module, 0, rec.hands)
    s.close()
    code, out, _ = run(capsys, "--db", str(db), "--lang", "en", "export", "--season", *SEASON, "--format", "html")
    assert code == 0 and "<b>Ala" not in out and "&lt;b&gt;Ala&lt;/b&gt;" in out and "Celina &amp; co" in out
    code, out, _ = run(capsys, "--db", str(db), "--lang", "en", "export", "--season", "2025-01-01", "2025-02-01",
                       "--format", "html")
    assert code == 0 and "No evenings from 2025-01-01 to 2025-02-01." in out and "<svg" not in out


@pytest.mark.parametrize("argv,line", [
    (["--season", "2026-12-31", "2026-01-01", "--format", "html"], "--season: FROM 2026-12-31 is after TO 2026-01-01"),
    (["--season", *SEASON, "--format", "toml"], "--format: toml: game records are exported per evening"),
])
def test_bad_requests_exit_2_in_one_line(db, capsys, argv, line):
    code, out, err = run(capsys, "--db", str(db), "export", *argv)
    assert code == 2 and out == "" and err.strip().startswith(line) and len(err.strip().splitlines()) == 1
