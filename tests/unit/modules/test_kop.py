"""Kop (seed 004, Wolsztyn): every cell of the points table, the forbidden ones, categories, settlement."""

import pytest

from tests.conftest import problems, score

P = ["A", "B", "C", "D"]


def play(hands, **kw):
    return score({"ruleset": kw.pop("ruleset", "kop-wolsztyn"), "players": P, "hands": hands, **kw})


def sc(out, i=0):
    return [out["hands"][i]["scores"][p] for p in P]


# The seed's table, row by row: values for kontra 0..4; None = X (forbidden).
TABLE = {
    ("ordinary", "z-wyjsciem"): [1, 2, 4, 8, 16],
    ("ordinary", "bez-wyjscia"): [2, 4, 8, 16, 32],
    ("ordinary", "bez-bitki"): [3, 6, 12, 24, 48],
    ("solo", None): [5, 10, 20, None, None],
    ("solo-du", None): [10, 20, 40, None, None],
    ("silent", None): [4, 8, 16, 32, None],
}


@pytest.mark.parametrize("key", list(TABLE))
@pytest.mark.parametrize("kontra", range(5))
def test_points_table_every_cell(key, kontra):
    game, cat = key
    want = TABLE[key][kontra]
    hand = {"game": game, "old": ["A", "B"] if game == "ordinary" else ["A"], "kontra": kontra, "won": True}
    if cat:
        hand["category"] = cat
    if want is None:
        bad = problems({"ruleset": "kop-wolsztyn", "players": P, "hands": [hand]})
        assert len(bad) == 1 and bad[0].startswith(f"hands[0].kontra: {kontra} (") and "is not allowed" in bad[0]
        return
    out = play([hand])
    if game == "ordinary":
        assert sc(out) == [want, want, -want, -want]
    else:
        assert sc(out) == [3 * want, -want, -want, -want]


@pytest.mark.parametrize("old_points,old_tricks,scores", [
    (60, 3, [1, 1, -1, -1]),       # won; losers 44 > 26: z wyjściem
    (77, 3, [1, 1, -1, -1]),       # losers 27: still out
    (78, 3, [2, 2, -2, -2]),       # losers 26: bez wyjścia
    (104, 4, [3, 3, -3, -3]),      # losers took no trick: bez bitki
    (53, 2, [1, 1, -1, -1]),       # 53 wins
    (52, 2, [-1, -1, 1, 1]),       # 52 loses; the old side got out with 52
    (26, 1, [-2, -2, 2, 2]),       # old lost with 26: bez wyjścia
    (0, 0, [-3, -3, 3, 3]),        # old took no trick
])
def test_categories_from_card_points(old_points, old_tricks, scores):
    out = play([{"game": "ordinary", "old": ["A", "B"], "old_points": old_points, "old_tricks": old_tricks}])
    assert sc(out) == scores


def test_wedding_counts_like_an_ordinary_game_and_kontra_doubles():
    out = play([{"game": "wedding", "old": ["A", "C"], "old_points": 80, "old_tricks": 3, "kontra": 2}])
    assert sc(out) == [8, -8, 8, -8]  # bez wyjścia 2 x 4


def test_solo_settlement_both_ways():
    hand = {"game": "solo", "old": ["B"], "old_points": 70}
    assert sc(play([hand])) == [-5, 15, -5, -5]
    assert sc(play([hand], rules={"solo_settlement": "flat"})) == [-5, 5, -5, -5]
    lost = {"game": "solo", "old": ["B"], "old_points": 40, "kontra": 1}
    assert sc(play([lost])) == [10, -30, 10, 10]


def test_solo_du_needs_every_trick():
    assert sc(play([{"game": "solo-du", "old": ["D"], "old_tricks": 4}])) == [-10, -10, -10, 30]
    assert sc(play([{"game": "solo-du", "old": ["D"], "old_tricks": 3}])) == [10, 10, 10, -30]


def test_silent_game():
    assert sc(play([{"game": "silent", "old": ["C"], "old_points": 60, "kontra": 3}])) == [-32, -32, 96, -32]


def test_zero_sum_and_running_totals():
    out = play([{"game": "ordinary", "old": ["A", "B"], "old_points": 60},
                {"game": "solo", "old": ["C"], "old_points": 30}])
    assert out["totals"] == {"A": 6, "B": 6, "C": -16, "D": 4}
    assert sum(out["totals"].values()) == 0


def test_tournament_round_of_32_deals():
    hand = {"game": "ordinary", "old": ["A", "B"], "old_points": 60}
    out = play([hand] * 32, rules={"deals": 32})
    assert out["finished"] is True and out["winner"] == ["A", "B"]
    assert play([hand] * 3, rules={"deals": 32})["next"]["deals_left"] == 29


