"""Law 77 (Laws of Duplicate Bridge 2017): every cell of the scoring table, worked by hand."""

import pytest

from zapis.modules.bridge.law77 import (
    Contract, Values, board_dealer_vul, breakdown, duplicate_score, imps, parse_contract,
)


def c(text, dbl=0):
    level, strain = parse_contract(text)
    return Contract(level, strain, dbl)


# 1.1 Trick score per odd trick bid and made: minors 20, majors 30, NT 40 then 30; x2 doubled, x4 redoubled.
@pytest.mark.parametrize("contract,dbl,below", [
    ("1C", 0, 20), ("1D", 0, 20), ("1H", 0, 30), ("1S", 0, 30), ("1NT", 0, 40),
    ("1C", 1, 40), ("1D", 1, 40), ("1H", 1, 60), ("1S", 1, 60), ("1NT", 1, 80),
    ("1C", 2, 80), ("1D", 2, 80), ("1H", 2, 120), ("1S", 2, 120), ("1NT", 2, 160),
    ("2NT", 0, 70), ("3NT", 0, 100), ("2NT", 1, 140), ("3NT", 2, 400),  # NT: 40 + 30 per further trick
    ("5C", 0, 100), ("4C", 0, 80), ("7D", 0, 140), ("7H", 0, 210), ("7NT", 0, 220),
])
def test_law77_trick_score(contract, dbl, below):
    b = breakdown(c(contract, dbl), False, 6 + int(contract[0]))
    assert b.below == below


# 1.2 Premiums: game 300/500 when trick score >= 100, partscore 50; insult 50 (X) / 100 (XX).
@pytest.mark.parametrize("contract,dbl,vul,tricks,score", [
    ("1C", 0, False, 7, 70),        # 20 + partscore 50
    ("4C", 0, False, 10, 130),      # 80 is a partscore: 80 + 50
    ("5C", 0, False, 11, 400),      # 100 + game 300
    ("5C", 1, False, 11, 550),      # 200 + insult 50 + game 300
    ("2H", 1, False, 8, 470),       # 120 (doubled into game) + 50 + 300
    ("2H", 1, True, 8, 670),        # 120 + 50 + 500
    ("1NT", 2, False, 7, 560),      # 160 + redoubled insult 100 + 300
    ("1S", 2, True, 7, 720),        # 120 + 100 + 500
    ("1NT", 0, False, 7, 90),       # 40 + 50
    ("3NT", 0, False, 9, 400),      # 100 + 300
    ("3NT", 0, True, 9, 600),       # 100 + 500
    ("4S", 0, True, 10, 620),       # 120 + 500
    ("1C", 1, False, 7, 140),       # 40 + 50 insult + 50 partscore
    ("1C", 2, False, 7, 230),       # 80 + 100 + 50
])
def test_law77_premiums(contract, dbl, vul, tricks, score):
    assert duplicate_score(c(contract, dbl), vul, tricks) == score


# 1.2 Overtricks: undoubled at trick value (NT overtricks 30); doubled 100/200; redoubled 200/400.
@pytest.mark.parametrize("contract,dbl,vul,tricks,score", [
    ("4S", 0, False, 11, 450),      # 120 + 30 + 300
    ("3NT", 0, False, 10, 430),     # 100 + 30 + 300: an NT overtrick is 30, not 40
    ("2C", 0, True, 10, 130),       # 40 + 2x20 + 50
    ("2H", 1, False, 9, 570),       # 120 + 100 + 50 + 300
    ("2H", 1, True, 9, 870),        # 120 + 200 + 50 + 500
    ("1NT", 2, False, 8, 760),      # 160 + 200 + 100 + 300
    ("1NT", 2, True, 8, 1160),      # 160 + 400 + 100 + 500
    ("3D", 1, True, 13, 1470),      # 120 + 4x200 + 50 + 500
])
def test_law77_overtricks(contract, dbl, vul, tricks, score):
    assert duplicate_score(c(contract, dbl), vul, tricks) == score


