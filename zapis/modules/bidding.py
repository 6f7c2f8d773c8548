"""The bid and target games of the seed: Planowanie (Oh Hell), 3-5-8 and Poker równoległy."""

from __future__ import annotations

from typing import Any, Mapping

from zapis.core.errors import Problem, fmt
from zapis.core.fields import MISSING, Field
from zapis.core.module import Rules, ScoringModule, dealers
from zapis.core.words import Bi, join
from zapis.modules.common import deals_pl, plural_pl, sum_message
from zapis.core.sheet import leaders, Cell, Check, Row, Section, Sheet, running


def _lho(players: list[str], p: str, k: int = 1) -> str:
    return players[(players.index(p) + k) % len(players)]


def _finish(players, totals, finished):
    return leaders(players, totals) if finished else None


def _map_sum_problem(hand, key, players, want) -> list[Problem]:
    missing = [p for p in players if p not in hand[key]]
    if missing:
        return [Problem(f"{key}.{p}", MISSING) for p in missing]
    s = sum(hand[key].values())
    return [Problem(key, sum_message(s, want))] if s != want else []


def _sheet(module, rules, players, hands, per_hand, labels, notes, finished, nxt, start,
           label_header: Bi = Bi("rozdanie", "deal")) -> Sheet:
    results = running(per_hand, players, dict(start or {}))
    totals = results[-1].totals if results else {p: (start or {}).get(p, 0) for p in players}
    rows = [Row(labels[i], [Cell.num(s[p]) for p in players], hand=i, note=notes[i]) for i, s in enumerate(per_hand)]
    rows.append(Row(Bi("razem", "total"), [Cell.num(totals[p]) for p in players], marks=frozenset({"total"})))
    return Sheet(module=module.id, ruleset=rules.id, title=rules.title, players=players, hands=results,
                 totals=totals, finished=finished, winner=_finish(players, totals, finished),
                 next=None if finished else nxt,
                 sections=[Section(rules.title, list(players), rows, label_header=label_header)])


def _over_after(n: int) -> Bi:
    return Bi(f"gra kończy się po {n} {deals_pl(n)}", f"the game is over after {n} deal{'s' * (n != 1)}")


