"""Classic kierki (seed 000): negative deals, rozbójnik, trumps with the sale, loteryjka, three players."""

import pytest
from hypothesis import given, settings, strategies as st

from tests.conftest import problems, score

P4 = ["A", "B", "C", "D"]
P3 = ["A", "B", "C"]


def play(hands, players=P4, ruleset="kierki", **kw):
    return score({"ruleset": ruleset, "players": players, "hands": hands, **kw})


def taken(deal, *counts, players=P4):
    return {"deal": deal, "taken": dict(zip(players, counts))}


def trumps(*tricks, players=P4, **kw):
    return {"deal": "trumps", "tricks": dict(zip(players, tricks)), **kw}


def s(out, i, players=P4):
    return [out["hands"][i]["scores"][p] for p in players]


NEG4 = [taken("no-tricks", 4, 3, 3, 3), taken("no-hearts", 0, 5, 4, 4), taken("no-queens", 1, 1, 2, 0),
        taken("no-kings-jacks", 2, 2, 2, 2), taken("no-king-of-hearts", 0, 1, 0, 0), taken("no-last", 0, 0, 0, 1)]


def test_negative_deals_seed_values():
    out = play(NEG4)
    assert s(out, 0) == [-80, -60, -60, -60]       # 20 a trick: -260 in all
    assert s(out, 1) == [0, -100, -80, -80]        # 20 a heart: -260
    assert s(out, 2) == [-60, -60, -120, 0]        # 60 a queen: -240
    assert s(out, 3) == [-60, -60, -60, -60]       # 30 a king or jack: -240
    assert s(out, 4) == [0, -150, 0, 0]            # king of hearts 150
    assert s(out, 5) == [0, 0, 0, -150]            # last trick 150
    assert out["finished"] is False and out["next"]["deal"] == "trumps"


def test_full_game_with_a_sale_is_zero_sum():
    # Trump deals: +25 a trick. In the fourth, D sells the table cards to A for 125; A takes 6 tricks (150),
    # keeps 25, D gets 125 plus his own 3 tricks (75): the seed's example.
    hands = NEG4 + [trumps(4, 3, 3, 3), trumps(3, 4, 3, 3), trumps(3, 3, 4, 3),
                    trumps(6, 2, 2, 3, sale={"seller": "D", "buyer": "A", "points": 125})]
    out = play(hands)
    assert s(out, 9) == [25, 50, 50, 200]
    assert out["totals"] == {"A": 75, "B": -130, "C": -20, "D": 75}
    assert out["finished"] is True and out["winner"] == ["A", "D"] and out["next"] is None


def test_sale_short_buyer_pays_from_his_total():
    # A bought for 125 but took 3 tricks (75): -50 for A, the seller gets 125 + his own tricks.
    out = play(NEG4 + [trumps(3, 4, 3, 3, sale={"seller": "B", "buyer": "A", "points": 125})])
    assert s(out, 6) == [-50, 225, 75, 75]


def test_sixth_deal_two_trick_variants_75_each():
    for variant in ("two-last", "seventh-and-last", "third-and-seventh", "third-and-eighth"):
        out = play([taken("no-last", 1, 0, 1, 0)], rules={"last_variant": variant})
        assert s(out, 0) == [-75, 0, -75, 0]
    assert "hands[0].taken: penalty tricks: 1 in all, not 2 (1 short)" in problems(
        {"ruleset": "kierki", "players": P4, "hands": [taken("no-last", 1, 0, 0, 0)],
         "rules": {"last_variant": "two-last"}})


