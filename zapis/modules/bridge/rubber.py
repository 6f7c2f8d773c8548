"""Rubber bridge (Laws of Rubber Bridge 72-74, 80, 81): the fold of the deals onto rubbers, above and below the
line, the unfinished rubber's bonuses, each rubber's settlement, and the rubber sheet (a tura's per player too)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from zapis.core.module import DECLARED, Rules
from zapis.core.sheet import Cell, Row, Section, Sheet, running
from zapis.core.words import Bi
from zapis.modules.bridge.hands import _CONTRACTS, _UNSEEN, _contract, _letter, _parse
from zapis.modules.bridge.law77 import (
    OTHER, SEATS, Breakdown, Contract, Parts, Values, above_line, both, deal_parts, vulnerable,
)
from zapis.modules.bridge.seating import TURA_RUBBERS, _outcome, _Seating

# The rubber sheet as a Polish player keeps it on paper: MY | ONI (we | they). The design (ui.md) names the columns
# but not whose is whose; the scorekeeper sits N-S by convention, so N-S is "My" and E-W "Oni". The column headers
# name the partners, and the record and the JSON keep NS / EW.
WE_THEY = {"NS": Bi("My", "We"), "EW": Bi("Oni", "They")}


UNFINISHED_GAME = Bi("partia w niedokończonym robrze", "game in an unfinished rubber")
UNFINISHED_PART = Bi("częściówka w niedokończonym robrze", "partscore in an unfinished rubber")


@dataclass(slots=True)
class _RubberState:
    number: int
    games: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    below: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})  # toward the current game
    total: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    above_rows: list[Row] = field(default_factory=list)
    below_rows: list[Row] = field(default_factory=list)
    hands: int = 0
    bonus: int = 0
    winner: str | None = None

    def vul(self) -> str:
        ns, ew = self.games["NS"] > 0, self.games["EW"] > 0
        return "both" if ns and ew else "NS" if ns else "EW" if ew else "none"

    def over(self, r: Rules) -> str | None:
        """The side that has won the rubber (two games), its rubber bonus added; None while the rubber goes on."""
        games = self.games
        won = "NS" if games["NS"] >= 2 else "EW" if games["EW"] >= 2 else None
        if won:
            self.winner = won
            self.bonus = r["rubber_bonus_2_0"] if self.games[OTHER[won]] == 0 else r["rubber_bonus_2_1"]
            self.total[won] += self.bonus
        return won

    def unfinished(self, r: Rules) -> list[tuple[str, int, Bi]]:
        """Law 80: an unfinished rubber's bonuses, added to its totals; each as (side, points, what it is for)."""
        out = []
        for side in ("NS", "EW"):
            if self.games[side] == 1 and self.games[OTHER[side]] == 0:
                self.bonus = r["unfinished_game_bonus"]
                self.total[side] += self.bonus
                out.append((side, self.bonus, UNFINISHED_GAME))
        with_part = [s for s in ("NS", "EW") if self.below[s] > 0]
        if len(with_part) == 1 or (len(with_part) == 2 and r["unfinished_partscore_both"]):
            for side in with_part:
                self.total[side] += r["unfinished_partscore_bonus"]
                out.append((side, r["unfinished_partscore_bonus"], UNFINISHED_PART))
        return out

    def summary(self, unit: int) -> dict[str, Any]:
        """The rubber as the sheet's JSON gives it (extra["rubbers"]), with its settlement: the difference of the
        totals in units, rounded half up, won by the side ahead (none when level)."""
        diff = self.total["NS"] - self.total["EW"]
        return {
            "number": self.number, "NS": self.total["NS"], "EW": self.total["EW"],
            "games": dict(self.games), "winner": self.winner, "bonus": self.bonus, "finished": self.winner is not None,
            "settlement": {"side": "NS" if diff > 0 else "EW" if diff < 0 else None,
                           "units": _round_half_up(abs(diff) / unit)},
        }


