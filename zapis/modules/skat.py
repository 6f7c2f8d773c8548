"""Skat (seed 000 "Szkat"; the International Skat Order and the SkWO where the seed is short).

Game values: base × multiplier for suit and grand games (matadors + game + hand + schneider +
schneider announced + schwarz + schwarz announced + ouvert), fixed values for null; a lost game
counts −2 × value; an overbid game is lost at the smallest multiple of the base reaching the bid.
Lists: Seeger-Fabian (tournament), beer (only minus points, to 501), house (points and money).
House rules as parameters: Kontra/Re/Sup, Ramsch and Schieberamsch on an all-pass deal (the seed's
Schieberamsch doubles the loser's minus "za przegraną"), Bock rounds ("rundowanie"), Schenken, and the
seed's Rewolucja (a Null Ouvert Hand worth 92, "revolution").
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Mapping

from zapis.core.errors import Problem, fmt
from zapis.core.fields import MISSING, Field
from zapis.core.module import DECLARED, Rules, ScoringModule, dealers
from zapis.core.sheet import leaders, Cell, Row, Section, Sheet, running
from zapis.core.words import Bi
from zapis.modules.common import deals_pl, plural_pl

SUITS = {"diamonds": 9, "hearts": 10, "spades": 11, "clubs": 12}
GAMES = (*SUITS, "grand", "null", "ramsch")
#: the seed's Rewolucja: "właściwie null ouvert z ręki, przy czym przeciwnicy mogą między sobą wymienić karty";
#: played only where a ruleset sets `revolution`
REVOLUTION = "revolution"
NULLS = ("null", REVOLUTION)
GAME_PL = {"diamonds": ("karo", "diamonds"), "hearts": ("kier", "hearts"), "spades": ("pik", "spades"),
           "clubs": ("trefl", "clubs"), "grand": ("grand", "Grand"), "null": ("null", "Null"),
           "ramsch": ("ramsz", "Ramsch"), REVOLUTION: ("rewolucja", "Revolution")}
NULL_VALUES = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
GAME_IN = {"diamonds": "w karo", "hearts": "w kierze", "spades": "w piku", "clubs": "w treflu", "grand": "w grandzie"}
KONTRA_PL = ["", "kontra", "re", "sup"]
PASSED = Bi("pas", "passed")



def legal_bids(grand_base: int = 24, revolution: int | None = None) -> list[int]:
    """Every value a bid can take: suits × 2..18, grand × 2..11, the null values, and a Revolution's value where
    the rules play it ("Wartość licytacyjna rewolucji to 92 punkty")."""
    vals = {b * m for b in SUITS.values() for m in range(2, 19)}
    vals |= {grand_base * m for m in range(2, 12)} | set(NULL_VALUES.values())
    if revolution:
        vals.add(revolution)
    return sorted(vals)


#: what may start a Bock round; "grand-four" is the seed's "grand z czterema" (with four matadors only),
#: "grand-four-either" a grand with or without four
BOCK_TRIGGERS = ("grand-four", "grand-four-either", "re", "over-120", "lost-60")


PARAMS = (
    Field("list", "choice", Bi('lista: "tournament" (turniejowa, Seeger-Fabian), "beer" (piwna: tylko punkty ujemne, '
                               'do ustalonej granicy) albo "house" (domowa: punkty za gry, pieniądze według '
                               'stawki za punkt)',
                               "the list: tournament (Seeger-Fabian), beer (only minus points, to a target) or house "
                               "(game points; money at a stake per point)"),
          "tournament", choices=("tournament", "beer", "house")),
    Field("grand_base", "int", Bi("wartość podstawowa Granda (24; „domowo” 20)",
                                  "the grand's base value (24; \"domowo\" 20)"), 24, min=1),
    Field("series", "int", Bi("liczba rozdań w serii (0: 36 przy stole trzyosobowym, 48 przy czteroosobowym); "
                              "polska partia: 24",
                              "deals in a series (0: 36 at a three-player table, 48 at four); a Polish club plays 24"),
          0, min=0),
    Field("lost_game_fees", "list", Bi("lista turniejowa: opłata za przegraną grę (Verlustspielgeld) w złotych, "
                                       "według jej numeru na liście; ostatnia kwota obowiązuje dalej (0,50 za "
                                       "pierwsze trzy, 1,00 od czwartej); [] bez opłat",
                                       "tournament list: the fee in złoty for a lost game (Verlustspielgeld) by its "
                                       "number on the list; the last amount repeats (0.50 for the first three, "
                                       "1.00 from the fourth); [] no fees"), [0.5, 0.5, 0.5, 1.0]),
    Field("lost_game_fees_to", "choice", Bi('komu wracają zebrane opłaty za przegrane gry: "all" (po równo '
                                            'wszystkim graczom turnieju), "table" (po równo graczom stołu tej '
                                            'listy) albo "winner" (zwycięzcy listy)',
                                            "who gets the collected lost-game fees back: all (shared equally by "
                                            "every player of the tournament), table (by the players at this "
                                            "list's table) or winner (the list's winner)"), "all",
          choices=("all", "table", "winner")),
    Field("won_bonus", "int", Bi("Seeger: premia dodawana za wygraną grę, odejmowana za przegraną",
                                 "Seeger: added for a won game, taken for a lost one"), 50, min=0),
    Field("defeat_bonus_3", "int", Bi("Fabian: premia dla każdego przeciwnika, gdy rozgrywający przegra, przy stole "
                                      "trzyosobowym",
                                      "Fabian: each opponent of a lost game, three-player table"), 40, min=0),
    Field("defeat_bonus_4", "int", Bi("Fabian: premia dla każdego z trzech pozostałych, gdy rozgrywający przegra, "
                                      "przy stole czteroosobowym",
                                      "Fabian: each of the three others of a lost game, four-player table"), 30, min=0),
    Field("lost_hand_single", "bool", Bi("przegrana gra z ręki liczy się pojedynczo, nie podwójnie (zasada "
                                         "sprzed 1999 roku)",
                                         "lost hand games count single (the rule before 1999)"), False),
    Field("kontra", "int", Bi("najwyższa dozwolona kontra: 0 bez kontr (ISkO), 1 kontra x2, 2 re x4, 3 sup x8 "
                              "(polskie kluby)",
                              "highest doubling allowed: 0 none (ISkO), 1 kontra x2, 2 re x4, 3 sup x8 (Polish clubs)"),
          0, min=0, max=3),
    Field("kontra_doubles_bonus", "bool", Bi("Kontra/Re/Bock mnożą też premie Seegera-Fabiana",
                                             "Kontra/Re/Bock also multiply the Seeger-Fabian bonuses"), False),
    Field("all_pass", "choice", Bi('rozdanie, w którym wszyscy spasowali: "pass" (0 punktów, rozdaje następny), '
                                   '"ramsch" (ramsz) albo "schieberamsch" (ramsz suwany)',
                                   "a deal everybody passed: pass (scores 0, the deal passes on), ramsch, "
                                   "schieberamsch"), "pass", choices=("pass", "ramsch", "schieberamsch")),
    Field("ramsch_value", "choice", Bi('ramsz: przegrany traci swoje oczka ("points") albo stałą wartość ("fixed")',
                                       "ramsch: the loser loses his card points, or a fixed value"), "points",
          choices=("points", "fixed")),
    Field("ramsch_fixed", "int_list", Bi("ramsz o stałej wartości: minus przegranego bez Jungfrau / z jedną Jungfrau "
                                         "(graczem bez lewy); durchmarsz daje trzecią wartość",
                                         "fixed ramsch: the loser's minus without / with one Jungfrau; a Durchmarsch "
                                         "scores the third value"), [10, 15, 20], min=0),
    Field("ramsch_tie", "choice", Bi('ramsz, gdy kilku ma najwięcej oczek: "all" (wszyscy tracą swoje oczka) albo '
                                     '"last-trick" (traci ten, kto wziął ostatnią lewę)',
                                     "ramsch: players tied on the most points: all lose their points, or the one who "
                                     "took the last trick"), "all", choices=("all", "last-trick")),
    Field("ramsch_skat", "choice", Bi('ramsz: oczka ze skata (120 minus wpisane) idą do przegranego ("loser"), do '
                                      'biorącego ostatnią lewę ("last-trick") albo do nikogo ("none")',
                                      "ramsch: the skat's card points (120 minus those entered) go to the loser, to "
                                      "the winner of the last trick, or to nobody"), "loser",
          choices=("loser", "last-trick", "none")),
    Field("ramsch_loser_factor", "int", Bi("ramsz suwany liczony oczkami: przegrany traci swoje oczka razy tyle "
                                           "(„mnożnik dwa za przegraną”), a potem każde przesunięcie skatu i "
                                           "każda jungfrau podwaja; 1: bez tego mnożnika",
                                           "Schieberamsch by card points: the loser loses his card points times "
                                           "this (the Polish \"multiplier two for losing\"), then each push and "
                                           "each Jungfrau doubles; 1: no such factor"), 2, min=1),
    Field("durchmarsch", "int", Bi("ramsz: gracz, który weźmie wszystkie lewy (durchmarsz), dostaje tyle",
                                   "ramsch: one player taking every trick scores this"), 120, min=0),
    Field("bock", "bool", Bi("rundy Bock (rundowanie): po grze, która wywołuje rundę Bock, następna runda liczy "
                             "się podwójnie",
                             "Bock rounds (rundowanie): after a trigger the next round counts double"), False),
    Field("bock_triggers", "list", Bi('co wywołuje rundę Bock: "grand-four" (Grand z czterema matadorami), '
                                      '"grand-four-either" (Grand z czterema albo bez czterech), "re" (gra '
                                      'z re), "over-120" (gra warta ponad 120), "lost-60" (gra przegrana z '
                                      '60 oczkami)',
                                      "what starts a Bock round: grand-four (a grand with four matadors), "
                                      "grand-four-either (a grand with or without four), re (a game with re), "
                                      "over-120 (a game worth over 120), lost-60 (a game lost with 60)"),
          ["grand-four", "re", "over-120"]),
    Field("bock_mode", "choice", Bi('runda Bock: "double" (gry liczą się podwójnie) albo "schieberamsch" (gra się '
                                    'ramsz suwany)',
                                    "a Bock round: its games count double, or it is played as schieberamsch"),
          "double", choices=("double", "schieberamsch")),
    Field("schenken", "bool", Bi("obrońcy mogą się poddać (schenken), jak pozwalają polskie kluby",
                                 "defenders may concede (schenken), as Polish clubs allow"), False),
    Field("revolution", "bool", Bi("gra się rewolucję: null otwarty z ręki, w którym przeciwnicy mogą się "
                                   "wymienić kartami",
                                   "the Revolution is played: a Null Ouvert Hand in which the opponents may "
                                   "exchange cards"), False),
    Field("revolution_value", "int", Bi("wartość rewolucji (licytacyjna i w zapisie)",
                                        "the Revolution's value (to bid and to score)"), 92, min=1),
    Field("beer_target", "int", Bi("lista piwna: gra kończy się, gdy ktoś dojdzie do tylu punktów ujemnych",
                                   "beer list: the game ends when a player reaches this many minus points"), 501,
          min=1),
    Field("beer_dealer_pays", "bool", Bi("lista piwna, czterech graczy: pauzujący rozdający też dostaje minus, gdy "
                                         "rozgrywający wygra (polskie kluby)",
                                         "beer list, four players: the dealer who sat out also takes the minus when "
                                         "the declarer wins (Polish clubs)"), True),
    Field("stake", "number", Bi("lista domowa: groszy za punkt",
                                "house list: groszy per point"), 1, min=0),
    Field("money_round", "int", Bi("lista domowa: każdą kwotę zaokrągla się w górę do wielokrotności tylu groszy",
                                   "house list: each value is rounded up to this many groszy"), 10, min=1),
)


def plays_ramsch(rules) -> bool:
    """Whether these rules ever play a Ramsch: after a deal everybody passed, or as a Bock round's game."""
    return rules["all_pass"] != "pass" or (rules["bock"] and rules["bock_mode"] == "schieberamsch")


