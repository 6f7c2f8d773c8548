"""Statistics per player and per game family across a season (issue #17, part 3): games, wins, the average place,
the best and the worst result, hands as declarer and made (bridge, skat, tysiąc), the longest winning streak. A
season of three evenings whose every figure is counted by hand below; each module's declarers() on hands worked
by hand; the outcome with the declarers' counts remembered by the store, agreeing with a fresh recomputation."""

from __future__ import annotations

import json

import pytest

from zapis.io import records
from zapis.cli import main
from zapis.club.evening import GameResult, declarers
from zapis.club.statistics import (ALL, Stats, families, family_of, family_titles, season_statistics,
                              statistics_json)
from zapis.store import Store

ALA, BARTEK, CELINA, DAREK = "Ala", "Bartek", "Celina", "Darek"

# --- the season, counted by hand ---------------------------------------------------------------------------
# Evening 1, 2026-01-09
# G1 bridge-rubber, Ala N, Bartek E, Celina S, Darek W (N-S: Ala + Celina)
#    4S by N (Ala) 10 tricks: made (needs 10), 120 below: N-S game
#    3NT by S (Celina) 8 tricks: one down (needs 9), N-S vulnerable: 100 to E-W
#    4H by "Ala" (her name) 11 tricks: made +1, 120 below + 30: the rubber 2-0, 700
#    N-S 120 + 120 + 30 + 700 = 970, E-W 100: Ala, Celina 1st; Bartek, Darek 2nd
#    declared: Ala 2 (2 made), Celina 1 (0 made)
# G2 tysiąc, Ala, Bartek, Celina
#    Bartek 120 with ♥ (70 + 100 = 170): made +120; Ala 30, Celina 20
#    Celina 100 (61): not made -100; Ala 44 -> 40, Bartek 15 -> 20
#    Ala 100, a bomb: Ala 0, Bartek 60, Celina 60
#    Ala 70, Bartek 200, Celina -20: Bartek 1st, Ala 2nd, Celina 3rd
#    declared: Bartek 1 (1), Celina 1 (0), Ala 1 (0: the bomb)
# G3 skat-tournament, Bartek, Celina, Darek
#    Bartek clubs with 1, 70 card points: 12 x 2 = 24 won, +24 + 50 = 74
#    Darek grand without 2, 50 card points: 24 x 3 = 72 lost, -2 x 72 - 50 = -194; Bartek, Celina +40 each
#    everybody passed: 0
#    Bartek 114, Celina 40, Darek -194: Bartek 1st, Celina 2nd, Darek 3rd
#    declared: Bartek 1 (1), Darek 1 (0)
# G4 kierki (tests/data/samples/kierki.toml): Ala -55, Bartek -110, Celina -90, Darek 60
#    Darek 1st, Ala 2nd, Celina 3rd, Bartek 4th; no declarer
# Evening 2, 2026-01-16
# G5 bridge-rubber, Bartek N, Ala E, Darek S, Celina W (N-S: Bartek + Darek)
#    3NT by N (Bartek) 9 tricks: made, 100 below: N-S game
#    2S by E (Ala) 7 tricks: one down (needs 8), E-W not vulnerable: 50 to N-S
#    4S by S (Darek) 10 tricks: made, 120 below: the rubber 2-0, 700
#    N-S 100 + 50 + 120 + 700 = 970, E-W 0: Bartek, Darek 1st; Ala, Celina 2nd
#    declared: Bartek 1 (1), Ala 1 (0), Darek 1 (1)
# G6 tysiąc, Celina, Darek, Ala
#    Celina 100 with 100 card points: made +100; Darek 10, Ala 10
#    Celina 1st; Darek and Ala share places 2-3 (2.5 each)
#    declared: Celina 1 (1)
# G7 kop-wolsztyn, Ala, Celina, Bartek, Darek: Ala and Celina win an ordinary game: they share places 1-2 (both
#    won: a shared first place is a win), Bartek and Darek share 3-4 (3.5 each)
# Evening 3, 2026-01-23
# G8 skat-tournament, Ala, Bartek, Celina
#    Ala hearts with 2, 90 card points (schneider): 10 x 4 = 40 won, +40 + 50 = 90
#    Ala 90 1st; Bartek and Celina 0 share 2-3 (2.5 each)
#    declared: Ala 1 (1)
# G9 tysiąc, Bartek, Celina, Darek, no hand yet: everybody level, nobody beaten: not counted
#
# Per player, in the order played (W: won):
# Ala    G1 bridge 1st W 970, G2 tysiąc 2nd 70, G4 kierki 2nd -55, G5 bridge 2nd 0, G6 tysiąc 2.5 10,
#        G7 kop 1.5 W, G8 skat 1st W 90
#        all: 7 games, 3 wins, places 1 + 2 + 2 + 2 + 2.5 + 1.5 + 1 = 12 -> 12/7, streak 2 (G7, G8),
#        declared 2 + 1 + 1 + 1 = 5, made 2 + 0 + 0 + 1 = 3
#        bridge: 2 games, 1 win, places 1 + 2 -> 1.5, best 970, worst 0, declared 3 made 2, streak 1
#        tysiąc: 2 games, 0 wins, places 2 + 2.5 -> 2.25, best 70, worst 10, declared 1 made 0, streak 0
# Bartek G1 bridge 2nd 100, G2 tysiąc 1st W 200, G3 skat 1st W 114, G4 kierki 4th -110, G5 bridge 1st W 970,
#        G7 kop 3.5, G8 skat 2.5 0
#        all: 7 games, 3 wins, places 2 + 1 + 1 + 4 + 1 + 3.5 + 2.5 = 15 -> 15/7, streak 2 (G2, G3),
#        declared 1 + 1 + 1 = 3, made 3
#        skat: 2 games, 1 win, places 1 + 2.5 -> 1.75, best 114, worst 0, declared 1 made 1, streak 1
#        bridge: 2 games, 1 win, places 2 + 1 -> 1.5, best 970, worst 100, declared 1 made 1
# Celina G1 bridge 1st W 970, G2 tysiąc 3rd -20, G3 skat 2nd 40, G4 kierki 3rd -90, G5 bridge 2nd 0,
#        G6 tysiąc 1st W 100, G7 kop 1.5 W, G8 skat 2.5 0
#        all: 8 games, 3 wins, places 1 + 3 + 2 + 3 + 2 + 1 + 1.5 + 2.5 = 16 -> 2, streak 2 (G6, G7),
#        declared 1 + 1 + 1 = 3, made 0 + 0 + 1 = 1
#        tysiąc: 2 games, 1 win, places 3 + 1 -> 2, best 100, worst -20, declared 2 made 1, streak 1
# Darek  G1 bridge 2nd 100, G3 skat 3rd -194, G4 kierki 1st W 60, G5 bridge 1st W 970, G6 tysiąc 2.5 10,
#        G7 kop 3.5 (G9 not counted)
#        all: 6 games, 2 wins, places 2 + 3 + 1 + 1 + 2.5 + 3.5 = 13 -> 13/6, streak 2 (G4, G5),
#        declared 1 + 1 = 2, made 1
#        kierki: 1 game, 1 win, place 1, best = worst = 60, no declarer (declared None)

