"""Metamorfoza (Robert Abbott, New York 1962: "Metamorphosis"), for two or three players.

What the rules say (Lech Pijanowski, "Przewodnik gier", as the seed quotes it):

- "Pełna partia metamorfozy składa się z czterech kolejnych rozgrywek o różnych zasadach rozgrywania i o różnych
  zasadach zapisu": a round is four deals (parts 1-4), each with rules and scoring of its own. Each player gets
  12 cards; after the first deal's cards are seen, each player lays down an ace, two, three or four (from another
  pack) "dla zaznaczenia, iż deklaruje wygranie przez siebie pierwszej, drugiej, trzeciej lub czwartej
  rozgrywki".
- "Gracz, który rzeczywiście wygrywa rozgrywkę zadeklarowaną wstępnie (osiąga w niej największą ilość punktów
  plusowych lub najmniejszą ilość punktów minusowych), otrzymuje w postaci premii dodatkowo 10 punktów
  plusowych. Jeśli w zadeklarowanej rozgrywce gracz zremisuje lub ją przegra, nie pociąga to za sobą żadnych
  skutków."
- Leads: part 1 the player left of the dealer; part 2 the same player; part 3 the player left of him; part 4 the
  same as in part 3. Cards are not shuffled between the parts (each plays the cards of the tricks he took), so
  a round has one dealer. "Następnie do kolejnej rundy rozdaje karty gracz, który był pierwszym wychodzącym w
  pierwszej rozgrywce poprzedniej rundy": the deal passes to the left, round by round.
- "Pełna tura gry składa się z czterech rund (szesnastu rozgrywek) przy dwóch grających lub z trzech rund
  (dwunastu rozgrywek) przy trzech grających." The most plus points (or, when everyone is minus, the fewest
  minus points) win.

The four parts' own rules are lost from the seed ("I tak:" is followed by nothing). They are not in anything we
could consult either: the published description of Abbott's games says only that Metamorphosis "is a complex
trick-taking game. As you play the game, the rules change three times, so it is as if you are playing four
different games that are threaded together" (Wikipedia, "Robert Abbott (game designer)", citing Abbott, "Abbott's
New Card Games", Stein and Day 1963, pp. 55-59); searches of Pijanowski's and Abbott's texts found no list of
the four games. So this module does not score a part from the cards taken: the scorekeeper enters each deal's
points as that part's rules count them, plus points as positive numbers and minus points as negative ones.

"Best" in a part is therefore the highest number entered: the most plus points, or the fewest minus points (-3
beats -8). A player whose declared part he wins alone gets the bonus (10, parameter `bonus`); shared best points
are a tie and give nothing. The bonus is written on the hand that decides it, the declared part's deal, so that
hand's score is the deal's points plus the bonus.

Record (docs/records.md, "Metamorfoza"): each hand has `part` (1-4, in order in each round) and `points` (a
player map, every player); the first hand of each round (part 1) has `declared` (a player map of parts 1-4).
"""

from __future__ import annotations

from typing import Any, Mapping

from zapis.core.errors import Problem, fmt
from zapis.core.fields import MISSING, Field
from zapis.core.module import Rules, ScoringModule
from zapis.core.sheet import Cell, Row, Section, Sheet, leaders, running
from zapis.core.words import Bi

PARTS = 4

PARAMS = (
    Field("bonus", "int", Bi("premia dla gracza, który wygra zadeklarowaną przez siebie rozgrywkę (sam, bez "
                             "remisu)",
                             "added for a player who wins the part he declared (alone, not tied)"), 10, min=0),
    Field("rounds_two", "int", Bi("liczba rund (po cztery rozgrywki) przy dwóch grających",
                                  "rounds (of four parts) with two players"), 4, min=1, max=100),
    Field("rounds_three", "int", Bi("liczba rund (po cztery rozgrywki) przy trzech grających",
                                    "rounds (of four parts) with three players"), 3, min=1, max=100),
)


def _lho(players: list[str], p: str, k: int = 1) -> str:
    return players[(players.index(p) + k) % len(players)]


def _over(deals: int, rounds: int) -> Bi:
    return Bi(f"gra kończy się po {rounds} rundach ({deals} rozgrywkach)",
              f"the game is over after {rounds} round{'s' * (rounds != 1)} ({deals} deals)")


