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


def test_czarna_manka_dama_hearts_1_queen_of_spades_13_to_100():
    # the variant for clubs that count the hearts and the Q♠ only
    deal = {"taken": {"A": {"hearts": 3}, "C": {"hearts": 10, "queen_spades": 1}}}
    out = play("czarna-manka-dama", [deal])
    assert s(out, 0) == [-3, 0, -23] and out["finished"] is False
    out = play("czarna-manka-dama", [deal] * 5)  # C: -115 after five deals: the game ends, B has fewest
    assert out["totals"] == {"A": -15, "B": 0, "C": -115}
    assert out["finished"] is True and out["winner"] == "B"
    assert problems({"ruleset": "czarna-manka-dama", "players": P3, "hands": [deal] * 6}) == [
        "hands[5]: the game was over after deal 5"]


def test_czarna_manka_spade_variant_and_six_players():
    out = play("czarna-manka-pik", [{"taken": {"A": {"hearts": 13, "king_spades": 1, "ace_spades": 1},
                                               "B": {"queen_spades": 1}}}])
    assert s(out, 0) == [-30, -13, 0]   # 13 + 10 + 7; queen 13
    six = ["A", "B", "C", "D", "E", "F"]
    out = play("czarna-manka-dama", [{"taken": {"A": {"hearts": 12, "queen_spades": 1}}}], players=six)
    assert out["totals"]["A"] == -25  # without the twos only 12 hearts
    assert "hands[0].taken: hearts: 13 in all, not 12 (1 too many)" in problems(
        {"ruleset": "czarna-manka-dama", "players": six,
         "hands": [{"taken": {"A": {"hearts": 13, "queen_spades": 1}}}]})


def test_czarna_manka_penalty_cards_are_the_hearts_and_the_queen_king_and_ace_of_spades():
    # Seed: C gives away "dwóch karnych kart pikowych ... K ♠, D ♠", and at the end takes "wszystkie karne, wysoko
    # punktowane karty pikowe". Its other line of play ends "B ... bez punktów karnych, C ma ich dziewiętnaście, A
    # zaś dwadzieścia cztery": 0 + 19 + 24 = 43 = 13 hearts + Q♠ 13 + K♠ 10 + A♠ 7, the standard Black Maria.
    seed = {"taken": {"A": {"hearts": 7, "king_spades": 1, "ace_spades": 1}, "C": {"hearts": 6, "queen_spades": 1}}}
    assert play("czarna-manka", [seed])["totals"] == {"A": -24, "B": 0, "C": -19}
    deal = {"taken": {"A": {"hearts": 3}, "B": {"hearts": 2, "ace_spades": 1},
                      "C": {"hearts": 8, "queen_spades": 1, "king_spades": 1}}}
    out = play("czarna-manka", [deal])
    assert s(out, 0) == [-3, -9, -31]  # 3; 2 + 7; 8 + 13 + 10
    assert out["totals"] == {"A": -3, "B": -9, "C": -31}
    # every penalty card must be somewhere: a deal without the K♠ is refused, naming it
    short = {"taken": {"A": {"hearts": 13, "queen_spades": 1, "ace_spades": 1}}}
    assert "hands[0].taken: king of spades: 0 in all, not 1 (1 short)" in problems(
        {"ruleset": "czarna-manka", "players": P3, "hands": [short]})
    # czarna-manka-pik (the older name) is the same game
    assert play("czarna-manka-pik", [deal])["totals"] == out["totals"]