# 1.2 Slams: small 500/750, grand 1000/1500, on top of the game premium.
@pytest.mark.parametrize("contract,dbl,vul,score", [
    ("6C", 0, False, 920),          # 120 + 300 + 500
    ("6C", 0, True, 1370),          # 120 + 500 + 750
    ("6NT", 0, True, 1440),         # 190 + 500 + 750
    ("7NT", 0, False, 1520),        # 220 + 300 + 1000
    ("7NT", 0, True, 2220),         # 220 + 500 + 1500
    ("7S", 2, True, 2940),          # 840 + 100 + 500 + 1500
    ("6H", 1, False, 1210),         # 360 + 50 + 300 + 500
])
def test_law77_slams(contract, dbl, vul, score):
    assert duplicate_score(c(contract, dbl), vul, 6 + int(contract[0])) == score


# 1.3 Undertricks, cumulative, from the rows of Law 77: NV undbl 50 each; NV X 100, 200, 200, then 300;
# NV XX twice that; V undbl 100 each; V X 200 then 300; V XX twice that.
UNDER = {
    (False, 0): [50, 100, 150, 200, 250, 300, 350],
    (False, 1): [100, 300, 500, 800, 1100, 1400, 1700],
    (False, 2): [200, 600, 1000, 1600, 2200, 2800, 3400],
    (True, 0): [100, 200, 300, 400, 500, 600, 700],
    (True, 1): [200, 500, 800, 1100, 1400, 1700, 2000],
    (True, 2): [400, 1000, 1600, 2200, 2800, 3400, 4000],
}


@pytest.mark.parametrize("vul,dbl", list(UNDER))
def test_law77_undertricks(vul, dbl):
    for down, expect in enumerate(UNDER[(vul, dbl)], start=1):
        assert duplicate_score(c("7NT", dbl), vul, 13 - down) == -expect


def test_law77_thirteen_down():
    # 7NT with no trick at all: 13 down. NV X: 100 + 2x200 + 10x300 = 3500; V XX: 2 x (200 + 12x300) = 7600
    assert duplicate_score(c("7NT", 1), False, 0) == -3500
    assert duplicate_score(c("7NT", 2), True, 0) == -7600
    assert duplicate_score(c("7NT", 0), False, 0) == -650


def test_pre1987_doubled_undertricks_nv_100_then_200():
    # The seed's table: NV doubled 100 first, 200 each further (no 300 from the fourth).
    v = Values(doubled_undertricks="pre1987")
    assert [duplicate_score(c("7NT", 1), False, 13 - d, v) for d in (1, 2, 3, 4, 5)] == [-100, -300, -500, -700, -900]
    # vulnerable is the same in both tables: 200 then 300
    assert duplicate_score(c("7NT", 1), True, 9, v) == -1100


# Law 78B: every band edge of the IMP scale, both signs.
BANDS = [(0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6),
         (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11), (600, 740, 12),
         (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17),
         (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22),
         (3500, 3990, 23), (4000, 7600, 24)]


@pytest.mark.parametrize("lo,hi,imp", BANDS)
def test_imp_scale_band_edges(lo, hi, imp):
    assert imps(lo) == imp and imps(hi) == imp
    assert imps(-lo) == -imp and imps(-hi) == -imp


# Law 2: dealer and vulnerability of the 16-board cycle, row by row from the law's table.
LAW2 = {1: ("N", "none"), 2: ("E", "NS"), 3: ("S", "EW"), 4: ("W", "both"), 5: ("N", "NS"), 6: ("E", "EW"),
        7: ("S", "both"), 8: ("W", "none"), 9: ("N", "EW"), 10: ("E", "both"), 11: ("S", "none"),
        12: ("W", "NS"), 13: ("N", "both"), 14: ("E", "none"), 15: ("S", "NS"), 16: ("W", "EW")}


