"""The score over time (zapis.core.progress): each line's running total after every hand, worked out by hand
from small records: a carried-in start, negative totals, bridge partners as one line, keys that are not
players, and the letters that tell the lines apart."""

from zapis.io import records
from zapis.core.progress import Progress, Series, markers, progress
from zapis.core.sheet import HandResult, Sheet, running


def _sheet(data):
    rec, rules, module = records.parse({"format": "zapis/1", **data})
    return records.score(rec, rules, module)


TYSIAC_HANDS = [
    # Bartek bids 120 and makes 70 + 100 (the hearts marriage): +120; Ala 30, Celina 20
    {"declarer": "Bartek", "bid": 120, "points": {"Ala": 30, "Bartek": 70, "Celina": 20},
     "melds": {"Bartek": ["hearts"]}},
    # Celina bids 100 and takes 61: -100; Ala 44 rounds to 40, Bartek 15 to 20
    {"declarer": "Celina", "bid": 100, "points": {"Ala": 44, "Bartek": 15, "Celina": 61}},
]


def test_running_totals_start_at_zero():
    p = progress(_sheet({"ruleset": "tysiac", "players": ["Ala", "Bartek", "Celina"], "hands": TYSIAC_HANDS}))
    assert p.hands == 2 and p.points == 3 and not p.carried and not p.final  # the last hand's totals are the sheet's
    assert p.series == (Series(("Ala",), (0, 30, 70)), Series(("Bartek",), (0, 120, 140)),
                        Series(("Celina",), (0, 20, -80)))
    assert p.bounds() == (-80, 140)


def test_a_carried_in_start_is_the_first_point():
    """A record's start (totals carried in from an earlier session): point 0 is the first hand's totals less
    its scores, and every total after it builds on it."""
    sheet = _sheet({"ruleset": "tysiac", "players": ["Ala", "Bartek", "Celina"], "start": {"Ala": 100, "Bartek": -50},
                    "hands": TYSIAC_HANDS})
    p = progress(sheet)
    assert p.carried
    assert [s.values for s in p.series] == [(100, 130, 170), (-50, 70, 90), (0, 20, -80)]
    assert [s.last for s in p.series] == [170, 90, -80]


def test_negative_totals():
    """A game scored in minus points: the totals go down hand by hand."""
    players = ["Ala", "Bartek", "Celina", "Darek"]
    hands = running([{"Ala": -20, "Bartek": -60, "Celina": 0, "Darek": -50},
                     {"Ala": -100, "Bartek": 0, "Celina": -30, "Darek": 0},
                     {"Ala": 0, "Bartek": -15, "Celina": -15, "Darek": -100}], players)
    p = progress(Sheet("kierki", "kierki", "Kierki", players, hands, dict(hands[-1].totals)))
    assert [s.values for s in p.series] == [(0, -20, -120, -120), (0, -60, -60, -75), (0, 0, -30, -45),
                                            (0, -50, -50, -150)]
    assert p.bounds() == (-150, 0)


def test_partners_who_share_every_total_are_one_line():
    """Rubber bridge: 3NT made by N: N-S (Ala and Celina) score 100 below; E-W nothing. The rubber is
    unfinished, so the sheet's totals add 300 for N-S's game (Law 80), which no hand has: a last point, the
    sheet's totals, ends the lines where the game screen's totals are."""
    sheet = _sheet({"ruleset": "bridge-rubber", "players": ["Ala", "Bartek", "Celina", "Darek"],
                    "hands": [{"contract": "3NT", "declarer": "N", "tricks": 9}]})
    sides = [["Ala", "Celina"], ["Bartek", "Darek"]]  # what the bridge module's partnerships says
    p = progress(sheet, sides)
    assert p.series == (Series(("Ala", "Celina"), (0, 100, 400)), Series(("Bartek", "Darek"), (0, 0, 0)))
    assert p.final and p.points == 3 and p.hands == 1
    assert p.series[0].label == "Ala · Celina"
    # without the partnerships, each player is a line of their own
    assert [s.keys for s in progress(sheet).series] == [("Ala",), ("Bartek",), ("Celina",), ("Darek",)]


def test_players_who_happen_to_score_the_same_keep_their_own_lines():
    """Tysiąc: Ala and Celina both take 20 in the first hand; they are not partners, so two lines (a legend
    that merged them would split again after the next hand)."""
    sheet = _sheet({"ruleset": "tysiac", "players": ["Ala", "Bartek", "Celina"],
                    "hands": [{"declarer": "Bartek", "bid": 100, "points": {"Ala": 20, "Bartek": 80, "Celina": 20}}]})
    p = progress(sheet)
    assert [s.keys for s in p.series] == [("Ala",), ("Bartek",), ("Celina",)]
    assert p.series[0].values == p.series[2].values == (0, 20)
    # partners whose totals differ (a side named that does not score as one) are not merged either
    assert len(progress(sheet, [["Ala", "Bartek"]]).series) == 3


def test_the_lines_follow_the_keys_the_totals_have():
    """A module that keeps totals under other keys than the players (a side, "NS"): those are the lines;
    a player with no total in any hand has none; a key missing from a hand is a gap."""
    sheet = Sheet("x", "x", "x", ["Ala", "Bartek"], [
        HandResult({"NS": 50, "EW": 0}, {"NS": 50, "EW": 0}),
        HandResult({"NS": 0}, {"NS": 50}),
        HandResult({"NS": 0, "EW": 120}, {"NS": 50, "EW": 120})])
    p = progress(sheet)
    assert p.series == (Series(("NS",), (0, 50, 50, 50)), Series(("EW",), (0, 0, None, 120)))
    assert p.series[1].last == 120


def test_no_hands_yet():
    p = progress(Sheet("x", "x", "x", ["Ala", "Bartek"], [], {"Ala": 0, "Bartek": 0}))
    assert p == Progress(0, (Series(("Ala",), (0,)), Series(("Bartek",), (0,))), False)
    assert p.bounds() == (0, 0)


def test_float_totals_and_the_start():
    sheet = Sheet("x", "x", "x", ["Ala"], running([{"Ala": 1.5}, {"Ala": -0.5}], ["Ala"], {"Ala": 2.0}))
    assert progress(sheet).series[0].values == (2, 3.5, 3.0)


def test_each_line_has_its_own_letter():
    def letters(*names):
        return markers(Progress(1, tuple(Series((n,), (0, 1)) for n in names)))

    assert letters("Ala", "Bartek", "Celina") == ["A", "B", "C"]
    assert letters("Ala", "Adam", "Aga") == ["A", "D", "G"]  # the initial taken: another letter of the name
    assert letters("Ala", "Ala") == ["A", "L"]
    assert letters("ßen", "王", "[/]") == ["E", "A", "B"]  # one cell, one character in capitals, never markup
    assert letters("Łucja", "Ścibor") == ["Ł", "Ś"]
