"""Bridge with two players (bridge-chinese, bridge-two) and the tura (bridge-tura), and a declarer or honours side
given by a player's name in every bridge ruleset (../shared/spec/records.md, "Bridge with two and three players,
and the tura"). Every expected value is worked out by hand from the rule text quoted with it and the rubber
scoring of Laws 72-74, 77, 80 and 81 (as tests/unit/modules/test_bridge_rubber.py has them)."""

import json
import tomllib

import pytest

from tests.conftest import problems, score
from tests.unit.test_totals_path import assert_agree
from zapis.io import records
from zapis.core.module import DECLARED
from zapis.cli import main
from zapis.club.evening import game_money
from zapis.store import Store

P = ["Ala", "Bartek", "Celina", "Darek"]  # N, E, S, W at a table of four
P2 = ["Ala", "Bartek"]  # Ala is the N-S side, Bartek E-W


def h(contract, declarer, tricks, double="", **kw):
    return {"contract": contract, "declarer": declarer, "tricks": tricks, "double": double, **kw}


def game(ruleset, players, *hands, **kw):
    return score({"ruleset": ruleset, "players": players, "hands": list(hands), **kw})


def scores(out, i):
    return out["hands"][i]["scores"]


# --- every bridge ruleset: a declarer by seat or by name ----------------------------------------------------------

# The seed's rubber example (test_bridge_rubber.test_seed_example_ew_1620_ns_300): N-S 3NT=, E-W 2H=, E-W 2HXX -1,
# E-W 4H=, E-W 6NT=: N-S 300, E-W 1620; the declarers once by seat, once by name (N Ala, E Bartek, W Darek).
SEED_BY_SEAT = [h("3NT", "N", 9), h("2H", "E", 8), h("2H", "E", 7, "XX"), h("4H", "E", 10), h("6NT", "W", 12)]
SEED_BY_NAME = [h("3NT", "Ala", 9), h("2H", "Bartek", 8), h("2H", "Bartek", 7, "XX"), h("4H", "Bartek", 10),
                h("6NT", "Darek", 12)]


@pytest.mark.parametrize("ruleset", ["bridge-rubber", "bridge-old-polish", "bridge-chicago", "bridge-chicago-acbl"])
def test_every_bridge_ruleset_takes_the_declarer_by_seat_or_by_name(ruleset):
    by_seat = game(ruleset, P, *SEED_BY_SEAT)
    by_name = game(ruleset, P, *SEED_BY_NAME)
    assert by_name["totals"] == by_seat["totals"] and by_name["hands"] == by_seat["hands"]
    assert by_name["finished"] == by_seat["finished"] and by_name["winner"] == by_seat["winner"]


def test_a_declarer_by_name_scores_for_his_seats_side_in_rubber():
    out = game("bridge-rubber", P, *SEED_BY_NAME)
    assert out["sides"] == {"NS": 300, "EW": 1620}
    assert out["totals"] == {"Ala": 300, "Bartek": 1620, "Celina": 300, "Darek": 1620}


def test_imp_takes_the_declarer_by_name():
    # Celina sits S: 4S= by N-S, not vulnerable (deal 1): 420; N-S hold 25 HCP: expected 300 (the Polish table),
    # difference +120 -> 3 IMP (Law 78B: 110-140) to N-S; the same by seat.
    by_name = game("bridge-imp", P, h("4S", "Celina", 10, hcp_ns=25))
    by_seat = game("bridge-imp", P, h("4S", "S", 10, hcp_ns=25))
    assert by_name["totals"] == by_seat["totals"] == {"Ala": 3, "Bartek": -3, "Celina": 3, "Darek": -3}


def test_honours_side_by_a_players_name_is_his_side():
    # Law 81: four trump honours in one hand, 100 above the line for his side. Darek (W) held them while Ala made
    # 2S= (60 below): E-W 100; unfinished (Law 80): N-S's only partscore +100. N-S 160, E-W 100.
    out = game("bridge-rubber", P, h("2S", "Ala", 8, honours=100, honours_side="Darek"))
    assert out["sides"] == {"NS": 160, "EW": 100}
    same = game("bridge-rubber", P, h("2S", "N", 8, honours=100, honours_side="EW"))
    assert same["sides"] == out["sides"]


