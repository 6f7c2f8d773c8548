"""Kop (seed 004, the Wolsztyn rules): the old side (Starzy) against the young (Młodzi).

The old side wins with 53 or more of the 104 card points (solo du: every trick). The points table
of the seed: an ordinary game (or a wedding) is worth 1 with "wyjście", 2 without, 3 when the
losers took no trick ("bez bitki"); silent (cicha) 4; solo (zolo) 5; solo du 10; each kontra, rej,
bok, słup doubles it, with the cells the table forbids refused. What "wyjście" means in card
points is not written in the seed: by default the losing side got out when it took more than a
quarter (26) of the points; the scorekeeper may also give the category directly.
"""

from __future__ import annotations

from typing import Any, Mapping

from zapis.core.errors import Problem
from zapis.core.fields import Field
from zapis.core.module import Rules, ScoringModule, dealers
from zapis.core.sheet import leaders, Cell, Check, HandResult, Row, Section, Sheet, running
from zapis.core.words import Bi
from zapis.modules.common import plural_pl

GAMES = ("ordinary", "wedding", "solo", "solo-du", "silent")
# the games by name, as the entry form names them in each language
GAME_PL = {"ordinary": "zwyczajna", "wedding": "wesele", "solo": "zolo", "solo-du": "zolo du", "silent": "cicha"}
GAME_IN = {"ordinary": "w zwyczajnej", "wedding": "w weselu", "solo": "w zolo", "solo-du": "w zolo du",
           "silent": "w cichej"}
GAME_EN = {"ordinary": "ordinary", "wedding": "wedding", "solo": "solo", "solo-du": "solo du", "silent": "silent"}
CATEGORIES = ("z-wyjsciem", "bez-wyjscia", "bez-bitki")
CAT_PL = {"z-wyjsciem": "z wyjściem", "bez-wyjscia": "bez wyjścia", "bez-bitki": "bez bitki"}
CAT_EN = {"z-wyjsciem": "losers got out", "bez-wyjscia": "losers not out", "bez-bitki": "losers no trick"}


def _points_pl(n: int) -> str:
    return f"{n} {plural_pl(n, 'oczko', 'oczka', 'oczek')}"


def _points_en(n: int) -> str:
    return f"{n} card point{'s' * (n != 1)}"

PARAMS = (
    Field("base", "table", Bi('wartości gier przed kontrami: gra zwyczajna (i wesele) według kategorii "z-wyjsciem", '
                              '"bez-wyjscia", "bez-bitki"; cicha ("silent"), zolo ("solo"), zolo du ("solo-du")',
                              "game values before doubling: ordinary (and wedding) by category z-wyjsciem, "
                              "bez-wyjscia, bez-bitki; silent, solo, solo-du"),
          {"z-wyjsciem": 1, "bez-wyjscia": 2, "bez-bitki": 3, "silent": 4, "solo": 5, "solo-du": 10},
          item=Field("v", "int", min=0)),
    Field("kontra_names", "list", Bi("nazwy kolejnych stopni kontry",
                                     "the doubling levels in order"), ["kontra", "rej", "bok", "słup"]),
    Field("max_kontra", "table", Bi("najwyższy stopień kontry dozwolony w każdej grze (w tabeli z zasad: pola z X)",
                                    "the highest doubling level each game allows (the rule book's table: X cells)"),
          {"ordinary": 4, "wedding": 4, "silent": 3, "solo": 2, "solo-du": 2}, item=Field("v", "int", min=0)),
    Field("win_points", "int", Bi("ile oczek potrzebują Starzy do wygranej (ze 104)",
                                  "card points the old side needs to win (of 104)"), 53, min=1, max=104),
    Field("wyjscie", "int", Bi("przegrana strona ma „wyjście” (z wyjściem), gdy zdobyła więcej oczek niż tyle",
                               "the losing side 'got out' (z wyjściem) with more than this many card points"), 26,
          min=0, max=104),
    Field("solo_settlement", "choice", Bi('jeden Stary przeciw trzem: "per-opponent" (on dostaje lub płaci 3 x '
                                          'wartość, każdy przeciwnik 1 x) albo "flat" (każdy +/- wartość)',
                                          "one old player against three: per-opponent (he gets or pays 3 x value, "
                                          "each opponent 1 x) or flat (everyone +/- value)"),
          "per-opponent", choices=("per-opponent", "flat")),
    Field("deals", "int", Bi("liczba rozdań w grze (runda turniejowa: 32); 0: bez limitu",
                             "deals in a game (a tournament round: 32); 0 for no limit"), 0, min=0),
    Field("place_points", "int_list", Bi("punkty turniejowe za kolejne miejsca (Wolsztyn: 4, 3, 2, 1)",
                                         "tournament place points by place (Wolsztyn 4, 3, 2, 1)"),
          [4, 3, 2, 1], min=0),
)


