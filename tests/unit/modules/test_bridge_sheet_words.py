"""Bridge sheets as on paper, one language at a time (issue #18): each text the bridge modules write carries Polish
and English (a Bi) and a renderer says one; the rubber sheet's columns are My / Oni (We / They) with a line drawn
under each game made; an IMP row says everything from N-S's point of view. The numbers and the JSON do not change."""

import re

import pytest
from rich.console import Console

from zapis.io import records
from zapis.core.errors import ZapisError
from zapis.core.words import Bi, say
from zapis.modules.bridge.law77 import imps
from zapis.modules.bridge.module import BridgeModule
from zapis.modules.bridge.pairs import PairsModule
from zapis.io.render import sheet_renderable

P = ["Ala", "Bartek", "Celina", "Darek"]  # N, E, S, W
PASS = {"contract": "pass"}
POLISH_LETTERS = re.compile("[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]")


def h(contract, declarer, tricks, double="", **kw):
    return {"contract": contract, "declarer": declarer, "tricks": tricks, "double": double, **kw}


def sheet(ruleset, *hands, key="hands", players=P, **kw):
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": ruleset,
                                        "pairs" if key == "results" else "players": players, key: list(hands), **kw})
    out = records.score(rec, rules, module)
    # the ruleset's own title ("Brydż robrowy ... / Rubber bridge") is a ruleset file's data, not the module's text
    for sec in out.sections:
        if sec.title == rules.title:
            sec.title = "T"
    out.title = "T"
    return out


def printed(s, lang):
    con = Console(width=200, record=True, file=open("/dev/null", "w"))
    con.print(sheet_renderable(s, lang=lang))
    return con.export_text()


def words(text):
    return set(re.findall(r"\w+", text))


# A rubber with everything a rubber sheet writes: a) N-S 2S= 60 (partscore), b) E-W 2H= 60, c) N-S 2C= 40 (game,
# the line; E-W's 60 is cut off under it), d) E-W 4HXX-1 NV (200 above for N-S), e) N-S 4SX+1 vulnerable with
# honours 100 (game, 2-0: overtrick 200, insult 50, honours, the rubber bonus), then an unfinished second rubber:
# f) E-W 6NT= NV (slam 500, game) and g) N-S 1C= (a partscore): Law 80's bonuses and note.
RUBBER = [h("2S", "N", 8), h("2H", "E", 8), h("2C", "N", 8), h("4H", "E", 9, "XX"),
          h("4S", "S", 11, "X", honours=100, honours_side="NS"), h("6NT", "E", 12), h("1C", "N", 7)]
POLISH_WORDS = {"nad", "pod", "kreską", "razem", "rober", "Rober", "honory", "bez", "dla", "obrońców", "nadróbka",
                "za", "kontrę", "rekontrę", "szlemik", "niedokończony", "częściówka", "partia", "rozliczenie",
                "różnica", "My", "Oni", "premie", "Prawa", "pas", "rozdanie", "przed", "partią", "partii"}
ENGLISH_WORDS = {"above", "below", "line", "total", "rubber", "Rubber", "honours", "down", "defenders", "overtrick",
                 "overtricks", "insult", "slam", "unfinished", "partscore", "game", "settlement", "difference", "We",
                 "They", "Law", "bonuses", "passed", "out", "deal", "vulnerable", "neither", "score", "expected"}


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_rubber_sheet_is_said_in_one_language(lang):
    text = printed(sheet("bridge-rubber", *RUBBER), lang)
    found = words(text)
    if lang == "en":
        assert not POLISH_LETTERS.search(text), text
        assert not found & POLISH_WORDS, found & POLISH_WORDS
        for w in ("Rubber 1: above the line", "Rubber 1: below the line", "Rubber 2: above the line (unfinished)",
                  "a) 2♠ N =", "e) honours", "e) rubber 2-0", "down 1: 200 to the defenders",
                  "overtrick 200 + insult 50", "small slam 500", "partscore in an unfinished rubber",
                  "Rubber 1: settlement: We +", "Unfinished rubber: the Law 80 bonuses are included", "total"):
            assert w in text, w
    else:
        assert not found & ENGLISH_WORDS, found & ENGLISH_WORDS
        for w in ("Rober 1: nad kreską", "Rober 1: pod kreską", "Rober 2: nad kreską (niedokończony)", "e) honory",
                  "e) rober 2-0", "bez 1: 200 dla obrońców",
                  "nadróbka 200 + za kontrę 50", "szlemik 500", "częściówka w niedokończonym robrze",
                  "Rober 1: rozliczenie: My +", "Rober niedokończony: premie wg Prawa 80 wliczone", "razem"):
            assert w in text, w
    assert " / " not in text.replace("/ 100)", "")  # no "pl / en" left; the settlement's "1320 / 100" divides


