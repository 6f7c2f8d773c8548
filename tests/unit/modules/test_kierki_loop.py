"""Kierki z zapętlaniem (seed 003): loops, bajts, owed deals and their order, the sale, the checks."""

import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from tests.conftest import problems, score

P = ["A", "B", "C", "D"]
SEED = Path(__file__).resolve().parents[2] / "data" / "seeds" / "seed-kierki-loop.toml"


def game(*hands):
    return score({"ruleset": "kierki-loop", "players": P, "hands": list(hands)})


def R(a, b, c, d):
    return {"deal": "robber", "points": dict(zip(P, (a, b, c, d)))}


def O(a, b, c, d, **kw):
    return {"deal": "trumps", "tricks": dict(zip(P, (a, b, c, d))), **kw}


PLAIN_R = R(30, 30, 35, 35)
PLAIN_O = O(4, 3, 3, 3)


def scores(out, i):
    return [out["hands"][i]["scores"][p] for p in P]


def test_article_example_reproduces_every_cell_and_the_final_line():
    data = tomllib.loads(SEED.read_text(encoding="utf-8"))
    out = score(data)
    assert out["totals"] == {"Gracz1": -324, "Gracz2": 298, "Gracz3": -119, "Gracz4": 145}
    assert out["finished"] is True and out["next"] is None
    # the sheet's cells as the article prints them (robbers without minus signs, odgrywki in tricks)
    from zapis.io import records
    rec, rules, module = records.parse(data)
    sheet = records.score(rec, rules, module)
    rows = [[c.text for c in r.cells] for r in sheet.sections[0].rows]
    assert rows[0] == ["18", "47", "60", "5", "4", "3", "3", "3"]
    assert rows[1] == ["144", "+(5.o)", "96", "20", "6", "12", "+(5.r)", "8"]
    assert rows[2] == ["270", "+(6.o)", "120", "+(7.o)", "1", "5", "6", "1"]
    assert rows[3] == ["15", "70", "2", "43", "9", "+(6.r)", "+(7.r)", "30"]
    assert rows[4] == ["45", "50", "5", "30", "2", "7", "2", "2"]
    assert rows[5] == ["2", "8", "48", "72", "4", "4", "4", "1"]
    assert rows[6] == ["6", "15", "15", "94", "+(8.r)", "8", "8", "10"]
    assert rows[7] == ["+(8.o)", "52", "78", "130", "2", "16", "8", "+(9.r)"]
    assert rows[8] == ["104", "10", "5", "11", "", "", "", ""]
    assert rows[9] == ["604", "252", "429", "405", "280", "550", "310", "550"]
    assert rows[10] == ["324", "", "119", "", "", "298", "", "145"]
    assert all(c.ok for c in sheet.checks)


def test_article_example_order_of_owed_deals():
    # After 4 robbers and 4 odgrywki the owed no-trump odgrywki 5.o-7.o come first (loops of 2.r and 3.r),
    # then the robbers 5.r-7.r owed for the bajts of 2.o and 4.o.
    data = tomllib.loads(SEED.read_text(encoding="utf-8"))
    hands = data["hands"]
    out = score({**data, "hands": hands[:8]})
    assert out["next"] == {"deal": "trumps", "number": 5, "label": "5.o", "leader": "Gracz2", "owed": True,
                           "owed_for": "2.r", "no_trumps": True}
    assert [o["label"] for o in out["owed"]] == ["6.o", "7.o", "5.r", "6.r", "7.r"]
    assert [o["leader"] for o in out["owed"]] == ["Gracz2", "Gracz4", "Gracz3", "Gracz2", "Gracz3"]
    out = score({**data, "hands": hands[:11]})  # 7.o bajted Gracz1: 8.r joins the robber phase
    assert out["next"]["label"] == "5.r"
    assert [o["label"] for o in out["owed"]] == ["6.r", "7.r", "8.r"]


def test_no_loop_robber_and_plain_odgrywka():
    out = game(PLAIN_R, PLAIN_R, PLAIN_R, PLAIN_R, PLAIN_O, PLAIN_O, PLAIN_O, PLAIN_O)
    assert scores(out, 0) == [-30, -30, -35, -35]
    assert scores(out, 4) == [40, 30, 30, 30]
    # 4 robbers: -120, -120, -140, -140; 4 odgrywki: 160, 120, 120, 120
    assert out["totals"] == {"A": 40, "B": 0, "C": -20, "D": -20}
    assert out["finished"] is True and out["winner"] == "A"


def test_one_looper_doubles_the_others():
    out = game(R(0, 40, 40, 50))
    assert scores(out, 0) == [0, -80, -80, -100]
    assert out["owed"][-1] == {"deal": "trumps", "number": 5, "label": "5.o", "leader": "A", "owed": True,
                               "owed_for": "1.r", "no_trumps": True}


def test_two_loopers_triple_the_others_lower_column_first():
    out = game(R(60, 0, 70, 0))
    assert scores(out, 0) == [-180, 0, -210, 0]
    owed = [o for o in out["owed"] if o["owed"]]
    assert [(o["label"], o["leader"]) for o in owed] == [("5.o", "B"), ("6.o", "D")]


