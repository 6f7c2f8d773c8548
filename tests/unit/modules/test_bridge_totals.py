"""Bridge's totals() (what a season scores its games with) agrees with score() on everything the standings take
(tests/unit/test_totals_path.py's assert_agree: players, totals, finished, winner, places, place points, money),
and on the extra keys themselves (each rubber with its settlement, the sides' totals), for every bridge ruleset
and variants of its rules, on random valid games and on every prefix of them; and it builds no rows."""

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from zapis.io import records
from tests.unit.test_totals_path import assert_agree

P = ["Ala", "Bartek", "Celina", "Darek"]  # N, E, S, W
STRAINS = ("C", "D", "H", "S", "NT")

RULESETS = ["bridge-rubber", "bridge-old-polish", "bridge-chicago", "bridge-chicago-acbl", "bridge-imp"]
# variants of the rules that change how deals add up
VARIANTS = [
    {},
    {"passed_out": "redeal"},
    {"passed_out": "counts", "carry_over": True},
    {"unfinished_partscore_both": True, "doubled_undertricks": "pre1987", "overtricks_at_trick_value": False},
    {"settlement_unit": 50, "unfinished_partscore_bonus": 50, "game_thresholds": [100, 60]},
]
CASES = [(rs, v) for rs in RULESETS for v in VARIANTS]


def rules_of(ruleset, variant):
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": ruleset, "players": P, "rules": variant})
    return rules, module


def honours_allowed(rules):
    return rules["honours"] and rules["scoring"] != "imp"


def check_agree(rules, module, hands, start, where, prefixes=True):
    """totals() == score() for the standings, on the whole game and (prefixes) on every prefix of it."""
    assert module.check_hands(rules, P, hands) == [], where  # the generators make valid games only
    for n in range(len(hands) + 1) if prefixes else (len(hands),):
        assert_agree(module, rules, P, hands[:n], start, f"{where}: first {n} hands")
    full = module.score(rules, P, hands, start)
    fast = module.totals(rules, P, hands, start)
    for key in ("sides", "rubbers"):  # the extra keys themselves, not only what the standings make of them
        assert fast.extra.get(key) == full.extra.get(key), (where, key)
    assert fast.sections == [] and fast.hands == [], where  # the rows are not built
    return full


# --- random valid games ------------------------------------------------------------------------------------

@st.composite
def bridge_hand(draw, honours=False, imp=False):
    if draw(st.integers(0, 11)) == 0:
        hand = {"contract": "pass"}
    else:
        level, strain = draw(st.integers(1, 7)), draw(st.sampled_from(STRAINS))
        needed = level + 6
        tricks = draw(st.one_of(st.integers(0, 13), st.integers(max(0, needed - 4), min(13, needed + 2))))
        hand = {"contract": f"{level}{strain}", "declarer": draw(st.sampled_from("NESW")), "tricks": tricks}
        double = draw(st.sampled_from(["", "", "X", "XX", None]))
        if double is not None:
            hand["double"] = double
        if honours and draw(st.integers(0, 4)) == 0:
            hand["honours"] = 150 if strain == "NT" else draw(st.sampled_from([100, 150]))
            hand["honours_side"] = draw(st.sampled_from(["NS", "EW"]))
    if draw(st.integers(0, 9)) == 0:
        hand["vulnerable"] = draw(st.sampled_from(["none", "NS", "EW", "both"]))
    if draw(st.integers(0, 9)) == 0:
        hand["dealer"] = draw(st.sampled_from(P))
    if imp:
        hand["hcp_ns"] = draw(st.integers(0, 40))
    return hand


starts = st.one_of(
    st.just({}),
    st.integers(-500, 3000).map(lambda x: {"Ala": x}),
    st.integers(-500, 3000).map(lambda x: {"Bartek": x, "Darek": x}),
    st.tuples(st.integers(0, 2000), st.integers(0, 2000)).map(lambda t: {"Ala": t[0], "Celina": t[0], "Bartek": t[1]}),
    st.sampled_from([{"Ala": 12.5, "Bartek": 7.25}, {"Celina": 0.1, "Darek": 0.2}]),
)

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("ruleset,variant", CASES, ids=[f"{rs}-{i}" for rs in RULESETS for i in range(len(VARIANTS))])
@SETTINGS
@given(data=st.data())
def test_totals_agree_with_score_on_random_games_and_every_prefix(ruleset, variant, data):
    rules, module = rules_of(ruleset, variant)
    hand = bridge_hand(honours=honours_allowed(rules), imp=rules["scoring"] == "imp")
    hands = data.draw(st.lists(hand, max_size=24))
    check_agree(rules, module, hands, data.draw(starts), f"{ruleset} {variant}")


