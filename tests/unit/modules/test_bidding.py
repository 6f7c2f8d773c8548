"""Planowanie, 3-5-8 and Poker równoległy (seed 000), worked by hand."""

from tests.conftest import problems, score

P4 = ["A", "B", "C", "D"]
P3 = ["A", "B", "C"]


def sc(out, i, players):
    return [out["hands"][i]["scores"][p] for p in players]


def pl(bids, tricks, players=P4, **kw):
    return {"bids": dict(zip(players, bids)), "tricks": dict(zip(players, tricks)), **kw}


def test_planowanie_exact_bid_scores_10_plus_bid():
    out = score({"ruleset": "planowanie", "players": P4, "hands": [pl((4, 3, 1, 4), (4, 4, 1, 4))]})
    assert sc(out, 0, P4) == [14, 0, 11, 14]
    assert out["next"]["cards"] == 12 and out["next"]["last_bidder"] == "B"


def test_planowanie_last_bidder_may_not_make_the_sum_equal_the_tricks():
    # A deals the first hand, so B bids first and A bids last: 4 + 3 + 1 + 5 = 13 is refused.
    bad = problems({"ruleset": "planowanie", "players": P4, "hands": [pl((5, 4, 3, 1), (4, 4, 1, 4))]})
    assert bad == ["hands[0].bids.A: the last bidder (A) may not make the bids add up to 13, the number of tricks"]
    ok = problems({"ruleset": "planowanie", "players": P4, "hands": [pl((5, 4, 3, 1), (4, 4, 1, 4))],
                   "rules": {"last_bidder_rule": False}})
    assert ok == []


def test_planowanie_schedule_and_end():
    from zapis.io import rulesets
    from zapis.modules.bidding import PlanowanieModule
    rules = rulesets.load("planowanie")
    assert PlanowanieModule().schedule(rules, 4) == list(range(13, 1, -1)) + [1, 1, 1, 1]   # 16 deals
    assert PlanowanieModule().schedule(rules, 3) == list(range(17, 1, -1)) + [1, 1, 1]      # 19 deals
    assert len(PlanowanieModule().schedule(rules, 2)) == 18


def test_planowanie_miss_variant_and_tricks_check():
    out = score({"ruleset": "planowanie", "players": P4, "rules": {"miss_per_trick": -1},
                 "hands": [pl((3, 3, 3, 3), (5, 2, 3, 3))]})
    assert sc(out, 0, P4) == [-2, -1, 13, 13]
    bad = problems({"ruleset": "planowanie", "players": P4, "hands": [pl((3, 3, 3, 3), (5, 2, 3, 4))]})
    assert bad == ["hands[0].tricks: 14 in all, not 13 (1 too many)"]


def test_358_targets_by_seat_and_the_seeds_exchange_example():
    # The seed: A deals; A (dealer, 3) took 4: +1; B (chooser, 8) took 9: +1; C (5) took 3: -2.
    # Next B deals: A must take 5, B 3, C 8; A and B may each exchange one card with C, A first.
    out = score({"ruleset": "3-5-8", "players": P3,
                 "hands": [{"kind": "hearts", "tricks": {"A": 4, "B": 9, "C": 3}}]})
    assert sc(out, 0, P3) == [1, 1, -2]
    assert out["next"]["targets"] == {"C": 8, "A": 5, "B": 3}
    assert out["next"]["exchange"] == [{"from": "A", "with": "C", "cards": 1}, {"from": "B", "with": "C", "cards": 1}]


def test_358_no_tricks_deal_is_inverted():
    # B deals, C chooses "bez lew": C at most 3, A at most 5, B at most 8. C 2 -> +1, A 6 -> -1, B 8 -> 0.
    hands = [{"kind": "hearts", "tricks": {"A": 4, "B": 9, "C": 3}},
             {"kind": "no-tricks", "tricks": {"A": 6, "B": 8, "C": 2}}]
    out = score({"ruleset": "3-5-8", "players": P3, "hands": hands})
    assert sc(out, 1, P3) == [-1, 0, 1]
    assert out["totals"] == {"A": 0, "B": 1, "C": -1}


def test_358_each_kind_once_per_player_and_zero_sum():
    hands = [{"kind": "hearts", "tricks": {"A": 4, "B": 9, "C": 3}}] * 4  # B chooses hearts twice (deals 1, 4)
    bad = problems({"ruleset": "3-5-8", "players": P3, "hands": hands})
    assert bad == ["hands[3].kind: B has already chosen hearts (each kind once per player)"]
    assert problems({"ruleset": "3-5-8", "players": P3,
                     "hands": [{"kind": "hearts", "tricks": {"A": 4, "B": 9, "C": 4}}]}) == [
        "hands[0].tricks: 17 in all, not 16 (1 too many)"]


