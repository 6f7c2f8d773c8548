"""Skat and tysiąc: `totals()` (the season's fold of the hands, no rows) agrees with `score()` (the full sheet) on
everything the standings take: players, totals, finished, winner, places, place points and money. Held on random
valid games of every skat and tysiąc ruleset (and random house variants of them), on every prefix of each, with
and without totals carried in, and on hand-made edge cases: passed deals, lost games, Ramsch, Bock, a finished
game, ties; tysiąc's barrier, bombs, zero deals, the musik and two players reaching the target in one deal."""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.unit.test_totals_path import assert_agree, standings_view
from zapis.io import records
from zapis.core.errors import ZapisError
from zapis.modules.skat import GAMES, NULL_VALUES, SUITS, legal_bids

P3 = ["A", "B", "C"]
P4 = ["A", "B", "C", "D"]
SKAT = ("skat-tournament", "skat-pzskat", "skat-house", "skat-beer")
TYSIAC = ("tysiac", "tysiac-900")
MELDS = ("spades", "clubs", "diamonds", "hearts")


def parse(ruleset, players, rules=None):
    data = {"format": "zapis/1", "ruleset": ruleset, "players": players}
    if rules:
        data["rules"] = rules
    rec, r, module = records.parse(data)
    return r, module


def valid(module, rules, players, hands) -> bool:
    """The hands as the store would accept them (each hand's fields, then their order)."""
    return not (module.check_hands(rules, players, hands) or module.check_sequence(rules, players, hands))


def grow(module, rules, players, rng, make, n):
    """Up to n hands, each a random one that keeps the game valid (a few tries, then the game stops)."""
    hands = []
    for i in range(n):
        dealer = players[i % len(players)]
        for _ in range(8):
            h = make(rng, rules, players, dealer)
            if valid(module, rules, players, hands + [h]):
                hands.append(h)
                break
        else:
            break
    return hands


# --- random skat hands ----------------------------------------------------------------------------
def skat_hand(rng: random.Random, rules, players, dealer) -> dict:
    playing = [p for p in players if p != dealer] if len(players) == 4 else list(players)
    ramsch_ok = rules["all_pass"] != "pass" or (rules["bock"] and rules["bock_mode"] == "schieberamsch")
    roll = rng.random()
    if roll < 0.08:
        return {"passed": True} if rng.random() < 0.5 else {}
    if roll < 0.2 and ramsch_ok:
        skat = rng.choice([0, 0, 5, 10, 22])
        cuts = sorted(rng.randint(0, 120 - skat) for _ in range(len(playing) - 1))
        pts = [b - a for a, b in zip([0] + cuts, cuts + [120 - skat])]
        if rng.random() < 0.2:  # a Durchmarsch or a Jungfrau
            pts = [120 - skat] + [0] * (len(playing) - 1)
            rng.shuffle(pts)
        h = {"game": "ramsch", "points": dict(zip(playing, pts))}
        zero = [p for p, v in zip(playing, pts) if v == 0]
        if zero and rng.random() < 0.5:
            h["jungfrau"] = zero
        if rng.random() < 0.5:
            h["last_trick"] = rng.choice(playing)
        if rng.random() < 0.3:
            h["pushes"] = rng.randint(0, 3)
        return h
    h: dict = {"declarer": rng.choice(playing), "game": rng.choice([g for g in GAMES if g != "ramsch"])}
    hand = rng.random() < 0.25
    if hand:
        h["hand"] = True
    if h["game"] == "null":
        h["won"] = rng.random() < 0.6
        if rng.random() < 0.2:
            h["ouvert"] = True
        value = NULL_VALUES[(hand, bool(h.get("ouvert")))]
        if rng.random() < 0.3:
            h["bid"] = rng.choice([b for b in legal_bids(rules["grand_base"]) if b <= value])
    else:
        top = 4 if h["game"] == "grand" else 11
        h["matadors"] = rng.choice([1, 1, 2, 2, 3, -1, -2, -3, top, -top])
        cp = rng.choice([rng.randint(0, 120), 30, 31, 60, 61, 89, 90, 120, 0])
        if rng.random() < 0.9:
            h["card_points"] = cp
        elif rng.random() < 0.5:
            h["won"] = rng.random() < 0.5
        else:
            h["card_points"] = cp
        if (cp <= 22 or cp == 120) and "card_points" in h and rng.random() < 0.3:
            h["schwarz"] = True
        if hand and rng.random() < 0.3:
            h["schneider_announced"] = True
        if hand and rng.random() < 0.1:
            h["schwarz_announced"] = True
        if hand and rng.random() < 0.05:
            h["ouvert"] = True
        if rng.random() < 0.25:
            h["bid"] = rng.choice(legal_bids(rules["grand_base"])[:20])
        if rules["schenken"] and rng.random() < 0.15:
            h["schenken"] = rng.choice(["accepted", "refused", "refused-accepted", "refused-refused"])
            h.setdefault("card_points", cp)
    if rules["kontra"] and rng.random() < 0.3:
        h["kontra"] = rng.randint(1, rules["kontra"])
    return h


