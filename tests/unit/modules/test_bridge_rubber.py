"""Rubber bridge: Laws of Rubber Bridge 72-74 (game, rubber), 80 (unfinished), 81 (honours)."""

from tests.conftest import problems, score

P = ["Ala", "Bartek", "Celina", "Darek"]  # N, E, S, W


def rubber(*hands, **kw):
    return score({"ruleset": "bridge-rubber", "players": P, "hands": list(hands), **kw})


def h(contract, declarer, tricks, double="", **kw):
    return {"contract": contract, "declarer": declarer, "tricks": tricks, "double": double, **kw}


def sides(out):
    return out["sides"]["NS"], out["sides"]["EW"]


def test_seed_example_ew_1620_ns_300():
    # The seed: N-S 3NT= (100 below); E-W 2H= (60 below); E-W 2HXX -1 NV (200 to N-S);
    # E-W 4H= (120 below, game); E-W 6NT= V: 190 below + 750 slam + 500 rubber (2-1).
    out = rubber(h("3NT", "N", 9), h("2H", "E", 8), h("2H", "E", 7, "XX"), h("4H", "E", 10), h("6NT", "E", 12))
    assert sides(out) == (300, 1620)
    assert out["totals"] == {"Ala": 300, "Bartek": 1620, "Celina": 300, "Darek": 1620}
    assert out["finished"] is True and out["winner"] == ["Bartek", "Darek"]
    assert out["rubbers"][0]["bonus"] == 500 and out["rubbers"][0]["winner"] == "EW"
    # settlement: (1620 - 300) / 100 = 13.2 -> 13 units to E-W
    assert out["rubbers"][0]["settlement"] == {"side": "EW", "units": 13}
    assert [x["scores"]["Ala"] for x in out["hands"]] == [100, 0, 200, 0, 0]
    assert [x["scores"]["Bartek"] for x in out["hands"]] == [0, 60, 0, 120, 1440]


def test_law74_rubber_bonus_700_for_two_nil():
    # N-S 4S= (120, game), N-S 3NT= vulnerable (100, game): rubber 2-0 -> 700. No game premium in rubber.
    out = rubber(h("4S", "N", 10), h("3NT", "S", 9))
    assert sides(out) == (120 + 100 + 700, 0)


def test_law73_partscores_combine_into_game_and_opponents_partscore_is_wiped():
    # N-S 2S= 60; E-W 2H= 60; N-S 2C= 40 -> N-S game (100). E-W's 60 no longer counts toward game:
    # E-W 2H= 60 again is 60, not a game. Then N-S 3NT= (V) wins the rubber 2-0: 700.
    out = rubber(h("2S", "N", 8), h("2H", "E", 8), h("2C", "N", 8), h("2H", "W", 8), h("3NT", "N", 9))
    assert out["rubbers"][0]["games"] == {"NS": 2, "EW": 0}
    assert sides(out) == (60 + 40 + 100 + 700, 60 + 60)


def test_no_partscore_bonus_in_rubber():
    out = rubber(h("2S", "N", 8))
    # unfinished: only N-S has a partscore -> +100 (Law 80); the 60 itself has no 50 premium
    assert out["hands"][0]["scores"]["Ala"] == 60
    assert sides(out) == (160, 0)


def test_vulnerability_follows_games_won():
    # N-S 4S= (game): N-S vulnerable. N-S 4S -1: 100 to E-W (vulnerable undertrick). E-W 4H -1: 50 (not vul).
    out = rubber(h("4S", "N", 10), h("4S", "N", 9), h("4H", "E", 9))
    assert [x["scores"]["Bartek"] for x in out["hands"]] == [0, 100, 0]
    assert out["hands"][2]["scores"]["Ala"] == 50


def test_doubled_overtricks_and_insult_above_the_line_vulnerable():
    # N-S game first (4S=), then N-S 2SX+1 vulnerable: 120 below (game), 200 overtrick + 50 insult above,
    # and that second game ends the rubber 2-0: 700.
    out = rubber(h("4S", "N", 10), h("2S", "S", 9, "X"))
    assert out["hands"][1]["scores"]["Ala"] == 120 + 200 + 50 + 700
    assert out["rubbers"][0]["bonus"] == 700


def test_law81_honours_for_the_defenders_unaffected_by_doubles():
    # E-W 4SX= NV: 240 below + 50 insult; N-S (defenders) held four trump honours: 100 to N-S.
    out = rubber(h("4S", "E", 10, "X", honours=100, honours_side="NS"))
    assert out["hands"][0]["scores"] == {"Ala": 100, "Bartek": 290, "Celina": 100, "Darek": 290}