class KopModule(ScoringModule):
    id = "kop"
    title = "Kop"
    params = PARAMS
    player_counts = (4,)

    def check_rules(self, r: Mapping[str, Any]) -> list[Problem]:
        out = []
        need = {"z-wyjsciem", "bez-wyjscia", "bez-bitki", "silent", "solo", "solo-du"}
        if set(r["base"]) != need:
            names = ", ".join(sorted(need))
            out.append(Problem("base", Bi(f"potrzebne są: {names}", f"must give {names}")))
        if set(r["max_kontra"]) != set(GAMES):
            out.append(Problem("max_kontra", Bi(f"potrzebne są: {', '.join(GAMES)}", f"must give {', '.join(GAMES)}")))
        if any(v > len(r["kontra_names"]) for v in r["max_kontra"].values()):
            out.append(Problem("max_kontra", Bi("poziom wyższy niż nazwane kontry (kontra_names)",
                                                "a level above the named doubling levels")))
        return out

    def hand_fields(self, rules: Rules, players: list[str]) -> list[Field]:
        return [
            Field("game", "choice", "the kind of game", required=True, choices=GAMES, label={"pl": "gra", "en": "game"},
                  usual="ordinary"),
            Field("old", "players", "the old side (Starzy): two, or one in solo and silent games", required=True,
                  min=1, max=2, label={"pl": "starzy", "en": "old side"}),
            Field("kontra", "int", "effective doubling steps: 0 none, 1 kontra, 2 rej, 3 bok, 4 słup", 0, min=0,
                  max=len(rules["kontra_names"]), label={"pl": "kontra", "en": "doubling"}, rare=True,
                  quick=tuple((i, {"pl": n, "en": n}) for i, n in enumerate(["—", *rules["kontra_names"]]))),
            Field("old_points", "int", "card points of the old side (0-104)", min=0, max=104,
                  label={"pl": "oczka starych", "en": "old points"}),
            Field("old_tricks", "int", "tricks of the old side (0-4)", min=0, max=4,
                  label={"pl": "bitki starych", "en": "old tricks"}, rare=True),
            Field("category", "choice", "the category, given directly: z-wyjsciem, bez-wyjscia, bez-bitki",
                  choices=CATEGORIES, label={"pl": "kategoria", "en": "category"}),
            Field("won", "bool", "whether the old side won, given directly", rare=True,
                  label={"pl": "starzy wygrali", "en": "old side won"}),
            Field("confirmed", "bool", "the scorekeeper confirmed at entry a category the old side's points do not "
                  "give (the category counts)", label={"pl": "potwierdzone", "en": "confirmed"}, form=False),
        ]

    def check_hand(self, rules: Rules, players: list[str], hand: Mapping[str, Any]) -> list[Problem]:
        out = []
        game = hand["game"]
        single = game in ("solo", "solo-du", "silent")
        if len(hand["old"]) != (1 if single else 2):
            n = len(hand["old"])
            out.append(Problem("old", Bi(f"{GAME_IN[game]} {'jest jeden stary' if single else 'jest dwóch starych'}"
                                         f", a podano {n}", f"names {n}, but {GAME_EN[game]} has "
                                         f"{'one old player' if single else 'two old players'}")))
        k = hand.get("kontra", 0)
        top = rules["max_kontra"][game]
        if k > top:
            names = rules["kontra_names"]
            most = f"{top}{' ' + names[top - 1] if top else ''}"
            out.append(Problem("kontra", Bi(f"{k} ({names[k - 1]}): {GAME_IN[game]} najwyżej {most}",
                                            f"{k} ({names[k - 1]}) is not allowed in {GAME_EN[game]} "
                                            f"(at most {most})")))
        if "won" not in hand and "old_points" not in hand and not (game == "solo-du" and "old_tricks" in hand):
            out.append(Problem("old_points", Bi("brak (albo podaj, czy starzy wygrali)",
                                                "missing (or say whether the old side won)")))
        elif game in ("ordinary", "wedding") and "old_points" not in hand and "category" not in hand:
            # who won is given, but not by how much: the category (the game's value) follows from the points
            out.append(Problem("category", Bi("brak: podaj kategorię albo oczka starych (od nich zależy wartość "
                                              "gry)", "missing: give the category or the old side's points "
                                              "(the game's value depends on them)")))
        pts, tr = hand.get("old_points"), hand.get("old_tricks")
        if pts is not None and tr is not None:
            if tr == 0 and pts:
                out.append(Problem("old_points", Bi(f"{_points_pl(pts)}, a starzy nie mają bitki",
                                                    f"{_points_en(pts)} with no trick")))
            if tr == 4 and pts != 104:
                out.append(Problem("old_points", Bi(f"{_points_pl(pts)} przy wszystkich bitkach (wszystkie cztery "
                                                    "to 104)",
                                                    f"{_points_en(pts)} with every trick (all four hold 104)")))
        if game == "solo-du" and "old_tricks" not in hand and "won" not in hand:
            out.append(Problem("old_tricks", Bi("brak: zolo du wygrywa się wszystkimi bitkami",
                                                "missing: solo du is won with every trick")))
        if "category" in hand and single:
            out.append(Problem("category", Bi("kategorię ma tylko gra zwyczajna i wesele",
                                              "only ordinary games and weddings have categories")))
        return out

    def value(self, rules: Rules, hand: Mapping[str, Any]) -> tuple[bool, str, int]:
        """Whether the old side won, the category (or the game), and the game's value."""
        game, k = hand["game"], hand.get("kontra", 0)
        pts, tr = hand.get("old_points"), hand.get("old_tricks")
        if "won" in hand:
            won = hand["won"]
        elif game == "solo-du":
            won = tr == 4
        else:
            won = pts >= rules["win_points"]
        if game in ("ordinary", "wedding"):
            cat = hand["category"] if "category" in hand else self.category(rules, hand, won)
            base = rules["base"][cat]
        else:
            cat = game
            base = rules["base"][game]
        return won, cat, base * (2 ** k)

    def doubts(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
               start: Mapping[str, Any] | None = None) -> list[Problem]:
        """A category given with the old side's points that give another (bez bitki with 80) is allowed (the
        category counts: the scorekeeper may know better), but asked about at entry; the yes is kept as
        `confirmed`."""
        out = []
        for i, hand in enumerate(hands):
            if hand["game"] not in ("ordinary", "wedding") or "category" not in hand or "old_points" not in hand \
                    or hand.get("confirmed"):
                continue
            pts = hand["old_points"]
            cat = hand["category"]
            by_points = self.category(rules, hand, hand["won"] if "won" in hand else pts >= rules["win_points"])
            if cat != by_points:
                out.append(Problem(f"hands[{i}].confirmed", Bi(
                    f"Kategoria {CAT_PL[cat]}, a z oczek starych ({pts}) wychodzi {CAT_PL[by_points]}. Zapisać tak?",
                    f"Category {CAT_EN[cat]}, but the old side's points ({pts}) make it {CAT_EN[by_points]}. "
                    "Save it so?")))
        return out

    @staticmethod
    def category(rules: Rules, hand: Mapping[str, Any], won: bool) -> str:
        """An ordinary game's category by the losers' card points (and tricks, when given): none taken is "bez
        bitki", more than `wyjscie` "z wyjściem", else "bez wyjścia"."""
        pts, tr = hand["old_points"], hand.get("old_tricks")
        lose_pts = (104 - pts) if won else pts
        lose_tricks = None if tr is None else ((4 - tr) if won else tr)
        if lose_tricks == 0 or lose_pts == 0:
            return "bez-bitki"
        return "z-wyjsciem" if lose_pts > rules["wyjscie"] else "bez-wyjscia"

    def deal(self, rules: Rules, players: list[str], hand: Mapping[str, Any]) -> tuple[dict[str, int], bool, str, int]:
        """One deal: each player's score (the old side first), whether the old side won, the category (or the
        game) and the game's value. The sheet and the season's totals both score a deal through this."""
        won, cat, v = self.value(rules, hand)
        old = hand["old"]
        sign = 1 if won else -1
        s = {}
        if len(old) == 1 and rules["solo_settlement"] == "per-opponent":
            s[old[0]] = sign * 3 * v
        else:  # two against two, or flat: everyone +/- the value (a flat solo does not sum to zero)
            for p in old:
                s[p] = sign * v
        for p in players:
            if p not in old:
                s[p] = -sign * v
        return s, won, cat, v

    def _end(self, rules: Rules, players: list[str], played: int, totals: Mapping[str, Any]) -> tuple[bool, Any]:
        """Whether the game is over after `played` deals, and its winner (None while it goes on)."""
        finished = bool(rules["deals"]) and played >= rules["deals"]
        return finished, leaders(players, totals) if finished else None

    def totals(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
               start: Mapping[str, Any] | None = None) -> Sheet:
        """score() without its rows, for the season: the same deals summed onto the start, the same end."""
        r = rules.values if isinstance(rules, Rules) else rules  # a plain mapping: read on every deal
        # deal() for a season's 80,000 deals, added up as it adds: every player is -sign*v, the old side +sign*v
        # (two more than the young's), a per-opponent solo's player 3*sign*v (four more); value() and category()
        # read the same way with the rules' values at hand
        win_points, base, wyjscie = r["win_points"], r["base"], r["wyjscie"]
        per_opponent = r["solo_settlement"] == "per-opponent"
        everyone = 0  # what each player got as the young side's would: -sign*v summed
        more: dict[str, int] = dict.fromkeys(players, 0)  # what the old side got beyond that
        for hand in hands:
            game, pts = hand["game"], hand.get("old_points")
            if "won" in hand:
                won = hand["won"]
            elif game == "solo-du":
                won = hand.get("old_tricks") == 4
            else:
                won = pts >= win_points
            if game == "ordinary" or game == "wedding":
                cat = hand.get("category")
                if cat is None:
                    tr = hand.get("old_tricks")
                    lose_pts = 104 - pts if won else pts
                    if lose_pts == 0 or (tr is not None and (4 - tr if won else tr) == 0):
                        cat = "bez-bitki"
                    else:
                        cat = "z-wyjsciem" if lose_pts > wyjscie else "bez-wyjscia"
                v = base[cat]
            else:
                v = base[game]
            k = hand.get("kontra", 0)
            if k:
                v *= 2 ** k
            if not won:
                v = -v
            everyone -= v
            old = hand["old"]
            if len(old) == 1 and per_opponent:
                more[old[0]] += 4 * v
            else:
                for p in old:
                    if p in more:
                        more[p] += 2 * v
        tot = {p: (start or {}).get(p, 0) + everyone + more[p] for p in players}
        finished, winner = self._end(r, players, len(hands), tot)
        return Sheet(module=self.id, ruleset=rules.id, title=rules.title, players=players, totals=tot,
                     finished=finished, winner=winner)

    def score(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
              start: Mapping[str, Any] | None = None) -> Sheet:
        per_hand, rows = [], []
        for i, hand in enumerate(hands):
            s, row = self._row(rules, players, i, hand)
            per_hand.append(s)
            rows.append(row)
        return self._sheet(rules, players, hands, running(per_hand, players, dict(start or {})), rows, start)

    def extend(self, rules: Rules, players: list[str], sheet: Sheet, hands: list[Mapping[str, Any]],
               start: Mapping[str, Any] | None = None) -> Sheet | None:
        """score(hands) from the sheet of all of them but the last: its rows and running totals kept, the new
        deal's row and totals added, the end, the next deal and the foot made again (a save of the 301st deal
        does not score 300 again)."""
        if not sheet.sections or len(sheet.hands) != len(hands) - 1:
            return None
        i = len(hands) - 1
        s, row = self._row(rules, players, i, hands[i])
        before = sheet.hands[-1].totals if sheet.hands else {p: (start or {}).get(p, 0) for p in players}
        full = {p: s.get(p, 0) for p in players}
        results = [*sheet.hands, HandResult(full, {p: before[p] + full[p] for p in players})]
        return self._sheet(rules, players, hands, results, [*sheet.sections[0].rows[:-1], row], start)

    def _row(self, rules: Rules, players: list[str], i: int, hand: Mapping[str, Any]) -> tuple[dict[str, int], Row]:
        """Deal i: each player's score and its row on the sheet."""
        s, won, cat, v = self.deal(rules, players, hand)
        old = hand["old"]
        k = hand.get("kontra", 0)
        cat_pl = f" ({CAT_PL[cat]})" if cat in CAT_PL else ""
        cat_en = f" ({CAT_EN[cat]})" if cat in CAT_EN else ""
        label = Bi(f"{i + 1}. {GAME_PL[hand['game']]}{cat_pl}", f"{i + 1}. {GAME_EN[hand['game']]}{cat_en}")
        kontra = f"; {rules['kontra_names'][k - 1]}" if k else ""
        pts = hand.get("old_points")
        note = Bi(f"starzy: {', '.join(old)}; {'wygrana' if won else 'przegrana'}"
                  + (f"; {_points_pl(pts)}" if pts is not None else "") + f"{kontra}; wartość {v}",
                  f"old side: {', '.join(old)}; {'won' if won else 'lost'}"
                  + (f"; {_points_en(pts)}" if pts is not None else "") + f"{kontra}; value {v}")
        return s, Row(label, [Cell.num(s[p], *(("old",) if p in old else ())) for p in players], hand=i, note=note)

    def _sheet(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]], results: list[HandResult],
               rows: list[Row], start: Mapping[str, Any] | None) -> Sheet:
        """The sheet from each deal's row and running totals: the end, the next deal, the foot and the check."""
        totals = results[-1].totals if results else {p: (start or {}).get(p, 0) for p in players}
        finished, winner = self._end(rules, players, len(hands), totals)
        nxt = None
        if not finished:
            dealer = players[(players.index(dealers(players, hands)[-1]) + 1) % 4] if hands else players[0]
            nxt = {"dealer": dealer, "leader": players[(players.index(dealer) + 1) % 4]}
            if rules["deals"]:
                nxt["deals_left"] = rules["deals"] - len(hands)
        rows = [*rows, Row(Bi("razem", "total"), [Cell.num(totals[p]) for p in players], marks=frozenset({"total"}))]
        sheet = Sheet(module=self.id, ruleset=rules.id, title=rules.title, players=players, hands=results,
                      totals=totals, finished=finished, winner=winner, next=nxt,
                      sections=[Section(rules.title, list(players), rows, label_header=Bi("gra", "game"))])
        if rules["solo_settlement"] == "per-opponent":
            bad = [i + 1 for i, r in enumerate(results) if sum(r.scores.values())]
            sheet.checks.append(Check(Bi("każde rozdanie sumuje się do zera", "each deal sums to zero"), not bad,
                                      f"{bad}" if bad else ""))
        return sheet
