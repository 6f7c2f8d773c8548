"""Tysiąc (seed 002): contracts, rounding, melds, the barrier and its variants, bombs, four players,
zero deals, the 1000 finish. Expected values worked by hand from the seed's rules."""

import pytest

from tests.conftest import problems, score

P = ["A", "B", "C"]
P4 = ["A", "B", "C", "D"]


def play(hands, players=P, **kw):
    return score({"ruleset": kw.pop("ruleset", "tysiac"), "players": players, "hands": hands, **kw})


def deal(decl, bid, a, b, c, melds=None, players=P, **kw):
    playing = [p for p in players if p != kw.get("sitter")]
    kw.pop("sitter", None)
    h = {"declarer": decl, "bid": bid, "points": dict(zip(playing, (a, b, c)))}
    if melds:
        h["melds"] = melds
    return {**h, **kw}


def sc(out, i, players=P):
    return [out["hands"][i]["scores"][p] for p in players]


def test_declarer_made_and_failed_defenders_rounded():
    # 1: B plays 120 with 70 in cards and the hearts meld (100): 170 >= 120: +120. A 30, C 20.
    # 2: C plays 100 with 61: failed, -100. A 44 -> 40, B 15 -> 20 (5 up).
    out = play([deal("B", 120, 30, 70, 20, {"B": ["hearts"]}), deal("C", 100, 44, 15, 61)])
    assert sc(out, 0) == [30, 120, 20]
    assert sc(out, 1) == [40, 20, -100]
    assert out["totals"] == {"A": 70, "B": 140, "C": -80}


def test_exactly_the_contract_counts_as_made():
    out = play([deal("A", 110, 70, 30, 20, {"A": ["spades"]})])  # 70 + 40 = 110
    assert sc(out, 0)[0] == 110
    out = play([deal("A", 110, 69, 31, 20, {"A": ["spades"]})])  # 109
    assert sc(out, 0)[0] == -110


@pytest.mark.parametrize("raw,rounded", [(4, 0), (5, 10), (14, 10), (15, 20), (0, 0), (25, 30), (36, 40)])
def test_rounding_at_every_edge(raw, rounded):
    out = play([deal("C", 100, raw, 120 - raw - 60, 60)])
    assert sc(out, 0)[0] == rounded


def test_half_down_and_unit_5_variants():
    out = play([deal("C", 100, 15, 45, 60)], rules={"round_half": "down"})
    assert sc(out, 0)[0] == 10
    out = play([deal("C", 100, 17, 43, 60)], rules={"round_unit": 5, "bid_step": 5})
    assert sc(out, 0)[:2] == [15, 45]


def test_melds_for_defenders():
    # A defends with 25 in cards and the spades meld: 65 -> 70
    out = play([deal("C", 100, 25, 35, 60, {"A": ["spades"], "C": ["clubs"]})])
    assert sc(out, 0) == [70, 40, 100]


def test_meld_check_flags_contracts_over_120_without_a_declared_meld():
    out = play([deal("B", 140, 20, 100, 0)])
    assert sc(out, 0)[1] == -140  # 100 < 140
    from zapis.io import records
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "tysiac", "players": P,
                                        "hands": [deal("B", 140, 20, 100, 0)]})
    sheet = records.score(rec, rules, module)
    assert any("more than the 120" in n.en and "B — gra 140" in n for n in sheet.notes)
    # asked at entry: the question is placed at the field that keeps the answer
    asked = module.doubts(rules, rec.players, rec.hands)
    assert [p.place for p in asked] == ["hands[0].confirmed"] and "Zapisać tak?" in asked[0].message
    # answered yes: kept with the hand, nothing more said, the score unchanged
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "tysiac", "players": P,
                                        "hands": [{**deal("B", 140, 20, 100, 0), "confirmed": True}]})
    sheet = records.score(rec, rules, module)
    assert not any("— gra " in n for n in sheet.notes) and not module.doubts(rules, rec.players, rec.hands)
    assert sc(play([{**deal("B", 140, 20, 100, 0), "confirmed": True}]), 0)[1] == -140
    # with the spades meld declared, 160 is allowed: no flag
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "tysiac", "players": P,
                                        "hands": [deal("B", 160, 20, 100, 0, {"B": ["spades"]})]})
    assert not any("— gra " in n for n in records.score(rec, rules, module).notes)
    assert not module.doubts(rules, rec.players, rec.hands)


def test_a_meld_that_exists_once_cannot_be_declared_twice():
    bad = problems({"ruleset": "tysiac", "players": P,
                    "hands": [deal("B", 100, 20, 100, 0, {"A": ["hearts"], "B": ["hearts"]})]})
    assert bad == ['hands[0].melds.B: there is only one ♥ hearts meld; A declared it']
    bad = problems({"ruleset": "tysiac", "players": P, "hands": [deal("B", 100, 20, 100, 0, {"A": ["aces"]})]})
    assert bad == ['hands[0].melds.A[0]: "aces" is not one of spades, clubs, diamonds, hearts']


