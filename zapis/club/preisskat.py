"""A prize tournament (Preisskat): the money from the entry fees to the prize list, and the team-of-4 and tandem
rankings beside the individual one (zapis.club.skat_tournament ranks the players). Pure: a tournament's
parameters come as plain data (a tournament file), the ranking as its rows; nothing here reads a file.

The money, all in groszy (what a player pays and gets, and what the house keeps, sum to zero):
- each player pays the entry fee, the table fee for each series he played (a list), and his lost-game fees;
- the prize pot is the entry fees less the house's share of them, with the lost-game fees when `lost_fees_to` is
  "pot" (else the house keeps them); the table fees are the house's;
- the special prizes (the best woman, youth, senior, ...: a fixed sum each) come out of the pot first, each to the
  best-ranked player of its category who wins no other prize (one prize a player); then the places, each its
  percentage of what is left (players sharing a place share the prizes of the places they span); the groszy left
  over are the house's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi

KEYS = ("entry_fee", "table_fee", "house_share", "lost_fees_to", "prizes", "special", "categories", "teams",
        "tandems")
LOST_FEES_TO = ("pot", "house")


@dataclass(frozen=True)
class Tournament:
    entry_fee: int = 0  # groszy a player
    table_fee: int = 0  # groszy a player a series
    house_share: float = 0.0  # of the entry fees
    lost_fees_to: str = "pot"
    prizes: tuple[float, ...] = ()  # percent of the pot (after the special prizes) by place
    special: Mapping[str, int] = field(default_factory=dict)  # category -> groszy
    categories: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # player -> categories
    teams: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # team name -> its four players
    tandems: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # tandem name -> its two players


def _money(value: Any, place: str, problems: list[Problem]) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        problems.append(Problem(place, Bi(f"{value!r} nie jest kwotą w złotych (liczbą co najmniej 0)",
                                          f"{value!r} is not an amount in złoty (a number of at least 0)")))
        return 0
    return round(value * 100)


def _names(value: Any, size: int, place: str, problems: list[Problem]) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value) or \
            len(value) != size or len(set(value)) != size:
        problems.append(Problem(place, Bi(f"to nie {size} różnych graczy", f"is not {size} different players")))
        return ()
    return tuple(value)


def parse(data: Mapping[str, Any], players: Sequence[str] | None = None) -> Tournament:
    """A tournament from its file's data; every problem at once, each naming its key (ZapisError). With
    `players`, every player a team, tandem or category names must be one of them."""
    problems: list[Problem] = []
    for key in data:
        if key not in KEYS:
            problems.append(Problem(key, Bi(f"nieznany klucz (możliwe: {', '.join(KEYS)})",
                                            f"unknown key (known: {', '.join(KEYS)})")))
    entry = _money(data.get("entry_fee", 0), "entry_fee", problems)
    table = _money(data.get("table_fee", 0), "table_fee", problems)
    share = data.get("house_share", 0)
    if isinstance(share, bool) or not isinstance(share, (int, float)) or not 0 <= share <= 1:
        problems.append(Problem("house_share", Bi(f"{share!r}: część od 0 do 1", f"{share!r}: a part from 0 to 1")))
        share = 0
    to = data.get("lost_fees_to", "pot")
    if to not in LOST_FEES_TO:
        problems.append(Problem("lost_fees_to", Bi(f"{to!r}: możliwe są {', '.join(LOST_FEES_TO)}",
                                                   f"{to!r} is not one of {', '.join(LOST_FEES_TO)}")))
    prizes = data.get("prizes", [])
    if not isinstance(prizes, list) or not all(not isinstance(p, bool) and isinstance(p, (int, float)) and p >= 0
                                               for p in prizes) or sum(prizes) > 100:
        problems.append(Problem("prizes", Bi("procenty puli według miejsc, razem najwyżej 100",
                                             "percentages of the pot by place, at most 100 in all")))
        prizes = []
    special = data.get("special", {})
    if not isinstance(special, dict):
        problems.append(Problem("special", Bi("tabela: kategoria = kwota", "a table: category = amount")))
        special = {}
    special_g = {c: _money(v, f"special.{c}", problems) for c, v in special.items()}
    categories: dict[str, tuple[str, ...]] = {}
    cats = data.get("categories", {})
    for p, kinds in (cats.items() if isinstance(cats, dict) else []):
        kinds = [kinds] if isinstance(kinds, str) else kinds
        if not isinstance(kinds, list) or not all(k in special_g for k in kinds):
            known = ", ".join(special_g)
            problems.append(Problem(f"categories.{p}", Bi(f"kategorie spośród nagród specjalnych: {known}",
                                                          f"categories among the special prizes: {known}")))
            continue
        categories[p] = tuple(kinds)
    groups = {}
    for key, size in (("teams", 4), ("tandems", 2)):
        found = data.get(key, {})
        named = {n: _names(v, size, f"{key}.{n}", problems) for n, v in (found.items() if isinstance(found, dict)
                                                                          else [])}
        seen: dict[str, str] = {}
        for n, members in named.items():
            for m in members:
                if m in seen:
                    problems.append(Problem(f"{key}.{n}", Bi(f"{m} jest już w {seen[m]}", f"{m} is already in "
                                                                                          f"{seen[m]}")))
                seen.setdefault(m, n)
        groups[key] = named
    if players is not None:
        known = set(players)
        for place, names in ([(f"teams.{n}", v) for n, v in groups["teams"].items()]
                             + [(f"tandems.{n}", v) for n, v in groups["tandems"].items()]
                             + [(f"categories.{p}", (p,)) for p in categories]):
            for m in names:
                if m not in known:
                    problems.append(Problem(place, Bi(f"{m} nie gra w tym turnieju", f"{m} does not play in this "
                                                                                      "tournament")))
    if problems:
        raise ZapisError(problems)
    return Tournament(entry, table, float(share), to, tuple(prizes), special_g, categories, groups["teams"],
                      groups["tandems"])


@dataclass
class Settled:
    """Each player's money (groszy) and the house's, and who won which prize."""

    paid: dict[str, int]  # entry, table and lost-game fees
    prize: dict[str, int]  # place prizes
    special: dict[str, int]  # special prizes
    house: int  # what the house keeps
    pot: int
    awards: list[tuple[str, str, int]]  # (what: "1", "2", ... or a category, player, groszy)

    def won(self, player: str) -> int:
        """The player's prizes: his place's and a special one."""
        return self.prize.get(player, 0) + self.special.get(player, 0)

    def net(self, player: str) -> int:
        return self.won(player) - self.paid.get(player, 0)


def settle(rows: Sequence[Any], tournament: Tournament) -> Settled:
    """The tournament's money from the individual ranking (rows with place, player, lists and fees: the
    lost-game fees in groszy, as zapis.club.skat_tournament.ranking gives them)."""
    tr = tournament
    paid = {r.player: tr.entry_fee + tr.table_fee * r.lists + r.fees for r in rows}
    entries = tr.entry_fee * len(rows)
    cut = _floor(entries * tr.house_share)
    lost = sum(r.fees for r in rows)
    pot = entries - cut + (lost if tr.lost_fees_to == "pot" else 0)
    places = {place: [r.player for r in rows if r.place == place] for place in sorted({r.place for r in rows})}
    # a place is paid when the places its players span have a share; one prize a player
    paid_places = {place: sharing for place, sharing in places.items()
                   if sum(tr.prizes[place - 1:place - 1 + len(sharing)])}
    winners = {p for sharing in paid_places.values() for p in sharing}
    awards: list[tuple[str, str, int]] = []
    special: dict[str, int] = {}
    left = pot
    for category, amount in tr.special.items():  # the best of each category who wins no other prize
        amount = min(amount, left)
        best = next((r.player for r in rows if category in tr.categories.get(r.player, ())
                     and r.player not in special and r.player not in winners), None)
        if best is not None and amount:
            special[best] = amount
            awards.append((category, best, amount))
            left -= amount
    by_place = [_floor(left * share / 100) for share in tr.prizes]
    prize: dict[str, int] = {}
    for place, sharing in paid_places.items():
        each, rest = divmod(sum(by_place[place - 1:place - 1 + len(sharing)]), len(sharing))
        for i, p in enumerate(sharing):
            prize[p] = each + (1 if i < rest else 0)
            awards.append((str(place), p, prize[p]))
    house = sum(paid.values()) - sum(prize.values()) - sum(special.values())
    return Settled(paid, prize, special, house, pot, awards)


def _floor(groszy: float) -> int:
    """Whole groszy, down; a float's last-digit error never takes one off (0.29 x 100 is 28.999999999999996)."""
    return math.floor(round(groszy, 6))


