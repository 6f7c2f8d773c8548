"""Skat tournaments: the draw of players to tables of four and three for each series, and the ranking of an
evening's Seeger-Fabian lists as one tournament, with the lost-game fees (Verlustspielgeld) and their
settlement. Pure code: it reads Sheets and names, never the store or the screen.

The draw: as many tables of four as possible, the rest of three (ISkO practice: a four-table's dealer sits
out each deal); every series drawn again at random from the seed (the same seed gives the same draw), each
later series the best of several random draws, each improved by swapping players between tables, where the
fewest pairs of players meet again (a pair that met twice counts more than two pairs that met once).

The ranking: each player's Seeger-Fabian results (the list's own total, as `zapis score` gives it) summed over
the lists; then more games won, then fewer games lost; players equal in all three share a place. The fees: the
k-th game a player loses in a list costs the schedule's k-th amount (the last amount repeats); what is
collected is paid back by the list's rules (`lost_game_fees_to`): shared equally by every player of the
tournament ("all"), by the players of the list's table ("table"), or to the list's winner ("winner"); so the
money of the fees sums to zero over the players.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Iterable, Mapping, Sequence

from zapis.core.errors import Problem, ZapisError
from zapis.core.names import name_problems
from zapis.core.words import Bi

#: the most series a draw makes (a long day has 3-5; more is a typo)
MOST_SERIES = 99
#: random draws compared for each later series (the one with the fewest repeated meetings is kept)
TRIES = 30
#: up to this many players each later series is searched (swaps that lower the meetings); more are drawn at random
SEARCHED = 200


def table_sizes(n: int) -> list[int] | None:
    """Tables of 4 and 3 seating `n` players, as many fours as possible, fours first; None when impossible
    (1, 2 and 5 players; no players)."""
    if n < 3:
        return None
    for fours in range(n // 4, -1, -1):
        if (n - 4 * fours) % 3 == 0:
            return [4] * fours + [3] * ((n - 4 * fours) // 3)
    return None


def check_draw(players: Sequence[str], series: Any, place: str = "--players",
               series_place: str = "--series") -> list[Problem]:
    """What keeps these players and this number of series from a draw, each problem naming its place."""
    out = []
    names = [p.strip() if isinstance(p, str) else p for p in players]
    if any(not isinstance(p, str) or not p for p in names):
        out.append(Problem(place, Bi("puste imię gracza", "an empty player name")))
    for p in names:  # as every name that enters (the draw's tables become games): short, no control characters
        out += name_problems(p, place)
    seen: set[str] = set()
    twice = []
    for p in names:
        if isinstance(p, str) and p and p in seen and p not in twice:
            twice.append(p)
        seen.add(p)
    if twice:
        who = ", ".join(twice)
        out.append(Problem(place, Bi(f"{who}: ten sam gracz dwa razy", f"{who} named twice")))
    n = len(names)
    if table_sizes(n) is None:
        out.append(Problem(place, Bi(f"{n} graczy nie da się posadzić przy stołach czwórkowych i trójkowych",
                                     f"{n} players cannot sit at tables of 4 and 3")))
    if isinstance(series, bool) or not isinstance(series, int) or not 1 <= series <= MOST_SERIES:
        out.append(Problem(series_place, Bi(f"{series}: liczba serii od 1 do {MOST_SERIES}",
                                            f"{series}: the number of series is 1 to {MOST_SERIES}")))
    return out


def _seed(seed: Any) -> Any:
    """A seed as typed: a whole number as a number, anything else as its text (both repeatable)."""
    if seed is None or isinstance(seed, int):
        return seed
    text = str(seed).strip()
    try:
        return int(text)
    except ValueError:
        return text


#: how much two players of one team (or tandem) at one table weigh in the draw: more than any meetings again
TEAMMATES = 100


def draw(players: Sequence[str], series: int, seed: Any = None,
         apart: Sequence[Sequence[str]] = ()) -> list[list[list[str]]]:
    """Each series' tables (each a list of players in seat order; fours first). Refused (ZapisError) when the
    players cannot be seated at tables of 4 and 3, a name is empty or given twice, or `series` is not 1-99.
    Without a seed the draw is random each time; with one it is the same each time. The players of each group of
    `apart` (a prize tournament's teams) sit at different tables wherever the tables allow it (12 players and
    teams of 4 at three tables cannot: then as few teammates meet as can)."""
    problems = check_draw(players, series)
    if problems:
        raise ZapisError(problems)
    names = [p.strip() for p in players]
    sizes = table_sizes(len(names))
    assert sizes is not None
    rng = random.Random(_seed(seed))
    met: dict[frozenset[str], int] = {}
    mates = {frozenset(pair): TEAMMATES for group in apart for pair in combinations(group, 2)}
    out = []
    for k in range(series):
        best, best_cost = None, None
        small = len(names) <= SEARCHED  # a big field meets again little by chance: no search (but for teams)
        weights = {pair: met.get(pair, 0) + mates.get(pair, 0) for pair in {*met, *mates}}
        for _ in range(1 if k == 0 and not mates else TRIES if small else 3):
            order = names[:]
            rng.shuffle(order)
            tables = _cut(order, sizes)
            if (k or mates) and (small or mates):
                _improve(tables, weights)
            cost = _cost(tables, weights)
            if best_cost is None or cost < best_cost:
                best, best_cost = tables, cost
                if cost == 0:
                    break
        assert best is not None
        for t in best:
            for pair in combinations(t, 2):
                met[frozenset(pair)] = met.get(frozenset(pair), 0) + 1
        out.append(best)
    return out


def seat_by_ranking(ranked: Sequence[str]) -> list[list[str]]:
    """A later series seated by the standings (the ranking so far, best first): the best four at table 1, the next
    at table 2, ..., tables of 4 and 3 as the draw makes them. Refused as the draw is (ZapisError)."""
    problems = check_draw(ranked, 1, place="ranking")
    if problems:
        raise ZapisError(problems)
    sizes = table_sizes(len(ranked))
    assert sizes is not None
    return _cut([p.strip() for p in ranked], sizes)


def _cost(tables: list[list[str]], met: Mapping[frozenset[str], int]) -> int:
    """How much the tables make players meet again: each pair's earlier meetings, counted more the more often."""
    return sum(_pair_cost(t, met) for t in tables)


