"""Property tests: the invariants each module's rules promise, determinism, and the record round trip
(write, read, score: identical) on random valid games."""

import tomllib

import tomli_w
from hypothesis import HealthCheck, given, settings, strategies as st

from zapis.io import records
from zapis.modules.bridge.law77 import Contract, duplicate_score

P4 = ["A", "B", "C", "D"]
P3 = ["A", "B", "C"]
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def split(total, n):
    return st.lists(st.integers(0, total), min_size=n - 1, max_size=n - 1).map(
        lambda cuts: [b - a for a, b in zip([0] + sorted(cuts), sorted(cuts) + [total])])


def scored(data):
    rec, rules, module = records.parse({"format": "zapis/1", **data})
    return records.score(rec, rules, module).to_json()


def round_trip(data):
    """Write the record as TOML, read it back, score it: the same result."""
    text = tomli_w.dumps({"format": "zapis/1", **data})
    return scored(tomllib.loads(text)) == scored(data)


contract = st.builds(Contract, st.integers(1, 7), st.sampled_from(["C", "D", "H", "S", "NT"]), st.integers(0, 2))


@FAST
@given(contract, st.booleans(), st.integers(0, 12))
def test_one_more_trick_never_scores_less_for_the_declarer(c, vul, tricks):
    assert duplicate_score(c, vul, tricks + 1) >= duplicate_score(c, vul, tricks)


@FAST
@given(contract, st.booleans())
def test_made_contracts_score_positive_and_doubling_never_helps_the_defeated(c, vul):
    assert duplicate_score(c, vul, c.needed) > 0
    if c.needed > 7:
        worse = Contract(c.level, c.strain, min(c.double + 1, 2))
        assert duplicate_score(worse, vul, c.needed - 1) <= duplicate_score(c, vul, c.needed - 1)


bridge_hand = st.builds(lambda lvl, s, d, x, t: {"contract": f"{lvl}{s}", "declarer": d, "double": x, "tricks": t},
                        st.integers(1, 7), st.sampled_from(["C", "D", "H", "S", "NT"]),
                        st.sampled_from(["N", "E", "S", "W"]), st.sampled_from(["", "X", "XX"]), st.integers(0, 13))


@FAST
@given(st.lists(bridge_hand, max_size=12), st.sampled_from(["bridge-rubber", "bridge-chicago", "bridge-chicago-acbl"]))
def test_bridge_partners_share_totals_and_the_record_round_trips(hands, ruleset):
    out = scored({"ruleset": ruleset, "players": P4, "hands": hands})
    assert out["totals"]["A"] == out["totals"]["C"] and out["totals"]["B"] == out["totals"]["D"]
    assert out["totals"]["A"] >= 0 and out["totals"]["B"] >= 0
    assert all(h["scores"]["A"] >= 0 for h in out["hands"])
    assert round_trip({"ruleset": ruleset, "players": P4, "hands": hands})


@FAST
@given(st.lists(st.tuples(bridge_hand, st.integers(0, 40)), max_size=8))
def test_imp_deals_are_zero_sum(pairs):
    hands = [dict(h, hcp_ns=hcp) for h, hcp in pairs]
    out = scored({"ruleset": "bridge-imp", "players": P4, "hands": hands})
    assert all(h["scores"]["A"] == -h["scores"]["B"] for h in out["hands"])


@FAST
@given(st.lists(st.integers(0, 13), min_size=2, max_size=6))
def test_matchpoints_on_a_board_add_up_to_the_top(tricks):
    pairs = {str(i): [f"N{i}", f"S{i}"] for i in range(1, 2 * len(tricks) + 1)}
    results = [{"board": 1, "ns": 2 * i + 1, "ew": 2 * i + 2, "contract": "3NT", "declarer": "N", "tricks": t}
               for i, t in enumerate(tricks)]
    out = scored({"ruleset": "bridge-pairs", "pairs": pairs, "results": results})
    assert all(r["mp_ns"] + r["mp_ew"] == 2 * (len(tricks) - 1) for r in out["results"])


@st.composite
def tysiac_deal(draw):
    decl = draw(st.sampled_from(P3))
    pts = draw(split(120, 3))
    melds = draw(st.lists(st.sampled_from(["spades", "clubs", "diamonds", "hearts"]), unique=True, max_size=3))
    owners = {m: draw(st.sampled_from(P3)) for m in melds}
    by_player = {}
    for m, p in owners.items():
        by_player.setdefault(p, []).append(m)
    bid = draw(st.sampled_from([100, 110, 120]))
    return {"declarer": decl, "bid": bid, "points": dict(zip(P3, pts)), "melds": by_player}


@FAST
@given(st.lists(tysiac_deal(), max_size=6))
def test_tysiac_declarer_scores_plus_or_minus_the_bid_defenders_round_to_ten(hands):
    out = scored({"ruleset": "tysiac", "players": P3, "hands": hands, "rules": {"barrier": 0}})
    for h, res in zip(hands, out["hands"]):
        d = h["declarer"]
        assert res["scores"][d] in (h["bid"], -h["bid"])
        assert all(res["scores"][p] % 10 == 0 and res["scores"][p] >= 0 for p in P3 if p != d)
    assert round_trip({"ruleset": "tysiac", "players": P3, "hands": hands, "rules": {"barrier": 0}})


kop_hand = st.builds(lambda g, old, k, pts: {"game": g, "old": old[:1] if g in ("solo", "silent") else old,
                                             "kontra": min(k, 2), "old_points": pts},
                     st.sampled_from(["ordinary", "wedding", "solo", "silent"]),
                     st.permutations(P4).map(lambda p: sorted(p[:2])), st.integers(0, 2), st.integers(1, 103))


