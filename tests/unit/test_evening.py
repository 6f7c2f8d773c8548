"""The evening's result: places with ties, place points, standings and the settlement, worked by hand
for an evening mixing bridge, skat, tysiąc and kop."""

from pathlib import Path

import pytest

from zapis.io import records
from zapis.club.evening import GameResult, game_money, game_places, settle, standings
from zapis.store import Store

ROOT = Path(__file__).resolve().parents[2]


def result(data, key, stake=0):
    rec, rules, module = records.parse({"format": "zapis/1", **data})
    sheet = records.score(rec, rules, module)
    return GameResult(key, sheet, rules, module, stake)


BRIDGE = records.read(ROOT / "tests" / "data" / "seeds" / "seed-rubber.toml")[0]
SKAT = {"ruleset": "skat-tournament", "players": ["Ala", "Bartek", "Ewa"], "hands": [
    {"declarer": "Ala", "game": "hearts", "matadors": 1, "card_points": 70},
    {"declarer": "Bartek", "game": "grand", "matadors": 2, "card_points": 50},
    {"declarer": "Ewa", "game": "clubs", "matadors": 1, "hand": True, "card_points": 70}]}
TYSIAC = {"ruleset": "tysiac", "players": ["Celina", "Darek", "Ewa"], "hands": [
    {"declarer": "Darek", "bid": 120, "points": {"Celina": 30, "Darek": 70, "Ewa": 20}, "melds": {"Darek": ["hearts"]}}]}


def evening():
    return [result({"ruleset": "bridge-rubber", "players": BRIDGE.players, "hands": BRIDGE.hands}, "bridge", 100),
            result(SKAT, "skat", 1), result(TYSIAC, "tysiac")]


def test_places_bridge_partners_share_their_sides_place():
    r = evening()[0]
    places, points = game_places(r.module, r.rules, r.sheet.players, r.sheet)
    assert places == {"Ala": 2, "Bartek": 1, "Celina": 2, "Darek": 1}
    assert points == {"Ala": 1, "Bartek": 2, "Celina": 1, "Darek": 2}  # two sides: 2 and 1


def test_places_with_ties_share_the_average():
    # Kop: A and B win an ordinary game (+1 each), C and D lose (-1): A, B share places 1-2 (4 + 3) / 2 = 3.5
    r = result({"ruleset": "kop-wolsztyn", "players": ["A", "B", "C", "D"],
                "hands": [{"game": "ordinary", "old": ["A", "B"], "old_points": 60}]}, "kop")
    places, points = game_places(r.module, r.rules, r.sheet.players, r.sheet)
    assert places == {"A": 1.5, "B": 1.5, "C": 3.5, "D": 3.5}
    assert points == {"A": 3.5, "B": 3.5, "C": 1.5, "D": 1.5}


def test_kop_place_points_scheme_from_the_ruleset():
    r = result({"ruleset": "kop-koscian", "players": ["A", "B", "C", "D"],
                "hands": [{"game": "solo", "old": ["A"], "old_points": 60}]}, "kop")
    _, points = game_places(r.module, r.rules, r.sheet.players, r.sheet)
    # Kościan 5, 3, 1, 0: B, C and D tie for places 2-4 and share (3 + 1 + 0) / 3
    assert points["A"] == 5 and all(points[p] == pytest.approx(4 / 3) for p in "BCD")


def test_money_per_game():
    bridge, skat, tysiac = evening()
    # rubber: 1620 - 300 = 1320 -> 13 units at 100 groszy; each partner wins it from one opponent
    assert game_money(bridge.module, bridge.rules, bridge.sheet.players, bridge.sheet, 100) == {
        "Ala": -1300, "Bartek": 1300, "Celina": -1300, "Darek": 1300}
    # skat totals Ala 110, Bartek -194, Ewa 126: not zero-sum, so every pair settles its difference
    assert skat.sheet.totals == {"Ala": 110, "Bartek": -194, "Ewa": 126}
    assert game_money(skat.module, skat.rules, skat.sheet.players, skat.sheet, 1) == {
        "Ala": 288, "Bartek": -624, "Ewa": 336}
    # a zero-sum game: each point at the stake
    kop = result({"ruleset": "kop-wolsztyn", "players": ["A", "B", "C", "D"],
                  "hands": [{"game": "solo", "old": ["A"], "old_points": 60}]}, "kop")
    assert game_money(kop.module, kop.rules, ["A", "B", "C", "D"], kop.sheet, 10) == {
        "A": 150, "B": -50, "C": -50, "D": -50}