PLAYERS4 = [ALA, BARTEK, CELINA, DAREK]
KIERKI = [{"deal": "no-tricks", "taken": {ALA: 4, BARTEK: 3, CELINA: 3, DAREK: 3}},
          {"deal": "no-hearts", "taken": {ALA: 0, BARTEK: 5, CELINA: 4, DAREK: 4}},
          {"deal": "trumps", "tricks": {ALA: 6, BARTEK: 2, CELINA: 2, DAREK: 3},
           "sale": {"seller": DAREK, "buyer": ALA, "points": 125}}]
SEASON = {
    "2026-01-09": [
        ("bridge-rubber", PLAYERS4, [{"contract": "4S", "declarer": "N", "tricks": 10},
                                     {"contract": "3NT", "declarer": "S", "tricks": 8},
                                     {"contract": "4H", "declarer": ALA, "tricks": 11}]),
        ("tysiac", [ALA, BARTEK, CELINA], [
            {"declarer": BARTEK, "bid": 120, "points": {ALA: 30, BARTEK: 70, CELINA: 20},
             "melds": {BARTEK: ["hearts"]}},
            {"declarer": CELINA, "bid": 100, "points": {ALA: 44, BARTEK: 15, CELINA: 61}},
            {"declarer": ALA, "bid": 100, "bomb": True}]),
        ("skat-tournament", [BARTEK, CELINA, DAREK], [
            {"declarer": BARTEK, "game": "clubs", "matadors": 1, "card_points": 70},
            {"declarer": DAREK, "game": "grand", "matadors": -2, "card_points": 50},
            {"passed": True}]),
        ("kierki", PLAYERS4, KIERKI)],
    "2026-01-16": [
        ("bridge-rubber", [BARTEK, ALA, DAREK, CELINA], [{"contract": "3NT", "declarer": "N", "tricks": 9},
                                                         {"contract": "2S", "declarer": "E", "tricks": 7},
                                                         {"contract": "4S", "declarer": "S", "tricks": 10}]),
        ("tysiac", [CELINA, DAREK, ALA], [{"declarer": CELINA, "bid": 100,
                                           "points": {CELINA: 100, DAREK: 10, ALA: 10}}]),
        ("kop-wolsztyn", [ALA, CELINA, BARTEK, DAREK], [{"game": "ordinary", "old": [ALA, CELINA],
                                                         "old_points": 60}])],
    "2026-01-23": [
        ("skat-tournament", [ALA, BARTEK, CELINA], [
            {"declarer": ALA, "game": "hearts", "matadors": 2, "card_points": 90}]),
        ("tysiac", [BARTEK, CELINA, DAREK], [])],
}


