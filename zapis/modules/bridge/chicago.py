"""Chicago (the seed's and the ACBL's, with carry-over) and the Polish IMP method against the HCP table: the fold
of cycles of four deals, each deal's row and words, and the cycle's sheet."""

from __future__ import annotations

from typing import Any, Mapping

from zapis.core.module import DECLARED, Rules
from zapis.core.sheet import Cell, Row, Section, Sheet, running
from zapis.core.words import Bi
from zapis.modules.bridge.hands import _contract, _count_declarer, _Deal, _parse
from zapis.modules.bridge.law77 import (
    PASSED_OUT, SEATS, VUL_WORDS, Breakdown, Parts, Values, declarer_score, deal_parts, imps, premium, vulnerable,
)
from zapis.modules.bridge.seating import _both, _outcome, _Seating

SIDE_LABEL = {"NS": "N-S", "EW": "E-W"}
# Chicago / IMP with passed_out = "redeal": the deal is dealt again by the same dealer and does not count
REDEALT = Bi("pas: rozdanie powtórzone, nie liczy się", "passed out: redealt, does not count")


class _Cycle:
    """Chicago (the seed's and the ACBL's) and the Polish IMP method: cycles of four deals. With `rows` (score())
    the fold writes the sheet's rows as it goes; without (totals()) it only adds up."""

    def __init__(self, rules: Rules, players: list[str], start: dict[str, int], rows: bool = True):
        self.r, self.players, self.start, self.rows = rules, players, start, rows
        self.values = Values.from_rules(rules)
        self.imp = rules["scoring"] == "imp"
        self.carry = rules["carry_over"] and not self.imp
        self.redeal = rules["passed_out"] == "redeal"
        self.expected = {row[0]: (row[1], row[2]) for row in rules["hcp_table"]} if self.imp else {}
        self.per_hand: list[dict[str, int]] = []  # with rows: each hand's points
        seating = _Seating(rules, players)
        self.look = seating.lookup(1)  # a seat or a player's name -> side, seat
        self.order = seating.order(1)  # who sits N, E, S, W
        self.declared: dict[str, tuple[int, int]] = {}  # each declarer's contracts and those made, as folded
        self.table: list[Row] = []  # with rows: each hand's row
        self.dealer_i = 0  # with rows: the seat of the next dealer

    def fold(self, hands: list[Mapping[str, Any]]) -> tuple[dict[str, int], int]:
        """Every deal in order, four to a cycle (a pass redealt does not count): the sides' totals from the start,
        and how many deals counted."""
        r, rows, values = self.r, self.rows, self.values
        cycle_vul = r["cycle_vulnerability"]
        tot = dict(self.start)
        counted = 0  # deals that count in the cycle
        part = {"NS": 0, "EW": 0}  # partscores toward game (carry-over)
        for i, hand in enumerate(hands):
            pos = counted % 4  # 0..3: deal 1..4 of the cycle
            if pos == 0:
                part = {"NS": 0, "EW": 0}
            vul = hand.get("vulnerable") or cycle_vul[pos]
            c = _contract(hand)
            score_ns, parts, prem, kind = 0, None, 0, ""
            if c is not None:
                side, tricks = self.look[hand["declarer"]][0], hand["tricks"]
                v = vulnerable(vul, side)
                parts = deal_parts(c, v, tricks, values)
                made = tricks >= c.needed
                _count_declarer(self.declared, self.order, hand["declarer"], made)
                if self.carry:
                    prem, kind = self._carry(made, parts[0], v, side, part, pos)
                else:
                    prem, kind = premium(made, parts[0], v, 100, r["partscore_bonus"], r["game_bonus_nv"],
                                         r["game_bonus_v"])
                s = declarer_score(parts, prem)
                score_ns = s if side == "NS" else -s
            redeal = c is None and self.redeal
            imp = None
            if self.imp:
                imp = self._imp(score_ns, hand["hcp_ns"], vul)
                imp_ns = 0 if redeal else imp[3] if imp[0] == "NS" else -imp[3]
                ns, ew = imp_ns, -imp_ns
            else:
                ns, ew = max(score_ns, 0), max(-score_ns, 0)
            tot["NS"] += ns
            tot["EW"] += ew
            if rows:
                self._row(i, hand, pos, vul, score_ns, parts, prem, kind, redeal, ns, ew, imp)
            if not redeal:
                counted += 1
        return tot, counted

    def _imp(self, score_ns: int, hcp_ns: int, vul: str) -> tuple[str, int, int, int]:
        """A deal against the HCP table: the stronger side, its HCP, the score the table expects of it at its
        vulnerability, and the IMPs of the difference of its score from that (its own, with their sign)."""
        ref = "NS" if hcp_ns >= 20 else "EW"
        hcp = max(hcp_ns, 40 - hcp_ns)
        exp = self.expected[hcp][1 if vulnerable(vul, ref) else 0]
        ref_score = score_ns if ref == "NS" else -score_ns
        return ref, hcp, exp, imps(ref_score - exp, self.r["imp_scale"])

    def _carry(self, made: bool, below: int, vul: bool, side: str, part: dict[str, int], pos: int) -> tuple[int, str]:
        """ACBL Chicago: partscores combine toward game; a game wipes them; 100 on deal 4. The premium and its
        kind (Breakdown.premium_kind)."""
        r = self.r
        if not made:
            return 0, ""
        part[side] += below
        if part[side] >= 100:
            prem, kind = r["game_bonus_v"] if vul else r["game_bonus_nv"], "game"
            part["NS"] = part["EW"] = 0
        elif pos == 3:
            prem, kind = r["fourth_deal_partscore_bonus"], "fourth"
        else:
            prem, kind = 0, ""
        return prem, kind

    def _row(self, i: int, hand: Mapping[str, Any], pos: int, vul: str, score_ns: int, parts: Parts | None,
             prem: int, kind: str, redeal: bool, ns: int, ew: int, imp: tuple[str, int, int, int] | None) -> None:
        """A deal's row, as fold() has scored it, and its points."""
        players = self.players
        deal = _parse(hand, self.look)
        dealer = hand.get("dealer") or players[self.dealer_i % 4]
        self.dealer_i = players.index(dealer)
        words = PASSED_OUT
        if deal.contract is not None:
            words = Breakdown(deal.contract, vulnerable(vul, deal.side), deal.tricks, *parts, prem, kind).words()
        if redeal:
            words = REDEALT
        label = f"{pos + 1}. {dealer} ({SEATS[players.index(dealer)]}) " + VUL_WORDS[vul] + ": " + deal.label
        if imp is not None:
            ref, hcp, exp, _ = imp
            imp_ns = ns
            # The row is said from N-S's point of view, as its columns are: the table's expectation is the
            # stronger side's (the rules' digest, 4.1), so it is N-S's own, or negated when E-W are stronger;
            # the difference and the IMPs are then N-S's (the IMP scale keeps the sign: imps(-d) == -imps(d)).
            exp_ns = exp if ref == "NS" else -exp
            diff_ns = score_ns - exp_ns  # == diff, or -diff when E-W are the stronger side
            words = _imp_words(words, deal, ref, hcp, vulnerable(vul, ref), exp, exp_ns, diff_ns, imp_ns, redeal)
            cells = [Cell.num(hand["hcp_ns"]), Cell.num(score_ns), Cell.num(exp_ns), Cell.num(diff_ns),
                     Cell.num(imp_ns), Cell.num(-imp_ns)]
        else:
            cells = [Cell.num(ns or None), Cell.num(ew or None)]
        self.per_hand.append(_both(players, ns, ew))
        self.table.append(Row(label, cells, hand=i, note=words,
                              marks=frozenset({"line"}) if pos == 3 and not redeal else frozenset()))
        if not redeal:
            self.dealer_i += 1

    def _summary(self, tot: dict[str, int], counted: int) -> tuple[bool, dict[str, int], list[str] | None]:
        """Whether the cycle stands finished (four deals counted), each player's total and the winner."""
        finished = counted > 0 and counted % 4 == 0
        return (finished, *_outcome(self.players, tot, finished))

    def totals(self, hands: list[Mapping[str, Any]]) -> Sheet:
        tot, counted = self.fold(hands)
        finished, totals, winner = self._summary(tot, counted)
        r = self.r
        return Sheet(module="bridge", ruleset=r.id, title=r.title, players=self.players, totals=totals,
                     finished=finished, winner=winner, extra={"sides": tot, DECLARED: self.declared})

    def run(self, hands: list[Mapping[str, Any]]) -> Sheet:
        r, players, imp = self.r, self.players, self.imp
        tot, counted = self.fold(hands)
        finished, totals, winner = self._summary(tot, counted)
        hands_out = running(self.per_hand, players, _both(players, self.start["NS"], self.start["EW"]))
        pos = counted % 4
        nd = players[self.dealer_i % 4]
        nxt = {"deal": pos + 1, "dealer": nd, "seat": SEATS[players.index(nd)],
               "vulnerable": r["cycle_vulnerability"][pos]}
        cols = ([Bi("PC N-S", "HCP N-S"), Bi("wynik N-S", "N-S score"), Bi("oczekiwany N-S", "N-S expected"),
                 Bi("różnica", "difference"), "IMP N-S", "IMP E-W"] if imp else
                [f"N-S: {players[0]}+{players[2]}", f"E-W: {players[1]}+{players[3]}"])
        section = Section(r.title, cols, self.table, label_header=Bi("rozdanie", "deal"))
        section.rows.append(Row(Bi("razem", "total"), ([Cell()] * 4 if imp else []) +
                                [Cell.num(tot["NS"]), Cell.num(tot["EW"])], marks=frozenset({"total"})))
        return Sheet(module="bridge", ruleset=r.id, title=r.title, players=players, hands=hands_out,
                     totals=totals, finished=finished, winner=winner, next=nxt, sections=[section],
                     extra={"sides": tot})


