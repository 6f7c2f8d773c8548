"""Bobby: Hubert Phillips' three-handed bridge (1942), with the nullo contract.

The game as the seed gives it: three players, each on his own account; each is dealt 17 cards, the 52nd card
lies face down as the dummy's first card, and each player discards four cards of his choice to the dummy, which
so holds 13 cards. The bidding is as in bridge with one more strain, **nullo**: "n nullo" undertakes that the
declarer (with the dummy) takes at most 7 - n tricks, played at no trumps; nullo ranks above hearts and below
spades; "Za wygranie jednego nullo otrzymuje się w zapisie 30 punktów" (30 for each nullo bid and made, as a major
suit: so four nullo, 120, is a game, as the seed's example says: "cztery nullo (której wykonanie oznacza zrobienie
partii)", while three nullo, 90, is not). The highest bidder plays with the dummy; the rest is bridge.

What the seed leaves to "bridge", and how this module reads it (each a parameter, the defaults first):

- Sources. The research found no published text of Phillips' own scoring rules for Bobby (searched: "Bobby
  three-handed bridge Hubert Phillips nullo", "nullo bridge scoring 30 points per trick", "three-handed
  contract bridge dummy discards nullo"; the hits were Phillips' biography (en.wikipedia.org/wiki/Hubert_Phillips,
  bridgeguys.com) and the nullo of Pirate Bridge, a different game: shawnomancy.com/gaming/pirate-bridge/nullo).
  Where Bobby is silent this module therefore follows the standard rules of three-handed contract bridge
  ("cutthroat", each player on his own), as the Hoyle text puts them
  (tipwriter.expertscolumn.com/article/rules-bridge-three-cutthroat-bridge-card-game): "There are 3 columns on
  the score sheet, one for every player. When declarer fulfills the contract, he scores its value in his
  column. When declarer falls short, every defender scores the undertrick penalties in his column. Honors
  retained by one defender are scored by both defenders. The rubber ends if any player has won two games ...
  the winner of the rubber scores only 500 points bonus if either defender was vulnerable."
- The deal's values are rubber bridge's (Law 77 tables, shared with the `bridge` module: trick points, overtricks,
  undertricks, doubles, insults, slams, honours 100/150); nullo's trick value is `nullo_trick_value` (30).
- Nullo "overtricks" (fewer tricks than the contract allows) score as overtricks at the nullo trick value (doubled:
  as doubled overtricks), `nullo_overtricks`; nullo undertricks (each trick more than allowed) are undertricks;
  six nullo ("szlemik w nullo") and seven nullo ("szlem w nullo") are slams and take the slam bonuses.
- `undertricks`: "each" (every defender scores the whole penalty, the Hoyle rule), "shared" (the two defenders
  share it, half each) or "declarer" (written against the declarer, a minus in his column).
- `honours_defenders`: honours held by a defender are scored by "both" defenders (Hoyle) or by the "holder" only;
  honours held by the declarer or in the dummy are the declarer's.
- `vulnerability`: "games" (a player who has won a game in the rubber is vulnerable, as a side is in bridge) or
  "never".
- The rubber: a trick score of `game_threshold` (100) below the line makes a game, and every player's partscore
  below the line starts afresh; the first player to win `games_to_win` (2) games wins the rubber and
  `rubber_bonus_2_0` (700) when no other player has a game, else `rubber_bonus_2_1` (500). A rubber left
  unfinished scores as Law 80 does, player by player: `unfinished_game_bonus` (300) for the only player with a
  game, `unfinished_partscore_bonus` (100) for the only player with a partscore in the unfinished game.

Record fields (../shared/spec/records.md, "Bridge with two and three players"): `contract` ("4S", "3NT", "4NULLO",
"pass"), `declarer` (a player's name), `double` ("", "X", "XX"), `tricks` (taken by the declarer with the dummy),
`honours` (100 or 150) with `honours_side` (the player who held them, or "dummy").
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Mapping

from zapis.core.errors import Problem, fmt
from zapis.core.fields import MISSING, Field
from zapis.core.module import Rules, ScoringModule, dealers
from zapis.core.sheet import Cell, Row, Section, Sheet, leaders, running
from zapis.core.words import Bi
from zapis.modules.bridge.law77 import (
    DOUBLE_SUFFIX,
    DOUBLES, PASSED_OUT, STRAINS, Breakdown, Contract, Parts, Values, above_line, canonical_contract,
    deal_parts, parse_contract, result_text, tricks_needed,
)
from zapis.modules.bridge.module import PARAMS as BRIDGE_PARAMS, _game_line, _letter, passed_out_problems

NULLO = "NULLO"
LEVELS = ("1", "2", "3", "4", "5", "6", "7")
#: the strains by rank, as the bidding orders them: nullo above hearts, below spades
STRAINS_BY_RANK = ("C", "D", "H", NULLO, "S", "NT")
#: nullo as players type it
NULLO_WORDS = ("NULLO", "NULL", "NUL", "NULO")

_BRIDGE = {p.name: p for p in BRIDGE_PARAMS}
# The deal's values as rubber bridge has them (Law 77): the same Field, name, meaning and default.
_SHARED = ("trick_values", "nt_first", "overtricks_at_trick_value", "overtrick_nv", "overtrick_v",
           "overtrick_doubled_nv", "overtrick_doubled_v", "undertrick_nv", "undertrick_v", "doubled_undertricks",
           "insult", "insult_redoubled", "small_slam_nv", "small_slam_v", "grand_slam_nv", "grand_slam_v", "honours")


def _default(name: str) -> Any:
    return _BRIDGE[name].default


P = Field
PARAMS = tuple(_BRIDGE[n] for n in _SHARED) + (
    P("nullo", "bool", Bi("wolno licytować nullo (n nullo: rozgrywający bierze najwyżej 7 - n lew, w bez atu)",
                          "nullo may be bid (n nullo: the declarer takes at most 7 - n tricks, at no trumps)"), True),
    P("nullo_trick_value", "int", Bi("punkty za każde zapowiedziane i ugrane nullo (cztery nullo: 120, partia)",
                                     "points for each nullo bid and made (four nullo: 120, a game)"), 30, min=0),
    P("nullo_overtricks", "bool", Bi("w nullo każda lewa mniej, niż kontrakt pozwala, liczy się jak nadróbka",
                                     "in nullo each trick fewer than the contract allows scores as an overtrick"),
      True),
    P("undertricks", "choice", Bi('kto zapisuje wpadki: "each" (każdy z obu obrońców całą karę), "shared" (obrońcy '
                                  'po połowie) albo "declarer" (rozgrywający na minusie)',
                                  "who scores undertricks: each (both defenders score the whole penalty), shared "
                                  "(the defenders get half each) or declarer (a minus to the declarer)"),
      "each", choices=("each", "shared", "declarer")),
    P("honours_defenders", "choice", Bi('honory obrońcy zapisują "both" (obaj obrońcy) albo "holder" (tylko ten, '
                                        'kto je miał); honory rozgrywającego i dziadka zapisuje rozgrywający',
                                        "a defender's honours are scored by both defenders or by the holder only; "
                                        "the declarer's and the dummy's honours go to the declarer"),
      "both", choices=("both", "holder")),
    P("vulnerability", "choice", Bi('założenia: "games" (po partii jest gracz, który w tym robrze ma partię) albo '
                                    '"never" (nikt nie jest po partii)',
                                    "vulnerability: games (a player who has won a game in the rubber is vulnerable) "
                                    "or never (nobody is)"), "games", choices=("games", "never")),
    P("game_threshold", "int", Bi("punkty za lewy (pod kreską) potrzebne graczowi do partii",
                                  "trick points below the line a player needs for a game"), 100, min=1),
    P("games_to_win", "int", Bi("tyle partii wygrywa robra",
                                "games that win the rubber"), 2, min=1, max=5),
    P("rubber_bonus_2_0", "int", Bi("premia za robra, gdy żaden z przeciwników nie ma partii",
                                    "rubber bonus when no other player has a game"),
      _default("rubber_bonus_2_0"), min=0),
    P("rubber_bonus_2_1", "int", Bi("premia za robra, gdy któryś z przeciwników ma partię",
                                    "rubber bonus when another player has a game"),
      _default("rubber_bonus_2_1"), min=0),
    P("unfinished_game_bonus", "int", Bi("niedokończony rober: premia dla jedynego gracza z partią",
                                         "unfinished rubber: bonus to the only player with a game"),
      _default("unfinished_game_bonus"), min=0),
    P("unfinished_partscore_bonus", "int", Bi("niedokończony rober: premia dla jedynego gracza z częściówką w "
                                              "niedokończonej partii",
                                              "unfinished rubber: bonus to the only player with a partscore in the "
                                              "unfinished game"),
      _default("unfinished_partscore_bonus"), min=0),
    P("unfinished_partscore_both", "bool", Bi("niedokończony rober: gdy częściówkę ma kilku graczy, każdy z nich "
                                              "dostaje premię za częściówkę",
                                              "unfinished rubber: when several players have a partscore, each of "
                                              "them gets the partscore bonus"),
      _default("unfinished_partscore_both")),
)


def canonical(text: str) -> str:
    """A contract as the record writes it ("4NULLO", "4S", "3NT", "pass"), from what a player typed: 4 nullo,
    4nul, 3BA, 4♠, pas. Text that is no contract comes back unchanged, for the check to name."""
    t = "".join(text.split())
    if len(t) >= 2 and t[0] in "1234567" and t[1:].upper() in NULLO_WORDS:
        return f"{t[0]}{NULLO}"
    return canonical_contract(text)


def parse(text: str) -> tuple[int, str] | None:
    """("4NULLO" -> (4, "NULLO"), "4S" -> (4, "S")); None when it is not a contract."""
    t = text.strip().upper()
    if len(t) == 6 and t[0] in "1234567" and t[1:] == NULLO:
        return int(t[0]), NULLO
    return parse_contract(text)


def needed(level: int, strain: str) -> int:
    """What the contract asks of the declarer: at least 6 + level tricks, or in nullo at most 7 - level."""
    return 7 - level if strain == NULLO else 6 + level


def base_tricks(hand: Mapping[str, Any]) -> int | None:
    """The pad's base for the tricks (4S: 10, so that a result reads "=", "+1"); none for nullo, whose pad shows the
    tricks themselves (fewer is better there)."""
    parsed = parse(canonical(str(hand.get("contract", ""))))
    if parsed and parsed[1] == NULLO:
        return None
    return tricks_needed(hand)


def not_a_contract(value: str, nullo: bool) -> Bi:
    strains = "♣ ♦ ♥ ♠, NULLO lub BA" if nullo else "♣ ♦ ♥ ♠ lub BA"
    strains_en = "C, D, H, NULLO, S or NT" if nullo else "C, D, H, S or NT"
    return Bi(f"{value} to nie kontrakt (wysokość 1-7 i miano: {strains}, albo pas)",
              f"{value} is not a contract (level 1-7 and {strains_en}, or pass)")


def contract_label(c: Contract) -> str:
    """"4♠", "3BA" (3NT in English), "4 nullo", "4 nullo X"."""
    if c.strain == NULLO:
        return f"{c.level} nullo" + (f" {'X' * c.double}" if c.double else "")
    return c.pretty()


@dataclass
class _RubberState:
    number: int
    players: list[str]
    games: dict[str, int] = field(default_factory=dict)
    below: dict[str, int] = field(default_factory=dict)  # toward the current game
    total: dict[str, float] = field(default_factory=dict)
    above_rows: list[Row] = field(default_factory=list)
    below_rows: list[Row] = field(default_factory=list)
    hands: int = 0
    bonus: int = 0
    winner: str | None = None

    def __post_init__(self) -> None:
        for p in self.players:
            self.games.setdefault(p, 0)
            self.below.setdefault(p, 0)
            self.total.setdefault(p, 0)

    def vulnerable(self, r: Rules) -> list[str]:
        return [p for p in self.players if self.games[p] > 0] if r["vulnerability"] == "games" else []

    def summary(self) -> dict[str, Any]:
        return {"number": self.number, "totals": dict(self.total), "games": dict(self.games), "winner": self.winner,
                "bonus": self.bonus, "finished": self.winner is not None}


@dataclass
class _Played:
    """One contract played: what it was and what each player got for it."""

    contract: Contract
    declarer: str
    tricks: int
    vul: bool
    parts: Parts
    made: bool
    game: bool
    points: dict[str, float]  # what the deal gives each player (honours aside)


def _values(rules: Rules) -> Values:
    v = Values.from_rules(rules)
    return dataclasses.replace(v, trick={**v.trick, NULLO: rules["nullo_trick_value"]})


def _contract(hand: Mapping[str, Any]) -> Contract | None:
    text = hand["contract"]
    if text.strip().lower() == "pass":
        return None
    level, strain = parse(text)  # validated
    return Contract(level, strain, DOUBLES[hand.get("double", "")])


class _Fold:
    """The hands onto their rubbers, in order. With `rows` (score()) it writes the sheet's entries as it goes;
    without (totals()) it only adds up."""

    def __init__(self, rules: Rules, players: list[str], rows: bool = True):
        self.r, self.players, self.rows = rules, players, rows
        self.values = _values(rules)
        self.rubbers: list[_RubberState] = []
        self.per_hand: list[dict[str, float]] = []

    def play(self, cur: _RubberState, c: Contract, declarer: str, tricks: int) -> _Played:
        """A contract played: made, its trick points go below the declarer's line (a game when they reach the
        threshold: every partscore then starts afresh) and the rest above; defeated, the undertricks go as the
        `undertricks` parameter says."""
        r, players = self.r, self.players
        vul = declarer in cur.vulnerable(r)
        # a nullo is a contract on the tricks the declarer loses: n nullo needs 6 + n of them
        counted = 13 - tricks if c.strain == NULLO else tricks
        parts = deal_parts(c, vul, counted, self.values)
        if c.strain == NULLO and not r["nullo_overtricks"]:
            parts = (parts[0], 0, *parts[2:])
        made = counted >= c.needed
        points: dict[str, float] = {p: 0 for p in players}
        game = False
        if made:
            points[declarer] = parts[0] + above_line(parts)
            cur.below[declarer] += parts[0]
            if cur.below[declarer] >= r["game_threshold"]:
                cur.games[declarer] += 1
                cur.below = {p: 0 for p in players}
                game = True
        else:
            pen = parts[5]
            rule = r["undertricks"]
            if rule == "declarer":
                points[declarer] = -pen
            else:
                share = pen if rule == "each" else pen / 2
                for p in players:
                    if p != declarer:
                        points[p] = share
        for p, v in points.items():
            cur.total[p] += v
        return _Played(c, declarer, tricks, vul, parts, made, game, points)

    def honours(self, cur: _RubberState, declarer: str, holder: str, points: int) -> dict[str, int]:
        if holder in (declarer, "dummy"):
            got = {declarer: points}
        elif self.r["honours_defenders"] == "both":
            got = {p: points for p in self.players if p != declarer}
        else:
            got = {holder: points}
        for p, v in got.items():
            cur.total[p] += v
        return got

    def over(self, cur: _RubberState) -> str | None:
        """The player who has won the rubber, his bonus added; None while it goes on."""
        r = self.r
        won = next((p for p in self.players if cur.games[p] >= r["games_to_win"]), None)
        if won:
            cur.winner = won
            others = any(cur.games[p] for p in self.players if p != won)
            cur.bonus = r["rubber_bonus_2_1"] if others else r["rubber_bonus_2_0"]
            cur.total[won] += cur.bonus
        return won

    def unfinished(self, cur: _RubberState) -> list[tuple[str, int, Bi]]:
        """Law 80, player by player: the only player with a game, the only one with a partscore (or each, with
        unfinished_partscore_both); added to the rubber's totals."""
        r, out = self.r, []
        with_game = [p for p in self.players if cur.games[p]]
        if len(with_game) == 1:
            p = with_game[0]
            cur.bonus = r["unfinished_game_bonus"]
            cur.total[p] += cur.bonus
            out.append((p, cur.bonus, Bi("partia w niedokończonym robrze", "game in an unfinished rubber")))
        with_part = [p for p in self.players if cur.below[p] > 0]
        if len(with_part) == 1 or (len(with_part) > 1 and r["unfinished_partscore_both"]):
            for p in with_part:
                cur.total[p] += r["unfinished_partscore_bonus"]
                out.append((p, r["unfinished_partscore_bonus"],
                            Bi("częściówka w niedokończonym robrze", "partscore in an unfinished rubber")))
        return out

    def fold(self, hands: list[Mapping[str, Any]]) -> tuple[_RubberState, bool]:
        players = self.players
        cur = _RubberState(1, players)
        for i, hand in enumerate(hands):
            before = dict(cur.total)
            c = _contract(hand)
            played = None
            got: dict[str, int] = {}
            if c is not None:
                declarer = hand["declarer"]
                played = self.play(cur, c, declarer, hand["tricks"])
                if hand.get("honours"):
                    got = self.honours(cur, declarer, hand["honours_side"], hand["honours"])
            cur.hands += 1
            won = self.over(cur)
            if self.rows:
                self._rows(i, cur, played, got, won)
                self.per_hand.append({p: cur.total[p] - before[p] for p in players})
            if won:
                self.rubbers.append(cur)
                cur = _RubberState(cur.number + 1, players)
        unfinished = cur.hands > 0
        if unfinished:
            for p, points, label in self.unfinished(cur):
                if self.rows:
                    cur.above_rows.append(self._row(p, points, label, None))
            self.rubbers.append(cur)
        return cur, unfinished

    # --- the sheet -----------------------------------------------------------------------------------
    def _row(self, who: str | dict[str, float], points: float, label: str, hand: int | None,
             note: str = "") -> Row:
        each = who if isinstance(who, dict) else {who: points}
        cells = [Cell.num(each[p]) if each.get(p) else Cell() for p in self.players]
        return Row(label, cells, hand=hand, note=note)

    def _rows(self, i: int, cur: _RubberState, played: _Played | None, honours: dict[str, int],
              won: str | None) -> None:
        if played is None:
            cur.above_rows.append(Row(f"{_letter(i)}) " + PASSED_OUT, [Cell() for _ in self.players], hand=i))
        else:
            c = played.contract
            counted = 13 - played.tricks if c.strain == NULLO else played.tricks
            label = f"{_letter(i)}) " + contract_label(c) + f" {played.declarer} {result_text(c, counted)}"
            b = Breakdown(c, played.vul, counted, *played.parts)
            if played.made:
                if b.above:
                    words = " + ".join(f"{name} {v}" for name, v in b.parts())
                    en = " + ".join(f"{name.en} {v}" for name, v in b.parts())
                    cur.above_rows.append(self._row(played.declarer, b.above, label, i, Bi(words, en)))
                cur.below_rows.append(self._row(played.declarer, b.below, label, i))
                if played.game:
                    _game_line(cur.below_rows[-1])
            else:
                down, pts = c.needed - counted, b.undertricks
                rule = self.r["undertricks"]
                if rule == "declarer":
                    note = Bi(f"bez {down}: -{pts} dla rozgrywającego", f"down {down}: -{pts} to the declarer")
                elif rule == "each":
                    note = Bi(f"bez {down}: po {pts} dla każdego obrońcy", f"down {down}: {pts} to each defender")
                else:
                    half = played.points[next(p for p in self.players if p != played.declarer)]
                    note = Bi(f"bez {down}: {pts}, po {Cell.num(half).text} dla obrońców",
                              f"down {down}: {pts}, {Cell.num(half).text} to each defender")
                cur.above_rows.append(self._row({p: v for p, v in played.points.items() if v}, 0, label, i, note))
        if honours:
            pts = next(iter(honours.values()))
            cur.above_rows.append(self._row(honours, pts, Bi(f"{_letter(i)}) honory", f"{_letter(i)}) honours"), i))
        if won:
            games = ", ".join(f"{p} {cur.games[p]}" for p in self.players)
            cur.above_rows.append(self._row(won, cur.bonus, Bi(f"{_letter(i)}) rober: {won}",
                                                               f"{_letter(i)}) rubber: {won}"), i,
                                            Bi(f"partie: {games}", f"games: {games}")))


