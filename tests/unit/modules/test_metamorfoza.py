"""Metamorfoza (Robert Abbott 1962; the seed quotes Pijanowski's "Przewodnik gier"). Each expected value is worked
out by hand from the rule it is named after; the rule's words are quoted where they are used.

Record: each hand `part` (1-4) and `points` (player map); the first hand of a round `declared` (player map)."""

import json
import subprocess
import sys

import pytest

from tests.conftest import problems, score
from zapis.io import records, rulesets
from zapis.cli import main
from zapis.core.module import get_module

TWO = ["Ala", "Bartek"]
THREE = ["Ala", "Bartek", "Celina"]


def hand(part, points, declared=None, **more):
    h = {"part": part, "points": points, **more}
    if declared is not None:
        h["declared"] = declared
    return h


def game(players, hands, **more):
    return {"ruleset": "metamorfoza", "players": players, "hands": hands, **more}


def quiet_round(players, declared=None):
    """A round where nobody wins a declared part alone: every deal a tie at 0."""
    zero = dict.fromkeys(players, 0)
    return [hand(1, zero, declared or dict.fromkeys(players, 1)), hand(2, zero), hand(3, zero), hand(4, zero)]


# A round worked by hand. Ala declares part 2, Bartek part 1.
#   part 1: Ala 5, Bartek 3: Bartek declared it and lost ("przegra ... nie pociąga to za sobą żadnych skutków"): 5, 3
#   part 2: Ala 7, Bartek 4: Ala declared it and has the most plus points: 7 + 10 = 17, Bartek 4
#   part 3: Ala -3, Bartek -8: nobody declared it: -3, -8
#   part 4: Ala 0, Bartek 2: nobody declared it: 0, 2
#   round: Ala 5 + 17 - 3 + 0 = 19; Bartek 3 + 4 - 8 + 2 = 1
ROUND = [
    hand(1, {"Ala": 5, "Bartek": 3}, {"Ala": 2, "Bartek": 1}),
    hand(2, {"Ala": 7, "Bartek": 4}),
    hand(3, {"Ala": -3, "Bartek": -8}),
    hand(4, {"Ala": 0, "Bartek": 2}),
]


def test_the_rule_winning_the_declared_part_scores_10_on_that_deal():
    # "Gracz, który rzeczywiście wygrywa rozgrywkę zadeklarowaną wstępnie ... otrzymuje w postaci premii dodatkowo
    # 10 punktów plusowych."
    out = score(game(TWO, ROUND))
    assert [h["scores"] for h in out["hands"]] == [
        {"Ala": 5, "Bartek": 3}, {"Ala": 17, "Bartek": 4}, {"Ala": -3, "Bartek": -8}, {"Ala": 0, "Bartek": 2}]
    assert [h["totals"] for h in out["hands"]] == [
        {"Ala": 5, "Bartek": 3}, {"Ala": 22, "Bartek": 7}, {"Ala": 19, "Bartek": -1}, {"Ala": 19, "Bartek": 1}]
    assert out["totals"] == {"Ala": 19, "Bartek": 1}
    assert out["rounds"][0]["bonus"] == {"Ala": 10, "Bartek": 0}
    assert out["rounds"][0]["declared"] == {"Ala": 2, "Bartek": 1}


def test_the_rule_a_lost_declared_part_has_no_effect():
    # "Jeśli w zadeklarowanej rozgrywce gracz ... ją przegra, nie pociąga to za sobą żadnych skutków": Bartek
    # declared part 1 and lost it 3 to 5: he keeps his 3, nothing taken off.
    out = score(game(TWO, ROUND[:1]))
    assert out["hands"][0]["scores"] == {"Ala": 5, "Bartek": 3}


def test_the_rule_fewest_minus_points_win_a_minus_deal():
    # "osiąga w niej ... najmniejszą ilość punktów minusowych": Ala declared part 3, which is played for minus
    # points; -3 beats -8, so Ala scores -3 + 10 = 7.
    hands = [hand(1, {"Ala": 5, "Bartek": 3}, {"Ala": 3, "Bartek": 3}), ROUND[1], ROUND[2]]
    out = score(game(TWO, hands))
    assert out["hands"][2]["scores"] == {"Ala": 7, "Bartek": -8}
    assert out["totals"] == {"Ala": 5 + 7 + 7, "Bartek": 3 + 4 - 8}


