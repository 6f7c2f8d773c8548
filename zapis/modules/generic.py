"""Trick and card-count games defined by their ruleset alone: items taken × values.

A ruleset names the items a deal counts (hearts, the queen of spades, tricks, cards left in hand...),
what each is worth, how many the deck holds (the deal's check), how the game ends and who wins. A
house game of this kind needs only a TOML file:

    module = "generic"
    title = "Czarna Mańka"
    [rules]
    items = { hearts = { value = -1, count = 13 }, queen_spades = { value = -13, count = 1 } }
    end = "minus"
    target = 100
"""

from __future__ import annotations

from typing import Any, Mapping

from zapis.core.errors import Problem, fmt
from zapis.core.fields import Field
from zapis.core.module import Rules, ScoringModule, dealers
from zapis.core.sheet import leaders, Cell, Check, Row, Section, Sheet, running
from zapis.core.words import Bi
from zapis.modules.common import item_word, sum_message

ITEM_KEYS = {"value", "count", "check", "label", "out"}
SUITS = ("spades", "hearts", "diamonds", "clubs")

PARAMS = (
    Field("items", "table", Bi("co liczy się w rozdaniu: nazwa = { value = punkty za sztukę (ujemne, gdy to kara), "
                               "count = ile ich jest w talii (liczba albo tabela według liczby graczy), check = czy "
                               "w rozdaniu suma musi się zgadzać z count (domyślnie true), out = ile z nich może w rozdaniu leżeć poza "
                               "grą (nierozdane, odkryte jako atu), label = nazwa do "
                               "wyświetlania }",
                               "what a deal counts: name = { value = points per item (negative for a penalty), count "
                               "= how many the deck holds (a number, or a table by number of players whose entries may be tables by the "
                               "deal's suit), out = how many of them may lie out of play in a deal (not dealt, "
                               "turned up for trumps), check = "
                               "whether the deal's items must add up to count (default true), label = a name to "
                               "show }"),
          {"hearts": {"value": -1, "count": 13}}),
    Field("players", "int_list", Bi("dopuszczalne liczby graczy",
                                    "how many players the game allows"), [3, 4, 5, 6], min=2, max=12),
    Field("end", "choice", Bi('kiedy gra się kończy: "minus" (ktoś dochodzi do -target), "plus" (ktoś dochodzi do '
                              'target), "deals" (po `deals` rozdaniach), "round" (tyle rozdań, ilu graczy) '
                              'albo "none"',
                              "when the game ends: minus (a player reaches -target), plus (a player reaches target), "
                              "deals (after `deals` deals), round (as many deals as players), none"),
          "minus", choices=("minus", "plus", "deals", "round", "none")),
    Field("target", "int", Bi('wynik, przy którym gra się kończy (end = "minus" albo "plus")',
                              "the total that ends the game (end = minus or plus)"), 100, min=1),
    Field("deals", "int", Bi('liczba rozdań (end = "deals")',
                             "the number of deals (end = deals)"), 10, min=1),
    Field("bid_value", "int", Bi("punkty za każdy zalicytowany punkt, zapisywane licytującemu (kierki licytowane: -1)",
                                 "points per point bid, scored by the bidder (kierki licytowane: -1)"), 0),
    Field("slam_items", "list", Bi("gracz, który weźmie wszystko z tej listy, dostaje zamiast tego slam_score, a "
                                   "pozostali 0 (Omnibus); pusta lista: bez szlema",
                                   "a player who takes every one of these items scores slam_score instead, the others "
                                   "0 (Omnibus); empty: no slam"), []),
    Field("out_of_play", "int", Bi("najwyżej tyle liczonych kart może w jednym rozdaniu leżeć poza grą, razem we "
                                   "wszystkich pozycjach (0: ogranicza tylko `out` każdej pozycji; Polignac: 1, "
                                   "jedna odkryta karta atutowa)",
                                   "at most this many counted cards lie out of play in one deal, all items together "
                                   "(0: only each item's own `out` limits it; Polignac: 1, the one card turned for "
                                   "trumps)"), 0, min=0),
    Field("partnerships", "bool", Bi("gra dwóch na dwóch: gracze 1 i 3 przeciw 2 i 4, punkty pary są wspólne, każdy "
                                     "z partnerów ma wynik pary; gra kończy się, gdy para dojdzie do granicy",
                                     "two against two: players 1 and 3 against 2 and 4, a side's points are shared, "
                                     "each partner shows the side's total; the game ends when a side reaches the "
                                     "limit"), False),
    Field("slam_score", "int", Bi("ile jest wart szlem",
                                  "what the slam scores"), 0),
)


def _count(item: Mapping[str, Any], n: int) -> Any:
    """What the deck holds of an item with n players: a number, a table by the deal's suit, or None (not checked)."""
    c = item.get("count")
    if isinstance(c, dict):
        return c.get(str(n))
    return c


