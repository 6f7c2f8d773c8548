"""Tysiąc (seed 002): melds, the declarer's contract, defenders' rounded points, the barrier,
bombs, four players with the musik, and the race to 1000.

Every house variant the clubs argue about is a parameter: meld values (and an ace meld), the bid
step, rounding, the barrier (800/900, inclusive or not, at most N deals on it and the penalty for
failing to get off), bombs (how many, what a further one costs), the musik for the player who sits
out, three zero deals, the target and who wins when two reach it in one deal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from zapis.core.errors import Problem, ZapisError, fmt
from zapis.core.fields import MISSING, Field
from zapis.core.module import DECLARED, Rules, ScoringModule, dealers
from zapis.core.sheet import Cell, HandResult, Row, Section, Sheet
from zapis.core.words import Bi, join
from zapis.modules.common import plural_pl, sum_message

SUITS = ("spades", "clubs", "diamonds", "hearts")
SUIT_PL = {"spades": "♠ wino", "clubs": "♣ żołądź", "diamonds": "♦ dzwonek", "hearts": "♥ czerwień", "aces": "asy"}
SUIT_EN = {"spades": "♠ spades", "clubs": "♣ clubs", "diamonds": "♦ diamonds", "hearts": "♥ hearts", "aces": "aces"}
# a meld on the sheet's cell: its suit's sign (the ace meld: A)
SUIT_SIGN = {"spades": "♠", "clubs": "♣", "diamonds": "♦", "hearts": "♥", "aces": "A"}


def _sits_out(name: str) -> Bi:
    return Bi(f"{fmt(name)} pauzuje w tym rozdaniu", f"{fmt(name)} sits this hand out")

PARAMS = (
    Field("melds", "table", Bi('wartości meldunków w kolorach: "spades" (pik), "clubs" (trefl), "diamonds" (karo), '
                               '"hearts" (kier)',
                               "meld values by suit (spades, clubs, diamonds, hearts)"),
          {"spades": 40, "clubs": 60, "diamonds": 80, "hearts": 100}, item=Field("v", "int", min=0)),
    Field("ace_meld", "int", Bi("meldunek czterech asów (0: nie gra się go)",
                                "the four-aces meld (0: not played)"), 0, min=0),
    Field("min_bid", "int", Bi("najniższa gra, jaką można zagrać",
                               "the lowest contract"), 100, min=0),
    Field("bid_step", "int", Bi("gra musi być wielokrotnością tej liczby (niektórzy grają co 5)",
                                "contracts are multiples of this (some play 5)"), 10, min=1),
    Field("max_bid_without_meld", "int", Bi("bez meldunku nie można grać więcej niż tyle (wyższa gra "
                                            "zostanie oznaczona)",
                                            "no contract above this without a meld (a higher one is flagged)"),
          120, min=0),
    Field("round_unit", "int", Bi("punkty przeciwników rozgrywającego zaokrągla się do tej jednostki (przy 10: 0-4 w "
                                  "dół, 5-9 w górę)",
                                  "defenders' points are rounded to this unit (0-4 down, 5-9 up for 10)"), 10, min=1),
    Field("round_half", "choice", Bi('wartość dokładnie w połowie (5 przy 10) zaokrągla się w górę ("up") albo w '
                                     'dół ("down")',
                                     "a value exactly half-way (5 of 10) is rounded up or down"), "up",
          choices=("up", "down")),
    Field("barrier", "int", Bi("beczka: graczowi na beczce nie dopisuje się punktów zdobytych w obronie (0: "
                               "bez beczki)",
                               "the barrier (beczka): on it a player's defending points are not added (0: none)"),
          800, min=0),
    Field("barrier_inclusive", "bool", Bi("gracz, który ma dokładnie tyle, ile wynosi beczka, jest już na beczce",
                                          "a player exactly on the barrier value is on the barrier"), True),
    Field("barrier_max_deals", "int", Bi("ile rozdań gracz może stać na beczce, nie dochodząc do końcowego wyniku "
                                         "(0: bez limitu)",
                                         "deals a player may stay on the barrier without reaching the target "
                                         "(0: unlimited)"), 0, min=0),
    Field("barrier_penalty", "choice", Bi('kara za niezejście z beczki na czas: "minus-120", "to-barrier" (powrót do '
                                          'wartości beczki), "zero" (powrót do 0) albo "none" (bez kary)',
                                          "what failing to get off the barrier in time costs: minus-120, to-barrier "
                                          "(back to the barrier value), zero (back to 0) or none"), "minus-120",
          choices=("minus-120", "to-barrier", "zero", "none")),
    Field("barrier_blocks_musik", "bool", Bi("przy czterech graczach: pauzujący na beczce nic nie dostaje z musiku "
                                             "(dopisuje się mu jedynie punkty ugrane jako rozgrywający)",
                                             "four players: a sitter on the barrier gets nothing from the musik "
                                             "(only what he makes as declarer is added)"), True),
    Field("barrier_blocks_bomb", "bool", Bi("gracz na beczce nic nie dostaje z bomby przeciwnika",
                                            "a player on the barrier gets nothing from an opponent's bomb"), True),
    Field("bomb_points", "int", Bi("ile dostaje każdy z przeciwników, gdy rozgrywający rzuci bombę",
                                   "what each opponent gets when the declarer throws a bomb"), 60, min=0),
    Field("bombs_allowed", "int", Bi("ile bomb każdy gracz może rzucić w partii bez kary (-1: bez limitu)",
                                     "bombs each player may throw in a game without penalty (-1: unlimited)"), 1,
          min=-1),
    Field("bomb_over_limit", "choice", Bi('bomba ponad limit: "refused" (niedozwolona) albo "lost" (rozgrywający '
                                          'traci wartość gry, a przeciwnicy i tak dostają bomb_points)',
                                          "a bomb over the limit: refused, or lost (the declarer loses the contract, "
                                          "the opponents still get bomb_points)"),
          "refused", choices=("refused", "lost")),
    Field("musik_scoring", "choice", Bi('przy czterech graczach: co pauzujący zapisuje sobie z musiku: "aces-melds" '
                                        '(asy i meldunek), "points" (punkty z kart w musiku) albo "none" (nic)',
                                        "four players: what the player who sits out scores from the musik: aces-melds "
                                        "(aces and a meld), points (its card points), none"), "aces-melds",
          choices=("aces-melds", "points", "none")),
    Field("musik_ace", "int", Bi("przy czterech graczach: punkty pauzującego za każdego asa w musiku",
                                 "four players: the sitter's points per ace in the musik"), 50, min=0),
    Field("zero_penalty", "int", Bi("ile punktów traci się za rozdania na zero (0: bez tej zasady; zwykła zasada "
                                    "domowa: 120)",
                                    "points lost for zero deals (0: the rule is off; the usual house rule: 120)"),
          0, min=0),
    Field("zero_count", "int", Bi("po ilu rozdaniach na zero odejmuje się zero_penalty",
                                  "how many zero deals cost zero_penalty"), 3, min=1),
    Field("zero_consecutive", "bool", Bi("rozdania na zero muszą iść po kolei (inaczej: dowolne w partii)",
                                         "the zero deals must be in a row (otherwise: any in the game)"), True),
    Field("target", "int", Bi("partia kończy się, gdy ktoś dojdzie do tylu punktów",
                              "the game ends when a player reaches this"), 1000, min=1),
    Field("tie_break", "choice", Bi('dwóch graczy dochodzi do celu w tym samym rozdaniu: "declarer" (wygrywa '
                                    'rozgrywający; tak odczytujemy przepisy), "higher" (wygrywa wyższy wynik) albo '
                                    '"shared" (wygrana dzielona)',
                                    "two players reach the target in one deal: declarer (the declarer wins, the rule "
                                    "book's reading), higher (the higher total), shared"), "declarer",
          choices=("declarer", "higher", "shared")),
)


def round_to(v: int, unit: int, half: str) -> int:
    """Round to the unit: with 10, 0-4 down and 5-9 up (or a half-way 5 down)."""
    q, r = divmod(v, unit)
    if r * 2 > unit or (r * 2 == unit and half == "up"):
        q += 1
    return q * unit


@dataclass
class _State:
    total: dict[str, int]
    bombs: dict[str, int] = field(default_factory=dict)
    on_barrier: dict[str, int] = field(default_factory=dict)  # deals spent on the barrier
    zeros: dict[str, int] = field(default_factory=dict)
    declared: dict[str, tuple[int, int]] = field(default_factory=dict)  # contracts and those made (a bomb: not)


class TysiacModule(ScoringModule):
    id = "tysiac"
    title = "Tysiąc"
    params = PARAMS
    player_counts = (3, 4)

    def check_rules(self, r: Mapping[str, Any]) -> list[Problem]:
        suits = ", ".join(SUITS)
        return [Problem("melds", Bi(f"potrzebne są: {suits}", f"must give {suits}"))] if set(r["melds"]) != set(SUITS) else []

    def hand_fields(self, rules: Rules, players: list[str]) -> list[Field]:
        fields = [
            Field("declarer", "player", "who won the bidding", required=True,
                  label={"pl": "grający", "en": "declarer"}),
            # at most what every meld and the cards can make (the form refuses a digit beyond it where it is typed)
            Field("bid", "int", "the contract declared after the musik", required=True,
                  min=rules["min_bid"], max=self.most(rules), step=rules["bid_step"],
                  label={"pl": "gra", "en": "contract"}, quick=tuple(range(100, 170, 10))),
            Field("auction", "int", "the bid won in the auction (the contract may not be lower)", min=0,
                  label={"pl": "licytacja", "en": "auction"}, rare=True),
            Field("points", "player_map", "card points taken by each playing player (sum 120)",
                  item=Field("p", "int", min=0, max=120), label={"pl": "punkty z kart", "en": "card points"},
                  total=120),
            Field("melds", "player_map", "meld suits each player declared",
                  item=Field("m", "list", choices=SUITS + (("aces",) if rules["ace_meld"] else ())),
                  label={"pl": "meldunki", "en": "melds"}),
            Field("confirmed", "bool", "the scorekeeper confirmed at entry a contract above what the declared melds "
                  "allow (a meld held but never declared)", label={"pl": "potwierdzone", "en": "confirmed"},
                  form=False),
            Field("bomb", "bool", "the declarer threw the hand in (bomba)", label={"pl": "bomba", "en": "bomb"},
                  rare=True),
            Field("musik", "table", "four players: what the sitter saw in the musik: { aces = 1, melds = "
                  "[\"hearts\"] } or { points = 25 }", label={"pl": "musik", "en": "musik"}, rare=True,
                  sub=(Field("aces", "int", min=0, max=3, label={"pl": "asy", "en": "aces"}),
                       Field("melds", "list", choices=SUITS, label={"pl": "meldunek", "en": "meld"}),
                       Field("points", "int", min=0, max=120, label={"pl": "punkty", "en": "points"}))),
        ]
        # only the dealer who sits out at a four-player table sees a musik of his own
        return fields if len(players) == 4 else [f for f in fields if f.name != "musik"]

    @staticmethod
    def most(rules: Rules) -> int:
        """The highest contract that can be made: the cards without a meld, and every meld (aces too, if they are
        one)."""
        return rules["max_bid_without_meld"] + sum(rules["melds"].values()) + rules["ace_meld"]

    def _playing(self, players: list[str], dealer: str) -> list[str]:
        return [p for p in players if p != dealer] if len(players) == 4 else list(players)

    def check_hand(self, rules: Rules, players: list[str], hand: Mapping[str, Any]) -> list[Problem]:
        out = []
        bid = hand["bid"]
        if bid < rules["min_bid"] or bid % rules["bid_step"]:
            out.append(Problem("bid", Bi(f"{bid}: gra musi być wielokrotnością {rules['bid_step']}, co najmniej "
                                         f"{rules['min_bid']}", f"{bid} is not a contract: a multiple of "
                                         f"{rules['bid_step']}, at least {rules['min_bid']}")))
        most = self.most(rules)
        if bid > most:
            out.append(Problem("bid", Bi(f"{bid} jest nie do ugrania: najwyżej {most} ze wszystkimi meldunkami",
                                         f"{bid} cannot be made: at most {most} with every meld")))
        if "auction" in hand and hand["auction"] > bid:
            out.append(Problem("bid", Bi(f"{bid} to mniej, niż wylicytowano ({hand['auction']})",
                                         f"{bid} is lower than the bid won in the auction ({hand['auction']})")))
        if hand.get("bomb"):
            out += [Problem(k, Bi("przy bombie nie ma rozgrywki: pomiń to pole", "a bomb has no play: leave it out"))
                    for k in ("points", "melds") if k in hand]
            return out
        if "points" not in hand:
            return out + [Problem("points", MISSING)]
        suits = SUITS + (("aces",) if rules["ace_meld"] else ())
        seen: dict[str, str] = {}
        for p, ms in hand.get("melds", {}).items():
            for j, m in enumerate(ms):
                if m not in suits:
                    out.append(Problem(f"melds.{p}[{j}]", Bi(f"{fmt(m)}: możliwe są {', '.join(suits)}",
                                                             f"{fmt(m)} is not one of {', '.join(suits)}")))
                elif m in seen:
                    out.append(Problem(f"melds.{p}", Bi(f"meldunek {SUIT_PL[m]} jest tylko jeden, a ma go już {seen[m]}",
                                                        f"there is only one {SUIT_EN[m]} meld; {seen[m]} declared it")))
                else:
                    seen[m] = p
        return out

    def check_sequence(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
                       start: Mapping[str, Any] | None = None) -> list[Problem]:
        out = []
        deal_by = dealers(players, hands)
        for i, (h, d) in enumerate(zip(hands, deal_by)):
            playing = self._playing(players, d)
            at = f"hands[{i}]"
            if h["declarer"] not in playing:
                out.append(Problem(f"{at}.declarer", Bi(f"{fmt(h['declarer'])} rozdaje i pauzuje w tym rozdaniu",
                                                        f"{fmt(h['declarer'])} deals and sits this hand out")))
            if "musik" in h and len(players) != 4:
                out.append(Problem(f"{at}.musik", Bi("tylko przy czterech graczach (rozdający pauzuje)",
                                                     "only with four players (the dealer sits out)")))
            if h.get("bomb"):
                continue
            pts = h.get("points", {})
            for p in pts:
                if p not in playing and pts[p]:  # the sitter may be written with 0
                    out.append(Problem(f"{at}.points.{p}", _sits_out(p)))
            for p in h.get("melds", {}):
                if p not in playing:
                    out.append(Problem(f"{at}.melds.{p}", _sits_out(p)))
            missing = [p for p in playing if p not in pts]
            out += [Problem(f"{at}.points.{p}", MISSING) for p in missing]
            if not missing:
                s = sum(pts[p] for p in playing)
                if s != 120:
                    out.append(Problem(f"{at}.points", sum_message(s, 120)))
        if out:
            return out
        try:
            self._fold(rules, players, hands, dict(start or {}), full=False)
        except _Refused as e:
            return [e.problem]
        return []

    # --- scoring ---------------------------------------------------------------------------
    def _on_barrier(self, rules: Rules, total: int) -> bool:
        return self._barrier(rules)(total)

    @staticmethod
    def _barrier(rules: Rules) -> Callable[[Any], bool]:
        """Is a player with this total on the barrier (by these rules)?"""
        b = rules["barrier"]
        if not b:
            return lambda total: False
        if rules["barrier_inclusive"]:
            return lambda total: total >= b
        return lambda total: total > b

    def _fold(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]], start: Mapping[str, Any],
              full: bool = True):
        """The game deal by deal: the state after the last deal, and where it ended and who won. `full`: also each
        deal's HandResult, what its row shows (notes included) and the contracts to ask about; without it (the
        totals, a check) those lists stay empty and no words are made."""
        st = _State({p: start.get(p, 0) for p in players}, {p: 0 for p in players}, {p: 0 for p in players},
                    {p: 0 for p in players})
        deal_by = dealers(players, hands)
        results, rows, flags = [], [], []
        finished_at, winner = None, None
        on_barrier = self._barrier(rules)
        meld_values, ace_meld, target = rules["melds"], rules["ace_meld"], rules["target"]
        unit, half, four = rules["round_unit"], rules["round_half"], len(players) == 4
        total = st.total
        no_melds, nobody = dict.fromkeys(players, 0), dict.fromkeys(players, False)  # read only
        penalties = rules["barrier_max_deals"] or rules["zero_penalty"]  # else _penalties() does nothing
        top = max(total.values())  # the highest total: below the barrier, nobody is on it
        rounded: dict[int, int] = {}  # a defender's points rounded (round_to), by the points: a few dozen a game
        everyone = list(players)  # who plays each deal at three (read only)
        for i, (hand, dealer) in enumerate(zip(hands, deal_by)):
            if finished_at is not None:
                raise _Refused(Problem(f"hands[{i}]", Bi(f"gra już się skończyła: ktoś doszedł do {target}",
                                                         f"the game is over: a player has reached {target}")))
            playing = self._playing(players, dealer) if four else everyone
            decl, bid = hand["declarer"], hand["bid"]
            barrier_before = {p: on_barrier(total[p]) for p in players} if on_barrier(top) else nobody
            s = dict.fromkeys(players, 0)
            notes = [] if full else None
            declared = hand.get("melds", {})
            melds = {p: list(declared.get(p, [])) for p in players} if full else None
            mval = dict.fromkeys(players, 0) if declared else no_melds
            for p, ms in declared.items():
                if p in mval:
                    mval[p] = sum(meld_values.get(m, ace_meld if m == "aces" else 0) for m in ms)
            if hand.get("bomb"):
                st.bombs[decl] += 1
                allowed = rules["bombs_allowed"]
                over = allowed >= 0 and st.bombs[decl] > allowed
                if over and rules["bomb_over_limit"] == "refused":
                    raise _Refused(Problem(f"hands[{i}].bomb", Bi(
                        f"{decl} ma już {allowed} {plural_pl(allowed, 'bombę', 'bomby', 'bomb')}, tyle, ile pozwala "
                        "ta gra", f"{decl} has thrown {allowed} bomb{'s' * (allowed != 1)} already, the limit of "
                        "this game")))
                s[decl] = -bid if over else 0
                for p in playing:
                    if p != decl and not (barrier_before[p] and rules["barrier_blocks_bomb"]):
                        s[p] = rules["bomb_points"]
                if full:
                    no = st.bombs[decl]
                    notes.append(Bi(f"{decl}: {no}. bomba" + (f", ponad limit: -{bid}" if over else ""),
                                    f"{decl}: bomb no. {no}" + (f", over the limit: -{bid}" if over else "")))
                made = None
            else:
                points = hand["points"]
                got = points[decl] + mval[decl]
                made = got >= bid
                s[decl] = bid if made else -bid
                if full:
                    sums = f"{mval[decl]} = {got} {'≥' if made else '<'} {bid}"
                    notes.append(Bi(f"{decl}: {points[decl]} + meldunki {sums}",
                                    f"{decl}: {points[decl]} + melds {sums}"))
                    allowed_bid = rules["max_bid_without_meld"] + mval[decl]
                    if bid > allowed_bid and not hand.get("confirmed"):  # asked at entry: the answer is kept
                        flags.append((i, Bi(f"rozdanie {i + 1}: {decl} — gra {bid}, a zgłoszone meldunki pozwalają "
                                            f"najwyżej na {allowed_bid} (meldunek był, ale niezgłoszony?)",
                                            f"hand {i + 1}: {decl} — contract {bid}, more than the {allowed_bid} "
                                            "the declared melds allow (a meld held but never declared?)")))
                for p in playing:
                    if p == decl:
                        continue
                    taken = points[p] + mval[p]
                    pts = rounded.get(taken)
                    if pts is None:
                        pts = rounded[taken] = round_to(taken, unit, half)
                    if barrier_before[p]:
                        if full:
                            notes.append(Bi(f"{p} na beczce: {pts} się nie liczy",
                                            f"{p} on the barrier: {pts} not added"))
                        pts = 0
                    s[p] = pts
            if four and "musik" in hand:
                got = self._musik(rules, hand["musik"])
                if got and barrier_before[dealer] and rules["barrier_blocks_musik"]:
                    # "do jego wyniku dopisywane są jedynie te punkty, które zdobędzie jako rozgrywający"
                    if full:
                        notes.append(Bi(f"{dealer} na beczce: musik ({got}) się nie liczy",
                                        f"{dealer} on the barrier: the musik ({got}) not added"))
                    got = 0
                s[dealer] += got
            n, m = st.declared.get(decl, (0, 0))
            st.declared[decl] = (n + 1, m + bool(made))
            for p in players:
                total[p] += s[p]
            if penalties:
                self._penalties(rules, players, playing, st, s, barrier_before, notes, on_barrier)
            top = max(total.values())
            if top >= target:
                reached = [p for p in players if total[p] >= target]
                finished_at = i
                winner = self._winner(rules, reached, decl, total)
            if full:
                results.append(HandResult(dict(s), dict(total)))
                rows.append((i, dealer, playing, decl, bid, made, hand, melds, s, dict(total), notes,
                             {p: on_barrier(total[p]) for p in players}))
        return st, results, rows, flags, finished_at, winner

    def _musik(self, rules: Rules, musik: Mapping[str, Any]) -> int:
        mode = rules["musik_scoring"]
        if mode == "none":
            return 0
        if mode == "points":
            return int(musik.get("points", 0))
        return rules["musik_ace"] * int(musik.get("aces", 0)) + sum(rules["melds"].get(m, 0)
                                                                     for m in musik.get("melds", []))

    def _penalties(self, rules, players, playing, st: _State, s, barrier_before, notes, on_barrier) -> None:
        """The barrier's deal limit and the zero deals, after a deal's scores are added (notes None: no words)."""
        target, max_deals = rules["target"], rules["barrier_max_deals"]
        for p in players if max_deals else ():  # deals on the barrier are counted only where they are limited
            on = on_barrier(st.total[p])
            if barrier_before[p] and on and st.total[p] < target:
                st.on_barrier[p] += 1
                if st.on_barrier[p] >= max_deals and rules["barrier_penalty"] != "none":
                    pen = rules["barrier_penalty"]
                    new = {"minus-120": st.total[p] - 120, "to-barrier": rules["barrier"], "zero": 0}[pen]
                    if notes is not None:
                        notes.append(Bi(f"{p}: za długo na beczce: {st.total[p]} → {new}",
                                        f"{p}: too long on the barrier: {st.total[p]} → {new}"))
                    s[p] += new - st.total[p]
                    st.total[p] = new
                    st.on_barrier[p] = 0
            elif not on:
                st.on_barrier[p] = 0
        if rules["zero_penalty"]:
            for p in playing:
                if barrier_before[p]:
                    continue
                if s[p] == 0:
                    st.zeros[p] += 1
                    if st.zeros[p] >= rules["zero_count"]:
                        s[p] -= rules["zero_penalty"]
                        st.total[p] -= rules["zero_penalty"]
                        zc, zp = rules["zero_count"], rules["zero_penalty"]
                        if notes is not None:
                            notes.append(Bi(f"{p}: {zc} {plural_pl(zc, 'zero', 'zera', 'zer')}: -{zp}",
                                            f"{p}: {zc} zero deal{'s' * (zc != 1)}: -{zp}"))
                        st.zeros[p] = 0
                elif rules["zero_consecutive"]:
                    st.zeros[p] = 0

    def _winner(self, rules: Rules, reached: list[str], decl: str, total: Mapping[str, int]) -> str | list[str]:
        if len(reached) == 1:
            return reached[0]
        tb = rules["tie_break"]
        if tb == "declarer" and decl in reached:
            return decl
        if tb in ("declarer", "higher"):
            best = max(total[p] for p in reached)
            tops = [p for p in reached if total[p] == best]
            return tops[0] if len(tops) == 1 else tops
        return reached

    def declarers(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]]
                  ) -> dict[str, tuple[int, int]]:
        """Each declarer's contracts and those made: card points and own melds reaching the contract. A bomb counts
        as a contract declared and not made (the declarer gave it up)."""
        meld_values, ace_meld = rules["melds"], rules["ace_meld"]
        out: dict[str, tuple[int, int]] = {}
        for hand in hands:
            decl = hand["declarer"]
            made = False
            if not hand.get("bomb"):
                own = hand.get("melds", {}).get(decl, ())
                melds = sum(meld_values.get(m, ace_meld if m == "aces" else 0) for m in own)
                made = hand["points"][decl] + melds >= hand["bid"]
            n, won = out.get(decl, (0, 0))
            out[decl] = (n + 1, won + made)
        return out

    def doubts(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
               start: Mapping[str, Any] | None = None) -> list[Problem]:
        """A contract above what the declared melds allow is allowed (a meld may have been held and not declared),
        but asked about at entry; the yes is kept with the hand as `confirmed`."""
        try:
            flags = self._fold(rules, players, hands, start or {})[3]
        except _Refused:
            return []
        return [Problem(f"hands[{i}].confirmed", Bi(f"{said}. Zapisać tak?", f"{said.en}. Save it so?"))
                for i, said in flags]

    def _scored(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
                start: Mapping[str, Any] | None, full: bool):
        try:
            return self._fold(rules, players, hands, start or {}, full)
        except _Refused as e:  # a refusal that depends on the totals carried in
            raise ZapisError([e.problem]) from None

    def totals(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
               start: Mapping[str, Any] | None = None) -> Sheet:
        """The totals, the end and the winner, folded deal by deal as the sheet does, without its rows and words."""
        r = rules.values if isinstance(rules, Rules) else rules  # a plain mapping: read on every deal
        st, _, _, _, finished_at, winner = self._scored(r, players, hands, start, False)
        return Sheet(module=self.id, ruleset=rules.id, title=rules.title, players=players, totals=dict(st.total),
                     finished=finished_at is not None, winner=winner,
                     extra={DECLARED: st.declared})  # declarers() from the same fold: the statistics fold no more

    def score(self, rules: Rules, players: list[str], hands: list[Mapping[str, Any]],
              start: Mapping[str, Any] | None = None) -> Sheet:
        st, results, rows, flags, finished_at, winner = self._scored(rules, players, hands, start, True)
        totals = dict(st.total)
        deal_by = dealers(players, hands)
        nxt = None
        if finished_at is None:
            dealer = players[(players.index(deal_by[-1]) + 1) % len(players)] if hands else players[0]
            nxt = {"dealer": dealer, "sits_out": dealer if len(players) == 4 else None,
                   "first_bidder": players[(players.index(dealer) + 1) % len(players)],
                   "to_target": {p: rules["target"] - totals[p] for p in players}}
        table = []
        for (i, dealer, playing, decl, bid, made, hand, melds, s, tot, notes, barrier) in rows:
            cells = []
            for p in players:
                marks = set()
                text = str(tot[p])
                if p == decl:
                    sign = "💣" if hand.get("bomb") else ("✓" if made else "✗")
                    text = f"{bid}{sign} {tot[p]}"
                    marks.add("made" if made else "failed" if made is False else "bomb")
                elif p not in playing:
                    text = f"({tot[p]})"
                if melds[p]:
                    text += " m" + "".join(SUIT_SIGN.get(m, m[:1].upper()) for m in melds[p])
                if barrier[p]:
                    text += " ▮"
                    marks.add("barrier")
                if tot[p] < 0:
                    marks.add("neg")
                cells.append(Cell(text, tot[p], frozenset(marks)))
            table.append(Row(f"{i + 1}. {dealer}", cells, hand=i, note=join("; ", notes)))
        sheet = Sheet(module=self.id, ruleset=rules.id, title=rules.title, players=players, hands=results,
                      totals=totals, finished=finished_at is not None, winner=winner, next=nxt,
                      sections=[Section(rules.title, list(players), table, label_header=Bi("rozdaje", "dealer"))],
                      extra={"bombs": dict(st.bombs),
                             "barrier": [p for p in players if self._on_barrier(rules, totals[p])]})
        sheet.notes += [said for _, said in flags]
        for p in sheet.extra["barrier"]:
            if finished_at is None:
                sheet.notes.append(Bi(f"{p} jest na beczce ({totals[p]})", f"{p} is on the barrier ({totals[p]})"))
        return sheet


class _Refused(Exception):
    def __init__(self, problem: Problem):
        self.problem = problem