def test_the_rule_a_tie_gives_no_bonus():
    # "Jeśli w zadeklarowanej rozgrywce gracz zremisuje ..., nie pociąga to za sobą żadnych skutków": both declared
    # part 2 and took 4 each.
    hands = [hand(1, {"Ala": 1, "Bartek": 0}, {"Ala": 2, "Bartek": 2}), hand(2, {"Ala": 4, "Bartek": 4})]
    assert score(game(TWO, hands))["hands"][1]["scores"] == {"Ala": 4, "Bartek": 4}


def test_three_players_the_bonus_goes_to_the_one_who_wins_alone():
    # Ala and Celina both declare part 1, Bartek part 4. Part 1: Ala 6, Bartek 2, Celina 4: Ala wins it alone,
    # 6 + 10 = 16; Celina declared it and lost: 4. Part 4: Ala 3, Bartek 3, Celina 1: Bartek shares the best, a
    # tie: no bonus.
    hands = [hand(1, {"Ala": 6, "Bartek": 2, "Celina": 4}, {"Ala": 1, "Bartek": 4, "Celina": 1}),
             hand(2, {"Ala": 0, "Bartek": 0, "Celina": 0}), hand(3, {"Ala": 0, "Bartek": 0, "Celina": 0}),
             hand(4, {"Ala": 3, "Bartek": 3, "Celina": 1})]
    out = score(game(THREE, hands))
    assert out["hands"][0]["scores"] == {"Ala": 16, "Bartek": 2, "Celina": 4}
    assert out["hands"][3]["scores"] == {"Ala": 3, "Bartek": 3, "Celina": 1}
    assert out["totals"] == {"Ala": 19, "Bartek": 5, "Celina": 5}


def test_three_players_a_tie_of_two_others_above_the_declarer():
    # Celina declared part 2 and took -1; Ala and Bartek tied on 0 above her: she did not win, no bonus to anyone
    # for part 2 (nobody else declared it).
    hands = [hand(1, {"Ala": 0, "Bartek": 0, "Celina": 0}, {"Ala": 3, "Bartek": 3, "Celina": 2}),
             hand(2, {"Ala": 0, "Bartek": 0, "Celina": -1})]
    assert score(game(THREE, hands))["hands"][1]["scores"] == {"Ala": 0, "Bartek": 0, "Celina": -1}


def test_the_declarations_hold_for_their_round_only():
    # Round 1: Ala declares 2 and wins it (+10). Round 2: Ala declares 4; she wins part 2 again, with no bonus.
    r2 = [hand(1, {"Ala": 0, "Bartek": 1}, {"Ala": 4, "Bartek": 3}), hand(2, {"Ala": 9, "Bartek": 0})]
    out = score(game(TWO, ROUND + r2))
    assert out["hands"][5]["scores"] == {"Ala": 9, "Bartek": 0}
    assert out["rounds"][1]["declared"] == {"Ala": 4, "Bartek": 3}


def test_the_rule_four_rounds_with_two_players():
    # "Pełna tura gry składa się z czterech rund (szesnastu rozgrywek) przy dwóch grających": after 15 deals the
    # game goes on, after 16 it is over; the most points win ("Całą turę wygrywa ten z graczy, który zdobył
    # największą ilość punktów plusowych"): Ala 19 × 4 = 76, Bartek 1 × 4 = 4.
    hands = ROUND * 4
    out = score(game(TWO, hands[:15]))
    assert out["finished"] is False and out["winner"] is None and out["next"]["round"] == 4
    out = score(game(TWO, hands))
    assert out["finished"] is True and out["winner"] == "Ala" and out["next"] is None
    assert out["totals"] == {"Ala": 76, "Bartek": 4}
    assert len(out["rounds"]) == 4


def test_the_rule_three_rounds_with_three_players():
    # "... lub z trzech rund (dwunastu rozgrywek) przy trzech grających."
    hands = quiet_round(THREE) * 3
    assert score(game(THREE, hands[:11]))["finished"] is False
    out = score(game(THREE, hands))
    assert out["finished"] is True and out["winner"] == THREE  # everyone 0: a tie
    assert problems(game(THREE, hands + quiet_round(THREE)[:1])) == [
        "hands[12]: the game is over after 3 rounds (12 deals)"]