class PlanowanieModule(ScoringModule):
    """Planowanie (seed): bid your tricks exactly; 10 + bid for the exact number, otherwise 0."""

    id = "planowanie"
    title = "Planowanie"
    player_counts = (2, 3, 4)
    params = (
        Field("first_cards", "int", Bi("liczba kart w pierwszym rozdaniu przy czterech graczach",
                                       "cards in the first deal with four players"), 13, min=1, max=13),
        Field("first_cards_small", "int", Bi("liczba kart w pierwszym rozdaniu przy dwóch lub trzech graczach",
                                             "cards in the first deal with two or three players"), 17, min=1, max=17),
        Field("exact_base", "int", Bi("punkty za wzięcie dokładnie tylu lew, ile się zadeklarowało",
                                      "points for taking exactly the bid"), 10, min=0),
        Field("per_trick", "int", Bi("do tego tyle za każdą zadeklarowaną lewę, gdy deklaracja się sprawdzi",
                                     "plus this many per trick bid, when exact"), 1, min=0),
        Field("miss_per_trick", "int", Bi("punkty za każdą lewę ponad deklarację lub poniżej niej (0: nietrafiona "
                                          "deklaracja daje 0; -1: minus jeden za każdą lewę różnicy)",
                                          "points per trick over or under the bid (0: a miss scores 0; -1: minus one "
                                          "per trick off)"), 0),
        Field("last_bidder_rule", "bool", Bi("ostatni deklarujący nie może zgłosić takiej liczby, żeby suma "
                                             "deklaracji równała się liczbie lew w rozdaniu",
                                             "the last bidder may not make the bids add up to the number of tricks"),
              True),
    )

    def schedule(self, rules: Rules, n: int) -> list[int]:
        """Cards per deal: from the first number down to 2, then as many one-card deals as players."""
        first = rules["first_cards"] if n == 4 else rules["first_cards_small"]
        return list(range(first, 1, -1)) + [1] * n

    def hand_fields(self, rules: Rules, players: list[str]) -> list[Field]:
        return [
            Field("bids", "player_map", "tricks each player bid", required=True, item=Field("b", "int", min=0, max=17),
                  label={"pl": "deklaracje", "en": "bids"}),
            Field("tricks", "player_map", "tricks each player took", required=True,
                  item=Field("t", "int", min=0, max=17), label={"pl": "lewy", "en": "tricks"}),
            Field("cards", "int", "cards dealt to each player (default: the schedule)", min=1, max=17,
                  label={"pl": "kart na rękę", "en": "cards each"}),
        ]

    def check_sequence(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
                       start: Mapping[str, Any] | None = None) -> list[Problem]:
        plan = self.schedule(rules, len(players))
        deal_by = dealers(players, hands)
        out = []
        for i, h in enumerate(hands):
            at = f"hands[{i}]"
            if i >= len(plan) and "cards" not in h:
                out.append(Problem(at, _over_after(len(plan))))
                continue
            cards = h.get("cards", plan[min(i, len(plan) - 1)])
            out += [p.under(at) for p in _map_sum_problem(h, "tricks", players, cards)]
            out += [Problem(f"{at}.bids.{p}", Bi(f"{b}: to więcej, niż jest lew w tym rozdaniu ({cards})",
                                                 f"{b} is more than the {cards} trick{'s' * (cards != 1)} of "
                                                 "this deal"))
                    for p, b in h["bids"].items() if b > cards]
            missing = [p for p in players if p not in h["bids"]]
            out += [Problem(f"{at}.bids.{p}", MISSING) for p in missing]
            if rules["last_bidder_rule"] and not missing and sum(h["bids"].values()) == cards:
                last = deal_by[i]  # bidding starts left of the dealer, so the dealer bids last
                out.append(Problem(f"{at}.bids.{last}", Bi(
                    f"ostatni licytujący ({last}) nie może dopełnić deklaracji do {cards}, czyli do liczby lew",
                    f"the last bidder ({last}) may not make the bids add up to {cards}, the number of tricks")))
        return out

    def score(self, rules, players, hands, start=None) -> Sheet:
        plan = self.schedule(rules, len(players))
        per_hand, labels, notes = [], [], []
        for i, h in enumerate(hands):
            cards = h.get("cards", plan[min(i, len(plan) - 1)])
            s = {}
            for p in players:
                b, t = h["bids"][p], h["tricks"][p]
                s[p] = rules["exact_base"] + rules["per_trick"] * b if b == t else rules["miss_per_trick"] * abs(b - t)
            per_hand.append(s)
            labels.append(Bi(f"{i + 1}. ({cards} {plural_pl(cards, 'karta', 'karty', 'kart')})",
                             f"{i + 1}. ({cards} card{'s' * (cards != 1)})"))
            notes.append("; ".join(f"{p} {h['bids'][p]}/{h['tricks'][p]}" for p in players))
        finished = len(hands) >= len(plan)
        deal_by = dealers(players, hands)
        dealer = _lho(players, deal_by[-1]) if hands else players[0]
        nxt = {"deal": len(hands) + 1, "cards": plan[len(hands)] if len(hands) < len(plan) else None,
               "dealer": dealer, "first_bidder": _lho(players, dealer), "last_bidder": dealer}
        return _sheet(self, rules, players, hands, per_hand, labels, notes, finished, nxt, start)


KINDS_358 = ("spades", "hearts", "diamonds", "clubs", "no-trumps", "no-tricks")
KIND_PL = {"spades": "piki", "hearts": "kiery", "diamonds": "kara", "clubs": "trefle", "no-trumps": "BA",
           "no-tricks": "BL (bez lew)"}
KIND_EN = {"spades": "spades", "hearts": "hearts", "diamonds": "diamonds", "clubs": "clubs", "no-trumps": "no trumps",
           "no-tricks": "no tricks"}