def game_maker(rng, rules):
    """A seeded game, mostly contracts made (games and rubbers finish), some doubled, slams and honours."""
    honours, imp = honours_allowed(rules), rules["scoring"] == "imp"
    hands = []
    for _ in range(rng.randint(0, 60)):
        if rng.random() < 0.06:
            hand = {"contract": "pass"}
        else:
            level = rng.choice([1, 2, 3, 3, 4, 4, 4, 5, 6, 7])
            strain = rng.choice(STRAINS)
            hand = {"contract": f"{level}{strain}", "declarer": rng.choice("NESW"),
                    "tricks": max(0, min(13, level + 6 + rng.choice([-3, -2, -1, 0, 0, 0, 0, 1, 1, 2])))}
            if rng.random() < 0.2:
                hand["double"] = rng.choice(["X", "XX"])
            if honours and rng.random() < 0.15:
                hand["honours"] = 150 if strain == "NT" else rng.choice([100, 150])
                hand["honours_side"] = rng.choice(["NS", "EW"])
        if rng.random() < 0.04:
            hand["vulnerable"] = rng.choice(["none", "NS", "EW", "both"])
        if imp:
            hand["hcp_ns"] = rng.randint(0, 40)
        hands.append(hand)
    return hands


@pytest.mark.parametrize("ruleset", RULESETS)
def test_totals_agree_with_score_on_many_seeded_games(ruleset):
    rng = random.Random(f"bridge-totals {ruleset}")
    finished = several = 0
    for k in range(120):
        variant = VARIANTS[k % len(VARIANTS)]
        rules, module = rules_of(ruleset, variant)
        hands = game_maker(rng, rules)
        start = rng.choice([{}, {"Ala": 300}, {"Bartek": 50, "Darek": 50}, {"Ala": -120, "Bartek": 990}])
        full = check_agree(rules, module, hands, start, f"{ruleset} {variant} game {k}", prefixes=k % 10 == 0)
        finished += full.finished
        several += len(full.extra.get("rubbers", [])) > 1
    assert finished >= 10  # the games did reach the ends of rubbers and cycles
    if ruleset in ("bridge-rubber", "bridge-old-polish"):
        assert several >= 10


# --- edge cases --------------------------------------------------------------------------------------------

def h(contract, declarer, tricks, double="", **kw):
    return {"contract": contract, "declarer": declarer, "tricks": tricks, "double": double, **kw}


@pytest.mark.parametrize("ruleset", ["bridge-rubber", "bridge-old-polish"])
def test_rubber_edge_cases(ruleset):
    rules, module = rules_of(ruleset, {})
    games = {
        "2-0 then 2-1, then an unfinished one with a game and a partscore": [
            h("4S", "N", 10), h("3NT", "S", 9),
            h("4H", "E", 10), h("3NT", "N", 9), h("2C", "W", 8), h("5D", "W", 11),
            h("4S", "E", 11), h("2H", "N", 8)],
        "doubled and redoubled, made and down, vulnerable and not": [
            h("2H", "E", 8, "X"), h("1NT", "N", 7, "XX"), h("3S", "E", 12, "X"), h("4H", "N", 6, "XX"),
            h("4S", "N", 10), h("3NT", "E", 4, "XX"), h("7NT", "N", 9, "X")],
        "slams vulnerable and not, with honours": [
            h("6S", "N", 12, honours=100, honours_side="NS"), h("7NT", "E", 13, honours=150, honours_side="EW"),
            h("6H", "W", 12, honours=150, honours_side="NS"), h("7C", "S", 13, "X")],
        "honours on a contract defeated, and passes": [
            {"contract": "pass"}, h("4H", "S", 9, honours=100, honours_side="EW"), {"contract": "pass"}],
        "a game alone unfinished": [h("3NT", "N", 9)],
        "both sides' partscores unfinished": [h("2C", "N", 8), h("2D", "E", 8)],
        "level at the end": [h("2S", "N", 8), h("2S", "E", 8)],
        "vulnerability overridden": [h("4S", "N", 10, vulnerable="both"), h("3NT", "E", 8, vulnerable="EW")],
    }
    for start in ({}, {"Ala": 500, "Celina": 500}, {"Bartek": 1000}, {"Ala": 70, "Darek": 70}):
        for name, hands in games.items():
            check_agree(rules, module, hands, start, f"{ruleset} {name} {start}")


