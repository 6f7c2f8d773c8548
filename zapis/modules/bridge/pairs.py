"""A duplicate pairs session: matchpoints (Law 78A) with Neuberg, cross-IMPs, or Butler.

The record has `pairs` (number -> two names) and `results` (one per board and table).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Mapping

from zapis.core.errors import Problem, fmt
from zapis.core.fields import MISSING, Field
from zapis.core.module import Rules, ScoringModule
from zapis.core.sheet import Cell, Row, Section, Sheet, running
from zapis.core.words import Bi
from zapis.modules.bridge.law77 import (
    DOUBLES, IMP_SCALE, LAW77, SEATS, SIDE_OF, Contract, Values, board_dealer_vul, duplicate_score, imps,
    canonical_contract, parse_contract, result_text, vulnerable, CONTRACT_PARTS, tricks_needed,
    PASSED_OUT, VUL_WORDS, not_a_contract, pass_has_no,
)

PARAMS = (
    Field("method", "choice", Bi('"matchpoints" (zapis maksymalny, Prawo 78A), "cross-imps" (IMP-y: każdy wynik z '
                                 'każdym innym) albo "butler" (IMP-y względem wyniku odniesienia, datum)',
                                 "matchpoints (Law 78A), cross-imps (every result against every other) or butler "
                                 "(IMPs against a datum)"),
          "matchpoints", choices=("matchpoints", "cross-imps", "butler")),
    Field("mp_scale", "choice", Bi('punkty za każdy wynik gorszy / równy: "2/1" (WBF) albo "1/0.5" (ACBL)',
                                   "matchpoints per worse/equal result: 2/1 (WBF) or 1/0.5 (ACBL)"), "2/1",
          choices=("2/1", "1/0.5")),
    Field("neuberg", "bool", Bi("rozdania z mniejszą liczbą wyników niż pozostałe przelicza się wzorem Neuberga",
                                "boards with fewer results than the others are scaled by Neuberg's formula"), True),
    Field("cross_imps_average", "bool", Bi("cross-IMP-y dzieli się przez liczbę porównań",
                                           "cross-IMPs are divided by the number of comparisons"), True),
    Field("butler_drop", "int", Bi("Butler: ile najwyższych i najniższych zapisów N-S pomija się przy liczeniu datum",
                                   "Butler: how many highest and lowest N-S scores are left out of the datum"), 1,
          min=0),
    Field("butler_rounding", "choice", Bi('Butler: datum zaokrągla się do 10, a gdy kończy się na 5: do parzystej '
                                          'dziesiątki ("half-even"; ACBL: 425 -> 420, 435 -> 440) albo w '
                                          'górę ("half-up")',
                                          "Butler: the datum is rounded to 10, a final 5 half-even (ACBL: 425 -> 420, "
                                          "435 -> 440) or half-up"), "half-even", choices=("half-even", "half-up")),
    Field("adjusted_imps", "int", Bi("metody IMP: ile IMP-ów za zapis arbitralny 60% (40%: tyle samo na minus, "
                                     "50%: 0)",
                                     "IMP methods: IMPs for an adjusted 60% (40%: the negative, 50%: 0)"), 3, min=0),
    Field("imp_scale", "int_list", Bi("dolne granice przedziałów tabeli IMP (Prawo 78B)",
                                      "lower bounds of the IMP bands (Law 78B)"), list(IMP_SCALE), min=0),
)


def parse_adjusted(text: str) -> tuple[int, int] | None:
    """"A60" -> (60, 60); "A60/A40" -> N-S 60, E-W 40."""
    parts = text.strip().upper().split("/")
    if len(parts) not in (1, 2) or any(not p.startswith("A") or not p[1:].isdigit() for p in parts):
        return None
    vals = [int(p[1:]) for p in parts]
    if any(not 0 <= v <= 100 for v in vals):
        return None
    return (vals[0], vals[-1])


class PairsModule(ScoringModule):
    id = "bridge-pairs"
    goes_on = True  # the boards of a round are scored, the session goes on

    def unit_over(self, rules: Rules, who: str) -> Bi:
        return Bi(f"Na razie prowadzą: {who}. Turniej trwa: następne wyniki dopisują się do niego.",
                  f"Leading so far: {who}. The session goes on: the next results are added to it.")
    title = Bi("Brydż sportowy: turniej par", "Duplicate pairs")
    params = PARAMS
    players_key = "pairs"
    hands_key = "results"

    def check_players(self, rules: Rules, pairs: Any) -> list[Problem]:
        if not isinstance(pairs, dict) or not pairs:
            return [Problem("pairs", Bi('to nie tabela numerów par (1 = ["Ala", "Bartek"])',
                                        'is not a table of pair numbers (1 = ["Ala", "Bartek"])'))]
        out, seen = [], {}
        for num, names in pairs.items():
            place = f"pairs.{num}"
            if not num.isdigit() or int(num) < 1:
                out.append(Problem(place, Bi(f"{fmt(num)} to nie numer pary", f"{fmt(num)} is not a pair number")))
            if (not isinstance(names, list) or len(names) != 2
                    or not all(isinstance(n, str) and n.strip() for n in names)):
                out.append(Problem(place, Bi(f"{fmt(names)} to nie dwa imiona graczy",
                                             f"{fmt(names)} is not two player names")))
                continue
            for n in names:
                if n in seen:
                    out.append(Problem(place, Bi(f"{fmt(n)} gra już w parze {seen[n]}",
                                                 f"{fmt(n)} already plays in pair {seen[n]}")))
                seen[n] = num
        return out

    def partnerships(self, rules, pairs):
        return [list(pairs[k]) for k in sorted(pairs, key=int)]

    def hand_fields(self, rules: Rules, players: Any) -> list[Field]:
        return [
            Field("board", "int", "board number", required=True, min=1, label={"pl": "rozdanie", "en": "board"}),
            Field("ns", "int", "the N-S pair number", required=True, min=1, label={"pl": "para N-S", "en": "N-S pair"}),
            Field("ew", "int", "the E-W pair number", required=True, min=1, label={"pl": "para E-W", "en": "E-W pair"}),
            Field("contract", "str", 'e.g. "4S", "3NT", or "pass"', normalize=canonical_contract,
                  label={"pl": "kontrakt", "en": "contract", "hint": "4S, 3NT/3BA, pass/pas"},
                  parts=CONTRACT_PARTS, alone=("pass",)),
            Field("declarer", "choice", "the declarer's seat", choices=SEATS,
                  label={"pl": "rozgrywający", "en": "declarer"}),
            Field("double", "choice", '"", "X" or "XX"', "", choices=tuple(DOUBLES), usual="",
                  label={"pl": "kontra", "en": "double"}),
            Field("tricks", "int", "tricks taken by the declaring side", min=0, max=13, base=tricks_needed,
                  label={"pl": "wynik", "en": "result"}),
            Field("adjusted", "str", 'an adjusted score: "A60", "A50", "A40" or "A60/A40" (N-S/E-W)', rare=True,
                  label={"pl": "zapis sędziego", "en": "adjusted", "hint": "A60, A50, A60/A40"}),
        ]

    def check_hand(self, rules: Rules, pairs: Any, res: Mapping[str, Any]) -> list[Problem]:
        out = []
        for k in ("ns", "ew"):
            if str(res[k]) not in pairs:
                out.append(Problem(k, Bi(f"{res[k]}: nie ma takiej pary w tym turnieju",
                                         f"{res[k]} is not a pair of this session")))
        if res["ns"] == res["ew"]:
            out.append(Problem("ew", Bi(f"para {res['ew']} nie może grać sama ze sobą",
                                        f"pair {res['ew']} cannot play against itself")))
        if "adjusted" in res:
            if parse_adjusted(res["adjusted"]) is None:
                v = fmt(res["adjusted"])
                out.append(Problem("adjusted", Bi(f"{v} to nie A60, A50, A40 ani A60/A40",
                                                  f"{v} is not A60, A50, A40 or A60/A40")))
            for k in ("contract", "declarer", "tricks"):
                if k in res:
                    out.append(Problem(k, Bi("zapis sędziego nie ma kontraktu, rozgrywającego ani lew",
                                             "an adjusted score has no contract fields")))
            return out
        if "contract" not in res:
            return out + [Problem("contract", Bi('brak (albo zapis sędziego: adjusted = "A60")',
                                                 'missing (or give adjusted = "A60")'))]
        text = res["contract"]
        if text.strip().lower() == "pass":
            for k in ("declarer", "tricks"):
                if k in res:
                    out.append(Problem(k, pass_has_no(k, fmt(res[k]), "board")))
            return out
        if parse_contract(text) is None:
            out.append(Problem("contract", not_a_contract(fmt(text))))
        for k in ("declarer", "tricks"):
            if k not in res:
                out.append(Problem(k, MISSING))
        return out

    def check_sequence(self, rules: Rules, pairs: Any, results: list[Mapping[str, Any]],
                       start: Mapping[str, Any] | None = None) -> list[Problem]:
        out, played = [], {}
        for i, res in enumerate(results):
            for k in ("ns", "ew"):
                key = (res["board"], res[k])
                if key in played:
                    where = f"{res['board']} (results[{played[key]}])"
                    out.append(Problem(f"results[{i}].{k}", Bi(f"para {res[k]} ma już wynik w rozdaniu {where}",
                                                               f"pair {res[k]} already has a result on board {where}")))
                played[key] = i
        return out

    def score(self, rules: Rules, pairs: Any, results: list[Mapping[str, Any]],
              start: Mapping[str, Any] | None = None) -> Sheet:
        values = LAW77
        method = rules["method"]
        win = 2.0 if rules["mp_scale"] == "2/1" else 1.0
        by_board: dict[int, list[int]] = defaultdict(list)
        score_ns: dict[int, int | None] = {}
        adjusted: dict[int, tuple[int, int]] = {}
        for i, res in enumerate(results):
            by_board[res["board"]].append(i)
            if "adjusted" in res:
                adjusted[i] = parse_adjusted(res["adjusted"])
                score_ns[i] = None
                continue
            score_ns[i] = _score_ns(res, values)
        expected = max((len(v) for v in by_board.values()), default=0)
        got_ns: dict[int, float] = {}
        got_ew: dict[int, float] = {}
        top_of: dict[int, float] = {}
        for board, idx in by_board.items():
            real = [i for i in idx if score_ns[i] is not None]
            n = len(real)
            big_n = expected if rules["neuberg"] else len(idx)
            top = win * (big_n - 1) if method == "matchpoints" else 0
            for i in idx:
                top_of[i] = top
            for i in idx:
                if i in adjusted:
                    a_ns, a_ew = adjusted[i]
                    if method == "matchpoints":
                        got_ns[i], got_ew[i] = top * a_ns / 100, top * a_ew / 100
                    else:
                        got_ns[i] = _adj_imps(a_ns, rules["adjusted_imps"])
                        got_ew[i] = _adj_imps(a_ew, rules["adjusted_imps"])
                    continue
                s = score_ns[i]
                others = [score_ns[j] for j in real if j != i]
                if method == "matchpoints":
                    mp = sum(win if s > o else win / 2 if s == o else 0 for o in others)
                    if n < big_n and n > 0:
                        mp = big_n / n * (mp + win / 2) - win / 2  # Neuberg
                    got_ns[i], got_ew[i] = mp, top - mp
                elif method == "cross-imps":
                    tot = sum(imps(s - o, rules["imp_scale"]) for o in others)
                    if rules["cross_imps_average"] and others:
                        tot = tot / len(others)
                    got_ns[i], got_ew[i] = tot, -tot
                else:
                    datum = _datum([score_ns[j] for j in real], rules["butler_drop"], rules["butler_rounding"])
                    got = imps(s - datum, rules["imp_scale"])
                    got_ns[i], got_ew[i] = got, -got
        return self._sheet(rules, pairs, results, score_ns, got_ns, got_ew, top_of, by_board)

    def _sheet(self, rules, pairs, results, score_ns, got_ns, got_ew, top_of, by_board) -> Sheet:
        mp = rules["method"] == "matchpoints"
        players = [n for num in sorted(pairs, key=int) for n in pairs[num]]
        total = {num: 0.0 for num in pairs}
        avail = {num: 0.0 for num in pairs}
        boards_played = {num: 0 for num in pairs}
        results_json, per_hand = [], []
        sections = []
        for board in sorted(by_board):
            dealer, vul = board_dealer_vul(board)
            rows = []
            for i in by_board[board]:
                res = results[i]
                ns, ew = str(res["ns"]), str(res["ew"])
                total[ns] += got_ns[i]
                total[ew] += got_ew[i]
                avail[ns] += top_of[i]
                avail[ew] += top_of[i]
                boards_played[ns] += 1
                boards_played[ew] += 1
                entry = {"board": board, "ns": res["ns"], "ew": res["ew"], "score_ns": score_ns[i]}
                k = "mp" if mp else "imp"
                entry[f"{k}_ns"], entry[f"{k}_ew"] = got_ns[i], got_ew[i]
                if "adjusted" in res:
                    entry["adjusted"] = res["adjusted"]
                results_json.append(entry)
                scores = {p: got_ns[i] for p in pairs[ns]} | {p: got_ew[i] for p in pairs[ew]}
                per_hand.append(scores)
                contract = res.get("adjusted") or _contract_text(res)
                s = score_ns[i]
                rows.append(Row(contract, [Cell(ns), Cell(ew), Cell.num(s if s and s > 0 else None),
                                           Cell.num(-s if s and s < 0 else None),
                                           Cell.num(got_ns[i]), Cell.num(got_ew[i])], hand=i))
            unit = Bi("PT", "MP") if mp else "IMP"  # punkty turniejowe / matchpoints
            sections.append(Section(Bi(f"Rozdanie {board} (rozdaje {dealer}, {VUL_WORDS[vul].pl})",
                                       f"Board {board} (dealer {dealer}, {VUL_WORDS[vul].en})"),
                                    ["N-S", "E-W", Bi("zapis N-S", "N-S score"), Bi("zapis E-W", "E-W score"),
                                     unit + " N-S", unit + " E-W"], rows, label_header=Bi("kontrakt", "contract")))
        pct = {num: (100 * total[num] / avail[num] if avail[num] else 0.0) for num in pairs}
        key = pct if mp else total
        order = sorted(pairs, key=lambda num: (-key[num], int(num)))
        ranking = []
        for num in order:
            place = 1 + sum(1 for o in pairs if key[o] > key[num])
            item = {"place": place, "pair": int(num), "players": list(pairs[num]), "total": total[num],
                    "boards": boards_played[num]}
            if mp:
                item["percent"] = round(pct[num], 2)
            ranking.append(item)
        rank_rows = [Row(Bi(f"{it['place']}. para {it['pair']}", f"{it['place']}. pair {it['pair']}"),
                         [Cell(", ".join(it["players"])),
                         Cell.num(it["total"])] + ([Cell(f"{it['percent']:.2f}%")] if mp else []))
                     for it in ranking]
        sections.append(Section(Bi("Klasyfikacja", "Ranking"), [Bi("gracze", "players"), Bi("suma", "total")]
                                + (["%"] if mp else []), rank_rows))
        totals = {p: total[num] for num in pairs for p in pairs[num]}
        winner = None
        if ranking:
            best = [it for it in ranking if it["place"] == 1]
            winner = [p for it in best for p in it["players"]]
        hands = running(per_hand, players)
        return Sheet(module=self.id, ruleset=rules.id, title=rules.title, players=players, hands=hands,
                     totals=totals, finished=bool(results), winner=winner, next=None, sections=sections,
                     extra={"results": results_json, "ranking": ranking,
                            "pairs": {num: list(v) for num, v in pairs.items()}})


def _contract(res: Mapping[str, Any]) -> Contract | None:
    """The result's contract; None when the board was passed out."""
    text = res["contract"]
    if text.strip().lower() == "pass":
        return None
    level, strain = parse_contract(text)
    return Contract(level, strain, DOUBLES[res.get("double", "")])


def _score_ns(res: Mapping[str, Any], values: Values) -> int:
    c = _contract(res)
    if c is None:
        return 0
    _, vul = board_dealer_vul(res["board"])
    side = SIDE_OF[res["declarer"]]
    s = duplicate_score(c, vulnerable(vul, side), res["tricks"], values)
    return s if side == "NS" else -s


def _contract_text(res: Mapping[str, Any]) -> str:
    c = _contract(res)
    return PASSED_OUT if c is None else f"{c.pretty()} {res['declarer']} {result_text(c, res['tricks'])}"


def _adj_imps(pct: int, unit: int) -> int:
    return unit if pct > 50 else -unit if pct < 50 else 0


def _datum(scores: list[int], drop: int, rounding: str) -> int:
    """Butler datum: the mean with `drop` highest and lowest left out, rounded to 10."""
    s = sorted(scores)
    if drop and len(s) > 2 * drop:
        s = s[drop:len(s) - drop]
    if not s:
        return 0
    mean = sum(s) / len(s)
    tens = mean / 10
    if rounding == "half-even":
        r = round(tens)  # Python rounds half to even
    else:
        r = int(tens + 0.5) if tens >= 0 else -int(-tens + 0.5)
    return r * 10


__all__ = ["PairsModule"]