def build(db):
    store = Store(db)
    for date, games in SEASON.items():
        ev = store.new_evening(date, "Klub", "Piątek")
        for ruleset, players, hands in games:
            rec, rules, module = records.parse({"format": "zapis/1", "ruleset": ruleset, "players": players})
            store.new_game(ev, 1, rec, rules, module, hands=hands)
    return store


@pytest.fixture
def store(db):
    return build(db)


def test_the_games_score_as_counted(store):
    """The totals and places the comments above count, as the store judges them (the counting checked first)."""
    got = [(r.totals, {p: r.places[p] for p in r.players}, r.declared) for r in store.season()]
    assert got[0] == ({ALA: 970, BARTEK: 100, CELINA: 970, DAREK: 100}, {ALA: 1, BARTEK: 2, CELINA: 1, DAREK: 2},
                      {ALA: (2, 2), CELINA: (1, 0)})
    assert got[1] == ({ALA: 70, BARTEK: 200, CELINA: -20}, {ALA: 2, BARTEK: 1, CELINA: 3},
                      {ALA: (1, 0), BARTEK: (1, 1), CELINA: (1, 0)})
    assert got[2] == ({BARTEK: 114, CELINA: 40, DAREK: -194}, {BARTEK: 1, CELINA: 2, DAREK: 3},
                      {BARTEK: (1, 1), DAREK: (1, 0)})
    assert got[3] == ({ALA: -55, BARTEK: -110, CELINA: -90, DAREK: 60}, {ALA: 2, BARTEK: 4, CELINA: 3, DAREK: 1},
                      {})
    assert got[4] == ({BARTEK: 970, ALA: 0, DAREK: 970, CELINA: 0}, {BARTEK: 1, ALA: 2, DAREK: 1, CELINA: 2},
                      {BARTEK: (1, 1), ALA: (1, 0), DAREK: (1, 1)})
    assert got[5][1:] == ({CELINA: 1, DAREK: 2.5, ALA: 2.5}, {CELINA: (1, 1)})
    assert got[6][1:] == ({ALA: 1.5, CELINA: 1.5, BARTEK: 3.5, DAREK: 3.5}, {})
    assert got[7][1:] == ({ALA: 1, BARTEK: 2.5, CELINA: 2.5}, {ALA: (1, 1)})
    assert got[8][0] == {BARTEK: 0, CELINA: 0, DAREK: 0}


def figures(s: Stats) -> tuple:
    return (s.games, s.wins, s.average_place, s.best, s.worst, s.declared if s.has_declarer else None,
            s.made if s.has_declarer else None, s.streak)


