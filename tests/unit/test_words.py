"""A sheet's texts in both languages as data; each renderer says them in one (the screens' issue)."""

import copy
import json
import pickle

from rich.console import Console

from zapis.core.errors import Problem, ZapisError
from zapis.core.sheet import Cell, Check, Row, Section, Sheet
from zapis.core.words import Bi, join, say
from zapis.io.export import sheet_html
from zapis.io.render import sheet_renderable


def test_a_bi_is_its_polish_text_and_carries_the_english():
    b = Bi("razem", "total")
    assert b == "razem" and say(b, "pl") == "razem" and say(b, "en") == "total"
    assert json.dumps(b) == '"razem"'  # the JSON (a contract) is unchanged by the second language
    assert say(copy.deepcopy(b), "en") == "total" and say(pickle.loads(pickle.dumps(b)), "en") == "total"
    assert say("1: " + b + " (x)", "en") == "1: total (x)"
    assert say(join(", ", [b, "Ala", Bi("pas", "pass")]), "en") == "total, Ala, pass"
    assert say("Ala", "en") == "Ala" and say(None, "pl") == ""


def _sheet() -> Sheet:
    sec = Section(Bi("1: nad kreską", "1: above"), ["Ala", "Ola"],
                  [Row(Bi("premia za pokonanie", "defeat bonus"), [Cell.num(50), Cell(Bi("pas", "passed"))],
                       note=Bi("z 2, gra 3", "with 2, game 3")),
                   Row(Bi("razem", "total"), [Cell.num(50), Cell.num(-50)], marks=frozenset({"total"}))],
                  label_header=Bi("rozdanie", "deal"))
    sheet = Sheet("x", "x", Bi("Brydż", "Bridge"), ["Ala", "Ola"], sections=[sec], totals={"Ala": 50, "Ola": -50})
    sheet.checks.append(Check(Bi("sumuje się do zera", "sums to zero"), True))
    sheet.notes.append(Bi("Do rozegrania: Ala", "Owed: Ala"))
    return sheet


def _printed(lang: str) -> str:
    con = Console(width=160, record=True, file=open("/dev/null", "w"))
    con.print(sheet_renderable(_sheet(), lang=lang))
    return con.export_text()


def test_zapis_score_says_the_sheet_in_one_language():
    pl, en = _printed("pl"), _printed("en")
    for word in ("nad kreską", "premia za pokonanie", "razem", "rozdanie", "sumuje się do zera", "Do rozegrania",
                 "z 2, gra 3", "jak", "Wynik", "Brydż"):
        assert word in pl and word not in en, word
    for word in ("above", "defeat bonus", "total", "deal", "sums to zero", "Owed", "with 2", "how", "Totals",
                 "Bridge"):
        assert word in en and word not in pl, word
    assert " pas " in pl and "passed" in en


def test_the_html_sheet_says_it_in_one_language():
    pl, en = sheet_html(_sheet(), "pl"), sheet_html(_sheet(), "en")
    assert "premia za pokonanie" in pl and "defeat bonus" not in pl and "/ " not in pl
    assert "defeat bonus" in en and "premia" not in en and ">how<" in en and ">jak<" in pl


def test_a_problem_is_said_in_the_language_asked():
    p = Problem("hands[0].points", Bi("brak", "missing"))
    assert p.say("pl") == "hands[0].points: brak" and str(p) == "hands[0].points: missing"
    assert ZapisError([p]).lines("pl") == ["hands[0].points: brak"]


def test_a_value_out_of_its_range_is_refused_in_both_languages():
    from zapis.core.fields import Field, check_table

    fields = [Field("card_points", "int", "", min=0, max=120), Field("game", "choice", "", choices=("grand", "null"),
                                                                              required=True)]
    problems = check_table(fields, {"card_points": 130, "extra": 1}, "hands[0]")
    assert [p.say("pl") for p in problems] == ["hands[0].extra: nieznane pole", "hands[0].card_points: 130 nie "
                                               "mieści się w 0–120", "hands[0].game: brak"]
    assert [p.say("en") for p in problems] == ["hands[0].extra: unknown field", "hands[0].card_points: 130 is not "
                                               "between 0 and 120", "hands[0].game: missing"]


def test_a_rulesets_title_is_said_in_one_language_and_a_games_own_title_is_never_split(db):
    from zapis.io import records
    from zapis.core.words import both, raw
    from zapis.store import Store

    assert say(both("Brydż robrowy / Rubber bridge"), "en") == "Rubber bridge"
    assert raw(both("Brydż robrowy / Rubber bridge")) == "Brydż robrowy / Rubber bridge"
    assert both("Tysiąc u Bogdana") == "Tysiąc u Bogdana" and both("a / b / c") == "a / b / c"
    store = Store(db)
    ev = store.new_evening(title="x")
    for title in (None, "Mecz A / B"):
        data = {"format": "zapis/1", "ruleset": "bridge-rubber", "players": ["Ala", "Bartek", "Celina", "Darek"]}
        rec, rules, module = records.parse({**data, "title": title} if title else data)
        store.new_game(ev, 1, rec, rules, module)
    ruleset_titled, own_titled = store.games(ev)
    assert say(ruleset_titled.title, "en") == "Rubber bridge" and "Brydż robrowy" in say(ruleset_titled.title, "pl")
    assert say(own_titled.title, "pl") == say(own_titled.title, "en") == "Mecz A / B"  # data, whole
    _, rules, _ = store.record(ruleset_titled.id)
    assert say(rules.title, "en") == "Rubber bridge"  # read back from the game's frozen rules


def test_a_rulesets_description_may_be_given_in_each_language(tmp_path):
    import pytest

    from zapis.io import rulesets

    f = tmp_path / "house.toml"
    f.write_text('extends = "tysiac"\ntitle = "Tysiąc u nas"\n[description]\npl = "Do 1000."\nen = "To 1000."\n'
                 '[rules]\ntarget = 1000\n', encoding="utf-8")
    r = rulesets.load(str(f))
    assert say(r.description, "pl") == "Do 1000." and say(r.description, "en") == "To 1000."
    f.write_text('extends = "tysiac"\ndescription = { pl = 5, de = "x" }\n', encoding="utf-8")
    with pytest.raises(ZapisError) as e:
        rulesets.load(str(f))
    assert sorted(p.place for p in e.value.problems) == ["description.de", "description.pl"]


def test_zapis_score_says_what_comes_next_in_its_language_without_touching_the_apps():
    from zapis import lang as i18n

    sheet = _sheet()
    sheet.next = {"dealer": "Ala", "vulnerable": "both"}
    i18n.set_lang("pl")
    con = Console(width=160, record=True, file=open("/dev/null", "w"))
    con.print(sheet_renderable(sheet, lang="en"))
    assert "Next: dealer Ala, vulnerable both" in con.export_text()
    assert i18n.get_lang() == "pl"  # the app's language is the app's: a renderer passes its own
