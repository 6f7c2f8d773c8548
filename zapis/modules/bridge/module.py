"""The `bridge` module: rubber, Chicago (seed and ACBL), Polish IMP against an HCP table, Old Polish.

One module, the scoring method chosen by the `scoring` parameter; every value it reads is a
parameter, so a house table is a ruleset file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from zapis.core.errors import Problem, ZapisError, fmt
from zapis.core.fields import MISSING, Field
from zapis.core.module import DECLARED, COMMON_HAND_FIELDS, Rules, ScoringModule
from zapis.core.sheet import Cell, Row, Section, Sheet, running
from zapis.core.words import Bi
from zapis.modules.bridge.law77 import (
    DOUBLE_SUFFIX,
    CONTRACT_PARTS, tricks_needed, both, VUL_WORDS, PASSED_OUT, not_a_contract, pass_has_no,
    DOUBLES, IMP_SCALE, OTHER, SEATS, SIDE_OF, VUL_CHOICES, Breakdown, Contract, Parts, Values, above_line,
    canonical_contract, deal_parts, declarer_score, imps, parse_contract, premium, result_text, vulnerable,
)

# The seed's expected-score table for the Polish "zapis IMP": HCP of the stronger side -> NV, V.
HCP_TABLE = [
    [20, 0, 0], [21, 50, 50], [22, 70, 70], [23, 110, 110], [24, 200, 290], [25, 300, 440],
    [26, 350, 520], [27, 400, 600], [28, 430, 630], [29, 460, 660], [30, 490, 690],
    [31, 600, 900], [32, 700, 1050], [33, 900, 1350], [34, 1000, 1500], [35, 1100, 1650],
    [36, 1200, 1800], [37, 1300, 1950], [38, 1300, 1950], [39, 1300, 1950], [40, 1300, 1950],
]

P = Field
PARAMS = (
    P("scoring", "choice", Bi('sposób zapisu: "rubber" (robrowy), "chicago" (cykle po cztery rozdania) albo "imp" '
                              '(cykl chicago, każde rozdanie w IMP-ach według tabeli PC)',
                              "how deals are scored: rubber, chicago (four-deal cycles) or imp (Chicago cycle, each "
                              "deal in IMPs against the HCP table)"), "rubber", choices=("rubber", "chicago", "imp")),
    P("trick_values", "table", Bi("punkty za każdą zapowiedzianą i ugraną lewę ponad szóstą, według miana (C, D, "
                                  "H, S, NT)",
                                  "points per odd trick bid and made, by strain (C, D, H, S, NT)"),
      {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}, item=P("value", "int", min=0)),
    P("nt_first", "int", Bi("punkty za pierwszą lewę ponad szóstą w bez atu",
                            "points for the first odd trick in no trumps"), 40, min=0),
    P("overtricks_at_trick_value", "bool", Bi("nadróbki bez kontry liczą się po wartości lewy (inaczej po "
                                              "overtrick_nv / overtrick_v za każdą)",
                                              "undoubled overtricks score the trick value (otherwise overtrick_nv / "
                                              "overtrick_v each)"), True),
    P("overtrick_nv", "int", Bi("nadróbka bez kontry, przed partią (gdy nie liczy się po wartości lewy)",
                                "undoubled overtrick, not vulnerable (when not at trick value)"), 50, min=0),
    P("overtrick_v", "int", Bi("nadróbka bez kontry, po partii (gdy nie liczy się po wartości lewy)",
                               "undoubled overtrick, vulnerable (when not at trick value)"), 100, min=0),
    P("overtrick_doubled_nv", "int", Bi("nadróbka z kontrą, przed partią (z rekontrą: dwa razy tyle)",
                                        "doubled overtrick, not vulnerable (redoubled: twice)"), 100, min=0),
    P("overtrick_doubled_v", "int", Bi("nadróbka z kontrą, po partii (z rekontrą: dwa razy tyle)",
                                       "doubled overtrick, vulnerable (redoubled: twice)"), 200, min=0),
    P("undertrick_nv", "int", Bi("wpadka bez kontry, przed partią, za każdą lewę",
                                 "undoubled undertrick, not vulnerable, each"), 50, min=0),
    P("undertrick_v", "int", Bi("wpadka bez kontry, po partii, za każdą lewę",
                                "undoubled undertrick, vulnerable, each"), 100, min=0),
    P("doubled_undertricks", "choice", Bi('wpadki z kontrą: "law77" (przed partią 100, 200, 200, potem po 300) albo '
                                          '"pre1987" (przed partią 100, potem po 200, jak w polskich przepisach); po '
                                          'partii w obu 200, potem po 300; z rekontrą dwa razy tyle co z kontrą',
                                          "doubled undertricks: law77 (NV 100, 200, 200, then 300 each) or pre1987 "
                                          "(NV 100 then 200 each, as the Polish rule book prints); vulnerable 200 "
                                          "then 300 in both; redoubled twice doubled"),
      "law77", choices=("law77", "pre1987")),
    P("insult", "int", Bi("premia za ugranie kontraktu z kontrą",
                          "bonus for making a doubled contract"), 50, min=0),
    P("insult_redoubled", "int", Bi("premia za ugranie kontraktu z rekontrą",
                                    "bonus for making a redoubled contract"), 100, min=0),
    P("small_slam_nv", "int", Bi("zapowiedziany i ugrany szlemik, przed partią",
                                 "small slam bid and made, not vulnerable"), 500, min=0),
    P("small_slam_v", "int", Bi("zapowiedziany i ugrany szlemik, po partii",
                                "small slam bid and made, vulnerable"), 750, min=0),
    P("grand_slam_nv", "int", Bi("zapowiedziany i ugrany szlem, przed partią",
                                 "grand slam bid and made, not vulnerable"), 1000, min=0),
    P("grand_slam_v", "int", Bi("zapowiedziany i ugrany szlem, po partii",
                                "grand slam bid and made, vulnerable"), 1500, min=0),
    P("making_nv", "int", Bi("premia za ugranie każdego kontraktu, przed partią (zapis staropolski)",
                             "bonus for making any contract, not vulnerable (Old Polish)"), 0, min=0),
    P("making_v", "int", Bi("premia za ugranie każdego kontraktu, po partii (zapis staropolski)",
                            "bonus for making any contract, vulnerable (Old Polish)"), 0, min=0),
    P("game_thresholds", "int_list", Bi("rober: punkty za lewy (pod kreską) potrzebne stronie do pierwszej i do "
                                        "drugiej dogranej",
                                        "rubber: trick points for a side's first and second game"), [100, 100], min=1),
    P("rubber_bonus_2_0", "int", Bi("premia za rober wygrany 2:0 (dwie dograne do zera)",
                                    "rubber won two games to none"), 700, min=0),
    P("rubber_bonus_2_1", "int", Bi("premia za rober wygrany 2:1 (dwie dograne do jednej)",
                                    "rubber won two games to one"), 500, min=0),
    P("unfinished_game_bonus", "int", Bi("niedokończony rober (Prawo 80): premia dla strony, która jako jedyna "
                                         "ma dograną",
                                         "unfinished rubber (Law 80): the only side with a game"), 300, min=0),
    P("unfinished_partscore_bonus", "int", Bi("niedokończony rober (Prawo 80): premia dla strony, która jako jedyna "
                                              "ma częściówkę w niedokończonej dogranej (w niektórych klubach: 50)",
                                              "unfinished rubber (Law 80): the only side with a partscore in the "
                                              "unfinished game (some clubs: 50)"), 100, min=0),
    P("unfinished_partscore_both", "bool", Bi("niedokończony rober: gdy obie strony mają częściówkę, obie dostają "
                                              "premię za częściówkę (Prawo 80 z 1993 roku nie daje żadnej)",
                                              "unfinished rubber: when both sides have a partscore, both get the "
                                              "partscore bonus (the 1993 Law 80 gives none)"), False),
    P("honours", "bool", Bi("liczą się honory (100 za cztery honory atutowe w ręku jednego gracza, 150 za pięć albo "
                            "za cztery asy w bez atu)",
                            "honours (100 for four trump honours in one hand, 150 for five or four aces at no "
                            "trumps) are scored"), True),
    P("partscore_bonus", "int", Bi("Chicago/IMP: premia za częściówkę ugraną w rozdaniu (bez przenoszenia)",
                                   "Chicago/IMP: premium for a partscore made on a deal "
                                   "(without carry-over)"), 50, min=0),
    P("game_bonus_nv", "int", Bi("Chicago/IMP: premia za dograną, przed partią",
                                 "Chicago/IMP: game premium, not vulnerable"), 300, min=0),
    P("game_bonus_v", "int", Bi("Chicago/IMP: premia za dograną, po partii",
                                "Chicago/IMP: game premium, vulnerable"), 500, min=0),
    P("cycle_vulnerability", "list", Bi('Chicago/IMP: założenia w rozdaniach 1-4 każdego cyklu ("none", "NS", "EW", '
                                        '"both"); według polskich przepisów: none, NS, EW, both',
                                        "Chicago/IMP: vulnerability of deals 1-4 of each cycle (none, NS, EW, both); "
                                        "the Polish rule book: none, NS, EW, both"), ["none", "NS", "EW", "both"]),
    P("carry_over", "bool", Bi("Chicago: częściówki przechodzą na kolejne rozdania i sumują się, aż dograna je "
                               "skasuje; bez premii za częściówkę (ACBL)",
                               "Chicago: partscores carry over and combine until a game wipes them; no partscore "
                               "premium (ACBL)"), False),
    P("fourth_deal_partscore_bonus", "int", Bi("Chicago z przenoszeniem: premia za częściówkę w czwartym rozdaniu, "
                                               "która nie daje dogranej",
                                               "Chicago with carry-over: a partscore on deal 4 that does not "
                                               "complete a game"), 100, min=0),
    P("passed_out", "choice", Bi('Chicago/IMP: rozdanie przepasowane liczy się jako rozdanie z wynikiem 0 ("counts") '
                                 'albo rozdaje je ponownie ten sam rozdający i się nie liczy ("redeal")',
                                 "Chicago/IMP: a passed-out deal counts as a deal (scoring 0) or is redealt by the "
                                 "same dealer and does not count"), "counts", choices=("counts", "redeal")),
    P("hcp_table", "list", Bi("IMP: oczekiwany zapis według PC silniejszej strony, wiersze [hcp, NV, V] dla 20-40 "
                              "(tabela polska)",
                              "IMP: expected score by HCP of the stronger side, rows [hcp, NV, V] for 20-40 (the "
                              "Polish table)"), HCP_TABLE),
    P("imp_scale", "int_list", Bi("IMP: dolne granice przedziałów tabeli IMP (Prawo 78B)",
                                  "IMP: lower bounds of the IMP bands (Law 78B)"), list(IMP_SCALE), min=0),
    P("settlement_unit", "int", Bi("rober: różnicę sum rozlicza się w takich jednostkach, z zaokrągleniem (polskie "
                                   "przepisy: 100)",
                                   "rubber: the difference of the totals is settled in these units, rounded (the "
                                   "Polish rule book: 100)"), 100, min=1),
    P("seating", "choice", Bi('kto z kim gra: "four" (czterech graczy w stałych parach: N-S to `players[0]` i '
                              '`players[2]`), "two" (dwóch graczy, każdy sam jest stroną: `players[0]` to N-S, '
                              '`players[1]` to E-W; rozdają na zmianę) albo "tura" (czterech graczy, trzy robry, w '
                              'każdym robrze inne pary; wynik każdego gracza osobno); "two" i "tura" tylko w zapisie '
                              'robrowym',
                              "who plays with whom: four (four players in fixed partnerships: N-S are `players[0]` "
                              "and `players[2]`), two (two players, each a side of his own: `players[0]` is N-S, "
                              "`players[1]` E-W; they deal in turn) or tura (four players, three rubbers, new "
                              "partners each rubber; each player's total on its own); two and tura with rubber "
                              "scoring only"), "four", choices=("four", "two", "tura")),
    P("partners", "list", Bi('tura: partner gracza `players[0]` w robrze 1, 2 i 3 (trzech różnych spośród '
                             '`players[1:]`, każdy raz); pusta lista: `players[2]`, `players[1]`, `players[3]`; w '
                             'zapisie gry klucz `partners` stoi na samej górze',
                             "tura: the partner of `players[0]` in rubbers 1, 2 and 3 (three different names of "
                             "`players[1:]`, each once); an empty list: `players[2]`, `players[1]`, `players[3]`; a "
                             "game record writes `partners` at its top level"), []),
)

SIDE_LABEL = {"NS": "N-S", "EW": "E-W"}
# The rubber sheet as a Polish player keeps it on paper: MY | ONI (we | they). The design (ui.md) names the columns
# but not whose is whose; the scorekeeper sits N-S by convention, so N-S is "My" and E-W "Oni". The column headers
# name the partners, and the record and the JSON keep NS / EW.
WE_THEY = {"NS": Bi("My", "We"), "EW": Bi("Oni", "They")}
# Chicago / IMP with passed_out = "redeal": the deal is dealt again by the same dealer and does not count
REDEALT = Bi("pas: rozdanie powtórzone, nie liczy się", "passed out: redealt, does not count")



def passed_out_problems(hand: Mapping[str, Any]) -> list[Problem]:
    """A passed-out deal names no declarer, tricks or honours, and nobody doubles it."""
    out = [Problem(k, pass_has_no(k, fmt(hand[k]), "deal")) for k in ("declarer", "tricks", "honours",
                                                                       "honours_side") if k in hand]
    if hand.get("double", ""):
        v = fmt(hand["double"])
        out.append(Problem("double", Bi(f"{v}: spasowanego rozdania nikt nie kontruje",
                                        f"{v}: a passed-out deal is not doubled")))
    return out

class BridgeModule(ScoringModule):
    id = "bridge"
    title = Bi("Brydż", "Bridge")
    goes_on = True  # a rubber or a Chicago cycle ends, the evening's game goes on

    def unit_over(self, rules: Rules, who: str) -> Bi:
        if rules["seating"] == "tura":
            return Bi(f"Turę wygrywa: {who}. Trzy robry rozegrane, tura skończona.",
                      f"{who} won the tura. Three rubbers played: the tura is over.")
        if rules["scoring"] == "rubber":
            return Bi(f"Rober wygrali: {who}. Następne rozdanie zaczyna nowy rober.",
                      f"{who} won the rubber. The next hand starts a new rubber.")
        return Bi(f"Cykl czterech rozdań wygrali: {who}. Następne rozdanie zaczyna nowy cykl.",
                  f"{who} won the four-deal cycle. The next hand starts a new cycle.")
    params = PARAMS
    player_counts = (2, 4)  # four at a table; two in the two-handed rulesets (seating = "two")
    # top-level keys of a game record that are parameters of the game's rules (records.parse keeps them with the
    # rules, records.dumps writes them back at the top): a tura's `partners`
    record_keys = ("partners",)

    # --- description and validation ----------------------------------------------------
    def counts(self, rules: Rules) -> tuple[int, ...]:
        return (2,) if rules["seating"] == "two" else (4,)

    def check_players(self, rules: Rules, players: list[str]) -> list[Problem]:
        # the protocol's own message puts the title in an English sentence; here each language has its own
        n = len(players)
        if rules["seating"] == "two":
            if n != 2:
                return [Problem(self.players_key, Bi(f"{n} graczy, a w tę odmianę brydża grają dwie osoby",
                                                     f"{n} players, but this bridge is played by 2"))]
        elif n != 4:
            return [Problem(self.players_key, Bi(f"{n} graczy, a w brydża grają cztery osoby",
                                                 f"{n} players, but {self.title.en} is played by 4"))]
        return _partners_problems(rules, players)

    def check_rules(self, r: Mapping[str, Any]) -> list[Problem]:
        out = []
        tv = r["trick_values"]
        if set(tv) != {"C", "D", "H", "S", "NT"}:
            given = ", ".join(tv)
            out.append(Problem("trick_values", Bi(f"trzeba podać C, D, H, S i NT, a nie {given}",
                                                  f"must give C, D, H, S and NT, not {given}")))
        if len(r["game_thresholds"]) != 2:
            got = fmt(r["game_thresholds"])
            out.append(Problem("game_thresholds", Bi(f"{got}: trzeba podać dwie wartości",
                                                     f"{got} must give two values")))
        cyc = r["cycle_vulnerability"]
        if len(cyc) != 4 or any(v not in VUL_CHOICES for v in cyc):
            out.append(Problem("cycle_vulnerability", Bi(f"{fmt(cyc)}: trzeba podać cztery z none, NS, EW, both",
                                                         f"{fmt(cyc)} must be four of none, NS, EW, both")))
        if r["seating"] != "four" and r["scoring"] != "rubber":
            out.append(Problem("seating", Bi(f'{fmt(r["seating"])}: tylko w zapisie robrowym (scoring = "rubber")',
                                             f'{fmt(r["seating"])} needs rubber scoring (scoring = "rubber")')))
        table = r["hcp_table"]
        ok = (isinstance(table, list) and [row[0] if isinstance(row, list) and row else None
                                           for row in table] == list(range(20, 41))
              and all(len(row) == 3 and all(isinstance(x, int) and not isinstance(x, bool) for x in row)
                      for row in table))
        if not ok:
            out.append(Problem("hcp_table", Bi("potrzebny wiersz [PC, przed partią, po partii] dla każdej liczby PC "
                                               "od 20 do 40",
                                               "must have rows [hcp, NV, V] for every hcp from 20 to 40")))
        return out

    def hand_fields(self, rules: Rules, players: list[str]) -> list[Field]:
        fields = [
            Field("contract", "str", 'level 1-7 and strain C, D, H, S or NT ("4S", "3NT"), or "pass"',
                  required=True, label={"pl": "kontrakt", "en": "contract", "hint_pl": "4♠ (4P), 3BA, pas", "hint_en": "4S, 3NT, pass"},
                  normalize=canonical_contract, parts=CONTRACT_PARTS, alone=("pass",), suffix=DOUBLE_SUFFIX),
            _declarer_field(rules),
            Field("double", "choice", '"" (none), "X" (kontra) or "XX" (rekontra)', "", choices=tuple(DOUBLES),
                  label={"pl": "kontra", "en": "double"}, usual=""),
            Field("tricks", "int", "tricks taken by the declaring side", min=0, max=13,
                  label={"pl": "wynik", "en": "result"}, base=tricks_needed),
            Field("vulnerable", "choice", "override the vulnerability the rules derive", choices=VUL_CHOICES,
                  label={"pl": "po partii", "en": "vulnerable"}, rare=True),
        ]
        if rules["honours"] and rules["scoring"] != "imp":
            fields += [
                Field("honours", "int", "honours held: 100 or 150", choices=(100, 150),
                      label={"pl": "honory", "en": "honours"}, rare=True),
                _honours_side_field(rules),
            ]
        if rules["scoring"] == "imp":
            fields.append(Field("hcp_ns", "int", "high-card points of N-S together", required=True,
                                min=0, max=40, label={"pl": "PC N-S", "en": "HCP N-S"}, quick=tuple(range(16, 25))))
        return fields

    def check_hand(self, rules: Rules, players: list[str], hand: Mapping[str, Any]) -> list[Problem]:
        out = []
        text = hand["contract"]
        if text.strip().lower() == "pass":
            return passed_out_problems(hand)
        parsed = parse_contract(text)
        if parsed is None:
            return [Problem("contract", not_a_contract(fmt(text)))]
        for k in ("declarer", "tricks"):
            if k not in hand:
                out.append(Problem(k, MISSING))
        if "honours" in hand and "honours_side" not in hand:
            out.append(Problem("honours_side", Bi("brak: która strona miała honory",
                                                  "missing: which side held the honours")))
        if "honours_side" in hand and "honours" not in hand:
            out.append(Problem("honours", Bi("brak: 100 lub 150", "missing: 100 or 150")))
        if hand.get("honours") == 100 and parsed[1] == "NT":
            out.append(Problem("honours", Bi("100 w bez atu: liczą się tam tylko cztery asy (150)",
                                             "100 at no trumps: only four aces (150) count there")))
        return out

    def check_each(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
                   first: int = 0) -> list[Problem]:
        """As every module's, with `declarer` and `honours_side` read either way: a seat letter ("N") or side
        ("NS"), or a player's name. Each is checked here and handed on to the fields' check in the form the
        entry form writes (at a table of four the seat, otherwise the name)."""
        own: list[Problem] = []
        seen = []
        for i, hand in enumerate(hands, start=first):
            if isinstance(hand, dict) and ("declarer" in hand or "honours_side" in hand):
                hand = dict(hand)
                for key in ("declarer", "honours_side"):
                    if key in hand:
                        hand[key], problem = _as_field(rules, players, key, hand[key])
                        if problem is not None:
                            own.append(Problem(f"{self.hands_key}[{i}].{key}", problem))
            seen.append(hand)
        out = super().check_each(rules, players, seen, first) + own
        if own:  # in the order of the hands and of their fields, as the fields' check places them
            order = {f.name: k + 1 for k, f in enumerate((*COMMON_HAND_FIELDS, *self.hand_fields(rules, players)))}
            out.sort(key=lambda p: (_hand_index(p.place), order.get(p.place.rpartition(".")[2], 0)))
        return out

    def check_sequence(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
                       start: Mapping[str, Any] | None = None) -> list[Problem]:
        """A tura is three rubbers ("Trzy robry stanowią pełny cykl gry, nazywany turą"): a hand after the third
        is refused."""
        if rules["seating"] != "tura" or rules["scoring"] != "rubber":
            return []
        fold = _Rubber(rules, players, {"NS": 0, "EW": 0}, rows=False)
        fold.fold(hands)
        if len(fold.ended) >= TURA_RUBBERS and fold.ended[TURA_RUBBERS - 1] < len(hands) - 1:
            last = f"{self.hands_key}[{fold.ended[TURA_RUBBERS - 1]}]"
            return [Problem(f"{self.hands_key}[{fold.ended[TURA_RUBBERS - 1] + 1}]", Bi(
                f"tura skończyła się trzecim robrem na {last}: to rozdanie jest już poza nią",
                f"the tura ended with the third rubber at {last}: this hand is beyond it"))]
        return []

    def partnerships(self, rules, players):
        seating = rules["seating"] if "seating" in rules else "four"
        if seating == "two":
            return [[players[0]], [players[1]]]
        if seating == "tura":  # partners change each rubber: each player on his own account
            return None
        return [[players[0], players[2]], [players[1], players[3]]]

    def declarers(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]]
                  ) -> dict[str, tuple[int, int]]:
        """Each declarer's contracts and those made (tricks >= level + 6); the declarer written as a seat is the
        player sitting there (in a tura, in that hand's rubber). A passed-out deal has no declarer."""
        seating = _Seating(rules, players)
        ended: list[int] = []
        if seating.kind == "tura" and rules["scoring"] == "rubber":  # partners change with each rubber
            fold = _Rubber(rules, players, {"NS": 0, "EW": 0}, rows=False)
            fold.fold(hands)
            ended = fold.ended
        out: dict[str, tuple[int, int]] = {}
        rubber = 1
        for i, hand in enumerate(hands):
            c = _contract(hand)
            if c is not None:
                who = hand["declarer"]
                name = seating.order(rubber)[SEATS.index(who)] if who in SEATS else who  # a seat letter is a seat
                n, made = out.get(name, (0, 0))
                out[name] = (n + 1, made + (hand["tricks"] >= c.needed))
            if i in ended:
                rubber += 1
        return out

    # --- scoring -------------------------------------------------------------------------------
    def score(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
              start: Mapping[str, Any] | None = None) -> Sheet:
        side_start = _side_start(players, start or {}, rules)
        if rules["scoring"] == "rubber":
            return _Rubber(rules, players, side_start, player_start=start).run(hands)
        return _Cycle(rules, players, side_start).run(hands)

    def totals(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
               start: Mapping[str, Any] | None = None) -> Sheet:
        """The game as the standings need it (ScoringModule.totals): the same fold of the deals as score(), each deal
        scored by the same code, without the sheet's rows, words, per-hand results and next deal. A rubber game
        carries each rubber with its settlement (extra["rubbers"]), as score() does."""
        side_start = _side_start(players, start or {}, rules)
        if rules["scoring"] == "rubber":
            return _Rubber(rules, players, side_start, rows=False, player_start=start).totals(hands)
        return _Cycle(rules, players, side_start, rows=False).totals(hands)


def _count_declarer(declared: dict[str, tuple[int, int]], order: tuple[str, ...], who: str, made: bool) -> None:
    """One more contract (made or not) for its declarer, written as a seat (the player sitting there) or a name."""
    name = order[SEATS.index(who)] if who in SEATS else who
    n, m = declared.get(name, (0, 0))
    declared[name] = (n + 1, m + made)


TURA_RUBBERS = 3  # "Trzy robry stanowią pełny cykl gry, nazywany turą"
SEAT_WORDS = ", ".join(f'"{x}"' for x in SEATS)


def _declarer_field(rules: Rules) -> Field:
    """At a table of four the pad offers the seats ("N Ala"); with two players or in a tura, the players. Either
    way the record may give a seat letter or a player's name (check_each)."""
    label = {"pl": "rozgrywający", "en": "declarer"}
    if rules["seating"] == "four":
        return Field("declarer", "choice", "the declarer's seat (N, E, S, W) or name", choices=SEATS,
                     player_choices=True, label=label)
    if rules["seating"] == "two":
        meaning = "the declarer: a player's name, or N or S for players[0] and E or W for players[1]"
    else:
        meaning = ("the declarer: a player's name, or a seat of the rubber (players[0] N, his partner S, the other "
                   "two E and W in the order of players)")
    return Field("declarer", "player", meaning, label=label)


def _honours_side_field(rules: Rules) -> Field:
    label = {"pl": "honory ma", "en": "honours held by"}
    if rules["seating"] == "four":
        return Field("honours_side", "choice", "the side that held the honours (NS, EW) or one of its players",
                     choices=("NS", "EW"), label=label, rare=True)
    return Field("honours_side", "player", "the player whose side held the honours (or NS: players[0]'s side, EW: "
                 "the other)", label=label, rare=True)


def _as_field(rules: Rules, players: list[str], key: str, v: Any) -> tuple[Any, Bi | None]:
    """A declarer or honours_side as the hand's field takes it (the seat or side at a table of four, a player's
    name otherwise), and the problem when it is neither a seat (side) nor a player. A value that is wrong is
    handed on as a valid one: its problem is said once, here."""
    letters = SEATS if key == "declarer" else ("NS", "EW")
    four = rules["seating"] == "four"
    names = [p for p in players if isinstance(p, str)] if isinstance(players, list) else []
    problem = None
    if not (isinstance(v, str) and (v in letters or v in names)):
        want = ", ".join(f'"{x}"' for x in letters)
        problem = Bi(f"{fmt(v)}: możliwe są {want} albo imię gracza tej gry",
                     f"{fmt(v)} is not one of {want} nor a player of this game")
        v = letters[0]
    if four:
        if v in letters or v not in names or names.index(v) > 3:
            return v, problem
        seat = SEATS[names.index(v)]
        return (seat if key == "declarer" else SIDE_OF[seat]), problem
    if v in names or not names:
        return v, problem
    side = SIDE_OF.get(v, v)  # a seat letter or a side: players[0]'s side is N-S
    return (names[0] if side == "NS" or len(names) < 2 else names[1]), problem


def _hand_index(place: str) -> int:
    try:
        return int(place[place.index("[") + 1:place.index("]")])
    except ValueError:
        return -1


def _partners_problems(rules: Rules, players: list[str]) -> list[Problem]:
    """A tura's `partners`: players[0]'s partner in each of the three rubbers, each of the other three once
    ("Gracze, którzy tworzyli parę, nie mogą już w tej samej turze grać ze sobą po raz drugi"); nothing outside a
    tura."""
    partners = rules["partners"]
    if not partners:
        return []
    if rules["seating"] != "tura":
        return [Problem("partners", Bi("partnerzy zmieniają się tylko w turze (seating = \"tura\")",
                                       'partners change only in a tura (seating = "tura")'))]
    if len(partners) != TURA_RUBBERS:
        return [Problem("partners", Bi(f"{fmt(partners)}: trzeba podać trzech partnerów gracza {players[0]}, po "
                                       "jednym na robra",
                                       f"{fmt(partners)} must name three partners of {players[0]}, one a rubber"))]
    out = []
    others = players[1:]
    for i, name in enumerate(partners):
        where = f"partners[{i}]"
        if not isinstance(name, str):
            out.append(Problem(where, Bi(f"{fmt(name)} nie jest imieniem gracza", f"{fmt(name)} is not a player name")))
        elif name == players[0]:
            out.append(Problem(where, Bi(f"{fmt(name)}: gracz nie gra w parze sam ze sobą",
                                         f"{fmt(name)} cannot partner himself")))
        elif name not in others:
            out.append(Problem(where, Bi(f"{fmt(name)} nie gra w tej grze",
                                         f"{fmt(name)} is not a player of this game")))
        elif name in partners[:i]:
            out.append(Problem(where, Bi(f"{fmt(name)} był już partnerem gracza {players[0]} w robrze "
                                         f"{partners.index(name) + 1}: w turze nikt nie gra dwa razy z tym samym",
                                         f"{fmt(name)} already partnered {players[0]} in rubber "
                                         f"{partners.index(name) + 1}: nobody partners the same player twice in a "
                                         "tura")))
    return out


def _side_start(players: list[str], start: Mapping[str, Any], rules: Rules | None = None) -> dict[str, int]:
    """Totals carried in, per side; partners must agree. With two players each is a side; a tura carries each
    player's own total in (_Rubber's player_start), not the sides'."""
    seating = rules["seating"] if rules is not None else "four"
    if seating == "two":
        return {"NS": start.get(players[0]) or 0, "EW": start.get(players[1]) or 0}
    if seating == "tura":
        return {"NS": 0, "EW": 0}
    out = {}
    for side, (a, b) in (("NS", (players[0], players[2])), ("EW", (players[1], players[3]))):
        va, vb = start.get(a), start.get(b)
        if va is not None and vb is not None and va != vb:
            raise ZapisError([Problem(f"start.{b}", Bi(f"{vb}, a partner {a} ma {va}: para ma jeden wynik",
                                                        f"{vb} differs from partner {a}'s {va}"))])
        out[side] = va if va is not None else (vb or 0)
    return out


def _outcome(players: list[str], tot: dict[str, int], finished: bool, seating: _Seating | None = None
             ) -> tuple[dict[str, int], str | list[str] | None]:
    """Each player's total (partners share their side's) and, when the unit of play is finished, the side ahead
    (with two players, the player ahead)."""
    winner = None
    if seating is not None and seating.kind == "two":
        if finished and tot["NS"] != tot["EW"]:
            winner = players[0] if tot["NS"] > tot["EW"] else players[1]
        return {players[0]: tot["NS"], players[1]: tot["EW"]}, winner
    if finished and tot["NS"] != tot["EW"]:
        winner = [players[0], players[2]] if tot["NS"] > tot["EW"] else [players[1], players[3]]
    return _both(players, tot["NS"], tot["EW"]), winner


@dataclass
class _Deal:
    """One recorded hand, parsed: `declarer` as the sheet names him (the seat at a table of four, the player's name
    otherwise), `side` and `honours_side` as N-S / E-W."""

    contract: Contract | None  # None: passed out
    declarer: str = ""
    tricks: int = 0
    honours: int = 0
    honours_side: str = ""
    side: str = ""

    @property
    def label(self) -> str:
        """"4♠ N =", "3NT E -1" (the same in both languages, as the seed's sheet writes them), or "pas"."""
        if self.contract is None:
            return PASSED_OUT
        return f"{self.contract.pretty()} {self.declarer} {result_text(self.contract, self.tricks)}"


_UNSEEN = object()
#: (contract text, double) -> the Contract (None: passed out); a Contract is immutable, so one serves every hand
_CONTRACTS: dict[tuple[str, str], Contract | None] = {}


def _contract(hand: Mapping[str, Any]) -> Contract | None:
    """The hand's contract, doubled as recorded; None when passed out. The hand is valid."""
    key = (hand["contract"], hand.get("double", ""))
    got = _CONTRACTS.get(key, _UNSEEN)
    if got is _UNSEEN:
        text = key[0]
        if text.strip().lower() == "pass":
            got = None
        else:
            level, strain = parse_contract(text)  # validated
            got = Contract(level, strain, DOUBLES[key[1]])
        if len(_CONTRACTS) < 4096:  # the canonical spellings are a few hundred; odd ones are not kept forever
            _CONTRACTS[key] = got
    return got


def _parse(hand: Mapping[str, Any], look: Mapping[str, tuple[str, str]] | None = None) -> _Deal:
    """A valid hand parsed; `look` (a _Seating's lookup for the hand's rubber) reads seats, sides and names."""
    look = look or FOUR_SEATS
    c = _contract(hand)
    honours, hs = hand.get("honours", 0), hand.get("honours_side", "")
    hs = look[hs][0] if hs else ""
    if c is None:
        return _Deal(None, honours=honours, honours_side=hs)
    side, who = look[hand["declarer"]]
    return _Deal(c, who, hand["tricks"], honours, hs, side)


class _Seating:
    """Who plays with whom, rubber by rubber: N-S is players[0]'s side. At a table of four ("four") N-S are
    players[0] and players[2] throughout; with two players ("two") each is a side of his own; in a tura players[0]'s
    partner is partners[k] in rubber k + 1 (the default players[2], players[1], players[3]), the other two form the
    other side. A rubber's seats: players[0] N, his partner S, the other two E and W in the order of players (the
    first rubber of a default tura is the table of four as it sits).

    `lookup(n)` reads what a hand of rubber n writes in `declarer` or `honours_side` (a seat, a side or a player's
    name) as (side, the declarer as the sheet names him)."""

    def __init__(self, rules: Rules, players: list[str]):
        self.kind = kind = rules["seating"]
        self.players = players
        if kind == "tura":
            p = players
            bad = _partners_problems(rules, p)  # checked with the players; said here too when scored unchecked
            if bad:
                raise ZapisError(bad)
            self.orders = []
            for mate in list(rules["partners"]) or [p[2], p[1], p[3]]:
                e, w = [x for x in p[1:] if x != mate]
                self.orders.append((p[0], e, mate, w))  # N, E, S, W of that rubber
        elif kind == "two":
            self.orders = [(players[0], players[1], players[0], players[1])]
        else:
            self.orders = [tuple(players)]
        self.looks = [self._lookup(o) for o in self.orders]
        self.side_lists = [{"NS": _distinct([o[0], o[2]]), "EW": _distinct([o[1], o[3]])} for o in self.orders]

    def _lookup(self, order: tuple[str, ...]) -> dict[str, tuple[str, str]]:
        four = self.kind == "four"
        look: dict[str, tuple[str, str]] = {}
        for seat, name in zip(SEATS, order):
            look.setdefault(name, (SIDE_OF[seat], seat if four else name))
        for seat, name in zip(SEATS, order):  # a seat letter is a seat, whatever the names
            look[seat] = (SIDE_OF[seat], seat if four else name)
        look["NS"], look["EW"] = ("NS", "NS"), ("EW", "EW")
        return look

    def _at(self, n: int) -> int:
        return min(n, len(self.orders)) - 1

    def lookup(self, n: int) -> dict[str, tuple[str, str]]:
        return self.looks[self._at(n)]

    def sides(self, n: int) -> dict[str, list[str]]:
        """Rubber n's sides: {"NS": [...], "EW": [...]}."""
        return self.side_lists[self._at(n)]

    def order(self, n: int) -> tuple[str, ...]:
        """Who sits N, E, S, W in rubber n (with two players, each sits twice)."""
        return self.orders[self._at(n)]

    def each(self, n: int, ns: int | float, ew: int | float) -> dict[str, int | float]:
        """Each player's share of the sides' points in rubber n: his side's."""
        sides = self.sides(n)
        return {p: (ns if p in sides["NS"] else ew) for p in self.players}

    def names(self, n: int, side: str) -> str:
        return "+".join(self.sides(n)[side])


def _distinct(names: list[str]) -> list[str]:
    return list(dict.fromkeys(names))


#: a table of four as it sits (chicago, IMP): a seat letter, a side, or (added per game) a player's name
FOUR_SEATS: dict[str, tuple[str, str]] = {**{s: (SIDE_OF[s], s) for s in SEATS}, "NS": ("NS", "NS"),
                                           "EW": ("EW", "EW")}


def _letter(i: int) -> str:
    """a, b, ..., z, aa, ab, ... as the seed labels deals."""
    s = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        s = chr(97 + r) + s
    return s


def _both(players: list[str], ns: int | float, ew: int | float) -> dict[str, int | float]:
    return {players[0]: ns, players[1]: ew, players[2]: ns, players[3]: ew}


UNFINISHED_GAME = Bi("partia w niedokończonym robrze", "game in an unfinished rubber")
UNFINISHED_PART = Bi("częściówka w niedokończonym robrze", "partscore in an unfinished rubber")


@dataclass
class _RubberState:
    number: int
    games: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    below: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})  # toward the current game
    total: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    above_rows: list[Row] = field(default_factory=list)
    below_rows: list[Row] = field(default_factory=list)
    hands: int = 0
    bonus: int = 0
    winner: str | None = None

    def vul(self) -> str:
        ns, ew = self.games["NS"] > 0, self.games["EW"] > 0
        return "both" if ns and ew else "NS" if ns else "EW" if ew else "none"

    def deal(self, side: str, made: bool, parts: Parts, thresholds: list[int]) -> bool:
        """A contract played (Laws 72-74): made, its trick points go below the line and the rest above, to the
        declaring side, and a side whose points below reach its threshold makes a game (every partscore below then
        starts afresh); defeated, the undertricks go above, to the defenders. True when a game was made."""
        if not made:
            self.total[OTHER[side]] += parts[5]
            return False
        below = parts[0]
        self.total[side] += above_line(parts) + below
        self.below[side] += below
        if self.below[side] >= thresholds[min(self.games[side], 1)]:
            self.games[side] += 1
            self.below = {"NS": 0, "EW": 0}
            return True
        return False

    def over(self, r: Rules) -> str | None:
        """The side that has won the rubber (two games), its rubber bonus added; None while the rubber goes on."""
        games = self.games
        won = "NS" if games["NS"] >= 2 else "EW" if games["EW"] >= 2 else None
        if won:
            self.winner = won
            self.bonus = r["rubber_bonus_2_0"] if self.games[OTHER[won]] == 0 else r["rubber_bonus_2_1"]
            self.total[won] += self.bonus
        return won

    def unfinished(self, r: Rules) -> list[tuple[str, int, Bi]]:
        """Law 80: an unfinished rubber's bonuses, added to its totals; each as (side, points, what it is for)."""
        out = []
        for side in ("NS", "EW"):
            if self.games[side] == 1 and self.games[OTHER[side]] == 0:
                self.bonus = r["unfinished_game_bonus"]
                self.total[side] += self.bonus
                out.append((side, self.bonus, UNFINISHED_GAME))
        with_part = [s for s in ("NS", "EW") if self.below[s] > 0]
        if len(with_part) == 1 or (len(with_part) == 2 and r["unfinished_partscore_both"]):
            for side in with_part:
                self.total[side] += r["unfinished_partscore_bonus"]
                out.append((side, r["unfinished_partscore_bonus"], UNFINISHED_PART))
        return out

    def summary(self, unit: int) -> dict[str, Any]:
        """The rubber as the sheet's JSON gives it (extra["rubbers"]), with its settlement: the difference of the
        totals in units, rounded half up, won by the side ahead (none when level)."""
        diff = self.total["NS"] - self.total["EW"]
        return {
            "number": self.number, "NS": self.total["NS"], "EW": self.total["EW"],
            "games": dict(self.games), "winner": self.winner, "bonus": self.bonus, "finished": self.winner is not None,
            "settlement": {"side": "NS" if diff > 0 else "EW" if diff < 0 else None,
                           "units": _round_half_up(abs(diff) / unit)},
        }