def test_a_declarer_who_is_neither_a_seat_nor_a_player_is_refused_at_his_place():
    assert problems({"ruleset": "bridge-rubber", "players": P, "hands": [h("4S", "N", 10), h("4S", "Zenon", 10)]}) == [
        'hands[1].declarer: "Zenon" is not one of "N", "E", "S", "W" nor a player of this game']
    assert problems({"ruleset": "bridge-rubber", "players": P,
                     "hands": [h("4S", "N", 10, honours=100, honours_side="Zenon")]}) == [
        'hands[0].honours_side: "Zenon" is not one of "NS", "EW" nor a player of this game']
    # the hand's other problems keep the order of its fields
    assert problems({"ruleset": "bridge-chicago", "players": P, "hands": [h("4S", 7, 20)]}) == [
        'hands[0].declarer: 7 is not one of "N", "E", "S", "W" nor a player of this game',
        "hands[0].tricks: 20 is not between 0 and 13"]


# --- two players: bridge-chinese, bridge-two ------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", ["bridge-chinese", "bridge-two"])
def test_two_players_score_as_rubber_bridge_each_his_sides_total(ruleset):
    # "Zasady zapisu - jak w brydżu tradycyjnym": the seed's rubber with Ala as N-S and Bartek as E-W:
    # Ala 300, Bartek 1620 (rubber 2-1, 500); the rubber is Bartek's.
    hands = [h("3NT", "Ala", 9), h("2H", "Bartek", 8), h("2H", "Bartek", 7, "XX"), h("4H", "Bartek", 10),
             h("6NT", "Bartek", 12)]
    out = game(ruleset, P2, *hands)
    assert out["players"] == P2
    assert out["totals"] == {"Ala": 300, "Bartek": 1620}
    assert out["sides"] == {"NS": 300, "EW": 1620}
    assert out["finished"] is True and out["winner"] == "Bartek"
    rub = out["rubbers"][0]
    assert rub["winner"] == "EW" and rub["bonus"] == 500 and rub["sides"] == {"NS": ["Ala"], "EW": ["Bartek"]}
    assert rub["settlement"] == {"side": "EW", "units": 13}  # (1620 - 300) / 100 = 13.2
    assert [scores(out, i) for i in range(5)] == [{"Ala": 100, "Bartek": 0}, {"Ala": 0, "Bartek": 60},
                                                  {"Ala": 200, "Bartek": 0}, {"Ala": 0, "Bartek": 120},
                                                  {"Ala": 0, "Bartek": 1440}]


@pytest.mark.parametrize("ruleset", ["bridge-chinese", "bridge-two"])
def test_two_players_declarer_by_seat_letter(ruleset):
    # N or S is players[0], E or W players[1]: the same rubber with letters scores the same.
    names = game(ruleset, P2, h("3NT", "Ala", 9), h("2H", "Bartek", 8), h("4H", "Bartek", 10))
    letters = game(ruleset, P2, h("3NT", "S", 9), h("2H", "W", 8), h("4H", "E", 10))
    assert letters["totals"] == names["totals"]
    # 3NT= 100 (game), 2H= 60, 4H= 120 (game): one game each, unfinished rubber: no Law 80 bonus for a game when
    # both have one, no partscore pending: Ala 100, Bartek 180
    assert names["totals"] == {"Ala": 100, "Bartek": 180}
    assert names["finished"] is False and names["winner"] is None


def test_two_players_honours_by_name_or_side():
    # Law 81: 150 for four aces at no trumps, held by Bartek while Ala made 1NT= (40 below); unfinished: Ala's only
    # partscore +100. Ala 140, Bartek 150.
    out = game("bridge-two", P2, h("1NT", "Ala", 7, honours=150, honours_side="Bartek"))
    assert out["totals"] == {"Ala": 140, "Bartek": 150}
    assert game("bridge-two", P2, h("1NT", "N", 7, honours=150, honours_side="EW"))["totals"] == out["totals"]


