"""Hand records: a deal as PBN writes it, dealing from a seed, the opening lead against the leader's hand (Law 41A),
and the double-dummy table and par, checked against endplay (the standard DDS) computed here on its own."""

from __future__ import annotations

import pytest

from zapis.modules.bridge.deals import DECK, analyse, deal_board, lead_problem, parse_deal

#: the spec's example deal (North first)
EXAMPLE = "N:AKQ2.KJ5.T98.765 J43.AQ2.KQJ5.AK2 T765.T987.64.QJ3 98.643.A732.T984"


def test_a_deal_is_kept_by_seat_whichever_seat_it_starts_with():
    d, problems = parse_deal(EXAMPLE)
    assert problems == []
    assert d.suit("N", "S") == "AKQ2" and d.suit("E", "D") == "KQJ5" and d.suit("W", "C") == "T984"
    # the same deal written as PBN writes board 2 (East first): East's hand first, then South, West, North
    rotated, problems = parse_deal("E:J43.AQ2.KQJ5.AK2 T765.T987.64.QJ3 98.643.A732.T984 AKQ2.KJ5.T98.765")
    assert problems == [] and rotated == d
    assert d.pbn("E") == "E:J43.AQ2.KQJ5.AK2 T765.T987.64.QJ3 98.643.A732.T984 AKQ2.KJ5.T98.765"


@pytest.mark.parametrize("text, says", [
    ("N:AKQ2.KJ5.T98.765 J43.AQ2.KQJ5.AK2 T765.T987.64.QJ3", "is not a deal"),  # three hands
    ("N:AKQ2.KJ5.T98.765 J43.AQ2.KQJ5.AK2 T765.T987.64.QJ3 98.643.A732.T98", "has 12 cards"),
    ("N:AKQ2.KJ5.T98.765 AKQ.AQ2.KQJ5.AK2 T765.T987.64.QJ3 98.643.A732.T984", "dealt twice"),
    ("X:AKQ2.KJ5.T98.765 J43.AQ2.KQJ5.AK2 T765.T987.64.QJ3 98.643.A732.T984", "is not a deal"),
    ("N:AKQ2.KJ5.T98.76Z J43.AQ2.KQJ5.AK2 T765.T987.64.QJ3 98.643.A732.T984", "is not a deal"),
    (42, "is not a deal"),
])
def test_a_deal_that_is_not_52_cards_13_a_hand_is_refused(text, says):
    d, problems = parse_deal(text, "deals[0].deal")
    assert d is None and len(problems) == 1 and problems[0].place == "deals[0].deal"
    assert says in problems[0].message.en


def test_dealing_from_a_seed_is_reproducible_and_every_deal_is_a_whole_pack():
    first = [deal_board("klub-2026-11-26", b) for b in range(1, 25)]
    again = [deal_board("klub-2026-11-26", b) for b in range(1, 25)]
    other = [deal_board("klub-2026-11-27", b) for b in range(1, 25)]
    assert first == again and first != other and len({d.pbn() for d in first}) == 24
    for d in first:
        assert sorted(c for h in d.hands.values() for c in h) == sorted(DECK)
        assert all(len(h) == 13 for h in d.hands.values())
    # fixed text, fixed deal: the same seed gives this board 1 on any machine (Mersenne Twister seeded by SHA-512)
    assert first[0] == deal_board("klub-2026-11-26", 1)


def test_the_opening_lead_is_a_card_of_declarers_left_hand_opponent():
    d, _ = parse_deal(EXAMPLE)
    assert lead_problem(d, "S", "SA") is not None  # South declares: West leads, and West has no ♠A (North has)
    assert lead_problem(d, "S", "S9") is None  # West holds ♠98
    assert lead_problem(d, "N", "HA") is None  # North declares: East leads ♥A
    problem = lead_problem(d, "N", "SA", "results[3].lead")
    assert problem.place == "results[3].lead" and "(E)" in problem.message.en


endplay = pytest.importorskip("endplay")


def test_double_dummy_and_par_are_the_solvers():
    """Random deals, the table and the par computed by endplay directly (its own Deal, its own par), compared
    with what zapis reports for the board's dealer and vulnerability (Law 2, the 16-board cycle)."""
    from endplay.dds import calc_dd_table, par
    from endplay.types import Deal, Denom, Player, Vul

    deals = {b: deal_board("dd-check", b) for b in (1, 2, 7, 16)}
    got = analyse(deals)
    vuls = {1: Vul.none, 2: Vul.ns, 7: Vul.both, 16: Vul.ew}
    dealers = {1: Player.north, 2: Player.east, 7: Player.south, 16: Player.west}
    for b, d in deals.items():
        table = calc_dd_table(Deal(d.pbn()))
        for seat, player in zip("NESW", Player):
            for strain, denom in zip(("C", "D", "H", "S", "NT"),
                                     (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt)):
                assert got[b]["dd"][seat][strain] == table[denom, player], (b, seat, strain)
        theirs = par(table, vuls[b], dealers[b])
        assert got[b]["par"]["score_ns"] == theirs.score
        mine = got[b]["par"]["contracts"]
        assert mine and all(c[-1] in "NESW" for c in mine)
        for c in theirs:  # each contract the solver names is listed with its declarer, at the solver's level
            strain = ("S", "H", "D", "C", "NT")[int(c.denom)]
            double = {1: "", 2: "X", 4: "XX"}[int(c.penalty)]
            assert f"{c.level}{strain}{double}{'NESW'[int(c.declarer)]}" in mine


def test_par_lists_each_declarer_of_the_side_who_makes_it():
    """The example deal, board 1 (dealer N, none vulnerable): E and W each take 10 tricks in diamonds double dummy
    (the table below), so E-W make 130 in diamonds, bid at the lowest level that scores it (3♦+1) by either; N-S
    have no profitable sacrifice (7 spade tricks: 4♠X −3 costs 500). Par: −130 for N-S, 3♦ by E or by W."""
    d, _ = parse_deal(EXAMPLE)
    got = analyse({1: d})[1]
    assert got["dd"]["E"] == {"C": 9, "D": 10, "H": 7, "S": 6, "NT": 8} == got["dd"]["W"]
    assert got["dd"]["N"] == {"C": 4, "D": 3, "H": 5, "S": 7, "NT": 5} == got["dd"]["S"]
    assert got["par"] == {"score_ns": -130, "contracts": ["3DE", "3DW"]}
