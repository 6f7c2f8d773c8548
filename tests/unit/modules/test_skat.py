"""Skat: ISkO game values, overbids, null, the lists (Seeger-Fabian, beer, house), house rules.
Expected values worked by hand from the ISkO, the SkWO and the seed (000, "Szkat")."""

from pathlib import Path

import pytest

from tests.conftest import problems, score
from zapis.io import records

P3 = ["A", "B", "C"]
P4 = ["A", "B", "C", "D"]
SEED = Path(__file__).resolve().parents[2] / "data" / "skat" / "seed-seeger-fabian.toml"


def g(decl, game, **kw):
    return {"declarer": decl, "game": game, **kw}


def play(hands, ruleset="skat-house", players=P3, **kw):
    return score({"ruleset": ruleset, "players": players, "hands": hands, **kw})


def first(hand, ruleset="skat-house", players=P3, **kw):
    """The declarer's list entry for one game."""
    out = play([hand], ruleset, players, **kw)
    return out["hands"][0]["scores"][hand["declarer"]]


# --- game values: every multiplier level -----------------------------------------------------
@pytest.mark.parametrize("hand,value", [
    (g("A", "hearts", matadors=2, card_points=70), 30),                 # seed: z 2, gra 3 x 10
    (g("A", "clubs", matadors=-1, hand=True, card_points=95), 48),      # seed: bez 1, gra 2, z ręki 3, krawiec 4 x 12
    (g("A", "grand", matadors=3, card_points=70), 96),                  # seed: z 3, gra 4 x 24
    (g("A", "hearts", matadors=1, hand=True, schneider_announced=True, card_points=95), 50),  # seed: ... 5 x 10
    (g("A", "spades", matadors=1, card_points=120, schwarz=True), 44),  # 1 + game + schneider + schwarz = 4 x 11
    (g("A", "diamonds", matadors=2, hand=True, schwarz_announced=True, card_points=120, schwarz=True), 72),  # 8 x 9
    (g("A", "clubs", matadors=2, hand=True, ouvert=True, card_points=120, schwarz=True), 108),  # ISkO: 9 x 12
    (g("A", "grand", matadors=4, hand=True, ouvert=True, card_points=120, schwarz=True), 264),  # ISkO: 11 x 24
    (g("A", "clubs", matadors=11, card_points=61), 144),                # with 11, game 12 x 12
    (g("A", "diamonds", matadors=-11, card_points=61), 108),            # without 11, game 12 x 9
])
def test_game_values_by_multiplier_level(hand, value):
    assert first(hand) == value


def test_grand_base_domowo_20():
    assert first(g("A", "grand", matadors=3, card_points=70), rules={"grand_base": 20}) == 80  # the seed's 4 x 20


def test_lost_game_counts_double_wikipedia_example():
    # Only the jack of hearts: without 2, game 3 x 9 = 27; lost: -54
    assert first(g("A", "diamonds", matadors=-2, card_points=50)) == -54


@pytest.mark.parametrize("cp,value", [(89, 20), (90, 30), (61, 20), (60, -40), (31, -40), (30, -60)])
def test_schneider_boundaries(cp, value):
    # hearts with 1: game 2 x 10 = 20; schneider at 90 (declarer) and at 30 or less (declarer schneidered)
    assert first(g("A", "hearts", matadors=1, card_points=cp)) == value


def test_schwarz_counts_tricks_not_points_declarer_schwarz_when_lost():
    # the declarer took no trick: lost, with schneider and schwarz: with 1, game 2, schneider 3, schwarz 4 = 40
    assert first(g("A", "hearts", matadors=1, card_points=0, schwarz=True)) == -80


def test_announcements_kept_and_failed():
    # schneider announced and reached: counted above (50). Failed at 85: with 1, game, hand, schneider, announced = 5
    assert first(g("A", "hearts", matadors=1, hand=True, schneider_announced=True, card_points=85)) == -100
    # schwarz announced, 100 points but not every trick: 1 + 1 + hand + schn + SA + schwarz + ZA = 7 x 10 = 70, lost
    assert first(g("A", "hearts", matadors=1, hand=True, schwarz_announced=True, card_points=100)) == -140
    # ouvert implies schwarz announced: lost when a trick is given away
    assert first(g("A", "clubs", matadors=2, hand=True, ouvert=True, card_points=110)) == -216


@pytest.mark.parametrize("h,o,value", [(False, False, 23), (True, False, 35), (False, True, 46), (True, True, 59)])
def test_every_null_value_won_and_lost(h, o, value):
    assert first(g("A", "null", hand=h, ouvert=o, won=True)) == value
    assert first(g("A", "null", hand=h, ouvert=o, won=False)) == -2 * value


