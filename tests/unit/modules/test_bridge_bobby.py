"""Bobby, Hubert Phillips' three-handed bridge (1942): nullo, each player on his own account, the rubber.

Every expected value is worked out by hand from the rule it is named after. The seed: "Zalicytowanie nullo oznacza
zobowiązanie niewzięcia więcej niż sześciu lew ... cztery nullo - trzech lew"; "Zapowiedź nullo jest w licytacji
starsza niż zapowiedź kierowa, młodsza niż zapowiedź pikowa. Za wygranie jednego nullo otrzymuje się w zapisie 30
punktów"; "cztery nullo (której wykonanie oznacza zrobienie partii)". Where it is silent, the three-handed
("cutthroat") rules: "When declarer falls short, every defender scores the undertrick penalties in his column.
Honors retained by one defender are scored by both defenders. The rubber ends if any player has won two games ...
the winner of the rubber scores only 500 points bonus if either defender was vulnerable"; the deal's values are
rubber bridge's (Law 77), unfinished rubbers Law 80.
"""

import json

import pytest

from tests.conftest import problems, score
from zapis.io import records
from zapis.cli import main
from zapis.modules.bridge.bobby import BobbyModule, canonical, needed, parse

P = ["Ala", "Bartek", "Celina"]
NO_LAW80 = {"unfinished_game_bonus": 0, "unfinished_partscore_bonus": 0}


def bobby(*hands, rules=None, **kw):
    data = {"ruleset": "bridge-bobby", "players": P, "hands": list(hands), **kw}
    if rules:
        data["rules"] = rules
    return score(data)


def h(contract, declarer, tricks, double="", **kw):
    return {"contract": contract, "declarer": declarer, "tricks": tricks, "double": double, **kw}


def scores(out, i):
    return out["hands"][i]["scores"]


# --- nullo ---------------------------------------------------------------------------------------------

def test_seed_example_four_nullo_made_with_three_tricks_is_a_game():
    # The seed's deal: C dealt, A bid four nullo (at most 7 - 4 = 3 tricks), took 3 ("wygrywa swoją zapowiedź:
    # cztery nullo"): 4 x 30 = 120 below the line, a game ("której wykonanie oznacza zrobienie partii").
    out = bobby({"dealer": "Celina", **h("4NULLO", "Ala", 3)}, players=["Ala", "Bartek", "Celina"])
    assert scores(out, 0) == {"Ala": 120, "Bartek": 0, "Celina": 0}
    assert out["rubber_scores"][0]["games"] == {"Ala": 1, "Bartek": 0, "Celina": 0}
    # the rubber is unfinished: Law 80 gives the only player with a game 300
    assert out["totals"] == {"Ala": 420, "Bartek": 0, "Celina": 0}
    assert out["finished"] is False and out["winner"] is None
    # a game made: the next hand is dealt by the player after C (A), and A is vulnerable
    assert out["next"] == {"rubber": 1, "dealer": "Ala", "vulnerable": ["Ala"],
                           "below": {"Ala": 0, "Bartek": 0, "Celina": 0}}
    assert bobby(h("4NULLO", "Ala", 3), rules=NO_LAW80)["totals"]["Ala"] == 120


def test_n_nullo_means_at_most_seven_minus_n_tricks():
    # "Dwa nullo to zobowiązanie niewzięcia więcej niż pięciu lew, ... siedem nullo - ... ani jednej lewy"
    assert [needed(n, "NULLO") for n in range(1, 8)] == [6, 5, 4, 3, 2, 1, 0]
    assert needed(4, "S") == 10
    # 1 nullo with 6 tricks is made (30), with 7 it is one down (50 to each defender)
    assert scores(bobby(h("1NULLO", "Ala", 6)), 0)["Ala"] == 30
    assert scores(bobby(h("1NULLO", "Ala", 7)), 0) == {"Ala": 0, "Bartek": 50, "Celina": 50}