class _Rubber:
    """Rubber bridge (Laws of Rubber Bridge 72-74, 80, 81): below and above the line. With `rows` (score()) the
    fold writes the sheet's entries as it goes; without (totals()) it only adds up. The sides of each rubber are
    the seating's (_Seating): a table of four, two players, or a tura's changing partners."""

    def __init__(self, rules: Rules, players: list[str], start: dict[str, int], rows: bool = True,
                 player_start: Mapping[str, Any] | None = None):
        self.r, self.players, self.start, self.rows = rules, players, start, rows
        self.values = Values.from_rules(rules)
        self.seating = _Seating(rules, players)
        self.tura = self.seating.kind == "tura"
        # each player's total carried in: his own in a tura, his side's otherwise
        if self.tura:
            self.player_start = {p: (player_start or {}).get(p) or 0 for p in players}
        else:
            self.player_start = self.seating.each(1, start["NS"], start["EW"])
        self.rubbers: list[_RubberState] = []
        self.ended: list[int] = []  # the hand that ended each finished rubber
        self.declared: dict[str, tuple[int, int]] = {}  # each declarer's contracts and those made, as folded
        self.per_hand: list[dict[str, int]] = []  # with rows: each hand's points

    def fold(self, hands: list[Mapping[str, Any]]) -> tuple[_RubberState, bool]:
        """Every deal onto its rubber, in order (self.rubbers). The rubber in play last, and whether it is left
        unfinished (then it has its Law 80 bonuses and is the last of self.rubbers)."""
        r, values, rows = self.r, self.values, self.rows
        thresholds = r["game_thresholds"]
        cur = _RubberState(1)
        look, order = self.seating.lookup(1), self.seating.order(1)
        declared = self.declared
        for i, hand in enumerate(hands):
            c = _contract(hand)
            vul = hand.get("vulnerable") or cur.vul()
            before = (cur.total["NS"], cur.total["EW"])
            parts, game = None, False
            if c is not None:
                side, tricks = look[hand["declarer"]][0], hand["tricks"]
                parts = deal_parts(c, vulnerable(vul, side), tricks, values)
                game = cur.deal(side, tricks >= c.needed, parts, thresholds)
                _count_declarer(declared, order, hand["declarer"], tricks >= c.needed)
            honours = hand.get("honours")
            if honours:
                cur.total[look[hand.get("honours_side", "")][0]] += honours
            cur.hands += 1
            won = cur.over(r)
            if rows:
                self._rows(i, hand, cur, vul, parts, game, won, before, look)
            if won:
                self.rubbers.append(cur)
                self.ended.append(i)
                cur = _RubberState(cur.number + 1)
                look, order = self.seating.lookup(cur.number), self.seating.order(cur.number)
        unfinished = cur.hands > 0
        if unfinished:
            for side, points, label in cur.unfinished(r):
                if rows:
                    self._above(cur, side, points, label, "", None)
            self.rubbers.append(cur)
        return cur, unfinished

    def _rows(self, i: int, hand: Mapping[str, Any], cur: _RubberState, vul: str, parts: Parts | None, game: bool,
              won: str | None, before: tuple[int, int], look: Mapping[str, tuple[str, str]]) -> None:
        """A deal's entries above and below the line, as fold() has scored it, and its points."""
        deal = _parse(hand, look)
        label = f"{_letter(i)}) " + deal.label
        if deal.contract is not None:
            side = deal.side
            b = Breakdown(deal.contract, vulnerable(vul, side), deal.tricks, *parts)
            if b.made:
                self._above(cur, side, b.above, label, _above_words(b), i)
                cur.below_rows.append(_side_row(side, b.below, label, i, ""))
                if game:
                    _game_line(cur.below_rows[-1])
            else:
                self._above(cur, OTHER[side], b.undertricks, label, b.words(), i)
        if deal.honours:
            self._above(cur, deal.honours_side, deal.honours, Bi(f"{_letter(i)}) honory", f"{_letter(i)}) honours"),
                        "", i)
        if won:
            score = f"{cur.games[won]}-{cur.games[OTHER[won]]}"
            self._above(cur, won, cur.bonus, Bi(f"{_letter(i)}) rober {score}", f"{_letter(i)}) rubber {score}"),
                        "", i)
        self.per_hand.append(self.seating.each(cur.number, cur.total["NS"] - before[0], cur.total["EW"] - before[1]))

    def run(self, hands: list[Mapping[str, Any]]) -> Sheet:
        cur, unfinished = self.fold(hands)
        return self._sheet(self.per_hand, unfinished, cur)

    def totals(self, hands: list[Mapping[str, Any]]) -> Sheet:
        _, unfinished = self.fold(hands)
        tot, rubbers_json, finished, totals, winner, extra = self._summary(unfinished)
        r = self.r
        return Sheet(module="bridge", ruleset=r.id, title=r.title, players=self.players, totals=totals,
                     finished=finished, winner=winner, extra=extra | {DECLARED: self.declared})

    def _summary(self, unfinished: bool) -> tuple[dict[str, int], list[dict[str, Any]], bool, dict[str, int],
                                                  str | list[str] | None, dict[str, Any]]:
        """What the rubbers come to: the sides' totals from the start, each rubber's JSON (with its sides and its
        settlement), whether the game stands finished, each player's total, the winner and the sheet's extra keys.

        A table of four or two: the sides add up over the rubbers, a finished rubber finishes the sheet (play goes
        on with the next). A tura: each player adds up his side's total of each rubber (each rubber's result
        belongs to both partners of that rubber), the tura is finished after the third rubber; its `settlement`
        is each player's units won (+) or lost (-) over the rubbers."""
        tot = dict(self.start)
        rubbers_json = []
        unit = self.r["settlement_unit"]
        players, seating = self.players, self.seating
        each = dict(self.player_start)
        units = {p: 0 for p in players}
        for rub in self.rubbers:
            for s in tot:
                tot[s] += rub.total[s]
            rj = rub.summary(unit)
            sides = seating.sides(rub.number)
            rj["sides"] = {s: list(v) for s, v in sides.items()}
            # each player's total in this rubber (his side's), and the winning side by its players
            rj["totals"] = seating.each(rub.number, rub.total["NS"], rub.total["EW"])
            rj["winners"] = list(sides[rub.winner]) if rub.winner else None
            rubbers_json.append(rj)
            for p, v in seating.each(rub.number, rub.total["NS"], rub.total["EW"]).items():
                each[p] += v
            lead = rj["settlement"]["side"]
            if lead:
                for p in players:
                    units[p] += rj["settlement"]["units"] * (1 if p in sides[lead] else -1)
        if self.tura:
            done = len(self.rubbers) - (1 if unfinished else 0)
            finished = done >= TURA_RUBBERS
            winner = None
            if finished:
                best = max(each.values())
                top = [p for p in players if each[p] == best]
                winner = top[0] if len(top) == 1 else top
            return tot, rubbers_json, finished, each, winner, {"rubbers": rubbers_json, "settlement": units}
        finished = bool(self.rubbers) and not unfinished
        totals, winner = _outcome(players, tot, finished, seating)
        return tot, rubbers_json, finished, totals, winner, {"sides": dict(tot), "rubbers": rubbers_json}

    def _above(self, cur: _RubberState, side: str, points: int, label: str, note: str, hand: int | None) -> None:
        if points:
            cur.above_rows.append(_side_row(side, points, label, hand, note))

    def _side_words(self, n: int, side: str) -> Bi:
        """Whose column: "My: Ala+Celina" (players[0]'s side is "My", as the scorekeeper's)."""
        return WE_THEY[side] + f": {self.seating.names(n, side)}"

    def _sheet(self, per_hand: list[dict[str, int]], unfinished: bool, cur: _RubberState) -> Sheet:
        r, players, seating = self.r, self.players, self.seating
        tot, rubbers_json, finished, totals, winner, extra = self._summary(unfinished)
        sections, settle = [], []
        for rub, rj in zip(self.rubbers, rubbers_json):
            n = rub.number
            cols = [self._side_words(n, "NS"), self._side_words(n, "EW")]
            done = rj["finished"]
            lead, units = rj["settlement"]["side"], rj["settlement"]["units"]
            diff = rub.total["NS"] - rub.total["EW"]
            above = Section(Bi(f"Rober {n}: nad kreską" + ("" if done else " (niedokończony)"),
                               f"Rubber {n}: above the line" + ("" if done else " (unfinished)")),
                            cols, list(reversed(rub.above_rows)))
            below = Section(Bi(f"Rober {n}: pod kreską", f"Rubber {n}: below the line"), cols, rub.below_rows)
            below.rows = below.rows + [Row(Bi("razem", "total"), [Cell.num(rub.total["NS"]), Cell.num(rub.total["EW"])],
                                           marks=frozenset({"total"}))]
            if lead:
                unit = r["settlement_unit"]
                who = WE_THEY[lead] if seating.kind == "four" else Bi(seating.names(n, lead))
                settle.append(Bi(f"Rober {n}: rozliczenie: {who.pl} +{units} (różnica {abs(diff)} / {unit})",
                                 f"Rubber {n}: settlement: {who.en} +{units} (difference {abs(diff)} / {unit})"))
            sections += [above, below]
        if self.tura:
            sections.append(self._tura_section(rubbers_json, totals))
            each = ", ".join(f"{p} {extra['settlement'][p]:+d}" for p in players)
            settle.append(Bi(f"Rozliczenie tury (jednostki): {each}", f"The tura's settlement (units): {each}"))
        hands = running(per_hand, players, dict(self.player_start))
        notes = settle
        if unfinished:
            notes.append(Bi("Rober niedokończony: premie wg Prawa 80 wliczone",
                            "Unfinished rubber: the Law 80 bonuses are included"))
        nxt = None
        if not finished:
            n = len(per_hand)
            order = seating.order(cur.number)
            dealer = order[n % len(order)]
            nxt = {"rubber": cur.number, "dealer": dealer, "seat": SEATS[order.index(dealer)],
                   "vulnerable": cur.vul(), "below": dict(cur.below)}
        return Sheet(
            module="bridge", ruleset=r.id, title=r.title, players=players, hands=hands, totals=totals,
            finished=finished, winner=winner, next=nxt, sections=sections, notes=notes, extra=extra,
        )

    def _tura_section(self, rubbers_json: list[dict[str, Any]], totals: dict[str, int]) -> Section:
        """The tura per player: each rubber's sides and what it gives each player (his side's total), the totals
        carried in, and each player's total."""
        players, seating = self.players, self.seating
        rows = []
        if any(self.player_start.values()):
            rows.append(Row(Bi("przeniesione", "carried in"), [Cell.num(self.player_start[p]) for p in players]))
        for rj in rubbers_json:
            n = rj["number"]
            sides = f"{seating.names(n, 'NS')} – {seating.names(n, 'EW')}"
            each = seating.each(n, rj["NS"], rj["EW"])
            done = "" if rj["finished"] else " (niedokończony)", "" if rj["finished"] else " (unfinished)"
            rows.append(Row(Bi(f"Rober {n}{done[0]}", f"Rubber {n}{done[1]}"),
                            [Cell.num(each[p]) for p in players], note=sides))
        rows.append(Row(Bi("razem", "total"), [Cell.num(totals[p]) for p in players], marks=frozenset({"total"})))
        return Section(Bi("Tura: wynik każdego gracza", "The tura: each player's total"), list(players), rows,
                       label_header=Bi("rober", "rubber"))


def _above_words(b: Breakdown) -> Bi | str:
    """What an entry above the line is made of: "nadróbka 30 + za kontrę 50", "szlemik 500"."""
    parts = b.parts()  # a rubber deal has no premium: these are the entry above the line
    if not parts:
        return ""
    return both(lambda lang: " + ".join(f"{name.say(lang)} {v}" for name, v in parts))


def _side_row(side: str, points: int, label: str, hand: int | None, note: str) -> Row:
    cells = [Cell.num(points), Cell()] if side == "NS" else [Cell(), Cell.num(points)]
    return Row(label, cells, hand=hand, note=note)


def _game_line(row: Row) -> None:
    """A game made: the line drawn under the entries below the line, across both columns (the seed: "Zrobienie
    dogranej zaznacza się przez podkreślenie zapisów pod kreską", the opponents' partscore too)."""
    row.marks = row.marks | {"line"}
    row.cells = [Cell(c.text, c.value, c.marks | {"line"}) for c in row.cells]


def _round_half_up(x: float) -> int:
    return int(x + 0.5)


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