def test_law81_honours_count_even_when_the_contract_fails():
    # N-S 6NT -2 NV: 100 to E-W; N holds four aces at no trumps: 150 to N-S.
    out = rubber(h("6NT", "N", 10, honours=150, honours_side="NS"))
    assert out["hands"][0]["scores"]["Ala"] == 150 and out["hands"][0]["scores"]["Bartek"] == 100


def test_honours_100_at_no_trumps_is_refused():
    bad = problems({"ruleset": "bridge-rubber", "players": P,
                    "hands": [h("3NT", "N", 9, honours=100, honours_side="NS")]})
    assert bad == ["hands[0].honours: 100 at no trumps: only four aces (150) count there"]


def test_law80_unfinished_one_game_300_and_partscore_100():
    # N-S 4S= (game), then E-W 2H= (60 partscore): unfinished: N-S +300, E-W +100.
    out = rubber(h("4S", "N", 10), h("2H", "E", 8))
    assert sides(out) == (120 + 300, 60 + 100)
    assert out["finished"] is False and out["winner"] is None
    # the per-hand scores do not include the Law 80 bonuses; only the totals do
    assert out["hands"][-1]["totals"]["Ala"] == 120


def test_law80_both_sides_partscore_gives_nothing_by_default_and_50_each_by_house_rule():
    hands = [h("2S", "N", 8), h("2H", "E", 8)]
    assert sides(rubber(*hands)) == (60, 60)
    out = score({"ruleset": "bridge-rubber", "players": P, "hands": hands,
                 "rules": {"unfinished_partscore_both": True, "unfinished_partscore_bonus": 50}})
    assert sides(out) == (110, 110)


def test_law80_one_game_each_no_game_bonus():
    # 1-1 in games, then nothing: no 300 (only when just one game was completed)
    out = rubber(h("4S", "N", 10), h("4H", "E", 10))
    assert sides(out) == (120, 120)


def test_several_rubbers_in_one_record():
    # Rubber 1: N-S 3NT=, 3NT= -> 100 + 100 + 700. Rubber 2: E-W 4H= -> unfinished, E-W +300.
    out = rubber(h("3NT", "N", 9), h("3NT", "N", 9), h("4H", "E", 10))
    assert len(out["rubbers"]) == 2
    assert out["rubbers"][0]["finished"] and not out["rubbers"][1]["finished"]
    assert out["rubbers"][1]["EW"] == 420
    assert sides(out) == (900, 420)
    # in the second rubber nobody is vulnerable again: E-W 4H -1 would be 50
    out = rubber(h("3NT", "N", 9), h("3NT", "N", 9), h("4H", "E", 9))
    assert out["hands"][2]["scores"]["Ala"] == 50


def test_start_totals_carried_in():
    out = score({"ruleset": "bridge-rubber", "players": P, "start": {"Ala": 500, "Celina": 500},
                 "hands": [h("3NT", "N", 9), h("3NT", "N", 9)]})
    assert sides(out) == (1400, 0)


def test_settlement_rounds_half_up():
    # E-W 4S -1 NV gives N-S 50; then a 2-0 rubber: 100 + 100 + 700. N-S 950, E-W 0: 9.5 -> 10 units.
    out = rubber(h("4S", "E", 9), h("3NT", "N", 9), h("3NT", "N", 9))
    assert out["rubbers"][0]["settlement"] == {"side": "NS", "units": 10}
    # E-W 2S= 60 instead: 900 - 60 = 840 -> 8.4 -> 8 units
    out = rubber(h("2S", "E", 8), h("3NT", "N", 9), h("3NT", "N", 9))
    assert out["rubbers"][0]["settlement"] == {"side": "NS", "units": 8}


def test_passed_out_deal_scores_nothing():
    out = rubber({"contract": "pass"}, h("3NT", "N", 9))
    assert out["hands"][0]["scores"]["Ala"] == 0 and out["hands"][1]["scores"]["Ala"] == 100


def test_old_polish_reconstruction_values():
    # trick values NT 10, S 9; first game at 30: 3NT= is 30 below -> game; 50 for making (NV).
    # second game needs 40: 4S= is 36 below, no game; making bonus is then 100 (vulnerable).
    out = score({"ruleset": "bridge-old-polish", "players": P,
                 "hands": [h("3NT", "N", 9), h("4S", "N", 10)]})
    assert out["hands"][0]["scores"]["Ala"] == 30 + 50
    assert out["hands"][1]["scores"]["Ala"] == 36 + 100
    assert out["rubbers"][0]["games"]["NS"] == 1