class MetamorfozaModule(ScoringModule):
    id = "metamorfoza"
    title = Bi("Metamorfoza", "Metamorphosis")
    params = PARAMS
    player_counts = (2, 3)

    # --- description -----------------------------------------------------------------------
    def rounds(self, rules: Rules, players: list[str]) -> int:
        return rules["rounds_two"] if len(players) == 2 else rules["rounds_three"]

    def hand_fields(self, rules: Rules, players: list[str]) -> list[Field]:
        return [
            Field("part", "int", "which of the round's four deals this is: 1, 2, 3, 4 in each round", required=True,
                  min=1, max=PARTS, quick=(1, 2, 3, 4), label={"pl": "rozgrywka", "en": "part"}),
            # Required on (and only on) the first deal of each round: check_sequence says so by the hand's place;
            # the form asks for it when part 1 is picked (the game's `next` preselects the part).
            Field("declared", "player_map", "the first deal of each round (part 1) only: the part 1-4 each player "
                  "declared he will win",
                  item=Field("d", "int", min=1, max=PARTS, quick=(1, 2, 3, 4)), when={"part": (1,)},
                  label={"pl": "deklaracje", "en": "declared"}),
            Field("points", "player_map", "each player's points in this deal as its rules count them (minus "
                  "points negative)", required=True, item=Field("p", "int"),
                  label={"pl": "punkty", "en": "points"}),
        ]

    # --- validation --------------------------------------------------------------------------
    def check_hand(self, rules: Rules, players: list[str], hand: Mapping[str, Any]) -> list[Problem]:
        out = [Problem(f"points.{p}", MISSING) for p in players if p not in hand["points"]]
        if "declared" in hand:
            out += [Problem(f"declared.{p}", MISSING) for p in players if p not in hand["declared"]]
        return out

    def round_dealers(self, players: list[str], hands: list[Mapping[str, Any]]) -> list[str]:
        """The dealer of each round begun in `hands`: as recorded on its first deal, else the player left of the
        previous round's dealer (the first leader of that round); players[0] deals the first round."""
        out: list[str] = []
        for r in range(0, len(hands), PARTS):
            given = hands[r].get("dealer")
            out.append(given if given else (_lho(players, out[-1]) if out else players[0]))
        return out

    def check_sequence(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
                       start: Mapping[str, Any] | None = None) -> list[Problem]:
        rounds = self.rounds(rules, players)
        last = rounds * PARTS
        out: list[Problem] = []
        for i, h in enumerate(hands):
            at = f"hands[{i}]"
            if i >= last:
                out.append(Problem(at, _over(last, rounds)))
                continue
            want = i % PARTS + 1
            if h["part"] != want:
                r = i // PARTS + 1
                out.append(Problem(f"{at}.part", Bi(
                    f"{fmt(h['part'])}: to powinna być rozgrywka {want} rundy {r} (w każdej rundzie 1, 2, 3, 4)",
                    f"{fmt(h['part'])} is not {want}: this is part {want} of round {r} (each round plays parts "
                    "1, 2, 3, 4 in order)")))
            if want == 1 and "declared" not in h:
                out.append(Problem(f"{at}.declared", MISSING))
            elif want != 1 and "declared" in h:
                out.append(Problem(f"{at}.declared", Bi(
                    "deklaracje zapisuje się tylko przy pierwszej rozgrywce rundy",
                    "only the first deal of a round (part 1) carries the declarations")))
        if out:
            return out
        deal_by = self.round_dealers(players, hands)
        for i, h in enumerate(hands):
            d = deal_by[i // PARTS]
            if i % PARTS and h.get("dealer") and h["dealer"] != d:
                out.append(Problem(f"hands[{i}].dealer", Bi(
                    f"{fmt(h['dealer'])}: w tej rundzie rozdaje {d} (rozgrywek 2-4 się nie rozdaje)",
                    f"{fmt(h['dealer'])} is not the dealer of this round, {d} (parts 2-4 are not dealt)")))
        return out

    # --- scoring -----------------------------------------------------------------------------
    def deal_scores(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]]
                    ) -> tuple[list[dict[str, int]], list[dict[str, bool]]]:
        """Each deal's scores (its points, plus the bonus on the declared part's deal of a player who wins it
        alone), and for each deal who declared it and whether he won it."""
        per_hand: list[dict[str, int]] = []
        judged: list[dict[str, bool]] = []
        declared: Mapping[str, int] = {}
        for i, h in enumerate(hands):
            if i % PARTS == 0:
                declared = h.get("declared", {})
            pts = h["points"]
            best = max(pts[p] for p in players)
            alone = sum(1 for p in players if pts[p] == best) == 1
            part = i % PARTS + 1
            won = {p: alone and pts[p] == best for p in players if declared.get(p) == part}
            per_hand.append({p: pts[p] + (rules["bonus"] if won.get(p) else 0) for p in players})
            judged.append(won)
        return per_hand, judged

    def score(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
              start: Mapping[str, Any] | None = None) -> Sheet:
        per_hand, judged = self.deal_scores(rules, players, hands)
        results = running(per_hand, players, dict(start or {}))
        totals = results[-1].totals if results else {p: (start or {}).get(p, 0) for p in players}
        rounds = self.rounds(rules, players)
        finished = len(hands) >= rounds * PARTS
        winner = leaders(players, totals) if finished else None
        deal_by = self.round_dealers(players, hands)

        rows: list[Row] = []
        round_info: list[dict[str, Any]] = []
        for i, (h, s, won) in enumerate(zip(hands, per_hand, judged)):
            r, part = i // PARTS, i % PARTS + 1
            dealer = deal_by[r]
            leader = _lho(players, dealer, 1 if part <= 2 else 2)
            if part == 1:
                round_info.append({"round": r + 1, "dealer": dealer, "declared": dict(h["declared"]),
                                   "bonus": dict.fromkeys(players, 0), "scores": dict.fromkeys(players, 0)})
            info = round_info[-1]
            cells = []
            for p in players:
                pts = h["points"][p]
                if p in won:
                    if won[p]:
                        info["bonus"][p] += rules["bonus"]
                        cells.append(Cell(f"{pts} +{rules['bonus']}", s[p], frozenset({"made"})))
                    else:
                        cells.append(Cell(str(pts), pts, frozenset({"failed", *(("neg",) if pts < 0 else ())})))
                else:
                    cells.append(Cell.num(pts))
                info["scores"][p] += s[p]
            said = [f"{p} {'+' if won[p] else '—'}" for p in players if p in won]
            note_pl = f"rozdaje {dealer}, wychodzi {leader}" if part == 1 else f"wychodzi {leader}"
            note_en = f"{dealer} deals, {leader} leads" if part == 1 else f"{leader} leads"
            if part == 1:
                decl = ", ".join(f"{p} {h['declared'][p]}" for p in players)
                note_pl += f"; deklaracje: {decl}"
                note_en += f"; declared: {decl}"
            if said:
                note_pl += "; zadeklarowana: " + ", ".join(said)
                note_en += "; declared part: " + ", ".join(said)
            rows.append(Row(Bi(f"{r + 1}.{part}", f"{r + 1}.{part}"), cells, hand=i, note=Bi(note_pl, note_en)))
            if part == PARTS or i == len(hands) - 1:
                rows.append(Row(Bi(f"runda {r + 1}", f"round {r + 1}"),
                                [Cell.num(info["scores"][p]) for p in players], marks=frozenset({"line"}),
                                note=Bi("suma rundy" + ("" if part == PARTS else " (niedokończonej)"),
                                        "the round's sum" + ("" if part == PARTS else " (unfinished)"))))
        rows.append(Row(Bi("razem", "total"), [Cell.num(totals[p]) for p in players], marks=frozenset({"total"})))

        nxt = None
        if not finished:
            n = len(hands)
            r, part = n // PARTS, n % PARTS + 1
            dealer = deal_by[r] if r < len(deal_by) else (_lho(players, deal_by[-1]) if deal_by else players[0])
            nxt = {"round": r + 1, "part": part, "dealer": dealer,
                   "leader": _lho(players, dealer, 1 if part <= 2 else 2)}
        sheet = Sheet(module=self.id, ruleset=rules.id, title=rules.title, players=players, hands=results,
                      totals=totals, finished=finished, winner=winner, next=nxt,
                      sections=[Section(rules.title, list(players), rows,
                                        label_header=Bi("runda.rozgrywka", "round.part"))])
        sheet.extra["rounds"] = round_info
        return sheet