def test_nullo_scores_30_per_odd_trick_so_three_nullo_is_no_game():
    # "Za wygranie jednego nullo ... 30 punktów": 3 nullo = 90 < 100, a partscore (no game line, A not vulnerable)
    out = bobby(h("3NULLO", "Ala", 4), rules=NO_LAW80)
    assert scores(out, 0)["Ala"] == 90
    assert out["rubber_scores"][0]["games"]["Ala"] == 0
    assert out["next"]["below"]["Ala"] == 90 and out["next"]["vulnerable"] is None
    # Law 80: the only player with a partscore in the unfinished game gets 100
    assert bobby(h("3NULLO", "Ala", 4))["totals"]["Ala"] == 190


def test_nullo_trick_value_is_a_parameter():
    # at 20 a nullo four nullo is 80, no game
    out = bobby(h("4NULLO", "Ala", 3), rules={"nullo_trick_value": 20, **NO_LAW80})
    assert scores(out, 0)["Ala"] == 80 and out["rubber_scores"][0]["games"]["Ala"] == 0


def test_nullo_overtricks_are_tricks_fewer_than_allowed():
    # 2 nullo allows 5 tricks; 3 taken = 2 better: 60 below + 2 x 30 above = 120, no game (60 below)
    out = bobby(h("2NULLO", "Bartek", 3), rules=NO_LAW80)
    assert scores(out, 0)["Bartek"] == 120
    assert out["next"]["below"]["Bartek"] == 60
    # without nullo overtricks only the 60
    assert scores(bobby(h("2NULLO", "Bartek", 3), rules={"nullo_overtricks": False, **NO_LAW80}), 0)["Bartek"] == 60


def test_nullo_undertricks_are_tricks_more_than_allowed():
    # 4 nullo allows 3; 5 taken = down 2, not vulnerable undoubled 2 x 50 = 100 to each defender
    out = bobby(h("4NULLO", "Ala", 5))
    assert scores(out, 0) == {"Ala": 0, "Bartek": 100, "Celina": 100}


def test_doubled_nullo_doubles_the_trick_score_and_scores_the_insult():
    # 4 nullo X made: 4 x 30 x 2 = 240 below (game), 50 for the insult above
    out = bobby(h("4NULLO", "Celina", 3, "X"), rules=NO_LAW80)
    assert scores(out, 0)["Celina"] == 290
    # redoubled, one trick better, not vulnerable: 480 + 100 insult + 200 overtrick = 780
    assert scores(bobby(h("4NULLO", "Celina", 2, "XX"), rules=NO_LAW80), 0)["Celina"] == 780
    # doubled, down 1 (4 taken), not vulnerable: 100 to each defender
    assert scores(bobby(h("4NULLO", "Celina", 4, "X")), 0) == {"Ala": 100, "Bartek": 100, "Celina": 0}


def test_six_and_seven_nullo_are_slams():
    # "sześć nullo - jednej lewy (szlemik w nullo) oraz siedem nullo - ... ani jednej lewy (szlem w nullo)"
    assert scores(bobby(h("6NULLO", "Celina", 1)), 0)["Celina"] == 180 + 500
    assert scores(bobby(h("7NULLO", "Celina", 0)), 0)["Celina"] == 210 + 1000


def test_nullo_ranks_above_hearts_below_spades_on_the_pad():
    r = records.parse({"format": "zapis/1", "ruleset": "bridge-bobby", "players": P, "hands": []})[1]
    contract = BobbyModule().hand_fields(r, P)[0]
    assert contract.parts[1] == ("C", "D", "H", "NULLO", "S", "NT")
    r2 = records.parse({"format": "zapis/1", "ruleset": "bridge-bobby", "players": P, "hands": [],
                        "rules": {"nullo": False}})[1]
    assert "NULLO" not in BobbyModule().hand_fields(r2, P)[0].parts[1]


def test_contracts_as_players_type_them():
    assert canonical("4 nullo") == "4NULLO" and canonical("4nul") == "4NULLO" and canonical("3BA") == "3NT"
    assert canonical("4♠") == "4S" and canonical("pas") == "pass"
    assert parse("4nullo") == (4, "NULLO") and parse("8NULLO") is None and parse("4NULL") is None


