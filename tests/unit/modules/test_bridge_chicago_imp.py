"""Chicago (the seed's and the ACBL's) and the Polish club IMP method against the HCP table."""

import pytest

from tests.conftest import problems, score

P = ["Ala", "Bartek", "Celina", "Darek"]  # N, E, S, W
PASS = {"contract": "pass"}


def h(contract, declarer, tricks, double="", **kw):
    return {"contract": contract, "declarer": declarer, "tricks": tricks, "double": double, **kw}


def play(ruleset, *hands, **kw):
    return score({"ruleset": ruleset, "players": P, "hands": list(hands), **kw})


def test_seed_chicago_cycle_duplicate_style():
    # Seed: deal 1 N none, 2 E N-S vul, 3 S E-W vul, 4 W both; each deal duplicate-style.
    # 1: N-S 4S= NV 420; 2: N-S 4S= V 620; 3: E-W 3NT= V 600; 4: E-W 2H+1 V 110 + 50 = 140.
    out = play("bridge-chicago", h("4S", "N", 10), h("4S", "S", 10), h("3NT", "E", 9), h("2H", "W", 9))
    assert [x["scores"]["Ala"] for x in out["hands"]] == [420, 620, 0, 0]
    assert [x["scores"]["Bartek"] for x in out["hands"]] == [0, 0, 600, 140]
    assert out["sides"] == {"NS": 1040, "EW": 740}
    assert out["finished"] is True and out["winner"] == ["Ala", "Celina"]
    assert out["next"] == {"deal": 1, "dealer": "Ala", "seat": "N", "vulnerable": "none"}


def test_seed_chicago_next_names_deal_dealer_and_vulnerability():
    out = play("bridge-chicago", h("1NT", "N", 7))
    assert out["next"] == {"deal": 2, "dealer": "Bartek", "seat": "E", "vulnerable": "NS"}
    out = play("bridge-chicago", h("1NT", "N", 7), PASS)  # a pass-out counts as a deal here
    assert out["next"]["deal"] == 3 and out["next"]["vulnerable"] == "EW"
    assert out["finished"] is False


def test_acbl_chicago_carry_over_and_fourth_deal_bonus():
    # ACBL: deal 2 E-W vul, deal 3 N-S vul. 1: N-S 2S= 60 (no partscore premium); 2: N-S 2C= 40 completes
    # game (100) while N-S is not vulnerable on deal 2: 40 + 300; 3: E-W 2H= 60; 4: N-S 1NT= 40, no game:
    # + 100 for a partscore on deal 4.
    out = play("bridge-chicago-acbl", h("2S", "N", 8), h("2C", "N", 8), h("2H", "E", 8), h("1NT", "S", 7))
    assert [x["scores"]["Ala"] for x in out["hands"]] == [60, 340, 0, 140]
    assert out["sides"] == {"NS": 540, "EW": 60}


def test_acbl_chicago_pass_out_redealt_and_game_premium_by_completing_side_vulnerability():
    # 1: N-S 2S= 60. Pass-out: redealt by the same dealer (E), deal 2 again. 2: E-W 1C= 20.
    # 3 (N-S vul): N-S 2D= 40 completes game: 40 + 500; E-W's 20 is wiped. 4: E-W 3C= 60 + 100.
    out = play("bridge-chicago-acbl", h("2S", "N", 8), PASS, h("1C", "E", 7), h("2D", "S", 8),
               h("3C", "W", 9))
    assert [x["scores"]["Ala"] for x in out["hands"]] == [60, 0, 0, 540, 0]
    assert [x["scores"]["Bartek"] for x in out["hands"]] == [0, 0, 20, 0, 160]
    assert out["sides"] == {"NS": 600, "EW": 180}
    assert out["finished"] is True


def test_acbl_next_after_pass_out_is_the_same_deal_and_dealer():
    out = play("bridge-chicago-acbl", h("2S", "N", 8), PASS)
    assert out["next"] == {"deal": 2, "dealer": "Bartek", "seat": "E", "vulnerable": "EW"}