def test_standings_of_a_mixed_evening():
    table = standings(evening())
    got = [(s.rank, s.player, s.games, s.place_points, s.money) for s in table]
    # bridge: Bartek, Darek 2; Ala, Celina 1. skat: Ewa 3, Ala 2, Bartek 1. tysiąc: Darek 3, Celina 2, Ewa 1.
    assert got == [(1, "Darek", 2, 5, 1300), (2, "Ewa", 2, 4, 336), (3, "Bartek", 2, 3, 676),
                   (3, "Ala", 2, 3, -1012), (3, "Celina", 2, 3, -1300)]
    assert table[0].results["tysiac"] == {"total": 120, "place": 1, "place_points": 3}


def test_settlement_shortest_list():
    net = {s.player: s.money for s in standings(evening())}
    # Celina's debt equals Darek's credit: one payment; Ala pays Bartek and Ewa
    assert settle(net) == [("Celina", "Darek", 1300), ("Ala", "Bartek", 676), ("Ala", "Ewa", 336)]
    assert settle({"A": 0, "B": 0}) == []
    pays = settle({"A": -500, "B": -300, "C": 200, "D": 600})
    assert len(pays) <= 3 and sum(m for a, b, m in pays) == 800


def test_season_standings_sum_evenings(db):
    s = Store(db)
    for date in ("2026-10-02", "2026-10-09", "2026-12-01"):
        rec, rules, module = records.parse({"format": "zapis/1", **TYSIAC})
        s.new_game(s.new_evening(date), 1, rec, rules, module, hands=rec.hands)
    table = standings(s.results(None, "2026-10-01", "2026-10-31"))
    assert [(t.player, t.games, t.place_points) for t in table] == [("Darek", 2, 6), ("Celina", 2, 4), ("Ewa", 2, 2)]


@pytest.mark.parametrize("n,word", [(1, "rozdanie"), (2, "rozdania"), (4, "rozdania"), (5, "rozdań"), (12, "rozdań"),
                                    (14, "rozdań"), (22, "rozdania"), (25, "rozdań"), (101, "rozdań"), (104, "rozdania")])
def test_polish_plurals(n, word):
    """Polish grammar: 1 rozdanie; 2-4, 22-24, 102-104 rozdania (but 12-14 rozdań); everything else rozdań."""
    from zapis.lang import plural_pl

    assert plural_pl(n, "rozdanie", "rozdania", "rozdań") == word


def test_evening_show_counts_hands_in_polish_grammar(db, capsys):
    from tests.ui.conftest import new_game
    from zapis import cli
    new_game(db, "bridge-rubber", ["Ala", "Bartek", "Celina", "Darek"],
             [{"contract": "2H", "declarer": "E", "tricks": 8}, {"contract": "pass"}])
    assert cli.main(["--db", str(db), "--lang", "pl", "evening", "show", "1"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # wrapped at 80 columns
    assert "stół 1, gra #1" in out and "[2 rozdania]" in out and "hands" not in out
    assert cli.main(["--db", str(db), "--lang", "en", "evening", "show", "1"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "table 1, game #1" in out and "[2 hands]" in out and "rozdania" not in out


@pytest.mark.parametrize("lang,words,other", [("pl", ["moduł", "nazwa", "Czarna Mańka dwóch na dwóch"], "title"),
                                              ("en", ["module", "title", "Czarna Mańka, two against two"], "nazwa")])
def test_the_lists_are_said_in_one_language(db, capsys, lang, words, other):
    from zapis import cli

    assert cli.main(["--lang", lang, "rulesets"]) == 0
    out = capsys.readouterr().out
    assert all(w in out for w in words) and other not in out
    assert cli.main(["--db", str(db), "evening", "new", "--title", "Piątek"]) == 0
    assert cli.main(["--db", str(db), "--lang", lang, "evening", "list"]) == 0
    head = capsys.readouterr().out
    assert ("miejsce" in head) == (lang == "pl") and ("place" in head) == (lang == "en")
