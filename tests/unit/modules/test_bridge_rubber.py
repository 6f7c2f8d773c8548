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


def test_before_the_last_rubber_the_earlier_ones_are_carried_so_the_sheet_adds_up_without_them():
    """Issue 36: a board that shows only the rubber in play must still add up to the totals. Worked by hand (Laws
    72-77, 80; N-S are Ala+Celina, the first side):
    rubber 1: 3NT N = 100 below (game); 2H E 7 tricks, down 1 not vulnerable: 50 to N-S; 4S N = 120 below (game,
    2-0): 700. N-S 970, E-W 0.
    rubber 2: 1NT E 8: 40 below, 30 above; 3C S 8, down 1 not vulnerable: 50 to E-W; 2S W 8: 60 below (game,
    E-W 40 + 60); 6H N 12: 180 below (game) and the small slam not vulnerable 500; 4H E 10, vulnerable: 120
    below (game, 2-1): 500. E-W 40 + 30 + 50 + 60 + 120 + 500 = 800, N-S 180 + 500 = 680.
    rubber 3 (unfinished): 3NT N 10: 100 below, 30 above; Law 80, one game in an unfinished rubber: 300. N-S 430.
    Carried before rubber 3: N-S 970 + 680 = 1650, E-W 800; with rubber 3's 430: 2080 and 800, the totals."""
    from zapis.io import records

    hands = [h("3NT", "N", 9), h("2H", "E", 7), h("4S", "N", 10), h("1NT", "E", 8), h("3C", "S", 8),
             h("2S", "W", 8), h("6H", "N", 12), h("4H", "E", 10), h("3NT", "N", 10)]
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "bridge-rubber",
                                        "players": ["Ala", "Bartek", "Celina", "Darek"], "hands": hands})
    sheet = records.score(rec, rules, module)
    titles = [s.title.en for s in sheet.sections]
    assert titles == ["Rubber 1: above the line", "Rubber 1: below the line", "Rubber 2: above the line",
                      "Rubber 2: below the line", "Rubbers 1–2: carried", "Rubber 3: above the line (unfinished)",
                      "Rubber 3: below the line"]
    carried = sheet.sections[4].rows[0].cells
    last = sheet.sections[6].rows[-1].cells
    assert [c.text for c in carried] == ["1650", "800"] and [c.text for c in last] == ["430", "0"]
    assert sheet.totals == {"Ala": 2080, "Bartek": 800, "Celina": 2080, "Darek": 800}
    assert [r["totals"]["Ala"] for r in sheet.extra["rubbers"]] == [970, 680, 430]
    assert [s.carried for s in sheet.sections] == [False] * 4 + [True, False, False]  # the board's stand-in
    # one rubber before the last: "Rober 1", not "Robry 1–1"; rubber 1 (970 and 0) carried into rubber 2
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "bridge-rubber",
                                        "players": ["Ala", "Bartek", "Celina", "Darek"], "hands": hands[:4]})
    sheet = records.score(rec, rules, module)
    carried = next(s for s in sheet.sections if s.carried)
    assert (carried.title.pl, carried.title.en) == ("Rober 1: z przeniesienia", "Rubber 1: carried")
    assert [c.text for c in carried.rows[0].cells] == ["970", "0"]
