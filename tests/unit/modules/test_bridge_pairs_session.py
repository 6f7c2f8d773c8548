"""A pairs session run with a movement: the result fields a table records (lead, table, round, a board not
played) and how the movement decides a board's full number of results (Neuberg). Expected values are worked by
hand from Law 78A (2 matchpoints for each worse score, 1 for each equal one) and Neuberg's formula
(N/n x (mp + 1) - 1 on the 2/1 scale, N the results a board should have, n those it has)."""

from __future__ import annotations

import pytest

from zapis.io import records
from zapis.core.errors import ZapisError
from zapis.modules.bridge.pairs import canonical_card, is_card

SIX = {str(i): [f"N{i}a", f"N{i}b"] for i in range(1, 7)}


def score(results, pairs=SIX, **rules):
    data = {"format": "zapis/1", "ruleset": "bridge-pairs", "pairs": pairs, "results": results}
    if rules:
        data["rules"] = rules
    rec, r, module = records.parse(data)
    return records.score(rec, r, module)


def test_a_board_not_played_has_no_score_and_the_others_are_scaled_by_neuberg():
    # board 1 (nobody vulnerable): 4S= by N is +420, 4S-1 is -50; the third table did not play it.
    # The board should have 3 results and has 2: top 2 x (3 - 1) = 4. +420 beats one: 2 MP, Neuberg
    # 3/2 x (2 + 1) - 1 = 3.5 (E-W 0.5); -50 beats none: 3/2 x (0 + 1) - 1 = 0.5 (E-W 3.5).
    sheet = score([
        {"board": 1, "ns": 1, "ew": 2, "contract": "4S", "declarer": "N", "tricks": 10},
        {"board": 1, "ns": 3, "ew": 4, "contract": "4S", "declarer": "N", "tricks": 9},
        {"board": 1, "ns": 5, "ew": 6, "not_played": True},
    ])
    res = sheet.extra["results"]
    assert [(e["score_ns"], e["mp_ns"], e["mp_ew"]) for e in res] == [(420, 3.5, 0.5), (-50, 0.5, 3.5),
                                                                    (None, None, None)]
    assert res[2]["not_played"] is True
    rank = {it["pair"]: it for it in sheet.extra["ranking"]}
    assert rank[1]["percent"] == 87.5 and rank[1]["boards"] == 1
    assert rank[5]["boards"] == 0 and rank[5]["total"] == 0


def test_a_board_not_played_takes_no_contract():
    with pytest.raises(ZapisError) as e:
        score([{"board": 1, "ns": 1, "ew": 2, "not_played": True, "contract": "4S"}])
    assert "results[0].contract" in str(e.value)


def test_with_a_movement_a_board_counts_as_often_as_the_movement_plays_it():
    # a 3-table Mitchell plays every board at 3 tables: a lone result is scaled to 3 results, top 4:
    # 3/1 x (0 + 1) - 1 = 2 of 4 (50 %). Recorded without a movement it would be the only one (top 0).
    lone = [{"board": 1, "ns": 1, "ew": 4, "contract": "3NT", "declarer": "S", "tricks": 9}]
    moved = score(lone, movement="mitchell")
    e = moved.extra["results"][0]
    assert (e["mp_ns"], e["mp_ew"]) == (2, 2)
    # where the movement had it played: N-S 1 stays at table 1, E-W 4 (3 + 1) starts there, set 1 in round 1
    assert (e["table"], e["round"]) == (1, 1)
    assert score(lone).extra["results"][0]["mp_ns"] == 0


def test_recorded_table_round_and_lead_are_kept_in_the_json():
    sheet = score([{"board": 2, "ns": 2, "ew": 6, "contract": "2H", "declarer": "E", "tricks": 8, "lead": "♠A",
                    "table": 2, "round": 2}])
    e = sheet.extra["results"][0]
    assert (e["lead"], e["table"], e["round"], e["contract"], e["declarer"], e["tricks"]) == \
        ("SA", 2, 2, "2H", "E", 8)


@pytest.mark.parametrize("typed, card", [("SA", "SA"), ("♠A", "SA"), ("h10", "HT"), ("HD", "HQ"), ("DW", "DJ"),
                                         ("10♥", "HT"), ("c 7", "C7")])
def test_a_lead_is_written_suit_then_rank(typed, card):
    assert canonical_card(typed) == card and is_card(typed)


@pytest.mark.parametrize("typed", ["X9", "S1", "S", "", "SAK"])
def test_a_lead_that_is_no_card_is_named(typed):
    assert not is_card(typed)
    with pytest.raises(ZapisError) as e:
        score([{"board": 1, "ns": 1, "ew": 2, "contract": "4S", "declarer": "N", "tricks": 10, "lead": typed}])
    assert "results[0].lead" in str(e.value)


def test_a_movement_numbers_the_pairs_without_gaps():
    pairs = {"1": ["A", "B"], "2": ["C", "D"], "4": ["E", "F"]}
    with pytest.raises(ZapisError) as e:
        score([], pairs=pairs, movement="howell")
    assert "1 to 3" in str(e.value)


MITCHELL_BOARD_1 = [  # board 1 (nobody vulnerable) at the three tables of a 3-table Mitchell that play it
    {"board": 1, "ns": 1, "ew": 4, "contract": "4S", "declarer": "N", "tricks": 10},  # +420
    {"board": 1, "ns": 3, "ew": 5, "contract": "4H", "declarer": "S", "tricks": 11},  # +450
    {"board": 1, "ns": 2, "ew": 6, "contract": "4S", "declarer": "N", "tricks": 9},   # -50
]


def test_a_mitchell_ranks_its_north_south_and_east_west_fields_apart():
    # N-S: +450 beats both (4 of 4, 100 %), +420 one (2, 50 %), -50 none (0 %); E-W the other way round.
    # Two fields, two winners: N-S 3, 1, 2 and E-W 6, 4, 5, each placed 1, 2, 3 in its own field.
    sheet = score(MITCHELL_BOARD_1, movement="mitchell")
    ranking = [(it["field"], it["pair"], it["place"], it["percent"]) for it in sheet.extra["ranking"]]
    assert ranking == [("NS", 3, 1, 100.0), ("NS", 1, 2, 50.0), ("NS", 2, 3, 0.0),
                       ("EW", 6, 1, 100.0), ("EW", 4, 2, 50.0), ("EW", 5, 3, 0.0)]
    assert sorted(sheet.winner) == sorted(SIX["3"] + SIX["6"])


def test_with_an_arrow_switch_a_mitchell_has_one_field():
    # one field: 3 and 6 share 1st (100 %), 1 and 4 share 3rd (50 %), 2 and 5 share 5th
    sheet = score(MITCHELL_BOARD_1, movement="mitchell", arrow_switch=True)
    assert [(it["pair"], it["place"]) for it in sheet.extra["ranking"]] == [(3, 1), (6, 1), (1, 3), (4, 3),
                                                                           (2, 5), (5, 5)]
    assert all("field" not in it for it in sheet.extra["ranking"])