@pytest.mark.parametrize("hand,value", [
    (g("A", "diamonds", matadors=1, bid=22, card_points=70), -54),   # 18 < 22: next multiple of 9 is 27
    (g("A", "hearts", matadors=1, bid=24, card_points=70), -60),     # 20 < 24: 30
    (g("A", "hearts", matadors=2, bid=33, card_points=70), -80),     # 30 < 33: 40
    (g("A", "grand", matadors=1, bid=50, card_points=80), -144),     # 48 < 50: 72
    (g("A", "spades", matadors=2, hand=True, bid=46, card_points=70), -110),  # hand 44 < 46: 55
    (g("A", "hearts", matadors=1, bid=40, card_points=95), -80),     # schneider counts: 30 < 40: 40
    (g("A", "hearts", matadors=1, bid=30, card_points=95), 30),      # schneider reaches the bid: won
])
def test_overbid(hand, value):
    assert first(hand) == value


def test_bad_skat_input_names_the_field():
    base = {"ruleset": "skat-house", "players": P3}
    assert problems({**base, "hands": [g("A", "hearts", matadors=1, bid=19, card_points=70)]}) == [
        "hands[0].bid: 19 is not a bid value (18, 20, 22, 23, 24, 27, 30, ...)"]
    assert problems({**base, "hands": [g("A", "hearts", matadors=1, schneider_announced=True, card_points=95)]}) == [
        "hands[0].schneider_announced: announcements are made only in Hand games"]
    assert problems({**base, "hands": [g("A", "grand", matadors=5, card_points=70)]}) == [
        "hands[0].matadors: 5: a Grand game is played with or without 1 to 4"]
    assert problems({**base, "hands": [g("A", "clubs", matadors=0, card_points=70)]}) == [
        "hands[0].matadors: 0: a clubs game is played with or without 1 to 11"]
    assert problems({**base, "hands": [g("A", "null", bid=24, won=True)]}) == [
        "hands[0].bid: 24: a Null worth 23 cannot be played on it"]
    assert problems({**base, "hands": [g("A", "hearts", matadors=1, card_points=121)]}) == [
        "hands[0].card_points: 121 is not between 0 and 120"]
    assert problems({**base, "hands": [g("A", "clubs", matadors=1, ouvert=True, card_points=120)]}) == [
        "hands[0].ouvert: an Ouvert game is always a Hand game: mark Hand"]
    assert problems({"ruleset": "skat-tournament", "players": P3,
                     "hands": [g("A", "hearts", matadors=1, card_points=70, kontra=1)]}) == [
        "hands[0].kontra: 1 (kontra) is not allowed in these rules (at most 0)"]


# --- lists ----------------------------------------------------------------------------------------
def test_seed_seeger_fabian_example_738_720_300():
    rec, rules, module = records.read(SEED)
    out = records.score(rec, rules, module, str(SEED)).to_json()
    assert out["totals"] == {"A": 738, "B": 720, "C": 300}
    assert out["list"]["A"] == {"won": 9, "lost": 2, "values": 28, "bonus_won": 350, "bonus_defeat": 360,
                                "total": 738, "place": 1}
    assert out["list"]["B"]["bonus_defeat"] == 440 and out["list"]["C"]["bonus_won"] == 50
    assert out["finished"] is True and out["winner"] == "A"


def test_seeger_fabian_three_players_worked_by_hand():
    # 1: A hearts with 1 won: 20 + 50 = 70. 2: B grand with 2 lost (50): 3 x 24 = 72 -> -144 - 50 = -194,
    # A and C +40 each. 3: passed (counts as a game, 0). 4: A clubs with 1 hand won: 3 x 12 = 36 + 50 = 86.
    hands = [g("A", "hearts", matadors=1, card_points=70), g("B", "grand", matadors=2, card_points=50),
             {"passed": True}, g("A", "clubs", matadors=1, hand=True, card_points=70)]
    out = play(hands, "skat-tournament")
    assert [x["scores"]["A"] for x in out["hands"]] == [70, 40, 0, 86]
    assert out["totals"] == {"A": 196, "B": -194, "C": 40}
    assert out["next"]["deals_left"] == 32


