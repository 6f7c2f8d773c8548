"""Names are data, everywhere (issue 29, point 4): every name that enters (players of a record, the names of a
bridge-pairs record's pairs, `pairs new --pair`, titles, evenings' places, a rename, a skat draw) is checked the
same way: at most 60 characters, no control characters. Refused by exit 2 with one line naming the place, and
nothing saved. And a label cut is linear in the label's length (the season's HTML export took minutes)."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
import tomli_w

from zapis.io import records
from zapis.cli import main
from zapis.core.errors import ZapisError
from zapis.core.names import MAX_NAME, name_problems
from zapis.io.export import chart_svg
from zapis.store import Store

LONG = "x" * (MAX_NAME + 1)
BAD = {"long": LONG, "huge": "y" * 40_000, "esc": "Ala\x1b[31m", "bel": "Bartek\x07", "newline": "Cel\nina",
       "tab": "Da\trek", "del": "Ewa\x7f", "c1": "Fra\x9bnek"}
KIERKI = {"format": "zapis/1", "ruleset": "kierki", "players": ["Ala", "Bartek", "Celina", "Darek"]}
PAIRS = {"format": "zapis/1", "ruleset": "bridge-pairs",
         "pairs": {"1": ["Ala", "Bartek"], "2": ["Celina", "Darek"], "3": ["Ewa", "Franek"], "4": ["Gosia", "Hubert"]},
         "results": [{"board": 1, "ns": 1, "ew": 2, "contract": "4S", "declarer": "N", "double": "", "tricks": 10}]}


def refused(tmp_path, capsys, argv, place):
    """`zapis ARGV` exits 2 with exactly one line, which begins with `place`; nothing is saved."""
    db = tmp_path / "names.db"
    code = main(["--db", str(db), "--lang", "en", *argv])
    err = capsys.readouterr().err
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(place), lines
    assert "Traceback" not in err and "internal error" not in err
    assert "\x1b" not in err and "\x07" not in err
    if db.exists():
        with Store(db) as s:
            assert s.evenings() == [] and s.games() == [] and s.players() == []
    return lines[0]


# --- the one check -----------------------------------------------------------------------------------------
def test_the_check_itself():
    assert name_problems("x" * MAX_NAME, "p") == [] and name_problems("Żaneta Łęcka [/] =1+1 \u200f", "p") == []
    # a direction override turns what follows around ("Ala" shown as "alA", the columns after it reordered)
    assert [str(p) for p in name_problems("Ala\u202e", "p")] == ["p: holds a control character (U+202E)"]
    assert [str(p) for p in name_problems(LONG, "p")] == ["p: is longer than 60 characters"]
    assert [str(p) for p in name_problems("A\x1bB", "p")] == ["p: holds a control character (U+001B)"]
    for label, bad in BAD.items():
        assert len(name_problems(bad, "p")) == 1, label
    t = time.perf_counter()
    assert name_problems("z" * 10_000_000, "p")  # refused by its length before any character is looked at
    assert time.perf_counter() - t < 0.1


def test_records_use_it_for_players_and_titles():
    for label, bad in BAD.items():
        data = {**KIERKI, "players": ["Ala", bad, "Celina", "Darek"]}
        with pytest.raises(ZapisError) as e:
            records.parse(data)
        assert [p.place for p in e.value.problems] == ["players[1]"], label
        with pytest.raises(ZapisError) as e:
            records.parse({**KIERKI, "title": bad})
        assert [p.place for p in e.value.problems] == ["title"], label
    records.parse({**KIERKI, "players": ["Ala", "x" * MAX_NAME, "Celina", "Darek"], "title": "t" * MAX_NAME})


# --- zapis import ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("label", list(BAD))
def test_import_refuses_a_player(tmp_path, capsys, label):
    f = tmp_path / "game.toml"
    f.write_text(tomli_w.dumps({**KIERKI, "players": ["Ala", "Bartek", BAD[label], "Darek"]}), encoding="utf-8")
    refused(tmp_path, capsys, ["import", str(f)], f"{f}: players[2]: ")


@pytest.mark.parametrize("label", ["long", "esc", "newline"])
def test_import_refuses_a_title(tmp_path, capsys, label):
    f = tmp_path / "game.toml"
    f.write_text(tomli_w.dumps({**KIERKI, "title": BAD[label]}), encoding="utf-8")
    refused(tmp_path, capsys, ["import", str(f)], f"{f}: title: ")


@pytest.mark.parametrize("label", list(BAD))
def test_import_refuses_a_name_in_a_bridge_pairs_record(tmp_path, capsys, label):
    """Pair names of 10,000 to 40,000 characters were imported."""
    data = {**PAIRS, "pairs": {**PAIRS["pairs"], "3": ["Ewa", BAD[label]]}}
    f = tmp_path / "session.toml"
    f.write_text(tomli_w.dumps(data), encoding="utf-8")
    line = refused(tmp_path, capsys, ["import", str(f)], f"{f}: pairs.3[1]: ")
    assert len(line) < 200  # the name is not repeated back


def test_import_takes_names_of_sixty_characters(tmp_path, capsys):
    data = {**PAIRS, "title": "t" * MAX_NAME, "pairs": {**PAIRS["pairs"], "3": ["Ewa", "e" * MAX_NAME]}}
    f = tmp_path / "session.toml"
    f.write_text(tomli_w.dumps(data), encoding="utf-8")
    db = tmp_path / "ok.db"
    assert main(["--db", str(db), "import", str(f)]) == 0
    assert "e" * MAX_NAME in Store(db).players()


# --- zapis pairs new, zapis evening new, zapis players rename, zapis skat draw --------------------------------
@pytest.mark.parametrize("label", ["long", "huge", "esc", "tab", "c1"])
def test_pairs_new_refuses_a_pair_name(tmp_path, capsys, label):
    pairs = ["Ala, Bartek", f"Celina, {BAD[label]}", "Ewa, Franek", "Gosia, Hubert"]
    refused(tmp_path, capsys, ["pairs", "new", *(x for p in pairs for x in ("--pair", p))], "--pair: ")


@pytest.mark.parametrize("label", ["long", "esc"])
def test_pairs_new_refuses_a_title(tmp_path, capsys, label):
    pairs = ["Ala, Bartek", "Celina, Darek", "Ewa, Franek", "Gosia, Hubert"]
    refused(tmp_path, capsys, ["pairs", "new", "--title", BAD[label], *(x for p in pairs for x in ("--pair", p))],
            "--title: ")


@pytest.mark.parametrize("option", ["--title", "--place"])
@pytest.mark.parametrize("label", ["long", "huge", "esc", "bel", "newline", "del"])
def test_evening_new_refuses_a_title_or_place(tmp_path, capsys, option, label):
    refused(tmp_path, capsys, ["evening", "new", "--date", "2026-11-20", option, BAD[label]], f"{option}: ")


def test_evening_new_takes_sixty_characters(tmp_path):
    db = tmp_path / "e.db"
    assert main(["--db", str(db), "evening", "new", "--title", "t" * MAX_NAME, "--place", "p" * MAX_NAME]) == 0
    ev = Store(db).evenings()[0]
    assert (ev["title"], ev["place"]) == ("t" * MAX_NAME, "p" * MAX_NAME)


@pytest.mark.parametrize("label", ["long", "esc", "newline"])
def test_players_rename_refuses(tmp_path, capsys, label):
    db = tmp_path / "names.db"
    rec, rules, module = records.parse(dict(KIERKI))
    with Store(db) as s:
        s.new_game(s.new_evening("2026-11-20"), 1, rec, rules, module)
    assert main(["--db", str(db), "--lang", "en", "players", "rename", "Ala", BAD[label]]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("name: "), err
    assert Store(db).players() == ["Ala", "Bartek", "Celina", "Darek"]


@pytest.mark.parametrize("label", ["long", "esc"])
def test_skat_draw_refuses_a_name(tmp_path, capsys, label):
    """The app makes the draw's tables into games: a name the games would refuse is refused at the draw."""
    refused(tmp_path, capsys, ["skat", "draw", "--players", "Ala", "Bartek", "Celina", BAD[label]], "--players: ")