def test_card_points_must_sum_to_120():
    bad = problems({"ruleset": "tysiac", "players": P, "hands": [deal("B", 100, 20, 80, 15)]})
    assert bad == ["hands[0].points: 115 in all, not 120 (5 short)"]


def test_contract_checks():
    assert problems({"ruleset": "tysiac", "players": P, "hands": [deal("B", 105, 20, 85, 15)]}) == [
        "hands[0].bid: 105 is not a multiple of 10"]
    # the lowest contract is 100 and the highest what the cards and every meld make: 120 + 100 + 80 + 60 + 40
    assert problems({"ruleset": "tysiac", "players": P, "hands": [deal("B", 90, 20, 85, 15)]}) == [
        "hands[0].bid: 90 is not between 100 and 400"]
    assert problems({"ruleset": "tysiac", "players": P, "hands": [deal("B", 410, 20, 85, 15)]}) == [
        "hands[0].bid: 410 is not between 100 and 400"]
    assert problems({"ruleset": "tysiac", "players": P,
                     "hands": [dict(deal("B", 110, 20, 85, 15), auction=120)]}) == [
        "hands[0].bid: 110 is lower than the bid won in the auction (120)"]


def test_barrier_800_defending_points_not_added_and_falling_below_restores_them():
    # A starts on 800 (inclusive): defending 40 is not added. Then A declares 120 and fails: 680,
    # below the barrier, so his next defending 30 counts.
    hands = [deal("B", 100, 40, 60, 20), deal("A", 120, 50, 40, 30), deal("C", 100, 30, 30, 60)]
    out = play(hands, start={"A": 800})
    assert [x["totals"]["A"] for x in out["hands"]] == [800, 680, 710]
    assert out["barrier"] == []


def test_barrier_inclusive_or_not_and_900():
    out = play([deal("B", 100, 40, 60, 20)], start={"A": 800}, rules={"barrier_inclusive": False})
    assert out["totals"]["A"] == 840
    out = play([deal("B", 100, 40, 60, 20)], start={"A": 850}, ruleset="tysiac-900")
    assert out["totals"]["A"] == 890
    out = play([deal("B", 100, 40, 60, 20)], start={"A": 900}, ruleset="tysiac-900")
    assert out["totals"]["A"] == 900 and out["barrier"] == ["A"]


@pytest.mark.parametrize("penalty,after", [("minus-120", 730), ("to-barrier", 800), ("zero", 0), ("none", 850)])
def test_barrier_max_deals_and_its_penalty(penalty, after):
    # A sits on 850 for three deals as a defender without getting off: the penalty falls after the third.
    hands = [deal("B", 100, 40, 60, 20)] * 3
    out = play(hands, start={"A": 850}, rules={"barrier_max_deals": 3, "barrier_penalty": penalty})
    assert [x["totals"]["A"] for x in out["hands"]][:2] == [850, 850]
    assert out["totals"]["A"] == after


def test_bomb_within_and_over_the_limit():
    bomb = {"declarer": "B", "bid": 100, "bomb": True}
    out = play([bomb])
    assert sc(out, 0) == [60, 0, 60] and out["bombs"]["B"] == 1
    assert problems({"ruleset": "tysiac", "players": P, "hands": [bomb, bomb]}) == [
        "hands[1].bomb: B has thrown 1 bomb already, the limit of this game"]
    out = play([bomb, bomb], rules={"bomb_over_limit": "lost"})
    assert sc(out, 1) == [60, -100, 60]
    out = play([bomb, bomb, bomb], rules={"bombs_allowed": -1})
    assert out["totals"] == {"A": 180, "B": 0, "C": 180}
    assert problems({"ruleset": "tysiac", "players": P, "hands": [bomb], "rules": {"bombs_allowed": 0}}) != []


def test_bomb_points_blocked_on_the_barrier():
    out = play([{"declarer": "B", "bid": 100, "bomb": True}], start={"A": 820})
    assert sc(out, 0) == [0, 0, 60]


def test_four_players_dealer_sits_out_and_scores_the_musik():
    # A deals and sits out; the musik held an ace and the hearts meld: 50 + 100.
    h = deal("C", 100, 30, 70, 20, players=P4, sitter="A", musik={"aces": 1, "melds": ["hearts"]})
    out = play([h], players=P4)
    assert sc(out, 0, P4) == [150, 30, -100, 20]
    out = play([h], players=P4, rules={"musik_scoring": "none"})
    assert sc(out, 0, P4)[0] == 0
    # the next deal: B deals and sits out
    assert out["next"]["dealer"] == "B" and out["next"]["sits_out"] == "B"
    bad = problems({"ruleset": "tysiac", "players": P4, "hands": [deal("A", 100, 30, 70, 20, players=P4)]})
    assert "hands[0].declarer: \"A\" deals and sits this hand out" in bad