def skat_variant(rng: random.Random, ruleset: str) -> dict:
    """A random house variant of a skat ruleset (or none)."""
    if rng.random() < 0.4:
        return {}
    out = {}
    if rng.random() < 0.5:
        out["bock"] = True
        out["bock_triggers"] = rng.sample(["grand-four", "re", "over-120", "lost-60"], rng.randint(1, 4))
        out["bock_mode"] = rng.choice(["double", "schieberamsch"])
    if rng.random() < 0.4:
        out["kontra"] = rng.randint(1, 3)
        out["kontra_doubles_bonus"] = rng.random() < 0.5
    if rng.random() < 0.3:
        out["all_pass"] = rng.choice(["pass", "ramsch", "schieberamsch"])
        out["ramsch_value"] = rng.choice(["points", "fixed"])
        out["ramsch_tie"] = rng.choice(["all", "last-trick"])
        out["ramsch_skat"] = rng.choice(["loser", "last-trick", "none"])
    if rng.random() < 0.3:
        out["lost_hand_single"] = True
    if rng.random() < 0.3:
        out["series"] = rng.randint(1, 12)
    if rng.random() < 0.3:
        out["beer_target"] = rng.choice([50, 100, 200])
        out["beer_dealer_pays"] = rng.random() < 0.5
    if rng.random() < 0.3:
        out["stake"] = rng.choice([0, 0.5, 1, 2.5])
        out["money_round"] = rng.choice([1, 10, 50])
    if rng.random() < 0.2:
        out["schenken"] = True
    if rng.random() < 0.2:
        out["grand_base"] = 20
    return out


