"""The `bridge` module: rubber, Chicago (seed and ACBL), Polish IMP against an HCP table, Old Polish.

One module, the scoring method chosen by the `scoring` parameter; every value it reads is a
parameter, so a house table is a ruleset file. This file holds the module class: its fields and checks. The
scoring is in `rubber` (the rubber's fold and sheet) and `chicago` (Chicago and IMP cycles), who sits where in
`seating` (a table of four, two-handed bridge, the tura), a hand's reading in `hands`, the parameters in
`parameters`.
"""

from __future__ import annotations

from typing import Any, Mapping

from zapis.core.errors import Problem, fmt
from zapis.core.fields import MISSING, Field
from zapis.core.module import COMMON_HAND_FIELDS, Rules, ScoringModule
from zapis.core.sheet import Sheet
from zapis.core.words import Bi
from zapis.modules.bridge.law77 import (  # noqa: F401  (names this module has always offered)
    DOUBLE_SUFFIX, written_contract,
    CONTRACT_PARTS, tricks_needed, both, VUL_WORDS, PASSED_OUT, not_a_contract, pass_has_no,
    DOUBLES, IMP_SCALE, OTHER, SEATS, SIDE_OF, VUL_CHOICES, Breakdown, Contract, Parts, Values, above_line,
    canonical_contract, deal_parts, declarer_score, imps, parse_contract, premium, result_text, vulnerable,
)
# what the split of this module moved out, importable from here as before
from zapis.modules.bridge.chicago import REDEALT, SIDE_LABEL, _Cycle, _imp_words  # noqa: F401
from zapis.modules.bridge.hands import (  # noqa: F401
    _CONTRACTS, _UNSEEN, _contract, _count_declarer, _Deal, _letter, _parse, passed_out_problems,
)
from zapis.modules.bridge.parameters import HCP_TABLE, P, PARAMS  # noqa: F401
from zapis.modules.bridge.rubber import (  # noqa: F401
    UNFINISHED_GAME, UNFINISHED_PART, WE_THEY, _above_words, _game_line, _round_half_up, _Rubber, _RubberState,
    _side_row,
)
from zapis.modules.bridge.seating import (  # noqa: F401
    FOUR_SEATS, SEAT_WORDS, TURA_RUBBERS, _both, _distinct, _outcome, _partners_problems, _Seating, _side_start,
)


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
                  normalize=canonical_contract, parts=CONTRACT_PARTS, alone=("pass",), suffix=DOUBLE_SUFFIX,
                  written=written_contract),
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