def test_no_hand_after_the_last_round_with_two_players():
    assert problems(game(TWO, ROUND * 4 + ROUND[:1])) == ["hands[16]: the game is over after 4 rounds (16 deals)"]


def test_the_rule_the_winner_with_only_minus_points_has_the_fewest():
    # "lub (jeśli wszyscy gracze mają punkty minusowe) najmniejszą ilość punktów minusowych".
    r = [hand(1, {"Ala": -5, "Bartek": -2}, {"Ala": 4, "Bartek": 4}), hand(2, {"Ala": -1, "Bartek": -6}),
         hand(3, {"Ala": -3, "Bartek": -3}), hand(4, {"Ala": -4, "Bartek": -4})]
    # each round: Ala -5 - 1 - 3 - 4 = -13, Bartek -2 - 6 - 3 - 4 = -15 (part 4 tied: no bonus)
    out = score(game(TWO, r * 4))
    assert out["totals"] == {"Ala": -52, "Bartek": -60} and out["winner"] == "Ala"


def test_the_rule_the_next_round_is_dealt_by_the_first_leader_of_the_last():
    # "W pierwszej rozgrywce wychodzi ... gracz po lewej stronie rozdającego"; "W drugiej rozgrywce ... gracz,
    # który wychodził w pierwszej"; "W trzeciej ... gracz po lewej stronie tego, który zaczynał rozgrywkę
    # uprzednio"; "W czwartej ... ten ..., który wychodził w rozgrywce trzeciej"; "do kolejnej rundy rozdaje karty
    # gracz, który był pierwszym wychodzącym w pierwszej rozgrywce poprzedniej rundy".
    hands = quiet_round(THREE)
    nexts = [score(game(THREE, hands[:n]))["next"] for n in range(5)]
    assert nexts == [
        {"round": 1, "part": 1, "dealer": "Ala", "leader": "Bartek"},
        {"round": 1, "part": 2, "dealer": "Ala", "leader": "Bartek"},
        {"round": 1, "part": 3, "dealer": "Ala", "leader": "Celina"},
        {"round": 1, "part": 4, "dealer": "Ala", "leader": "Celina"},
        {"round": 2, "part": 1, "dealer": "Bartek", "leader": "Celina"},
    ]
    out = score(game(THREE, hands * 2))
    assert out["next"] == {"round": 3, "part": 1, "dealer": "Celina", "leader": "Ala"}
    assert [r["dealer"] for r in out["rounds"]] == ["Ala", "Bartek"]


def test_two_players_part_three_is_led_by_the_dealer():
    # With two players the player left of the first leader is the dealer himself.
    out = score(game(TWO, ROUND[:2]))
    assert out["next"] == {"round": 1, "part": 3, "dealer": "Ala", "leader": "Ala"}
    assert score(game(TWO, ROUND))["next"] == {"round": 2, "part": 1, "dealer": "Bartek", "leader": "Ala"}


def test_a_recorded_dealer_of_a_round_moves_the_deal_on_from_there():
    hands = quiet_round(THREE)
    hands[0] = {**hands[0], "dealer": "Celina"}
    out = score(game(THREE, hands))
    assert out["rounds"][0]["dealer"] == "Celina"
    assert out["next"] == {"round": 2, "part": 1, "dealer": "Ala", "leader": "Bartek"}
    # parts 2-4 are not dealt again: the same dealer may be written there, another one is refused
    hands[1] = {**hands[1], "dealer": "Celina"}
    assert problems(game(THREE, hands)) == []
    hands[2] = {**hands[2], "dealer": "Ala"}
    assert problems(game(THREE, hands)) == [
        'hands[2].dealer: "Ala" is not the dealer of this round, Celina (parts 2-4 are not dealt)']


def test_bonus_and_rounds_are_parameters():
    out = score(game(TWO, ROUND, rules={"bonus": 5, "rounds_two": 1}))
    assert out["hands"][1]["scores"] == {"Ala": 12, "Bartek": 4}
    assert out["finished"] is True and out["winner"] == "Ala"
    assert score(game(THREE, quiet_round(THREE) * 2), overrides={"rounds_three": 2})["finished"] is True