def test_several_rubbers_each_settled_as_score_settles_them():
    rules, module = rules_of("bridge-rubber", {"settlement_unit": 50})
    hands = [h("4S", "N", 10), h("4H", "N", 10)] * 3 + [h("3NT", "E", 9), h("4S", "N", 10), h("5C", "E", 11)]
    full = check_agree(rules, module, hands, {"Bartek": 25}, "several rubbers")
    rubbers = module.totals(rules, P, hands, {"Bartek": 25}).extra["rubbers"]
    assert [r["finished"] for r in rubbers] == [True, True, True, True]
    assert [r["settlement"]["side"] for r in rubbers] == ["NS", "NS", "NS", "EW"]
    assert full.finished and full.winner == ["Ala", "Celina"]


@pytest.mark.parametrize("ruleset", ["bridge-chicago", "bridge-chicago-acbl", "bridge-imp"])
def test_cycle_edge_cases(ruleset):
    for variant in ({}, {"passed_out": "redeal"}, {"passed_out": "counts"}):
        rules, module = rules_of(ruleset, variant)
        imp = rules["scoring"] == "imp"
        hcp = [22, 14, 31, 20, 40, 0, 25, 19, 26]

        def deal(k, hand):
            return dict(hand, hcp_ns=hcp[k % len(hcp)]) if imp else hand

        games = {
            "one cycle exactly": [h("4S", "N", 10), h("3NT", "E", 9), h("2H", "S", 9), h("1C", "W", 7)],
            "passes inside a cycle": [{"contract": "pass"}, h("4S", "N", 10), {"contract": "pass"},
                                      h("3NT", "E", 9), h("2H", "S", 9), h("1C", "W", 7), {"contract": "pass"}],
            "partscores toward game, deal 4": [h("2S", "N", 8), h("1NT", "N", 7), h("2C", "E", 8), h("2D", "W", 8)],
            "doubled, redoubled, slams": [h("6NT", "N", 12, "X"), h("7S", "E", 13, "XX"), h("4H", "S", 6, "XX"),
                                          h("3C", "W", 9, "X"), h("6D", "N", 11)],
            "two cycles and a bit": [h("4S", "NESW"[k % 4], 8 + k % 5) for k in range(9)],
            "level": [h("3NT", "N", 9), h("3NT", "E", 9), h("2S", "S", 8), h("2S", "W", 8)],
        }
        for start in ({}, {"Ala": 40}, {"Bartek": 7.5, "Darek": 7.5}):
            for name, hands in games.items():
                check_agree(rules, module, [deal(k, x) for k, x in enumerate(hands)], start,
                            f"{ruleset} {variant} {name} {start}")


def test_partners_who_disagree_at_the_start_are_refused_by_both():
    rules, module = rules_of("bridge-rubber", {})
    with pytest.raises(Exception) as full:
        module.score(rules, P, [h("4S", "N", 10)], {"Ala": 1, "Celina": 2})
    with pytest.raises(type(full.value)):
        module.totals(rules, P, [h("4S", "N", 10)], {"Ala": 1, "Celina": 2})


def test_a_rulesets_values_are_shared_with_their_memo_and_a_changed_copy_has_its_own():
    """Values.of(rules): one Values for the same rules (a season's games of a ruleset share the memo of their deals'
    parts); a copy with other values (bobby's nullo trick value) starts its own memo, never reading another's."""
    import dataclasses

    from zapis.io import records
    from zapis.modules.bridge.law77 import Contract, Values, deal_parts

    _, rules, _ = records.parse({"format": "zapis/1", "ruleset": "bridge-rubber", "players": ["A", "B", "C", "D"]})
    values = Values.of(rules)
    assert Values.of(rules) is values
    c = Contract(4, "S")
    values.memo[(c, False, 10)] = deal_parts(c, False, 10, values)
    other = dataclasses.replace(values, trick={**values.trick, "S": 40})
    assert other.memo == {} and values.memo  # its own memo: 4♠= is not 120 there (Law 72 trick values differ)
    assert deal_parts(c, False, 10, other)[0] == 160 and values.memo[(c, False, 10)][0] == 120