def test_rozbojnik_counts_everything_at_once():
    items = {"A": {"tricks": 4, "hearts": 3, "queens": 1, "kings_jacks": 2, "king_of_hearts": 1, "last": 1},
             "B": {"tricks": 3, "hearts": 4, "queens": 1, "kings_jacks": 2},
             "C": {"tricks": 3, "hearts": 3, "queens": 1, "kings_jacks": 2},
             "D": {"tricks": 3, "hearts": 3, "queens": 1, "kings_jacks": 2}}
    out = play([{"deal": "robber", "taken": items}], ruleset="kierki-rozbojnik")
    # A: 80 + 60 + 60 + 60 + 150 + 150 = 560; B: 60 + 80 + 60 + 60 = 260; C, D: 60 + 60 + 60 + 60 = 240
    assert s(out, 0) == [-560, -260, -240, -240]
    assert sum(s(out, 0)) == -1300


def test_loteryjka_once_and_in_rounds():
    lot = {"deal": "lottery", "places": {"A": 2, "B": 1, "C": 4, "D": 3}}
    out = play([lot], ruleset="kierki-rozbojnik")
    assert s(out, 0) == [500, 800, 0, 0]
    out = play([lot], ruleset="kierki-loteryjka")
    assert s(out, 0) == [125, 200, 0, 0]
    three = {"deal": "lottery", "places": {"A": 3, "B": 1, "C": 2}}
    assert s(play([three], players=P3, ruleset="kierki-rozbojnik"), 0, P3) == [0, 790, 485]
    assert s(play([three], players=P3, ruleset="kierki-loteryjka"), 0, P3) == [0, 250, 175]


def test_three_players_values():
    out = play([taken("no-tricks", 6, 6, 5, players=P3), taken("no-king-of-hearts", 0, 1, 0, players=P3),
                taken("no-last", 1, 0, 0, players=P3)], players=P3)
    assert s(out, 0, P3) == [-90, -90, -75]   # 15 a trick, 17 tricks: -255
    assert s(out, 1, P3) == [0, -140, 0]
    assert s(out, 2, P3) == [-140, 0, 0]
    out = play([taken("no-last", 1, 1, 0, players=P3)], players=P3, rules={"last_variant": "two-last"})
    assert s(out, 0, P3) == [-70, -70, 0]
    assert out["next"]["left"].count("trumps") == 3


@pytest.mark.parametrize("hand,msg", [
    (taken("no-hearts", 0, 4, 4, 4), "hands[0].taken: hearts: 12 in all, not 13 (1 short)"),
    (taken("no-queens", 1, 1, 2, 1), "hands[0].taken: queens: 5 in all, not 4 (1 too many)"),
    (taken("no-kings-jacks", 2, 2, 2), "hands[0].taken: kings and jacks: 6 in all, not 8 (2 short)"),
    (trumps(4, 4, 4, 4), "hands[0].tricks: 16 in all, not 13 (3 too many)"),
    ({"deal": "lottery", "places": {"A": 1, "B": 1, "C": 2, "D": 3}},
     "hands[0].places: [1, 1, 2, 3] are not the places 1 to 4, each once"),
    (trumps(4, 3, 3, 3, sale={"seller": "A", "buyer": "A", "points": 100}),
     "hands[0].sale.buyer: the seller cannot buy his own choice"),
    ({"deal": "no-hearts", "tricks": {"A": 13}}, "hands[0].tricks: does not belong to the deal “no hearts”"),
])
def test_checks_refuse_with_the_reason(hand, msg):
    assert msg in problems({"ruleset": "kierki", "players": P4, "hands": [hand]})


def test_a_deal_beyond_the_games_plan_is_scored_and_flagged():
    hands = [taken("no-hearts", 0, 5, 4, 4), taken("no-hearts", 0, 5, 4, 4)]
    assert problems({"ruleset": "kierki", "players": P4, "hands": hands}) == []
    from zapis.io import records
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "kierki", "players": P4, "hands": hands})
    sheet = records.score(rec, rules, module)
    assert sheet.totals["B"] == -200 and not sheet.checks[-1].ok and "2. bez kierów" in sheet.checks[-1].detail