# --- each player on his own account ----------------------------------------------------------------

def test_suit_contracts_score_as_in_rubber_bridge():
    # 4S made with an overtrick, not vulnerable: 120 below + 30 above
    out = bobby(h("4S", "Bartek", 11), rules=NO_LAW80)
    assert scores(out, 0) == {"Ala": 0, "Bartek": 150, "Celina": 0}
    # 3NT made exactly: 40 + 30 + 30 = 100, a game
    assert bobby(h("3NT", "Ala", 9))["rubber_scores"][0]["games"]["Ala"] == 1


def test_undertricks_each_defender_scores_the_penalty():
    # "every defender scores the undertrick penalties in his column": 3NT X down 2 NV = 100 + 200 = 300 each
    out = bobby(h("3NT", "Bartek", 7, "X"))
    assert scores(out, 0) == {"Ala": 300, "Bartek": 0, "Celina": 300}


def test_undertricks_shared_or_against_the_declarer():
    hand = h("3NT", "Bartek", 7, "X")
    assert scores(bobby(hand, rules={"undertricks": "shared"}), 0) == {"Ala": 150, "Bartek": 0, "Celina": 150}
    assert scores(bobby(hand, rules={"undertricks": "declarer"}), 0) == {"Ala": 0, "Bartek": -300, "Celina": 0}


def test_a_player_with_a_game_is_vulnerable():
    # Ala makes 4 nullo (game), then goes down 2 in 4S: vulnerable undoubled 2 x 100 = 200 to each defender;
    # Bartek, without a game, down 2 in 4S gives 2 x 50
    out = bobby(h("4NULLO", "Ala", 3), h("4S", "Ala", 8), h("4S", "Bartek", 8))
    assert scores(out, 1) == {"Ala": 0, "Bartek": 200, "Celina": 200}
    assert scores(out, 2) == {"Ala": 100, "Bartek": 0, "Celina": 100}
    # nobody is ever vulnerable: 100 each
    out = bobby(h("4NULLO", "Ala", 3), h("4S", "Ala", 8), rules={"vulnerability": "never"})
    assert scores(out, 1) == {"Ala": 0, "Bartek": 100, "Celina": 100}


def test_a_game_wipes_every_players_partscore():
    # Ala 2S= (60 below), Bartek 4H= (120, game: Ala's 60 no longer counts), Ala 2S= again: 60 toward game
    out = bobby(h("2S", "Ala", 8), h("4H", "Bartek", 10), h("2S", "Ala", 8))
    assert out["next"]["below"] == {"Ala": 60, "Bartek": 0, "Celina": 0}
    assert out["rubber_scores"][0]["games"] == {"Ala": 0, "Bartek": 1, "Celina": 0}


def test_partscores_add_up_to_a_game():
    # Ala 2S= (60) and 2H= (60): 120 below, a game
    out = bobby(h("2S", "Ala", 8), h("2H", "Ala", 8))
    assert out["rubber_scores"][0]["games"]["Ala"] == 1


def test_honours_of_a_defender_are_scored_by_both_defenders():
    # "Honors retained by one defender are scored by both defenders": Bartek holds 100 in Ala's 4S
    hand = h("4S", "Ala", 10, honours=100, honours_side="Bartek")
    assert scores(bobby(hand), 0) == {"Ala": 120, "Bartek": 100, "Celina": 100}
    assert scores(bobby(hand, rules={"honours_defenders": "holder"}), 0) == {"Ala": 120, "Bartek": 100, "Celina": 0}
    # the declarer's and the dummy's honours are the declarer's
    for holder in ("Ala", "dummy"):
        hand = h("4S", "Ala", 10, honours=150, honours_side=holder)
        assert scores(bobby(hand), 0) == {"Ala": 270, "Bartek": 0, "Celina": 0}
    # honours count when the contract is defeated too: Ala's 4S -1 with her own 100: 50 to each defender
    hand = h("4S", "Ala", 9, honours=100, honours_side="Ala")
    assert scores(bobby(hand), 0) == {"Ala": 100, "Bartek": 50, "Celina": 50}