def test_the_season_statistics_are_the_figures_counted_by_hand(store):
    stats = season_statistics(store.season())
    assert list(stats) == [ALA, BARTEK, CELINA, DAREK]
    ala, bartek, celina, darek = (stats[p] for p in (ALA, BARTEK, CELINA, DAREK))
    assert list(ala) == ["bridge", "tysiac", "kierki", "kop", "skat", ALL]  # in the order met, "all" last
    assert figures(ala[ALL]) == (7, 3, pytest.approx(12 / 7), None, None, 5, 3, 2)
    assert figures(ala["bridge"]) == (2, 1, 1.5, 970, 0, 3, 2, 1)
    assert figures(ala["tysiac"]) == (2, 0, 2.25, 70, 10, 1, 0, 0)
    assert figures(ala["kop"])[:3] == (1, 1, 1.5)  # a shared first place is a win
    assert figures(ala["skat"]) == (1, 1, 1, 90, 90, 1, 1, 1)
    assert figures(bartek[ALL]) == (7, 3, pytest.approx(15 / 7), None, None, 3, 3, 2)
    assert figures(bartek["skat"]) == (2, 1, 1.75, 114, 0, 1, 1, 1)
    assert figures(bartek["bridge"]) == (2, 1, 1.5, 970, 100, 1, 1, 1)
    assert figures(celina[ALL]) == (8, 3, 2, None, None, 3, 1, 2)
    assert figures(celina["tysiac"]) == (2, 1, 2, 100, -20, 2, 1, 1)
    assert figures(darek[ALL]) == (6, 2, pytest.approx(13 / 6), None, None, 2, 1, 2)
    assert figures(darek["kierki"]) == (1, 1, 1, 60, 60, None, None, 1)
    assert "tysiac" in darek and darek["tysiac"].games == 1  # G6 only: G9 (no hand yet) beat nobody
    # as plain JSON data: declared and made null where the family has no declarer
    data = statistics_json(stats)
    assert data[DAREK]["kierki"] == {"games": 1, "wins": 1, "average_place": 1, "best": 60, "worst": 60,
                                     "declared": None, "made": None, "streak": 1}
    assert data[ALA][ALL]["average_place"] == 1.71 and json.loads(json.dumps(data)) == data
    assert families(stats) == ["bridge", "skat", "tysiac", "kierki", "kop", ALL]
    assert family_titles(store.season(), "en")["tysiac"] == "Tysiąc"
    assert family_titles(store.season(), "pl")[ALL] == "Wszystkie gry"


def test_the_sheet_path_gives_the_same_statistics(store):
    """Store.results (every sheet built, the evening screen's way) and the season's memo agree."""
    fresh = store.results(None, "0000-01-01", "9999-12-31")
    assert statistics_json(season_statistics(fresh)) == statistics_json(season_statistics(store.season()))
    assert statistics_json(season_statistics(store.season())) == statistics_json(season_statistics(fresh))


def test_the_memo_keeps_the_declarers_and_agrees_with_a_fresh_recomputation(store):
    first = store.season()
    remembered = {gid: json.loads(done) for gid, done in
                  store.conn.execute("SELECT game_id, outcome_json FROM game_results")}
    assert remembered[1]["declared"] == [[2, 2], [0, 0], [1, 0], [0, 0]]  # in the players' order
    assert "declared" not in remembered[4]  # kierki: no declarer, nothing written
    assert store.memo_problems() == []
    again = store.season()  # from the memo now
    assert [r.declared for r in again] == [r.declared for r in first]
    assert statistics_json(season_statistics(again)) == statistics_json(season_statistics(first))
    # the outcome round-trips through judged_from
    for r in first:
        back = GameResult.judged_from(r.key, json.loads(json.dumps(r.outcome())), r.rules, r.module, r.stake,
                                      r.evening)
        assert back.outcome() == r.outcome() and back.declared == r.declared
    # a remembered count that no longer agrees is found by db check
    wrong = remembered[1]
    wrong["declared"][0] = [3, 3]
    store.conn.execute("UPDATE game_results SET outcome_json = ? WHERE game_id = 1", (json.dumps(wrong),))
    assert store.memo_problems() == ["game 1: the remembered result differs from a fresh recomputation (dropped)"]
    assert store.memo_problems() == []