def test_two_players_deal_in_turn():
    # "Gracze rozdają karty w kolejnych rozgrywkach na zmianę": Ala deals first, then Bartek, then Ala.
    assert game("bridge-chinese", P2)["next"]["dealer"] == "Ala"
    assert game("bridge-chinese", P2, h("2S", "Ala", 8))["next"]["dealer"] == "Bartek"
    assert game("bridge-chinese", P2, h("2S", "Ala", 8), h("2H", "E", 8))["next"]["dealer"] == "Ala"


def test_two_players_carry_in_each_his_own_total():
    # [start] Ala 500: her side starts at 500; Bartek's 2H= 60 + unfinished partscore 100.
    out = game("bridge-two", P2, h("2H", "Bartek", 8), start={"Ala": 500})
    assert out["totals"] == {"Ala": 500, "Bartek": 160}


def test_two_player_rulesets_want_two_players_and_two_players_a_two_player_ruleset():
    assert problems({"ruleset": "bridge-two", "players": P, "hands": []}) == [
        "players: 4 players, but this bridge is played by 2"]
    assert problems({"ruleset": "bridge-rubber", "players": P2, "hands": []}) == [
        "players: 2 players, but Bridge is played by 4"]
    assert problems({"ruleset": "bridge-chinese", "players": P2, "hands": [h("4S", "Celina", 10)]}) == [
        'hands[0].declarer: "Celina" is not one of "N", "E", "S", "W" nor a player of this game']
    assert problems({"ruleset": "bridge-two", "players": P2, "rules": {"scoring": "chicago"}, "hands": []}) == [
        'rules.seating: "two" needs rubber scoring (scoring = "rubber")']


# --- the tura ---------------------------------------------------------------------------------------------------------

# A whole tura, default partners (players[2], players[1], players[3]):
# rubber 1 Ala+Celina (N-S) v Bartek+Darek: a) 4S Ala = 120 (game), b) 3NT Celina = 100 (game), 2-0: 700.
#   N-S 920, E-W 0.
# rubber 2 Ala+Bartek v Celina+Darek: c) 4H Bartek = 120 (game), d) 4H Darek = 120 (game), e) 3NT Ala = 100
#   (game), 2-1: 500. N-S 720, E-W 120.
# rubber 3 Ala+Darek v Bartek+Celina: f) 3NT Darek = 100 (game), g) 4S Bartek -1 not vulnerable: 50 to N-S,
#   h) 2H Celina = 60, i) 2C Celina = 40 (60 + 40: game), j) 6S Bartek = vulnerable: 180 + small slam 750, game,
#   2-1: 500. N-S 150, E-W 60 + 40 + 180 + 750 + 500 = 1530.
TURA = [h("4S", "Ala", 10), h("3NT", "Celina", 9),
        h("4H", "Bartek", 10), h("4H", "Darek", 10), h("3NT", "Ala", 9),
        h("3NT", "Darek", 9), h("4S", "Bartek", 9), h("2H", "Celina", 8), h("2C", "Celina", 8), h("6S", "Bartek", 12)]
# each player's sum of his side's totals: Ala 920 + 720 + 150, Bartek 0 + 720 + 1530, Celina 920 + 120 + 1530,
# Darek 0 + 120 + 150
TURA_TOTALS = {"Ala": 1790, "Bartek": 2250, "Celina": 2570, "Darek": 270}


def tura(*hands, **kw):
    return game("bridge-tura", P, *hands, **kw)