@dataclass(slots=True)
class Game:
    """One scored game."""

    kind: str  # a GAMES entry or "passed"
    declarer: str | None = None
    won: bool = False
    value: int = 0  # the game value (after the overbid rule), before kontra and bock
    mult: int = 1  # kontra x bock
    words: str = ""
    overbid: bool = False
    marks: list[str] = field(default_factory=list)
    ramsch: dict[str, int] | None = None  # ramsch scores per player
    triggers: list[str] = field(default_factory=list)

    @property
    def charged(self) -> int:
        return self.value * self.mult


#: the usual bids (the first game values), one tap each on a pad; others through the keypad
BIDS = (18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60)
#: matadors as players say them: with 1-4 (positive), without 1-4 (negative)
MATADOR_QUICK = (tuple((n, {"pl": f"z {n}", "en": f"with {n}"}) for n in range(1, 5))
                 + tuple((-n, {"pl": f"bez {n}", "en": f"without {n}"}) for n in range(1, 5)))


class SkatModule(ScoringModule):
    id = "skat"
    title = "Skat"
    params = PARAMS
    player_counts = (3, 4)

    def check_rules(self, r):
        bad = [t for t in r["bock_triggers"] if t not in BOCK_TRIGGERS]
        known = ", ".join(BOCK_TRIGGERS)
        out = [Problem("bock_triggers", Bi(f"{fmt(t)}: możliwe są {known}", f"{fmt(t)} is not one of {known}"))
               for t in bad]
        fees = r["lost_game_fees"]
        if any(isinstance(x, bool) or not isinstance(x, (int, float)) or not 0 <= x <= 1000 for x in fees):
            out.append(Problem("lost_game_fees", Bi("kwoty w złotych od 0 do 1000, np. [0.5, 0.5, 0.5, 1.0]",
                                                    "amounts in złoty from 0 to 1000, e.g. [0.5, 0.5, 0.5, 1.0]")))
        if len(r["ramsch_fixed"]) != 3:
            out.append(Problem("ramsch_fixed", Bi("potrzebne są trzy wartości", "must give three values")))
        return out

    def hand_fields(self, rules, players):
        return [
            Field("declarer", "player", "the declarer (omit for a deal everybody passed)",
                  when={"game": (None, *SUITS, "grand", *NULLS)},  # a ramsch has none: asked for no soloist
                  label={"pl": "rozgrywający", "en": "declarer"}),
            Field("passed", "bool", "everybody passed", label={"pl": "pas", "en": "passed"}, rare=True),
            Field("game", "choice", "the game", choices=(*GAMES, REVOLUTION) if rules["revolution"] else GAMES,
                  not_offered=() if plays_ramsch(rules) else ("ramsch",), label={"pl": "gra", "en": "game"}),
            Field("bid", "int", "the declarer's highest bid", min=18, max=264, label={"pl": "licytacja", "en": "bid"},
                  rare=True, quick=BIDS),
            Field("matadors", "int", "with N: N; without N: -N", min=-11, max=11, when={"game": (*SUITS, "grand")},
                  label={"pl": "szczyty", "en": "matadors"}, quick=MATADOR_QUICK),
            Field("hand", "bool", "played without picking up the skat", label={"pl": "z ręki", "en": "hand"},
                  rare=True),
            Field("ouvert", "bool", "an open game", label={"pl": "otwarta", "en": "ouvert"}, rare=True),
            Field("schneider_announced", "bool", "schneider announced (hand games)", when={"game": (*SUITS, "grand")},
                  label={"pl": "krawiec zap.", "en": "schneider ann."}, rare=True),
            Field("schwarz_announced", "bool", "schwarz announced (hand games)", when={"game": (*SUITS, "grand")},
                  label={"pl": "czarno zap.", "en": "schwarz ann."}, rare=True),
            Field("card_points", "int", "the declarer's card points, skat included", min=0, max=120,
                  when={"game": (*SUITS, "grand")}, label={"pl": "oczka", "en": "card points"}),
            Field("schwarz", "bool", "one side took every trick", when={"game": (*SUITS, "grand")},
                  label={"pl": "czarno", "en": "schwarz"}, rare=True),
            Field("won", "bool", "whether the declarer won (null games; an override otherwise)", when={"game": NULLS},
                  required=True, label={"pl": "wygrana", "en": "won"}),
            Field("kontra", "int", "0 none, 1 kontra, 2 re, 3 sup", min=0, max=3, form=rules["kontra"] > 0,
                  label={"pl": "kontra", "en": "kontra"}, rare=True),
            Field("points", "player_map", "ramsch: card points each player took", item=Field("p", "int", min=0,
                  max=120), when={"game": ("ramsch",)}, label={"pl": "oczka", "en": "card points"}),
            Field("jungfrau", "players", "ramsch: players who took no trick", min=0, max=4,
                  when={"game": ("ramsch",)}, label={"pl": "bez lewy (jungfrau)", "en": "no trick (Jungfrau)"}),
            Field("last_trick", "player", "ramsch: who took the last trick", when={"game": ("ramsch",)},
                  label={"pl": "ostatnia lewa", "en": "last trick"}),
            Field("pushes", "int", "schieberamsch: how many times the skat was pushed on", min=0, max=3,
                  when={"game": ("ramsch",)}, rare=True, label={"pl": "przesunięcia skatu", "en": "skat pushed"}),
            Field("schenken", "choice", "the defenders conceded: accepted, refused (must make schneider), "
                  "refused-accepted, refused-refused (must make schwarz)",
                  choices=("accepted", "refused", "refused-accepted", "refused-refused"), form=rules["schenken"],
                  rare=True, label={"pl": "schenken", "en": "Schenken"}),
        ]

    # --- validation --------------------------------------------------------------------------
    def check_each(self, rules, players, hands, first=0):
        """The fields' own checks, a Revolution under rules without it said as such (not as a bad choice)."""
        out = super().check_each(rules, players, hands, first)
        if rules["revolution"] or not out:
            return out
        refused = {f"{self.hands_key}[{i}].game" for i, h in enumerate(hands, start=first)
                   if isinstance(h, dict) and h.get("game") == REVOLUTION}
        said = Bi("w tych zasadach nie gra się rewolucji", "these rules play no Revolution")
        return [Problem(p.place, said) if p.place in refused else p for p in out]

    def check_hand(self, rules, players, hand):
        out = []
        passed = hand.get("passed") or ("declarer" not in hand and hand.get("game") != "ramsch")
        game = hand.get("game")
        if hand.get("passed") and "declarer" in hand:
            return [Problem("passed", Bi("wszyscy spasowali, więc nie ma rozgrywającego",
                                         "everybody passed, so there is no declarer"))]
        if game == "ramsch":
            if "declarer" in hand:
                return [Problem("declarer", Bi("ramsz nie ma rozgrywającego", "a Ramsch has no declarer"))]
            if not plays_ramsch(rules):
                return [Problem("game", Bi("w tych zasadach nie gra się ramsza (po pasie wszystkich gra się "
                                           "następne rozdanie)", "these rules play no Ramsch (a deal everybody "
                                           "passed is not played)"))]
            if "points" not in hand:
                return [Problem("points", MISSING)]
            s = sum(hand["points"].values())
            if s > 120:
                out.append(Problem("points", Bi(f"oczka: razem {s}, a w kartach jest tylko 120",
                                                f"card points: {s} in all, more than the 120 in the cards")))
            return out
        if passed:
            extra = [k for k in ("game", "bid", "matadors", "card_points") if k in hand]
            return [Problem(k, Bi("wszyscy spasowali: nie ma gry", "everybody passed: there is no game"))
                    for k in extra]
        if game is None:
            return [Problem("game", MISSING)]
        revolution = rules["revolution_value"] if rules["revolution"] else None
        if "bid" in hand and hand["bid"] not in legal_bids(rules["grand_base"], revolution):
            values = "(18, 20, 22, 23, 24, 27, 30, ...)"
            out.append(Problem("bid", Bi(f"{hand['bid']} nie jest wartością licytacji {values}",
                                         f"{hand['bid']} is not a bid value {values}")))
        k = hand.get("kontra", 0)
        if k > rules["kontra"]:
            most = rules["kontra"]
            out.append(Problem("kontra", Bi(f"{k} ({KONTRA_PL[k]}): te zasady pozwalają najwyżej na {most}",
                                            f"{k} ({KONTRA_PL[k]}) is not allowed in these rules (at most {most})")))
        if "schenken" in hand and not rules["schenken"]:
            out.append(Problem("schenken", Bi("te zasady nie pozwalają obrońcom się poddać (schenken)",
                                              "these rules do not allow Schenken")))
        hand_game = hand.get("hand", False)
        if game in NULLS:
            rev = game == REVOLUTION
            pl, en = ("w rewolucji", "Revolution") if rev else ("w nullu", "Null")
            out += [Problem(f, Bi(f"to tylko w grach kolorowych i w grandzie, nie {pl}",
                                  f"belongs to suit games and Grand, not {en}")) for f in
                    ("matadors", "card_points", "schwarz", "schneider_announced", "schwarz_announced")
                    if f in hand]
            if rev:  # "właściwie null ouvert z ręki": always Hand and Ouvert
                out += [Problem(f, Bi("rewolucję gra się zawsze z ręki i w otwarte karty",
                                      "a Revolution is always a Hand and Ouvert game")) for f in ("hand", "ouvert")
                        if f in hand and not hand[f]]
                value, pl, en = rules["revolution_value"], "rewolucji", "a Revolution"
            else:
                value = NULL_VALUES[(bool(hand_game), bool(hand.get("ouvert")))]
                pl, en = "nulla", "a Null"
            if "bid" in hand and hand["bid"] > value:
                out.append(Problem("bid", Bi(f"{hand['bid']}: po takiej licytacji nie można grać {pl} za {value}",
                                             f"{hand['bid']}: {en} worth {value} cannot be played on it")))
            return out
        m = hand.get("matadors")
        if m is None:
            out.append(Problem("matadors", Bi("brak (z 2 to 2, bez 2 to -2)",
                                              "missing (with 2 is 2, without 2 is -2)")))
        else:
            top = 4 if game == "grand" else 11
            if m == 0 or abs(m) > top:
                out.append(Problem("matadors", Bi(f"{m}: {GAME_IN[game]} gra się z 1–{top} albo bez 1–{top}",
                                                  f"{m}: a {GAME_PL[game][1]} game is played with or without 1 to "
                                                  f"{top}")))
        if "card_points" not in hand and "won" not in hand and "schenken" not in hand:
            out.append(Problem("card_points", MISSING))
        for a in ("schneider_announced", "schwarz_announced"):
            if hand.get(a) and not hand_game:
                out.append(Problem(a, Bi("zapowiada się tylko w grze z ręki",
                                         "announcements are made only in Hand games")))
        if hand.get("ouvert") and not hand_game:
            out.append(Problem("ouvert", Bi("grę otwartą gra się zawsze z ręki: zaznacz „z ręki”",
                                            "an Ouvert game is always a Hand game: mark Hand")))
        cp, sw = hand.get("card_points"), hand.get("schwarz")
        if sw and cp is not None and 22 < cp < 120:
            out.append(Problem("schwarz", Bi(f"niemożliwe przy {cp} oczkach: przy czarnym jedna strona bierze "
                                             "wszystkie lewy, więc rozgrywający ma 120 albo tylko oczka ze skatu "
                                             "(najwyżej 22)",
                                             f"impossible with {cp} card points: one side took every trick, so the "
                                             "declarer has 120, or only the skat's points (at most 22)")))
        return out

    def check_sequence(self, rules, players, hands, start=None):
        out = []
        n = len(players)
        deal_by = dealers(players, hands)
        series = self.series(rules, n)
        for i, (h, d) in enumerate(zip(hands, deal_by)):
            if n == 4 and h.get("declarer") == d:
                out.append(Problem(f"hands[{i}].declarer", _sits_out(d)))
            if rules["list"] != "beer" and i >= series:
                out.append(Problem(f"hands[{i}]", Bi(f"seria kończy się po {series} {deals_pl(series)}",
                                                     f"the series is over after {series} deal{'s' * (series != 1)}")))
            if h.get("game") == "ramsch":
                for p in list(h.get("points", {})) + list(h.get("jungfrau", [])):
                    if n == 4 and p == d:
                        out.append(Problem(f"hands[{i}].points", _sits_out(p)))
        if out:
            return out
        if rules["list"] == "beer":
            totals = {p: (start or {}).get(p, 0) for p in players}  # the game as the sheet counts it
            for i, g in enumerate(self.games(rules, players, hands)):
                if min(totals.values()) <= -rules["beer_target"]:
                    target = rules["beer_target"]
                    return [Problem(f"hands[{i}]", Bi(f"gra już się skończyła: ktoś doszedł do -{target}",
                                                      f"the game is over: a player has reached -{target}"))]
                for p, v in self._list_scores(rules, players, g, deal_by[i]).items():
                    totals[p] += v
        return []

    def declarers(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]]
                  ) -> dict[str, tuple[int, int]]:
        """Each declarer's games and those won (as the list scores them: an overbid game is lost). A deal everybody
        passed and a Ramsch have no declarer and are not counted."""
        out: dict[str, tuple[int, int]] = {}
        for hand in hands:
            if hand.get("game") == "ramsch" or hand.get("passed") or "declarer" not in hand:
                continue
            g = self.value(rules, hand, words=False)
            n, won = out.get(g.declarer, (0, 0))
            out[g.declarer] = (n + 1, won + bool(g.won))
        return out

    def series(self, rules, n):
        return rules["series"] or (36 if n == 3 else 48)

    # --- values ---------------------------------------------------------------------------------
    def value(self, rules: Rules, hand: Mapping[str, Any], words: bool = True) -> Game:
        """One game's value; `words` False leaves out how it was computed (Game.words empty), for the totals."""
        game = hand["game"]
        k = hand.get("kontra", 0)
        if game == REVOLUTION:  # a Null Ouvert Hand of the Revolution's value; scored as every Null
            v = rules["revolution_value"]
            said = (Bi(f"rewolucja (null otwarty z ręki) = {v}", f"Revolution (Null Ouvert Hand) = {v}") if words
                    else "")
            return Game(REVOLUTION, hand["declarer"], bool(hand["won"]), v, 2 ** k, said, marks=["H", "O"])
        if game == "null":
            h, o = bool(hand.get("hand")), bool(hand.get("ouvert"))
            v = NULL_VALUES[(h, o)]
            said = Bi("null" + (" otwarty" if o else "") + (" z ręki" if h else "") + f" = {v}",
                      "Null" + (" Ouvert" if o else "") + (" Hand" if h else "") + f" = {v}") if words else ""
            return Game("null", hand["declarer"], bool(hand["won"]), v, 2 ** k, said,
                        marks=[m for m, on in (("H", h), ("O", o)) if on])
        base = SUITS.get(game) or rules["grand_base"]
        m = abs(hand["matadors"])
        ouvert = bool(hand.get("ouvert"))
        za = bool(hand.get("schwarz_announced")) or ouvert
        sa = bool(hand.get("schneider_announced")) or za
        hnd = bool(hand.get("hand"))
        cp = hand.get("card_points")
        schwarz = bool(hand.get("schwarz"))
        sch = hand.get("schenken")
        extra = 0  # levels a refused schenken adds
        if sch:
            if sch == "accepted":
                cp = 90 if sa else 61
                schwarz = schwarz and sa
            elif sch == "refused":
                extra = 1
            elif sch == "refused-accepted":
                extra, cp = 1, max(cp or 0, 90)
            elif sch == "refused-refused":
                extra = 2
        if cp is None:
            cp = 61 if hand.get("won") else 60
        schneider = cp >= 90 or cp <= 30
        declarer_all = schwarz and cp > 60
        levels = [(("z", "with") if hand["matadors"] > 0 else ("bez", "without"), m), (("gra", "game"), 1)]
        if hnd:
            levels.append((("z ręki", "hand"), 1))
        if schneider or sa or extra:
            levels.append((("krawiec", "schneider"), 1))
        if sa:
            levels.append((("zapowiedziany", "announced"), 1))
        if schwarz or za:
            levels.append((("czarno", "schwarz"), 1))
        if za:
            levels.append((("zapowiedziane", "announced"), 1))
        if ouvert:
            levels.append((("otwarta", "ouvert"), 1))
        if extra:
            levels.append((("schenken odrzucone", "schenken refused"), extra))
        mult = 0
        for _, x in levels:
            mult += x
        if "won" in hand:
            won = bool(hand["won"])
        elif sch == "accepted" or sch == "refused-accepted":
            won = True
        elif za or sch == "refused-refused":
            won = declarer_all
        elif sa or sch == "refused":
            won = cp >= 90
        else:
            won = cp >= 61
        value = base * mult
        text = self._levels_said(levels, mult, base, value) if words else ""
        overbid = "bid" in hand and value < hand["bid"]
        if overbid:
            value = base * math.ceil(hand["bid"] / base)
            won = False
            if words:
                text += Bi(f"; przelicytowana {hand['bid']}: {value}", f"; overbid {hand['bid']}: {value}")
        marks = []  # in this order: H S SA Z ZA O
        if hnd:
            marks.append("H")
        if schneider:
            marks.append("S")
        if sa:
            marks.append("SA")
        if schwarz:
            marks.append("Z")
        if za:
            marks.append("ZA")
        if ouvert:
            marks.append("O")
        return Game(game, hand["declarer"], won, value, 2 ** k, text, overbid, marks)

    @staticmethod
    def _levels_said(levels, mult: int, base: int, value: int) -> Bi:
        """The multiplier levels in words: "z 2 gra 3, ...; 3×10 = 30"."""
        running_n, words = 0, {"pl": [], "en": []}
        for j, (name, x) in enumerate(levels):
            running_n += x
            for lang, said in zip(("pl", "en"), name):
                words[lang].append(f"{said} {running_n}" if j == 0 or x == 1 else f"{said} +{x} = {running_n}")
        tail = f"; {mult}×{base} = {value}"
        return Bi(", ".join(words["pl"]) + tail, ", ".join(words["en"]) + tail)

    def _ramsch(self, rules, players, hand, playing, schiebe: bool, words: bool = True) -> Game:
        pts = {p: hand["points"].get(p, 0) for p in playing}
        skat = 120 - sum(pts.values())
        jung = set(hand.get("jungfrau", []))
        if not hand.get("jungfrau"):
            jung = {p for p in playing if pts[p] == 0}
        out = {p: 0 for p in players}
        takers = [p for p in playing if p not in jung]
        if len(takers) == 1:  # Durchmarsch
            t = takers[0]
            out[t] = rules["durchmarsch"] if rules["ramsch_value"] == "points" else rules["ramsch_fixed"][2]
            said = Bi(f"durchmarsz {t}: +{out[t]}", f"Durchmarsch {t}: +{out[t]}") if words else ""
            return Game("ramsch", None, True, 0, 1, said, ramsch=out, marks=["D"])
        if rules["ramsch_skat"] == "last-trick" and hand.get("last_trick") in pts:
            pts[hand["last_trick"]] += skat
        best = max(pts.values())
        losers = [p for p in playing if pts[p] == best]
        if rules["ramsch_skat"] == "loser":
            for p in losers:
                pts[p] += skat
        if len(losers) > 1 and rules["ramsch_tie"] == "last-trick" and hand.get("last_trick") in losers:
            losers = [hand["last_trick"]]
        factor = 2 ** len(jung)
        loser_x = rules["ramsch_loser_factor"] if schiebe else 1  # the seed: "mnożnik dwa za przegraną"
        if schiebe:
            factor *= loser_x * 2 ** hand.get("pushes", 0)
        for p in losers:
            if rules["ramsch_value"] == "fixed":
                out[p] = -(rules["ramsch_fixed"][1] if jung else rules["ramsch_fixed"][0])
            else:
                out[p] = -pts[p] * factor
        if not words:
            return Game("ramsch", None, False, 0, 1, "", ramsch=out, marks=["R"])
        lost = pts[losers[0]]
        jung_x = f" ×{2 ** len(jung)}" if jung else ""
        push_x = f" ×{2 ** hand.get('pushes', 0)}" if schiebe and hand.get("pushes") else ""
        fixed = rules["ramsch_value"] == "fixed"
        lose_x = f" ×{loser_x}" if loser_x != 1 and not fixed else ""
        who = ", ".join(losers)
        said = Bi(f"{'suwany ' if schiebe else ''}ramsz: {who} {lost} {plural_pl(lost, 'oczko', 'oczka', 'oczek')}"
                  + (f", za przegraną{lose_x}" if lose_x else "")
                  + (f", jungfrau{jung_x}" if jung else "") + (f", przesunięty{push_x}" if push_x else ""),
                  f"{'Schieberamsch' if schiebe else 'Ramsch'}: {who} {lost} card point{'s' * (lost != 1)}"
                  + (f", for losing{lose_x}" if lose_x else "")
                  + (f", Jungfrau{jung_x}" if jung else "") + (f", pushed{push_x}" if push_x else ""))
        return Game("ramsch", None, False, 0, 1, said, ramsch=out, marks=["R"])

    def games(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]]) -> list[Game]:
        return self.fold(rules, players, hands)[0]

    def fold(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]], words: bool = True,
             deal_by: list[str] | None = None) -> tuple[list[Game], int]:
        """Each deal scored as a game, with kontra and Bock applied; and the Bock deals still to come. `words`
        False: the games without how they were computed (no words; no Bock triggers where no Bock is played): the
        totals need none."""
        out: list[Game] = []
        if deal_by is None:
            deal_by = dealers(players, hands)
        bock_left = 0  # deals of Bock rounds still to come
        n = len(players)
        bock, bock_mode, all_pass = rules["bock"], rules["bock_mode"], rules["all_pass"]
        for hand, d in zip(hands, deal_by):
            in_bock = bock_left > 0
            if in_bock:
                bock_left -= 1
            if hand.get("game") == "ramsch":
                playing = [p for p in players if p != d] if n == 4 else list(players)
                schiebe = all_pass == "schieberamsch" or (in_bock and bock_mode == "schieberamsch")
                g = self._ramsch(rules, players, hand, playing, schiebe, words)
            elif hand.get("passed") or "declarer" not in hand:
                g = Game("passed", words=PASSED if words else "")
            else:
                g = self.value(rules, hand, words)
                if in_bock and bock_mode == "double":
                    g.mult *= 2
                    if words:
                        g.words += " ×2 bock"
                k = hand.get("kontra", 0)
                if k and words:
                    g.words += f" ×{2 ** k} {KONTRA_PL[k]}"
                if words or bock:  # without words and Bock rounds nothing reads them
                    g.triggers = self._triggers(rules, hand, g)
            if bock and g.triggers:
                bock_left += n  # one Bock round per triggering game
            out.append(g)
        return out, bock_left

    def _triggers(self, rules, hand, g: Game) -> list[str]:
        t = []
        trig = rules["bock_triggers"]
        if g.kind == "grand":  # the seed: "Po grand z czterema": with four; "grand-four-either": without too
            m = hand.get("matadors", 0)
            if "grand-four" in trig and m == 4:
                t.append("grand-four")
            if "grand-four-either" in trig and abs(m) == 4:
                t.append("grand-four-either")
        if "re" in trig and hand.get("kontra", 0) >= 2:
            t.append("re")
        if "over-120" in trig and g.value > 120:
            t.append("over-120")
        if "lost-60" in trig and not g.won and hand.get("card_points") == 60:
            t.append("lost-60")
        return t

    # --- lists ----------------------------------------------------------------------------------
    def _list_scores(self, rules, players, g: Game, dealer: str) -> dict[str, int]:
        n = len(players)
        s = dict.fromkeys(players, 0)
        if g.ramsch is not None:
            if rules["list"] == "beer":
                for p, v in g.ramsch.items():
                    if v > 0:  # a Durchmarsch cannot be written as plus: the others take it
                        for q in players:
                            if q != p and not (n == 4 and q == dealer):
                                s[q] -= v
                    else:
                        s[p] += v
                return s
            return dict(g.ramsch)
        if g.kind == "passed":
            return s
        decl = g.declarer
        v = g.value * g.mult
        lost_factor = 1 if (rules["lost_hand_single"] and "H" in g.marks) else 2
        lst = rules["list"]
        bonus_mult = g.mult if rules["kontra_doubles_bonus"] else 1
        if lst == "tournament":
            if g.won:
                s[decl] = v + rules["won_bonus"] * bonus_mult
            else:
                s[decl] = -lost_factor * v - rules["won_bonus"] * bonus_mult
                each = rules["defeat_bonus_3"] if n == 3 else rules["defeat_bonus_4"]
                for p in players:
                    if p != decl:
                        s[p] = each * bonus_mult
        elif lst == "beer":
            if g.won:
                for p in players:
                    if p == decl or (n == 4 and p == dealer and not rules["beer_dealer_pays"]):
                        continue
                    s[p] = -v
            else:
                s[decl] = -lost_factor * v
        else:
            s[decl] = v if g.won else -lost_factor * v
        return s

    def money(self, rules, players, g: Game) -> dict[str, float]:
        """House list: the declarer is paid by (or pays) every other player at the table."""
        m = {p: 0 for p in players}
        if g.kind in ("passed",) or g.ramsch is not None:
            return m
        unit = rules["money_round"]
        each = math.ceil(g.charged * rules["stake"] / unit - 1e-9) * unit
        if not g.won:
            each *= 1 if (rules["lost_hand_single"] and "H" in g.marks) else 2
        sign = 1 if g.won else -1
        for p in players:
            if p != g.declarer:
                m[p] -= sign * each
                m[g.declarer] += sign * each
        return m

    def _won_lost(self, players, games: list[Game]) -> tuple[dict[str, int], dict[str, int]]:
        """Each player's games won and lost as declarer (Ramsch and passed deals are nobody's)."""
        won, lost = dict.fromkeys(players, 0), dict.fromkeys(players, 0)
        for g in games:
            if g.ramsch is None and g.kind != "passed" and g.declarer in won:
                (won if g.won else lost)[g.declarer] += 1
        return won, lost

    def _finished(self, rules, n: int, deals: int, totals) -> bool:
        """A beer list ends when somebody reaches the target's minus; the others with the series."""
        if rules["list"] == "beer":
            # carried-in totals count: a start already at the target leaves no deal to play (check_sequence)
            return min(totals.values()) <= -rules["beer_target"]
        return deals >= self.series(rules, n)

    def _outcome(self, rules, players, totals, won, lost, finished) -> str | list[str] | None:
        """The winner of a finished list: the tournament's first place (Seeger-Fabian), otherwise the highest
        total."""
        if not finished:
            return None
        if rules["list"] == "tournament":
            return self._winner(players, self._places(players, totals, won, lost))
        return leaders(players, totals)

    def _settlement(self, rules, players, games: list[Game]) -> dict[str, float]:
        """House list: each player's money over the games."""
        money = {p: 0 for p in players}
        for g in games:
            for p, v in self.money(rules, players, g).items():
                money[p] += v
        return money

    def totals(self, rules, players, hands, start=None) -> Sheet:
        """The list's totals, end and winner (and a house list's money) folded from the games without the rows:
        the games without their words, each deal's list scores (the sheet's own) added up."""
        r = rules.values if isinstance(rules, Rules) else rules  # a plain mapping: read on every deal
        deal_by = dealers(players, hands)
        games, _ = self.fold(r, players, hands, False, deal_by)
        start = start or {}
        totals = {p: start.get(p, 0) for p in players}
        for g, d in zip(games, deal_by):
            for p, v in self._list_scores(r, players, g, d).items():
                totals[p] += v
        won, lost = self._won_lost(players, games)
        finished = self._finished(r, len(players), len(hands), totals)
        extra = {"money": self._settlement(r, players, games)} if r["list"] == "house" else {}
        # each declarer's games and those won, from the same fold (the season's statistics would fold again)
        extra[DECLARED] = {p: (won[p] + lost[p], won[p]) for p in players if won[p] + lost[p]}
        return Sheet(module=self.id, ruleset=rules.id, title=rules.title, players=players, totals=totals,
                     finished=finished, winner=self._outcome(r, players, totals, won, lost, finished), extra=extra)

    def score(self, rules, players, hands, start=None) -> Sheet:
        n = len(players)
        deal_by = dealers(players, hands)
        games, bock_left = self.fold(rules, players, hands, True, deal_by)
        per_hand = [self._list_scores(rules, players, g, d) for g, d in zip(games, deal_by)]
        results = running(per_hand, players, dict(start or {}))
        totals = results[-1].totals if results else {p: (start or {}).get(p, 0) for p in players}
        won, lost = self._won_lost(players, games)
        series = self.series(rules, n)
        lst = rules["list"]
        finished = self._finished(rules, n, len(hands), totals)
        winner = self._outcome(rules, players, totals, won, lost, finished)
        rows = []
        for i, (g, s) in enumerate(zip(games, per_hand)):
            if g.kind == "passed":
                what = Bi("pas", "passed")
            elif g.ramsch is not None:
                what = Bi("ramsz", "Ramsch")
            else:
                marks = "".join(g.marks)
                tail = (f" {marks}" if marks else "") + f" {'+' + str(g.charged) if g.won else str(-2 * g.charged)}"
                what = Bi(f"{g.declarer} {GAME_PL[g.kind][0]}{tail}", f"{g.declarer} {GAME_PL[g.kind][1]}{tail}")
            label = f"{i + 1}. {deal_by[i]}: " + what
            rows.append(Row(label, [Cell.num(results[i].totals[p]) for p in players], hand=i, note=g.words))
        sections = [Section(rules.title, list(players), rows, label_header=Bi("gra", "game"))]
        extra: dict[str, Any] = {}
        if lst == "tournament":
            block = self._seeger_fabian(rules, players, games, totals, won, lost)
            extra["list"] = block
            foot = [(Bi("gier wygranych", "games won"), "won"), (Bi("gier przegranych", "games lost"), "lost"),
                    (Bi("suma wartości gier", "game values"), "values"),
                    (Bi("premia za wygrane", "bonus for games won"), "bonus_won"),
                    (Bi("premia za pokonanie", "bonus for defeats"), "bonus_defeat"),
                    (Bi("wynik końcowy", "result"), "total"), (Bi("miejsce", "place"), "place")]
            sections.append(Section("Seeger-Fabian", list(players),
                                    [Row(lbl, [Cell.num(block[p][k]) for p in players],
                                         marks=frozenset({"total"}) if k == "total" else frozenset())
                                     for lbl, k in foot]))
        elif lst == "beer":
            loser = min(players, key=lambda p: totals[p]) if finished else None
            extra["loser"] = loser
        else:
            money = self._settlement(rules, players, games)
            extra["money"] = money
            stake = rules["stake"]
            title = Bi(f"rozliczenie (stawka {stake} gr/pkt)", f"settlement (stake {stake} gr a point)")
            sections.append(Section(title, list(players),
                                    [Row(Bi("groszy", "grosze"), [Cell.num(money[p]) for p in players])]))
        extra["won"], extra["lost"] = won, lost
        nxt = None
        if not finished:
            dealer = players[(players.index(deal_by[-1]) + 1) % n] if hands else players[0]
            nxt = {"deal": len(hands) + 1, "dealer": dealer, "forehand": players[(players.index(dealer) + 1) % n]}
            if lst != "beer":
                nxt["deals_left"] = series - len(hands)
            if bock_left:
                nxt["bock"] = bock_left
        return Sheet(module=self.id, ruleset=rules.id, title=rules.title, players=players, hands=results,
                     totals=totals, finished=finished, winner=winner, next=nxt, sections=sections, extra=extra)

    def _seeger_fabian(self, rules, players, games, totals, won, lost) -> dict[str, dict[str, int]]:
        """The foot of the tournament list: the seed's block, per player."""
        each = rules["defeat_bonus_3"] if len(players) == 3 else rules["defeat_bonus_4"]
        block = {p: {"won": won[p], "lost": lost[p], "values": 0, "bonus_won": 0, "bonus_defeat": 0}
                 for p in players}
        for g in games:
            if g.ramsch is not None:
                for p, v in g.ramsch.items():
                    block[p]["values"] += v
                continue
            if g.kind == "passed":
                continue
            bm = g.mult if rules["kontra_doubles_bonus"] else 1
            lost_factor = 1 if (rules["lost_hand_single"] and "H" in g.marks) else 2
            b = block[g.declarer]
            b["values"] += g.charged if g.won else -lost_factor * g.charged
            b["bonus_won"] += rules["won_bonus"] * bm * (1 if g.won else -1)
            if not g.won:
                for p in players:
                    if p != g.declarer:
                        block[p]["bonus_defeat"] += each * bm
        place = self._places(players, totals, won, lost)
        for p in players:
            block[p]["total"] = totals[p]
            block[p]["place"] = place[p]
        return block

    def _places(self, players, totals, won, lost) -> dict[str, int]:
        key = {p: (totals[p], won[p], -lost[p]) for p in players}
        return {p: 1 + sum(1 for q in players if key[q] > key[p]) for p in players}

    def _winner(self, players, place):
        first = [p for p in players if place[p] == 1]
        return first[0] if len(first) == 1 else first


def _sits_out(name: str) -> Bi:
    return Bi(f"{fmt(name)} rozdaje i w tym rozdaniu nie gra", f"{fmt(name)} deals and sits this game out")
