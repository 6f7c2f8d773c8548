"""Kierki z zapętlaniem (M. Gajak, seed 003): four robbers and four odgrywki, loops and bajts.

A robber (rozbójnik) counts everything at once, 130 points a deal; an odgrywka pays 10 a trick,
130 a deal. A player who takes nothing in a robber loops it (red dash): the others' points count
double (two loopers: triple); one player taking every trick loops it twice and the others get 130
each. Each loop owes a no-trump odgrywka led by the looper. In an odgrywka a player left without a
trick is zbajcony: the others' tricks count double (two: triple; one player taking all 13 gets 52);
each bajt owes a robber led by that player. Owed deals are played phase after phase: the owed
odgrywki after the four basic ones, then the owed robbers, and again until nothing is owed.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Mapping

from zapis.core.errors import Problem
from zapis.core.fields import MISSING, Field
from zapis.core.module import Rules, ScoringModule
from zapis.core.words import Bi, join
from zapis.modules.common import UNKNOWN_ITEM, check_sale, item_word, sum_message
from zapis.core.sheet import leaders, Cell, Check, Row, Section, Sheet, running

ITEMS = ("tricks", "hearts", "kings_jacks", "queens", "king_of_hearts", "last")
DECK = {"tricks": 13, "hearts": 13, "kings_jacks": 8, "queens": 4, "king_of_hearts": 1, "last": 2}
# the deals by name: rozbójnik and odgrywka are their names in English too
DEAL_NAME = {"robber": Bi("rozbójnik", "rozbójnik"), "trumps": Bi("odgrywka", "odgrywka")}

PARAMS = (
    Field("robber_values", "table", Bi("rozbójnik: punkty karne za każdą wziętą lewę lub kartę (król kier liczy się "
                                       "też jako król i jako kier: 16 + 3 + 2 = 21)",
                                       "robber: penalty per item taken (the king of hearts also counts as a king "
                                       "and a heart: 16 + 3 + 2 = 21)"),
          {"tricks": 2, "hearts": 2, "kings_jacks": 3, "queens": 5, "king_of_hearts": 16, "last": 9},
          item=Field("v", "int", min=0)),
    Field("special_tricks", "choice", Bi('dwie lewy warte po `last`: "last-two" (dwie ostatnie) albo '
                                         '"seventh-and-last" (siódma i ostatnia)',
                                         "the two tricks worth `last` each: the last two, or the 7th and the last"),
          "last-two", choices=("last-two", "seventh-and-last")),
    Field("trick_value", "int", Bi("odgrywka: punkty za każdą lewę",
                                   "odgrywka: points per trick"), 10, min=1),
    Field("basic_robbers", "int", Bi("liczba rozbójników w części podstawowej",
                                     "robbers in the basic part"), 4, min=1),
    Field("basic_odgrywki", "int", Bi("liczba odgrywek w części podstawowej",
                                      "odgrywki in the basic part"), 4, min=1),
)

ITEM_FIELD = Field("taken", "table", item=Field("n", "int", min=0, max=13), keys=ITEMS)
SALE_SUB = (Field("seller", "player", label={"pl": "sprzedaje", "en": "seller"}),
            Field("buyer", "player", label={"pl": "kupuje", "en": "buyer"}),
            Field("tricks", "int", min=1, max=13, label={"pl": "za lew", "en": "for tricks"}))


@dataclass
class Slot:
    """A deal to be played: its kind, its number in its column, who leads, and why it is owed."""

    kind: str  # "robber" or "trumps"
    number: int
    leader: str
    owed_for: str = ""  # e.g. "2.r": the robber whose loop owes this odgrywka

    @property
    def label(self) -> str:
        return f"{self.number}.{'r' if self.kind == 'robber' else 'o'}"

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.kind, "number": self.number, "label": self.label, "leader": self.leader,
                "owed": bool(self.owed_for), "owed_for": self.owed_for or None,
                "no_trumps": bool(self.owed_for) and self.kind == "trumps"}


@dataclass
class Plan:
    """What is to be played, in the article's order."""

    players: list[str]
    basic_r: int
    basic_o: int
    played_r: int = 0
    played_o: int = 0
    dealer: int = 0  # index of the dealer of the next deal
    pending_o: list[Slot] = field(default_factory=list)  # owed for loops, in order of arising
    pending_r: list[Slot] = field(default_factory=list)  # owed for bajts
    phase: deque = field(default_factory=deque)

    def lho(self) -> str:
        return self.players[(self.dealer + 1) % len(self.players)]

    def next(self) -> Slot | None:
        if self.played_r < self.basic_r:
            return Slot("robber", self.played_r + 1, self.lho())
        if self.played_o < self.basic_o:
            return Slot("trumps", self.played_o + 1, self.lho())
        if not self.phase:
            if self.pending_o:
                self.phase, self.pending_o = deque(self.pending_o), []
            elif self.pending_r:
                self.phase, self.pending_r = deque(self.pending_r), []
            else:
                return None
        return self.phase[0]

    def played(self, slot: Slot) -> None:
        if self.phase and self.phase[0] is slot:
            self.phase.popleft()
        if slot.kind == "robber":
            self.played_r += 1
        else:
            self.played_o += 1
        self.dealer = (self.dealer + 1) % len(self.players)

    def owe(self, kind: str, player: str, source: str) -> Slot:
        pending = self.pending_o if kind == "trumps" else self.pending_r
        # numbered after everything played and owed of that kind so far
        queued = [s for s in (*self.phase, *pending) if s.kind == kind]
        base = max(self.played_r, self.basic_r) if kind == "robber" else max(self.played_o, self.basic_o)
        slot = Slot(kind, base + len(queued) + 1, player, source)
        pending.append(slot)
        return slot