def test_358_eighteen_deals_end_the_game():
    kinds = ["spades", "hearts", "diamonds", "clubs", "no-trumps", "no-tricks"]
    hands = [{"kind": kinds[i // 3], "tricks": {"A": 5, "B": 8, "C": 3}} for i in range(18)]
    out = score({"ruleset": "3-5-8", "players": P3, "hands": hands})
    assert out["finished"] is True and sum(out["totals"].values()) == 0


def test_poker_rownolegly_seed_example():
    # B wins showdowns 1-4 (3 + 4 + 5 + 6 = 18), A the fifth (7).
    out = score({"ruleset": "poker-rownolegly", "players": ["A", "B"],
                 "hands": [{"showdowns": ["B", "B", "B", "B", "A"]}]})
    assert out["totals"] == {"A": 7, "B": 18} and out["finished"] is True and out["winner"] == "B"
    assert problems({"ruleset": "poker-rownolegly", "players": ["A", "B"],
                     "hands": [{"showdowns": ["B", "B", "X", "B"]}]}) == [
        "hands[0].showdowns: names 4 showdowns, not 5",
        'hands[0].showdowns[2]: "X" is not a player of this game or "tie"']


def test_the_bid_games_are_said_in_one_language():
    from tests.unit.modules.sheet_words import one_language, problem, said_in_one_language, sheet

    names = ["Ala", "Bartek", "Celina", "Darek"]
    s = sheet({"ruleset": "planowanie", "players": names, "hands": [
        pl((4, 3, 1, 4), (4, 4, 1, 4), names), pl((3, 3, 3, 2), (3, 3, 3, 3), names),  # 13 and 12 cards
        pl((1, 0, 0, 0), (1, 1, 0, 0), names, cards=2)]})
    assert s.totals == {"Ala": 14 + 13 + 11, "Bartek": 0 + 13 + 0, "Celina": 11 + 13 + 10, "Darek": 14 + 0 + 10}
    one_language(s, ["1. (13 kart)", "3. (2 karty)", "rozdanie", "razem"], ["1. (13 cards)", "3. (2 cards)", "deal",
                                                                          "total"])
    names = ["Ala", "Bartek", "Celina"]
    # Ala deals: Bartek chooses hearts and takes 9 of 8, Celina 3 of 5, Ala 4 of 3; then Bartek deals, Celina
    # chooses no tricks: Celina 2 (at most 3), Ala 6 (at most 5), Bartek 8 (at most 8)
    s = sheet({"ruleset": "3-5-8", "players": names, "hands": [
        {"kind": "hearts", "tricks": {"Ala": 4, "Bartek": 9, "Celina": 3}},
        {"kind": "no-tricks", "tricks": {"Ala": 6, "Bartek": 8, "Celina": 2}}]})
    assert s.totals == {"Ala": 1 - 1, "Bartek": 1 + 0, "Celina": -2 + 1}
    one_language(s, ["1. Bartek: kiery", "2. Celina: BL (bez lew)", "każde rozdanie sumuje się do zera"],
                 ["1. Bartek: hearts", "2. Celina: no tricks", "each deal sums to zero"])
    s = sheet({"ruleset": "poker-rownolegly", "players": ["Ala", "Bartek"],
               "hands": [{"showdowns": ["Bartek", "tie", "Bartek", "Bartek", "Ala"]}]})
    assert s.totals == {"Ala": 7, "Bartek": 3 + 5 + 6}
    pl_text, en_text = one_language(s, ["gra", "remis"], ["game", "tie"])
    assert "3: Bartek, 4: remis, 5: Bartek" in pl_text and "3: Bartek, 4: tie, 5: Bartek" in en_text
    p = problem({"ruleset": "3-5-8", "players": P3, "hands": [{"kind": "hearts", "tricks": {"A": 9, "B": 5, "C": 3}}]})
    assert p.say("pl") == "hands[0].tricks: razem 17, a powinno być 16 (o 1 za dużo)"
    assert p.say("en") == "hands[0].tricks: 17 in all, not 16 (1 too many)"
    said_in_one_language(problem({"ruleset": "poker-rownolegly", "players": ["A", "B"],
                                  "hands": [{"showdowns": ["A"] * 5}, {"showdowns": ["B"] * 5}]}),
                         ["mecz kończy się po 1 grze"], ["the match is over after 1 game"])
