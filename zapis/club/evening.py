"""The evening's result: each game's places and place points, standings across games, tables and
evenings, and the money settlement. Pure code: it reads Sheets, never the store."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from zapis.core.gcpause import collector_paused
from zapis.core.module import Rules, ScoringModule
from zapis.core.sheet import Sheet, fmt_number
from zapis.core.words import both, say
from zapis.lang.text import plain


@dataclass
class GameResult:
    """One game as the standings see it: its sheet, then (judge()) what the standings take from it. A season's
    games keep only that (sheet None): the sheets of a thousand evenings are never held at once."""

    key: str  # a label: "stół 1: Brydż robrowy (gra 3)"
    sheet: Sheet | None
    rules: Rules
    module: ScoringModule
    stake: float = 0  # groszy per point (bridge: per settlement unit)
    evening: str = ""
    places: dict[str, float] = field(default_factory=dict)
    place_points: dict[str, float] = field(default_factory=dict)
    money: dict[str, int] = field(default_factory=dict)
    #: each player's place as (first, last): (2, 3) when two share places 2 and 3 (set by standings())
    place_span: dict[str, tuple[int, int]] = field(default_factory=dict)
    players: list[str] = field(default_factory=list)  # the sheet's players and totals (set by judge())
    totals: dict[str, float] = field(default_factory=dict)
    #: each side (a player, or partners) best first: [its players, first place, last place, its value, the
    #: place points each of them gets]
    sides: list[list[Any]] = field(default_factory=list)
    #: the sheet said the game (or, for a module that goes on, a unit of it: a rubber) is over (set by judge())
    finished: bool = False
    #: each player's hands as declarer and of them made (ScoringModule.declarers: set by the store, which has the
    #: hands); empty when the game has no declarer
    declared: dict[str, tuple[int, int]] = field(default_factory=dict)
    judged: bool = False

    def outcome(self) -> dict[str, Any]:
        """What judge() found, as plain JSON data, compact (the store keeps thousands): the players, their totals
        and money in the players' order, the sides (places and place points follow from them) and whether the sheet
        was finished (the season's ratings take finished games)."""
        judge(self)
        out = {"players": self.players, "totals": [self.totals[p] for p in self.players],
               "money": [self.money.get(p, 0) for p in self.players], "sides": self.sides,
               "finished": self.finished}
        if self.declared:  # [hands as declarer, made] in the players' order; none for a game without a declarer
            out["declared"] = [list(self.declared.get(p, (0, 0))) for p in self.players]
        return out

    @classmethod
    def judged_from(cls, key: str, outcome: Mapping[str, Any], rules: Rules, module: ScoringModule,
                    stake: float = 0, evening: str = "") -> GameResult:
        """A game as the standings see it, from its outcome (no sheet). Every field given at once (a season makes
        thousands: none is made empty only to be replaced)."""
        players = outcome["players"]
        totals = dict(zip(players, outcome["totals"]))
        money = dict(zip(players, outcome["money"]))
        sides = outcome["sides"]
        got = outcome.get("declared")
        declared = {p: (d[0], d[1]) for p, d in zip(players, got) if d[0]} if got else {}
        finished = bool(outcome.get("finished", False))
        places, points, spans = _places(sides)
        return cls(key, None, rules, module, stake, evening, places=places, place_points=points, money=money,
                   place_span=spans, players=players, totals=totals, sides=sides, finished=finished,
                   declared=declared, judged=True)


def declarers(module: ScoringModule, rules: Rules, players: Any, hands: Sequence[Mapping[str, Any]]
              ) -> dict[str, tuple[int, int]]:
    """Each player's (hands as declarer, of them made) in one game, from its module (ScoringModule.declarers); a
    player the game does not seat is left out. Never raises: hands the module cannot read give none."""
    try:
        return declared_of(module.declarers(rules, players, list(hands)), players)
    except Exception:  # statistics are no reason for a season to fail
        return {}


def declared_of(found: Mapping[str, tuple[int, int]], players: Any) -> dict[str, tuple[int, int]]:
    """The declarers a game seats, each with (hands as declarer, of them made), as counts."""
    names = set(players) if isinstance(players, list) else set()
    return {p: (int(n), int(made)) for p, (n, made) in found.items() if p in names and n}


def judge(r: GameResult) -> GameResult:
    """One game's places, place points, place spans and money, from its sheet (once)."""
    if not r.judged:
        sheet = r.sheet
        players = _players_of(r)
        groups = entities(r.module, r.rules, players, sheet)
        values = _group_values(sheet, groups)  # each side's value, found once (ranked_sides() finds the same)
        ranked = _ranked(groups, values, place_scheme(r.rules, len(groups)))
        r.money = game_money(r.module, r.rules, players, sheet, r.stake)
        r.players = list(sheet.players)
        totals = sheet.totals
        r.totals = {p: totals.get(p, 0) for p in r.players}
        r.sides = [[list(groups[i]), first, last, values[i], pts] for i, first, last, pts in ranked]
        r.finished = bool(sheet.finished)
        _place(r)
        r.judged = True
    return r


def _place(r: GameResult) -> None:
    """A judged game's places, place points and place spans, from its sides."""
    r.places, r.place_points, r.place_span = _places(r.sides)


def _places(ranked: Iterable[Sequence[Any]]
            ) -> tuple[dict[str, float], dict[str, float], dict[str, tuple[int, int]]]:
    """From sides ranked (players, first place, last place, ..., place points last: ranked_sides()' tuples or a
    judged game's sides): each player's place (the average of the places the side holds), place points and place
    span. One loop, no tuple made a side (a season judges thousands of games)."""
    places: dict[str, float] = {}
    points: dict[str, float] = {}
    spans: dict[str, tuple[int, int]] = {}
    for side in ranked:
        first, last, pts = side[1], side[2], side[-1]
        place, span = (first + last) / 2, (first, last)
        for p in side[0]:
            places[p] = place
            points[p] = pts
            spans[p] = span
    return places, points, spans


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
    places, points, _ = _places(ranked_sides(module, rules, players, sheet, scheme))
    return places, points


def ranked_sides(module: ScoringModule, rules: Rules, players: Any, sheet: Sheet,
                 scheme: Sequence[float] | None = None) -> list[tuple[list[str], int, int, float]]:
    """One game's sides (a player, or partners) best first, each with the places it holds, first and
    last (a tie holds several: 2 and 3), and its place points (the average of those places' points)."""
    groups = entities(module, rules, players, sheet)
    ranked = _ranked(groups, _group_values(sheet, groups), scheme or place_scheme(rules, len(groups)))
    return [(groups[i], first, last, pts) for i, first, last, pts in ranked]


def _ranked(groups: list[list[str]], value: list[float], scheme: Sequence[float]
            ) -> list[tuple[int, int, int, float]]:
    """ranked_sides() from the sides and their values: each side (by its index) best first, with its first and
    last place and its place points."""
    scheme = list(scheme)
    neg = [-v for v in value]
    order = sorted(range(len(groups)), key=neg.__getitem__)  # best first; a tie keeps the sides' order
    out = []
    k, count = 0, len(order)
    while k < count:
        top = value[order[k]]
        end = k  # the sides tied with it follow it (sorted)
        while end < count and value[order[end]] == top:
            end += 1
        n = end - k
        avg_pts = sum(scheme[k:end]) / n  # places past the scheme's end have no points
        for i in order[k:end]:
            out.append((i, k + 1, end, avg_pts))
        k = end
    return out


def _group_values(sheet: Sheet, groups: list[list[str]]) -> list[float]:
    """Each side's value (_group_value), the sheet read once."""
    if sheet.extra.get("ranking"):
        return [_group_value(sheet, g) for g in groups]
    totals = sheet.totals
    return [totals.get(g[0], 0) for g in groups]


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
      partner winning it from one opponent, times the stake per unit (the partners of that rubber: a tura's change);
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
            by = rub.get("sides") or {"NS": sides[0], "EW": sides[1]}  # a rubber's own sides (a bridge tura)
            win, lose = (by["NS"], by["EW"]) if st["side"] == "NS" else (by["EW"], by["NS"])
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
    with collector_paused():  # a season: tens of thousands of small results made, all kept
        for r in results:
            judge(r)
            key, totals, places, points, money = r.key, r.totals, r.places, r.place_points, r.money
            for p in r.players:
                st = table.get(p)
                if st is None:
                    st = table[p] = Standing(p, 0, 0.0, {}, 0)
                st.games += 1
                st.place_points += points[p]
                st.money += money.get(p, 0)
                st.results[key] = {"total": totals.get(p, 0), "place": places[p], "place_points": points[p]}
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


def money_text(grosze: int, lang: str = "pl") -> str:
    """Groszy as złoty: 6,62 zł (Polish), 6.62 zł (English)."""
    sign = "-" if grosze < 0 else ""
    g = abs(grosze)
    return f"{sign}{g // 100}{',' if lang == 'pl' else '.'}{g % 100:02d} zł"


def number_text(value: float, lang: str = "pl") -> str:
    """A number for a person to read: no needless decimals (at most two); a decimal comma in Polish (11,5),
    a point in English (11.5)."""
    text = fmt_number(value)
    return text.replace(".", ",") if lang == "pl" else text


def place_text(first: int, last: int | None = None) -> str:
    """A place as a club writes it: 2., or 2.–3. for places 2 and 3 shared by a tie."""
    return f"{first}." if last is None or last == first else f"{first}.–{last}."


def rank_spans(table: Sequence[Standing]) -> list[tuple[int, int]]:
    """Each standing's place as (first, last): players level on place points share their places."""
    return [(s.rank, s.rank + sum(1 for o in table if o.rank == s.rank) - 1) for s in table]


def game_ranking(r: GameResult) -> list[tuple[str, list[str], float]]:
    """One game's result best first, for a person to read: (place, the side's players, its total); a side is
    one player or partners. Read from what judge() found (the sheet is not needed)."""
    judge(r)
    order = sorted(r.sides, key=lambda x: (x[1], r.players.index(x[0][0]) if x[0][0] in r.players else 0))
    return [(place_text(first, last), side, total) for side, first, last, total, _ in order]


def game_parts(key: str) -> dict[str, str]:
    """A game's label (GameResult.key: "[DATE ]stół N: TITLE (#ID)") in parts: date, table, title, id."""
    import re

    m = re.fullmatch(r"(?:(\d{4}-\d{2}-\d{2}) )?stół (\d+): (.*) \(#(\d+)\)", key, re.S)
    if not m:
        return {"date": "", "table": "", "title": key, "id": ""}
    return {"date": m[1] or "", "table": m[2], "title": m[3], "id": m[4]}


@dataclass
class SeasonRow:
    """One player's season: the evenings and games played, place points, how often 1st, 2nd, 3rd, money."""

    rank: int
    player: str
    evenings: int
    games: int
    place_points: float
    places: tuple[int, int, int]
    money: int


def season(results: Iterable[GameResult], table: list[Standing] | None = None) -> list[SeasonRow]:
    """The season's standings, one row per player in the order of the ranking (place points; `table`, when the
    caller has it already). A place shared counts as its first place (a tie for 1st is a 1st)."""
    results = list(results)
    table = standings(results) if table is None else table
    evenings: dict[str, set[str]] = {}
    firsts: dict[str, list[int]] = {}
    for r in results:
        evening, spans = r.evening, r.place_span
        for p in r.players:
            if p in evenings:
                evenings[p].add(evening)
                firsts[p].append(spans[p][0])
            else:
                evenings[p] = {evening}
                firsts[p] = [spans[p][0]]
    return [SeasonRow(s.rank, s.player, len(evenings[s.player]), s.games, s.place_points,
                      tuple(firsts[s.player].count(k) for k in (1, 2, 3)), s.money) for s in table]


def game_heading(r: GameResult, table_word: str = "stół", lang: str = "pl") -> str:
    """#3 · stół 2 · Tysiąc (a season's game carries its date first): which game a result is, for a person; a
    ruleset's title in `lang`."""
    parts = game_parts(r.key)
    title = say(both(parts["title"]), lang)
    if not parts["id"]:
        return plain(title)
    date = f"{parts['date']} · " if parts["date"] else ""
    return plain(f"#{parts['id']} · {date}{table_word} {parts['table']} · {title}")


def result_lines(r: GameResult, width: int, lang: str = "pl") -> list[str]:
    """A game's places and totals (1. Ala, Celina 300   2. Bartek, Darek 180), packed into lines of `width`."""
    items = [f"{place} {', '.join(plain(p) for p in side)} {number_text(total, lang)}"
             for place, side, total in game_ranking(r)]
    return pack(items, width)


def pack(items: list[str], width: int, gap: str = "   ") -> list[str]:
    """Items on as few lines as fit `width` columns; an item is never split (one longer than a line stands
    alone, for the screen to wrap)."""
    from rich.cells import cell_len

    lines: list[str] = []
    for item in items:
        if lines and cell_len(lines[-1]) + len(gap) + cell_len(item) <= width:
            lines[-1] += gap + item
        else:
            lines.append(item)
    return lines