def lists_text(named: Mapping[str, Any]) -> str:
    """Named lists as one line a person types: `Asy: Ala, Bob; Króle: Cyryl, Dawid` (a single value alone)."""
    return "; ".join(f"{name}: {', '.join(v) if isinstance(v, (list, tuple)) else v}" for name, v in named.items())


def read_lists(text: str) -> dict[str, list[str]]:
    """The other way: `name: a, b; name: c` to {name: [a, b], ...}; ValueError naming the first part that is not
    `name: ...` (a name without a colon, an empty name, a name twice)."""
    out: dict[str, list[str]] = {}
    for part in text.replace("\n", ";").split(";"):
        if not part.strip():
            continue
        name, colon, items = part.partition(":")
        if not colon or not name.strip() or name.strip() in out:
            raise ValueError(part.strip())
        out[name.strip()] = [x.strip() for x in items.split(",") if x.strip()]
    return out


@dataclass
class GroupRanked:
    place: int
    name: str
    players: tuple[str, ...]
    result: float
    won: int
    lost: int


def group_ranking(rows: Sequence[Any], groups: Mapping[str, Sequence[str]]) -> list[GroupRanked]:
    """Teams (or tandems) ranked by their players' results summed, then more games won, then fewer lost; a shared
    place when all three are equal (as the individual ranking)."""
    by = {r.player: r for r in rows}
    out = []
    for name, members in groups.items():
        got = [by[m] for m in members if m in by]
        out.append(GroupRanked(0, name, tuple(members), sum(r.result for r in got), sum(r.won for r in got),
                               sum(r.lost for r in got)))
    key = {g.name: (g.result, g.won, -g.lost) for g in out}
    out.sort(key=lambda g: (-g.result, -g.won, g.lost, g.name))
    for g in out:
        g.place = 1 + sum(1 for o in out if key[o.name] > key[g.name])
    return out