def test_czarna_manka_two_against_two_shares_the_sides_points_and_ends_on_a_side():
    # Seed: "Przy czterech graczach ... grać można albo każdy na własny rachunek, albo systemem bridżowym - dwu
    # przeciwko dwom": A and C against B and D; each partner shows the side's total.
    deal = {"taken": {"A": {"hearts": 5, "queen_spades": 1}, "B": {"hearts": 4, "ace_spades": 1},
                      "C": {"hearts": 1, "king_spades": 1}, "D": {"hearts": 3}}}
    out = play("czarna-manka-pary", [deal], players=P4)
    # A-C: 5 + 13 + 1 + 10 = 29; B-D: 4 + 7 + 3 = 14
    assert s(out, 0, P4) == [-29, -14, -29, -14]
    assert out["totals"] == {"A": -29, "B": -14, "C": -29, "D": -14}
    # to 100: A-C reach -116 after four deals; the game ends and B-D win together
    out = play("czarna-manka-pary", [deal] * 4, players=P4)
    assert out["totals"]["A"] == -116 and out["finished"] is True and out["winner"] == ["B", "D"]
    assert problems({"ruleset": "czarna-manka-pary", "players": P4, "hands": [deal] * 5}) == [
        "hands[4]: the game was over after deal 4"]
    # the same as a parameter of czarna-manka; three players cannot play two against two
    same = play("czarna-manka", [deal], players=P4, rules={"partnerships": True})
    assert same["totals"] == {"A": -29, "B": -14, "C": -29, "D": -14}
    assert problems({"ruleset": "czarna-manka", "players": P3, "rules": {"partnerships": True}, "hands": []}) == [
        "players: 3 players, but two against two needs four"]


def test_polignac_turned_up_jack_is_out_of_play():
    # Seed: "Ostatnia karta zostaje odsłonięta ... Wyznacza ona kolor atutowy ...; sama udziału w rozgrywce nie
    # bierze": 3 x 17 = 51 cards play (17 tricks); when the turned card is the J♠, nobody takes it.
    deal = {"tricks": {"A": 6, "B": 6, "C": 5},
            "taken": {"A": {"jack_hearts": 1}, "B": {"jack_clubs": 1}, "C": {"jack_diamonds": 1}}}
    out = play("polignac", [deal])
    assert s(out, 0) == [2, 4, 2]  # 6 - 4; 6 - 2; 5 - 3
    # only one card is turned: two jacks missing is refused
    two = {"tricks": {"A": 6, "B": 6, "C": 5}, "taken": {"A": {"jack_hearts": 1}, "C": {"jack_diamonds": 1}}}
    assert problems({"ruleset": "polignac", "players": P3, "hands": [two]}) == [
        "hands[0].taken: at most 1 may be out of play, but 2 are missing"]
    # the tricks still add up to 17, and a jack cannot be taken twice
    twice = {"tricks": {"A": 6, "B": 6, "C": 5}, "taken": {"A": {"jack_hearts": 1}, "B": {"jack_hearts": 1},
                                                          "C": {"jack_diamonds": 1, "jack_clubs": 1}}}
    assert problems({"ruleset": "polignac", "players": P3, "hands": [twice]}) == [
        "hands[0].taken: jack of hearts: 2 in all, not 1 (1 too many)"]


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


def test_slobberhannes_queen_of_clubs_may_stay_out_of_play():
    # Seed: "talii pikietowej (32 karty)", three players, "Każdy z grających otrzymuje po osiem kart": 24 cards are
    # dealt, 8 are not, so the Q♣ may be among them: a deal where nobody took it is valid.
    out = play("slobberhannes", [{"taken": {"A": {"first_trick": 1}, "C": {"last_trick": 1}}}])
    assert s(out, 0) == [-1, 0, -1]
    # the first and the last trick are always taken by someone
    assert problems({"ruleset": "slobberhannes", "players": P3, "hands": [{"taken": {"A": {"first_trick": 1}}}]}) == [
        "hands[0].taken: last trick: 0 in all, not 1 (1 short)"]


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