# --- random tysiąc hands --------------------------------------------------------------------------
def tysiac_hand(rng: random.Random, rules, players, dealer) -> dict:
    playing = [p for p in players if p != dealer] if len(players) == 4 else list(players)
    decl = rng.choice(playing)
    step, lo = rules["bid_step"], rules["min_bid"]
    if rng.random() < 0.08:
        return {"declarer": decl, "bid": lo + step * rng.randint(0, 2), "bomb": True}
    suits = list(MELDS) + (["aces"] if rules["ace_meld"] else [])
    owned = rng.sample(suits, rng.choice([0, 0, 0, 1, 1, 2]))
    melds: dict[str, list[str]] = {}
    for m in owned:
        melds.setdefault(rng.choice(playing), []).append(m)
    cuts = sorted(rng.randint(0, 120) for _ in range(2))
    pts = [cuts[0], cuts[1] - cuts[0], 120 - cuts[1]]
    rng.shuffle(pts)
    mval = sum(rules["melds"].get(m, rules["ace_meld"] if m == "aces" else 0) for m in melds.get(decl, []))
    top = rules["max_bid_without_meld"] + mval
    bid = lo + step * rng.randint(0, max(0, (top - lo) // step + rng.choice([0, 0, 0, 2])))
    h: dict = {"declarer": decl, "bid": bid, "points": dict(zip(playing, pts))}
    if melds:
        h["melds"] = melds
    if bid > top and rng.random() < 0.5:
        h["confirmed"] = True
    if len(players) == 4 and rng.random() < 0.5:
        h["musik"] = rng.choice([{"aces": rng.randint(0, 2)}, {"melds": [rng.choice(MELDS)]},
                                 {"points": rng.randint(0, 30)}, {"aces": 1, "melds": ["hearts"]}])
    if rng.random() < 0.1:
        h["auction"] = lo
    return h


def tysiac_variant(rng: random.Random, ruleset: str) -> dict:
    """A random house variant of a tysiąc ruleset (or none); a low target so games finish."""
    out: dict = {"target": rng.choice([300, 500, 1000])} if rng.random() < 0.6 else {}
    if rng.random() < 0.5:
        out["barrier"] = rng.choice([0, 200, 250, 400, 800])
        out["barrier_inclusive"] = rng.random() < 0.5
        out["barrier_max_deals"] = rng.choice([0, 1, 2, 3])
        out["barrier_penalty"] = rng.choice(["minus-120", "to-barrier", "zero", "none"])
        out["barrier_blocks_bomb"] = rng.random() < 0.5
    if rng.random() < 0.4:
        out["bombs_allowed"] = rng.choice([-1, 0, 1, 2])
        out["bomb_over_limit"] = rng.choice(["refused", "lost"])
    if rng.random() < 0.4:
        out["zero_penalty"] = rng.choice([0, 60, 120])
        out["zero_count"] = rng.choice([1, 2, 3])
        out["zero_consecutive"] = rng.random() < 0.5
    if rng.random() < 0.4:
        out["tie_break"] = rng.choice(["declarer", "higher", "shared"])
    if rng.random() < 0.2:
        out["musik_scoring"] = rng.choice(["aces-melds", "points", "none"])
    if rng.random() < 0.2:
        out["round_half"] = "down"
    if rng.random() < 0.1:
        out["ace_meld"] = 200
    return out


@functools.lru_cache(maxsize=None)
def random_game(ruleset: str, seed: int):
    """A random valid game of the ruleset: (rules, module, players, hands, start); made once (read only)."""
    rng = random.Random(f"{ruleset}/{seed}")
    skat = ruleset.startswith("skat")
    players = P4 if rng.random() < 0.3 else P3
    rules, module = parse(ruleset, players, (skat_variant if skat else tysiac_variant)(rng, ruleset))
    n = rng.choice([5, 12, 30, 60])
    hands = grow(module, rules, players, rng, skat_hand if skat else tysiac_hand, n)
    start = {}
    if rng.random() < 0.3:
        start = {p: rng.choice([0, 28, -100, 150, 790, 900, 2.5]) for p in rng.sample(players, rng.randint(1, 2))}
    return rules, module, players, hands, start


def agree(module, rules, players, hands, start, where):
    """totals() agrees with score(); where score() refuses the game (tysiąc: a deal after the end reached only
    with the totals carried in), totals() refuses it with the same problem."""
    try:
        module.score(rules, players, hands, start)
    except ZapisError as e:
        with pytest.raises(ZapisError) as got:
            module.totals(rules, players, hands, start)
        assert [str(p) for p in got.value.problems] == [str(p) for p in e.problems], where
        return
    assert_agree(module, rules, players, hands, start, where)


def agree_on_every_prefix(module, rules, players, hands, start, where):
    for n in range(len(hands) + 1):
        agree(module, rules, players, hands[:n], start, f"{where}: first {n} hands")


# --- random games ---------------------------------------------------------------------------------
@pytest.mark.parametrize("ruleset", SKAT + TYSIAC)
def test_totals_agree_with_the_full_sheet_on_random_games(ruleset):
    finished = 0
    for seed in range(60):
        rules, module, players, hands, start = random_game(ruleset, seed)
        agree_on_every_prefix(module, rules, players, hands, start, f"{ruleset} #{seed} {dict(rules.values)}")
        finished += module.score(rules, players, hands).finished if hands else 0
    assert finished >= 5  # the generator reaches finished games, not only open ones


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SKAT + TYSIAC), st.integers(0, 10 ** 9))
def test_totals_agree_with_the_full_sheet_property(ruleset, seed):
    rules, module, players, hands, start = random_game(ruleset, seed)
    agree(module, rules, players, hands, start, f"{ruleset} #{seed}")
    if hands:
        k = seed % len(hands)
        agree(module, rules, players, hands[:k], start, f"{ruleset} #{seed}, first {k}")


