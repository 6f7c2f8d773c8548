"""Kierki (seed 000, "Kierki"): six negative deals, the optional rozbójnik, and the plus rounds.

Negative deals: no tricks (20 a trick), no hearts (20 a heart), no queens (60 each), no kings and
jacks (30 each), no king of hearts (150), no last trick (150, or two tricks at 75 each); the
rozbójnik counts everything at once. Plus rounds: trump deals (+25 a trick, one per player, the
chooser able to sell the table cards for points) or loteryjka (800 and 500 once, or 200 and 125 in
each of four). With three players: 15 a trick, 140 for the king of hearts and the last trick.
"""

from __future__ import annotations

from typing import Any, Mapping

from zapis.core.errors import Problem, fmt
from zapis.core.fields import MISSING, Field
from zapis.core.module import Rules, ScoringModule, dealers
from zapis.core.words import Bi, join
from zapis.modules.common import UNKNOWN_ITEM, check_sale, item_word, not_a_count, sum_message
from zapis.core.sheet import leaders, Cell, Check, Row, Section, Sheet, running

NEGATIVE = ("no-tricks", "no-hearts", "no-queens", "no-kings-jacks", "no-king-of-hearts", "no-last")
DEALS = (*NEGATIVE, "robber", "trumps", "lottery")
NAMES = {"no-tricks": Bi("bez lew", "no tricks"), "no-hearts": Bi("bez kierów", "no hearts"),
         "no-queens": Bi("bez dam", "no queens"), "no-kings-jacks": Bi("bez panów", "no kings and jacks"),
         "no-king-of-hearts": Bi("bez króla kier", "no king of hearts"),
         "no-last": Bi("bez ostatniej", "no last trick"), "robber": Bi("rozbójnik", "rozbójnik"),
         "trumps": Bi("odgrywka", "odgrywka"), "lottery": Bi("loteryjka", "loteryjka")}
# what one item costs, as players say it: "20 za lewę" / "20 a trick"
EACH = {"tricks": ("za lewę", "a trick"), "hearts": ("za kiera", "a heart"), "queens": ("za damę", "a queen"),
        "kings_jacks": ("za króla lub waleta", "a king or jack"),
        "king_of_hearts": ("za króla kier", "the king of hearts"),
        "last": ("za ostatnią lewę", "the last trick")}
ITEM_OF = {"no-tricks": "tricks", "no-hearts": "hearts", "no-queens": "queens",
           "no-kings-jacks": "kings_jacks", "no-king-of-hearts": "king_of_hearts", "no-last": "last"}
ITEMS = tuple(ITEM_OF.values())
TWO_LAST = ("two-last", "seventh-and-last", "third-and-seventh", "third-and-eighth")


def item_name(rules: Rules, key: str) -> Bi:
    """An item's name; the sixth deal's two tricks (in the two-trick variants) are "karne lewy"."""
    if key == "last" and rules["last_variant"] in TWO_LAST:
        return Bi("karne lewy", "penalty tricks")
    return item_word(key)


def each_word(rules: Rules, key: str) -> tuple[str, str]:
    if key == "last" and rules["last_variant"] in TWO_LAST:
        return "za karną lewę", "a penalty trick"
    return EACH[key]