def test_the_cli_adds_statistics_and_keeps_every_key(store, db, capsys):
    store.close()
    assert main(["--db", db, "standings", "--season", "2026-01-01", "2026-12-31", "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main(["--db", db, "standings", "--season", "2026-01-01", "2026-12-31", "--stats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["statistics"][ALA]["bridge"]["declared"] == 3
    assert data["statistics"][DAREK][ALL]["streak"] == 2
    standings = data["standings"] if isinstance(data, dict) and "standings" in data else data
    assert standings == plain or {k: v for k, v in data.items() if k != "statistics"} == plain


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_cli_tables_per_family_in_one_language(store, db, capsys, monkeypatch, lang):
    monkeypatch.setenv("COLUMNS", "80")
    store.close()
    assert main(["--db", db, "--lang", lang, "standings", "--season", "2026-01-01", "2026-12-31", "--stats"]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 80
    if lang == "pl":
        assert "Brydż" in out and "Wszystkie gry" in out and "All games" not in out and "1,71" in out
    else:
        assert "Bridge" in out and "All games" in out and "Wszystkie" not in out and "1.71" in out


# --- each module's declarers, on hands worked by hand --------------------------------------------------------
def rules_of(ruleset, **values):
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": ruleset, "players": ["A", "B", "C", "D"]
                                        if ruleset.startswith(("bridge", "kierki")) else ["A", "B", "C"],
                                        **({"rules": values} if values else {})})
    return rules, module


def test_bridge_declarers_by_seat_or_name():
    rules, module = rules_of("bridge-chicago")
    hands = [{"contract": "4S", "declarer": "N", "tricks": 10},  # A, made exactly
             {"contract": "3NT", "double": "X", "declarer": "E", "tricks": 8},  # B, one down
             {"contract": "pass"},  # passed out: nobody declared
             {"contract": "1C", "declarer": "C", "tricks": 13}]  # C by name, made +6
    assert module.declarers(rules, ["A", "B", "C", "D"], hands) == {"A": (1, 1), "B": (1, 0), "C": (1, 1)}
    assert module.declarers(rules, ["A", "B", "C", "D"], []) == {}


def test_a_tura_reads_a_seat_in_its_rubber():
    """A tura's partners change with each rubber: S is players[0]'s partner of that rubber (partners C, D, B)."""
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "bridge-tura", "players": ["A", "B", "C", "D"],
                                        "partners": ["C", "D", "B"]})
    hands = [{"contract": "4S", "declarer": "S", "tricks": 10},  # rubber 1: S is C (made; N-S game)
             {"contract": "4H", "declarer": "N", "tricks": 10},  # A: made, N-S win rubber 1 2-0
             {"contract": "2C", "declarer": "S", "tricks": 7}]  # rubber 2: S is D now, one down
    assert module.declarers(rules, rec.players, hands) == {"C": (1, 1), "A": (1, 1), "D": (1, 0)}


def test_two_handed_bridge_seats_read_as_the_players():
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "bridge-two", "players": ["A", "B"]})
    hands = [{"contract": "4H", "declarer": "A", "tricks": 11}, {"contract": "2NT", "declarer": "E", "tricks": 7}]
    assert module.declarers(rules, ["A", "B"], hands) == {"A": (1, 1), "B": (1, 0)}


def test_bobby_declarers_count_a_nullo_by_the_tricks_lost():
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "bridge-bobby", "players": ["A", "B", "C"]})
    hands = [{"contract": "4NULLO", "declarer": "A", "tricks": 3},  # 10 lost, 4 nullo needs 10: made
             {"contract": "2NULLO", "declarer": "A", "tricks": 6},  # 7 lost, needs 8: down
             {"contract": "2S", "declarer": "B", "double": "X", "tricks": 7},  # needs 8: down
             {"contract": "pass"}]
    assert module.declarers(rules, ["A", "B", "C"], hands) == {"A": (2, 1), "B": (1, 0)}


def test_skat_declarers_leave_out_passed_deals_and_ramsch():
    rules, module = rules_of("skat-tournament")
    hands = [{"declarer": "A", "game": "clubs", "matadors": 1, "card_points": 61},  # won
             {"declarer": "A", "game": "null", "won": False},  # lost
             {"passed": True},
             {"declarer": "B", "game": "grand", "matadors": 1, "card_points": 80, "bid": 59},  # overbid: lost
             {"declarer": "C", "game": "spades", "matadors": -1, "card_points": 60}]  # 60: lost
    assert module.declarers(rules, ["A", "B", "C"], hands) == {"A": (2, 1), "B": (1, 0), "C": (1, 0)}
    rules, module = rules_of("skat-tournament", all_pass="ramsch")
    ramsch = {"game": "ramsch", "points": {"A": 50, "B": 40, "C": 30}}
    assert module.declarers(rules, ["A", "B", "C"], [ramsch]) == {}


