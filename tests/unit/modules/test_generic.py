"""The data-defined penalty games of the seed (one module, rulesets only), and a house game in TOML."""

import pytest

from tests.conftest import problems, score
from zapis.modules.generic import GenericModule

P3 = ["A", "B", "C"]
P4 = ["A", "B", "C", "D"]


def play(ruleset, hands, players=P3, **kw):
    return score({"ruleset": ruleset, "players": players, "hands": hands, **kw})


def s(out, i, players=P3):
    return [out["hands"][i]["scores"][p] for p in players]


def test_czarna_manka_hearts_1_queen_of_spades_13_to_100():
    deal = {"taken": {"A": {"hearts": 3}, "C": {"hearts": 10, "queen_spades": 1}}}
    out = play("czarna-manka", [deal])
    assert s(out, 0) == [-3, 0, -23] and out["finished"] is False
    out = play("czarna-manka", [deal] * 5)  # C: -115 after five deals: the game ends, B has fewest
    assert out["totals"] == {"A": -15, "B": 0, "C": -115}
    assert out["finished"] is True and out["winner"] == "B"
    assert problems({"ruleset": "czarna-manka", "players": P3, "hands": [deal] * 6}) == [
        "hands[5]: the game was over after deal 5"]


def test_czarna_manka_spade_variant_and_six_players():
    out = play("czarna-manka-pik", [{"taken": {"A": {"hearts": 13, "king_spades": 1, "ace_spades": 1},
                                               "B": {"queen_spades": 1}}}])
    assert s(out, 0) == [-30, -13, 0]   # 13 + 10 + 7; queen 13
    six = ["A", "B", "C", "D", "E", "F"]
    out = play("czarna-manka", [{"taken": {"A": {"hearts": 12, "queen_spades": 1}}}], players=six)
    assert out["totals"]["A"] == -25  # without the twos only 12 hearts
    assert "hands[0].taken: hearts: 13 in all, not 12 (1 too many)" in problems(
        {"ruleset": "czarna-manka", "players": six, "hands": [{"taken": {"A": {"hearts": 13, "queen_spades": 1}}}]})


def test_polignac_tricks_plus_jacks_minus_to_20():
    deal = {"tricks": {"A": 6, "B": 6, "C": 5},
            "taken": {"A": {"jack_hearts": 1}, "B": {"jack_clubs": 1, "jack_spades": 1}, "C": {"jack_diamonds": 1}}}
    out = play("polignac", [deal])
    assert s(out, 0) == [2, 3, 2]  # 6 - 4; 6 - 2 - 1; 5 - 3
    out = play("polignac", [deal] * 7)  # B reaches 21
    assert out["finished"] is True and out["winner"] == "B"


def test_slobberhannes_first_last_queen_of_clubs_to_10():
    out = play("slobberhannes", [{"taken": {"A": {"first_trick": 1}, "B": {"last_trick": 1, "queen_clubs": 1}}}])
    assert s(out, 0) == [-1, -3, 0]


def test_omnibus_ten_of_diamonds_plus_and_the_slam():
    out = play("omnibus", [{"taken": {"A": {"hearts": 5, "queen_spades": 1}, "B": {"hearts": 8, "ten_diamonds": 1}}}],
               players=P4)
    assert s(out, 0, P4) == [-18, 2, 0, 0]
    out = play("omnibus", [{"taken": {"A": {"hearts": 13, "queen_spades": 1, "ten_diamonds": 1}}}], players=P4)
    assert s(out, 0, P4) == [26, 0, 0, 0]


def test_kierki_licytowane_bid_counts_for_the_bidder():
    out = play("kierki-licytowane", [{"bids": {"A": 5}, "suit": "spades",
                                      "taken": {"A": {"cards": 5}, "B": {"cards": 8}}}])
    assert s(out, 0) == [-10, -8, 0]


def test_kierki_dzokerowe_heart_pips_and_joker_one_round():
    deal = {"taken": {"A": {"heart_points": 50, "joker": 1}, "B": {"heart_points": 54}}}
    out = play("kierki-dzokerowe", [deal] * 3)
    assert s(out, 0) == [-70, -54, 0]
    assert out["finished"] is True  # as many deals as players


def test_kierki_dominowe_to_31():
    out = play("kierki-dominowe", [{"taken": {"A": {"hearts": 13}}}] * 3, players=P4)
    assert out["totals"]["A"] == -39 and out["finished"] is True and out["winner"] == ["B", "C", "D"]