def test_one_player_takes_every_trick_in_a_robber():
    # He is the looper, twice; the others get 130 each.
    out = game(R(0, 130, 0, 0))
    assert scores(out, 0) == [-130, 0, -130, -130]
    owed = [o for o in out["owed"] if o["owed"]]
    assert [(o["label"], o["leader"]) for o in owed] == [("5.o", "B"), ("6.o", "B")]


def test_twelve_tricks_tripled_the_article_extreme():
    # The article: the risk-taker gives away one plain trick (-2, tripled -6) and takes the rest tripled: -384.
    out = game(R(2, 128, 0, 0))
    assert scores(out, 0) == [-6, -384, 0, 0]


def test_one_bajt_doubles_the_others_and_owes_a_robber():
    out = game(PLAIN_R, PLAIN_R, PLAIN_R, PLAIN_R, O(5, 0, 4, 4))
    assert scores(out, 4) == [100, 0, 80, 80]
    owed = [o for o in out["owed"] if o["owed"]]
    assert [(o["label"], o["leader"], o["owed_for"]) for o in owed] == [("5.r", "B", "1.o")]


def test_two_bajts_triple():
    out = game(PLAIN_R, PLAIN_R, PLAIN_R, PLAIN_R, O(0, 6, 0, 7))
    assert scores(out, 4) == [0, 180, 0, 210]
    owed = [o for o in out["owed"] if o["owed"]]
    assert [(o["label"], o["leader"]) for o in owed] == [("5.r", "A"), ("6.r", "C")]


def test_thirteen_tricks_in_an_odgrywka_score_52():
    out = game(PLAIN_R, PLAIN_R, PLAIN_R, PLAIN_R, O(0, 0, 13, 0))
    assert scores(out, 4) == [0, 0, 520, 0]
    owed = [o for o in out["owed"] if o["owed"]]
    assert [(o["label"], o["leader"]) for o in owed] == [("5.r", "A"), ("6.r", "B"), ("7.r", "D")]


def test_sale_without_bajt():
    # A sells the choice to B for 3 tricks: A 3 + 3 = 6, B 6 - 3 = 3.
    out = game(PLAIN_R, PLAIN_R, PLAIN_R, PLAIN_R, O(3, 6, 2, 2, sale={"seller": "A", "buyer": "B", "tricks": 3}))
    assert scores(out, 4) == [60, 30, 20, 20]


def test_sale_with_the_buyers_own_bajt_and_negative_score():
    # B bought for 4 tricks but took only 2: B nets -2, A 3 + 4 = 7; B is zbajcony, so everything doubles:
    # A 14, B -4, C 8, D 8 (a row of 26), and a robber led by B is owed.
    out = game(PLAIN_R, PLAIN_R, PLAIN_R, PLAIN_R, O(3, 2, 4, 4, sale={"seller": "A", "buyer": "B", "tricks": 4}))
    assert scores(out, 4) == [140, -40, 80, 80]
    owed = [o for o in out["owed"] if o["owed"]]
    assert [(o["label"], o["leader"]) for o in owed] == [("5.r", "B")]


def test_sale_exactly_to_zero_is_a_bajt():
    out = game(PLAIN_R, PLAIN_R, PLAIN_R, PLAIN_R, O(3, 3, 3, 4, sale={"seller": "A", "buyer": "B", "tricks": 3}))
    assert scores(out, 4) == [120, 0, 60, 80]


def test_owed_no_trump_odgrywka_has_no_sale():
    hands = [R(0, 40, 40, 50), PLAIN_R, PLAIN_R, PLAIN_R, PLAIN_O, PLAIN_O, PLAIN_O, PLAIN_O,
             O(3, 6, 2, 2, sale={"seller": "A", "buyer": "B", "tricks": 3})]
    assert problems({"ruleset": "kierki-loop", "players": P, "hands": hands}) == [
        "hands[8].sale: the owed no-trump odgrywka 5.o is played without a sale"]


def test_a_deal_that_is_not_owed_is_refused():
    hands = [PLAIN_R] * 4 + [PLAIN_R]
    assert problems({"ruleset": "kierki-loop", "players": P, "hands": hands}) == [
        'hands[4].deal: rozbójnik is not owed here: 1.o is next, an odgrywka led by B']
    hands = [PLAIN_R] * 4 + [PLAIN_O] * 4 + [PLAIN_O]
    assert problems({"ruleset": "kierki-loop", "players": P, "hands": hands}) == [
        "hands[8]: the game is over: no deal is owed (such deals are void)"]


def test_leaders_of_basic_deals_rotate_from_the_dealers_left():
    out = game()
    assert out["next"]["leader"] == "B"  # A deals the first hand, B (on his left) leads
    out = game(PLAIN_R)
    assert out["next"]["leader"] == "C"