def test_a_tura_is_three_rubbers_each_players_total_his_sides_over_the_rubbers():
    # "Trzy robry stanowią pełny cykl gry, nazywany turą"
    out = tura(*TURA)
    assert out["totals"] == TURA_TOTALS
    assert sum(TURA_TOTALS.values()) == 2 * (920 + 0 + 720 + 120 + 150 + 1530)  # each rubber's total counted twice
    assert out["finished"] is True and out["winner"] == "Celina"
    assert out["next"] is None
    assert [(r["number"], r["sides"], r["NS"], r["EW"], r["winner"], r["finished"]) for r in out["rubbers"]] == [
        (1, {"NS": ["Ala", "Celina"], "EW": ["Bartek", "Darek"]}, 920, 0, "NS", True),
        (2, {"NS": ["Ala", "Bartek"], "EW": ["Celina", "Darek"]}, 720, 120, "NS", True),
        (3, {"NS": ["Ala", "Darek"], "EW": ["Bartek", "Celina"]}, 150, 1530, "EW", True)]
    assert out["hands"][-1]["totals"] == TURA_TOTALS
    assert "sides" not in out  # the sides change: each rubber names its own
    # each rubber also by its players: each one's total in it (his side's) and the winning partners
    assert [r["totals"] for r in out["rubbers"]] == [
        {"Ala": 920, "Bartek": 0, "Celina": 920, "Darek": 0}, {"Ala": 720, "Bartek": 720, "Celina": 120, "Darek": 120},
        {"Ala": 150, "Bartek": 1530, "Celina": 1530, "Darek": 150}]
    assert [r["winners"] for r in out["rubbers"]] == [["Ala", "Celina"], ["Ala", "Bartek"], ["Bartek", "Celina"]]


def test_a_tura_is_not_finished_before_the_third_rubber():
    # after rubber 1 (two hands) and after rubber 2 (five): play goes on with the next rubber
    for n, rubber in ((2, 2), (5, 3)):
        out = tura(*TURA[:n])
        assert out["finished"] is False and out["winner"] is None
        assert out["next"]["rubber"] == rubber


def test_partners_change_each_rubber_as_partners_says():
    # partners = ["Darek", "Celina", "Bartek"]: rubber 1 Ala+Darek v Bartek+Celina, rubber 2 Ala+Celina v
    # Bartek+Darek, rubber 3 Ala+Bartek v Celina+Darek. The deals of TURA, each declared by a player of the same
    # side (Ala's or the other) as there: the rubbers' totals are the same, the players' shares differ.
    same_sides = [h("4S", "Ala", 10), h("3NT", "Darek", 9),  # rubber 1: N-S Ala+Darek
                  h("4H", "Celina", 10), h("4H", "Bartek", 10), h("3NT", "Ala", 9),  # rubber 2: N-S Ala+Celina
                  h("3NT", "Bartek", 9), h("4S", "Celina", 9), h("2H", "Darek", 8), h("2C", "Darek", 8),
                  h("6S", "Celina", 12)]  # rubber 3: N-S Ala+Bartek
    out = tura(*same_sides, partners=["Darek", "Celina", "Bartek"])
    assert [(r["NS"], r["EW"]) for r in out["rubbers"]] == [(920, 0), (720, 120), (150, 1530)]
    # Ala 920 + 720 + 150; Bartek 0 (E-W) + 120 (E-W) + 150 (N-S); Celina 0 + 720 + 1530; Darek 920 + 120 + 1530
    assert out["totals"] == {"Ala": 1790, "Bartek": 270, "Celina": 2250, "Darek": 2570}
    assert out["rubbers"][0]["sides"] == {"NS": ["Ala", "Darek"], "EW": ["Bartek", "Celina"]}


def test_default_partners_are_players_2_1_3():
    explicit = tura(*TURA, partners=["Celina", "Bartek", "Darek"])
    assert explicit["totals"] == tura(*TURA)["totals"]


def test_a_tura_declarer_by_seat_letter_is_the_seat_of_that_rubber():
    # A rubber's seats: players[0] N, his partner S, the other two E and W in the order of players. Default partners:
    # rubber 1 N Ala, E Bartek, S Celina, W Darek; rubber 2 N Ala, E Celina, S Bartek, W Darek; rubber 3 N Ala,
    # E Bartek, S Darek, W Celina.
    letters = [h("4S", "N", 10), h("3NT", "S", 9),
               h("4H", "S", 10), h("4H", "W", 10), h("3NT", "N", 9),
               h("3NT", "S", 9), h("4S", "E", 9), h("2H", "W", 8), h("2C", "W", 8), h("6S", "E", 12)]
    assert tura(*letters)["totals"] == TURA_TOTALS