def test_kierki_licytowane_three_players_play_without_the_two_of_clubs():
    # Seed: "Każdy z grających otrzymuje po trzynaście (przy trzech grających po siedemnaście) kart": 51 cards, the
    # 2♣ out as in the whole kierki family; a clubs deal has 12 clubs to take, every other suit 13.
    clubs = {"bids": {"A": 4}, "suit": "clubs", "taken": {"A": {"cards": 2}, "B": {"cards": 6}, "C": {"cards": 4}}}
    out = play("kierki-licytowane", [clubs])
    assert s(out, 0) == [-6, -6, -4]  # A: 4 bid + 2 clubs
    assert "hands[0].taken: cards: 13 in all, not 12 (1 too many)" in problems(
        {"ruleset": "kierki-licytowane", "players": P3,
         "hands": [{**clubs, "taken": {"A": {"cards": 3}, "B": {"cards": 6}, "C": {"cards": 4}}}]})
    hearts = {"bids": {"B": 3}, "suit": "hearts", "taken": {"A": {"cards": 5}, "B": {"cards": 4}, "C": {"cards": 4}}}
    assert s(play("kierki-licytowane", [hearts]), 0) == [-5, -7, -4]
    assert "hands[0].taken: cards: 12 in all, not 13 (1 short)" in problems(
        {"ruleset": "kierki-licytowane", "players": P3, "hands": [{**hearts, "taken": {"A": {"cards": 12}}}]})
    # four players: every suit 13, clubs too
    assert "hands[0].taken: cards: 12 in all, not 13 (1 short)" in problems(
        {"ruleset": "kierki-licytowane", "players": P4, "hands": [clubs]})


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
    ({"taken": {"A": {"spades": 1}}},
     "hands[0].taken.A.spades: unknown item (known: hearts, queen_spades, king_spades, ace_spades)"),
    ({"taken": {"A": {"hearts": 12, "queen_spades": 1, "king_spades": 1, "ace_spades": 1}}},
     "hands[0].taken: hearts: 12 in all, not 13 (1 short)"),
    ({"taken": {"Z": {"hearts": 13}}}, 'hands[0].taken: "Z" is not a player of this game'),
    ({"taken": {"A": {"hearts": -1}}}, "hands[0].taken.A.hearts: -1 is less than 0"),
])
def test_bad_deals_are_refused(hand, msg):
    assert msg in problems({"ruleset": "czarna-manka", "players": P3, "hands": [hand]})


def test_ruleset_item_errors(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('module = "generic"\n[rules]\nitems = { hearts = { value = "one", size = 3 } }\n')
    from zapis.io import rulesets
    from zapis.core.errors import ZapisError
    with pytest.raises(ZapisError) as e:
        rulesets.load(str(bad))
    assert [str(p) for p in e.value.problems] == ["items.hearts.size: unknown key",
                                                  'items.hearts.value: "one" is not a whole number']


def test_the_card_count_sheet_is_said_in_one_language():
    from tests.unit.modules.sheet_words import one_language, problem, said_in_one_language, sheet

    s = sheet({"ruleset": "czarna-manka-dama", "players": ["Ala", "Bartek", "Celina"], "hands": [
        {"taken": {"Ala": {"hearts": 3}, "Celina": {"hearts": 10, "queen_spades": 1}}},  # -3, 0, -10 - 13
        {"taken": {"Bartek": {"hearts": 13, "queen_spades": 1}}}]})                      # 0, -26, 0
    assert s.totals == {"Ala": -3, "Bartek": -26, "Celina": -23}
    pl, en = one_language(s, ["rozdanie", "razem", "rozdaje Ala", "każde rozdanie sumuje się do -26"],
                          ["deal", "total", "Ala deals", "each deal sums to -26"])
    assert " / " not in pl and " / " not in en
    p = problem({"ruleset": "czarna-manka-dama", "players": P3,
                 "hands": [{"taken": {"A": {"hearts": 13, "queen_spades": 1}, "B": {"queen_spades": 1}}}]})
    assert p.say("pl") == "hands[0].taken: dama pik: razem 2, a powinno być 1 (o 1 za dużo)"
    assert p.say("en") == "hands[0].taken: queen of spades: 2 in all, not 1 (1 too many)"
    # an item the ruleset names itself (in Polish) is named so in Polish
    p = problem({"ruleset": "kierki-licytowane", "players": P3, "hands": [{"taken": {"A": {"cards": 11}}}]})
    said_in_one_language(p, ["karty koloru", "brakuje"], ["cards", "short"])
    assert GenericModule().title.say("pl") == "Gra na punkty karne" and GenericModule().title.en == "Card-count game"