@FAST
@given(st.lists(kop_hand, max_size=8))
def test_kop_every_deal_sums_to_zero(hands):
    out = scored({"ruleset": "kop-wolsztyn", "players": P4, "hands": hands})
    assert all(sum(h["scores"].values()) == 0 for h in out["hands"])
    assert round_trip({"ruleset": "kop-wolsztyn", "players": P4, "hands": hands})


skat_hand = st.builds(lambda d, g, m, cp: {"declarer": d, "game": g, "matadors": m, "card_points": cp},
                      st.sampled_from(P3), st.sampled_from(["diamonds", "hearts", "spades", "clubs", "grand"]),
                      st.sampled_from([1, 2, 3, 4, -1, -2, -3, -4]), st.integers(0, 120))


@FAST
@given(st.lists(skat_hand, max_size=10))
def test_skat_lists_add_up(hands):
    out = scored({"ruleset": "skat-tournament", "players": P3, "hands": hands})
    lst = out["list"]
    for p in P3:
        b = lst[p]
        assert b["total"] == b["values"] + b["bonus_won"] + b["bonus_defeat"]
        assert b["bonus_won"] == 50 * (b["won"] - b["lost"])
    losses = sum(lst[p]["lost"] for p in P3)
    assert sum(lst[p]["bonus_defeat"] for p in P3) == 80 * losses
    beer = scored({"ruleset": "skat-beer", "players": P3, "hands": hands, "rules": {"beer_target": 10 ** 6}})
    assert all(v <= 0 for v in beer["totals"].values())
    assert round_trip({"ruleset": "skat-tournament", "players": P3, "hands": hands})


@FAST
@given(st.integers(0, 120), st.sampled_from(["diamonds", "hearts", "spades", "clubs", "grand"]),
       st.sampled_from([1, 2, -1, -3]))
def test_skat_more_card_points_never_turn_a_win_into_a_loss(cp, game, m):
    one = scored({"ruleset": "skat-house", "players": P3,
                  "hands": [{"declarer": "A", "game": game, "matadors": m, "card_points": cp}]})
    more = scored({"ruleset": "skat-house", "players": P3,
                   "hands": [{"declarer": "A", "game": game, "matadors": m, "card_points": min(cp + 1, 120)}]})
    if one["totals"]["A"] > 0:
        assert more["totals"]["A"] > 0


@FAST
@given(st.lists(st.tuples(st.sampled_from(["spades", "hearts", "diamonds", "clubs", "no-trumps"]),
                          split(16, 3)), max_size=5))
def test_358_deals_sum_to_zero(deals):
    chooser_kinds = {}
    hands = []
    for i, (kind, tricks) in enumerate(deals):
        chooser = P3[(i + 1) % 3]
        if kind in chooser_kinds.setdefault(chooser, set()):
            continue
        chooser_kinds[chooser].add(kind)
        hands.append({"kind": kind, "tricks": dict(zip(P3, tricks)), "dealer": P3[i % 3]})
    out = scored({"ruleset": "3-5-8", "players": P3, "hands": hands})
    assert all(sum(h["scores"].values()) == 0 for h in out["hands"])


@FAST
@given(st.lists(st.tuples(split(13, 4), st.lists(st.integers(0, 13), min_size=4, max_size=4)), max_size=4))
def test_planowanie_scores_are_zero_or_ten_plus_the_bid(deals):
    hands = []
    for i, (tricks, bids) in enumerate(deals):
        if sum(bids) == 13:
            bids[0] = (bids[0] + 1) % 14
        hands.append({"cards": 13, "bids": dict(zip(P4, bids)), "tricks": dict(zip(P4, tricks))})
    out = scored({"ruleset": "planowanie", "players": P4, "hands": hands, "rules": {"last_bidder_rule": False}})
    for h, res in zip(hands, out["hands"]):
        for p in P4:
            assert res["scores"][p] in (0, 10 + h["bids"][p])
            assert (res["scores"][p] > 0) == (h["bids"][p] == h["tricks"][p])


@FAST
@given(st.lists(st.tuples(split(13, 3), st.integers(0, 2), st.integers(0, 2), st.integers(0, 2)), min_size=1,
                max_size=5))
def test_czarna_manka_each_deal_costs_43(deals):
    # 13 hearts at 1, the Q♠ 13, the K♠ 10, the A♠ 7: every deal hands out 43 penalty points in all
    hands = []
    for hearts, q, k, a in deals:
        taken = {p: {"hearts": h} for p, h in zip(P3, hearts)}
        for who, card in ((q, "queen_spades"), (k, "king_spades"), (a, "ace_spades")):
            taken[P3[who]][card] = 1
        hands.append({"taken": taken})
    out = scored({"ruleset": "czarna-manka", "players": P3, "hands": hands, "rules": {"target": 10 ** 6}})
    assert all(sum(h["scores"].values()) == -43 for h in out["hands"])


@FAST
@given(st.lists(st.sampled_from(["A", "B", "tie"]), min_size=5, max_size=5))
def test_poker_showdowns_add_to_at_most_25(winners):
    out = scored({"ruleset": "poker-rownolegly", "players": ["A", "B"], "hands": [{"showdowns": winners}]})
    assert sum(out["totals"].values()) == sum(v for v, w in zip([3, 4, 5, 6, 7], winners) if w != "tie")


def test_scoring_is_deterministic():
    from pathlib import Path
    for path in sorted((Path(__file__).resolve().parents[1] / "data" / "samples").glob("*.toml")):
        assert records.score_file(path).to_json() == records.score_file(path).to_json()