def test_a_tura_honours_go_to_the_side_of_that_rubber():
    # rubber 2 (after a) and b)): Bartek partners Ala. c) 2H Celina = 60 with 100 honours held by Bartek: N-S
    # (Ala+Bartek) 100. Unfinished rubber 2: E-W's only partscore +100. Rubber 2: N-S 100, E-W 160.
    out = tura(*TURA[:2], h("2H", "Celina", 8, honours=100, honours_side="Bartek"))
    assert out["rubbers"][1]["NS"] == 100 and out["rubbers"][1]["EW"] == 160
    # Ala 920 + 100, Bartek 0 + 100, Celina 920 + 160, Darek 0 + 160
    assert out["totals"] == {"Ala": 1020, "Bartek": 100, "Celina": 1080, "Darek": 160}


def test_a_tura_broken_off_counts_its_rubber_as_unfinished():
    # As every rubber record (records.md: Law 80 bonuses included, finished false): after rubber 1, f) 3NT Ala =
    # in rubber 2 (Ala+Bartek): 100 below, game, unfinished: +300. Ala 920 + 400, Bartek 400, Celina 920, Darek 0.
    out = tura(*TURA[:2], h("3NT", "Ala", 9))
    assert out["totals"] == {"Ala": 1320, "Bartek": 400, "Celina": 920, "Darek": 0}
    assert out["finished"] is False and out["rubbers"][1]["finished"] is False


def test_a_hand_after_the_third_rubber_is_refused():
    assert problems({"ruleset": "bridge-tura", "players": P, "hands": TURA + [h("1C", "Ala", 7)]}) == [
        "hands[10]: the tura ended with the third rubber at hands[9]: this hand is beyond it"]


def test_a_tura_carries_in_each_players_own_total():
    out = tura(*TURA, start={"Ala": 100, "Darek": -30})
    assert out["totals"] == {**TURA_TOTALS, "Ala": 1890, "Darek": 240}


def test_the_tura_settlement_is_each_players_over_the_rubbers():
    # each rubber's result belongs to both partners of that rubber: rubber 1 920 -> 9 units to Ala and Celina
    # (from Bartek and Darek), rubber 2 600 -> 6 to Ala and Bartek, rubber 3 1380 -> 14 to Bartek and Celina.
    # Ala 9 + 6 - 14 = 1, Bartek -9 + 6 + 14 = 11, Celina 9 - 6 + 14 = 17, Darek -9 - 6 - 14 = -29.
    out = tura(*TURA)
    assert [r["settlement"] for r in out["rubbers"]] == [{"side": "NS", "units": 9}, {"side": "NS", "units": 6},
                                                         {"side": "EW", "units": 14}]
    assert out["settlement"] == {"Ala": 1, "Bartek": 11, "Celina": 17, "Darek": -29}
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "bridge-tura", "players": P, "hands": TURA})
    sheet = records.score(rec, rules, module)
    # the evening's money: each unit at the stake (100 groszy), to the partners of that rubber
    assert game_money(module, rules, P, sheet, 100) == {"Ala": 100, "Bartek": 1100, "Celina": 1700, "Darek": -2900}
    assert module.partnerships(rules, P) is None  # nobody keeps a partner: each player is ranked on his own


def test_the_tura_sheet_shows_each_rubbers_sides_and_each_players_total():
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "bridge-tura", "players": P, "hands": TURA})
    sheet = records.score(rec, rules, module)
    last = sheet.sections[-1]
    assert last.columns == P
    assert [r.note for r in last.rows[:3]] == ["Ala+Celina – Bartek+Darek", "Ala+Bartek – Celina+Darek",
                                               "Ala+Darek – Bartek+Celina"]
    assert [c.value for c in last.rows[-1].cells] == [1790, 2250, 2570, 270]
    assert [c.value for c in last.rows[0].cells] == [920, 0, 920, 0]
    # each rubber's columns (above and below the line) name its sides: rubber 3 Ala+Darek ("We") v Bartek+Celina
    rubber3 = [s for s in sheet.sections if "Rubber 3" in s.title.en]
    assert len(rubber3) == 2
    for sec in rubber3:
        assert [c.en for c in sec.columns] == ["We: Ala+Darek", "They: Bartek+Celina"]


