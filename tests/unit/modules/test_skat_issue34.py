"""Skat, issue 34: skat as each house plays it. Expected values worked by hand from the seed's text (000, "Szkat":
the house game "Stawka 1 grosz za punkt ... wynik zaokrągla się do góry do pełnych dziesiątek groszy", "Ramsz",
"Rundowanie": "rundkę ... o podwójnej wartości") and ../shared/rules/skat.md §3.3-3.4 (Bock triggers and options,
Kontra levels)."""

from tests.conftest import problems, score

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


# --- the stake: one per game ----------------------------------------------------------------------------------------
def test_a_stake_given_at_import_is_the_house_lists_stake(tmp_path, capsys):
    """README, "The stake": a stake given for a game (import --stake, the game dialog) replaces the ruleset's own
    `stake`; none given (0), the ruleset's applies. Hearts with 1 won: 20 points; at 2 gr a point 40 gr from each
    opponent (the seed's house game), at the ruleset's 1 gr, 20 gr."""
    from zapis.cli import main
    from zapis.store import Store
    src = tmp_path / "house.toml"
    src.write_text('format = "zapis/1"\nruleset = "skat-house"\nplayers = ["A", "B", "C"]\n\n[[hands]]\n'
                   'declarer = "A"\ngame = "hearts"\nmatadors = 1\ncard_points = 70\n', encoding="utf-8")
    db = tmp_path / "z.db"
    assert main(["--db", str(db), "import", str(src), "--stake", "2"]) == 0
    assert main(["--db", str(db), "import", str(src)]) == 0
    capsys.readouterr()
    store = Store(db)
    given, own = (store.scored(gid) for gid in (1, 2))
    assert given.rules["stake"] == 2 and given.sheet.extra["money"] == {"A": 80, "B": -40, "C": -40}
    assert own.rules["stake"] == 1 and own.sheet.extra["money"] == {"A": 40, "B": -20, "C": -20}
    assert [r.money for r in store.judged(1)] == [{"A": 80, "B": -40, "C": -40}]


# --- 2. the houses' variants (../shared/rules/skat.md §3.2-3.4), each worked by hand ---------------------------------
def scores(out, player):
    return [h["scores"][player] for h in out["hands"]]


def test_new_bock_triggers():
    grand_hand = g("A", "grand", matadors=1, hand=True, card_points=70)  # with 1, game 2, hand 3: 72
    out = play([grand_hand, hearts("B")], rules={"bock": True, "bock_triggers": ["grand-hand"]})
    assert scores(out, "A")[0] == 72 and scores(out, "B")[1] == 40  # the next deal in Bock: 20 x2
    out = play([GRAND_FOUR, hearts("B")], rules={"bock": True, "bock_triggers": ["grand-hand"]})
    assert scores(out, "B")[1] == 20  # a grand with 4 but not from the hand: no Bock
    null_oh = g("A", "null", hand=True, ouvert=True, won=True)  # 59
    out = play([null_oh, hearts("B")], rules={"bock": True, "bock_triggers": ["null-ouvert-hand"]})
    assert scores(out, "A")[0] == 59 and scores(out, "B")[1] == 40
    schneider = g("A", "hearts", matadors=1, card_points=95)  # with 1, game 2, schneider 3: 30
    out = play([schneider, hearts("B")], rules={"bock": True, "bock_triggers": ["schneider"]})
    assert scores(out, "A")[0] == 30 and scores(out, "B")[1] == 40


def test_bock_after_a_kontra_and_after_a_lost_kontra():
    won_k = g("A", "hearts", matadors=1, card_points=70, kontra=1)   # 20 x2 kontra = 40, the declarer won
    lost_k = g("A", "hearts", matadors=1, card_points=50, kontra=1)  # lost: -2 x 40 = -80
    rules = {"bock": True, "bock_triggers": ["kontra-lost"]}  # the kontra lost: the declarer won against it
    assert scores(play([won_k, hearts("B")], rules=rules), "B")[1] == 40
    out = play([lost_k, hearts("B")], rules=rules)
    assert scores(out, "A")[0] == -80 and scores(out, "B")[1] == 20
    rules = {"bock": True, "bock_triggers": ["kontra"]}  # any game with kontra
    assert scores(play([lost_k, hearts("B")], rules=rules), "B")[1] == 40


