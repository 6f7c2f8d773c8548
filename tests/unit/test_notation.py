"""One notation (issue 36): contracts and results as players write them, in the chosen language: 4♠, 3BA (3NT in
English), a double as X, and the result against the tricks the contract needs as =, +1, -2. Records keep the spec's
canonical form (4S, 3NT, tricks as a number)."""

from __future__ import annotations

import pytest

from tests.conftest import score
from zapis.core.words import say
from zapis.io import records
from zapis.lang import set_lang
from zapis.modules.bridge.law77 import Contract, written_contract
from zapis.modules.bridge.pairs import contract_text
from zapis.ui.dialogs.history import describe

P4 = ["Ala", "Bartek", "Celina", "Darek"]


def test_a_contract_is_written_as_players_write_it_in_each_language():
    assert (Contract(3, "NT").pretty().say("pl"), Contract(3, "NT").pretty().say("en")) == ("3BA", "3NT")
    assert (Contract(4, "S", 1).pretty().say("pl"), Contract(4, "S", 1).pretty().say("en")) == ("4♠X", "4♠X")
    assert Contract(7, "NT", 2).pretty().say("pl") == "7BAXX"
    assert [written_contract(v, "pl") for v in ("3NT", "2H", "pass", "nonsense")] == ["3BA", "2♥", "pas", "nonsense"]
    assert [written_contract(v, "en") for v in ("3NT", "2H", "pass")] == ["3NT", "2♥", "passed out"]


def test_a_traveller_line_reads_3ba_n_plus_1_in_polish_and_3nt_in_english():
    # 3NT by N needs 9 tricks (Law 77: 6 + the level); 10 taken: +1. 4S doubled by E, 9 of 10: -1.
    line = contract_text({"contract": "3NT", "declarer": "N", "tricks": 10})
    assert (say(line, "pl"), say(line, "en")) == ("3BA N +1", "3NT N +1")
    line = contract_text({"contract": "4S", "declarer": "E", "double": "X", "tricks": 9})
    assert (say(line, "pl"), say(line, "en")) == ("4♠X E -1", "4♠X E -1")


def test_the_rubber_sheet_writes_3ba_in_polish_and_3nt_in_english():
    data = {"format": "zapis/1", "ruleset": "bridge-rubber", "players": P4,
            "hands": [{"contract": "3NT", "declarer": "N", "tricks": 9}]}
    rec, rules, module = records.parse(data)
    sheet = records.score(rec, rules, module)
    labels = [row.label for section in sheet.sections for row in section.rows if row.hand == 0]
    assert labels and all(say(lb, "pl").startswith("a) 3BA N =") and say(lb, "en").startswith("a) 3NT N =")
                          for lb in labels)
    # the record's 3NT scored as ever: 100 below the line, and the rubber left unfinished with a game won,
    # Law 80's 300: 400 to N-S
    assert score(data)["totals"]["Ala"] == 400


@pytest.mark.parametrize("lang, words", [
    ("pl", ["kontrakt 3BA · rozgrywający N · wynik +1", "wynik +1 → -1"]),
    ("en", ["contract 3NT · declarer N · result +1", "result +1 → -1"])])
def test_the_history_writes_the_contract_and_the_result_as_players_do(lang, words):
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "bridge-rubber", "players": P4})
    fields = module.hand_fields(rules, P4)
    set_lang(lang)
    try:
        hand = {"contract": "3NT", "declarer": "N", "tricks": 10}  # 9 needed: +1
        assert describe(hand, fields).startswith(words[0])
        assert describe({**hand, "tricks": 8}, fields, before=hand) == words[1]  # a correction: 10 -> 8 tricks
        # the record's contract changed with the tricks: each result against its own contract
        assert describe({**hand, "contract": "4S"}, fields, before=hand).endswith("→ =")
    finally:
        set_lang("pl")


@pytest.mark.parametrize("lang, meld", [("pl", "meldunki Marta ♥ kier"), ("en", "melds Marta ♥ hearts")])
def test_the_history_names_a_meld_as_its_cell_does_never_the_records_key(lang, meld):
    """A tysiąc meld in the history (issue 30's one language): the cell that was tapped, "♥ kier" / "♥ hearts",
    not the record's "hearts"; a player's name stays as typed."""
    players = ["Leon", "Marta", "Nina"]
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "tysiac", "players": players})
    set_lang(lang)
    try:
        text = describe({"declarer": "Marta", "bid": 120, "points": {"Leon": 30, "Marta": 70, "Nina": 20},
                         "melds": {"Marta": ["hearts"]}}, module.hand_fields(rules, players))
    finally:
        set_lang("pl")
    assert meld in text and "hearts" not in text.replace("♥ hearts", "")
