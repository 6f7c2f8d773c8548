"""Skat tournaments (issue 17, part 1): the draw to tables of 4 and 3 per series, and an evening's Seeger-Fabian
lists ranked as one tournament with the lost-game fees settled to zero. Values worked by hand."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations

import pytest

from zapis.io import records
from zapis.cli import main
from zapis.core.errors import ZapisError
from zapis.club.skat_tournament import (DEFAULT_FEES, TournamentList, draw, draw_json, evening_lists, fee_for, ranking,
                                   ranking_json, table_sizes)
from zapis.store import Store

NAMES = [f"P{i:02d}" for i in range(40)]


# --- the draw ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("n", range(3, 41))
def test_every_player_seated_once_per_series_at_tables_of_4_and_3_with_most_fours(n):
    if n == 5:
        return
    drawn = draw(NAMES[:n], 3, seed=n)
    assert len(drawn) == 3
    most_fours = max(f for f in range(n // 4 + 1) if (n - 4 * f) % 3 == 0)
    for tables in drawn:
        assert sorted(p for t in tables for p in t) == sorted(NAMES[:n])
        sizes = [len(t) for t in tables]
        assert set(sizes) <= {3, 4}
        assert sizes.count(4) == most_fours
        assert sizes == sorted(sizes, reverse=True)  # the fours first


def test_eleven_players_make_two_fours_and_a_three():
    assert table_sizes(11) == [4, 4, 3]
    for tables in draw(NAMES[:11], 4, seed=7):
        assert [len(t) for t in tables] == [4, 4, 3]


def test_the_sizes_worked_by_hand():
    assert [table_sizes(n) for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13)] == [
        None, None, [3], [4], None, [3, 3], [4, 3], [4, 4], [3, 3, 3], [4, 3, 3], [4, 3, 3, 3]]


def test_every_series_is_redrawn_and_the_same_seed_gives_the_same_draw():
    a = draw(NAMES[:11], 3, seed=42)
    assert a == draw(NAMES[:11], 3, seed=42)
    assert a != draw(NAMES[:11], 3, seed=43)
    assert len({json.dumps(s) for s in a}) == 3  # no series is the one before it
    assert draw(NAMES[:12], 2, seed="klub") == draw(NAMES[:12], 2, seed="klub")


def test_players_meet_again_only_where_it_cannot_be_avoided():
    # 9 players at three tables of 3: two series can be drawn with no pair meeting twice (a resolvable design)
    tables = draw(NAMES[:9], 2, seed=1)
    met = Counter(frozenset(pair) for s in tables for t in s for pair in combinations(t, 2))
    assert max(met.values()) == 1
    # 12 players at three fours: a later series must repeat a pair at each table (3 of the 4 players of a table
    # come from at most 3 earlier tables); three series repeat few pairs, and no pair meets three times
    tables = draw(NAMES[:12], 3, seed=1)
    met = Counter(frozenset(pair) for s in tables for t in s for pair in combinations(t, 2))
    assert sum(v - 1 for v in met.values()) <= 9 and max(met.values()) == 2
    # 40 players: five series without any pair meeting twice
    tables = draw(NAMES, 5, seed=1)
    met = Counter(frozenset(pair) for s in tables for t in s for pair in combinations(t, 2))
    assert max(met.values()) == 1


@pytest.mark.parametrize("players,series,said", [
    (NAMES[:5], 1, "--players: 5 players cannot sit at tables of 4 and 3"),
    (NAMES[:2], 1, "--players: 2 players cannot sit at tables of 4 and 3"),
    (["Ala", "Bartek", "Ala"], 1, "--players: Ala named twice"),
    (NAMES[:4], 0, "--series: 0: the number of series is 1 to 99"),
])
def test_a_draw_that_cannot_be_made_is_refused(players, series, said):
    with pytest.raises(ZapisError) as e:
        draw(players, series)
    assert said in e.value.lines()


def test_the_draw_json():
    drawn = draw(["Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip", "Gosia"], 2, seed=3)
    out = draw_json(drawn)
    assert [s["series"] for s in out["series"]] == [1, 2]
    assert [[t["table"] for t in s["tables"]] for s in out["series"]] == [[1, 2], [1, 2]]
    assert [len(t["players"]) for t in out["series"][0]["tables"]] == [4, 3]


def test_cli_draw(capsys):
    assert main(["skat", "draw", "--players", *NAMES[:11], "--series", "2", "--seed", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [[len(t["players"]) for t in s["tables"]] for s in out["series"]] == [[4, 4, 3], [4, 4, 3]]
    assert main(["skat", "draw", "--players", *NAMES[:11], "--series", "2", "--seed", "5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == out


@pytest.mark.parametrize("lang,words", [("pl", ("Seria 1", "stół 1 (4)")), ("en", ("Series 1", "table 1 (4)"))])
def test_cli_draw_readable_in_one_language(capsys, lang, words):
    assert main(["--lang", lang, "skat", "draw", "--players", "[b]Ala[/b]", "Bartek", "Celina", "Darek"]) == 0
    out = capsys.readouterr().out
    assert all(w in out for w in words)
    assert "[b]Ala[/b]" in out  # a name is data, never markup


@pytest.mark.parametrize("argv,said", [
    (["--players", "A", "B", "C", "D", "E"], "--players: 5 players cannot sit at tables of 4 and 3"),
    (["--players", "A", "B", "C", "--series", "x"], "--series: 'x' is not a whole number"),
    (["--players", "A", "B", "C", "--series", "-1"], "--series: -1: the number of series is 1 to 99"),
])
def test_cli_draw_refused_in_one_line_exit_2(capsys, argv, said):
    assert main(["--lang", "en", "skat", "draw", *argv, "--json"]) == 2
    err = capsys.readouterr()
    assert err.err.strip() == said and err.out == ""


# --- the ranking ------------------------------------------------------------------------------------------

LIST1 = (["Ala", "Bartek", "Celina"], [
    {"declarer": "Ala", "game": "hearts", "matadors": 2, "card_points": 70},  # 10 x 3 = 30 won: Ala +80
    {"declarer": "Bartek", "game": "grand", "matadors": 1, "card_points": 50},  # 24 x 2 = 48 lost: -146, +40 each
    {"declarer": "Celina", "game": "null", "won": False},  # 23 lost: -96, +40 each
])
# a four-table: the first seat deals the first deal and sits it out
LIST2 = (["Darek", "Ala", "Ewa", "Bartek"], [
    {"declarer": "Ala", "game": "clubs", "matadors": 1, "card_points": 61},  # 12 x 2 = 24 won: +74
    {"declarer": "Ewa", "game": "spades", "matadors": -2, "card_points": 40},  # 11 x 3 = 33 lost: -116, +30 x 3
    {"declarer": "Bartek", "game": "diamonds", "matadors": 1, "card_points": 90},  # 9 x 3 (schneider) = 27: +77
])


def _evening(db, *lists, ruleset="skat-tournament", rules=None):
    store = Store(db)
    ev = store.new_evening("2026-11-20", "Klub", "Turniej")
    for table, (players, hands) in enumerate(lists, 1):
        data = {"format": "zapis/1", "ruleset": ruleset, "players": players, **({"rules": rules} if rules else {})}
        rec, r, module = records.parse(data)
        store.new_game(ev, table, rec, r, module, hands=list(hands))
    return store, ev


def test_the_lists_worked_by_hand(db):
    store, ev = _evening(db, LIST1, LIST2)
    lists = evening_lists(store, ev)
    assert [lst.result for lst in lists] == [{"Ala": 160, "Bartek": -106, "Celina": -56},
                                             {"Darek": 30, "Ala": 104, "Ewa": -116, "Bartek": 107}]
    assert lists[0].lost == {"Ala": 0, "Bartek": 1, "Celina": 1}
    assert lists[1].won == {"Darek": 0, "Ala": 1, "Ewa": 0, "Bartek": 1}


def test_the_ranking_is_the_sum_of_the_lists_seeger_fabian_results(db, capsys):
    store, ev = _evening(db, LIST1, LIST2)
    rows = ranking(evening_lists(store, ev))
    # each result equals the sum of the lists' own totals, as `zapis score` gives them
    for r in rows:
        assert r.result == sum(store.sheet(g.id).extra["list"].get(r.player, {}).get("total", 0)
                               for g in store.games(ev))
    assert [(r.place, r.player, r.result, r.won, r.lost) for r in rows] == [
        (1, "Ala", 264, 2, 0), (2, "Darek", 30, 0, 0), (3, "Bartek", 1, 1, 1), (4, "Celina", -56, 0, 1),
        (5, "Ewa", -116, 0, 1)]
    # three lost games at 0.50: a pot of 1.50 shared by the five (0.30 each)
    assert [(r.fees, r.net) for r in rows] == [(0, 30), (0, 30), (50, -20), (50, -20), (50, -20)]
    assert main(["--db", db, "skat", "ranking", "--evening", str(ev), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ranking"][0] == {"place": 1, "player": "Ala", "result": 264, "won": 2, "lost": 0, "fees": 0,
                                 "fees_back": 0.3, "money": 0.3}
    assert out["ranking"][2]["fees"] == 0.5 and out["ranking"][2]["money"] == -0.2
    assert sum(round(r["money"] * 100) for r in out["ranking"]) == 0


@pytest.mark.parametrize("lang,words", [("pl", ("Klasyfikacja turnieju", "Ala", "Rozliczenie opłat")),
                                        ("en", ("Tournament ranking", "Ala", "Settlement of the lost-game fees"))])
def test_cli_ranking_readable(db, capsys, lang, words):
    _evening(db, LIST1, LIST2)
    assert main(["--lang", lang, "--db", db, "skat", "ranking"]) == 0
    out = capsys.readouterr().out
    assert all(w in out for w in words)


def test_an_evening_without_tournament_lists_ranks_nobody(db, capsys):
    store, ev = _evening(db, LIST1, ruleset="skat-house")
    assert evening_lists(store, ev) == []
    assert main(["--db", db, "skat", "ranking", "--evening", str(ev), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"ranking": []}
    assert main(["--db", db, "skat", "ranking", "--evening", "99"]) == 2


def test_pzskat_lists_count_too(db):
    store, ev = _evening(db, LIST1, ruleset="skat-pzskat")
    assert [r.result for r in ranking(evening_lists(store, ev))] == [160, -56, -106]


def _list(result, won, lost, fees=DEFAULT_FEES, to="all", table=1, place=None):
    players = list(result)
    return TournamentList(table, table, players, result, dict(zip(players, won)), dict(zip(players, lost)),
                          fees, to, place or {p: 1 + i for i, p in enumerate(players)})


def test_ties_broken_by_games_won_then_lost_else_shared():
    rows = ranking([_list({"A": 100, "B": 100, "C": 100, "D": 100, "E": 50}, [3, 4, 4, 4, 1], [1, 2, 1, 1, 0])])
    # B, C, D have more games won than A; of them C and D lost fewer than B; C and D share 1st place
    assert [(r.place, r.player) for r in rows] == [(1, "C"), (1, "D"), (3, "B"), (4, "A"), (5, "E")]


def test_fees_by_the_schedule_the_last_amount_repeats():
    assert [fee_for(n, [0.5, 0.5, 0.5, 1.0]) for n in range(7)] == [0, 50, 100, 150, 250, 350, 450]
    assert fee_for(3, []) == 0 and fee_for(2, [0.3]) == 60


@pytest.mark.parametrize("to", ["all", "table", "winner"])
def test_the_fees_settle_to_zero_across_players(to):
    lists = [_list({"A": 300, "B": -20, "C": 10, "D": 5}, [5, 1, 2, 2], [0, 5, 1, 2], to=to, table=1),
             _list({"E": 40, "F": 90, "G": -70}, [1, 2, 0], [3, 0, 1], to=to, table=2,
                   place={"E": 2, "F": 1, "G": 3})]
    rows = ranking(lists)
    by = {r.player: r for r in rows}
    # paid: B 5 lost (0.5 x 3 + 1 x 2 = 3.50), C 0.50, D 1.00, E 1.50, G 0.50: 7.00 in all
    assert {p: r.fees for p, r in by.items()} == {"A": 0, "B": 350, "C": 50, "D": 100, "E": 150, "F": 0, "G": 50}
    assert sum(r.net for r in rows) == 0
    if to == "all":  # 700 shared by seven
        assert all(r.paid_back == 100 for r in rows)
    elif to == "table":  # table 1: 500 by four; table 2: 200 by three, the extra grosz to the best placed
        assert [by[p].paid_back for p in "ABCDEFG"] == [125, 125, 125, 125, 67, 67, 66]
    else:  # each list's winner
        assert [by[p].paid_back for p in "ABCDEFG"] == [500, 0, 0, 0, 0, 200, 0]
    assert all(row["fees"] >= 0 for row in ranking_json(rows)["ranking"])


def test_no_fees_with_an_empty_schedule(db):
    store, ev = _evening(db, LIST1, rules={"lost_game_fees": []})
    assert all(r.fees == 0 and r.net == 0 for r in ranking(evening_lists(store, ev)))


def test_a_bad_fee_schedule_is_refused():
    with pytest.raises(ZapisError) as e:
        records.parse({"format": "zapis/1", "ruleset": "skat-tournament", "players": ["A", "B", "C"],
                       "rules": {"lost_game_fees": ["x", -1]}})
    assert any("lost_game_fees" in line for line in e.value.lines())


def test_a_series_seated_by_the_ranking_puts_the_best_together():
    from zapis.club.skat_tournament import seat_by_ranking

    ranked = [f"P{i}" for i in range(1, 12)]  # eleven, best first: 4 + 4 + 3
    assert seat_by_ranking(ranked) == [ranked[0:4], ranked[4:8], ranked[8:11]]
    with pytest.raises(ZapisError) as e:
        seat_by_ranking(ranked[:5])
    assert [str(p) for p in e.value.problems] == ["ranking: 5 players cannot sit at tables of 4 and 3"]