def test_the_rubber_columns_are_my_and_oni_with_n_s_as_my():
    """The paper sheet's MY | ONI (ui.md); the scorekeeper sits N-S by convention, so N-S's entries are "My"."""
    s = sheet("bridge-rubber", h("3NT", "N", 9), h("2H", "E", 8))
    for sec in s.sections:
        assert [say(c, "pl") for c in sec.columns] == ["My: Ala+Celina", "Oni: Bartek+Darek"]
        assert [say(c, "en") for c in sec.columns] == ["We: Ala+Celina", "They: Bartek+Darek"]
    below = s.sections[1].rows
    assert [c.value for c in below[0].cells] == [100, None] and [c.value for c in below[1].cells] == [None, 60]
    pl, en = printed(s, "pl"), printed(s, "en")
    assert "My: Ala+Celina" in pl and "Oni: Bartek+Darek" in pl and "N-S" not in pl and "E-W" not in pl
    assert "We: Ala+Celina" in en and "They: Bartek+Darek" in en and "N-S" not in en


def test_a_line_is_drawn_under_each_game_made_below_the_line():
    """Law 73 / the seed: a game made (100 trick points) is marked by a line under the entries below the line,
    across both columns; partscores before it get none. N-S 2S= 60, E-W 2H= 60, N-S 2C= 40 (N-S game: 100),
    E-W 2H= 60 (a partscore again: E-W's first 60 no longer counts), E-W 2S= 60 (E-W game: 120)."""
    s = sheet("bridge-rubber", h("2S", "N", 8), h("2H", "E", 8), h("2C", "N", 8), h("2H", "W", 8), h("2S", "E", 8))
    below = s.sections[1]
    assert [say(r.label, "en") for r in below.rows] == ["a) 2♠ N =", "b) 2♥ E =", "c) 2♣ N =", "d) 2♥ W =",
                                                          "e) 2♠ E =", "total"]
    lines = ["line" in r.marks for r in below.rows]
    assert lines == [False, False, True, False, True, False]
    for r in below.rows:  # the line goes under both columns, the opponents' entry too
        assert all(("line" in c.marks) == ("line" in r.marks) for c in r.cells)
    assert "total" in below.rows[-1].marks
    assert [c.value for c in below.rows[-1].cells] == [100, 180]
    # nothing is drawn above the line
    assert not any("line" in r.marks for r in s.sections[0].rows)


def imp_rows(*hands, **kw):
    s = sheet("bridge-imp", *hands, **kw)
    return s, s.sections[0].rows[:-1]


def test_an_imp_row_is_all_from_n_s_point_of_view():
    """The rules' digest, 4.1 (Polish club IMP against the HCP table): the expected score is looked up for the side
    with 20+ HCP and its vulnerability; the deal's score minus it is converted by Law 78B, the other side gets the
    negation. Shown from N-S's side: N-S's score, N-S's expectation (negated when E-W are stronger), their
    difference, N-S's IMPs.
    Deal 1 (none vul), HCP N-S 25: N-S 4S= NV 420, expected 300 (25, NV) -> +120 -> +3 IMP N-S.
    Deal 2 (N-S vul), HCP N-S 14: E-W hold 26 and are NV: expected 350 for E-W, -350 for N-S; E-W 3NT+1 NV = 430
    (100 + 30 + game 300), N-S -430; difference -430 - (-350) = -80 -> -2 IMP N-S (band 50-80 is 2).
    Deal 3 (E-W vul), HCP N-S 10: E-W hold 30 and are V: expected 690 for E-W, -690 for N-S; E-W 6NT= V = 1440
    (190 + slam 750 + game 500), N-S -1440; difference -750 -> -13 IMP N-S (band 750-890 is 13).
    Deal 4 (both vul), HCP N-S 20: N-S are the reference (expected 0); E-W 1NT-1 V: N-S +100 -> +100 -> +3."""
    s, rows = imp_rows(h("4S", "N", 10, hcp_ns=25), h("3NT", "E", 10, hcp_ns=14), h("6NT", "W", 12, hcp_ns=10),
                       h("1NT", "S", 6, hcp_ns=20) | {"declarer": "E"})
    assert [[c.value for c in r.cells] for r in rows] == [
        [25, 420, 300, 120, 3, -3],
        [14, -430, -350, -80, -2, 2],
        [10, -1440, -690, -750, -13, 13],
        [20, 100, 0, 100, 3, -3],
    ]
    sec = s.sections[0]
    assert [say(c, "pl") for c in sec.columns] == ["PC N-S", "wynik N-S", "oczekiwany N-S", "różnica", "IMP N-S",
                                                   "IMP E-W"]
    assert [say(c, "en") for c in sec.columns] == ["HCP N-S", "N-S score", "N-S expected", "difference", "IMP N-S",
                                                   "IMP E-W"]
    assert say(rows[1].note, "en").endswith("E-W hold 26 HCP, not vulnerable: expected 350 for E-W, so -350 for "
                                            "N-S; difference -80 → -2 IMP N-S")
    assert say(rows[1].note, "pl").endswith("E-W mają 26 PC, przed partią: oczekiwany 350 dla E-W, czyli -350 dla "
                                            "N-S; różnica -80 → -2 IMP N-S")
    assert s.to_json()["sides"] == {"NS": 3 - 2 - 13 + 3, "EW": -3 + 2 + 13 - 3}