def test_tysiac_declarers_count_melds_and_a_bomb():
    rules, module = rules_of("tysiac")
    hands = [{"declarer": "A", "bid": 120, "points": {"A": 60, "B": 30, "C": 30}, "melds": {"A": ["spades"]}},
             # 60 + 40 = 100 < 120: not made
             {"declarer": "A", "bid": 110, "points": {"A": 50, "B": 40, "C": 30}, "melds": {"A": ["diamonds"],
                                                                                          "B": ["hearts"]}},
             # 50 + 80 = 130 >= 110: made (B's meld is B's)
             {"declarer": "B", "bid": 100, "bomb": True},  # declared, not made
             {"declarer": "C", "bid": 100, "points": {"A": 10, "B": 10, "C": 100}}]  # exactly 100: made
    assert module.declarers(rules, ["A", "B", "C"], hands) == {"A": (2, 1), "B": (1, 0), "C": (1, 1)}


def test_modules_without_a_declarer_and_bad_hands_give_none():
    rules, module = rules_of("kierki")
    assert module.declarers(rules, ["A", "B", "C", "D"], KIERKI) == {}
    rules, module = rules_of("tysiac")
    assert declarers(module, rules, ["A", "B", "C"], [{"declarer": "A"}, "not a hand"]) == {}
    assert declarers(module, rules, ["A", "B", "C"], [{"declarer": "Zenon", "bid": 100, "bomb": True}]) == {}


def test_a_game_nobody_won_and_bad_values_never_break_the_statistics():
    rules, module = rules_of("tysiac")
    r = GameResult("g", None, rules, module, judged=True)
    r.players, r.totals, r.money = ["A", "B", "C"], {"A": 0, "B": 0, "C": 0}, {}
    r.sides = [[["A"], 1, 3, 0, 2.0], [["B"], 1, 3, 0, 2.0], [["C"], 1, 3, 0, 2.0]]
    from zapis.club.evening import _place
    _place(r)
    assert season_statistics([r]) == {}
    assert season_statistics([]) == {} and families({}) == []
    r.sides = [[["A"], 1, 1, "x", 3.0], [["B"], 2, 3, 0, 1.5], [["C"], 2, 3, 0, 1.5]]
    _place(r)
    got = season_statistics([r])
    assert got["A"]["tysiac"].best is None and got["A"]["tysiac"].wins == 1


def test_families_group_the_modules():
    """rubber bridge and Bobby are bridge, Chicago and IMP scoring apart, a pairs session its own family; kierki, kierki-loop and the generic kierki-*
    rulesets are kierki; the generic module's other rulesets are each a family; any other module its own id."""
    def fam(ruleset):
        rec, rules, module = records.parse({"format": "zapis/1", "ruleset": ruleset,
                                            "players": ["A", "B", "C", "D"]})
        return family_of(GameResult("g", None, rules, module))

    got = {r: fam(r) for r in ("bridge-rubber", "bridge-imp", "kierki", "kierki-loop", "kierki-dominowe",
                               "czarna-manka", "omnibus", "kop-koscian", "planowanie")}
    # rubber points, Chicago's and IMPs are not compared: three bridge families
    assert got == {"bridge-rubber": "bridge", "bridge-imp": "bridge-imp", "kierki": "kierki", "kierki-loop": "kierki",
                   "kierki-dominowe": "kierki", "czarna-manka": "czarna-manka", "omnibus": "omnibus",
                   "kop-koscian": "kop", "planowanie": "planowanie"}
    bobby = records.parse({"format": "zapis/1", "ruleset": "bridge-bobby", "players": ["A", "B", "C"]})
    assert family_of(GameResult("g", None, bobby[1], bobby[2])) == "bridge"
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "omnibus", "players": ["A", "B", "C", "D"]})
    import dataclasses
    assert family_of(GameResult("g", None, dataclasses.replace(rules, id="all"), module)) == "all-"
    pairs = records.parse({"format": "zapis/1", "ruleset": "bridge-pairs",
                           "pairs": {"1": ["A", "B"], "2": ["C", "D"]}})
    assert family_of(GameResult("g", None, pairs[1], pairs[2])) == "bridge-pairs"