def test_imp_four_deals_worked_by_hand():
    # 1 (none): HCP N-S 25, N-S 4S= 420 - expected NV 300 = +120 -> +3 IMP N-S.
    # 2 (N-S vul): HCP N-S 14 so E-W has 26, E-W NV: 3NT+1 430 - 350 = +80 -> +2 IMP E-W.
    # 3 (E-W vul): 20-20, N-S is the reference (NV): E-W 1NT-1 V gives N-S +100 - 0 -> +3 IMP N-S.
    # 4 (both): HCP N-S 30, N-S vul: 4H= 620 - 690 = -70 -> -2 IMP N-S (the sign of the difference,
    #   not of the score).
    out = play("bridge-imp", h("4S", "N", 10, hcp_ns=25), h("3NT", "E", 10, hcp_ns=14),
               h("1NT", "W", 6, hcp_ns=20), h("4H", "S", 10, hcp_ns=30))
    assert [x["scores"]["Ala"] for x in out["hands"]] == [3, -2, 3, -2]
    assert [x["scores"]["Bartek"] for x in out["hands"]] == [-3, 2, -3, 2]
    assert out["totals"]["Ala"] == 2 and out["totals"]["Darek"] == -2
    assert out["finished"] is True


# Every row of the seed's HCP table: a passed-out deal scores 0, so the strong side loses
# imp(expected): NV on deal 1, V on deal 4. IMPs worked by hand from Law 78B.
HCP_ROWS = {20: (0, 0), 21: (2, 2), 22: (2, 2), 23: (3, 3), 24: (5, 7), 25: (7, 10), 26: (8, 11),
            27: (9, 12), 28: (10, 12), 29: (10, 12), 30: (10, 12), 31: (12, 14), 32: (12, 14),
            33: (14, 16), 34: (14, 17), 35: (15, 17), 36: (15, 18), 37: (16, 18), 38: (16, 18),
            39: (16, 18), 40: (16, 18)}


@pytest.mark.parametrize("hcp", sorted(HCP_ROWS))
def test_imp_hcp_table_every_row(hcp):
    nv, v = HCP_ROWS[hcp]
    one = dict(PASS, hcp_ns=hcp)
    out = play("bridge-imp", one, one, one, one)
    ns = [x["scores"]["Ala"] for x in out["hands"]]
    assert ns[0] == -nv  # deal 1: nobody vulnerable
    assert ns[3] == -v   # deal 4: both vulnerable
    # the same strength on the E-W side gives E-W the same loss
    other = dict(PASS, hcp_ns=40 - hcp)
    out = play("bridge-imp", other)
    assert out["hands"][0]["scores"]["Bartek"] == -nv


def test_imp_band_edges_exact():
    # Differences exactly on a band edge must fall into a band: HCP 20 (expected 0), N-S 1C= 70:
    # diff 70 -> 2; and E-W 2S= 110 makes -110 -> -3 (edge 120 would still be 3; 90 is 3 too).
    out = play("bridge-imp", h("1C", "N", 7, hcp_ns=20), h("2S", "E", 8, hcp_ns=20))
    assert [x["scores"]["Ala"] for x in out["hands"]] == [2, -3]
    # HCP 22 expected 70: N-S 1NT+1 NV = 120: diff 50 -> 2 (lower edge of 50-80)
    out = play("bridge-imp", h("1NT", "N", 8, hcp_ns=22))
    assert out["hands"][0]["scores"]["Ala"] == 2
    # HCP 21 expected 50: N-S 2C+1 = 110 -> diff 60 -> 2; N-S 1S= 80 -> diff 30 -> 1; 1C= 70 -> 20 -> 1
    out = play("bridge-imp", h("1S", "N", 7, hcp_ns=21), h("1C", "N", 7, hcp_ns=21))
    assert [x["scores"]["Ala"] for x in out["hands"]] == [1, 1]


def test_imp_needs_hcp_and_checks_range():
    bad = problems({"ruleset": "bridge-imp", "players": P, "hands": [h("4S", "N", 10)]})
    assert bad == ["hands[0].hcp_ns: missing"]
    bad = problems({"ruleset": "bridge-imp", "players": P, "hands": [h("4S", "N", 10, hcp_ns=41)]})
    assert bad == ["hands[0].hcp_ns: 41 is not between 0 and 40"]


def test_vulnerable_override():
    out = play("bridge-chicago", h("4S", "N", 10, vulnerable="both"))
    assert out["hands"][0]["scores"]["Ala"] == 620
