"""Exports: CSV, JSON, TOML (the round trip for every module) and a self-contained HTML file."""

import csv
import io
import json
import re
from pathlib import Path

import pytest

from zapis.io import records
from zapis.cli import main
from zapis.io.export import export
from zapis.store import Store

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "tests" / "data" / "samples").glob("*.toml")) + sorted(
    (ROOT / "tests" / "data" / "seeds").glob("*.toml")) + [ROOT / "tests" / "data" / "skat" / "seed-seeger-fabian.toml"]


@pytest.fixture
def store(db):
    s = Store(db)
    ev = s.new_evening("2026-11-20", "u Bogdana", "Piątek")
    for i, path in enumerate(SAMPLES):
        rec, rules, module = records.read(path)
        s.new_game(ev, i + 1, rec, rules, module, stake=1, hands=rec.hands)
    return s


def test_every_module_has_a_sample():
    from zapis.core.module import modules
    used = {records.read(p)[2].id for p in SAMPLES}
    assert used == set(modules())


def test_toml_round_trip_for_every_module(store, tmp_path):
    files = export(store, 1, "toml")
    assert len(files) == len(SAMPLES)
    for (name, text), g in zip(files.items(), store.games(1)):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        again = records.score_file(path).to_json()
        assert again["totals"] == store.sheet(g.id).to_json()["totals"], name
        assert again["hands"] == store.sheet(g.id).to_json()["hands"], name


def test_csv_hands_and_standings(store):
    files = export(store, 1, "csv", "en")
    hands = list(csv.reader(io.StringIO(files["hands.csv"].lstrip("\ufeff"))))
    assert hands[0][:6] == ["evening", "date", "table", "game", "ruleset", "hand"]
    assert "Ala score" in hands[0]
    assert len(hands) - 1 == sum(len(store.sheet(g.id).hands) for g in store.games(1))
    rubber = [r for r in hands if r[4] == "bridge-rubber"]
    total_col = hands[0].index("Bartek total")
    assert rubber[-1][total_col] == "1620"
    st = list(csv.reader(io.StringIO(files["standings.csv"].lstrip("\ufeff"))))
    assert st[0][:5] == ["place", "player", "games", "place points", "money (zł)"]
    assert files["standings.csv"].startswith("\ufeff")  # spreadsheets read it as UTF-8
    assert all("/" not in h and "stół" not in h for h in st[0])  # one language: no "Brydż ... / Rubber bridge"


def test_csv_headers_in_polish_and_numbers_machine_readable(store):
    files = export(store, 1, "csv", "pl")
    hands = list(csv.reader(io.StringIO(files["hands.csv"].lstrip("\ufeff"))))
    assert hands[0][:6] == ["wieczór", "data", "stół", "gra", "zasady", "rozdanie"] and "Ala: wynik" in hands[0]
    st = list(csv.reader(io.StringIO(files["standings.csv"].lstrip("\ufeff"))))
    assert st[0][:5] == ["miejsce", "gracz", "gry", "punkty za miejsca", "pieniądze (zł)"]
    assert all("," not in cell for row in st[1:] for cell in row[2:5])  # 6.88, not 6,88: a spreadsheet's number


def test_csv_keeps_polish_letters(store):
    store.rename_player("Ala", "Łucja Żółć")
    files = export(store, 1, "csv", "en")
    raw = files["hands.csv"].encode("utf-8")
    assert raw.startswith(b"\xef\xbb\xbf")  # the BOM that tells a spreadsheet it is UTF-8
    assert "Łucja Żółć score" in raw.decode("utf-8-sig").splitlines()[0]
    assert "Łucja Żółć" in files["standings.csv"]


def test_json_has_each_game_as_record_and_result(store):
    data = json.loads(export(store, 1, "json")["evening-1.json"])
    assert data["evening"]["place"] == "u Bogdana"
    g = data["games"][0]
    assert set(g) == {"id", "table", "stake", "record", "result"}
    assert g["record"]["format"] == "zapis/1"
    assert [s["player"] for s in data["standings"]]
    # the payments settle every player's money exactly
    net = {s["player"]: s["money"] for s in data["standings"]}
    for p in data["settlement"]:
        assert p["amount"] > 0
        net[p["from"]] += p["amount"]
        net[p["to"]] -= p["amount"]
    assert set(net.values()) == {0}


def test_html_is_self_contained_and_printable(store):
    text = export(store, 1, "html")["evening-1.html"]
    assert text.startswith("<!DOCTYPE html>") and "@page" in text and "Piątek" in text
    assert not re.search(r"https?://|src=|<link|@import|url\(", text)
    assert "Kierki z zapętlaniem" in text and "+(5.o)" in text  # the sheets are drawn


def test_export_cli_writes_files(store, tmp_path, capsys):
    db = store.path
    out = tmp_path / "wynik.html"
    assert main(["--db", str(db), "export", "--evening", "1", "--format", "html", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    folder = tmp_path / "csv"
    assert main(["--db", str(db), "export", "--evening", "1", "--format", "csv", "-o", str(folder)]) == 0
    assert sorted(p.name for p in folder.iterdir()) == ["hands.csv", "standings.csv"]
    assert main(["--db", str(db), "export", "--evening", "9", "--format", "csv"]) == 2
    assert "no evening 9" in capsys.readouterr().err


def test_the_html_report_and_the_board_write_numbers_in_their_language(tmp_path):
    """Money and place points as each language writes them (6,62 zł / 6.62 zł), places as a club writes them."""
    import re as _re

    from zapis.demo import build_demo
    from zapis.io.export import export_html
    from zapis.web.board import board_state

    db = tmp_path / "d.db"
    store = build_demo(db)
    ev = store.evenings()[-1]["id"]
    pl, en = export_html(store, ev, "pl"), export_html(store, ev, "en")
    money_pl = _re.findall(r"-?\d+[.,]\d\d zł", pl)
    money_en = _re.findall(r"-?\d+[.,]\d\d zł", en)
    assert money_pl and all("," in m for m in money_pl) and money_en and all("." in m for m in money_en)
    assert "<td>1.</td>" in pl or "<td>1.–2.</td>" in pl
    rows = board_state(db, "en")["standings"]
    assert all("," not in r["money"] for r in rows) and any("." in r["money"] for r in rows)
    assert all(str(r["rank"]).endswith(".") for r in rows)
