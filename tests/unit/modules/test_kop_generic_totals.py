"""Kop's and the generic module's totals() (the season's fold of the hands, without the sheet's rows) agree with
their score() on random valid games of every ruleset they serve: every game kind, doubling level, category, the
old side given by points, tricks or directly, both solo settlements, a deal limit that is reached; every item kind,
tricks given apart or with the other items, bids, the slam, every way a game ends; start values (floats too),
ties, finished games. Each game is compared on every prefix of its hands (tests/unit/test_totals_path.assert_agree:
players, totals, finished, winner, places, place points and money)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.unit.test_totals_path import assert_agree
from zapis.io import records
from zapis.core.module import ScoringModule
from zapis.modules.generic import _count
from zapis.modules.kop import CATEGORIES, GAMES

NAMES = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek", "Gosia", "Henryk", "Iza", "Janek"]
KOP = ["kop-wolsztyn", "kop-koscian"]
GENERIC = ["6-sty-bierze", "czarna-manka", "czarna-manka-pik", "czarna-manka-dama", "czarna-manka-pary", "kierki-dominowe", "kierki-dzokerowe",
           "kierki-licytowane", "omnibus", "polignac", "slobberhannes", "swinie"]
MANY = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def parsed(ruleset, players, rules=None, start=None):
    data = {"format": "zapis/1", "ruleset": ruleset, "players": players, "hands": []}
    if rules:
        data["rules"] = rules
    if start:
        data["start"] = start
    rec, rules, module = records.parse(data)
    return module, rules


def some_start(rnd, players):
    """No start, whole numbers, or halves, for some of the players."""
    kind = rnd.choice(["none", "none", "int", "float"])
    if kind == "none":
        return {}
    chosen = rnd.sample(players, rnd.randint(1, len(players)))
    if kind == "int":
        return {p: rnd.randint(-60, 60) for p in chosen}
    return {p: rnd.randint(-120, 120) / 2 for p in chosen}


def split(rnd, total, n):
    cuts = sorted(rnd.randint(0, total) for _ in range(n - 1))
    return [b - a for a, b in zip([0] + cuts, cuts + [total])]


# --- kop ------------------------------------------------------------------------------------------------------------
def kop_hand(rnd, rules, players):
    game = rnd.choice(GAMES)
    single = game in ("solo", "solo-du", "silent")
    hand = {"game": game, "old": rnd.sample(players, 1 if single else 2)}
    k = rnd.randint(0, rules["max_kontra"][game])
    if k or rnd.random() < 0.2:
        hand["kontra"] = k
    how = rnd.random()
    if game == "solo-du":
        if how < 0.6:
            hand["old_tricks"] = tr = rnd.choice([4, 4, 0, 1, 2, 3])
            if rnd.random() < 0.5:
                hand["old_points"] = 104 if tr == 4 else 0 if tr == 0 else rnd.randint(0, 103)
        else:
            hand["won"] = rnd.random() < 0.5
        return hand
    pts = rnd.choice([0, 104, 26, 27, 52, 53, rnd.randint(0, 104), rnd.randint(0, 104)])
    if how < 0.85 or game not in ("ordinary", "wedding"):
        hand["old_points"] = pts
        if rnd.random() < 0.4:
            hand["old_tricks"] = 0 if pts == 0 and rnd.random() < 0.7 else 4 if pts == 104 else rnd.randint(1, 3)
        if rnd.random() < 0.1:
            hand["won"] = rnd.random() < 0.5
    else:  # the outcome and the category given directly
        hand["won"] = rnd.random() < 0.5
        hand["category"] = rnd.choice(CATEGORIES)
    if game in ("ordinary", "wedding") and "category" not in hand and rnd.random() < 0.15:
        hand["category"] = rnd.choice(CATEGORIES)
    if rnd.random() < 0.1:
        hand["dealer"] = rnd.choice(players)
    return hand


def kop_game(rnd, max_hands=14):
    ruleset = rnd.choice(KOP)
    players = rnd.sample(NAMES, 4)
    over = {}
    if rnd.random() < 0.5:
        over["solo_settlement"] = rnd.choice(["per-opponent", "flat"])
    if rnd.random() < 0.5:
        over["deals"] = rnd.randint(1, max_hands)
    if rnd.random() < 0.3:
        over["wyjscie"] = rnd.randint(0, 60)
        over["win_points"] = rnd.randint(40, 70)
    start = some_start(rnd, players)
    module, rules = parsed(ruleset, players, over, start)
    hands = [kop_hand(rnd, rules, players) for _ in range(rnd.randint(0, max_hands))]
    assert module.check_hands(rules, players, hands) == [], hands
    return module, rules, players, hands, start


# --- generic --------------------------------------------------------------------------------------------------------
def generic_hand(rnd, rules, players):
    items, n = rules["items"], len(players)
    got = {p: {} for p in players}
    done = set()
    hand = {}
    out = rules["out_of_play"] or len(items)  # how many counted cards may still lie out of play
    if rules["slam_items"] and rnd.random() < 0.2:  # one player takes every slam item
        p = rnd.choice(players)
        for k in rules["slam_items"]:
            got[p][k] = _count(items[k], n)
        done = set(rules["slam_items"])
    for k, item in items.items():
        if k in done:
            continue
        want = _count(item, n)
        if isinstance(want, dict):  # the count depends on the deal's suit (kierki licytowane in three)
            hand["suit"] = rnd.choice(sorted(want))
            want = want[hand["suit"]]
        if want and item.get("out") and out and rnd.random() < 0.3:  # one lies out of play (Polignac's turned jack)
            want, out = want - 1, out - 1
        if want is not None and item.get("check", True):
            parts = split(rnd, want, n) if rnd.random() < 0.85 else [want if p == players[0] else 0 for p in players]
        else:
            parts = [rnd.randint(0, 6) if rnd.random() < 0.6 else 0 for _ in players]
        for p, v in zip(players, parts):
            if v or rnd.random() < 0.2:
                got[p][k] = v
    if "tricks" in items and rnd.random() < 0.5:
        hand["tricks"] = {p: got[p].pop("tricks") for p in players if "tricks" in got[p]}
    taken = {p: d for p, d in got.items() if d}
    if taken or rnd.random() < 0.5:
        hand["taken"] = taken
    if rules["bid_value"]:
        hand["bids"] = {rnd.choice(players): rnd.randint(0, 13)}
        if "suit" not in hand and rnd.random() < 0.5:
            hand["suit"] = rnd.choice(["spades", "hearts", "diamonds", "clubs"])
    if rnd.random() < 0.1:
        hand["dealer"] = rnd.choice(players)
    return hand


def generic_game(rnd, max_hands=14):
    ruleset = rnd.choice(GENERIC)
    module, rules = parsed(ruleset, ["A", "B", "C"] if ruleset == "polignac" else ["A", "B", "C", "D"])
    players = rnd.sample(NAMES, rnd.choice(rules["players"]))
    over = {}
    if rnd.random() < 0.6:
        over["end"] = rnd.choice(["minus", "plus", "deals", "round", "none"])
        over["target"] = rnd.choice([1, 5, 10, 20, 30, 60])
        over["deals"] = rnd.randint(1, max_hands)
    start = some_start(rnd, players)
    module, rules = parsed(ruleset, players, over, start)
    hands = [generic_hand(rnd, rules, players) for _ in range(rnd.randint(0, max_hands))]
    assert module.check_each(rules, players, hands) == [], hands
    late = module.check_sequence(rules, players, hands)  # no deal after the game is over
    if late:
        hands = hands[:int(late[0].place.removeprefix("hands[").rstrip("]"))]
    assert module.check_hands(rules, players, hands) == [], hands
    return module, rules, players, hands, start


def agree_on_every_prefix(module, rules, players, hands, start):
    for n in range(len(hands) + 1):
        assert_agree(module, rules, players, hands[:n], start, f"{rules.id} {dict(rules.values)} start={start} "
                                                                 f"first {n} of {hands}")


# --- the tests ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("ruleset", KOP + GENERIC)
def test_the_module_folds_its_own_totals_without_rows(ruleset):
    players = NAMES[:3] if ruleset == "polignac" else NAMES[:4]
    module, rules = parsed(ruleset, players)
    assert type(module).totals is not ScoringModule.totals
    rnd = random.Random(ruleset)
    make = kop_hand if module.id == "kop" else generic_hand
    fast = module.totals(rules, players, [make(rnd, rules, players) for _ in range(3)])
    assert fast.sections == [] and fast.hands == [] and fast.checks == [] and fast.notes == []


@MANY
@given(st.randoms(use_true_random=False))
def test_kop_totals_agree_with_the_sheet(rnd):
    agree_on_every_prefix(*kop_game(rnd))


@MANY
@given(st.randoms(use_true_random=False))
def test_generic_totals_agree_with_the_sheet(rnd):
    agree_on_every_prefix(*generic_game(rnd))


@pytest.mark.parametrize("seed", range(40))
def test_long_seeded_games_agree(seed):
    """Longer games than hypothesis draws, so a deal limit and a target are reached more often."""
    rnd = random.Random(seed)
    for game in (kop_game(rnd, 40), generic_game(rnd, 40)):
        agree_on_every_prefix(*game)


def test_kop_edge_cases():
    p = NAMES[:4]
    pair = {"game": "ordinary", "old": p[:2], "old_points": 60}
    solo = {"game": "solo", "old": [p[2]], "old_points": 70, "kontra": 2}
    for over in ({}, {"deals": 1}, {"deals": 2}, {"solo_settlement": "flat", "deals": 2}):
        module, rules = parsed("kop-wolsztyn", p, over)
        for start in ({}, {p[0]: 3}, {p[2]: -5, p[3]: 7.5}, {q: 10 for q in p}):
            for hands in ([], [pair], [solo], [pair, solo], [solo, pair, pair]):
                agree_on_every_prefix(module, rules, p, hands, start)
    module, rules = parsed("kop-wolsztyn", p, {"deals": 1})
    tie = module.totals(rules, p, [pair])  # the two old players share the lead when the round ends
    assert tie.finished and tie.winner == p[:2]
    assert module.totals(rules, p, [], {p[1]: 4}).totals == {p[0]: 0, p[1]: 4, p[2]: 0, p[3]: 0}


def test_generic_edge_cases():
    p = NAMES[:5]
    module, rules = parsed("6-sty-bierze", p, {"deals": 2})
    for start in ({}, {p[0]: -2}, {q: 1.5 for q in p}):
        for hands in ([], [{}], [{}, {}], [{"taken": {p[1]: {"hearts": 2}}}, {}]):
            agree_on_every_prefix(module, rules, p, hands, start)
    tie = module.totals(rules, p, [{}, {}])  # nobody took anything: all share the lead
    assert tie.finished and tie.winner == p
    # ended by the start's points alone (the game is over as soon as a deal is played)
    module, rules = parsed("kierki-dominowe", p[:4])
    agree_on_every_prefix(module, rules, p[:4], [{"taken": {p[0]: {"hearts": 13}}}], {p[1]: -40})
    assert module.totals(rules, p[:4], [{"taken": {p[0]: {"hearts": 13}}}], {p[1]: -40}).winner == p[2:4]
    module, rules = parsed("omnibus", p[:4])
    slam = {"taken": {p[3]: {"hearts": 13, "queen_spades": 1, "ten_diamonds": 1}}}
    agree_on_every_prefix(module, rules, p[:4], [slam] * 5, {})
    assert module.totals(rules, p[:4], [slam]).totals[p[3]] == 26
    module, rules = parsed("kierki-licytowane", p[:3])
    bid = {"taken": {p[0]: {"cards": 13}}, "bids": {p[1]: 7}, "suit": "clubs"}
    agree_on_every_prefix(module, rules, p[:3], [bid] * 6, {p[2]: 5})
    module, rules = parsed("polignac", p[:3])
    tricks = {"tricks": {p[0]: 9, p[1]: 8}, "taken": {p[2]: {"jack_hearts": 1, "jack_diamonds": 1,
                                                                 "jack_clubs": 1, "jack_spades": 1}}}
    agree_on_every_prefix(module, rules, p[:3], [tricks] * 3, {})
    for end in ("round", "none", "plus"):
        module, rules = parsed("kierki-dzokerowe", p[:3], {"end": end, "target": 1})
        hands = [{"taken": {p[0]: {"heart_points": 104}, p[1]: {"joker": 1}}}] * 3
        agree_on_every_prefix(module, rules, p[:3], hands, {p[2]: 1})  # plus: over by the start alone
        agree_on_every_prefix(module, rules, p[:3], hands, {})