def robber_points(rules: Rules, taken: Mapping[str, Any]) -> int:
    vals = rules["robber_values"]
    return sum(vals[k] * taken.get(k, 0) for k in ITEMS)


class KierkiLoopModule(ScoringModule):
    id = "kierki-loop"
    title = "Kierki z zapętlaniem"
    params = PARAMS
    player_counts = (4,)

    def check_rules(self, r: Mapping[str, Any]) -> list[Problem]:
        missing = [k for k in ITEMS if k not in r["robber_values"]]
        extra = [k for k in r["robber_values"] if k not in ITEMS]
        out = [Problem("robber_values", Bi(f"brak: {k}", f"missing {k}")) for k in missing]
        out += [Problem(f"robber_values.{k}", UNKNOWN_ITEM) for k in extra]
        return out

    def hand_fields(self, rules: Rules, players: list[str]) -> list[Field]:
        full = sum(rules["robber_values"][k] * DECK[k] for k in ITEMS)  # a robber's points, all of them
        return [
            Field("deal", "choice", "robber (rozbójnik) or trumps (odgrywka)", required=True,
                  choices=("robber", "trumps"), label={"pl": "rozdanie", "en": "deal"}),
            Field("points", "player_map", "robber: raw penalty points each player took (sum 130)",
                  item=Field("p", "int", min=0, max=130), when={"deal": ("robber",)}, total=full,
                  label={"pl": "punkty", "en": "points"}),
            Field("taken", "player_map", "robber: items each player took: tricks, hearts, kings_jacks, queens, "
                  "king_of_hearts, last", item=ITEM_FIELD, when={"deal": ("robber",)},
                  label={"pl": "wzięte", "en": "taken"}, form=False),
            Field("tricks", "player_map", "odgrywka: tricks each player took (sum 13)",
                  item=Field("t", "int", min=0, max=13), when={"deal": ("trumps",)}, total=13,
                  label={"pl": "lewy", "en": "tricks"}),
            Field("sale", "table", "odgrywka: the choice sold: { seller, buyer, tricks }",
                  when={"deal": ("trumps",)}, label={"pl": "odkupienie", "en": "sale"}, sub=SALE_SUB, rare=True),
        ]

    def check_hand(self, rules: Rules, players: list[str], hand: Mapping[str, Any]) -> list[Problem]:
        if hand["deal"] == "robber":
            return self._check_robber(rules, players, hand)
        return self._check_odgrywka(players, hand)

    def _check_robber(self, rules, players, hand) -> list[Problem]:
        out = [Problem(k, Bi("należy do odgrywki, nie do rozbójnika", "belongs to an odgrywka, not a rozbójnik"))
               for k in ("tricks", "sale") if k in hand]
        has_p, has_t = "points" in hand, "taken" in hand
        if has_p == has_t:
            return out + [Problem("points", Bi("w rozbójniku podaj albo punkty, albo wzięte",
                                               "give either points or taken for a rozbójnik"))]
        key = "points" if has_p else "taken"
        missing = [p for p in players if p not in hand[key]]
        if missing:
            return out + [Problem(f"{key}.{p}", MISSING) for p in missing]
        if has_t:
            for pl, items in hand["taken"].items():
                out += [Problem(f"taken.{pl}.{k}", UNKNOWN_ITEM) for k in items if k not in ITEMS]
            if out:
                return out
            for k in ITEMS:
                total = sum(hand["taken"][p].get(k, 0) for p in players)
                if total != DECK[k]:
                    what = Bi("karne lewy", "penalty tricks") if k == "last" else item_word(k)
                    out.append(Problem(f"taken.*.{k}", sum_message(total, DECK[k], what)))
            return out
        total = sum(hand["points"].values())
        full = sum(rules["robber_values"][k] * DECK[k] for k in ITEMS)
        if total != full:
            out.append(Problem("points", sum_message(total, full)))
        return out

    def _check_odgrywka(self, players, hand) -> list[Problem]:
        out = [Problem(k, Bi("należy do rozbójnika, nie do odgrywki", "belongs to a rozbójnik, not an odgrywka"))
               for k in ("points", "taken") if k in hand]
        if "tricks" not in hand:
            return out + [Problem("tricks", MISSING)]
        missing = [p for p in players if p not in hand["tricks"]]
        if missing:
            return out + [Problem(f"tricks.{p}", MISSING) for p in missing]
        total = sum(hand["tricks"].values())
        if total != 13:
            out.append(Problem("tricks", sum_message(total, 13)))
        if "sale" in hand:
            out += check_sale(hand["sale"], players, "tricks", 1, 13)
        return out

    def check_sequence(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
                       start: Mapping[str, Any] | None = None) -> list[Problem]:
        try:
            self._fold(rules, players, hands)
        except _NotOwed as e:
            return [e.problem]
        return []

    # --- scoring -------------------------------------------------------------------------------
    def _fold(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]]):
        plan = Plan(players, rules["basic_robbers"], rules["basic_odgrywki"])
        results = []  # (slot, scores, row cells, row sum, dashes)
        for i, hand in enumerate(hands):
            slot = plan.next()
            if slot is None:
                raise _NotOwed(Problem(f"hands[{i}]", Bi("gra skończona: nic już nie jest do rozegrania (takie "
                                                         "rozdanie się nie liczy)", "the game is over: no deal is "
                                                         "owed (such deals are void)")))
            if hand["deal"] != slot.kind:
                got, want = DEAL_NAME.get(hand["deal"], Bi(str(hand["deal"]))), DEAL_NAME[slot.kind]
                a = "a" if slot.kind == "robber" else "an"
                raise _NotOwed(Problem(f"hands[{i}].deal", Bi(
                    f"teraz nie {got.pl}: następne jest {slot.label}, {want.pl}, wistuje {slot.leader}",
                    f"{got.en} is not owed here: {slot.label} is next, {a} {want.en} led by {slot.leader}")))
            if slot.owed_for and "sale" in hand:
                raise _NotOwed(Problem(f"hands[{i}].sale", Bi(f"należną odgrywkę bez atu {slot.label} gra się bez "
                                                              "odkupienia", f"the owed no-trump odgrywka {slot.label} "
                                                              "is played without a sale")))
            plan.played(slot)
            if slot.kind == "robber":
                res = self._robber(rules, players, hand, slot, plan)
            else:
                res = self._odgrywka(rules, players, hand, slot, plan)
            results.append(res)
        return plan, results

    def _robber(self, rules, players, hand, slot, plan):
        if "points" in hand:
            raw = dict(hand["points"])
        else:
            raw = {p: robber_points(rules, hand["taken"][p]) for p in players}
        full = sum(rules["robber_values"][k] * DECK[k] for k in ITEMS)
        zero = [p for p in players if raw[p] == 0]
        loops: list[str] = []
        if len(zero) == len(players) - 1:  # one player took every trick: he loops it twice
            taker = next(p for p in players if raw[p])
            value = {p: (0 if p == taker else full) for p in players}
            loops = [taker, taker]
            mult = 3
        else:
            mult = 1 + len(zero)
            value = {p: raw[p] * mult for p in players}
            loops = zero
        owed = [plan.owe("trumps", p, slot.label) for p in loops]
        return Result(slot, {p: -value[p] for p in players}, value, sum(value.values()), mult,
                      loops, owed, raw)

    def _odgrywka(self, rules, players, hand, slot, plan):
        net = dict(hand["tricks"])
        sale = hand.get("sale")
        if sale:
            net[sale["seller"]] += sale["tricks"]
            net[sale["buyer"]] -= sale["tricks"]
        bajts = [p for p in players if net[p] <= 0]
        mult = 1 + len(bajts)
        value = {p: net[p] * mult for p in players}
        owed = [plan.owe("robber", p, slot.label) for p in bajts]
        tv = rules["trick_value"]
        return Result(slot, {p: value[p] * tv for p in players}, value, sum(value.values()), mult,
                      bajts, owed, dict(hand["tricks"]))

    def score(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
              start: Mapping[str, Any] | None = None) -> Sheet:
        plan, results = self._fold(rules, players, hands)
        nxt = plan.next()
        hand_results = running([r.scores for r in results], players, dict(start or {}))
        totals = hand_results[-1].totals if hand_results else {p: (start or {}).get(p, 0) for p in players}
        finished = nxt is None and bool(results)
        winner = None
        if finished:
            winner = leaders(players, totals)
        sheet = Sheet(module=self.id, ruleset=rules.id, title=rules.title, players=players, hands=hand_results,
                      totals=totals, finished=finished, winner=winner, next=nxt.to_json() if nxt else None)
        self._draw(sheet, rules, players, results, plan)
        sheet.extra["owed"] = [s.to_json() for s in (*plan.phase, *plan.pending_o, *plan.pending_r)
                               if s is not nxt] if nxt else []
        return sheet

    def _draw(self, sheet: Sheet, rules: Rules, players: list[str], results: list[Result], plan: Plan) -> None:
        robbers = [r for r in results if r.slot.kind == "robber"]
        odg = [r for r in results if r.slot.kind == "trumps"]
        played = {r.slot.label for r in results}
        rows = []
        for k in range(max(len(robbers), len(odg))):
            cells = []
            for group, neg in ((robbers, True), (odg, False)):
                if k < len(group):
                    cells += _cells(group[k], players, played, neg)
                else:
                    cells += [Cell()] * len(players)
            rows.append(Row(f"{k + 1}.", cells))
        tv = rules["trick_value"]
        r_sum = {p: sum(r.value[p] for r in robbers) for p in players}
        o_sum = {p: sum(r.value[p] for r in odg) for p in players}
        rows.append(Row(Bi("suma", "sum"), [Cell(str(r_sum[p]), -r_sum[p], frozenset({"neg"})) for p in players]
                        + [Cell(str(o_sum[p] * tv), o_sum[p] * tv) for p in players], marks=frozenset({"total"})))
        final = {p: o_sum[p] * tv - r_sum[p] for p in players}
        rows.append(Row(Bi("bilans", "net"),
                        [Cell(str(abs(final[p])), final[p], frozenset({"neg"})) if final[p] < 0 else Cell()
                         for p in players]
                        + [Cell(str(final[p]), final[p]) if final[p] >= 0 else Cell() for p in players],
                        marks=frozenset({"total"})))
        sheet.sections.append(Section(Bi(f"rozbójniki 1-4 ‖ odgrywki 5-8 (w sumie lewy × {tv})",
                                         f"rozbójniki 1-4 ‖ odgrywki 5-8 (in the sums tricks × {tv})"),
                                      list(players) * 2, rows,
                                      groups=[(Bi("rozbójniki 1-4", "rozbójniki 1-4"), len(players)),
                                              (Bi(f"odgrywki 5-8 (lewy × {tv})", f"odgrywki 5-8 (tricks × {tv})"),
                                               len(players))]))
        bad_rows = [f"{r.slot.label} = {r.row_sum}" for r in results if r.row_sum not in _allowed_rows(r)]
        sheet.checks.append(Check(Bi("wiersze: rozbójnik 130/260/390, odgrywka 13/26/39",
                                     "rows: rozbójnik 130/260/390, odgrywka 13/26/39"), not bad_rows,
                                  ", ".join(bad_rows)))
        r_total, o_total = sum(r_sum.values()), sum(o_sum.values())
        sheet.checks += [
            Check(Bi(f"rozbójniki razem {r_total}: dzieli się przez 130", f"rozbójniki in all {r_total}: divisible "
                     "by 130"), r_total % 130 == 0),
            Check(Bi(f"odgrywki razem {o_total}: dzieli się przez 13", f"odgrywki in all {o_total}: divisible by 13"),
                  o_total % 13 == 0),
        ]
        if not [*plan.phase, *plan.pending_o, *plan.pending_r] and plan.next() is None:
            s = sum(final.values())
            sheet.checks.append(Check(Bi(f"wyniki sumują się do zera ({s})", f"the results sum to zero ({s})"),
                                      s == 0))
        owed = [*plan.phase, *plan.pending_o, *plan.pending_r]
        if owed:
            sheet.notes.append(Bi("Do rozegrania: ", "Owed: ") + join(", ", [
                Bi(f"{s.label} ({'bez atu, ' if s.kind == 'trumps' else ''}wistuje {s.leader}, za {s.owed_for})",
                   f"{s.label} ({'no trumps, ' if s.kind == 'trumps' else ''}{s.leader} leads, for {s.owed_for})")
                for s in owed]))