def _added(scores: dict[str, int], into: dict[str, int] | None) -> dict[str, int]:
    """A deal's scores, or (given `into`, each player's total so far) added to those totals."""
    if into is None:
        return scores
    for p, v in scores.items():
        into[p] += v
    return into


def _fixed(item: Mapping[str, Any], n: int) -> int | None:
    """The item's count when it is one number whatever the deal (no suit table, nothing out of play)."""
    c = _count(item, n)
    return c if isinstance(c, int) and not item.get("out") else None


def _wanted(item: Mapping[str, Any], n: int, suit: Any) -> list[int] | None:
    """The counts a deal may hold of an item: by the deal's suit where the count depends on it (any, without one)."""
    c = _count(item, n)
    if c is None or not item.get("check", True):
        return None
    if isinstance(c, dict):
        return [c[suit]] if suit in c else sorted(set(c.values()))
    return [c]


class GenericModule(ScoringModule):
    id = "generic"
    title = Bi("Gra na punkty karne", "Card-count game")
    params = PARAMS
    player_counts = tuple(range(2, 13))

    def check_rules(self, r: Mapping[str, Any]) -> list[Problem]:
        out = []
        for name, item in r["items"].items():
            at = f"items.{name}"
            if not isinstance(item, dict):
                out.append(Problem(at, Bi(f"{fmt(item)}: potrzebna tabela {{ value, count }}",
                                          f"{fmt(item)} is not a table {{ value, count }}")))
                continue
            out += [Problem(f"{at}.{k}", Bi("nieznany klucz", "unknown key")) for k in item if k not in ITEM_KEYS]
            v = item.get("value")
            if not isinstance(v, int) or isinstance(v, bool):
                out.append(Problem(f"{at}.value", Bi(f"{fmt(v)} nie jest liczbą całkowitą",
                                                     f"{fmt(v)} is not a whole number")))
            c = item.get("count")
            counts = c.values() if isinstance(c, dict) else [c] if c is not None else []
            counts = [y for x in counts for y in (x.values() if isinstance(x, dict) else [x])]
            by_suit = [x for x in (c.values() if isinstance(c, dict) else []) if isinstance(x, dict)]
            out += [Problem(f"{at}.count", Bi(f"{fmt(k)} nie jest kolorem ({', '.join(SUITS)})",
                                              f"{fmt(k)} is not a suit ({', '.join(SUITS)})"))
                    for t in by_suit for k in t if k not in SUITS]
            if "out" in item and (not isinstance(item["out"], int) or isinstance(item["out"], bool)
                                  or item["out"] < 0):
                out.append(Problem(f"{at}.out", Bi(f"{fmt(item['out'])} nie jest liczbą sztuk",
                                                   f"{fmt(item['out'])} is not a count")))
            if any(not isinstance(x, int) or isinstance(x, bool) or x < 0 for x in counts):
                out.append(Problem(f"{at}.count", Bi(f"{fmt(c)} nie jest liczbą sztuk (ani tabelą liczb według "
                                                     "liczby graczy)", f"{fmt(c)} is not a count (or a table of "
                                                     "counts by players)")))
            if "check" in item and not isinstance(item["check"], bool):
                out.append(Problem(f"{at}.check", Bi(f"{fmt(item['check'])}: tylko tak lub nie (true, false)",
                                                     f"{fmt(item['check'])} is not true or false")))
        for name in r["slam_items"]:
            if not isinstance(name, str):
                out.append(Problem("slam_items", Bi(f"{fmt(name)} nie jest nazwą pozycji", f"{fmt(name)} is not an "
                                                    "item's name")))
            elif name not in r["items"]:
                out.append(Problem("slam_items", Bi(f"{fmt(name)} nie jest jedną z pozycji (items)",
                                                    f"{fmt(name)} is not one of the items")))
        return out

    def counts(self, rules: Rules) -> tuple[int, ...]:
        return (4,) if rules["partnerships"] else tuple(rules["players"])

    def check_players(self, rules: Rules, players: list[str]) -> list[Problem]:
        if rules["partnerships"] and len(players) != 4:
            return [Problem("players", Bi(f"{rules.title}: dwóch na dwóch gra czterech graczy, a nie {len(players)}",
                                          f"{len(players)} players, but two against two needs four"))]
        if len(players) not in rules["players"]:
            counts = ", ".join(map(str, rules["players"]))
            return [Problem("players", Bi(f"{rules.title}: liczba graczy {counts}, a nie {len(players)}",
                                          f"{len(players)} players, but {rules.title} is played by {counts}"))]
        return []

    def hand_fields(self, rules: Rules, players: list[str]) -> list[Field]:
        names = ", ".join(rules["items"])
        keys = tuple(k for k in rules["items"] if k != "tricks")
        fields = [Field("taken", "player_map", f"items each player took ({names})",
                        item=Field("items", "table", item=Field("n", "int", min=0), keys=keys),
                        label={"pl": "wzięte", "en": "taken"}, form=bool(keys))]
        if "tricks" in rules["items"]:
            fields.append(Field("tricks", "player_map", "tricks each player took", item=Field("t", "int", min=0),
                                label={"pl": "lewy", "en": "tricks"}))
        if rules["bid_value"]:
            fields.append(Field("bids", "player_map", "points bid (the bidder scores them)",
                                item=Field("b", "int", min=0), label={"pl": "licytacja", "en": "bids"}))
        if rules["bid_value"] or any(isinstance(_count(it, len(players)), dict) for it in rules["items"].values()):
            fields.append(Field("suit", "choice", "the suit chosen", choices=("spades", "hearts", "diamonds", "clubs"),
                                label={"pl": "kolor", "en": "suit"}))
        return fields

    def _counts(self, rules: Rules, players: list[str], hand: Mapping[str, Any]) -> dict[str, dict[str, int]]:
        """Items each player took, from `taken` and `tricks`."""
        got = {p: {k: 0 for k in rules["items"]} for p in players}
        for p, items in hand.get("taken", {}).items():
            for k, v in items.items():
                got[p][k] = v
        for p, t in hand.get("tricks", {}).items():
            got[p]["tricks"] = t
        return got

    def check_hand(self, rules: Rules, players: list[str], hand: Mapping[str, Any]) -> list[Problem]:
        out = []
        for p, items in hand.get("taken", {}).items():
            known = ", ".join(rules["items"])
            out += [Problem(f"taken.{p}.{k}", Bi(f"nieznana pozycja (są: {known})", f"unknown item (known: {known})"))
                    for k in items if k not in rules["items"]]
        if "tricks" in hand and any("tricks" in hand.get("taken", {}).get(p, {}) for p in players):
            out.append(Problem("tricks", Bi("podane dwa razy: w lewach i we wziętych",
                                            "given twice: in tricks and in taken")))
        if out:
            return out
        got = self._counts(rules, players, hand)
        n = len(players)
        missing = 0
        for name, item in rules["items"].items():
            wanted = _wanted(item, n, hand.get("suit"))
            if wanted is None:
                continue
            total = sum(got[p][name] for p in players)
            short = [w - total for w in wanted if 0 <= w - total <= item.get("out", 0)]
            if short:
                missing += min(short)
                continue
            want = min(wanted, key=lambda w: abs(w - total))
            if total < want:  # as close as out of play allows: "12 in all, not 13" names the count to reach
                want -= item.get("out", 0)
            out.append(Problem("taken" if name != "tricks" or "tricks" not in hand else "tricks",
                               sum_message(total, want, item_word(name, item.get("label")))))
        cap = rules["out_of_play"]
        if not out and cap and missing > cap:
            out.append(Problem("taken", Bi(f"poza grą może być najwyżej {cap}, a brakuje {missing}",
                                           f"at most {cap} may be out of play, but {missing} are missing")))
        return out

    def check_sequence(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
                       start: Mapping[str, Any] | None = None) -> list[Problem]:
        per_hand = [self.deal_scores(rules, players, h) for h in hands]
        results = running(per_hand, players, dict(start or {}))
        for i, r in enumerate(results[:-1]):
            if self._over(rules, players, r.totals, i + 1):
                return [Problem(f"hands[{i + 1}]", Bi(f"gra skończyła się w rozdaniu {i + 1}",
                                                     f"the game was over after deal {i + 1}"))]
        return []

    def deal_scores(self, rules: Rules, players: list[str], hand: Mapping[str, Any],
                    into: dict[str, int] | None = None) -> dict[str, int]:
        """Each player's score for one deal: the items he took times their values, plus his bid; or the slam.
        The sheet and the season's totals both score a deal through this. Only the items the deal names are
        added (a season folds thousands of deals): `tricks` given apart replace any in `taken`, as in _counts.
        Given `into` (each player's total so far), the scores are added to it, which is returned."""
        items = rules["items"]
        slam = rules["slam_items"]
        if slam:
            got = self._counts(rules, players, hand)
            n = len(players)
            for p in players:
                if all(got[p][k] == _fixed(items[k], n) and _fixed(items[k], n) for k in slam):
                    return _added({q: (rules["slam_score"] if q == p else 0) for q in players}, into)
        partners = rules["partnerships"]
        # the scores straight onto the totals where they only add up (partners' sides are summed first)
        out = into if into is not None and not partners else dict.fromkeys(players, 0)
        tricks, taken, bids = hand.get("tricks"), hand.get("taken"), hand.get("bids")
        if taken:
            for p, took in taken.items():
                total = out[p]
                for k, v in took.items():
                    item = items.get(k)
                    if item is not None and not (tricks and k == "tricks" and p in tricks):
                        total += item["value"] * v
                out[p] = total
        if tricks and "tricks" in items:
            value = items["tricks"]["value"]
            for p, t in tricks.items():
                out[p] += value * t
        if bids:
            for p, b in bids.items():
                out[p] += rules["bid_value"] * b
        if partners:  # each partner shows the side's points
            for a, b in _sides(players):
                out[a] = out[b] = out[a] + out[b]
        return out if out is into else _added(out, into)

    def partnerships(self, rules: Rules, players: Any) -> list[list[str]] | None:
        return [list(s) for s in _sides(players)] if rules["partnerships"] and len(players) == 4 else None

    def _over(self, rules: Rules, players: list[str], totals: Mapping[str, int], played: int) -> bool:
        end = rules["end"]
        if end == "minus":
            return min(totals.values()) <= -rules["target"]
        if end == "plus":
            return max(totals.values()) >= rules["target"]
        if end == "deals":
            return played >= rules["deals"]
        if end == "round":
            return played >= len(players)
        return False

    def _end(self, rules: Rules, players: list[str], played: int, totals: Mapping[str, Any]) -> tuple[bool, Any]:
        """Whether the game is over after `played` deals, and its winner (None while it goes on)."""
        finished = bool(played) and self._over(rules, players, totals, played)
        return finished, leaders(players, totals) if finished else None

    def totals(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
               start: Mapping[str, Any] | None = None) -> Sheet:
        """score() without its rows, for the season: the same deals summed onto the start, the same end."""
        r = rules.values if isinstance(rules, Rules) else rules  # a plain mapping: read on every deal
        tot = {p: (start or {}).get(p, 0) for p in players}
        deal_scores = self.deal_scores
        for hand in hands:
            deal_scores(r, players, hand, tot)  # every player, as `running` adds them
        finished, winner = self._end(r, players, len(hands), tot)
        return Sheet(module=self.id, ruleset=rules.id, title=rules.title, players=players, totals=tot,
                     finished=finished, winner=winner)

    def score(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
              start: Mapping[str, Any] | None = None) -> Sheet:
        per_hand = [self.deal_scores(rules, players, h) for h in hands]
        results = running(per_hand, players, dict(start or {}))
        totals = results[-1].totals if results else {p: (start or {}).get(p, 0) for p in players}
        finished, winner = self._end(rules, players, len(hands), totals)
        deal_by = dealers(players, hands)
        rows = [Row(f"{i + 1}.", [Cell.num(s[p]) for p in players], hand=i,
                    note=Bi(f"rozdaje {deal_by[i]}", f"{deal_by[i]} deals")) for i, s in enumerate(per_hand)]
        rows.append(Row(Bi("razem", "total"), [Cell.num(totals[p]) for p in players], marks=frozenset({"total"})))
        nxt = None
        if not finished:
            dealer = players[(players.index(deal_by[-1]) + 1) % len(players)] if hands else players[0]
            nxt = {"deal": len(hands) + 1, "dealer": dealer,
                   "leader": players[(players.index(dealer) + 1) % len(players)]}
            if rules["end"] in ("deals", "round"):
                nxt["deals_left"] = (rules["deals"] if rules["end"] == "deals" else len(players)) - len(hands)
        sheet = Sheet(module=self.id, ruleset=rules.id, title=rules.title, players=players, hands=results,
                      totals=totals, finished=finished, winner=winner, next=nxt,
                      sections=[Section(rules.title, list(players), rows, label_header=Bi("rozdanie", "deal"))])
        n = len(players)
        fixed = [k for k, it in rules["items"].items() if it.get("check", True) and _fixed(it, n) is not None]
        if fixed and not rules["bid_value"] and not rules["slam_items"]:
            want = sum(rules["items"][k]["value"] * _fixed(rules["items"][k], n) for k in fixed)
            if len(fixed) == len(rules["items"]):
                one = players[:2] if rules["partnerships"] else players  # one partner of each side
                bad = [i + 1 for i, s in enumerate(per_hand) if sum(s[p] for p in one) != want]
                sheet.checks.append(Check(Bi(f"każde rozdanie sumuje się do {want}", f"each deal sums to {want}"),
                                          not bad, Bi(f"rozdania {bad}", f"deals {bad}") if bad else ""))
        return sheet


def _sides(players: list[str]) -> tuple[tuple[str, str], tuple[str, str]]:
    """Two against two, as in bridge: the first and third player against the second and fourth."""
    return (players[0], players[2]), (players[1], players[3])