def test_carried_in_totals_count_for_the_winner():
    out = score(game(TWO, ROUND * 4, start={"Bartek": 100}))
    assert out["totals"] == {"Ala": 76, "Bartek": 104} and out["winner"] == "Bartek"


# --- bad records ---------------------------------------------------------------------------------------


def test_parts_go_1_2_3_4_in_each_round():
    hands = [ROUND[0], ROUND[2], ROUND[1], ROUND[3]]
    assert problems(game(TWO, hands)) == [
        "hands[1].part: 3 is not 2: this is part 2 of round 1 (each round plays parts 1, 2, 3, 4 in order)",
        "hands[2].part: 2 is not 3: this is part 3 of round 1 (each round plays parts 1, 2, 3, 4 in order)"]
    assert problems(game(TWO, [hand(5, {"Ala": 0, "Bartek": 0})])) == ["hands[0].part: 5 is not between 1 and 4"]
    assert problems(game(TWO, [hand("1", {"Ala": 0, "Bartek": 0})])) == ['hands[0].part: "1" is not a whole number']


def test_declared_exactly_on_the_first_hand_of_each_round():
    first = {k: v for k, v in ROUND[0].items() if k != "declared"}
    assert problems(game(TWO, [first])) == ["hands[0].declared: missing"]
    assert problems(game(TWO, ROUND + [{**ROUND[0], "part": 2}])) == [
        "hands[4].part: 2 is not 1: this is part 1 of round 2 (each round plays parts 1, 2, 3, 4 in order)"]
    second = {**ROUND[1], "declared": {"Ala": 1, "Bartek": 1}}
    assert problems(game(TWO, [ROUND[0], second])) == [
        "hands[1].declared: only the first deal of a round (part 1) carries the declarations"]


def test_declared_names_a_part_1_to_4_for_every_player():
    assert problems(game(TWO, [hand(1, {"Ala": 0, "Bartek": 0}, {"Ala": 5, "Bartek": 1})])) == [
        "hands[0].declared.Ala: 5 is not between 1 and 4"]
    assert problems(game(TWO, [hand(1, {"Ala": 0, "Bartek": 0}, {"Ala": 2})])) == ["hands[0].declared.Bartek: missing"]
    assert problems(game(TWO, [hand(1, {"Ala": 0, "Bartek": 0}, {"Ala": 2, "Zenek": 1})])) == [
        'hands[0].declared: "Zenek" is not a player of this game']


def test_points_for_every_player():
    assert problems(game(THREE, [hand(1, {"Ala": 3, "Bartek": 1}, dict.fromkeys(THREE, 1))])) == [
        "hands[0].points.Celina: missing"]
    assert problems(game(TWO, [hand(1, {"Ala": 1.5, "Bartek": 0}, {"Ala": 1, "Bartek": 1})])) == [
        "hands[0].points.Ala: 1.5 is not a whole number"]
    assert problems(game(TWO, [{"part": 1, "declared": {"Ala": 1, "Bartek": 1}}])) == ["hands[0].points: missing"]


def test_two_or_three_players_and_hands_are_tables():
    assert problems(game(["A", "B", "C", "D"], [])) == ["players: 4 players, but Metamorphosis is played by 2 or 3"]
    assert problems(game(TWO, [7])) == ["hands[0]: 7 is not a table"]
    assert problems(game(TWO, [{**ROUND[0], "tricks": 3}])) == ["hands[0].tricks: unknown field"]


# --- the sheet and the season's path -------------------------------------------------------------------


def sheet_of(data):
    rec, rules, module = records.parse({"format": "zapis/1", **data})
    return records.score(rec, rules, module)


def test_the_sheet_has_a_row_per_deal_a_bonus_mark_and_a_round_sum():
    sheet = sheet_of(game(TWO, ROUND + ROUND[:1]))
    rows = sheet.sections[0].rows
    assert [r.label for r in rows] == ["1.1", "1.2", "1.3", "1.4", "runda 1", "2.1", "runda 2", "razem"]
    assert [r.label.en for r in rows][4] == "round 1"
    bonus = rows[1].cells[0]
    assert bonus.text == "7 +10" and bonus.value == 17 and "made" in bonus.marks
    assert "failed" in rows[0].cells[1].marks  # Bartek declared part 1 and lost it
    assert [c.value for c in rows[4].cells] == [19, 1] and "line" in rows[4].marks
    assert [c.value for c in rows[-1].cells] == [24, 4]
    assert "deklaracje: Ala 2, Bartek 1" in rows[0].note and "declared: Ala 2, Bartek 1" in rows[0].note.en