# --- the store: the last net under every path (the app's, the web's) ---------------------------------------
@pytest.mark.parametrize("label", ["long", "esc"])
def test_the_store_refuses_what_a_caller_did_not_check(tmp_path, label):
    s = Store(tmp_path / "net.db")
    with pytest.raises(ZapisError, match="^place: "):
        s.new_evening("2026-11-20", place=BAD[label])
    with pytest.raises(ZapisError, match="^title: "):
        s.new_evening("2026-11-20", title=BAD[label])
    ev = s.new_evening("2026-11-20")
    rec, rules, module = records.parse(dict(KIERKI))
    rec.players = ["Ala", "Bartek", BAD[label], "Darek"]
    with pytest.raises(ZapisError, match=r"^players\[2\]: "):
        s.new_game(ev, 1, rec, rules, module)
    rec.players, rec.title = list(KIERKI["players"]), BAD[label]
    with pytest.raises(ZapisError, match="^title: "):
        s.new_game(ev, 1, rec, rules, module)
    rec.title = None
    with pytest.raises(ZapisError, match="^place: "):
        s.new_game(None, 1, rec, rules, module, evening=("2026-11-20", BAD[label], ""))
    prec, prules, pmodule = records.parse({k: v for k, v in PAIRS.items() if k != "results"})
    prec.players = {**prec.players, "2": ["Celina", BAD[label]]}
    with pytest.raises(ZapisError, match=r"^pairs\.2\[1\]: "):
        s.new_game(ev, 2, prec, prules, pmodule)
    assert [e["id"] for e in s.evenings()] == [ev] and s.games() == []


