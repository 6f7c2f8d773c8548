"""A duplicate session's third-round keys, each worked by hand: a phantom pair ("pauza"), weighted adjusted scores
(Law 12C1(c)), the hand record (`[[deals]]`) with the opening lead checked against it (Law 41A), and the boards'
double dummy and par in the JSON."""

from __future__ import annotations

import pytest

from tests.conftest import problems, score
from tests.unit.modules.test_bridge_pairs import PAIRS, r

EXAMPLE = "N:AKQ2.KJ5.T98.765 J43.AQ2.KQJ5.AK2 T765.T987.64.QJ3 98.643.A732.T984"


def test_a_phantom_pair_gives_its_opponents_the_adjusted_score_and_is_never_ranked():
    """Five real pairs and the phantom (pair 6) on three tables. Board 1 (none vul): 4♠= N (+420) at 1 v 2, 4♠−1 N
    (−50) at 3 v 4, pair 5 meets the phantom. The phantom's line counts in the board's field as an adjusted line
    does (Law 78A with Neuberg, 2 per result beaten): top 2 × (3 − 1) = 4; two real results of the three, so each
    is scaled by Neuberg 3/2 × (mp + 1) − 1: 420 beats −50 (2) → 3.5, −50 → 0.5; pair 5 gets 60 % of 4 = 2.4."""
    out = score({"ruleset": "bridge-pairs", "rules": {"phantom": 6}, "pairs": PAIRS,
                 "results": [r(1, 1, 2, "4S", "N", 10), r(1, 3, 4, "4S", "N", 9), {"board": 1, "ns": 5, "ew": 6}]})
    assert [(x["mp_ns"], x["mp_ew"]) for x in out["results"]] == [(3.5, 0.5), (0.5, 3.5), (2.4, 1.6)]
    ranking = [(x["place"], x["pair"], x["percent"]) for x in out["ranking"]]
    assert ranking == [(1, 1, 87.5), (1, 4, 87.5), (3, 5, 60.0), (4, 2, 12.5), (4, 3, 12.5)]
    assert "Kasia" not in out["totals"] and "Leon" not in out["totals"]  # the phantom's names carry no total
    assert out["winner"] == ["Ala", "Bartek", "Gosia", "Henryk"]


def test_the_phantom_score_is_a_parameter():
    """phantom_score = 55: pair 3 meets the phantom (pair 4) on a board played at two tables: 55 % of the top
    2 × (2 − 1) = 2 is 1.1; pair 1's 4♠= has nothing to beat and is scaled by Neuberg to 1 (50 %)."""
    out = score({"ruleset": "bridge-pairs", "rules": {"phantom": 4, "phantom_score": 55},
                 "pairs": {k: PAIRS[k] for k in "1234"}, "results": [r(1, 1, 2, "4S", "N", 10), {"board": 1, "ns": 3, "ew": 4}]})
    assert out["results"][1]["mp_ns"] == pytest.approx(1.1)
    assert [(x["pair"], x["percent"]) for x in out["ranking"]] == [(3, 55.0), (1, 50.0), (2, 50.0)]


def test_a_result_against_the_phantom_has_only_the_board_and_the_pairs():
    base = {"ruleset": "bridge-pairs", "rules": {"phantom": 6}, "pairs": PAIRS}
    assert problems({**base, "results": [{**r(1, 5, 6, "4S", "N", 10)}]}) == [
        f"results[0].{k}: a result against the phantom pair has only board, ns and ew"
        for k in ("contract", "declarer", "double", "tricks")]
    assert problems({**base, "rules": {"phantom": 7}, "results": []}) == ["rules.phantom: pair 7 is not listed in [pairs]"]


def test_weighted_adjusted_scores_are_taken_exactly():
    """Law 12C1(c): a weighted score given as N-S/E-W per cents. Board 1 at two tables: 61.8/38.2 at 1 v 2, 4♠= N at
    3 v 4. Top 2 × (2 − 1) = 2: pair 1 gets 61.8 % of 2 = 1.236, pair 2 0.764; the one real result has nothing to
    beat and is scaled by Neuberg 2/1 × (0 + 1) − 1 = 1 (50 %)."""
    out = score({"ruleset": "bridge-pairs", "pairs": {k: PAIRS[k] for k in "1234"},
                 "results": [{"board": 1, "ns": 1, "ew": 2, "adjusted": "61.8/38.2"}, r(1, 3, 4, "4S", "N", 10)]})
    assert [(x["mp_ns"], x["mp_ew"]) for x in out["results"]] == [(pytest.approx(1.236), pytest.approx(0.764)),
                                                                (1, 1)]
    percent = {x["pair"]: x["percent"] for x in out["ranking"]}
    assert percent == {1: 61.8, 2: 38.2, 3: 50.0, 4: 50.0}


@pytest.mark.parametrize("typed", ["60/41", "61.8", "A61.8/38.2", "x/40", "-5/50", "101/0"])
def test_a_weighted_score_that_is_no_two_per_cents_within_100_is_refused(typed):
    found = problems({"ruleset": "bridge-pairs", "pairs": {k: PAIRS[k] for k in "12"},
                      "results": [{"board": 1, "ns": 1, "ew": 2, "adjusted": typed}]})
    assert len(found) == 1 and found[0].startswith("results[0].adjusted: ")


def test_the_lead_is_checked_against_the_hand_record_and_the_boards_carry_dd_and_par():
    base = {"ruleset": "bridge-pairs", "pairs": {k: PAIRS[k] for k in "1234"},
            "deals": [{"board": 1, "deal": EXAMPLE}]}
    # 3NT by North: East leads; ♠A is North's own card
    assert problems({**base, "results": [{**r(1, 1, 2, "3NT", "N", 7), "lead": "SA"}]}) == [
        "results[0].lead: ♠A is not a card of the opening leader (E)"]
    out = score({**base, "results": [{**r(1, 1, 2, "3NT", "N", 7), "lead": "♥A"}, r(1, 3, 4, "3D", "E", 10)]})
    assert out["results"][0]["lead"] == "HA"
    # board 1, the example deal: E-W take 10 tricks in diamonds, N-S 7 in spades (tests/unit/modules/
    # test_bridge_deals.py works its par out: 3♦ by E or W, −130 for N-S)
    assert out["boards"] == [{"board": 1, "dd": {"N": {"C": 4, "D": 3, "H": 5, "S": 7, "NT": 5},
                                                  "E": {"C": 9, "D": 10, "H": 7, "S": 6, "NT": 8},
                                                  "S": {"C": 4, "D": 3, "H": 5, "S": 7, "NT": 5},
                                                  "W": {"C": 9, "D": 10, "H": 7, "S": 6, "NT": 8}},
                              "par": {"score_ns": -130, "contracts": ["3DE", "3DW"]}}]


def test_a_hand_record_that_is_not_one_deal_a_board_is_refused():
    bad = [{"board": 1, "deal": EXAMPLE}, {"board": 1, "deal": EXAMPLE}, {"board": 2}, {"board": 3, "deal": "N:AK"},
           {"board": 4, "deal": EXAMPLE, "dealer": "N"}]
    assert problems({"ruleset": "bridge-pairs", "pairs": {k: PAIRS[k] for k in "12"}, "deals": bad,
                     "results": []}) == [
        "deals[1].board: board 1 already has a deal (deals[0])",
        "deals[2].deal: missing",
        'deals[3].deal: "N:AK" is not a deal as PBN writes it (e.g. "N:AKQ2.KJ5.T98.765 J43.AQ2.KQJ5.AK2 ...")',
        "deals[4].dealer: unknown key",
    ]
