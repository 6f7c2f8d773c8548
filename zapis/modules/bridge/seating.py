"""Who plays with whom at a bridge table: a table of four, two-handed bridge (each player a side) and the tura
(three rubbers, new partners each); the totals carried in per side and each player's share of his side's."""

from __future__ import annotations

from typing import Any, Mapping

from zapis.core.errors import Problem, ZapisError, fmt
from zapis.core.module import Rules
from zapis.core.words import Bi
from zapis.modules.bridge.law77 import SEATS, SIDE_OF

TURA_RUBBERS = 3  # "Trzy robry stanowią pełny cykl gry, nazywany turą"
SEAT_WORDS = ", ".join(f'"{x}"' for x in SEATS)


def _partners_problems(rules: Rules, players: list[str]) -> list[Problem]:
    """A tura's `partners`: players[0]'s partner in each of the three rubbers, each of the other three once
    ("Gracze, którzy tworzyli parę, nie mogą już w tej samej turze grać ze sobą po raz drugi"); nothing outside a
    tura."""
    partners = rules["partners"]
    if not partners:
        return []
    if rules["seating"] != "tura":
        return [Problem("partners", Bi("partnerzy zmieniają się tylko w turze (seating = \"tura\")",
                                       'partners change only in a tura (seating = "tura")'))]
    if len(partners) != TURA_RUBBERS:
        return [Problem("partners", Bi(f"{fmt(partners)}: trzeba podać trzech partnerów gracza {players[0]}, po "
                                       "jednym na robra",
                                       f"{fmt(partners)} must name three partners of {players[0]}, one a rubber"))]
    out = []
    others = players[1:]
    for i, name in enumerate(partners):
        where = f"partners[{i}]"
        if not isinstance(name, str):
            out.append(Problem(where, Bi(f"{fmt(name)} nie jest imieniem gracza", f"{fmt(name)} is not a player name")))
        elif name == players[0]:
            out.append(Problem(where, Bi(f"{fmt(name)}: gracz nie gra w parze sam ze sobą",
                                         f"{fmt(name)} cannot partner himself")))
        elif name not in others:
            out.append(Problem(where, Bi(f"{fmt(name)} nie gra w tej grze",
                                         f"{fmt(name)} is not a player of this game")))
        elif name in partners[:i]:
            out.append(Problem(where, Bi(f"{fmt(name)} był już partnerem gracza {players[0]} w robrze "
                                         f"{partners.index(name) + 1}: w turze nikt nie gra dwa razy z tym samym",
                                         f"{fmt(name)} already partnered {players[0]} in rubber "
                                         f"{partners.index(name) + 1}: nobody partners the same player twice in a "
                                         "tura")))
    return out


def _side_start(players: list[str], start: Mapping[str, Any], rules: Rules | None = None) -> dict[str, int]:
    """Totals carried in, per side; partners must agree. With two players each is a side; a tura carries each
    player's own total in (_Rubber's player_start), not the sides'."""
    seating = rules["seating"] if rules is not None else "four"
    if seating == "two":
        return {"NS": start.get(players[0]) or 0, "EW": start.get(players[1]) or 0}
    if seating == "tura":
        return {"NS": 0, "EW": 0}
    out = {}
    for side, (a, b) in (("NS", (players[0], players[2])), ("EW", (players[1], players[3]))):
        va, vb = start.get(a), start.get(b)
        if va is not None and vb is not None and va != vb:
            raise ZapisError([Problem(f"start.{b}", Bi(f"{vb}, a partner {a} ma {va}: para ma jeden wynik",
                                                        f"{vb} differs from partner {a}'s {va}"))])
        out[side] = va if va is not None else (vb or 0)
    return out


def _outcome(players: list[str], tot: dict[str, int], finished: bool, seating: _Seating | None = None
             ) -> tuple[dict[str, int], str | list[str] | None]:
    """Each player's total (partners share their side's) and, when the unit of play is finished, the side ahead
    (with two players, the player ahead)."""
    winner = None
    if seating is not None and seating.kind == "two":
        if finished and tot["NS"] != tot["EW"]:
            winner = players[0] if tot["NS"] > tot["EW"] else players[1]
        return {players[0]: tot["NS"], players[1]: tot["EW"]}, winner
    if finished and tot["NS"] != tot["EW"]:
        winner = [players[0], players[2]] if tot["NS"] > tot["EW"] else [players[1], players[3]]
    return _both(players, tot["NS"], tot["EW"]), winner


