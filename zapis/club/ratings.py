"""The season's ratings: each finished game moves its players' ratings by their places, with openskill's
Plackett-Luce model (a kept rating library for games of any number of players: ranks, ties and teams).

Pure code: it reads judged games (GameResult, as Store.season() gives them), never the store or the screen.
Nothing is stored: the ratings are computed from the season's results each time, in the order the games were
played (Store.season(): by the evening's date, then table and game), with no randomness, so the same season
always gives the same numbers.

- Every player begins the season as openskill's new player (mu 25, sigma 25/3). A game is a match of its sides
  (GameResult.sides, best first): partners (bridge, a two-against-two game) are one openskill team, players who
  share a place have equal ranks.
- Which games count: a finished game (its sheet said so). A game that has no end of its own (a module that goes on,
  such as bridge rubbers and Chicago, whose game the evening ends; a generic game with end "none"; kop without a
  number of deals) counts once it has a result: its sides are not all level. A game of one side counts never.
- The number a club reads: START + SCALE * ordinal, where the ordinal is openskill's mu - 3 sigma (a rating the
  player is very likely above). A new player has ordinal 0, so 1000; one 4-player game won is about 1060, one
  lost about 966. Higher is better; rounded to one decimal.
- One rating over every game of the season (the `ratings` of `zapis standings --season ... --ratings --json`),
  and one per game family from that family's games alone: the families of the season's statistics
  (zapis.club.statistics.family_of: bridge, duplicate pairs, skat, tysiąc, kierki, kop, and every other game apart).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Iterable

from zapis.club.evening import GameResult, judge
from zapis.club.statistics import family_of as family, family_order, family_title

#: a new player's rating (openskill's ordinal 0)
START = 1000.0
#: club points per unit of openskill's ordinal (mu - 3 sigma)
SCALE = 20.0


@dataclass
class Rating:
    """One player's rating over a season (or over one family's games of it)."""

    player: str
    rating: float = START  # at the end of the season, club scale
    change: float = 0.0  # over the season: rating minus the rating the season began with (START)
    games: int = 0  # the games rated
    mu: float = 25.0  # openskill's estimate of the player's skill...
    sigma: float = 25 / 3  # ...and its uncertainty
    #: (evening date, rating after that evening) for each evening the player had a rated game, in order
    history: list[tuple[str, float]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"rating": self.rating, "change": self.change, "games": self.games, "mu": round(self.mu, 4),
                "sigma": round(self.sigma, 4), "history": [[d, r] for d, r in self.history]}


@dataclass
class SeasonRatings:
    """A season's ratings: `players` over every game (best first), `families` per game family (only the families
    played, each best first), and how many games were rated and left out (unfinished)."""

    players: list[Rating]
    families: dict[str, list[Rating]]
    rated: int = 0
    skipped: int = 0
    titles: dict[str, Any] = field(default_factory=dict)  # each family's name (a Bi)

    def ratings(self) -> dict[str, float]:
        """player -> rating, best first: the `ratings` of the JSON."""
        return {r.player: r.rating for r in self.players}

    def to_json(self) -> dict[str, Any]:
        """Everything else, as plain data: the `rating_details` of the JSON."""
        return {"start": START, "scale": SCALE, "model": "openskill PlackettLuce", "rated_games": self.rated,
                "skipped_games": self.skipped, "players": {r.player: r.to_json() for r in self.players},
                "families": {f: {r.player: r.to_json() for r in rs} for f, rs in self.families.items()}}


def club_number(ordinal: float) -> float:
    """openskill's ordinal on the club's scale: START + SCALE * ordinal, to one decimal."""
    return round(START + SCALE * ordinal, 1) + 0.0  # + 0.0: never -0.0


def rating_text(value: float, signed: bool = False) -> str:
    """A rating (or its change, `signed`: +60, -34) as a club reads it: a whole number, the same in both
    languages."""
    whole = math.floor(value + 0.5)
    return f"{whole:+d}" if signed and whole else str(whole)


def endless(r: GameResult) -> bool:
    """Whether the game has no end of its own: a module that goes on (bridge), end "none", kop without deals."""
    if getattr(r.module, "goes_on", False):
        return True
    values = getattr(r.rules, "values", None) or {}
    if values.get("end") == "none":
        return True
    return getattr(r.module, "id", "") == "kop" and not values.get("deals")


def counts(r: GameResult) -> bool:
    """Whether a judged game moves ratings: two sides or more, and finished (or, without an end, a result)."""
    if len(r.sides) < 2:
        return False
    if r.finished:
        return True
    return endless(r) and len({side[1] for side in r.sides}) > 1


def season_ratings(results: Iterable[GameResult]) -> SeasonRatings:
    """The season's ratings from its games in the order played (as Store.season() gives them). Every player of the
    season has a rating: one whose games were all left out keeps START with 0 games."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    overall = _Table(model)
    per_family: dict[str, _Table] = {}
    rated = skipped = 0
    titles: dict[str, Any] = {}
    for r in results:
        judge(r)
        for p in r.players:
            overall.player(p)
        if not counts(r):
            skipped += 1
            continue
        rated += 1
        overall.rate(r)
        fam = family(r)
        per_family.setdefault(fam, _Table(model)).rate(r)
        titles.setdefault(fam, family_title(r))
    fams = {f: per_family[f].done() for f in family_order(per_family)}
    return SeasonRatings(overall.done(), fams, rated, skipped, titles)


class _Table:
    """The ratings of one pool of games (the season, or one family), as openskill keeps them."""

    def __init__(self, model: Any):
        self.model = model
        self.now: dict[str, Any] = {}
        self.out: dict[str, Rating] = {}

    def player(self, name: str) -> Rating:
        if name not in self.out:
            self.now[name] = self.model.rating(name=name)
            self.out[name] = Rating(name)
        return self.out[name]

    def rate(self, r: GameResult) -> None:
        sides = [side for side in r.sides if side[0]]
        teams = [[self.now[self.player(p).player] for p in side[0]] for side in sides]
        new = self.model.rate(teams, ranks=[float(side[1]) for side in sides])
        for side, team in zip(sides, new):
            for p, rating in zip(side[0], team):
                self.now[p] = rating
                mine = self.out[p]
                mine.games += 1
                mine.mu, mine.sigma = rating.mu, rating.sigma
                mine.rating = club_number(rating.ordinal())
                if mine.history and mine.history[-1][0] == r.evening:
                    mine.history[-1] = (r.evening, mine.rating)
                else:
                    mine.history.append((r.evening, mine.rating))

    def done(self) -> list[Rating]:
        for mine in self.out.values():
            mine.change = round(mine.rating - START, 1) + 0.0
        return sorted(self.out.values(), key=lambda x: (-x.rating, x.player))
