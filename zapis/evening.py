"""The evening's result: each game's places and place points, standings across games, tables and
evenings, and the money settlement. Pure code: it reads Sheets, never the store."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from zapis.core.module import Rules, ScoringModule
from zapis.core.sheet import Sheet


@dataclass
class GameResult:
    """One game as the standings see it."""

    key: str  # a label: "stół 1: Brydż robrowy (gra 3)"
    sheet: Sheet
    rules: Rules
    module: ScoringModule
    stake: float = 0  # groszy per point (bridge: per settlement unit)
    evening: str = ""
    places: dict[str, float] = field(default_factory=dict)
    place_points: dict[str, float] = field(default_factory=dict)
    money: dict[str, int] = field(default_factory=dict)


def entities(module: ScoringModule, rules: Rules, players: Any, sheet: Sheet) -> list[list[str]]:
    """Who shares a result: fixed partnerships, or each player alone."""
    sides = module.partnerships(rules, players)
    return sides if sides else [[p] for p in sheet.players]


def place_scheme(rules: Rules, n: int) -> list[float]:
    """Place points by place: the ruleset's `place_points`, or n, n-1, ..., 1."""
    pts = rules.values.get("place_points") if hasattr(rules, "values") else None
    if pts and len(pts) >= n:
        return [float(x) for x in pts[:n]]
    return [float(n - i) for i in range(n)]


def game_places(module: ScoringModule, rules: Rules, players: Any, sheet: Sheet,
                scheme: Sequence[float] | None = None) -> tuple[dict[str, float], dict[str, float]]:
    """Each player's place in one game (ties share the average place) and place points (ties share
    the average of the places' points). Partners share their side's place."""
    groups = entities(module, rules, players, sheet)
    value = {i: _group_value(sheet, g) for i, g in enumerate(groups)}
    scheme = list(scheme or place_scheme(rules, len(groups)))
    order = sorted(value, key=lambda i: -value[i])
    places: dict[str, float] = {}
    points: dict[str, float] = {}
    k = 0
    while k < len(order):
        tied = [i for i in order if value[i] == value[order[k]]]
        span = range(k, k + len(tied))
        avg_place = sum(j + 1 for j in span) / len(tied)
        avg_pts = sum(scheme[j] if j < len(scheme) else 0 for j in span) / len(tied)
        for i in tied:
            for p in groups[i]:
                places[p] = avg_place
                points[p] = avg_pts
        k += len(tied)
    return places, points


def _group_value(sheet: Sheet, group: list[str]) -> float:
    rank = sheet.extra.get("ranking")
    if rank:  # a pairs session ranks by percentage
        for r in rank:
            if set(r["players"]) == set(group):
                return r.get("percent", r["total"])
    return sheet.totals.get(group[0], 0)


def game_money(module: ScoringModule, rules: Rules, players: Any, sheet: Sheet, stake: float) -> dict[str, int]:
    """What each player wins (+) or pays (-) in groszy for one game.

    - a module that settles money itself (skat's house list) is taken as it is;
    - bridge rubber: the difference of the totals in settlement units (the seed: hundreds), each
      partner winning it from one opponent, times the stake per unit;
    - a zero-sum game: each point at the stake;
    - any other game: every pair of players settles the difference of their totals.
    """
    names = sheet.players
    if "money" in sheet.extra:
        return {p: int(round(sheet.extra["money"].get(p, 0))) for p in names}
    if not stake:
        return {p: 0 for p in names}
    if "rubbers" in sheet.extra:
        out = {p: 0 for p in names}
        sides = module.partnerships(rules, players)
        for rub in sheet.extra["rubbers"]:
            st = rub["settlement"]
            if not st["side"]:
                continue
            win, lose = (sides[0], sides[1]) if st["side"] == "NS" else (sides[1], sides[0])
            for p in win:
                out[p] += int(round(st["units"] * stake))
            for p in lose:
                out[p] -= int(round(st["units"] * stake))
        return out
    tot = sheet.totals
    groups = entities(module, rules, players, sheet)
    if abs(sum(_group_value(sheet, g) for g in groups)) < 1e-9:
        return {p: int(round(tot[p] * stake)) for p in names}
    gv = [_group_value(sheet, g) for g in groups]
    out = {}
    for i, g in enumerate(groups):
        diff = sum(gv[i] - gv[j] for j in range(len(groups)) if j != i)
        for p in g:
            out[p] = int(round(diff * stake))
    return out


@dataclass
class Standing:
    player: str
    games: int
    place_points: float
    results: dict[str, dict[str, Any]]  # game key -> {"total", "place", "place_points"}
    money: int
    rank: int = 0


def standings(results: Iterable[GameResult]) -> list[Standing]:
    """Per player: games played, place points summed, each game's result; ranked by place points."""
    table: dict[str, Standing] = {}
    results = list(results)
    for r in results:
        r.places, r.place_points = game_places(r.module, r.rules, _players_of(r), r.sheet)
        r.money = game_money(r.module, r.rules, _players_of(r), r.sheet, r.stake)
        for p in r.sheet.players:
            st = table.setdefault(p, Standing(p, 0, 0.0, {}, 0))
            st.games += 1
            st.place_points += r.place_points[p]
            st.money += r.money.get(p, 0)
            st.results[r.key] = {"total": r.sheet.totals.get(p, 0), "place": r.places[p],
                                 "place_points": r.place_points[p]}
    out = sorted(table.values(), key=lambda s: (-s.place_points, -s.money, s.player))
    for s in out:
        s.rank = 1 + sum(1 for o in out if o.place_points > s.place_points)
    return out


def _players_of(r: GameResult) -> Any:
    pairs = r.sheet.extra.get("pairs")
    return pairs if pairs else r.sheet.players


def settle(net: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """The shortest list of payments found that settles the nets (who pays whom how much).

    Exact matches (a debt equal to a credit) go first, then the largest debtor pays the largest
    creditor; at most n - 1 payments.
    """
    debt = {p: -v for p, v in net.items() if v < 0}
    cred = {p: v for p, v in net.items() if v > 0}
    pays: list[tuple[str, str, int]] = []
    for d in sorted(debt, key=lambda p: (-debt[p], p)):
        match = next((c for c in sorted(cred) if cred[c] == debt[d]), None)
        if match:
            pays.append((d, match, debt[d]))
            del cred[match]
            debt[d] = 0
    debt = {p: v for p, v in debt.items() if v}
    while debt and cred:
        d = max(debt, key=lambda p: (debt[p], p))
        c = max(cred, key=lambda p: (cred[p], p))
        amount = min(debt[d], cred[c])
        pays.append((d, c, amount))
        debt[d] -= amount
        cred[c] -= amount
        if not debt[d]:
            del debt[d]
        if not cred[c]:
            del cred[c]
    return pays


def money_text(grosze: int) -> str:
    sign = "-" if grosze < 0 else ""
    g = abs(grosze)
    return f"{sign}{g // 100},{g % 100:02d} zł"