# --- a label cut is linear ---------------------------------------------------------------------------------
def naive_cut(text: str, room: float) -> str:
    """The cut as it was (each character taken off measured the whole name again): the reference for the result."""
    text = chart_svg.plain(text)
    if chart_svg._text_width(text) <= room:
        return text
    while text and chart_svg._text_width(text + "…") > room:
        text = text[:-1]
    return text + "…"


def test_the_cut_is_the_same_cut():
    for text in ("", "Ala", "x" * 80, "漢字" * 30, "Ala\x1b[31m Bartek " * 6, "ż" * 59 + "…"):
        for room in (0, 5, 7.2, 40, 100, 480.5, 1000):
            assert chart_svg._cut(text, room) == naive_cut(text, room), (text, room)


def test_the_cut_measures_each_character_once(monkeypatch):
    seen = []
    width = chart_svg.unicodedata.east_asian_width

    class Counting:
        @staticmethod
        def east_asian_width(c):
            seen.append(c)
            return width(c)

    monkeypatch.setattr(chart_svg, "unicodedata", Counting)
    name = "n" * 3000
    assert chart_svg._cut(name, 500).endswith("…")
    assert len(seen) <= 2 * len(name)  # the old cut measured it about 3000 * 3000 / 2 times


def test_a_forty_thousand_character_label_is_cut_at_once():
    t = time.perf_counter()
    cut = chart_svg._cut("W" * 40_000, 500)
    assert time.perf_counter() - t < 0.5
    assert cut.endswith("…") and chart_svg._text_width(cut) <= 500


def test_the_season_report_of_an_old_database_with_a_long_name(tmp_path, capsys):
    """Names are refused at entry now; an older database may still hold one. Its season report is quick."""
    db = tmp_path / "old.db"
    with Store(db) as s:
        ev = s.new_evening("2026-11-20")
        for table in (1, 2):  # finished rubbers: the players are rated, and the ratings' chart has a legend
            rec, rules, module = records.read(Path(__file__).resolve().parents[1] / "data" / "seeds" / "seed-rubber.toml")
            s.new_game(ev, table, rec, rules, module, hands=rec.hands)
    with sqlite3.connect(db) as c:
        c.execute("UPDATE players SET name = ? WHERE name = 'Ala'", ("A" * 40_000,))
    c.close()
    t = time.perf_counter()
    assert main(["--db", str(db), "export", "--season", "2026-01-01", "2026-12-31", "--format", "html"]) == 0
    assert time.perf_counter() - t < 10  # it took about two minutes (a 4,000-character name: over a second)
    out = capsys.readouterr().out
    assert "<svg" in out and "A" * 40_000 in out  # the tables show the whole name; the chart's legend cuts it