@pytest.mark.parametrize("partners, want", [
    (["Celina", "Celina", "Darek"], ['partners[1]: "Celina" already partnered Ala in rubber 1: nobody partners the '
                                     'same player twice in a tura']),
    (["Ala", "Bartek", "Darek"], ['partners[0]: "Ala" cannot partner himself']),
    (["Zenon", "Bartek", "Darek"], ['partners[0]: "Zenon" is not a player of this game']),
    (["Celina", "Bartek"], ['partners: ["Celina", "Bartek"] must name three partners of Ala, one a rubber']),
    (["Celina", 3, "Darek"], ["partners[1]: 3 is not a player name"]),
    ("Celina", ['partners: "Celina" is not a list']),
])
def test_partners_are_three_of_the_other_players_each_once(partners, want):
    got = problems({"ruleset": "bridge-tura", "players": P, "partners": partners, "hands": []})
    assert [g.replace("'", '"') for g in got] == want


def test_partners_belong_to_a_tura_and_are_given_once():
    assert problems({"ruleset": "bridge-rubber", "players": P, "partners": ["Celina", "Bartek", "Darek"],
                     "hands": []}) == ['partners: partners change only in a tura (seating = "tura")']
    assert problems({"ruleset": "bridge-tura", "players": P, "partners": ["Celina", "Bartek", "Darek"],
                     "rules": {"partners": ["Celina", "Bartek", "Darek"]}, "hands": []}) == [
        "partners: is given twice: at the top level and in [rules]"]
    # in [rules] it is the same parameter
    assert tura(*TURA, rules={"partners": ["Celina", "Bartek", "Darek"]})["totals"] == TURA_TOTALS


def test_a_tura_declarer_who_is_not_a_player_is_refused():
    assert problems({"ruleset": "bridge-tura", "players": P, "hands": [h("4S", "Zenon", 10)]}) == [
        'hands[0].declarer: "Zenon" is not one of "N", "E", "S", "W" nor a player of this game']


# --- the fast totals, the CLI, the record, the store ----------------------------------------------------------------

@pytest.mark.parametrize("ruleset, players, hands, extra", [
    ("bridge-tura", P, TURA, {}),
    ("bridge-tura", P, TURA, {"partners": ["Darek", "Celina", "Bartek"]}),
    ("bridge-tura", P, TURA[:7], {}),
    ("bridge-two", P2, [h("3NT", "Ala", 9), h("2H", "W", 8), h("4H", "E", 10), h("6NT", "Bartek", 12)], {}),
    ("bridge-rubber", P, SEED_BY_NAME, {}),
    ("bridge-chicago", P, SEED_BY_NAME, {}),
])
def test_totals_agree_with_the_full_sheet(ruleset, players, hands, extra):
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": ruleset, "players": players, **extra})
    for n in range(len(hands) + 1):
        for start in ({}, {players[0]: 40}):
            assert_agree(module, rules, players, hands[:n], start, f"{ruleset}: {n} hands")
            full = module.score(rules, players, hands[:n], start)
            fast = module.totals(rules, players, hands[:n], start)
            # the same keys, but for the declarers the totals' fold counted on the way (held to declarers())
            assert {k: v for k, v in fast.extra.items() if k != DECLARED} == full.extra


def _toml(ruleset, players, hands, partners=None):
    lines = ['format = "zapis/1"', f'ruleset = "{ruleset}"', f"players = {json.dumps(players)}"]
    if partners:
        lines.append(f"partners = {json.dumps(partners)}")
    for hand in hands:
        lines.append("\n[[hands]]")
        lines += [f"{k} = {json.dumps(v)}" for k, v in hand.items()]
    return "\n".join(lines) + "\n"