def _imp_words(words: Bi | str, deal: _Deal, ref: str, hcp: int, ref_vul: bool, exp: int, exp_ns: int, diff_ns: int,
               imp_ns: int, redeal: bool) -> Bi:
    """How an IMP row is worked out, from N-S's point of view like its columns: "E-W: 100 + nadróbka 30 + premia za
    dograną 300 = 430; E-W mają 26 PC, przed partią: oczekiwany 350 dla E-W, czyli -350 dla N-S; różnica -80 →
    -2 IMP N-S". The expectation is looked up for the stronger side (its HCP, its vulnerability)."""
    if redeal:
        return REDEALT
    made = words if deal.contract is None else SIDE_LABEL[deal.side] + ": " + words
    side = SIDE_LABEL[ref]
    if ref == "NS":
        pl = f"N-S mają {hcp} PC, {'po partii' if ref_vul else 'przed partią'}: oczekiwany {exp}"
        en = f"N-S hold {hcp} HCP, {'vulnerable' if ref_vul else 'not vulnerable'}: expected {exp}"
    else:
        pl = (f"{side} mają {hcp} PC, {'po partii' if ref_vul else 'przed partią'}: oczekiwany {exp} dla {side}, "
              f"czyli {exp_ns} dla N-S")
        en = (f"{side} hold {hcp} HCP, {'vulnerable' if ref_vul else 'not vulnerable'}: expected {exp} for {side}, "
              f"so {exp_ns} for N-S")
    tail = f"{diff_ns:+d} → {imp_ns:+d} IMP N-S"
    return made + Bi(f"; {pl}; różnica {tail}", f"; {en}; difference {tail}")