def test_three_zero_deals_cost_120():
    hands = [deal("B", 100, 0, 70, 50)] * 3
    out = play(hands, rules={"zero_penalty": 120})
    assert [x["totals"]["A"] for x in out["hands"]] == [0, 0, -120]
    hands = [deal("B", 100, 0, 70, 50), deal("B", 100, 10, 60, 50), deal("B", 100, 0, 70, 50)]
    assert play(hands, rules={"zero_penalty": 120})["totals"]["A"] == 10  # not in a row
    assert play(hands, rules={"zero_penalty": 120, "zero_consecutive": False, "zero_count": 2})["totals"]["A"] == -110


def test_the_1000_finish_and_two_reaching_it_in_one_deal():
    out = play([deal("B", 100, 10, 100, 10)], start={"B": 950})
    assert out["finished"] is True and out["winner"] == "B"
    # A 995 defends 10 (-> 1005), B 900 makes 100 (-> 1000): without a barrier both reach 1000
    hands = [deal("B", 100, 10, 100, 10)]
    for tb, want in (("declarer", "B"), ("higher", "A"), ("shared", ["A", "B"])):
        out = play(hands, start={"A": 995, "B": 900}, rules={"barrier": 0, "tie_break": tb})
        assert out["winner"] == want
    assert problems({"ruleset": "tysiac", "players": P, "start": {"B": 950},
                     "hands": [deal("B", 100, 10, 100, 10)] * 2}) == [
        "hands[1]: the game is over: a player has reached 1000"]


def test_ace_meld_variant():
    out = play([deal("A", 200, 50, 50, 20, {"A": ["aces"]})], rules={"ace_meld": 200})
    assert sc(out, 0)[0] == 200  # 50 + 200 >= 200


def test_the_tysiac_sheet_is_said_in_one_language():
    from tests.unit.modules.sheet_words import one_language, problem, said_in_one_language, sheet

    names = ["Ala", "Bartek", "Celina"]
    s = sheet({"ruleset": "tysiac", "players": names, "start": {"Ala": 800}, "hands": [
        deal("Bartek", 120, 30, 70, 20, {"Bartek": ["hearts"]}, players=names),  # 70 + 100 >= 120; Ala on the barrier
        deal("Celina", 100, 44, 15, 61, players=names),                        # 61 < 100: -100; Bartek 15 -> 20
        {"declarer": "Ala", "bid": 100, "bomb": True}]})                        # Bartek and Celina 60 each
    assert s.totals == {"Ala": 800, "Bartek": 120 + 20 + 60, "Celina": 20 - 100 + 60}
    pl, en = one_language(s, ["rozdaje", "meldunki", "Ala na beczce", "się nie liczy", "Ala: 1. bomba",
                              "Ala jest na beczce (800)"],
                          ["dealer", "melds", "Ala on the barrier", "not added", "Ala: bomb no. 1",
                           "Ala is on the barrier (800)"])
    assert "Bartek: 70 + meldunki 100 = 170 ≥ 120" in pl and "Bartek: 70 + melds 100 = 170 ≥ 120" in en
    assert "120✓ 120 m♥" in pl and "120✓ 120 m♥" in en  # the meld by its suit's sign in both
    assert " / " not in pl and " / " not in en
    p = problem({"ruleset": "tysiac", "players": P, "hands": [deal("B", 100, 20, 80, 15)]})
    assert p.say("pl") == "hands[0].points: razem 115, a powinno być 120 (brakuje 5)"
    assert p.say("en") == "hands[0].points: 115 in all, not 120 (5 short)"
    bomb = {"declarer": "B", "bid": 100, "bomb": True}
    said_in_one_language(problem({"ruleset": "tysiac", "players": P, "hands": [bomb, bomb]}),
                         ["ma już 1 bombę"], ["has thrown 1 bomb already"])


def test_sitter_on_the_barrier_gets_nothing_from_the_musik():
    # Seed 002: "Jeśli gracz zdobędzie 800 punktów ..., to do jego wyniku dopisywane są jedynie te punkty, które
    # zdobędzie jako rozgrywający". A sits out at 850 (on the 800 barrier); the musik held an ace: 50, not added.
    h = deal("C", 100, 30, 70, 20, players=P4, sitter="A", musik={"aces": 1})
    out = play([h], players=P4, start={"A": 850})
    assert sc(out, 0, P4) == [0, 30, -100, 20]
    assert out["totals"]["A"] == 850
    # below the barrier (790) the musik counts: 790 + 50 = 840
    assert play([h], players=P4, start={"A": 790})["totals"]["A"] == 840
    # a house variant that lets the sitter keep it: 850 + 50
    out = play([h], players=P4, start={"A": 850}, rules={"barrier_blocks_musik": False})
    assert out["totals"]["A"] == 900