def test_seeger_fabian_four_players_dealer_gets_30():
    # A deals 1 (sits out): B spades with 1 lost (40): -44 - 50 = -94; A, C, D +30 each.
    # B deals 2: C diamonds with 2 won: 27 + 50 = 77. C deals 3: D null won: 23 + 50 = 73.
    # D deals 4: A grand with 1 lost (60): 48 -> -96 - 50 = -146; B, C, D +30.
    hands = [g("B", "spades", matadors=1, card_points=40), g("C", "diamonds", matadors=2, card_points=70),
             g("D", "null", won=True), g("A", "grand", matadors=1, card_points=60)]
    out = play(hands, "skat-tournament", P4)
    assert out["totals"] == {"A": -116, "B": -64, "C": 137, "D": 133}
    assert problems({"ruleset": "skat-tournament", "players": P4,
                     "hands": [g("A", "spades", matadors=1, card_points=70)]}) == [
        'hands[0].declarer: "A" deals and sits this game out']


def test_ranking_ties_more_won_then_fewer_lost():
    # A (start 28) wins diamonds with 1: 68, and gets 40 from B's loss: 136, won 1 lost 0.
    # B (start 154) wins diamonds with 1 (68) and loses one (-36 - 50): 136, won 1 lost 1. A is ahead.
    hands = [g("A", "diamonds", matadors=1, card_points=70), g("B", "diamonds", matadors=1, card_points=70),
             g("B", "diamonds", matadors=1, card_points=40)]
    out = play(hands, "skat-tournament", start={"A": 28, "B": 154}, rules={"series": 3})
    assert out["totals"]["A"] == out["totals"]["B"] == 136
    assert out["list"]["A"]["place"] == 1 and out["list"]["B"]["place"] == 2
    # the same totals and counts: a tie, both first
    hands = [g("A", "diamonds", matadors=1, card_points=70), g("B", "diamonds", matadors=1, card_points=70)]
    out = play(hands, "skat-tournament", rules={"series": 2})
    assert out["winner"] == ["A", "B"]
    # more won wins the tie: A wins twice (68 + 68), B starts on 68 and wins once
    hands = [g("A", "diamonds", matadors=1, card_points=70), g("A", "diamonds", matadors=1, card_points=70),
             g("B", "diamonds", matadors=1, card_points=70)]
    out = play(hands, "skat-tournament", start={"B": 68}, rules={"series": 3})
    assert out["totals"]["A"] == out["totals"]["B"] == 136 and out["winner"] == "A"


def test_beer_list_only_minus_points_to_501():
    # A wins hearts with 1: B and C -20; B loses clubs with 1: -48.
    out = play([g("A", "hearts", matadors=1, card_points=70), g("B", "clubs", matadors=1, card_points=50)],
               "skat-beer")
    assert out["totals"] == {"A": 0, "B": -68, "C": -20}
    # grand with 4 hand schneider lost: 7 x 24 = 168 -> -336; twice passes 501: B loses the game
    big = g("B", "grand", matadors=4, hand=True, card_points=20)
    out = play([big, big], "skat-beer")
    assert out["totals"]["B"] == -672 and out["finished"] is True and out["loser"] == "B"
    assert problems({"ruleset": "skat-beer", "players": P3, "hands": [big, big, big]}) == [
        "hands[2]: the game is over: a player has reached -501"]


def test_beer_list_four_players_dealer_takes_the_minus_or_not():
    hand = g("B", "hearts", matadors=1, card_points=70)  # A deals and sits out
    assert play([hand], "skat-beer", P4)["totals"] == {"A": -20, "B": 0, "C": -20, "D": -20}
    out = play([hand], "skat-beer", P4, rules={"beer_dealer_pays": False})
    assert out["totals"] == {"A": 0, "B": 0, "C": -20, "D": -20}


def test_house_list_money_rounded_up_to_10_groszy():
    # the seed: clubs with 2 = 36 -> 40 gr from each opponent: 80 gr with three players, 120 with four
    won = g("A", "clubs", matadors=2, card_points=70)
    assert play([won])["money"] == {"A": 80, "B": -40, "C": -40}
    assert play([dict(won, declarer="B")], players=P4)["money"] == {"A": -40, "B": 120, "C": -40, "D": -40}
    lost = g("A", "clubs", matadors=2, card_points=50)
    assert play([lost])["money"] == {"A": -160, "B": 80, "C": 80}
    # hand game lost: 4 x 12 = 48 -> 50 gr, x2 = 100 for each: 200 with three, 300 with four players
    lost_hand = g("B", "clubs", matadors=2, hand=True, card_points=50)
    assert play([lost_hand])["money"]["B"] == -200
    assert play([lost_hand], players=P4)["money"]["B"] == -300
    # hearts with 1 = 20 gr; lost 40
    assert play([g("A", "hearts", matadors=1, card_points=70)])["money"]["B"] == -20
    assert play([won], rules={"stake": 0.5})["money"]["A"] == 40  # 18 gr -> 20 each


