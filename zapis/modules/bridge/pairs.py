"""A duplicate pairs session: matchpoints (Law 78A) with Neuberg, cross-IMPs, or Butler.

The record has `pairs` (number -> two names) and `results` (one per board and table).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Mapping

from zapis.core.errors import Problem, ZapisError, fmt
from zapis.core.fields import MISSING, Field
from zapis.core.module import Rules, ScoringModule
from zapis.core.names import name_problems
from zapis.core.sheet import Cell, Row, Section, Sheet, running
from zapis.core.words import Bi
from zapis.modules.bridge.deals import board_analyses, deals_by_board, deals_problems, lead_problem
from zapis.modules.bridge.law77 import (
    DOUBLE_SUFFIX, written_contract,
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
    Field("factoring", "choice", Bi('rozdanie z mniejszą liczbą wyników: "neuberg" (wzór Neuberga do liczby wyników '
                                    'z ruchu; stół z parą-widmem liczy się jak zapis sędziego) albo "none" (jak JFR '
                                    'Pary: procent wśród zapisów rozdania, tylko zapis sędziego podnosi resztę '
                                    'wzorem Neuberga, stołu z parą-widmem się nie liczy)',
                                    'a board with fewer results: "neuberg" (Neuberg\'s formula up to the results the '
                                    'movement gives it; the phantom\'s table counts as an adjusted line) or "none" '
                                    '(as JFR Pary: per cent among the board\'s lines, only an adjusted score lifts the '
                                    'others by Neuberg, the phantom\'s table is not counted)'), "neuberg",
          choices=("neuberg", "none")),
    Field("phantom", "int", Bi("numer pary-widma (pauza przy nieparzystej liczbie par; 0: nie ma): nie jest "
                               "klasyfikowana, jej przeciwnicy dostają zapis sędziego",
                               "the phantom pair's number (an odd number of pairs; 0: none): never ranked, its "
                               "opponents get an adjusted score"), 0, min=0),
    Field("phantom_score", "number", Bi("procent dla pary grającej z parą-widmem", "the per cent of a pair that "
                                        "meets the phantom"), 60, min=0, max=100),
    Field("deals", "list", Bi("rozkłady rozdań: tabele `[[deals]]` z numerem (`board`) i rozkładem (`deal`, zapis PBN)",
                              "the hand record: `[[deals]]` tables with `board` and `deal` (as PBN writes it)"), []),
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
    # --- the movement of a session run at the tables (zapis.modules.bridge.movements); "none": results as recorded ---
    Field("movement", "choice", Bi('ruch: "none" (wyniki jak zapisane), "mitchell" albo "howell"; liczba stołów '
                                   'wynika z liczby par',
                                   'the movement: "none" (results as recorded), "mitchell" or "howell"; the tables '
                                   'follow from the number of pairs'), "none", choices=("none", "mitchell", "howell")),
    Field("rounds", "int", Bi("ile rund się gra (0: cały ruch)", "how many rounds are played (0: the whole movement)"),
          0, min=0),
    Field("boards_per_round", "int", Bi("ile rozdań w rundzie", "boards per round"), 2, min=1, max=8),
    Field("arrow_switch", "bool", Bi("Mitchell: w ostatniej rundzie pary zmieniają kierunki (jedna klasyfikacja)",
                                     "Mitchell: the pairs switch directions in the last round (one winner)"), False),
    Field("mitchell_even", "choice", Bi('Mitchell przy parzystej liczbie stołów: "skip" (pary E-W przeskakują stół po '
                                        'połowie rund) albo "relay" (stolik z rozdaniami w odpoczynku, stoły 1 i '
                                        'ostatni dzielą rozdania)',
                                        'Mitchell with an even number of tables: "skip" (E-W skip a table halfway) or '
                                        '"relay" (a bye stand; the first and last tables share boards)'), "skip",
          choices=("skip", "relay")),
)

NOT_PLAYED = Bi("nie grane", "not played")
PHANTOM_WORD = Bi("pauza", "phantom")  # what a club's sheet writes against the pair that meets the phantom


SUIT_OF = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}
RANK_OF = {"A": "A", "K": "K", "Q": "Q", "D": "Q", "J": "J", "W": "J", "T": "T", "10": "T",
           **{str(n): str(n) for n in range(2, 10)}}  # D(ama) and W(alet) as Polish players write them


def canonical_card(text: str) -> str:
    """A card as the record writes it, suit then rank ("SA", "HT"), from what was typed: ♠A, s10, HD (dama);
    text that is no card comes back unchanged, for the check to name."""
    t = "".join(str(text).split()).upper()
    if len(t) >= 2 and t[0] in SUIT_OF and t[1:] in RANK_OF:
        return SUIT_OF[t[0]] + RANK_OF[t[1:]]
    if len(t) >= 2 and t[-1] in SUIT_OF and t[:-1] in RANK_OF:  # rank first: A♠, 10H
        return SUIT_OF[t[-1]] + RANK_OF[t[:-1]]
    return text


def is_card(text: Any) -> bool:
    c = canonical_card(text) if isinstance(text, str) else ""
    return len(c) == 2 and c[0] in "SHDC" and c[1] in "AKQJT98765432"


def parse_adjusted(text: str) -> tuple[float, float] | None:
    """"A60" -> (60, 60); "A60/A40" -> N-S 60, E-W 40; weighted per cents (Law 12C1(c)) "61.8/38.2" -> N-S 61.8,
    E-W 38.2, which may not add up to more than 100."""
    parts = text.strip().upper().split("/")
    if len(parts) == 2 and not any(p.startswith("A") for p in parts):
        try:
            vals = [float(p) for p in parts]
        except ValueError:
            return None
        if any(not 0 <= v <= 100 for v in vals) or sum(vals) > 100 + 1e-9:
            return None
        return (vals[0], vals[1])
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
    record_keys = ("deals",)  # the hand record stands at the top of a session's record: [[deals]]

    def check_players(self, rules: Rules, pairs: Any) -> list[Problem]:
        if not isinstance(pairs, dict) or not pairs:
            return [Problem("pairs", Bi('to nie tabela numerów par (1 = ["Ala", "Bartek"])',
                                        'is not a table of pair numbers (1 = ["Ala", "Bartek"])'))]
        out, seen = [], {}
        phantom = str(rules["phantom"])
        for num, names in pairs.items():
            place = f"pairs.{num}"
            if not num.isdigit() or int(num) < 1:
                out.append(Problem(place, Bi(f"{fmt(num)} to nie numer pary", f"{fmt(num)} is not a pair number")))
            if (not isinstance(names, list) or len(names) != 2
                    or not all(isinstance(n, str) and n.strip() for n in names)):
                out.append(Problem(place, Bi(f"{fmt(names)} to nie dwa imiona graczy",
                                             f"{fmt(names)} is not two player names")))
                continue
            for j, n in enumerate(names):
                out += name_problems(n, f"{place}[{j}]")  # as every name that enters: short, no control characters
                if n in seen and not (num == phantom and seen[n] == num):  # the phantom: one word twice
                    out.append(Problem(place, Bi(f"{fmt(n)} gra już w parze {seen[n]}",
                                                 f"{fmt(n)} already plays in pair {seen[n]}")))
                seen[n] = num
        out += deals_problems(rules["deals"])
        phantom = rules["phantom"]
        if phantom and str(phantom) not in pairs:
            out.append(Problem("rules.phantom", Bi(f"pary {phantom} nie ma w [pairs]",
                                                   f"pair {phantom} is not listed in [pairs]")))
        if out or rules["movement"] == "none":
            return out
        numbers = sorted(int(k) for k in pairs)
        if numbers != list(range(1, len(numbers) + 1)):
            return [Problem("pairs", Bi(f"ruch {rules['movement']} numeruje pary od 1 do {len(numbers)} bez luk",
                                        f"a {rules['movement']} numbers the pairs 1 to {len(numbers)}, no gaps"))]
        try:
            movement_of(rules, pairs)
        except ZapisError as e:
            # each at its parameter (rules.rounds, ...); the number of pairs at the pairs
            return [Problem("pairs" if p.place == "pairs" else f"rules.{p.place or 'movement'}", p.message)
                    for p in e.problems]
        return out

    def partnerships(self, rules, pairs):
        """The pairs that are ranked: the phantom is not one (its names take no place in an evening's standings)."""
        phantom = str(rules["phantom"])
        return [list(pairs[k]) for k in sorted(pairs, key=int) if str(k) != phantom]

    def hand_fields(self, rules: Rules, players: Any) -> list[Field]:
        return [
            Field("board", "int", "board number", required=True, min=1, label={"pl": "rozdanie", "en": "board"}),
            Field("ns", "int", "the N-S pair number", required=True, min=1, label={"pl": "para N-S", "en": "N-S pair"}),
            Field("ew", "int", "the E-W pair number", required=True, min=1, label={"pl": "para E-W", "en": "E-W pair"}),
            Field("contract", "str", 'e.g. "4S", "3NT", or "pass"', normalize=canonical_contract,
                  label={"pl": "kontrakt", "en": "contract", "hint_pl": "4♠ (4P), 3BA, pas", "hint_en": "4S, 3NT, pass"},
                  parts=CONTRACT_PARTS, alone=("pass",), suffix=DOUBLE_SUFFIX, written=written_contract),
            Field("declarer", "choice", "the declarer's seat", choices=SEATS,
                  label={"pl": "rozgrywający", "en": "declarer"}),
            Field("double", "choice", '"", "X" or "XX"', "", choices=tuple(DOUBLES), usual="",
                  label={"pl": "kontra", "en": "double"}),
            Field("tricks", "int", "tricks taken by the declaring side", min=0, max=13, base=tricks_needed,
                  label={"pl": "wynik", "en": "result"}),
            Field("lead", "str", 'the opening lead, suit then rank: "SA", "HT", "C7" (optional)', rare=True,
                  normalize=canonical_card, label={"pl": "wist", "en": "lead", "hint_pl": "♠A, ♥10, ♣7", "hint_en": "SA, HT/H10, C7"}),
            Field("adjusted", "str", 'an adjusted score: "A60", "A50", "A40" or "A60/A40" (N-S/E-W)', rare=True,
                  label={"pl": "zapis sędziego", "en": "adjusted", "hint": "A60, A50, A60/A40"}),
            Field("not_played", "bool", "the board was not played at this table (no score; the others' are "
                  "scaled by Neuberg)", rare=True, label={"pl": "nie grane", "en": "not played"}),
            Field("table", "int", "the table where it was played (a session run with a movement records it)",
                  min=1, form=False, label={"pl": "stół", "en": "table"}),
            Field("round", "int", "the round in which it was played", min=1, form=False,
                  label={"pl": "runda", "en": "round"}),
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
        if rules["phantom"] in (res["ns"], res["ew"]):
            return out + [Problem(k, Bi("wynik z parą-widmem ma tylko rozdanie i pary (zapis sędziego liczy się sam)",
                                        "a result against the phantom pair has only board, ns and ew"))
                          for k in ("contract", "declarer", "double", "tricks", "lead", "adjusted", "not_played")
                          if k in res]
        if res.get("not_played"):
            for k in ("contract", "declarer", "tricks", "adjusted", "lead"):
                if k in res:
                    out.append(Problem(k, Bi("rozdanie nie grane nie ma kontraktu, wyniku ani zapisu sędziego",
                                             "a board not played has no contract, result or adjusted score")))
            return out
        if "lead" in res and not is_card(res["lead"]):
            out.append(Problem("lead", Bi(f"{fmt(res['lead'])} to nie karta (kolor i figura: SA, HT, C7)",
                                          f"{fmt(res['lead'])} is not a card (suit and rank: SA, HT, C7)")))
        if "adjusted" in res:
            if "lead" in res:
                out.append(Problem("lead", Bi("zapis sędziego nie ma wistu", "an adjusted score has no lead")))
            if parse_adjusted(res["adjusted"]) is None:
                v = fmt(res["adjusted"])
                out.append(Problem("adjusted", Bi(f"{v} to nie A60, A50, A40, A60/A40 ani procenty N-S/E-W "
                                                  "(61.8/38.2, razem najwyżej 100)",
                                                  f"{v} is not A60, A50, A40, A60/A40 or N-S/E-W per cents "
                                                  "(61.8/38.2, at most 100 together)")))
            for k in ("contract", "declarer", "tricks"):
                if k in res:
                    out.append(Problem(k, Bi("zapis sędziego nie ma kontraktu, rozgrywającego ani lew",
                                             "an adjusted score has no contract fields")))
            return out
        if "contract" not in res:
            return out + [Problem("contract", Bi("brak (albo zapis sędziego, np. A60)",
                                                 "missing (or an adjusted score, e.g. A60)"))]
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
        if "lead" in res and "declarer" in res and is_card(res["lead"]):
            deal = deals_by_board(rules["deals"]).get(res["board"])
            wrong = deal and lead_problem(deal, res["declarer"], canonical_card(res["lead"]))
            if wrong:
                out.append(wrong)
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
        adjusted: dict[int, tuple[float, float]] = {}
        phantom = rules["phantom"]
        for i, res in enumerate(results):
            by_board[res["board"]].append(i)
            if phantom in (res["ns"], res["ew"]):  # the pair facing the phantom: an adjusted score, in the field
                real = float(rules["phantom_score"])
                adjusted[i] = (real, 100 - real) if res["ew"] == phantom else (100 - real, real)
                score_ns[i] = None
                continue
            if res.get("not_played"):  # no result: the board's others are scaled (Neuberg), as for a missing one
                score_ns[i] = None
                continue
            if "adjusted" in res:
                adjusted[i] = parse_adjusted(res["adjusted"])
                score_ns[i] = None
                continue
            score_ns[i] = _score_ns(res, values)
        moved = movement_of(rules, pairs)
        scheduled = set(moved.boards()) if moved else set()
        expected = max((len(v) for v in by_board.values()), default=0)
        got_ns: dict[int, float] = {}
        got_ew: dict[int, float] = {}
        top_of: dict[int, float] = {}
        for board, idx in by_board.items():
            real = [i for i in idx if score_ns[i] is not None]
            n = len(real)
            played = [i for i in idx if not results[i].get("not_played")]
            # how many results the board should have: as often as the movement plays it, else the most any has
            full = max(moved.plays(board), len(idx)) if board in scheduled else expected
            if rules["factoring"] == "none":  # JFR Pary: the lines the board has, the phantom's table not counted
                big_n = len([i for i in played if phantom not in (results[i]["ns"], results[i]["ew"])])
            else:
                big_n = full if rules["neuberg"] else len(played)
            top = win * (big_n - 1) if method == "matchpoints" else 0
            for i in idx:
                top_of[i] = top
            for i in idx:
                if results[i].get("not_played"):
                    top_of[i] = 0
                    got_ns[i] = got_ew[i] = None
                    continue
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
        return self._sheet(rules, pairs, results, score_ns, got_ns, got_ew, top_of, by_board, moved)

    def _sheet(self, rules, pairs, results, score_ns, got_ns, got_ew, top_of, by_board, moved) -> Sheet:
        mp = rules["method"] == "matchpoints"
        phantom = str(rules["phantom"])  # never ranked, its names on no total
        ranked = {num: names for num, names in pairs.items() if num != phantom}
        players = [n for num in sorted(ranked, key=int) for n in ranked[num]]
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
                entry = {"board": board, "ns": res["ns"], "ew": res["ew"], "score_ns": score_ns[i]}
                k = "mp" if mp else "imp"
                entry[f"{k}_ns"], entry[f"{k}_ew"] = got_ns[i], got_ew[i]
                entry |= {key: res[key] for key in RECORDED if key in res}
                if phantom in (ns, ew):
                    entry["phantom"] = True  # an adjusted line the rules give (the exports mark it so)
                if "lead" in entry:  # as the exports write it: SA, HT
                    entry["lead"] = canonical_card(entry["lead"])
                if moved and not ("table" in res and "round" in res):  # where the movement had it played
                    found = moved.find(board, res["ns"], res["ew"])
                    if found:
                        entry.setdefault("round", found[0])
                        entry.setdefault("table", found[1].table)
                results_json.append(entry)
                if res.get("not_played"):
                    per_hand.append({})
                    rows.append(Row(NOT_PLAYED, [Cell(ns), Cell(ew)] + [Cell("")] * 4, hand=i))
                    continue
                total[ns] += got_ns[i]
                total[ew] += got_ew[i]
                avail[ns] += top_of[i]
                avail[ew] += top_of[i]
                boards_played[ns] += 1
                boards_played[ew] += 1
                scores = ({p: got_ns[i] for p in ranked.get(ns, ())}
                          | {p: got_ew[i] for p in ranked.get(ew, ())})
                per_hand.append(scores)
                contract = (PHANTOM_WORD if phantom in (ns, ew) else res.get("adjusted")) or _contract_text(res)
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
        field = fields_of(moved, rules)  # a Mitchell without an arrow switch: N-S and E-W ranked apart
        order = sorted(ranked, key=lambda num: (field.get(num) == "EW", -key[num], int(num)))
        ranking = []
        for num in order:
            place = 1 + sum(1 for o in ranked if field.get(o) == field.get(num) and key[o] > key[num])
            item = {"place": place, "pair": int(num), "players": list(pairs[num]), "total": total[num],
                    "boards": boards_played[num]}
            if mp:
                item["percent"] = round(pct[num], 2)
            if field:
                item["field"] = field[num]
            ranking.append(item)
        rank_rows = [Row(Bi(f"{it['place']}. para {it['pair']}", f"{it['place']}. pair {it['pair']}")
                         + (f" ({FIELD_WORDS[it['field']]})" if field else ""),
                         [Cell(", ".join(it["players"])),
                         Cell.num(it["total"])] + ([Cell(f"{it['percent']:.2f}%")] if mp else []))
                     for it in ranking]
        sections.append(Section(Bi("Klasyfikacja", "Ranking"), [Bi("gracze", "players"), Bi("suma", "total")]
                                + (["%"] if mp else []), rank_rows))
        totals = {p: total[num] for num in ranked for p in ranked[num]}
        winner = None
        if ranking:
            best = [it for it in ranking if it["place"] == 1]
            winner = [p for it in best for p in it["players"]]
        hands = running(per_hand, players)
        return Sheet(module=self.id, ruleset=rules.id, title=rules.title, players=players, hands=hands,
                     totals=totals, finished=bool(results), winner=winner, next=None, sections=sections,
                     extra={"results": results_json, "ranking": ranking,
                            "pairs": {num: list(v) for num, v in pairs.items()}}
                     | ({"boards": board_analyses(rules["deals"])} if rules["deals"] else {}))


#: what a result's entry in the JSON repeats from the record (the exports' travellers need them)
RECORDED = ("contract", "declarer", "double", "tricks", "lead", "adjusted", "not_played", "table", "round")


FIELD_WORDS = {"NS": "N-S", "EW": "E-W"}


def fields_of(moved, rules: Rules) -> dict[str, str]:
    """A Mitchell whose pairs keep their directions has two fields, N-S and E-W, each ranked on its own (two
    winners): pair number -> "NS" or "EW". Empty (one field) for a Howell, an arrow switch or no movement."""
    if moved is None or moved.kind != "mitchell" or rules["arrow_switch"]:
        return {}
    ns = {s.ns for seats in moved.rounds for s in seats}
    return {str(p): "NS" if p in ns else "EW" for p in range(1, moved.pairs + 1)}


def place_spans(ranking: list[Mapping[str, Any]]) -> list[tuple[int, int]]:
    """Each ranked pair's places as (first, last): a shared place spans the pairs of its field that share it."""
    return [(it["place"], it["place"] - 1 + sum(1 for o in ranking if o["place"] == it["place"]
                                                 and o.get("field") == it.get("field"))) for it in ranking]


def pair_label(item: Mapping[str, Any]) -> str:
    """A ranked pair's number, with its field where the session has two ("3 N-S")."""
    return f"{item['pair']} {FIELD_WORDS[item['field']]}" if "field" in item else str(item["pair"])


def movement_of(rules: Rules, pairs: Any):
    """The session's movement (zapis.modules.bridge.movements), or None for results recorded without one."""
    if rules["movement"] == "none" or not isinstance(pairs, dict):
        return None
    from zapis.modules.bridge.movements import from_rules
    return from_rules(rules, len(pairs))


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
    return PASSED_OUT if c is None else c.pretty() + f" {res['declarer']} {result_text(c, res['tricks'])}"


score_ns, contract_text = _score_ns, _contract_text  # a table's tablet shows a result before it is accepted


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