def test_lottery_and_robber_are_scored_whatever_the_plan():
    # the plain "kierki" ruleset plans trump deals, but a loteryjka or a rozbójnik entered is scored
    lot = {"deal": "lottery", "places": {"A": 1, "B": 2, "C": 3, "D": 4}}
    assert s(play([lot]), 0) == [800, 500, 0, 0]
    rob = {"deal": "robber", "points": {"A": 1300, "B": 0, "C": 0, "D": 0}}
    assert s(play([rob]), 0) == [-1300, 0, 0, 0]


# Property: whatever the split of tricks and items, each deal's total is fixed and a whole game sums to zero.
def split(total, n):
    return st.lists(st.integers(0, total), min_size=n - 1, max_size=n - 1).map(
        lambda cuts: [b - a for a, b in zip([0] + sorted(cuts), sorted(cuts) + [total])])


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_property_deal_totals_and_zero_sum(data):
    counts = {"no-tricks": 13, "no-hearts": 13, "no-queens": 4, "no-kings-jacks": 8, "no-king-of-hearts": 1,
              "no-last": 1}
    fixed = {"no-tricks": -260, "no-hearts": -260, "no-queens": -240, "no-kings-jacks": -240,
             "no-king-of-hearts": -150, "no-last": -150}
    hands = [taken(d, *data.draw(split(c, 4))) for d, c in counts.items()]
    hands += [trumps(*data.draw(split(13, 4))) for _ in range(4)]
    out = play(hands)
    for i, d in enumerate(counts):
        assert sum(s(out, i)) == fixed[d]
    assert sum(out["totals"].values()) == 0


def test_the_kierki_sheet_is_said_in_one_language():
    from tests.unit.modules.sheet_words import has, one_language, problem, said_in_one_language, sheet

    names = ["Ala", "Bartek", "Celina", "Darek"]
    robber = {"deal": "robber", "taken": {
        "Ala": {"tricks": 5, "hearts": 4, "queens": 1, "kings_jacks": 3},                    # 100+80+60+90 = 330
        "Bartek": {"tricks": 4, "hearts": 3, "queens": 2, "kings_jacks": 2, "king_of_hearts": 1, "last": 1},  # 620
        "Celina": {"tricks": 2, "hearts": 3, "queens": 1, "kings_jacks": 2},                 # 40+60+60+60 = 220
        "Darek": {"tricks": 2, "hearts": 3, "kings_jacks": 1}}}                              # 40+60+30 = 130
    s = sheet({"ruleset": "kierki-rozbojnik", "players": names, "hands": [
        taken("no-tricks", 4, 3, 3, 3, players=names), taken("no-hearts", 0, 5, 4, 4, players=names), robber,
        trumps(6, 2, 2, 3, players=names, sale={"seller": "Darek", "buyer": "Ala", "points": 125}),
        taken("no-tricks", 4, 3, 3, 3, players=names)]})  # a second one: more than the game's plan
    assert s.totals == {"Ala": -465, "Bartek": -790, "Celina": -370, "Darek": -130}
    pl, en = one_language(s, ["rozdanie", "bez lew", "bez kierów", "20 za lewę", "150 za króla kier", "rozdaje",
                              "sprzedaż", "razem", "rozdania ponad plan gry"],
                          ["deal", "no tricks", "no hearts", "20 a trick", "150 the king of hearts", "deals", "sale",
                           "total", "deals beyond the game's plan"])
    assert has(pl, "rozbójnik") and has(en, "rozbójnik") and has(pl, "odgrywka") and has(en, "odgrywka")
    assert " / " not in pl and " / " not in en
    p = problem({"ruleset": "kierki", "players": P4, "hands": [taken("no-kings-jacks", 3, 2, 2, 2)]})
    assert p.say("pl") == "hands[0].taken: króle i walety: razem 9, a powinno być 8 (o 1 za dużo)"
    assert p.say("en") == "hands[0].taken: kings and jacks: 9 in all, not 8 (1 too many)"
    said_in_one_language(problem({"ruleset": "kierki", "players": P4, "hands": [{"deal": "no-hearts", "tricks": {}}]}),
                         ["nie należy do rozdania"], ["does not belong to the deal"])
