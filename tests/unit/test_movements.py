"""Duplicate bridge movements (zapis.modules.bridge.movements): the properties every Mitchell and Howell must have, small cases
worked by hand from the rules ("E-W move up one table, boards down one"), the refusals and the CLI."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations

import pytest

from zapis.modules.bridge import movements
from zapis.cli import main
from zapis.core.errors import ZapisError
from zapis.modules.bridge.movements import Movement, Seating, from_rules, howell, make, mitchell


def check_common(m: Movement) -> tuple[Counter, Counter]:
    """No pair at two tables in a round, a sit-out pair at no table, every pair plays every board at most once,
    every board is played equally often. Returns (meetings, pair-board plays)."""
    meet: Counter = Counter()
    played: Counter = Counter()
    for r, seats in enumerate(m.rounds, start=1):
        seated = [p for s in seats for p in (s.ns, s.ew)]
        assert len(seated) == len(set(seated))
        assert set(m.sitting_out(r)).isdisjoint(seated)
        assert sorted(seated + m.sitting_out(r)) == list(range(1, m.pairs + 1))
        assert [s.table for s in seats] == sorted(s.table for s in seats)
        for s in seats:
            assert len(s.boards) == m.boards_per_round
            meet[frozenset((s.ns, s.ew))] += 1
            for b in s.boards:
                played[(s.ns, b)] += 1
                played[(s.ew, b)] += 1
    assert max(played.values()) == 1
    assert len({m.plays(b) for b in m.boards()}) == 1
    assert sum(m.plays(b) for b in m.boards()) == sum(len(s.boards) for seats in m.rounds for s in seats)
    if m.pairs % 2:
        assert all(len(m.sitting_out(r)) == 1 for r in range(1, len(m.rounds) + 1))
    return meet, played


# --- Howell -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("tables", range(2, 16))
@pytest.mark.parametrize("odd", [False, True])
def test_a_whole_howell_meets_everyone_once_and_plays_every_board_once(tables, odd):
    pairs = 2 * tables - odd
    m = howell(pairs)
    assert (m.kind, m.tables, m.pairs, len(m.rounds)) == ("howell", tables, pairs, 2 * tables - 1)
    meet, played = check_common(m)
    assert set(meet) == {frozenset(c) for c in combinations(range(1, pairs + 1), 2)}
    assert max(meet.values()) == 1
    assert m.boards() == list(range(1, 2 * (2 * tables - 1) + 1))
    for p in range(1, pairs + 1):
        sat_out = sum(1 for r in range(1, len(m.rounds) + 1) if p in m.sitting_out(r))
        assert sum(1 for (q, _b) in played if q == p) == len(m.boards()) - 2 * sat_out
    assert all(m.plays(b) == tables - odd for b in m.boards())


@pytest.mark.parametrize("tables", range(4, 16))
def test_a_howell_from_4_tables_shares_no_boards_in_a_round(tables):
    for seats in howell(2 * tables).rounds:
        assert len({s.boards for s in seats}) == len(seats)


@pytest.mark.parametrize("tables", range(2, 16))
def test_the_stationary_pair_stays_at_table_1_and_directions_are_balanced(tables):
    m = howell(2 * tables)
    assert all(2 * tables in (seats[0].ns, seats[0].ew) and seats[0].table == 1 for seats in m.rounds)
    for p in range(1, 2 * tables + 1):
        ns = sum(1 for seats in m.rounds for s in seats if s.ns == p)
        assert abs(ns - (len(m.rounds) - ns)) <= 1


@pytest.mark.parametrize("tables", range(3, 16))
@pytest.mark.parametrize("odd", [False, True])
def test_a_howell_cut_short_keeps_the_properties(tables, odd):
    for rounds in range(1, 2 * tables - 1):
        m = howell(2 * tables - odd, rounds)
        assert len(m.rounds) == rounds
        meet, _ = check_common(m)
        assert max(meet.values()) == 1


def test_a_howell_is_the_same_every_time():
    movements._howell_design.cache_clear()
    movements._howell.cache_clear()
    a = howell(30)  # (built from a fixed design: how fast is bench's to measure, not a timed test's)
    movements._howell_design.cache_clear()
    movements._howell.cache_clear()
    assert howell(30) == a
    assert howell(30) is howell(30)  # memoised


def test_a_4_table_howell_round_1_by_hand():
    # round 1: pair 1 meets the stationary pair 8 at table 1 with set 1; pairs 1+k and 1-k (mod 7) at table k+1
    m = howell(8)
    seats = m.rounds[0]
    assert seats[0] == Seating(1, 8, 1, (1, 2))
    assert {frozenset((s.ns, s.ew)) for s in seats[1:]} == {frozenset(x) for x in ((2, 7), (3, 6), (4, 5))}
    assert m.rounds[1][0] == Seating(1, 2, 8, (3, 4))  # the stationary pair alternates directions


# --- Mitchell -----------------------------------------------------------------------------------------------

def mitchell_cases():
    for tables in range(3, 16):
        for odd in (False, True):
            for even in ("skip", "relay"):
                if tables % 2 and even == "relay":
                    continue
                for arrow in (False, True):
                    yield tables, odd, even, arrow


@pytest.mark.parametrize("tables,odd,even,arrow", list(mitchell_cases()))
def test_every_mitchell_that_can_be_made_keeps_the_properties(tables, odd, even, arrow):
    full = tables - 1 if tables % 2 == 0 and even == "skip" else tables
    made = 0
    for rounds in range(0, full + 1):
        try:
            m = mitchell(2 * tables - odd, rounds, 2, arrow, even)
        except ZapisError as e:
            assert e.problems[0].place in ("rounds", "mitchell_even")
            continue
        made += 1
        assert len(m.rounds) == (rounds or full)
        meet, _ = check_common(m)
        assert max(meet.values()) == 1
        for seats in m.rounds[:-1] if arrow else m.rounds:
            assert all(s.ns == s.table <= tables < s.ew for s in seats)  # N-S stay, E-W are N+1..2N
        if arrow:
            assert all(s.ew == s.table <= tables < s.ns for s in m.rounds[-1])
    if not odd:
        assert made == (full + 1 if even == "skip" or tables % 2 else 2)  # a relay is not cut short


def test_a_3_table_mitchell_by_hand():
    m = mitchell(6)
    # round 1: E-W pair 3+i and set i at table i; round 2: E-W moved up one (pair 6 from table 3 to table 1),
    # boards down one (set 2 from table 2 to table 1)
    assert m.rounds[0] == (Seating(1, 1, 4, (1, 2)), Seating(2, 2, 5, (3, 4)), Seating(3, 3, 6, (5, 6)))
    assert m.rounds[1] == (Seating(1, 1, 6, (3, 4)), Seating(2, 2, 4, (5, 6)), Seating(3, 3, 5, (1, 2)))
    assert m.rounds[2] == (Seating(1, 1, 5, (5, 6)), Seating(2, 2, 6, (1, 2)), Seating(3, 3, 4, (3, 4)))


def test_a_4_table_skip_mitchell_by_hand():
    m = mitchell(8, boards_per_round=1)
    assert len(m.rounds) == 3
    assert [s.ew for s in m.rounds[1]] == [8, 5, 6, 7]  # up one
    assert [s.ew for s in m.rounds[2]] == [6, 7, 8, 5]  # after 2 rounds: up two (the skip)
    assert [s.boards for s in m.rounds[2]] == [(3,), (4,), (1,), (2,)]


def test_a_4_table_relay_mitchell_by_hand():
    # tables 1 and 4 share a set; the bye stand between tables 2 and 3 holds set 3 in round 1
    m = mitchell(8, boards_per_round=1, even="relay")
    assert len(m.rounds) == 4
    assert [s.boards for s in m.rounds[0]] == [(1,), (2,), (4,), (1,)]
    assert [s.boards for s in m.rounds[1]] == [(2,), (3,), (1,), (2,)]
    assert all(m.plays(b) == 4 for b in range(1, 5))


def test_a_sit_out_mitchell():
    m = mitchell(5)  # pair 6 absent: its opponent sits out, that table is absent
    assert m.sitting_out(1) == [3] and m.at(1, 3) is None
    assert m.sitting_out(2) == [1] and [s.table for s in m.rounds[1]] == [2, 3]
    assert all(m.plays(b) == 2 for b in m.boards())


# --- the API ------------------------------------------------------------------------------------------------

def test_at_plays_find_and_boards():
    m = mitchell(6, boards_per_round=3)
    assert m.boards() == list(range(1, 10))
    assert m.at(2, 1) == Seating(1, 1, 6, (4, 5, 6))
    assert m.at(4, 1) is None and m.at(0, 1) is None and m.at(1, 4) is None
    assert m.plays(1) == 3 and m.plays(10) == 0
    assert m.find(4, 1, 6) == (2, m.at(2, 1))
    assert m.find(4, 6, 1) == (2, m.at(2, 1))
    assert m.find(4, 1, 5) is None
    assert m.sitting_out(1) == [] and m.sitting_out(9) == []


def test_to_json_shape():
    m = howell(7)
    j = m.to_json()
    assert set(j) == {"kind", "tables", "pairs", "rounds"}
    assert (j["kind"], j["tables"], j["pairs"]) == ("howell", 4, 7)
    assert [r["round"] for r in j["rounds"]] == list(range(1, 8))
    for r in j["rounds"]:
        assert set(r) == {"round", "tables"}
        for t in r["tables"]:
            assert set(t) == {"table", "ns", "ew", "boards"}
            assert 8 not in (t["ns"], t["ew"])
    assert json.loads(json.dumps(j)) == j


def test_make_and_from_rules():
    assert make("howell", 8) == howell(8)
    assert make("mitchell", 8, even="relay") == mitchell(8, even="relay")
    assert from_rules({"movement": "none"}, 8) is None
    rules = {"movement": "mitchell", "rounds": 2, "boards_per_round": 3, "arrow_switch": True,
             "mitchell_even": "skip"}
    assert from_rules(rules, 10) == mitchell(10, 2, 3, True)
    assert from_rules(rules, 10) is from_rules(dict(rules), 10)
    assert from_rules({"movement": "howell"}, 6) == howell(6)


@pytest.mark.parametrize("call,said", [
    (lambda: howell(2), "pairs: 2: a Howell is for 3 to 40 pairs (2 to 20 tables)"),
    (lambda: howell(41), "pairs: 41: a Howell is for 3 to 40 pairs (2 to 20 tables)"),
    (lambda: mitchell(2), "pairs: 2: a Mitchell is for 3 to 60 pairs (2 to 30 tables)"),
    (lambda: howell(8, 8), "rounds: 8: more rounds than this Howell has (7)"),
    (lambda: mitchell(8, 4), "rounds: 4: more rounds than this Mitchell has (3)"),
    (lambda: howell(8, -1), "rounds: -1: the rounds are 0 (the whole movement) or more"),
    (lambda: howell(8, 0, 0), "boards_per_round: 0: the boards per round are 1 to 8"),
    (lambda: mitchell(8, even="x"), 'mitchell_even: x: "skip" or "relay"'),
    (lambda: make("swiss", 8), 'movement: swiss: the movement is "mitchell" or "howell"'),
    (lambda: mitchell(7), 'mitchell_even: skip: with 4 tables and a pair sitting out the boards would not be '
                          'played equally often (choose "relay")'),
    (lambda: mitchell(7, 2, even="relay"), "rounds: 2: with a pair sitting out the boards would not be played "
                                           "equally often (play the whole movement)"),
    (lambda: mitchell(8, 2, even="relay"), "rounds: 2: in a relay Mitchell cut short the boards would not be "
                                           "played equally often"),
])
def test_impossible_requests_are_refused(call, said):
    with pytest.raises(ZapisError) as e:
        call()
    assert said in e.value.lines("en")
    assert all(line.split(":")[0] for line in e.value.lines("pl"))


def test_several_problems_one_line_each_in_both_languages():
    with pytest.raises(ZapisError) as e:
        howell(1, -2, 0)
    assert [p.place for p in e.value.problems] == ["pairs", "rounds", "boards_per_round"]
    assert e.value.lines("pl")[2] == "boards_per_round: 0: rozdań w rundzie od 1 do 8"


# --- the CLI ------------------------------------------------------------------------------------------------

def test_cli_json(capsys):
    assert main(["movement", "howell", "--tables", "4", "--pairs", "7", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == howell(7).to_json()
    assert main(["movement", "mitchell", "--tables", "4", "--relay", "--arrow-switch", "--boards-per-round", "3",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == mitchell(8, 0, 3, True, "relay").to_json()


@pytest.mark.parametrize("lang,words", [("pl", ("Runda 2", "Stół", "Rozdania", "pauzuje: 1")),
                                        ("en", ("Round 2", "Table", "Boards", "sits out: 1"))])
def test_cli_readable_in_one_language(capsys, lang, words):
    assert main(["--lang", lang, "movement", "mitchell", "--tables", "3", "--pairs", "5"]) == 0
    out = capsys.readouterr().out
    assert all(w in out for w in words)


@pytest.mark.parametrize("argv,said", [
    (["mitchell", "--tables", "x"], ["--tables: 'x' is not a whole number"]),
    (["mitchell", "--tables", "1"], ["--tables: 1: the tables are 2 to 30"]),
    (["howell", "--tables", "21"], ["--tables: 21: the tables are 2 to 20"]),
    (["howell", "--tables", "4", "--pairs", "9"], ["--pairs: 9: with 4 tables the pairs are 7 or 8"]),
    (["howell", "--tables", "4", "--rounds", "8"], ["--rounds: 8: more rounds than this Howell has (7)"]),
    (["howell", "--tables", "4", "--boards-per-round", "0"], ["--boards-per-round: 0: the boards per round are 1 to 8"]),
    (["howell", "--tables", "4", "--relay", "--arrow-switch"],
     ["--arrow-switch: only for a Mitchell", "--relay: only for a Mitchell"]),
    (["mitchell", "--tables", "4", "--pairs", "7"],
     ['--relay: skip: with 4 tables and a pair sitting out the boards would not be played equally often '
      '(choose "relay")']),
])
def test_cli_refused_in_one_line_per_problem_exit_2(capsys, argv, said):
    assert main(["--lang", "en", "movement", *argv]) == 2
    err = capsys.readouterr()
    assert err.err.strip().splitlines() == said and err.out == ""


@pytest.mark.parametrize("pairs", [5, 6])
def test_a_3_table_howell_shares_one_set_in_its_last_round_only(pairs):
    """3 tables have no Room square: some round must put one set at all three tables (each pair plays every
    set once, 5 sets, 3 plays each). The published plan shares in one round only, the last, where the tables
    relay the boards; rounds 1-4 each table has a set of its own."""
    m = howell(pairs)
    for r, seats in enumerate(m.rounds, start=1):
        sets = [s.boards for s in seats]
        if r < 5:
            assert len(set(sets)) == len(sets), r
        else:
            assert len(set(sets)) == 1
    assert sorted(m.boards()) == list(range(1, 11))


@pytest.mark.parametrize("pairs", range(5, 41))
def test_every_pair_sits_n_s_and_e_w_as_evenly_as_the_rounds_allow(pairs):
    """A pair playing an even number of rounds sits N-S exactly half of them, an odd number: one more one way (9
    pairs on 5 tables sat some pairs N-S 5 times and E-W 3)."""
    m = howell(pairs)
    ns, ew = Counter(), Counter()
    for seats in m.rounds:
        for s in seats:
            ns[s.ns] += 1
            ew[s.ew] += 1
    for p in range(1, pairs + 1):
        assert abs(ns[p] - ew[p]) == (ns[p] + ew[p]) % 2, (p, ns[p], ew[p])


def test_the_movement_says_what_the_director_must_know(capsys):
    def said() -> str:  # the notes as words, however the terminal wraps them
        return " ".join(capsys.readouterr().out.split())

    assert main(["--lang", "pl", "movement", "howell", "--tables", "3", "--boards-per-round", "3"]) == 0
    out = said()
    assert "5: 13-15 (1, 2, 3)" in out and "przekazują je sobie" in out and "3 egzemplarzy" in out
    assert main(["--lang", "en", "movement", "howell", "--tables", "3"]) == 0
    out = said()
    assert "3 copies of these boards are needed" in out  # 2 boards a round cannot go round 3 tables
    assert main(["--lang", "en", "movement", "howell", "--tables", "5", "--pairs", "9"]) == 0
    out = said()
    assert "one copy of each board is enough" in out and "9 pairs: one sits out each round" in out
    assert "Each pair sits N-S and E-W equally often." in out
    assert main(["--lang", "en", "movement", "mitchell", "--tables", "4", "--relay"]) == 0
    assert "a bye stand with boards between tables 2 and 3" in said()
    assert main(["--lang", "en", "movement", "mitchell", "--tables", "6"]) == 0
    assert "after round 3 the E-W pairs move up two tables" in said()
