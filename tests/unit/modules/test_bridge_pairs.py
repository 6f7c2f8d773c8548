"""Duplicate pairs: matchpoints (Law 78A), Neuberg, adjusted scores, cross-IMPs, Butler."""

import pytest

from tests.conftest import problems, score
from zapis.modules.bridge.pairs import _datum

PAIRS = {"1": ["Ala", "Bartek"], "2": ["Celina", "Darek"], "3": ["Ewa", "Franek"],
         "4": ["Gosia", "Henryk"], "5": ["Iza", "Janek"], "6": ["Kasia", "Leon"]}


def r(board, ns, ew, contract, declarer=None, tricks=None, double=""):
    out = {"board": board, "ns": ns, "ew": ew, "contract": contract, "double": double}
    if declarer:
        out |= {"declarer": declarer, "tricks": tricks}
    return out


def session(ruleset, *results, pairs=PAIRS, **kw):
    return score({"ruleset": ruleset, "pairs": pairs, "results": list(results), **kw})


def by(out, key):
    return [(x["ns"], x["ew"], x[f"{key}_ns"], x[f"{key}_ew"]) for x in out["results"]]


# Board 1 (none vul): 4S= by N twice (+420) and 3S+1 (+170). Board 2 (N-S vul): 3NT= N (+600),
# 3NT-1 N (-100), 2H= E (-110).
BOARD1 = [r(1, 1, 2, "4S", "N", 10), r(1, 3, 4, "4S", "N", 10), r(1, 5, 6, "3S", "N", 10)]
BOARD2 = [r(2, 1, 4, "3NT", "N", 9), r(2, 3, 6, "3NT", "N", 8), r(2, 5, 2, "2H", "E", 8)]


def test_matchpoints_law78a_two_per_worse_one_per_equal():
    out = session("bridge-pairs", *BOARD1, *BOARD2)
    assert [x["score_ns"] for x in out["results"]] == [420, 420, 170, 600, -100, -110]
    # board 1: 420 beats 170 (2) and ties 420 (1) = 3 of top 4; 170 gets 0; E-W the complement
    # board 2: 600 -> 4; -100 beats -110 -> 2; -110 -> 0
    assert by(out, "mp") == [(1, 2, 3, 1), (3, 4, 3, 1), (5, 6, 0, 4), (1, 4, 4, 0), (3, 6, 2, 2), (5, 2, 0, 4)]
    rank = {x["pair"]: x for x in out["ranking"]}
    # pair 1: 3 + 4 = 7 of 8 = 87.5%; pair 6: 4 + 2 = 6 -> 75%;
    # pair 3: 3 + 2 = 5 -> 62.5%; pair 2: 1 + 4 = 5 -> 62.5% (a tie shares third place)
    assert rank[1]["total"] == 7 and rank[1]["percent"] == 87.5 and rank[1]["place"] == 1
    assert rank[6]["percent"] == 75 and rank[6]["place"] == 2
    assert rank[3]["place"] == rank[2]["place"] == 3 and rank[3]["percent"] == 62.5
    assert rank[5]["total"] == 0 and rank[5]["place"] == 6
    assert out["winner"] == ["Ala", "Bartek"]
    assert out["totals"]["Ala"] == 7


def test_neuberg_for_a_board_with_fewer_results():
    # Board 2 played only twice where 3 were expected: raw MP 2 and 0 (top 2);
    # Neuberg S = (N/n)(s + 1) - 1 with N=3, n=2: 3/2 * 3 - 1 = 3.5 and 3/2 * 1 - 1 = 0.5 (top 4).
    out = session("bridge-pairs", *BOARD1, BOARD2[0], BOARD2[1])
    assert by(out, "mp")[3:] == [(1, 4, 3.5, 0.5), (3, 6, 0.5, 3.5)]
    off = session("bridge-pairs", *BOARD1, BOARD2[0], BOARD2[1], rules={"neuberg": False})
    assert by(off, "mp")[3:] == [(1, 4, 2, 0), (3, 6, 0, 2)]


def test_adjusted_scores_a60_a40_and_neuberg_for_the_rest():
    # Board 2: one result adjusted A60/A40 (N-S 60%, E-W 40% of top 4 = 2.4 / 1.6); the two real results
    # are compared with each other (2 / 0) and Neuberg-scaled to 3 expected: 3.5 / 0.5.
    adj = {"board": 2, "ns": 5, "ew": 2, "adjusted": "A60/A40"}
    out = session("bridge-pairs", *BOARD1, BOARD2[0], BOARD2[1], adj)
    assert by(out, "mp")[3:] == [(1, 4, 3.5, 0.5), (3, 6, 0.5, 3.5), (5, 2, 2.4, 1.6)]
    out = session("bridge-pairs", *BOARD1, BOARD2[0], BOARD2[1], dict(adj, adjusted="A50"))
    assert by(out, "mp")[5] == (5, 2, 2, 2)