@pytest.mark.parametrize("hcp_ns", [0, 5, 12, 16, 19, 20, 21, 24, 28, 33, 40])
@pytest.mark.parametrize("hand", [h("4S", "N", 10), h("3NT", "E", 9), h("2H", "W", 6, "X"), h("6C", "S", 12), PASS])
def test_every_imp_row_adds_up_from_n_s_side(hcp_ns, hand):
    """Whichever side is stronger: difference = N-S score - N-S expected, and IMP N-S = Law 78B of it."""
    for deal in range(4):
        _, rows = imp_rows(*([h("1C", "N", 7, hcp_ns=20)] * deal), hand | {"hcp_ns": hcp_ns})
        _, score, exp, diff, imp_ns, imp_ew = (c.value for c in rows[-1].cells)
        assert diff == score - exp and imp_ns == imps(diff) and imp_ew == -imp_ns
        assert (exp <= 0) if hcp_ns < 20 else (exp >= 0)


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_chicago_and_imp_sheets_are_said_in_one_language(lang):
    chicago = sheet("bridge-chicago", h("4H", "N", 11), PASS, h("2C", "S", 9, "X"), h("3NT", "E", 7))
    imp = sheet("bridge-imp", h("4S", "N", 10, hcp_ns=25), PASS | {"hcp_ns": 26}, h("6NT", "W", 12, hcp_ns=10),
                rules={"passed_out": "redeal"})
    for s in (chicago, imp):
        text = printed(s, lang)
        found = words(text)
        if lang == "en":
            assert not POLISH_LETTERS.search(text), text
            assert not found & POLISH_WORDS, found & POLISH_WORDS
        else:
            assert not found & ENGLISH_WORDS, found & ENGLISH_WORDS
        assert " / " not in text
    ch, im = printed(chicago, lang), printed(imp, lang)
    if lang == "en":
        assert "1. Ala (N) neither vulnerable: 4♥ N +1" in ch and "2. Bartek (E) N-S vulnerable: passed out" in ch
        assert "120 + overtrick 30 + game bonus 300 = 450" in ch and "passed out: redealt, does not count" in im
    else:
        assert "1. Ala (N) obie przed partią: 4♥ N +1" in ch and "2. Bartek (E) N-S po partii: pas" in ch
        assert "120 + nadróbka 30 + premia za dograną 300 = 450" in ch and "pas: rozdanie powtórzone" in im


def test_a_redealt_pass_out_says_it_does_not_count():
    _, rows = imp_rows(PASS | {"hcp_ns": 25}, rules={"passed_out": "redeal"})
    assert rows[0].cells[4].value == 0
    assert say(rows[0].note, "en") == "passed out: redealt, does not count"
    assert say(rows[0].note, "pl") == "pas: rozdanie powtórzone, nie liczy się"


PAIRS = {"1": ["Ala", "Bartek"], "2": ["Celina", "Darek"], "3": ["Ewa", "Franek"], "4": ["Gosia", "Henryk"]}


@pytest.mark.parametrize("ruleset", ["bridge-pairs", "bridge-pairs-imp"])
@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_pairs_sheet_is_said_in_one_language(ruleset, lang):
    res = [{"board": 1, "ns": 1, "ew": 2, "contract": "4S", "declarer": "N", "tricks": 10},
           {"board": 1, "ns": 3, "ew": 4, "contract": "pass"},
           {"board": 2, "ns": 1, "ew": 3, "contract": "3NT", "declarer": "S", "tricks": 8},
           {"board": 2, "ns": 4, "ew": 2, "adjusted": "A60/A40"}]
    text = printed(sheet(ruleset, *res, key="results", players=PAIRS), lang)
    assert " / " not in text
    if lang == "en":
        assert not POLISH_LETTERS.search(text), text
        for w in ("Board 1 (dealer N, neither vulnerable)", "Board 2 (dealer E, N-S vulnerable)", "contract",
                  "N-S score", "E-W score", "passed out", "Ranking", "1. pair", "players", "total"):
            assert w in text, w
        assert bool(re.search(r"\bMP N-S", text)) == (ruleset == "bridge-pairs")
    else:
        assert not words(text) & ENGLISH_WORDS
        for w in ("Rozdanie 1 (rozdaje N, obie przed partią)", "Rozdanie 2 (rozdaje E, N-S po partii)", "kontrakt",
                  "zapis N-S", "zapis E-W", " pas ", "Klasyfikacja", "1. para", "gracze", "suma"):
            assert w in text, w
        assert ("PT N-S" in text) == (ruleset == "bridge-pairs")