# --- house rules ------------------------------------------------------------------------------------
@pytest.mark.parametrize("k,value", [(1, 40), (2, 80), (3, 160)])
def test_kontra_re_sup(k, value):
    assert first(g("A", "hearts", matadors=1, card_points=70, kontra=k)) == value
    assert first(g("A", "hearts", matadors=1, card_points=50, kontra=k)) == -2 * value


def test_kontra_in_a_tournament_list_bonus_not_doubled_unless_set():
    hand = g("A", "hearts", matadors=1, card_points=70, kontra=1)
    assert first(hand, "skat-tournament", rules={"kontra": 2}) == 40 + 50
    assert first(hand, "skat-tournament", rules={"kontra": 2, "kontra_doubles_bonus": True}) == 40 + 100


def R(**pts):
    return {"game": "ramsch", "points": pts}


def test_ramsch_most_points_loses():
    assert play([R(A=50, B=40, C=30)])["totals"] == {"A": -50, "B": 0, "C": 0}
    # the skat's 5 points go to the loser
    assert play([R(A=45, B=40, C=30)])["totals"]["A"] == -50
    assert play([R(A=45, B=40, C=30)], rules={"ramsch_skat": "none"})["totals"]["A"] == -45


def test_ramsch_jungfrau_durchmarsch_and_ties():
    assert play([R(A=70, B=50, C=0)])["totals"]["A"] == -140           # C Jungfrau: doubled
    assert play([R(A=120, B=0, C=0)])["totals"] == {"A": 120, "B": 0, "C": 0}  # Durchmarsch
    assert play([R(A=50, B=50, C=20)])["totals"] == {"A": -50, "B": -50, "C": 0}
    out = play([dict(R(A=50, B=50, C=20), last_trick="B")], rules={"ramsch_tie": "last-trick"})
    assert out["totals"] == {"A": 0, "B": -50, "C": 0}
    # a trick of three zero cards: C took a trick without points, so he is no Jungfrau
    assert play([dict(R(A=70, B=50, C=0), jungfrau=["B"])])["totals"]["A"] == -140


def test_schieberamsch_doubles_per_push():
    # issue 15: the seed's Schieberamsch has "mnożnik dwa za przegraną" before the pushes and the Jungfrau
    # (ramsch_loser_factor = 2): 50 x2 x4 (two pushes) = -400 (was -200); 80 x2 x2 push x2 Jungfrau = -640 (was -320)
    out = play([dict(R(A=50, B=40, C=30), pushes=2)], rules={"all_pass": "schieberamsch"})
    assert out["totals"]["A"] == -400
    out = play([dict(R(A=80, B=40, C=0), pushes=1)], rules={"all_pass": "schieberamsch"})
    assert out["totals"]["A"] == -640  # x2 for losing, x2 push, x2 Jungfrau
    # without the seed's factor, as before issue 15
    out = play([dict(R(A=50, B=40, C=30), pushes=2)], rules={"all_pass": "schieberamsch", "ramsch_loser_factor": 1})
    assert out["totals"]["A"] == -200


def test_fixed_value_ramsch():
    fixed = {"ramsch_value": "fixed"}
    assert play([R(A=50, B=40, C=30)], rules=fixed)["totals"]["A"] == -10
    assert play([R(A=70, B=50, C=0)], rules=fixed)["totals"]["A"] == -15
    assert play([R(A=120, B=0, C=0)], rules=fixed)["totals"]["A"] == 20


def test_ramsch_refused_where_the_ruleset_plays_none():
    assert problems({"ruleset": "skat-tournament", "players": P3, "hands": [R(A=50, B=40, C=30)]}) == [
        'hands[0].game: these rules play no Ramsch (a deal everybody passed is not played)']


def test_bock_round_after_a_grand_with_four():
    # grand with 4 won: 5 x 24 = 120 opens a Bock round of 3 deals: hearts with 1 counts 40, three times, then 20.
    hands = [g("A", "grand", matadors=4, card_points=70)] + [g("B", "hearts", matadors=1, card_points=70)] * 4
    out = play(hands, rules={"bock": True})
    assert [x["scores"]["B"] for x in out["hands"]] == [0, 40, 40, 40, 20]