def _pair_cost(table: list[str], met: Mapping[frozenset[str], int]) -> int:
    return sum((m := met.get(frozenset(pair), 0)) * (m + 1) for pair in combinations(table, 2))


def _improve(tables: list[list[str]], met: Mapping[frozenset[str], int]) -> None:
    """Swaps of two players at different tables, each kept while it lowers the cost, until none does."""
    better = True
    rounds = 0
    while better and rounds < 20:
        better, rounds = False, rounds + 1
        for a, b in combinations(range(len(tables)), 2):
            ta, tb = tables[a], tables[b]
            for i in range(len(ta)):
                for j in range(len(tb)):
                    before = _pair_cost(ta, met) + _pair_cost(tb, met)
                    if not before:
                        continue
                    ta[i], tb[j] = tb[j], ta[i]
                    if _pair_cost(ta, met) + _pair_cost(tb, met) < before:
                        better = True
                    else:
                        ta[i], tb[j] = tb[j], ta[i]


def _cut(order: list[str], sizes: list[int]) -> list[list[str]]:
    tables, at = [], 0
    for s in sizes:
        tables.append(order[at:at + s])
        at += s
    return tables


def draw_json(drawn: list[list[list[str]]]) -> dict[str, Any]:
    """The draw as `zapis skat draw --json` prints it."""
    return {"series": [{"series": i, "tables": [{"table": j, "players": list(t)} for j, t in enumerate(tables, 1)]}
                       for i, tables in enumerate(drawn, 1)]}


# --- the ranking -------------------------------------------------------------------------------------------

#: the lost-game fees by default: 0.50 zł for each of a list's first three lost games, 1.00 zł from the fourth
#: (German tournament practice: "0,50 € ... ab dem vierten verlorenen Spiel pro Liste 1 €", the
#: Deutschlandturnier 2017's rules and the Preisskat article; ../shared/rules/skat.md §2.2)
DEFAULT_FEES = [0.5, 0.5, 0.5, 1.0]
FEES_TO = ("all", "table", "winner")


def fee_for(lost: int, schedule: Sequence[float]) -> int:
    """What `lost` lost games of one list cost, in groszy: the k-th lost game costs the schedule's k-th amount,
    the last amount for every one after it; an empty schedule costs nothing."""
    if not schedule or lost <= 0:
        return 0
    cents = [round(float(x) * 100) for x in schedule]
    return sum(cents[min(k, len(cents) - 1)] for k in range(lost))


@dataclass
class TournamentList:
    """One table's Seeger-Fabian list as the ranking reads it."""

    game: int  # the game's id
    table: int
    players: list[str]
    result: dict[str, float]  # the list's Seeger-Fabian result per player (its total)
    won: dict[str, int]
    lost: dict[str, int]
    fees: Sequence[float] = field(default_factory=lambda: list(DEFAULT_FEES))
    fees_to: str = "all"
    place: dict[str, int] = field(default_factory=dict)  # the list's own places (for "winner")