def test_passed_out_deal_scores_nothing():
    out = bobby({"contract": "pass"}, h("2S", "Ala", 8), rules=NO_LAW80)
    assert scores(out, 0) == {"Ala": 0, "Bartek": 0, "Celina": 0}
    assert out["next"]["dealer"] == "Celina"  # Ala dealt the pass, Bartek the 2S


# --- the rubber --------------------------------------------------------------------------------------

def test_rubber_two_games_to_none_700():
    # Ala 4 nullo (120, game), Ala 3NT (100, game): rubber, nobody else has a game: 700
    out = bobby(h("4NULLO", "Ala", 3), h("3NT", "Ala", 9))
    assert out["totals"] == {"Ala": 120 + 100 + 700, "Bartek": 0, "Celina": 0}
    assert out["finished"] is True and out["winner"] == "Ala" and out["next"] is None
    rub = out["rubber_scores"][0]
    assert rub["winner"] == "Ala" and rub["bonus"] == 700 and rub["finished"] is True


def test_rubber_500_when_another_player_has_a_game():
    # "the winner of the rubber scores only 500 points bonus if either defender was vulnerable"
    out = bobby(h("4NULLO", "Ala", 3), h("4S", "Bartek", 10), h("3NT", "Ala", 9))
    assert out["totals"] == {"Ala": 120 + 100 + 500, "Bartek": 120, "Celina": 0}
    assert out["rubber_scores"][0]["bonus"] == 500


def test_after_a_rubber_a_new_one_starts():
    out = bobby(h("4NULLO", "Ala", 3), h("3NT", "Ala", 9), h("4S", "Bartek", 10))
    assert [r["number"] for r in out["rubber_scores"]] == [1, 2]
    assert out["rubber_scores"][1]["games"] == {"Ala": 0, "Bartek": 1, "Celina": 0}
    # rubber 2 unfinished: Bartek's only game 300
    assert out["totals"] == {"Ala": 920, "Bartek": 120 + 300, "Celina": 0}
    assert out["finished"] is False and out["next"]["rubber"] == 2 and out["next"]["vulnerable"] == ["Bartek"]


def test_games_to_win_is_a_parameter():
    out = bobby(h("4NULLO", "Ala", 3), h("3NT", "Ala", 9), rules={"games_to_win": 3, **NO_LAW80})
    assert out["finished"] is False and out["totals"]["Ala"] == 220


def test_unfinished_rubber_two_players_with_a_game_get_no_game_bonus():
    # Law 80 player by player: only "the only player with a game" gets 300
    out = bobby(h("4NULLO", "Ala", 3), h("4S", "Bartek", 10))
    assert out["totals"] == {"Ala": 120, "Bartek": 120, "Celina": 0}


def test_carried_in_totals():
    out = bobby(h("2S", "Ala", 8), start={"Celina": 250}, rules=NO_LAW80)
    assert out["totals"] == {"Ala": 60, "Bartek": 0, "Celina": 250}
    assert out["hands"][0]["totals"] == {"Ala": 60, "Bartek": 0, "Celina": 250}


def test_totals_path_agrees_with_the_sheet():
    hands = [h("4NULLO", "Ala", 3), h("3NT", "Bartek", 7, "X"), {"contract": "pass"},
             h("4S", "Celina", 10, honours=100, honours_side="Ala"), h("2NULLO", "Ala", 7)]
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "bridge-bobby", "players": P, "hands": hands})
    for n in range(len(hands) + 1):
        full = module.score(rules, P, hands[:n], {})
        fast = module.totals(rules, P, hands[:n], {})
        assert (fast.totals, fast.finished, fast.winner) == (full.totals, full.finished, full.winner)