class TrzyPiecOsiemModule(ScoringModule):
    """3-5-8 (seed): the chooser must take 8, the next 5, the dealer 3; +/-1 a trick; "bez lew" inverted."""

    id = "3-5-8"
    title = "3-5-8"
    player_counts = (3,)
    params = (
        Field("targets", "int_list", Bi("ile lew trzeba wziąć: wybierający (po lewej rozdającego), następny "
                                        "gracz, rozdający",
                                        "tricks to take: the chooser (left of the dealer), the next player, "
                                        "the dealer"),
              [8, 5, 3], min=0),
        Field("no_tricks_limits", "int_list", Bi("bez lew: najwyżej tyle lew dla wybierającego, następnego gracza "
                                                 "i rozdającego",
                                                 "bez lew: at most this many for the chooser, the next player, "
                                                 "the dealer"), [3, 5, 8], min=0),
        Field("tricks", "int", Bi("liczba lew w rozdaniu (po 16 kart na gracza)",
                                  "tricks in a deal (16 cards each)"), 16, min=1),
    )

    def check_rules(self, r: Mapping[str, Any]) -> list[Problem]:
        """One target and one limit for each of the three roles (chooser, next player, dealer)."""
        return [Problem(name, Bi(f"potrzebne są 3 liczby (wybierający, następny gracz, rozdający), a jest "
                                 f"{len(r[name])}", f"needs 3 numbers (the chooser, the next player, the dealer), "
                                 f"not {len(r[name])}"))
                for name in ("targets", "no_tricks_limits") if len(r[name]) != 3]

    def hand_fields(self, rules, players):
        return [
            Field("kind", "choice", "the deal chosen: a trump suit, no-trumps (BA) or no-tricks (BL)", required=True,
                  choices=KINDS_358, label={"pl": "rodzaj", "en": "kind"}),
            Field("tricks", "player_map", "tricks each player took", required=True,
                  item=Field("t", "int", min=0, max=16), label={"pl": "lewy", "en": "tricks"}, total=rules["tricks"]),
        ]

    def roles(self, players, dealer) -> list[str]:
        """Chooser, next, dealer."""
        return [_lho(players, dealer), _lho(players, dealer, 2), dealer]

    def check_sequence(self, rules, players, hands, start=None):
        out, chosen = [], {p: set() for p in players}
        for i, (h, d) in enumerate(zip(hands, dealers(players, hands))):
            at = f"hands[{i}]"
            if i >= 18:
                out.append(Problem(at, _over_after(18)))
                continue
            out += [p.under(at) for p in _map_sum_problem(h, "tricks", players, rules["tricks"])]
            chooser = self.roles(players, d)[0]
            if h["kind"] in chosen[chooser]:
                kind = h["kind"]
                out.append(Problem(f"{at}.kind", Bi(f"{chooser}: {KIND_PL[kind]} już wybrane (każdy gracz wybiera "
                                                    "każdy rodzaj raz)", f"{chooser} has already chosen "
                                                    f"{KIND_EN[kind]} (each kind once per player)")))
            chosen[chooser].add(h["kind"])
        return out

    def score(self, rules, players, hands, start=None) -> Sheet:
        per_hand, labels, notes = [], [], []
        deal_by = dealers(players, hands)
        for i, (h, d) in enumerate(zip(hands, deal_by)):
            roles = self.roles(players, d)
            inverted = h["kind"] == "no-tricks"
            limits = rules["no_tricks_limits"] if inverted else rules["targets"]
            s = {}
            for p, lim in zip(roles, limits):
                t = h["tricks"][p]
                s[p] = (lim - t) if inverted else (t - lim)
            per_hand.append(s)
            labels.append(Bi(f"{i + 1}. {roles[0]}: {KIND_PL[h['kind']]}",
                             f"{i + 1}. {roles[0]}: {KIND_EN[h['kind']]}"))
            notes.append(", ".join(f"{p} {h['tricks'][p]}/{'≤' if inverted else ''}{lim}"
                                   for p, lim in zip(roles, limits)))
        finished = len(hands) >= 18
        dealer = _lho(players, deal_by[-1]) if hands else players[0]
        roles = self.roles(players, dealer)
        nxt = {"deal": len(hands) + 1, "dealer": dealer, "chooser": roles[0],
               "targets": dict(zip(roles, rules["targets"])), "exchange": self.exchange(per_hand, roles, rules)}
        sheet = _sheet(self, rules, players, hands, per_hand, labels, notes, finished, nxt, start)
        bad = [i + 1 for i, s in enumerate(per_hand) if sum(s.values())]
        sheet.checks.append(Check(Bi("każde rozdanie sumuje się do zera", "each deal sums to zero"), not bad,
                                  f"{bad}" if bad else ""))
        return sheet

    def exchange(self, per_hand, roles, rules) -> list[dict[str, Any]]:
        """The card exchange the next deal allows (not in no-trumps or no-tricks deals): a player who scored
        plus may swap up to that many cards with each player who scored minus; the one with more tricks to
        take in the next deal first."""
        if not per_hand:
            return []
        last = per_hand[-1]
        target = dict(zip(roles, rules["targets"]))
        plus = sorted([p for p in last if last[p] > 0], key=lambda p: -target[p])
        minus = [p for p in roles if last[p] < 0]
        return [{"from": p, "with": q, "cards": last[p]} for p in plus for q in minus]