def test_the_kontra_ladder_goes_to_hirsch():
    hirsch = g("A", "hearts", matadors=1, card_points=70, kontra=4)
    assert scores(play([hirsch], rules={"kontra": 4}), "A") == [20 * 16]  # kontra, re, sup, hirsch: x16
    assert problems({"ruleset": "skat-house", "players": P3, "hands": [hirsch]}) == [  # skat-house stops at sup
        "hands[0].kontra: 4 (hirsch) is not allowed in these rules (at most 3)"]


def test_the_triggering_game_itself_doubled():
    out = play([GRAND_FOUR, hearts("B")], rules={"bock": True, "bock_trigger_doubled": True})
    assert scores(out, "A")[0] == 240 and scores(out, "B")[1] == 40  # "auch schon das einleitende Spiel"


def test_overlapping_bock_rounds_queue_or_stack():
    hands = [GRAND_FOUR, GRAND_FOUR] + [hearts("B")] * 5
    # queued: round 1 doubles deals 2-4, round 2 (started by deal 2, itself doubled: 240) deals 5-7
    out = play(hands, rules={"bock": True})
    assert scores(out, "A")[:2] == [120, 240] and scores(out, "B")[2:] == [40, 40, 40, 40, 40]
    # stacked: round 2 starts at once, deals 3-4 are in both (x4 = 80), deal 5 in round 2 only, then single
    out = play(hands, rules={"bock": True, "bock_overlap": "stack"})
    assert scores(out, "A")[:2] == [120, 240] and scores(out, "B")[2:] == [80, 80, 40, 20, 20]


def test_one_bock_round_per_deal_or_one_per_trigger():
    grand_hand_four = g("A", "grand", matadors=4, hand=True, card_points=70)  # with 4, game 5, hand 6: 144
    hands = [grand_hand_four] + [hearts("B")] * 7  # sets off grand-four and over-120
    assert scores(play(hands, rules={"bock": True}), "B")[1:] == [40] * 3 + [20] * 4
    assert scores(play(hands, rules={"bock": True, "bock_per_deal": "each"}), "B")[1:] == [40] * 6 + [20]


def test_jungfrau_announced_in_a_schieberamsch():
    rules = {"all_pass": "schieberamsch", "jungfrau_announce": True}
    made = dict(R(A=70, B=50, C=0), jungfrau_announced="C")
    # 70 x2 for losing (the Schieberamsch's factor) x2 C's Jungfrau x2 announced = -560
    assert play([made], rules=rules)["totals"] == {"A": -560, "B": 0, "C": 0}
    failed = dict(R(A=60, B=40, C=20), jungfrau_announced="C")  # C took a trick: the game ends, -120 for him
    out = play([failed], rules=rules)
    assert out["totals"] == {"A": 0, "B": 0, "C": -120}
    assert out["money"] == {"A": 120, "B": 120, "C": -240}
    assert problems({"ruleset": "skat-house", "players": P3, "hands": [made],
                     "rules": {"all_pass": "schieberamsch"}}) == [
        "hands[0].jungfrau_announced: these rules have no announced Jungfrau (only in a schieberamsch whose rules "
        "allow it)"]


def test_every_existing_game_keeps_its_result_under_the_defaults():
    # the defaults (queue, one round a deal, the trigger not doubled, no announced Jungfrau) are the old behaviour
    out = play([GRAND_FOUR] + [hearts("B")] * 4, rules={"bock": True})
    assert scores(out, "B") == [0, 40, 40, 40, 20]