PARAMS = (
    Field("trick", "int", Bi("bez lew: za każdą lewę (czterech graczy)",
                             "no tricks: per trick (four players)"), 20, min=0),
    Field("trick_3", "int", Bi("bez lew: za każdą lewę (trzech graczy)",
                               "no tricks: per trick (three players)"), 15, min=0),
    Field("heart", "int", Bi("bez kierów: za każdego kiera",
                             "no hearts: per heart"), 20, min=0),
    Field("queen", "int", Bi("bez dam: za każdą damę",
                             "no queens: per queen"), 60, min=0),
    Field("king_jack", "int", Bi("bez panów: za każdego króla lub waleta",
                                 "no kings and jacks: per king or jack"), 30, min=0),
    Field("king_of_hearts", "int", Bi("bez króla kier (czterech graczy)",
                                      "no king of hearts (four players)"), 150, min=0),
    Field("king_of_hearts_3", "int", Bi("bez króla kier (trzech graczy)",
                                        "no king of hearts (three players)"), 140, min=0),
    Field("last", "int", Bi("bez ostatniej lewy: wartość całego rozdania (czterech graczy); w wariantach z dwiema "
                            "karnymi lewami dzielona na obie",
                            "no last trick: the whole deal's value (four players); split over two tricks in the "
                            "two-trick variants"), 150, min=0),
    Field("last_3", "int", Bi("bez ostatniej lewy: wartość całego rozdania (trzech graczy)",
                              "no last trick: the whole deal's value (three players)"), 140, min=0),
    Field("last_variant", "choice", Bi('które lewy są karne w szóstym rozdaniu: "last" (ostatnia), "two-last" (dwie '
                                       'ostatnie), "seventh-and-last" (siódma i ostatnia), "third-and-seventh" '
                                       '(trzecia i siódma), "third-and-eighth" (trzecia i ósma); przy dwóch lewach '
                                       'każda jest warta połowę',
                                       "which tricks the sixth deal penalises: last, two-last, seventh-and-last, "
                                       "third-and-seventh, third-and-eighth (two tricks: half the value each)"), "last",
          choices=("last", *TWO_LAST)),
    Field("robber", "bool", Bi("grać siódme rozdanie, rozbójnika (wszystko liczy się naraz)",
                               "play the seventh deal, rozbójnik (everything counts at once)"), False),
    Field("positive", "choice", Bi('rozgrywki plusowe: "trumps" (odgrywki, po jednej na gracza), "lottery" '
                                   '(loteryjka raz), "lottery-rounds" (loteryjka cztery razy, przy trzech graczach '
                                   'trzy), "lottery+trumps" (jedno i drugie, jak przy grze z rozbójnikiem)',
                                   "the plus rounds: trumps (one trump deal per player), lottery (once), "
                                   "lottery-rounds (four times; three with three players), lottery+trumps (both, as "
                                   "with a rozbójnik)"),
          "trumps", choices=("trumps", "lottery", "lottery-rounds", "lottery+trumps")),
    Field("trump_trick", "int", Bi("odgrywki: za każdą lewę",
                                   "trump deals: per trick"), 25, min=0),
    Field("sale", "bool", Bi("odgrywki: wybierający może sprzedać karty ze stołu i wybór atu za punkty (wariant "
                             "z licytacją)",
                             "trump deals: the chooser may sell the table cards and the choice of trumps for points "
                             "(the bidding variant)"), True),
    Field("lottery_prizes", "int_list", Bi("loteryjka rozgrywana raz: pierwsza i druga nagroda (czterech graczy)",
                                           "loteryjka once: first and second prize (four players)"), [800, 500], min=0),
    Field("lottery_prizes_3", "int_list", Bi("loteryjka rozgrywana raz: pierwsza i druga nagroda (trzech graczy)",
                                             "loteryjka once: first and second prize (three players)"),
          [790, 485], min=0),
    Field("lottery_round_prizes", "int_list", Bi("loteryjka rozgrywana kilka razy: nagrody w każdej z nich "
                                                 "(czterech graczy)",
                                                 "loteryjka in rounds: prizes in each (four players)"), [200, 125],
          min=0),
    Field("lottery_round_prizes_3", "int_list", Bi("loteryjka rozgrywana kilka razy: nagrody w każdej z nich "
                                                   "(trzech graczy)",
                                                   "loteryjka in rounds: prizes in each (three players)"), [250, 175],
          min=0),
)


def _v(rules: Rules, name: str, n: int) -> Any:
    return rules[f"{name}_3"] if n == 3 and f"{name}_3" in rules else rules[name]