def _allowed_rows(r: Result) -> set[int]:
    return {130, 260, 390} if r.slot.kind == "robber" else {13, 26, 39, 52}


@dataclass
class Result:
    slot: Slot
    scores: dict[str, int]  # points for the JSON: robbers negative, odgrywki x trick value
    value: dict[str, int]  # what the paper cell holds: penalty points (robber) or tricks (odgrywka)
    row_sum: int
    mult: int
    marked: list[str]  # loopers / zbajceni (a player twice for two dashes)
    owed: list[Slot]
    raw: dict[str, int]

    def note(self) -> Bi:
        x = f" ×{self.mult}" if self.mult > 1 else ""
        who = ", ".join(self.marked)
        pl, en = ("zapętla", "loops") if self.slot.kind == "robber" else ("zbajcony", "bajt")
        return Bi(f"{self.slot.label}{x}" + (f" ({pl}: {who})" if who else ""),
                  f"{self.slot.label}{x}" + (f" ({en}: {who})" if who else ""))


def _cells(r: Result, players: list[str], played: set[str], neg: bool) -> list[Cell]:
    out = []
    for p in players:
        owed = [s for s, who in zip(r.owed, r.marked) if who == p]
        if owed:
            marks = " ".join(("+" if s.label in played else "–") + f"({s.label})" for s in owed)
            done = all(s.label in played for s in owed)
            out.append(Cell(marks, r.value[p], frozenset({"played" if done else "loop"})))
        elif neg:
            out.append(Cell(str(r.value[p]), -r.value[p], frozenset({"neg"} if r.value[p] else ())))
        else:
            v = r.value[p]
            out.append(Cell(str(v) if v else "", v, frozenset({"neg"} if v < 0 else ())))
    return out


class _NotOwed(Exception):
    def __init__(self, problem: Problem):
        self.problem = problem