# --- bad input -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, place", [
    (h("4X", "Ala", 3), "hands[0].contract"),
    (h("8NULLO", "Ala", 3), "hands[0].contract"),
    (h("4NULLO", "Zenon", 3), "hands[0].declarer"),
    (h("4NULLO", "Ala", 14), "hands[0].tricks"),
    (h("4NULLO", "Ala", 3, "XXX"), "hands[0].double"),
    ({"contract": "4NULLO", "tricks": 3}, "hands[0].declarer"),
    ({"contract": "4NULLO", "declarer": "Ala"}, "hands[0].tricks"),
    ({"contract": "pass", "tricks": 3}, "hands[0].tricks"),
    (h("4NULLO", "Ala", 3, honours=100, honours_side="Ala"), "hands[0].honours"),
    (h("4S", "Ala", 10, honours=100), "hands[0].honours_side"),
    (h("4S", "Ala", 10, honours=100, honours_side="Zenon"), "hands[0].honours_side"),
    ({"contract": 4}, "hands[0].contract"),
])
def test_bad_hands_are_named_not_crashed(hand, place):
    got = problems({"ruleset": "bridge-bobby", "players": P, "hands": [hand]})
    assert got and all(p.startswith(place) for p in got), got


def test_nullo_is_refused_where_the_ruleset_forbids_it():
    got = problems({"ruleset": "bridge-bobby", "players": P, "hands": [h("4NULLO", "Ala", 3)],
                    "rules": {"nullo": False}})
    assert len(got) == 1 and got[0].startswith("hands[0].contract")


def test_bobby_is_played_by_three():
    got = problems({"ruleset": "bridge-bobby", "players": P + ["Darek"], "hands": []})
    assert len(got) == 1 and got[0].startswith("players")


# --- the command line ----------------------------------------------------------------------------------

SEED = """format = "zapis/1"
ruleset = "bridge-bobby"
players = ["A", "B", "C"]

[[hands]]
dealer = "C"
contract = "4NULLO"
declarer = "A"
tricks = 3
"""


def test_cli_scores_the_seed_example(tmp_path, capsys):
    src = tmp_path / "bobby.toml"
    src.write_text(SEED, encoding="utf-8")
    assert main(["score", str(src), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out)[:8] == ["ruleset", "module", "players", "hands", "totals", "finished", "winner", "next"]
    assert out["ruleset"] == "bridge-bobby" and out["players"] == ["A", "B", "C"]
    assert out["hands"] == [{"scores": {"A": 120, "B": 0, "C": 0}, "totals": {"A": 120, "B": 0, "C": 0}}]
    assert out["totals"] == {"A": 420, "B": 0, "C": 0} and out["finished"] is False and out["winner"] is None
    assert main(["score", str(src), "--json", "--rules", "unfinished_game_bonus=0"]) == 0
    assert json.loads(capsys.readouterr().out)["totals"] == {"A": 120, "B": 0, "C": 0}


def test_cli_prints_the_sheet_in_one_language(tmp_path, capsys):
    src = tmp_path / "bobby.toml"
    src.write_text(SEED, encoding="utf-8")
    assert main(["--lang", "pl", "score", str(src)]) == 0
    text = capsys.readouterr().out
    assert "4 nullo A =" in text and "pod kreską" in text and "below" not in text


def test_cli_bad_input_exits_2_naming_the_place(tmp_path, capsys):
    src = tmp_path / "bad.toml"
    src.write_text(SEED + '\n[[hands]]\ncontract = "4NULO"\ndeclarer = "A"\ntricks = 3\n', encoding="utf-8")
    assert main(["score", str(src), "--json"]) == 2
    err = capsys.readouterr().err
    assert "hands[1].contract" in err and "Traceback" not in err


def test_rulesets_show_lists_the_parameters(capsys):
    assert main(["--lang", "en", "rulesets", "show", "bridge-bobby"]) == 0
    text = capsys.readouterr().out
    for name in ("nullo_trick_value", "undertricks", "honours_defenders", "vulnerability", "games_to_win"):
        assert name in text
