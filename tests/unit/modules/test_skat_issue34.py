"""Skat, issue 34: skat as each house plays it. Expected values worked by hand from the seed's text (000, "Szkat":
the house game "Stawka 1 grosz za punkt ... wynik zaokrągla się do góry do pełnych dziesiątek groszy", "Ramsz",
"Rundowanie": "rundkę ... o podwójnej wartości") and ../shared/rules/skat.md §3.3-3.4 (Bock triggers and options,
Kontra levels)."""

from tests.conftest import score

P3 = ["A", "B", "C"]
P4 = ["A", "B", "C", "D"]


def g(decl, game, **kw):
    return {"declarer": decl, "game": game, **kw}


def R(**pts):
    return {"game": "ramsch", "points": pts}


def play(hands, ruleset="skat-house", players=P3, **kw):
    return score({"ruleset": ruleset, "players": players, "hands": hands, **kw})


GRAND_FOUR = g("A", "grand", matadors=4, card_points=70)  # with 4, game 5: 5 x 24 = 120, opens a Bock round


def hearts(decl):
    return g(decl, "hearts", matadors=1, card_points=70)  # with 1, game 2: 2 x 10 = 20


# --- 1. the three disagreements -----------------------------------------------------------------------------------
def test_a_ramsch_dealt_in_a_bock_round_is_doubled_and_uses_one_of_its_deals():
    # "Rundowanie": every game of the round "o podwójnej wartości"; the Ramsch is the round's second deal.
    out = play([GRAND_FOUR, R(A=60, B=40, C=20), hearts("B"), hearts("C"), hearts("A")], rules={"bock": True})
    # grand +120; Ramsch: A 60 points lost -60, x2 Bock = -120; hearts 20 x2 = 40 twice (the round's 2nd and 3rd
    # deals); then hearts 20 (the round is over: the Ramsch used one of its three deals)
    assert [h["scores"] for h in out["hands"]] == [
        {"A": 120, "B": 0, "C": 0}, {"A": -120, "B": 0, "C": 0}, {"A": 0, "B": 40, "C": 0},
        {"A": 0, "B": 0, "C": 40}, {"A": 20, "B": 0, "C": 0}]
    assert out["totals"] == {"A": 20, "B": 40, "C": 40}
    # money at 1 gr a point, each amount rounded up to 10 gr: grand 120 from each; the Ramsch: A pays 120 to each;
    # hearts 40 from each (twice), then 20 from each
    assert out["money"] == {"A": 240 - 240 - 40 - 40 + 40, "B": -120 + 120 + 80 - 40 - 20,
                            "C": -120 + 120 - 40 + 80 - 20}
    assert sum(out["money"].values()) == 0


def test_the_house_list_settles_a_ramsch_and_a_durchmarsch():
    # a Ramsch: the loser's minus at the stake, paid to every other player; 55 points + the skat's 5 = 60 lost
    out = play([R(A=55, B=40, C=20)], rules={"stake": 0.5})
    assert out["totals"]["A"] == -60
    assert out["money"] == {"A": -60, "B": 30, "C": 30}  # 60 x 0.5 = 30 gr each
    # four at the table, A deals and sits out; B takes every trick: +120, paid by each of the three others, the
    # dealer who sat out included ("przy graniu w czterech również rozdający który pauzował")
    out = play([R(B=120, C=0, D=0)], players=P4)
    assert out["totals"] == {"A": 0, "B": 120, "C": 0, "D": 0}
    assert out["money"] == {"A": -120, "B": 360, "C": -120, "D": -120}