class _Seating:
    """Who plays with whom, rubber by rubber: N-S is players[0]'s side. At a table of four ("four") N-S are
    players[0] and players[2] throughout; with two players ("two") each is a side of his own; in a tura players[0]'s
    partner is partners[k] in rubber k + 1 (the default players[2], players[1], players[3]), the other two form the
    other side. A rubber's seats: players[0] N, his partner S, the other two E and W in the order of players (the
    first rubber of a default tura is the table of four as it sits).

    `lookup(n)` reads what a hand of rubber n writes in `declarer` or `honours_side` (a seat, a side or a player's
    name) as (side, the declarer as the sheet names him)."""

    def __init__(self, rules: Rules, players: list[str]):
        self.kind = kind = rules["seating"]
        self.players = players
        if kind == "tura":
            p = players
            bad = _partners_problems(rules, p)  # checked with the players; said here too when scored unchecked
            if bad:
                raise ZapisError(bad)
            self.orders = []
            for mate in list(rules["partners"]) or [p[2], p[1], p[3]]:
                e, w = [x for x in p[1:] if x != mate]
                self.orders.append((p[0], e, mate, w))  # N, E, S, W of that rubber
        elif kind == "two":
            self.orders = [(players[0], players[1], players[0], players[1])]
        else:
            self.orders = [tuple(players)]
        self.looks = [self._lookup(o) for o in self.orders]
        self.side_lists = [{"NS": _distinct([o[0], o[2]]), "EW": _distinct([o[1], o[3]])} for o in self.orders]
        # each rubber's players, each with whether he sits N-S in it (each(): a season asks for thousands)
        self.in_ns = [tuple((p, p in sides["NS"]) for p in players) for sides in self.side_lists]

    def _lookup(self, order: tuple[str, ...]) -> dict[str, tuple[str, str]]:
        four = self.kind == "four"
        look: dict[str, tuple[str, str]] = {}
        for seat, name in zip(SEATS, order):
            look.setdefault(name, (SIDE_OF[seat], seat if four else name))
        for seat, name in zip(SEATS, order):  # a seat letter is a seat, whatever the names
            look[seat] = (SIDE_OF[seat], seat if four else name)
        look["NS"], look["EW"] = ("NS", "NS"), ("EW", "EW")
        return look

    def _at(self, n: int) -> int:
        return min(n, len(self.orders)) - 1

    def lookup(self, n: int) -> dict[str, tuple[str, str]]:
        return self.looks[self._at(n)]

    def sides(self, n: int) -> dict[str, list[str]]:
        """Rubber n's sides: {"NS": [...], "EW": [...]}."""
        return self.side_lists[self._at(n)]

    def order(self, n: int) -> tuple[str, ...]:
        """Who sits N, E, S, W in rubber n (with two players, each sits twice)."""
        return self.orders[self._at(n)]

    def each(self, n: int, ns: int | float, ew: int | float) -> dict[str, int | float]:
        """Each player's share of the sides' points in rubber n: his side's."""
        return {p: (ns if north_south else ew) for p, north_south in self.in_ns[self._at(n)]}

    def names(self, n: int, side: str) -> str:
        return "+".join(self.sides(n)[side])


def _distinct(names: list[str]) -> list[str]:
    return list(dict.fromkeys(names))


#: a table of four as it sits (chicago, IMP): a seat letter, a side, or (added per game) a player's name
FOUR_SEATS: dict[str, tuple[str, str]] = {**{s: (SIDE_OF[s], s) for s in SEATS}, "NS": ("NS", "NS"),
                                           "EW": ("EW", "EW")}


def _both(players: list[str], ns: int | float, ew: int | float) -> dict[str, int | float]:
    return {players[0]: ns, players[1]: ew, players[2]: ns, players[3]: ew}