def deck(rules: Rules, n: int) -> dict[str, int]:
    """How many of each penalised item the deck holds (three players drop the two of clubs)."""
    return {"tricks": 17 if n == 3 else 13, "hearts": 13, "queens": 4, "kings_jacks": 8, "king_of_hearts": 1,
            "last": 2 if rules["last_variant"] in TWO_LAST else 1}


def item_values(rules: Rules, n: int) -> dict[str, int]:
    last = _v(rules, "last", n)
    return {"tricks": _v(rules, "trick", n), "hearts": rules["heart"], "queens": rules["queen"],
            "kings_jacks": rules["king_jack"], "king_of_hearts": _v(rules, "king_of_hearts", n),
            "last": last // 2 if rules["last_variant"] in TWO_LAST else last}


def game_deals(rules: Rules, n: int) -> list[str]:
    """The deals of one game in the usual order."""
    out = list(NEGATIVE) + (["robber"] if rules["robber"] else [])
    pos = rules["positive"]
    if pos in ("lottery", "lottery+trumps"):
        out.append("lottery")
    if pos == "lottery-rounds":
        out += ["lottery"] * (3 if n == 3 else 4)
    if pos in ("trumps", "lottery+trumps"):
        out += ["trumps"] * n
    return out


class KierkiModule(ScoringModule):
    id = "kierki"
    title = "Kierki"
    params = PARAMS
    player_counts = (3, 4)

    def check_rules(self, r: Mapping[str, Any]) -> list[Problem]:
        return [Problem(k, Bi(f"{fmt(r[k])}: potrzebne są dwie nagrody", f"{fmt(r[k])} must give two prizes")) for k in
                ("lottery_prizes", "lottery_prizes_3", "lottery_round_prizes", "lottery_round_prizes_3")
                if len(r[k]) != 2]

    def hand_fields(self, rules: Rules, players: list[str]) -> list[Field]:
        n = len(players)
        full = deck(rules, n)
        vals = item_values(rules, n)
        whole = sum(vals[k] * full[k] for k in ITEMS)  # a rozbójnik's points, all of them
        return [
            Field("deal", "choice", "which deal", required=True, choices=DEALS, label={"pl": "rozdanie", "en": "deal"}),
            Field("taken", "player_map", "penalised items each player took (for robber: a table of items)",
                  when={"deal": NEGATIVE}, label={"pl": "wzięte", "en": "taken"},
                  total=lambda hand: full[ITEM_OF[hand["deal"]]] if hand.get("deal") in ITEM_OF else None),
            Field("points", "player_map", "robber: raw penalty points each player took",
                  item=Field("p", "int", min=0), when={"deal": ("robber",)}, label={"pl": "punkty", "en": "points"},
                  total=whole),
            Field("tricks", "player_map", "trumps: tricks each player took", item=Field("t", "int", min=0, max=17),
                  when={"deal": ("trumps",)}, label={"pl": "lewy", "en": "tricks"}, total=full["tricks"]),
            Field("sale", "table", "trumps: the table cards sold: { seller, buyer, points }",
                  when={"deal": ("trumps",)}, label={"pl": "sprzedaż", "en": "sale"},
                  sub=(Field("seller", "player", label={"pl": "sprzedaje", "en": "seller"}),
                       Field("buyer", "player", label={"pl": "kupuje", "en": "buyer"}),
                       Field("points", "int", min=0, label={"pl": "za punktów", "en": "for points"})), rare=True),
            Field("trump", "choice", "trumps: the suit chosen", choices=("spades", "hearts", "diamonds", "clubs"),
                  when={"deal": ("trumps",)}, label={"pl": "atu", "en": "trumps"}, rare=True),
            Field("places", "player_map", "loteryjka: finishing places 1, 2, ...",
                  item=Field("place", "int", min=1, max=n), when={"deal": ("lottery",)},
                  label={"pl": "miejsca", "en": "places"}),
        ]

    def check_hand(self, rules: Rules, players: list[str], hand: Mapping[str, Any]) -> list[Problem]:
        deal, n = hand["deal"], len(players)
        need = {"robber": ("taken", "points"), "trumps": ("tricks",), "lottery": ("places",)}.get(deal, ("taken",))
        allowed = set(need) | ({"sale", "trump"} if deal == "trumps" else set())
        name = NAMES[deal]
        out = [Problem(k, Bi(f"nie należy do rozdania „{name.pl}”",
                             f"does not belong to the deal “{name.en}”"))
               for k in ("taken", "points", "tricks", "sale", "trump", "places") if k in hand and k not in allowed]
        given = [k for k in need if k in hand]
        if len(given) != 1:
            return out + [Problem(need[0], MISSING if not given else
                                  Bi("podaj albo wzięte, albo punkty", "give either taken or points"))]
        key = given[0]
        table = dict(hand[key])
        missing = [p for p in players if p not in table]
        if missing and (deal == "lottery" or (deal == "robber" and key == "points")):
            return out + [Problem(f"{key}.{p}", MISSING) for p in missing]
        for p in missing:  # a player left out of a count took nothing
            table[p] = {} if deal == "robber" else 0
        full = deck(rules, n)
        if deal in NEGATIVE:
            item = ITEM_OF[deal]
            for p in players:
                v = table[p]
                if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                    out.append(Problem(f"taken.{p}", not_a_count(v)))
            if not out and sum(table.values()) != full[item]:
                out.append(Problem("taken", sum_message(sum(table.values()), full[item], item_name(rules, item))))
        elif deal == "robber" and key == "taken":
            for p in players:
                items = table[p]
                if not isinstance(items, dict):
                    out.append(Problem(f"taken.{p}", Bi(f"{fmt(items)} nie jest tabelą wziętych kart",
                                                        f"{fmt(items)} is not a table of the items taken")))
                    continue
                out += [Problem(f"taken.{p}.{k}", UNKNOWN_ITEM) for k in items if k not in ITEMS]
                out += [Problem(f"taken.{p}.{k}", not_a_count(v)) for k, v in items.items()
                        if k in ITEMS and (not isinstance(v, int) or isinstance(v, bool) or v < 0)]
            if not out:
                for k in ITEMS:
                    s = sum(table[p].get(k, 0) for p in players)
                    if s != full[k]:
                        out.append(Problem(f"taken.*.{k}", sum_message(s, full[k], item_name(rules, k))))
        elif deal == "robber":
            vals = item_values(rules, n)
            whole = sum(vals[k] * full[k] for k in ITEMS)
            if sum(table.values()) != whole:
                out.append(Problem("points", sum_message(sum(table.values()), whole)))
        elif deal == "trumps":
            if sum(table.values()) != full["tricks"]:
                out.append(Problem("tricks", sum_message(sum(table.values()), full["tricks"])))
            if "sale" in hand:
                out += _check_sale(hand["sale"], players, rules["sale"])
        elif deal == "lottery":
            if sorted(table.values()) != list(range(1, n + 1)):
                places = fmt(sorted(table.values()))
                out.append(Problem("places", Bi(f"{places}: miejsca to 1–{n}, każde jeden raz",
                                                f"{places} are not the places 1 to {n}, each once")))
        return out

    def check_sequence(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
                       start: Mapping[str, Any] | None = None) -> list[Problem]:
        """Clubs play the deals in their own order and add extra ones: nothing is refused here; the sheet
        says when a deal is played more often than the game has it."""
        return []

    def deal_scores(self, rules: Rules, players: list[str], hand: Mapping[str, Any]) -> tuple[dict[str, int], Bi]:
        """One deal's scores and how they were made."""
        n, deal = len(players), hand["deal"]
        vals = item_values(rules, n)
        if deal in NEGATIVE:
            v = vals[ITEM_OF[deal]]
            pl, en = each_word(rules, ITEM_OF[deal])
            return {p: -v * hand["taken"].get(p, 0) for p in players}, Bi(f"{v} {pl}", f"{v} {en}")
        if deal == "robber":
            if "points" in hand:
                return {p: -hand["points"][p] for p in players}, Bi("punkty jak zapisane", "points as written")
            return ({p: -sum(vals[k] * hand["taken"].get(p, {}).get(k, 0) for k in ITEMS) for p in players},
                    join(", ", [Bi(f"{vals[k]} {each_word(rules, k)[0]}", f"{vals[k]} {each_word(rules, k)[1]}")
                                for k in ITEMS]))
        if deal == "trumps":
            tv = rules["trump_trick"]
            s = {p: tv * hand["tricks"].get(p, 0) for p in players}
            sale = hand.get("sale")
            note = Bi(f"{tv} za lewę", f"{tv} a trick")
            if sale:
                price = sale["points"]
                s[sale["buyer"]] -= price
                s[sale["seller"]] += price
                note += Bi(f"; sprzedaż: {sale['seller']} → {sale['buyer']} za {price}",
                           f"; sale: {sale['seller']} → {sale['buyer']} for {price}")
            return s, note
        rounds = rules["positive"] == "lottery-rounds"
        prizes = _v(rules, "lottery_round_prizes" if rounds else "lottery_prizes", n)
        return ({p: (prizes[hand["places"][p] - 1] if hand["places"][p] <= 2 else 0) for p in players},
                Bi(f"nagrody {prizes[0]}, {prizes[1]}", f"prizes {prizes[0]}, {prizes[1]}"))

    def score(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
              start: Mapping[str, Any] | None = None) -> Sheet:
        n = len(players)
        per_hand, rows = [], []
        deal_by = dealers(players, hands)
        for i, hand in enumerate(hands):
            s, note = self.deal_scores(rules, players, hand)
            per_hand.append(s)
            total = sum(s.values())
            rows.append(Row(f"{i + 1}. " + NAMES[hand["deal"]] + f" ({total:+d})", [Cell.num(s[p]) for p in players],
                            hand=i, note=Bi(f"rozdaje {deal_by[i]}; ", f"{deal_by[i]} deals; ") + note))
        results = running(per_hand, players, dict(start or {}))
        totals = results[-1].totals if results else {p: (start or {}).get(p, 0) for p in players}
        left = game_deals(rules, n)
        extra = []
        for i, h in enumerate(hands):
            if h["deal"] in left:
                left.remove(h["deal"])
            else:
                extra.append(f"{i + 1}. " + NAMES[h["deal"]])
        finished = bool(hands) and not left
        winner = None
        if finished:
            winner = leaders(players, totals)
        nxt = None
        if left:
            dealer = players[(players.index(deal_by[-1]) + 1) % n] if hands else players[0]
            nxt = {"deal": left[0], "dealer": dealer, "leader": players[(players.index(dealer) + 1) % n],
                   "left": left}
        rows.append(Row(Bi("razem", "total"), [Cell.num(totals[p]) for p in players], marks=frozenset({"total"})))
        sheet = Sheet(module=self.id, ruleset=rules.id, title=rules.title, players=players, hands=results,
                      totals=totals, finished=finished, winner=winner, next=nxt,
                      sections=[Section(rules.title, list(players), rows, label_header=Bi("rozdanie", "deal"))])
        if extra:
            sheet.checks.append(Check(Bi("rozdania ponad plan gry", "deals beyond the game's plan"), False,
                                      join(", ", extra)))
        if finished and not start and not extra:
            s = sum(totals.values())
            sheet.checks.append(Check(Bi(f"gra sumuje się do zera ({s:+d})", f"the game sums to zero ({s:+d})"),
                                      s == 0))
        return sheet


def _check_sale(sale: Any, players: list[str], allowed: bool) -> list[Problem]:
    if not allowed:
        return [Problem("sale", Bi("w tych zasadach nie sprzedaje się kart ze stołu",
                                   "these rules do not sell the table cards"))]
    return check_sale(sale, players, "points", 0, None)
