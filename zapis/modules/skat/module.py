"""The `skat` module's class: its hand fields and the checks of a ruleset, a hand and a sequence of hands; the
scoring it hands on to `values` (a game's value), `house` (Ramsch, Bock, Kontra in the fold), `lists` (the
list's points) and `sheet` (the sheet and the totals)."""

from __future__ import annotations

from typing import Any, Mapping

from zapis.core.errors import Problem, fmt
from zapis.core.fields import MISSING, Field
from zapis.core.module import Rules, ScoringModule, dealers
from zapis.core.sheet import Sheet
from zapis.core.words import Bi
from zapis.modules.common import deals_pl
from zapis.modules.skat.house import BOCK_TRIGGERS, fold, plays_ramsch
from zapis.modules.skat.lists import game_money, list_scores, series_length
from zapis.modules.skat.parameters import PARAMS
from zapis.modules.skat.sheet import score_sheet, totals_sheet
from zapis.modules.skat.values import (
    BIDS, GAME_IN, GAME_PL, GAMES, KONTRA_PL, MATADOR_QUICK, NULL_VALUES, NULLS, REVOLUTION, SUITS, Game, game_value,
    legal_bids,
)



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
                  label={"pl": "szczyty", "en": "matadors"}, quick=MATADOR_QUICK,
                  limits=lambda hand: (-4, 4) if hand.get("game") == "grand" else None),
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
            Field("kontra", "int", "0 none, 1 kontra, 2 re, 3 sup, 4 hirsch", min=0, max=4, form=rules["kontra"] > 0,
                  label={"pl": "kontra", "en": "kontra"}, rare=True),
            Field("points", "player_map", "ramsch: card points each player took", item=Field("p", "int", min=0,
                  max=120), when={"game": ("ramsch",)}, label={"pl": "oczka", "en": "card points"}),
            Field("jungfrau", "players", "ramsch: players who took no trick", min=0, max=4,
                  when={"game": ("ramsch",)}, label={"pl": "bez lewy (jungfrau)", "en": "no trick (Jungfrau)"}),
            Field("last_trick", "player", "ramsch: who took the last trick", when={"game": ("ramsch",)},
                  label={"pl": "ostatnia lewa", "en": "last trick"}),
            Field("pushes", "int", "schieberamsch: how many times the skat was pushed on", min=0, max=3,
                  when={"game": ("ramsch",)}, rare=True, label={"pl": "przesunięcia skatu", "en": "skat pushed"}),
            Field("jungfrau_announced", "player", "schieberamsch: who announced Jungfrau (to take no trick)",
                  when={"game": ("ramsch",)}, form=rules["jungfrau_announce"], rare=True,
                  label={"pl": "zapowiedziana jungfrau", "en": "Jungfrau announced"}),
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
            schiebe = rules["all_pass"] == "schieberamsch" or rules["bock_mode"] == "schieberamsch"
            if "jungfrau_announced" in hand and not (rules["jungfrau_announce"] and schiebe):
                out.append(Problem("jungfrau_announced", Bi("te zasady nie znają zapowiedzianej jungfrau (tylko "
                                                            "w ramszu suwanym, gdy zasady na nią pozwalają)",
                                                            "these rules have no announced Jungfrau (only in a "
                                                            "schieberamsch whose rules allow it)")))
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
                for p, v in list_scores(rules, players, g, deal_by[i]).items():
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
        return series_length(rules, n)

    # --- values, the fold and the lists (values, house, lists, sheet) ---------------------------------------
    def value(self, rules: Rules, hand: Mapping[str, Any], words: bool = True) -> Game:
        """One game's value; `words` False leaves out how it was computed (Game.words empty), for the totals."""
        return game_value(rules, hand, words)

    def games(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]]) -> list[Game]:
        return fold(rules, players, hands)[0]

    def fold(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]], words: bool = True,
             deal_by: list[str] | None = None) -> tuple[list[Game], int]:
        """Each deal scored as a game, with kontra and Bock applied; and the Bock deals still to come."""
        return fold(rules, players, hands, words, deal_by)

    def money(self, rules, players, g: Game) -> dict[str, float]:
        """House list: the declarer is paid by (or pays) every other player at the table."""
        return game_money(rules, players, g)

    def totals(self, rules, players, hands, start=None) -> Sheet:
        """The list's totals, end and winner (and a house list's money), without the rows."""
        return totals_sheet(self.id, rules, players, hands, start)

    def score(self, rules, players, hands, start=None) -> Sheet:
        return score_sheet(self.id, rules, players, hands, start)


def _sits_out(name: str) -> Bi:
    return Bi(f"{fmt(name)} rozdaje i w tym rozdaniu nie gra", f"{fmt(name)} deals and sits this game out")