class _Rubber:
    """Rubber bridge (Laws of Rubber Bridge 72-74, 80, 81): below and above the line. With `rows` (score()) the
    fold writes the sheet's entries as it goes; without (totals()) it only adds up. The sides of each rubber are
    the seating's (_Seating): a table of four, two players, or a tura's changing partners."""

    def __init__(self, rules: Rules, players: list[str], start: dict[str, int], rows: bool = True,
                 player_start: Mapping[str, Any] | None = None):
        self.r, self.players, self.start, self.rows = rules, players, start, rows
        self.values = Values.of(rules)
        self.seating = _Seating(rules, players)
        self.tura = self.seating.kind == "tura"
        # each player's total carried in: his own in a tura, his side's otherwise
        if self.tura:
            self.player_start = {p: (player_start or {}).get(p) or 0 for p in players}
        else:
            self.player_start = self.seating.each(1, start["NS"], start["EW"])
        self.rubbers: list[_RubberState] = []
        self.ended: list[int] = []  # the hand that ended each finished rubber
        self.declared: dict[str, tuple[int, int]] = {}  # each declarer's contracts and those made, as folded
        self.per_hand: list[dict[str, int]] = []  # with rows: each hand's points

    def fold(self, hands: list[Mapping[str, Any]]) -> tuple[_RubberState, bool]:
        """Every deal onto its rubber, in order (self.rubbers). The rubber in play last, and whether it is left
        unfinished (then it has its Law 80 bonuses and is the last of self.rubbers)."""
        r, values, rows = self.r, self.values, self.rows
        thresholds = r["game_thresholds"]
        cur = _RubberState(1)
        look, order = self.seating.lookup(1), self.seating.order(1)
        declared = self.declared
        # a season folds 50,000 deals: what each reads is at hand
        contracts = _CONTRACTS
        scored = values.memo  # (contract as spelt, vulnerable, tricks) -> _deal(): a few hundred for a whole season
        vul_now = cur.vul()  # changes only when a game is made
        named = _named(order)
        for i, hand in enumerate(hands):
            spelt = (hand["contract"], hand.get("double", ""))
            c = contracts.get(spelt, _UNSEEN)
            if c is _UNSEEN:
                c = _contract(hand)
            vul = hand.get("vulnerable") or vul_now
            before = (cur.total["NS"], cur.total["EW"]) if rows else (0, 0)
            parts, game = None, False
            if c is not None:
                who, tricks = hand["declarer"], hand["tricks"]
                side = look[who][0]
                vulnerable_now = vul == "both" or vul == side
                known = scored.get((spelt, vulnerable_now, tricks))  # the contract as spelt: no dataclass hash
                if known is None:
                    known = scored[spelt, vulnerable_now, tricks] = _deal(c, vulnerable_now, tricks, values)
                parts, made, below, gain = known
                # Laws 72-74: made, its trick points go below the line and the rest above, to the declaring side,
                # and a side whose points below reach its threshold makes a game (every partscore below then
                # starts afresh); defeated, the undertricks go above, to the defenders
                if made:
                    cur.total[side] += gain
                    now = cur.below[side] = cur.below[side] + below
                    if now >= thresholds[min(cur.games[side], 1)]:
                        cur.games[side] += 1
                        cur.below = {"NS": 0, "EW": 0}
                        game = True
                        vul_now = cur.vul()
                else:
                    cur.total[OTHER[side]] += parts[5]
                name = named.get(who, who)  # (as _count_declarer names him)
                n, m = declared.get(name, (0, 0))
                declared[name] = (n + 1, m + made)
            honours = hand.get("honours")
            if honours:
                cur.total[look[hand.get("honours_side", "")][0]] += honours
            cur.hands += 1
            won = cur.over(r) if game else None  # only a game made can end the rubber
            if rows:
                self._rows(i, hand, cur, vul, parts, game, won, before, look)
            if won:
                self.rubbers.append(cur)
                self.ended.append(i)
                cur = _RubberState(cur.number + 1)
                look, order = self.seating.lookup(cur.number), self.seating.order(cur.number)
                named = _named(order)
                vul_now = cur.vul()
        unfinished = cur.hands > 0
        if unfinished:
            for side, points, label in cur.unfinished(r):
                if rows:
                    self._above(cur, side, points, label, "", None)
            self.rubbers.append(cur)
        return cur, unfinished

    def _rows(self, i: int, hand: Mapping[str, Any], cur: _RubberState, vul: str, parts: Parts | None, game: bool,
              won: str | None, before: tuple[int, int], look: Mapping[str, tuple[str, str]]) -> None:
        """A deal's entries above and below the line, as fold() has scored it, and its points."""
        deal = _parse(hand, look)
        label = f"{_letter(i)}) " + deal.label
        if deal.contract is not None:
            side = deal.side
            b = Breakdown(deal.contract, vulnerable(vul, side), deal.tricks, *parts)
            if b.made:
                self._above(cur, side, b.above, label, _above_words(b), i)
                cur.below_rows.append(_side_row(side, b.below, label, i, ""))
                if game:
                    _game_line(cur.below_rows[-1])
            else:
                self._above(cur, OTHER[side], b.undertricks, label, b.words(), i)
        if deal.honours:
            self._above(cur, deal.honours_side, deal.honours, Bi(f"{_letter(i)}) honory", f"{_letter(i)}) honours"),
                        "", i)
        if won:
            score = f"{cur.games[won]}-{cur.games[OTHER[won]]}"
            self._above(cur, won, cur.bonus, Bi(f"{_letter(i)}) rober {score}", f"{_letter(i)}) rubber {score}"),
                        "", i)
        self.per_hand.append(self.seating.each(cur.number, cur.total["NS"] - before[0], cur.total["EW"] - before[1]))

    def run(self, hands: list[Mapping[str, Any]]) -> Sheet:
        cur, unfinished = self.fold(hands)
        return self._sheet(self.per_hand, unfinished, cur)

    def totals(self, hands: list[Mapping[str, Any]]) -> Sheet:
        _, unfinished = self.fold(hands)
        tot, rubbers_json, finished, totals, winner, extra = self._summary(unfinished)
        r = self.r
        return Sheet(module="bridge", ruleset=r.id, title=r.title, players=self.players, totals=totals,
                     finished=finished, winner=winner, extra=extra | {DECLARED: self.declared})

    def _summary(self, unfinished: bool) -> tuple[dict[str, int], list[dict[str, Any]], bool, dict[str, int],
                                                  str | list[str] | None, dict[str, Any]]:
        """What the rubbers come to: the sides' totals from the start, each rubber's JSON (with its sides and its
        settlement), whether the game stands finished, each player's total, the winner and the sheet's extra keys.

        A table of four or two: the sides add up over the rubbers, a finished rubber finishes the sheet (play goes
        on with the next). A tura: each player adds up his side's total of each rubber (each rubber's result
        belongs to both partners of that rubber), the tura is finished after the third rubber; its `settlement`
        is each player's units won (+) or lost (-) over the rubbers."""
        tot = dict(self.start)
        rubbers_json = []
        unit = self.r["settlement_unit"]
        players, seating = self.players, self.seating
        each = dict(self.player_start)
        units = {p: 0 for p in players}
        for rub in self.rubbers:
            number, ns, ew = rub.number, rub.total["NS"], rub.total["EW"]
            tot["NS"] += ns
            tot["EW"] += ew
            rj = rub.summary(unit)
            sides = seating.sides(number)
            rj["sides"] = {"NS": list(sides["NS"]), "EW": list(sides["EW"])}
            # each player's total in this rubber (his side's), and the winning side by its players
            shares = rj["totals"] = seating.each(number, ns, ew)
            rj["winners"] = list(sides[rub.winner]) if rub.winner else None
            rubbers_json.append(rj)
            for p, v in shares.items():
                each[p] += v
            settled = rj["settlement"]
            lead = settled["side"]
            if lead:
                won = sides[lead]
                for p in players:
                    units[p] += settled["units"] if p in won else -settled["units"]
        if self.tura:
            done = len(self.rubbers) - (1 if unfinished else 0)
            finished = done >= TURA_RUBBERS
            winner = None
            if finished:
                best = max(each.values())
                top = [p for p in players if each[p] == best]
                winner = top[0] if len(top) == 1 else top
            return tot, rubbers_json, finished, each, winner, {"rubbers": rubbers_json, "settlement": units}
        finished = bool(self.rubbers) and not unfinished
        totals, winner = _outcome(players, tot, finished, seating)
        return tot, rubbers_json, finished, totals, winner, {"sides": dict(tot), "rubbers": rubbers_json}

    def _above(self, cur: _RubberState, side: str, points: int, label: str, note: str, hand: int | None) -> None:
        if points:
            cur.above_rows.append(_side_row(side, points, label, hand, note))

    def _side_words(self, n: int, side: str) -> Bi:
        """Whose column: "My: Ala+Celina" (players[0]'s side is "My", as the scorekeeper's)."""
        return WE_THEY[side] + f": {self.seating.names(n, side)}"

    def _sheet(self, per_hand: list[dict[str, int]], unfinished: bool, cur: _RubberState) -> Sheet:
        r, players, seating = self.r, self.players, self.seating
        tot, rubbers_json, finished, totals, winner, extra = self._summary(unfinished)
        sections, settle = [], []
        for rub, rj in zip(self.rubbers, rubbers_json):
            n = rub.number
            cols = [self._side_words(n, "NS"), self._side_words(n, "EW")]
            if n > 1 and n == len(self.rubbers) and not self.tura:
                # before the last rubber, what the earlier ones come to (with any points the game started with),
                # carried as on paper: the last rubber and this line add up to the totals (a board that shows
                # only the last rubber still adds up)
                carried = [tot["NS"] - rub.total["NS"], tot["EW"] - rub.total["EW"]]
                earlier = (Bi("Rober 1: z przeniesienia", "Rubber 1: carried") if n == 2 else
                           Bi(f"Robry 1–{n - 1}: z przeniesienia", f"Rubbers 1–{n - 1}: carried"))
                sections.append(Section(earlier,
                                        cols, [Row(Bi("razem", "total"), [Cell.num(v) for v in carried],
                                                   marks=frozenset({"total"}))], carried=True))
            done = rj["finished"]
            lead, units = rj["settlement"]["side"], rj["settlement"]["units"]
            diff = rub.total["NS"] - rub.total["EW"]
            above = Section(Bi(f"Rober {n}: nad kreską" + ("" if done else " (niedokończony)"),
                               f"Rubber {n}: above the line" + ("" if done else " (unfinished)")),
                            cols, list(reversed(rub.above_rows)))
            below = Section(Bi(f"Rober {n}: pod kreską", f"Rubber {n}: below the line"), cols, rub.below_rows)
            below.rows = below.rows + [Row(Bi("razem", "total"), [Cell.num(rub.total["NS"]), Cell.num(rub.total["EW"])],
                                           marks=frozenset({"total"}))]
            if lead:
                unit = r["settlement_unit"]
                who = WE_THEY[lead] if seating.kind == "four" else Bi(seating.names(n, lead))
                settle.append(Bi(f"Rober {n}: rozliczenie: {who.pl} +{units} (różnica {abs(diff)} / {unit})",
                                 f"Rubber {n}: settlement: {who.en} +{units} (difference {abs(diff)} / {unit})"))
            sections += [above, below]
        if self.tura:
            sections.append(self._tura_section(rubbers_json, totals))
            each = ", ".join(f"{p} {extra['settlement'][p]:+d}" for p in players)
            settle.append(Bi(f"Rozliczenie tury (jednostki): {each}", f"The tura's settlement (units): {each}"))
        hands = running(per_hand, players, dict(self.player_start))
        notes = settle
        if unfinished:
            notes.append(Bi("Rober niedokończony: premie wg Prawa 80 wliczone",
                            "Unfinished rubber: the Law 80 bonuses are included"))
        nxt = None
        if not finished:
            n = len(per_hand)
            order = seating.order(cur.number)
            dealer = order[n % len(order)]
            nxt = {"rubber": cur.number, "dealer": dealer, "seat": SEATS[order.index(dealer)],
                   "vulnerable": cur.vul(), "below": dict(cur.below)}
        return Sheet(
            module="bridge", ruleset=r.id, title=r.title, players=players, hands=hands, totals=totals,
            finished=finished, winner=winner, next=nxt, sections=sections, notes=notes, extra=extra,
        )

    def _tura_section(self, rubbers_json: list[dict[str, Any]], totals: dict[str, int]) -> Section:
        """The tura per player: each rubber's sides and what it gives each player (his side's total), the totals
        carried in, and each player's total."""
        players, seating = self.players, self.seating
        rows = []
        if any(self.player_start.values()):
            rows.append(Row(Bi("przeniesione", "carried in"), [Cell.num(self.player_start[p]) for p in players]))
        for rj in rubbers_json:
            n = rj["number"]
            sides = f"{seating.names(n, 'NS')} – {seating.names(n, 'EW')}"
            each = seating.each(n, rj["NS"], rj["EW"])
            done = "" if rj["finished"] else " (niedokończony)", "" if rj["finished"] else " (unfinished)"
            rows.append(Row(Bi(f"Rober {n}{done[0]}", f"Rubber {n}{done[1]}"),
                            [Cell.num(each[p]) for p in players], note=sides))
        rows.append(Row(Bi("razem", "total"), [Cell.num(totals[p]) for p in players], marks=frozenset({"total"})))
        return Section(Bi("Tura: wynik każdego gracza", "The tura: each player's total"), list(players), rows,
                       label_header=Bi("rober", "rubber"))


