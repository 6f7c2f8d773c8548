"""A season's statistics per player and per game family: games, wins, the average place, the best and the worst
result, hands as declarer and of them made (bridge, skat, tysiąc), the longest winning streak.

Pure code: it reads the games as the season judged them (`Store.season(FROM, TO)`, GameResult without sheets, in
the order played: by date, evening, table, game), never the store; nothing is kept, everything follows from the
games. The API other parts build on (the CLI's `--stats`, the statistics screen, the season export):

- `season_statistics(results) -> {player: {family: Stats, ..., "all": Stats}}`;
- `statistics_json(stats) -> {player: {family: {games, wins, average_place, best, worst, declared, made,
  streak}}}`, plain JSON data;
- `family_of(result)`, `family_titles(results, lang)`, `families(stats)` (the order to show them in),
  `by_family(stats)` (a table per family, its players ranked) and `columns(family, table)` (what it shows).

What is counted (decided here, once):
- a family is a module, grouped: "bridge" (rubber bridge, bridge-bobby; Chicago and IMP scoring, in other units,
  are "bridge-chicago" and "bridge-imp"), "bridge-pairs" (a pairs session ranks pairs by
  percentage: a family of its own), "skat", "tysiac", "kierki" (kierki, kierki-loop, and the generic module's
  kierki-* rulesets), "kop" (the ratings' families, but pairs apart); any other module is a family of its own, named by
  its id, except the generic module, whose rulesets are different games: each of its other rulesets is a family
  (czarna-manka, omnibus, ...), never one "other" mixing their points;
- a win is first place; a shared first place is a win (a tie for 1st is a 1st, as the season's standings count it);
- a game in which every side shares first place (no hand played yet, or everybody level) beat nobody: it is left
  out of the statistics altogether (it neither wins nor breaks a streak);
- the average place is the average of the player's places, a shared place counting as the average of the places
  it holds (places 1 and 2 shared: 1.5), as the standings write it;
- the best and the worst result are the player's highest and lowest result in the game's own points: the value the
  game ranks by (his total; his side's total in bridge; his pair's percentage in a pairs session). Points differ
  between families, so the "all" row has none (None);
- declared / made: hands played as declarer and of them made (ScoringModule.declarers: bridge tricks >= level + 6,
  in Bobby's nullo the tricks lost; skat games won; tysiąc contracts reached, a bomb declared and not made; a
  passed-out deal, a skat deal everybody passed and a Ramsch have no declarer); a family without a declarer has
  `has_declarer` False and shows none;
- the longest winning streak: the most games won one after another in the order played (within a family: its
  games only; "all": every game)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from zapis.core.words import Bi, both, say
from zapis.club.evening import GameResult, judge, number_text

ALL = "all"

#: module id -> its family (any other module: its own id; the generic module: its ruleset's id)
FAMILIES = {"bridge": "bridge", "bridge-bobby": "bridge", "bridge-pairs": "bridge-pairs", "skat": "skat",
            "tysiac": "tysiac", "kierki": "kierki", "kierki-loop": "kierki", "kop": "kop"}
#: the families' names for a person, in the order they are shown (others follow by name, "all" last)
FAMILY_TITLES = {"bridge": Bi("Brydż (robry)", "Bridge (rubbers)"),
                 "bridge-chicago": Bi("Brydż Chicago", "Bridge, Chicago"), "bridge-imp": Bi("Brydż IMP", "Bridge, IMP"),
                 "bridge-pairs": Bi("Brydż sportowy (pary)", "Duplicate pairs"),
                 "skat": Bi("Skat", "Skat"), "tysiac": Bi("Tysiąc", "Tysiąc"), "kierki": Bi("Kierki", "Kierki"),
                 "kop": Bi("Kop", "Kop"), ALL: Bi("Wszystkie gry", "All games")}


@dataclass
class Stats:
    """One player's figures in one family (or in all games)."""

    games: int = 0
    wins: int = 0
    place_sum: float = 0.0  # the places summed (average_place = place_sum / games)
    best: float | None = None  # the highest result, in the family's points (None in "all")
    worst: float | None = None
    declared: int = 0  # hands played as declarer
    made: int = 0  # of them made (won)
    streak: int = 0  # the longest run of games won
    run: int = 0  # the run of games won at the last game counted (the streak going on)
    has_declarer: bool = False  # a game counted here has declarers (bridge, skat, tysiąc)

    @property
    def average_place(self) -> float | None:
        return self.place_sum / self.games if self.games else None

    def add(self, won: bool, place: float, value: float | None, declared: tuple[int, int] | None) -> None:
        """One game more: won or not, the player's place, his result (None: not compared) and (hands as
        declarer, made) when the game has declarers."""
        self.games += 1
        self.wins += won
        self.place_sum += place
        self.run = self.run + 1 if won else 0
        self.streak = max(self.streak, self.run)
        if value is not None:
            self.best = value if self.best is None else max(self.best, value)
            self.worst = value if self.worst is None else min(self.worst, value)
        if declared is not None:
            self.has_declarer = True
            self.declared += declared[0]
            self.made += declared[1]

    def to_json(self) -> dict[str, Any]:
        avg = self.average_place
        return {"games": self.games, "wins": self.wins,
                "average_place": None if avg is None else round(avg, 2), "best": self.best, "worst": self.worst,
                "declared": self.declared if self.has_declarer else None,
                "made": self.made if self.has_declarer else None, "streak": self.streak}