def test_6_sty_bierze_suits_and_a_fixed_number_of_rounds():
    deal = {"taken": {"A": {"clubs": 2, "hearts": 1}, "B": {"spades": 1, "diamonds": 2}}}
    out = play("6-sty-bierze", [deal], rules={"deals": 2})
    assert s(out, 0) == [-6, -8, 0]  # 2x1 + 4; 2 + 2x3
    assert out["next"]["deals_left"] == 1
    assert play("6-sty-bierze", [deal] * 2, rules={"deals": 2})["finished"] is True


def test_swinie_cards_left_in_hand():
    out = play("swinie", [{"taken": {"A": {"cards": 7}, "C": {"cards": 2}}}], rules={"target": 50})
    assert s(out, 0) == [-7, 0, -2]


def test_a_house_game_defined_in_toml_alone(tmp_path):
    house = tmp_path / "dupek.toml"
    house.write_text('module = "generic"\ntitle = "Dupek"\n[rules]\nitems = { tricks = { value = -2, count = 10 }, '
                     'ace_clubs = { value = -5, count = 1 } }\nplayers = [4]\nend = "deals"\ndeals = 2\n',
                     encoding="utf-8")
    out = score({"ruleset": str(house), "players": P4,
                 "hands": [{"tricks": {"A": 4, "B": 3, "C": 2, "D": 1}, "taken": {"D": {"ace_clubs": 1}}}]})
    assert [out["hands"][0]["scores"][p] for p in P4] == [-8, -6, -4, -7]


@pytest.mark.parametrize("hand,msg", [
    ({"taken": {"A": {"spades": 1}}}, "hands[0].taken.A.spades: unknown item (known: hearts, queen_spades)"),
    ({"taken": {"A": {"hearts": 12, "queen_spades": 1}}}, "hands[0].taken: hearts: 12 in all, not 13 (1 short)"),
    ({"taken": {"Z": {"hearts": 13}}}, 'hands[0].taken: "Z" is not a player of this game'),
    ({"taken": {"A": {"hearts": -1}}}, "hands[0].taken.A.hearts: -1 is less than 0"),
])
def test_bad_deals_are_refused(hand, msg):
    assert msg in problems({"ruleset": "czarna-manka", "players": P3, "hands": [hand]})


def test_ruleset_item_errors(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('module = "generic"\n[rules]\nitems = { hearts = { value = "one", size = 3 } }\n')
    from zapis import rulesets
    from zapis.core.errors import ZapisError
    with pytest.raises(ZapisError) as e:
        rulesets.load(str(bad))
    assert [str(p) for p in e.value.problems] == ["items.hearts.size: unknown key",
                                                  'items.hearts.value: "one" is not a whole number']


def test_the_card_count_sheet_is_said_in_one_language():
    from tests.unit.modules.sheet_words import one_language, problem, said_in_one_language, sheet

    s = sheet({"ruleset": "czarna-manka", "players": ["Ala", "Bartek", "Celina"], "hands": [
        {"taken": {"Ala": {"hearts": 3}, "Celina": {"hearts": 10, "queen_spades": 1}}},  # -3, 0, -10 - 13
        {"taken": {"Bartek": {"hearts": 13, "queen_spades": 1}}}]})                      # 0, -26, 0
    assert s.totals == {"Ala": -3, "Bartek": -26, "Celina": -23}
    pl, en = one_language(s, ["rozdanie", "razem", "rozdaje Ala", "każde rozdanie sumuje się do -26"],
                          ["deal", "total", "Ala deals", "each deal sums to -26"])
    assert " / " not in pl and " / " not in en
    p = problem({"ruleset": "czarna-manka", "players": P3,
                 "hands": [{"taken": {"A": {"hearts": 13, "queen_spades": 1}, "B": {"queen_spades": 1}}}]})
    assert p.say("pl") == "hands[0].taken: dama pik: razem 2, a powinno być 1 (o 1 za dużo)"
    assert p.say("en") == "hands[0].taken: queen of spades: 2 in all, not 1 (1 too many)"
    # an item the ruleset names itself (in Polish) is named so in Polish
    p = problem({"ruleset": "kierki-licytowane", "players": P3, "hands": [{"taken": {"A": {"cards": 12}}}]})
    said_in_one_language(p, ["karty koloru", "brakuje"], ["cards", "short"])
    assert GenericModule().title.say("pl") == "Gra na punkty karne" and GenericModule().title.en == "Card-count game"