def test_cli_scores_a_tura_and_a_two_player_game(tmp_path, capsys):
    path = tmp_path / "tura.toml"
    path.write_text(_toml("bridge-tura", P, TURA, ["Celina", "Bartek", "Darek"]), encoding="utf-8")
    assert main(["score", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["totals"] == TURA_TOTALS and out["finished"] is True and out["winner"] == "Celina"
    assert [r["sides"]["NS"] for r in out["rubbers"]] == [["Ala", "Celina"], ["Ala", "Bartek"], ["Ala", "Darek"]]
    two = tmp_path / "two.toml"
    two.write_text(_toml("bridge-chinese", P2, [h("4S", "Ala", 10), h("3NT", "S", 9)]), encoding="utf-8")
    assert main(["score", str(two), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    # 4S= 120 (game), 3NT= 100 (game): rubber 2-0, 700: Ala 920
    assert out["totals"] == {"Ala": 920, "Bartek": 0} and out["winner"] == "Ala"


def test_cli_says_a_bad_partner_at_its_place(tmp_path, capsys):
    path = tmp_path / "tura.toml"
    path.write_text(_toml("bridge-tura", P, TURA[:1], ["Celina", "Darek", "Darek"]), encoding="utf-8")
    assert main(["score", str(path), "--json"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"{path}: partners[2]: ") and "Traceback" not in err[0]


def test_a_tura_record_keeps_partners_at_the_top_level():
    text = _toml("bridge-tura", P, TURA[:3], ["Darek", "Celina", "Bartek"])
    rec, rules, module = records.parse(tomllib.loads(text))
    assert rules["partners"] == ["Darek", "Celina", "Bartek"] and rec.rules == {"partners": ["Darek", "Celina",
                                                                                            "Bartek"]}
    written = records.dumps(rec, module)
    data = tomllib.loads(written)
    assert data["partners"] == ["Darek", "Celina", "Bartek"] and "rules" not in data
    again, rules2, _ = records.parse(data)
    assert rules2["partners"] == rules["partners"] and again.hands == rec.hands
    assert records.score(again, rules2, module).to_json() == records.score(rec, rules, module).to_json()
    # other rules stay in [rules]
    rec.rules["settlement_unit"] = 50
    data = tomllib.loads(records.dumps(rec, module))
    assert data["rules"] == {"settlement_unit": 50} and data["partners"] == ["Darek", "Celina", "Bartek"]


def test_a_tura_in_the_store_keeps_its_partners_and_exports_them(tmp_path):
    from zapis.io.export import export_toml
    store = Store(tmp_path / "z.db")
    ev = store.new_evening("2026-11-23")
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "bridge-tura", "players": P,
                                        "partners": ["Darek", "Celina", "Bartek"]})
    gid = store.new_game(ev, 1, rec, rules, module, hands=TURA[:2])
    got, rules2, _ = store.record(gid)
    assert rules2["partners"] == ["Darek", "Celina", "Bartek"]
    (text,) = export_toml(store, ev).values()
    data = tomllib.loads(text)
    assert data["partners"] == ["Darek", "Celina", "Bartek"]
    again, rules3, module3 = records.parse(data)
    assert records.score(again, rules3, module3).to_json()["totals"] == module.score(rules2, P, TURA[:2]).totals


# --- the app --------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset, players", [("bridge-tura", P), ("bridge-two", P2), ("bridge-chinese", P2)])
async def test_the_new_game_dialog_starts_a_tura_and_a_two_player_game(tmp_path, ruleset, players):
    from zapis.ui.app import make_app
    db = tmp_path / "app.db"
    Store(db).new_evening("2026-11-23")
    app = make_app(db, "en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        await pilot.press(*ruleset, "enter")
        await pilot.pause()
        assert app.screen.chosen == ruleset
        for name in players:
            await pilot.press(*name, "enter")
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "GameScreen"
    (g,) = Store(db).games()
    assert g.ruleset == ruleset and g.players == players
    rec, rules, module = Store(db).record(g.id)
    assert rules["partners"] == [] and module.check_players(rules, rec.players) == []


def test_a_tura_scored_unchecked_with_bad_partners_says_so():
    # the store scores its games without checking them again (a season): partners that name no player of the game
    # (e.g. frozen before a player was renamed) are a Problem at partners[i], not a crash
    from zapis.core.errors import ZapisError
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "bridge-tura", "players": P,
                                        "partners": ["Darek", "Celina", "Bartek"]})
    renamed = ["Ala", "Bartek", "Celina", "Dariusz"]
    for fold in (module.score, module.totals):
        with pytest.raises(ZapisError) as e:
            fold(rules, renamed, TURA[:1])
        assert [str(p) for p in e.value.problems] == ['partners[0]: "Darek" is not a player of this game']