def family_of(r: GameResult) -> str:
    """The game's family: its module's group, the generic module's ruleset, or the module's id."""
    mid = getattr(r.module, "id", "") or r.rules.module
    if mid == "bridge" and r.rules.get("scoring") in ("chicago", "imp"):
        return f"bridge-{r.rules['scoring']}"  # deals scored in other units than a rubber's: compared apart
    if mid in FAMILIES:
        return FAMILIES[mid]
    fam = mid if mid != "generic" else "kierki" if r.rules.id.startswith("kierki-") else r.rules.id
    return fam if fam != ALL else f"{fam}-"  # a ruleset (or module) called "all" is not every game


def season_statistics(results: Iterable[GameResult]) -> dict[str, dict[str, Stats]]:
    """Per player, per family (and "all"), the season's figures; the games taken in the order given (the order
    played, as Store.season gives them). Players in the order of their names, each's families in the order met."""
    out: dict[str, dict[str, Stats]] = {}
    for r in results:
        judge(r)
        if not r.sides or all(first == 1 for _, first, *_ in r.sides):
            continue  # nobody beaten: no result to count
        fam = family_of(r)
        value = {p: side[3] for side in r.sides for p in side[0]}
        for p in r.players:
            span = r.place_span.get(p)
            if span is None:
                continue
            won = span[0] == 1
            place = r.places[p]
            declared = (r.declared.get(p, (0, 0)) if r.declared else None)
            mine = out.setdefault(p, {})
            mine.setdefault(fam, Stats()).add(won, place, _number(value.get(p)), declared)
            mine.setdefault(ALL, Stats()).add(won, place, None, declared)
    for mine in out.values():  # "all" last
        mine[ALL] = mine.pop(ALL)
    return dict(sorted(out.items(), key=lambda kv: (kv[0].casefold(), kv[0])))


def _number(v: Any) -> float | None:
    return v if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def families(stats: Mapping[str, Mapping[str, Stats]]) -> list[str]:
    """Every family met, in the order to show them: bridge, bridge-pairs, skat, tysiąc, kierki, kop, the others by
    name, then "all"."""
    return family_order({f for mine in stats.values() for f in mine} | ({ALL} if stats else set()))


def family_title(r: GameResult) -> Any:
    """The name of a game's family (a Bi): the family's own words, else its module's title (the generic module:
    its ruleset's title)."""
    fam = family_of(r)
    if fam in FAMILY_TITLES:
        return FAMILY_TITLES[fam]
    return both(r.rules.title if r.module.id == "generic" else (r.module.title or r.rules.title)) or fam


def family_order(names: Iterable[str]) -> list[str]:
    """Families in the order they are shown: bridge, duplicate pairs, skat, tysiąc, kierki, kop, the others by
    name, "all" last."""
    seen = set(names)
    known = [f for f in FAMILY_TITLES if f in seen and f != ALL]
    return known + sorted(seen - set(known) - {ALL}) + ([ALL] if ALL in seen else [])


def family_titles(results: Iterable[GameResult], lang: str) -> dict[str, str]:
    """Each family's name in `lang`."""
    out = {f: say(t, lang) for f, t in FAMILY_TITLES.items()}
    for r in results:
        out.setdefault(family_of(r), say(family_title(r), lang) or family_of(r))
    return out


#: a family's columns after the player (the keys of Stats.to_json), and their headers as i18n keys (zapis.lang)
COLUMNS = ("games", "wins", "average_place", "best", "worst", "declared", "made", "streak")
HEADERS = {"games": "games", "wins": "stats_wins", "average_place": "stats_avg", "best": "stats_best",
           "worst": "stats_worst", "declared": "stats_declared", "made": "stats_made", "streak": "stats_streak"}


def columns(family: str, table: Mapping[str, Stats]) -> list[str]:
    """The columns a family's table shows: best and worst only within a family (points differ between families),
    declared and made only where the family has a declarer."""
    return [c for c in COLUMNS if not (c in ("best", "worst") and family == ALL)
            and not (c in ("declared", "made") and not any(s.has_declarer for s in table.values()))]


def figures(s: Stats, cols: list[str], lang: str) -> list[str]:
    """One player's figures for the columns `cols` as a person reads them, one way per language (1,5 in Polish);
    none: "–". The statistics screen and the season's report write them so."""
    values = s.to_json()
    return ["–" if values[c] is None else number_text(values[c], lang) for c in cols]


def by_family(stats: Mapping[str, Mapping[str, Stats]]) -> list[tuple[str, dict[str, Stats]]]:
    """Each family's table (families() order), its players by wins, then the average place, then name."""
    out = []
    for fam in families(stats):
        table = {p: mine[fam] for p, mine in stats.items() if fam in mine}
        order = sorted(table, key=lambda p: (-table[p].wins, table[p].average_place or 0, p.casefold(), p))
        out.append((fam, {p: table[p] for p in order}))
    return out


def statistics_json(stats: Mapping[str, Mapping[str, Stats]]) -> dict[str, dict[str, dict[str, Any]]]:
    """The statistics as plain JSON data: player -> family -> figures (declared and made null where the family
    has no declarer; average_place rounded to two decimals)."""
    return {p: {f: s.to_json() for f, s in mine.items()} for p, mine in stats.items()}