class PokerRownoleglyModule(ScoringModule):
    """Poker równoległy (seed): two players, five showdowns worth 3, 4, 5, 6 and 7 points."""

    id = "poker-rownolegly"
    title = "Poker równoległy"
    player_counts = (2,)
    params = (
        Field("values", "int_list", Bi("punkty za wygranie pierwszego, drugiego, ... pokazu",
                                       "points for winning the first, second, ... showdown"), [3, 4, 5, 6, 7], min=0),
        Field("games", "int", Bi("liczba gier (cykli pokazów) w meczu",
                                 "games (cycles of showdowns) in a match"), 1, min=1),
    )

    def hand_fields(self, rules, players):
        return [Field("showdowns", "list", "who won each showdown, in order (a player name, or \"tie\")",
                      required=True, label={"pl": "pokazy", "en": "showdowns"}, choices=(*players, "tie"))]

    def check_hand(self, rules, players, hand):
        sd = hand["showdowns"]
        n = len(rules["values"])
        out = []
        if len(sd) != n:
            out.append(Problem("showdowns", Bi(f"pokazów: {len(sd)}, a powinno być {n}",
                                               f"names {len(sd)} showdowns, not {n}")))
        out += [Problem(f"showdowns[{j}]", Bi(f"{fmt(w)} nie gra w tej grze (remis to \"tie\")",
                                              f"{fmt(w)} is not a player of this game or \"tie\""))
                for j, w in enumerate(sd) if w != "tie" and w not in players]
        return out

    def check_sequence(self, rules, players, hands, start=None):
        g = rules["games"]
        return [Problem(f"hands[{i}]", Bi(f"mecz kończy się po {g} {'grze' if g == 1 else 'grach'}",
                                          f"the match is over after {g} game{'s' * (g != 1)}"))
                for i in range(rules["games"], len(hands))]

    def score(self, rules, players, hands, start=None) -> Sheet:
        per_hand, labels, notes = [], [], []
        for i, h in enumerate(hands):
            s = {p: sum(v for v, w in zip(rules["values"], h["showdowns"]) if w == p) for p in players}
            per_hand.append(s)
            labels.append(f"{i + 1}.")
            notes.append(join(", ", [f"{v}: " + (Bi("remis", "tie") if w == "tie" else w)
                                     for v, w in zip(rules["values"], h["showdowns"])]))
        finished = len(hands) >= rules["games"]
        return _sheet(self, rules, players, hands, per_hand, labels, notes, finished,
                      {"game": len(hands) + 1}, start, label_header=Bi("gra", "game"))