def test_the_random_games_cover_what_they_claim():
    """The generators reach the cases the agreement is meant to hold on (a generator that never lost a game,
    never passed or never hit the barrier would make the tests above hollow)."""
    seen = set()
    for ruleset in SKAT + TYSIAC:
        for seed in range(60):
            rules, module, players, hands, start = random_game(ruleset, seed)
            for h in hands:
                seen |= {k for k in ("passed", "bomb", "musik", "schenken", "kontra", "jungfrau") if h.get(k)}
                if h.get("game"):
                    seen.add(h["game"])
                if h == {}:
                    seen.add("all passed")
            if not hands:
                continue
            full = module.score(rules, players, hands)
            seen.add("finished" if full.finished else "open")
            if isinstance(full.winner, list):
                seen.add("tied winner")
            if start:
                seen.add("start")
            if len(players) == 4:
                seen.add("four")
            if full.extra.get("barrier"):
                seen.add("barrier")
            if any(v < 0 for v in full.totals.values()):
                seen.add("minus")
            if any(r.note and ("beczce" in r.note or "zer" in r.note) for s in full.sections for r in s.rows):
                seen.add("barrier or zero penalty")
    want = {"passed", "all passed", "bomb", "musik", "schenken", "kontra", "jungfrau", "ramsch", "null", "grand",
            "finished", "open", "start", "four", "barrier", "minus", "tied winner", "barrier or zero penalty"}
    assert want <= seen, want - seen


# --- edge cases, by hand ----------------------------------------------------------------------------
def sk(decl, game, **kw):
    return {"declarer": decl, "game": game, **kw}


def check(ruleset, players, hands, rules=None, start=None):
    r, module = parse(ruleset, players, rules)
    assert valid(module, r, players, hands), module.check_sequence(r, players, hands)
    agree_on_every_prefix(module, r, players, hands, start or {}, ruleset)
    for s in ({"A": 100}, {"B": -40, "C": 7.5}):
        agree(module, r, players, hands, s, f"{ruleset} from {s}")
    return module.score(r, players, hands, start or {}), module.totals(r, players, hands, start or {})


def test_skat_tournament_finished_series_with_passed_and_lost_games_and_a_place_tie():
    # A and B win a game each, C loses one (each of them +40): A and B tie on total, won and lost; two passed deals
    hands = [sk("A", "hearts", matadors=1, card_points=70), {"passed": True},
             sk("B", "hearts", matadors=1, card_points=70), sk("C", "clubs", matadors=-2, card_points=40), {}]
    full, fast = check("skat-tournament", P3, hands, {"series": 5})
    assert full.finished and fast.finished and fast.winner == full.winner == ["A", "B"]
    assert fast.totals == full.totals and fast.totals["A"] == fast.totals["B"]


def test_skat_pzskat_four_players_dealer_sits_out():
    hands = [sk(["B", "C", "D", "A"][i % 4], "grand", matadors=2, card_points=50 + 5 * (i % 12)) for i in range(24)]
    full, fast = check("skat-pzskat", P4, hands)
    assert full.finished and fast.winner == full.winner


def test_skat_house_money_with_kontra_ramsch_and_schenken():
    hands = [sk("A", "spades", matadors=2, card_points=70, kontra=3), {"game": "ramsch", "points": {"A": 60,
             "B": 60, "C": 0}, "jungfrau": ["C"]}, sk("B", "null", won=False, hand=True),
             sk("C", "grand", matadors=1, schenken="refused-refused", card_points=120, schwarz=True, hand=True),
             sk("A", "hearts", matadors=-1, card_points=59, hand=True)]
    full, fast = check("skat-house", P3, hands, {"series": 5, "stake": 2.5, "money_round": 10})
    assert fast.extra["money"] == full.extra["money"] and any(full.extra["money"].values())
    full, fast = check("skat-house", P3, hands, {"stake": 0})
    assert fast.extra["money"] == full.extra["money"] == {"A": 0, "B": 0, "C": 0}


def test_skat_bock_rounds_carry_over_the_fold():
    hands = [sk("A", "grand", matadors=4, card_points=70), sk("B", "hearts", matadors=1, card_points=70),
             sk("C", "hearts", matadors=1, card_points=40), sk("A", "clubs", matadors=2, card_points=61, kontra=2)]
    check("skat-house", P3, hands, {"bock": True})
    check("skat-tournament", P3, hands, {"bock": True, "kontra": 2, "kontra_doubles_bonus": True})


def test_skat_beer_ends_at_the_target_and_a_start_can_end_it_earlier():
    hands = [sk("A", "grand", matadors=3, card_points=30) for _ in range(3)]  # -2 x 5 x 24 = -240 each
    full, fast = check("skat-beer", P3, hands)
    assert full.finished and fast.finished and fast.winner == full.winner == ["B", "C"]
    full, fast = check("skat-beer", P3, hands[:1], start={"B": -600})
    assert full.finished and fast.extra.get("money") is None