@pytest.mark.parametrize("board", range(1, 33))
def test_law2_board_cycle(board):
    assert board_dealer_vul(board) == LAW2[(board - 1) % 16 + 1]


@pytest.mark.parametrize("text,parsed", [("4S", (4, "S")), ("3nt", (3, "NT")), ("7NT", (7, "NT")),
                                         ("1c", (1, "C")), ("0S", None), ("8H", None), ("4X", None),
                                         ("", None), ("S4", None), ("pass", None)])
def test_parse_contract(text, parsed):
    assert parse_contract(text) == parsed


@pytest.mark.parametrize("typed, record", [
    ("3BA", "3NT"), ("3ba", "3NT"), ("3 bez atu", "3NT"), ("3nt", "3NT"), ("3N", "3NT"),
    ("4P", "4S"), ("4♠", "4S"), ("4 pik", "4S"), ("4s", "4S"), ("2♥", "2H"), ("2kier", "2H"),
    ("1T", "1C"), ("1♣", "1C"), ("5karo", "5D"), ("5♦", "5D"), ("pas", "pass"), ("PASS", "pass"), (" Pas ", "pass"),
])
def test_contracts_as_players_write_them_in_polish_and_english(typed, record):
    """Polish bridge writes BA (bez atu) for NT, P (pik) for spades, T (trefl) for clubs, pas for pass."""
    from zapis.modules.bridge.law77 import canonical_contract
    assert canonical_contract(typed) == record


@pytest.mark.parametrize("typed", ["4K", "8S", "0NT", "4X", "kontra", "", "4"])
def test_what_is_no_contract_is_left_for_the_check_to_name(typed):
    """K alone is karo or kier: not guessed; a level outside 1-7 is no contract."""
    from zapis.modules.bridge.law77 import canonical_contract
    assert canonical_contract(typed) == typed


@pytest.mark.parametrize("contract,dbl,vul,tricks,pl,en", [
    # 4H+1 V: 120 + overtrick 30 + game 500 = 650 (1.1, 1.2)
    ("4H", 0, True, 11, "120 + nadróbka 30 + premia za dograną 500 = 650",
     "120 + overtrick 30 + game bonus 500 = 650"),
    # 2C= NV: 40 + partscore 50 = 90
    ("2C", 0, False, 8, "40 + premia za częściówkę 50 = 90", "40 + partscore bonus 50 = 90"),
    # 2SX+2 NV: 120 (a game) + 2 doubled overtricks 200 + insult 50 + game 300 = 670
    ("2S", 1, False, 10, "120 + nadróbki 200 + za kontrę 50 + premia za dograną 300 = 670",
     "120 + overtricks 200 + insult 50 + game bonus 300 = 670"),
    # 6NTXX= V: 760 + insult 100 + small slam 750 + game 500 = 2110
    ("6NT", 2, True, 12, "760 + za rekontrę 100 + szlemik 750 + premia za dograną 500 = 2110",
     "760 + insult 100 + small slam 750 + game bonus 500 = 2110"),
    ("7S", 0, False, 13, "210 + szlem 1000 + premia za dograną 300 = 1510",
     "210 + grand slam 1000 + game bonus 300 = 1510"),
    # 3NTX-2 NV: 100 + 200 = 300 to the defenders (1.3)
    ("3NT", 1, False, 7, "bez 2: 300 dla obrońców", "down 2: 300 to the defenders"),
])
def test_how_a_score_is_made_is_said_in_each_language(contract, dbl, vul, tricks, pl, en):
    """A sheet's "how" (Breakdown.words) names each part in Polish bridge words and in English ones."""
    from zapis.core.words import say
    from zapis.modules.bridge.law77 import with_premium

    words = with_premium(breakdown(c(contract, dbl), vul, tricks)).words()
    assert (say(words, "pl"), say(words, "en")) == (pl, en)
    score = duplicate_score(c(contract, dbl), vul, tricks)  # the words add up to the score
    assert en.endswith(f" = {score}") if score > 0 else en.endswith(f": {-score} to the defenders")