def test_robber_item_counts_equal_points():
    taken = {"A": {"tricks": 4, "hearts": 5, "queens": 1, "kings_jacks": 2, "king_of_hearts": 1, "last": 0},
             "B": {"tricks": 3, "hearts": 3, "queens": 2, "kings_jacks": 2, "king_of_hearts": 0, "last": 1},
             "C": {"tricks": 3, "hearts": 3, "queens": 1, "kings_jacks": 2, "king_of_hearts": 0, "last": 1},
             "D": {"tricks": 3, "hearts": 2, "queens": 0, "kings_jacks": 2, "king_of_hearts": 0, "last": 0}}
    # A: 8 + 10 + 5 + 6 + 16 = 45; B: 6 + 6 + 10 + 6 + 9 = 37; C: 6 + 6 + 5 + 6 + 9 = 32; D: 6 + 4 + 6 = 16
    out = game({"deal": "robber", "taken": taken})
    assert scores(out, 0) == [-45, -37, -32, -16]


@pytest.mark.parametrize("hand,msg", [
    (R(30, 30, 30, 35), "hands[0].points: 125 in all, not 130 (5 short)"),
    (R(40, 30, 35, 35), "hands[0].points: 140 in all, not 130 (10 too many)"),
    ({"deal": "robber", "points": {"A": 130}}, "hands[0].points.B: missing"),
])
def test_robber_sum_check(hand, msg):
    assert msg in problems({"ruleset": "kierki-loop", "players": P, "hands": [hand]})


def test_odgrywka_sum_check():
    hands = [PLAIN_R] * 4 + [O(4, 4, 4, 4)]
    assert problems({"ruleset": "kierki-loop", "players": P, "hands": hands}) == [
        "hands[4].tricks: 16 in all, not 13 (3 too many)"]


# --- properties: random games played to the end ----------------------------------------------------

def _split(draw, total, n, allow_zero=True):
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=n - 1, max_size=n - 1)))
    parts = [b - a for a, b in zip([0] + cuts, cuts + [total])]
    return parts


@st.composite
def random_game(draw):
    from zapis.io import rulesets
    from zapis.modules.kierki_loop import KierkiLoopModule
    mod, rules = KierkiLoopModule(), rulesets.load("kierki-loop")
    hands = []
    for _ in range(30):
        plan, _ = mod._fold(rules, P, hands)
        slot = plan.next()
        if slot is None:
            break
        if slot.kind == "robber":
            # robber points come in steps of 1 here; only the sum matters for the rules
            hands.append(R(*_split(draw, 130, 4)))
        else:
            hands.append(O(*_split(draw, 13, 4)))
    return hands


@settings(max_examples=60, deadline=None)
@given(random_game())
def test_property_rows_and_zero_sum(hands):
    from zapis.io import records
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "kierki-loop", "players": P,
                                        "hands": hands})
    sheet = records.score(rec, rules, module)
    assert all(c.ok for c in sheet.checks[:3])  # rows 130/260/390, 13/26/39/52; divisibility
    if sheet.finished:
        assert sum(sheet.totals.values()) == 0
    else:
        assert sheet.next is not None


def test_the_loop_sheet_is_said_in_one_language():
    from tests.unit.modules.sheet_words import one_language, problem, said_in_one_language, sheet

    data = tomllib.loads(SEED.read_text(encoding="utf-8"))
    data["hands"] = data["hands"][:5]  # four robbers (2.r loops once, 3.r twice) and 1.o: three odgrywki owed
    s = sheet(data)
    # 1.r as it is; 2.r doubled, 3.r tripled (the loopers 0); 4.r; 1.o: 10 a trick
    assert s.totals == {"Gracz1": -18 - 144 - 270 - 15 + 40, "Gracz2": -47 - 70 + 30,
                        "Gracz3": -60 - 96 - 120 - 2 + 30, "Gracz4": -5 - 20 - 43 + 30}
    pl, en = one_language(s, ["suma", "bilans", "Do rozegrania", "wistuje Gracz2", "bez atu", "w sumie lewy",
                              "wiersze", "dzieli się przez 130"],
                          ["sum", "net", "Owed", "Gracz2 leads", "no trumps", "in the sums tricks", "rows",
                           "divisible by 130"])
    assert "Do rozegrania: 5.o (bez atu, wistuje Gracz2, za 2.r), 6.o (bez atu, wistuje Gracz2, za 3.r)" in pl
    assert "Owed: 5.o (no trumps, Gracz2 leads, for 2.r), 6.o (no trumps, Gracz2 leads, for 3.r)" in en
    assert " / " not in pl and " / " not in en
    p = problem({"ruleset": "kierki-loop", "players": P, "hands": [PLAIN_R] * 5})
    assert p.say("pl") == "hands[4].deal: teraz nie rozbójnik: następne jest 1.o, odgrywka, wistuje B"
    assert p.say("en") == "hands[4].deal: rozbójnik is not owed here: 1.o is next, an odgrywka led by B"
    said_in_one_language(problem({"ruleset": "kierki-loop", "players": P, "hands": [R(30, 30, 30, 35)]}),
                         ["razem", "brakuje"], ["in all", "short"])