def test_the_modules_titles_carry_both_languages():
    assert isinstance(BridgeModule.title, Bi) and say(BridgeModule.title, "en") == "Bridge"
    assert BridgeModule.title == "Brydż"
    assert say(PairsModule.title, "pl") == "Brydż sportowy: turniej par"
    assert say(PairsModule.title, "en") == "Duplicate pairs"


def said(data, lang):
    try:
        records.score(*records.parse({"format": "zapis/1", **data}))
    except ZapisError as e:
        return [p.say(lang) for p in e.problems]
    return []


@pytest.mark.parametrize("data,pl,en", [
    ({"ruleset": "bridge-rubber", "players": P[:3], "hands": []},
     "players: 3 graczy, a w brydża grają cztery osoby", "players: 3 players, but Bridge is played by 4"),
    ({"ruleset": "bridge-rubber", "players": P, "hands": [PASS | {"tricks": 9}]},
     "hands[0].tricks: 9: w spasowanym rozdaniu nie ma lew", "hands[0].tricks: 9: a passed-out deal has no tricks"),
    ({"ruleset": "bridge-rubber", "players": P, "hands": [PASS | {"double": "X"}]},
     'hands[0].double: "X": spasowanego rozdania nikt nie kontruje',
     'hands[0].double: "X": a passed-out deal is not doubled'),
    ({"ruleset": "bridge-rubber", "players": P, "hands": [{"contract": "4Z", "declarer": "N", "tricks": 9}]},
     'hands[0].contract: "4Z" to nie kontrakt (wysokość 1-7 i miano: ♣ ♦ ♥ ♠ BA, albo pas)',
     'hands[0].contract: "4Z" is not a contract (level 1-7 and C, D, H, S or NT, or pass)'),
    ({"ruleset": "bridge-rubber", "players": P, "hands": [{"contract": "4S", "tricks": 9}]},
     "hands[0].declarer: brak", "hands[0].declarer: missing"),
    ({"ruleset": "bridge-rubber", "players": P, "hands": [h("4S", "N", 10, honours=100)]},
     "hands[0].honours_side: brak: która strona miała honory",
     "hands[0].honours_side: missing: which side held the honours"),
    ({"ruleset": "bridge-rubber", "players": P, "hands": [h("3NT", "N", 9, honours=100, honours_side="NS")]},
     "hands[0].honours: 100 w bez atu: liczą się tam tylko cztery asy (150)",
     "hands[0].honours: 100 at no trumps: only four aces (150) count there"),
    ({"ruleset": "bridge-rubber", "players": P, "hands": [], "start": {"Ala": 100, "Celina": 200}},
     "start.Celina: 200, a partner Ala ma 100: para ma jeden wynik", "start.Celina: 200 differs from partner Ala's 100"),
    ({"ruleset": "bridge-pairs", "pairs": {"1": ["Ala"]}, "results": []},
     'pairs.1: ["Ala"] to nie dwa imiona graczy', 'pairs.1: ["Ala"] is not two player names'),
    ({"ruleset": "bridge-pairs", "pairs": PAIRS, "results": [{"board": 1, "ns": 1, "ew": 1, "contract": "pass"}]},
     "results[0].ew: para 1 nie może grać sama ze sobą", "results[0].ew: pair 1 cannot play against itself"),
    ({"ruleset": "bridge-pairs", "pairs": PAIRS, "results": [{"board": 1, "ns": 1, "ew": 2, "contract": "pass"},
                                                            {"board": 1, "ns": 1, "ew": 3, "contract": "pass"}]},
     "results[1].ns: para 1 ma już wynik w rozdaniu 1 (results[0])",
     "results[1].ns: pair 1 already has a result on board 1 (results[0])"),
])
def test_a_bridge_problem_is_said_in_each_language(data, pl, en):
    assert said(data, "pl") == [pl]
    assert said(data, "en") == [en]