def test_skat_beer_ends_exactly_at_the_target():
    hands = [sk("A", "hearts", matadors=1, card_points=70)] * 2  # B and C -20 twice: exactly -40
    full, fast = check("skat-beer", P3, hands, {"beer_target": 40})
    assert full.finished and fast.finished and fast.winner == full.winner == "A"
    full, fast = check("skat-beer", P3, hands, {"beer_target": 41})
    assert not full.finished and not fast.finished and fast.winner is full.winner is None


def T(decl, bid, a, b, c, players=P3, **kw):
    sitter = kw.pop("sitter", None)
    playing = [p for p in players if p != sitter]
    return {"declarer": decl, "bid": bid, "points": dict(zip(playing, (a, b, c))), **kw}


def test_tysiac_the_barrier_the_bomb_and_the_finish():
    # from 500 A makes three 120s (860: on the barrier), B fails with A's 40 in defence not added, C's bomb gives A
    # nothing; two more 120s and A is over 1000
    hands = [T("A", 120, 80, 20, 20, melds={"A": ["hearts"]}), T("A", 120, 80, 20, 20, melds={"A": ["hearts"]}),
             T("A", 120, 80, 20, 20, melds={"A": ["hearts"]}), T("B", 100, 40, 70, 10),
             {"declarer": "C", "bid": 100, "bomb": True}]
    full, fast = check("tysiac", P3, hands, start={"A": 500})
    assert full.extra["barrier"] == ["A"] and full.totals["A"] == 860 and not full.finished
    hands += [T("A", 120, 80, 20, 20, melds={"A": ["hearts"]})] * 2
    full, fast = check("tysiac", P3, hands, start={"A": 500})
    assert full.finished and fast.finished and fast.winner == full.winner == "A"


def test_tysiac_900_three_deals_on_the_barrier_and_three_zeros():
    # B stays on the barrier (900) three deals and falls back by 120; C takes nothing three deals in a row
    on = [T("A", 100, 80, 40, 0) for _ in range(3)]
    full, fast = check("tysiac-900", P3, on, start={"B": 900})
    assert full.totals["B"] == 780 and full.totals["C"] == -120 and fast.totals == full.totals


def test_tysiac_na_kresce_two_reach_the_target_in_one_deal():
    # A makes 100 (1000), B's 15 rounds to 20 (1005)
    for tb, want in (("declarer", "A"), ("higher", "B"), ("shared", ["A", "B"])):
        full, fast = check("tysiac", P3, [T("A", 100, 100, 15, 5)], {"tie_break": tb, "barrier": 0},
                           start={"A": 900, "B": 985})
        assert fast.winner == full.winner == want, tb
    # both on 1050: the higher total is shared
    full, fast = check("tysiac", P3, [T("A", 100, 100, 20, 0)], {"tie_break": "higher", "barrier": 0},
                       start={"A": 950, "B": 1030})
    assert fast.winner == full.winner == ["A", "B"]


def test_tysiac_bomb_over_the_limit_lost_and_four_players_musik():
    # dealers A, B, C, D: each sits out his deal; B's second bomb is over the limit and costs him the contract
    hands = [{"declarer": "B", "bid": 100, "bomb": True}, {"declarer": "C", "bid": 100, "bomb": True},
             T("D", 110, 40, 20, 60, P4, sitter="C", musik={"aces": 2, "melds": ["hearts"]}),
             {"declarer": "B", "bid": 120, "bomb": True}]
    full, fast = check("tysiac", P4, hands, {"bombs_allowed": 1, "bomb_over_limit": "lost"})
    assert full.totals["B"] < 0 and fast.totals == full.totals


def test_tysiac_a_deal_after_the_end_reached_with_the_start_is_refused_by_both():
    r, module = parse("tysiac", P3)
    hands = [T("A", 100, 100, 20, 0), T("B", 100, 20, 70, 30)]
    with pytest.raises(ZapisError):
        module.score(r, P3, hands, {"A": 950})
    with pytest.raises(ZapisError):
        module.totals(r, P3, hands, {"A": 950})


def test_the_comparison_sees_a_wrong_total():
    """The agreement checks above can fail: a totals() sheet one point off, or with a different winner, is
    caught."""
    r, module = parse("skat-tournament", P3)
    hands = [sk("A", "hearts", matadors=1, card_points=70)]
    full = module.score(r, P3, hands)
    fast = module.totals(r, P3, hands)
    assert standings_view(module, r, fast) == standings_view(module, r, full)
    fast.totals["B"] += 1
    assert standings_view(module, r, fast) != standings_view(module, r, full)