def test_acbl_matchpoint_scale():
    out = session("bridge-pairs", *BOARD1, rules={"mp_scale": "1/0.5"})
    assert by(out, "mp") == [(1, 2, 1.5, 0.5), (3, 4, 1.5, 0.5), (5, 6, 0, 2)]


def test_cross_imps_averaged_per_comparison():
    # Board 1: 420 vs 420 -> 0, vs 170 -> +250 -> 6: total 6, 2 comparisons -> 3. 170: -6 -6 -> -6.
    # Board 2: 600 vs -100 (700 -> 12), vs -110 (710 -> 12): 12. -100: -12, +10 (0) -> -6.
    # -110: -12, -10 (0) -> -6.
    out = session("bridge-pairs-imp", *BOARD1, *BOARD2)
    assert by(out, "imp") == [(1, 2, 3, -3), (3, 4, 3, -3), (5, 6, -6, 6), (1, 4, 12, -12), (3, 6, -6, 6),
                              (5, 2, -6, 6)]
    rank = {x["pair"]: x["total"] for x in out["ranking"]}
    assert rank == {1: 15, 2: 3, 3: -3, 4: -15, 5: -12, 6: 12}
    total = session("bridge-pairs-imp", *BOARD1, rules={"cross_imps_average": False})
    assert by(total, "imp")[2] == (5, 6, -12, 12)


def test_butler_datum_drops_highest_and_lowest():
    # Five results on board 3 (E-W vul): 4H= N NV 420 twice, 2H+1 140, 2H= 110, 2S= E V -110.
    # Datum: drop 420 and -110 -> (420 + 140 + 110) / 3 = 223.3 -> 220.
    # 420 - 220 = 200 -> 5; 140 - 220 = -80 -> -2; 110 - 220 = -110 -> -3; -110 - 220 = -330 -> -8.
    res = [r(3, 1, 2, "4H", "N", 10), r(3, 3, 4, "4H", "N", 10), r(3, 5, 6, "2H", "N", 9),
           r(3, 7, 8, "2H", "N", 8), r(3, 9, 10, "2S", "E", 8)]
    pairs = {str(i): [f"N{i}", f"S{i}"] for i in range(1, 11)}
    out = session("bridge-butler", *res, pairs=pairs)
    assert [x["score_ns"] for x in out["results"]] == [420, 420, 140, 110, -110]
    assert [x["imp_ns"] for x in out["results"]] == [5, 5, -2, -3, -8]


def test_butler_datum_rounding_to_ten():
    # ACBL: a final 5 goes to the even ten (425 -> 420, 435 -> 440); half-up: 425 -> 430.
    assert _datum([400, 450], 0, "half-even") == 420
    assert _datum([420, 450], 0, "half-even") == 440
    assert _datum([400, 450], 0, "half-up") == 430
    assert _datum([-400, -450], 0, "half-up") == -430
    assert _datum([100, 200, 300], 1, "half-even") == 200


def test_pairs_input_checks():
    base = {"ruleset": "bridge-pairs", "pairs": PAIRS}
    assert problems({**base, "results": [r(1, 1, 9, "4S", "N", 10)]}) == [
        "results[0].ew: 9 is not a pair of this session"]
    assert problems({**base, "results": [r(1, 1, 2, "4S", "N", 10), r(1, 1, 3, "4S", "N", 10)]}) == [
        "results[1].ns: pair 1 already has a result on board 1 (results[0])"]
    assert problems({**base, "results": [{"board": 1, "ns": 1, "ew": 2, "adjusted": "B60"}]}) == [
        'results[0].adjusted: "B60" is not A60, A50, A40, A60/A40 or N-S/E-W per cents (61.8/38.2, at most 100 '
        'together)']
    assert problems({**base, "results": [r(1, 1, 1, "4S", "N", 10)]}) == [
        "results[0].ew: pair 1 cannot play against itself"]


@pytest.mark.parametrize("tricks", [[9, 9, 8], [10, 6, 9, 9], [7, 7], [13, 12, 11, 10]])
def test_matchpoints_on_a_board_sum_to_the_top(tricks):
    # Law 78A: N-S and E-W matchpoints of each result add up to the top, 2(n-1).
    pairs = {str(i): [f"N{i}", f"S{i}"] for i in range(1, 9)}
    res = [r(1, i * 2 + 1, i * 2 + 2, "3NT", "N", t) for i, t in enumerate(tricks)]
    out = session("bridge-pairs", *res, pairs=pairs)
    assert all(x["mp_ns"] + x["mp_ew"] == 2 * (len(tricks) - 1) for x in out["results"])