def test_koscian_extra_levels():
    hand = {"game": "ordinary", "old": ["A", "B"], "won": True, "category": "bez-bitki", "kontra": 5}
    assert sc(play([hand], ruleset="kop-koscian")) == [96, 96, -96, -96]  # zub: 3 x 32
    assert problems({"ruleset": "kop-wolsztyn", "players": P, "hands": [hand]}) == [
        "hands[0].kontra: 5 is not between 0 and 4"]


@pytest.mark.parametrize("hand,msg", [
    ({"game": "solo", "old": ["A", "B"], "won": True}, "hands[0].old: names 2, but solo has one old player"),
    ({"game": "ordinary", "old": ["A"], "won": True}, "hands[0].old: names 1, but ordinary has two old players"),
    ({"game": "ordinary", "old": ["A", "B"]}, "hands[0].old_points: missing (or say whether the old side won)"),
    ({"game": "ordinary", "old": ["A", "B"], "old_points": 110}, "hands[0].old_points: 110 is not between 0 and 104"),
    ({"game": "ordinary", "old": ["A", "Z"], "won": True}, 'hands[0].old[1]: "Z" is not a player of this game'),
    ({"game": "ordinary", "old": ["A", "B"], "old_points": 30, "old_tricks": 0},
     "hands[0].old_points: 30 card points with no trick"),
    # who won, but not by how much: an ordinary game's value is its category, which the points decide
    ({"game": "wedding", "old": ["A", "B"], "won": False, "old_tricks": 2},
     "hands[0].category: missing: give the category or the old side's points (the game's value depends on them)"),
])
def test_bad_kop_input(hand, msg):
    assert msg in problems({"ruleset": "kop-wolsztyn", "players": P, "hands": [hand]})


def test_the_kop_sheet_is_said_in_one_language():
    from tests.unit.modules.sheet_words import one_language, problem, said_in_one_language, sheet

    s = sheet({"ruleset": "kop-wolsztyn", "players": ["Ala", "Bartek", "Celina", "Darek"], "hands": [
        # the old side wins with 60; the young got out with 44 (more than 26): 1
        {"game": "ordinary", "old": ["Ala", "Celina"], "old_points": 60, "old_tricks": 3},
        # a solo lost with 40, kontra: 5 x 2 = 10, the soloist pays each of three
        {"game": "solo", "old": ["Bartek"], "old_points": 40, "kontra": 1}]})
    assert s.totals == {"Ala": 1 + 10, "Bartek": -1 - 30, "Celina": 1 + 10, "Darek": -1 + 10}
    pl, en = one_language(s, ["gra", "1. zwyczajna", "2. zolo", "starzy", "wygrana", "przegrana", "60 oczek",
                              "wartość 10", "razem", "każde rozdanie sumuje się do zera"],
                          ["game", "1. ordinary", "2. solo", "old side", "won", "lost", "60 card points", "value 10",
                           "total", "each deal sums to zero"])
    assert "1. zwyczajna (z wyjściem)" in pl and "1. ordinary (losers got out)" in en  # one language (issue 30)
    assert " / " not in pl and " / " not in en
    p = problem({"ruleset": "kop-wolsztyn", "players": P, "hands": [{"game": "solo", "old": ["A", "B"], "won": True}]})
    assert p.say("pl") == "hands[0].old: w zolo jest jeden stary, a podano 2"
    assert p.say("en") == "hands[0].old: names 2, but solo has one old player"
    said_in_one_language(problem({"ruleset": "kop-wolsztyn", "players": P,
                                  "hands": [{"game": "silent", "old": ["A"], "kontra": 4, "won": True}]}),
                         ["w cichej najwyżej"], ["is not allowed in silent"])


def test_a_category_the_points_do_not_give_is_asked_about_and_counts_when_confirmed():
    """Kop (Wolsztyn): the old side wins with 53 of 104; the losers "got out" with more than 26. 80 old points
    leave the losers 24: bez wyjścia (2), not bez bitki (3). Typed with "bez bitki", the hand is valid (the
    category given counts) but asked about at entry; confirmed, it scores bez bitki: 3 each."""
    from zapis.io import records
    hand = {"game": "ordinary", "old": ["A", "B"], "old_points": 80, "category": "bez-bitki"}
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "kop-wolsztyn", "players": P, "hands": [hand]})
    asked = module.doubts(rules, rec.players, rec.hands)
    assert [p.place for p in asked] == ["hands[0].confirmed"]
    assert asked[0].message.pl == ("Kategoria bez bitki, a z oczek starych (80) wychodzi bez wyjścia. Zapisać tak?")
    assert sc(play([{**hand, "confirmed": True}])) == [3, 3, -3, -3]
    assert not module.doubts(rules, rec.players, [{**hand, "confirmed": True}])
    # the category the points give, or none given: nothing to ask
    assert not module.doubts(rules, rec.players, [{**hand, "category": "bez-wyjscia"}])
    assert not module.doubts(rules, rec.players, [{k: v for k, v in hand.items() if k != "category"}])