@pytest.mark.parametrize("hands", [ROUND * 4, ROUND[:3], quiet_round(TWO) + ROUND])
def test_totals_path_agrees_with_the_sheet(hands):
    rules = rulesets.load("metamorfoza")
    module = get_module("metamorfoza")
    for n in range(len(hands) + 1):
        full, fast = module.score(rules, TWO, hands[:n]), module.totals(rules, TWO, hands[:n])
        assert (fast.totals, fast.finished, fast.winner) == (full.totals, full.finished, full.winner)


# --- the command line ----------------------------------------------------------------------------------

RECORD = """format = "zapis/1"
ruleset = "metamorfoza"
players = ["Ala", "Bartek"]

[[hands]]
part = 1
declared = { Ala = 2, Bartek = 1 }
points = { Ala = 5, Bartek = 3 }

[[hands]]
part = 2
points = { Ala = 7, Bartek = 4 }

[[hands]]
part = 3
points = { Ala = -3, Bartek = -8 }

[[hands]]
part = 4
points = { Ala = 0, Bartek = 2 }
"""


def test_cli_score_json(capsys, tmp_path):
    src = tmp_path / "m.toml"
    src.write_text(RECORD, encoding="utf-8")
    assert main(["score", str(src), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out)[:8] == ["ruleset", "module", "players", "hands", "totals", "finished", "winner", "next"]
    assert out["ruleset"] == "metamorfoza" and out["module"] == "metamorfoza"
    assert out["hands"][1] == {"scores": {"Ala": 17, "Bartek": 4}, "totals": {"Ala": 22, "Bartek": 7}}
    assert out["totals"] == {"Ala": 19, "Bartek": 1}
    assert out["finished"] is False and out["winner"] is None
    assert out["next"] == {"round": 2, "part": 1, "dealer": "Bartek", "leader": "Ala"}


def test_cli_score_sheet_in_each_language(capsys, tmp_path):
    src = tmp_path / "m.toml"
    src.write_text(RECORD, encoding="utf-8")
    assert main(["--lang", "pl", "score", str(src)]) == 0
    text = capsys.readouterr().out
    assert "Metamorfoza" in text and "runda 1" in text and "7 +10" in text and "rozgrywka 1" in text
    assert main(["--lang", "en", "score", str(src)]) == 0
    text = capsys.readouterr().out
    assert "Metamorphosis" in text and "round 1" in text and "runda" not in text


def test_cli_bad_record_exits_2_one_line_per_problem(capsys, tmp_path):
    src = tmp_path / "bad.toml"
    src.write_text(RECORD.replace("part = 3", "part = 4").replace("points = { Ala = 7, Bartek = 4 }",
                                                                   "points = { Ala = 7 }"), encoding="utf-8")
    assert main(["score", str(src), "--json"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"{src}: hands[1].points.Bartek: missing"]
    src.write_text(RECORD.replace("part = 3", "part = 4"), encoding="utf-8")
    assert main(["score", str(src), "--json"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"{src}: hands[2].part: 4 is not 3: this is part 3 of round 1 (each round plays parts 1, 2, 3, 4 "
                   "in order)"]


def test_cli_as_a_program(tmp_path):
    src = tmp_path / "m.toml"
    src.write_text(RECORD, encoding="utf-8")
    p = subprocess.run([sys.executable, "-m", "zapis", "score", str(src), "--json"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["totals"] == {"Ala": 19, "Bartek": 1}
    bad = tmp_path / "bad.toml"
    bad.write_text(RECORD + "\n[[hands]]\npart = 1\npoints = { Ala = 0, Bartek = 0 }\n", encoding="utf-8")
    p = subprocess.run([sys.executable, "-m", "zapis", "score", str(bad), "--json"], capture_output=True, text=True)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert p.stderr.strip().splitlines() == [f"{bad}: hands[4].declared: missing"]