class BobbyModule(ScoringModule):
    id = "bridge-bobby"
    version = 1
    title = Bi("Bobby (brydż dla trzech)", "Bobby (three-handed bridge)")
    params = PARAMS
    player_counts = (3,)
    goes_on = True  # a rubber ends, the evening's game goes on

    def unit_over(self, rules: Rules, who: str) -> Bi:
        return Bi(f"Rober wygrał: {who}. Następne rozdanie zaczyna nowy rober.",
                  f"{who} won the rubber. The next hand starts a new rubber.")

    def check_rules(self, r: Mapping[str, Any]) -> list[Problem]:
        tv = r["trick_values"]
        if set(tv) != set(STRAINS):
            given = ", ".join(map(str, tv))
            return [Problem("trick_values", Bi(f"trzeba podać C, D, H, S i NT, a nie {given}",
                                               f"must give C, D, H, S and NT, not {given}"))]
        return []

    def hand_fields(self, rules: Rules, players: list[str]) -> list[Field]:
        strains = STRAINS_BY_RANK if rules["nullo"] else STRAINS
        fields = [
            Field("contract", "str", 'level 1-7 and strain C, D, H, NULLO, S or NT ("4S", "4NULLO", "3NT"), or "pass"',
                  required=True, label={"pl": "kontrakt", "en": "contract", "hint_pl": "4♠, 4NULLO, 3BA, pas", "hint_en": "4S, 4NULLO, 3NT, pass"},
                  normalize=canonical, parts=(LEVELS, strains), alone=("pass",), suffix=DOUBLE_SUFFIX),
            Field("declarer", "player", "the declarer (a player's name)", label={"pl": "rozgrywający",
                                                                                "en": "declarer"}),
            Field("double", "choice", '"" (none), "X" (kontra) or "XX" (rekontra)', "", choices=tuple(DOUBLES),
                  label={"pl": "kontra", "en": "double"}, usual=""),
            Field("tricks", "int", "tricks taken by the declarer with the dummy", min=0, max=13,
                  label={"pl": "lewy rozgrywającego", "en": "declarer's tricks"}, base=base_tricks),
        ]
        if rules["honours"]:
            fields += [
                Field("honours", "int", "honours held: 100 or 150", choices=(100, 150),
                      label={"pl": "honory", "en": "honours"}, rare=True),
                Field("honours_side", "choice", 'the player who held the honours, or "dummy"',
                      choices=(*players, "dummy"), label={"pl": "honory ma", "en": "honours held by"}, rare=True),
            ]
        return fields

    def check_hand(self, rules: Rules, players: list[str], hand: Mapping[str, Any]) -> list[Problem]:
        out = []
        text = hand["contract"]
        if text.strip().lower() == "pass":
            return passed_out_problems(hand)
        parsed = parse(text)
        if parsed is None or (parsed[1] == NULLO and not rules["nullo"]):
            return [Problem("contract", not_a_contract(fmt(text), rules["nullo"]))]
        for k in ("declarer", "tricks"):
            if k not in hand:
                out.append(Problem(k, MISSING))
        if "honours" in hand and "honours_side" not in hand:
            out.append(Problem("honours_side", Bi("brak: kto miał honory", "missing: who held the honours")))
        if "honours_side" in hand and "honours" not in hand:
            out.append(Problem("honours", Bi("brak: 100 lub 150", "missing: 100 or 150")))
        if hand.get("honours") == 100 and parsed[1] in ("NT", NULLO):
            out.append(Problem("honours", Bi("100 w bez atu: liczą się tam tylko cztery asy (150)",
                                             "100 at no trumps: only four aces (150) count there")))
        return out

    def declarers(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]]
                  ) -> dict[str, tuple[int, int]]:
        """Each declarer's contracts and those made (level + 6 tricks; in nullo, level + 6 tricks lost); a passed-out
        deal has no declarer."""
        out: dict[str, tuple[int, int]] = {}
        for hand in hands:
            c = _contract(hand)
            if c is not None:
                counted = 13 - hand["tricks"] if c.strain == NULLO else hand["tricks"]
                n, made = out.get(hand["declarer"], (0, 0))
                out[hand["declarer"]] = (n + 1, made + (counted >= c.needed))
        return out

    # --- scoring -------------------------------------------------------------------------------------
    def _start(self, players: list[str], start: Mapping[str, Any] | None) -> dict[str, float]:
        return {p: (start or {}).get(p, 0) for p in players}

    def _outcome(self, players: list[str], fold: _Fold, unfinished: bool, start: dict[str, float]):
        totals = dict(start)
        for rub in fold.rubbers:
            for p in players:
                totals[p] += rub.total[p]
        finished = bool(fold.rubbers) and not unfinished
        winner = leaders(players, totals) if finished else None
        return totals, finished, winner, [rub.summary() for rub in fold.rubbers]

    def totals(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
               start: Mapping[str, Any] | None = None) -> Sheet:
        fold = _Fold(rules, players, rows=False)
        _, unfinished = fold.fold(hands)
        totals, finished, winner, rubbers = self._outcome(players, fold, unfinished, self._start(players, start))
        return Sheet(module=self.id, ruleset=rules.id, title=rules.title, players=list(players), totals=totals,
                     finished=finished, winner=winner, extra={"rubber_scores": rubbers})

    def score(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
              start: Mapping[str, Any] | None = None) -> Sheet:
        first = self._start(players, start)
        fold = _Fold(rules, players)
        cur, unfinished = fold.fold(hands)
        totals, finished, winner, rubbers = self._outcome(players, fold, unfinished, first)
        sections, notes = [], []
        for rub in fold.rubbers:
            n, done = rub.number, rub.winner is not None
            above = Section(Bi(f"Rober {n}: nad kreską" + ("" if done else " (niedokończony)"),
                               f"Rubber {n}: above the line" + ("" if done else " (unfinished)")),
                            list(players), list(reversed(rub.above_rows)))
            below = Section(Bi(f"Rober {n}: pod kreską", f"Rubber {n}: below the line"), list(players),
                            rub.below_rows + [Row(Bi("razem", "total"), [Cell.num(rub.total[p]) for p in players],
                                                  marks=frozenset({"total"}))])
            sections += [above, below]
        if unfinished:
            notes.append(Bi("Rober niedokończony: premie wg Prawa 80 wliczone",
                            "Unfinished rubber: the Law 80 bonuses are included"))
        nxt = None
        if not finished:
            who = dealers(players, hands)
            dealer = players[(players.index(who[-1]) + 1) % len(players)] if who else players[0]
            nxt = {"rubber": cur.number, "dealer": dealer, "vulnerable": cur.vulnerable(rules) or None,
                   "below": dict(cur.below)}
        return Sheet(module=self.id, ruleset=rules.id, title=rules.title, players=list(players),
                     hands=running(fold.per_hand, list(players), first), totals=totals, finished=finished,
                     winner=winner, next=nxt, sections=sections, notes=notes, extra={"rubber_scores": rubbers})