def _above_words(b: Breakdown) -> Bi | str:
    """What an entry above the line is made of: "nadróbka 30 + za kontrę 50", "szlemik 500"."""
    parts = b.parts()  # a rubber deal has no premium: these are the entry above the line
    if not parts:
        return ""
    return both(lambda lang: " + ".join(f"{name.say(lang)} {v}" for name, v in parts))


def _side_row(side: str, points: int, label: str, hand: int | None, note: str) -> Row:
    cells = [Cell.num(points), Cell()] if side == "NS" else [Cell(), Cell.num(points)]
    return Row(label, cells, hand=hand, note=note)


def _game_line(row: Row) -> None:
    """A game made: the line drawn under the entries below the line, across both columns (the seed: "Zrobienie
    dogranej zaznacza się przez podkreślenie zapisów pod kreską", the opponents' partscore too)."""
    row.marks = row.marks | {"line"}
    row.cells = [Cell(c.text, c.value, c.marks | {"line"}) for c in row.cells]


def _deal(c: Contract, vul: bool, tricks: int, values: Values) -> tuple[Parts, bool, int, int]:
    """A deal as the fold adds it up: its parts (deal_parts), whether it was made, its trick points (below the
    line) and those with everything else the declaring side scores (above_line)."""
    parts = deal_parts(c, vul, tricks, values)
    return parts, tricks >= c.needed, parts[0], parts[0] + above_line(parts)


def _named(order: tuple[str, ...]) -> dict[str, str]:
    """A seat letter as the player sitting there in a rubber (a declarer written as a name stays his)."""
    return dict(zip(SEATS, order))


def _round_half_up(x: float) -> int:
    return int(x + 0.5)