def test_bock_after_re_and_over_120_and_one_round_per_game():
    hands = [g("A", "hearts", matadors=1, card_points=70, kontra=2), g("B", "hearts", matadors=1, card_points=70)]
    assert play(hands, rules={"bock": True})["hands"][1]["scores"]["B"] == 40
    # clubs with 10: 11 x 12 = 132, over 120
    hands = [g("A", "clubs", matadors=10, card_points=70), g("B", "hearts", matadors=1, card_points=70)]
    out = play(hands, rules={"bock": True})
    assert out["hands"][1]["scores"]["B"] == 40 and out["next"]["bock"] == 2


def test_bock_round_of_schieberamsch():
    hands = [g("A", "grand", matadors=4, card_points=70), dict(R(A=50, B=40, C=30), pushes=1)]
    out = play(hands, "skat-tournament", rules={"bock": True, "bock_mode": "schieberamsch"})
    # 50 x2 for losing (issue 15, the seed's Schieberamsch) x2 push = -200 (was -100 before the loser's factor)
    assert out["hands"][1]["scores"]["A"] == -200


def test_schenken():
    # accepted: won as with 61-89; with schneider announced: as schneider reached
    assert first(g("A", "hearts", matadors=1, schenken="accepted")) == 20
    assert first(g("A", "hearts", matadors=1, hand=True, schneider_announced=True, schenken="accepted")) == 50
    # refused: must make schneider; +1 level. Made with 92: with 1, game 2, schneider 3, +1 = 4 x 10
    assert first(g("A", "hearts", matadors=1, card_points=92, schenken="refused")) == 40
    assert first(g("A", "hearts", matadors=1, card_points=80, schenken="refused")) == -80
    assert problems({"ruleset": "skat-tournament", "players": P3,
                     "hands": [g("A", "hearts", matadors=1, schenken="accepted")]}) == [
        "hands[0].schenken: these rules do not allow Schenken"]


def test_lost_hand_single_legacy_option():
    assert first(g("A", "clubs", matadors=2, hand=True, card_points=50), rules={"lost_hand_single": True}) == -48


def test_schwarz_with_impossible_card_points():
    assert problems({"ruleset": "skat-house", "players": P3,
                     "hands": [g("A", "hearts", matadors=1, card_points=80, schwarz=True)]}) == [
        "hands[0].schwarz: impossible with 80 card points: one side took every trick, so the declarer has 120, "
        "or only the skat's points (at most 22)"]


# --- one language at a time ---------------------------------------------------------------------
def test_the_skat_sheet_is_said_in_one_language():
    from tests.unit.modules.sheet_words import one_language, problem, said_in_one_language, sheet

    s = sheet({"ruleset": "skat-house", "players": ["Ala", "Bartek", "Celina"], "hands": [
        g("Ala", "clubs", matadors=2, hand=True, card_points=70),         # with 2, game 3, hand 4: 4 x 12 = 48
        {"passed": True},
        g("Bartek", "hearts", matadors=1, bid=40, card_points=95),       # 3 x 10 = 30 < 40: lost at 40, -80
        {"game": "ramsch", "points": {"Ala": 50, "Bartek": 40, "Celina": 30}},  # Ala loses her 50
    ]})
    assert s.totals == {"Ala": -2, "Bartek": -80, "Celina": 0}
    pl, en = one_language(s, ["gra", "z ręki", "krawiec", "przelicytowana", "pas", "ramsz", "oczek", "rozliczenie",
                              "stawka", "groszy"],
                          ["game", "hand", "schneider", "overbid", "passed", "Ramsch", "card points", "settlement",
                           "stake", "grosze"])
    assert "z 2, gra 3, z ręki 4; 4×12 = 48" in pl and "with 2, game 3, hand 4; 4×12 = 48" in en
    assert "1. Ala: Ala trefl H +48" in pl and "1. Ala: Ala clubs H +48" in en
    assert " / " not in pl and " / " not in en
    p = problem({"ruleset": "skat-house", "players": P3, "hands": [g("A", "hearts", card_points=70)]})
    assert p.place == "hands[0].matadors"
    said_in_one_language(p, ["brak", "bez"], ["missing", "without"])


def test_the_seeger_fabian_foot_is_said_in_one_language():
    from tests.unit.modules.sheet_words import one_language

    rec, rules, module = records.read(SEED)
    one_language(records.score(rec, rules, module, str(SEED)),
                 ["gier wygranych", "premia za pokonanie", "wynik końcowy", "miejsce", "null otwarty z ręki"],
                 ["games won", "bonus for defeats", "result", "place", "Null Ouvert Hand"])