def is_tournament_list(module_id: str, rules: Mapping[str, Any]) -> bool:
    """A skat game kept on the Seeger-Fabian tournament list (skat-tournament, skat-pzskat and their kin)."""
    return module_id == "skat" and rules.get("list") == "tournament"


def from_sheet(game: int, table: int, sheet: Any, rules: Mapping[str, Any]) -> TournamentList:
    """A list from a skat sheet (its `list` block: per player the result, games won and lost, place)."""
    block = sheet.extra.get("list") or {}
    players = list(sheet.players)
    get = lambda p, k: block.get(p, {}).get(k, 0)  # noqa: E731
    return TournamentList(game, table, players,
                          {p: block[p]["total"] if p in block else sheet.totals.get(p, 0) for p in players},
                          {p: get(p, "won") for p in players}, {p: get(p, "lost") for p in players},
                          list(rules.get("lost_game_fees", DEFAULT_FEES)), rules.get("lost_game_fees_to", "all"),
                          {p: get(p, "place") or 1 for p in players})


def evening_lists(store: Any, evening_id: int) -> list[TournamentList]:
    """The evening's Seeger-Fabian lists, table by table, read through a Store (its games, each scored as it
    stands: a list still being played counts with what it has)."""
    out = []
    for g in store.games(evening_id):
        if g.module != "skat":
            continue
        scored = store.scored(g.id)
        if is_tournament_list(g.module, scored.rules):
            out.append(from_sheet(g.id, g.table, scored.sheet, scored.rules))
    return out


@dataclass
class Ranked:
    place: int
    player: str
    result: float
    won: int
    lost: int
    fees: int  # groszy paid for lost games
    paid_back: int = 0  # groszy received from the collected fees
    lists: int = 0

    @property
    def net(self) -> int:
        """The fees' money for this player, in groszy: received less paid (sums to zero over the players)."""
        return self.paid_back - self.fees


def _share(pot: int, to: list[str], into: dict[str, int]) -> None:
    """`pot` groszy shared equally by `to` (in that order); the groszy left over go one each to the first."""
    if not to or not pot:
        return
    each, rest = divmod(pot, len(to))
    for i, p in enumerate(to):
        into[p] = into.get(p, 0) + each + (1 if i < rest else 0)


def ranking(lists: Iterable[TournamentList]) -> list[Ranked]:
    """The lists ranked as one tournament: results summed; more won, then fewer lost break ties; a shared
    place when all three are equal. Each player's fees and what he gets back of them."""
    lists = list(lists)
    rows: dict[str, Ranked] = {}
    for lst in lists:
        for p in lst.players:
            r = rows.setdefault(p, Ranked(0, p, 0, 0, 0, 0))
            r.result += lst.result.get(p, 0)
            r.won += lst.won.get(p, 0)
            r.lost += lst.lost.get(p, 0)
            r.fees += fee_for(lst.lost.get(p, 0), lst.fees)
            r.lists += 1
    key = {p: (r.result, r.won, -r.lost) for p, r in rows.items()}
    out = sorted(rows.values(), key=lambda r: (-r.result, -r.won, r.lost, r.player))
    for r in out:
        r.place = 1 + sum(1 for q in out if key[q.player] > key[r.player])
        if isinstance(r.result, float) and r.result.is_integer():
            r.result = int(r.result)
    order = [r.player for r in out]
    back: dict[str, int] = {}
    pot_all = 0
    for lst in lists:
        pot = sum(fee_for(lst.lost.get(p, 0), lst.fees) for p in lst.players)
        if lst.fees_to == "table":
            _share(pot, [p for p in order if p in lst.players], back)
        elif lst.fees_to == "winner":
            first = [p for p in order if p in lst.players and lst.place.get(p) == 1] or \
                [p for p in order if p in lst.players][:1]
            _share(pot, first, back)
        else:
            pot_all += pot
    _share(pot_all, order, back)
    for r in out:
        r.paid_back = back.get(r.player, 0)
    return out


def ranking_json(rows: list[Ranked]) -> dict[str, Any]:
    """The ranking as `zapis skat ranking --json` prints it: the fees paid and the net money of the fees
    (received less paid) in złoty."""
    return {"ranking": [{"place": r.place, "player": r.player, "result": r.result, "won": r.won, "lost": r.lost,
                         "fees": _zl(r.fees), "fees_back": _zl(r.paid_back), "money": _zl(r.net)} for r in rows]}


def _zl(grosze: int) -> int | float:
    v = grosze / 100
    return int(v) if v.is_integer() else v
