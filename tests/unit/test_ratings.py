"""Season ratings (issue 17, part 2): each finished game moves its players' openskill (Plackett-Luce) ratings by
their places; partners are a team, a shared place is a tie; the same season always gives the same numbers;
`zapis standings --season FROM TO --ratings [--json]`.

The first three tests work the numbers by hand from the Plackett-Luce update of Weng and Lin (2011), as openskill
applies it (mu 25, sigma 25/3, beta 25/6, tau 25/300 added to each sigma first, gamma = the team's sigma / c):
    c = sqrt(sum over teams of (team sigma^2 + beta^2)), each team's share of exp(mu/c) among the teams it ties
    or beats gives omega and delta; mu' = mu + sigma^2 / c * omega;
    sigma'^2 = sigma^2 * max(1 - sigma^2 / c^2 * delta * gamma, 1e-4); the club's number 1000 + 20 (mu' - 3 sigma')."""

from __future__ import annotations

import json
import random
from math import sqrt

import pytest

from tests.unit.test_season_layout import club
from zapis.io import records, rulesets
from zapis.cli import main
from zapis.core.module import get_module
from zapis.club.evening import GameResult, standings
from zapis.club.ratings import START, family, rating_text, season_ratings
from zapis.store import Store

ALL = ("0000-01-01", "9999-12-31")
SIGMA2 = (25 / 3) ** 2 + (25 / 300) ** 2  # a new player's sigma^2, tau^2 added before the game
BETA2 = (25 / 6) ** 2


def by_hand(omega: float, delta: float, team_sigma2: float, c: float) -> float:
    """A new player's club rating after one game, from the team's omega and delta (worked out below)."""
    mu = 25 + SIGMA2 / c * omega
    sigma = sqrt(SIGMA2 * max(1 - SIGMA2 / c ** 2 * delta * sqrt(team_sigma2) / c, 1e-4))
    return round(1000 + 20 * (mu - 3 * sigma), 1)


def game(sides, ruleset="tysiac", finished=True, date="2026-11-20", key="g"):
    """A judged game from its sides: [(players, first place, last place), ...], best first."""
    rules = rulesets.load(ruleset)
    players = [p for side, _, _ in sides for p in side]
    outcome = {"players": players, "totals": [0] * len(players), "money": [0] * len(players),
               "sides": [[list(side), first, last, 0, 0.0] for side, first, last in sides], "finished": finished}
    return GameResult.judged_from(key, outcome, rules, get_module(rules.module), 0, date)


def test_one_game_of_two_worked_by_hand():
    # equal mu: each team's exp(mu/c) is the same, so the winner's share among the two is 1/2:
    # winner omega = 1 - 1/2, loser omega = -1/2; delta = 1/2 * 1/2 for both
    c = sqrt(2 * (SIGMA2 + BETA2))
    rated = season_ratings([game([(["Ala"], 1, 1), (["Bartek"], 2, 2)])])
    assert rated.ratings() == {"Ala": by_hand(0.5, 0.25, SIGMA2, c), "Bartek": by_hand(-0.5, 0.25, SIGMA2, c)}
    assert rated.ratings() == {"Ala": 1068.8, "Bartek": 963.3}
    ala = rated.players[0]
    assert ala.games == 1 and ala.change == 68.8 and ala.history == [("2026-11-20", 1068.8)]


def test_a_tie_gives_equal_updates_worked_by_hand():
    # Ala 1st, Bartek and Celina share 2nd-3rd. Ala's share among all three is 1/3: omega 2/3, delta 2/9.
    # Bartek: -1/3 from Ala's term, +(1 - 1/2)/2 from his own and -(1/2)/2 from Celina's (the tie of two halves
    # them): omega -1/3, delta 2/9 + 2 * (1/2 * 1/2)/2 = 17/36; Celina the same
    c = sqrt(3 * (SIGMA2 + BETA2))
    rated = season_ratings([game([(["Ala"], 1, 1), (["Bartek"], 2, 3), (["Celina"], 2, 3)])])
    r = rated.ratings()
    assert r["Ala"] == by_hand(2 / 3, 2 / 9, SIGMA2, c)
    assert r["Bartek"] == r["Celina"] == by_hand(-1 / 3, 17 / 36, SIGMA2, c)
    assert r["Ala"] > r["Bartek"]
    # a four-player game where everyone ties moves nobody's mu: the ratings stay level
    level = season_ratings([game([([p], 1, 4) for p in "ABCD"])]).ratings()
    assert len(set(level.values())) == 1


def test_partners_are_one_team_worked_by_hand():
    # two teams of two new players: a team's sigma^2 is the sum of its players'; omega +-1/2, delta 1/4
    c = sqrt(2 * (2 * SIGMA2 + BETA2))
    rated = season_ratings([game([(["N", "S"], 1, 1), (["E", "W"], 2, 2)], "bridge-rubber", finished=False)])
    r = rated.ratings()
    assert r["N"] == r["S"] == by_hand(0.5, 0.25, 2 * SIGMA2, c) == 1048.6
    assert r["E"] == r["W"] == by_hand(-0.5, 0.25, 2 * SIGMA2, c) == 970.0
    assert rated.families["bridge"][0].player in ("N", "S")


def test_unfinished_games_are_left_out_and_games_without_an_end_count_once_played():
    tysiac = game([(["Ala"], 1, 1), (["Bartek"], 2, 2), (["Celina"], 3, 3)], finished=False)
    rated = season_ratings([tysiac])
    # every player of the season has a rating: a player whose games were all left out keeps the start
    assert rated.ratings() == {"Ala": START, "Bartek": START, "Celina": START}
    assert (rated.rated, rated.skipped) == (0, 1) and rated.players[0].games == 0
    # a generic game without an end (end = "none") counts once its sides are not level
    rules = rulesets.load("6-sty-bierze")
    rules = type(rules)(rules.id, rules.module, rules.title, {**rules.values, "end": "none"})
    endless = game([(["Ala"], 1, 1), (["Bartek"], 2, 2)], "6-sty-bierze", finished=False)
    endless.rules = rules
    assert season_ratings([endless]).rated == 1
    nothing_yet = game([(["Ala"], 1, 2), (["Bartek"], 1, 2)], "6-sty-bierze", finished=False)
    nothing_yet.rules = rules
    assert season_ratings([nothing_yet]).rated == 0


def test_families_by_module_or_ruleset():
    def fam(ruleset):
        return family(game([(["A"], 1, 1), (["B"], 2, 2)], ruleset))

    # the season statistics' families: a duplicate pairs session and every other game apart
    assert [fam(r) for r in ("bridge-rubber", "bridge-pairs", "skat-tournament", "tysiac-900", "kierki-dominowe",
                             "kierki-loop", "kop-koscian", "6-sty-bierze", "planowanie")] == [
        "bridge", "bridge-pairs", "skat", "tysiac", "kierki", "kierki", "kop", "6-sty-bierze", "planowanie"]


def test_rating_text():
    assert rating_text(1068.8) == "1069" and rating_text(1068.4) == "1068"
    assert rating_text(68.8, signed=True) == "+69" and rating_text(-36.7, signed=True) == "-37"
    assert rating_text(0.2, signed=True) == "0" and rating_text(-0.2, signed=True) == "0"


# --- a season in the store --------------------------------------------------------------------------------
P = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek"]


def sixth_takes(db, evenings=4, per_evening=5, seed=7):
    """A season of finished "6-sty bierze" games (one deal each): Ala is at every table and never takes a card;
    the others take random penalties (ties among them too)."""
    rng = random.Random(seed)
    s = Store(db)
    for e in range(evenings):
        ev = s.new_evening(f"2026-{9 + e // 3:02d}-{1 + 7 * (e % 3):02d}", "Klub")
        for i in range(per_evening):
            players = ["Ala", *rng.sample(P[1:], rng.randint(1, 4))]
            rng.shuffle(players)
            taken = {p: {"hearts": rng.randint(0, 2), "clubs": rng.randint(1, 3)} for p in players if p != "Ala"}
            rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "6-sty-bierze", "players": players,
                                                "rules": {"deals": 1}, "hands": [{"taken": taken}]})
            s.new_game(ev, i + 1, rec, rules, module, 0, rec.hands)
    s.close()
    return db


def run(capsys, *argv):
    code = main(list(argv))
    cap = capsys.readouterr()
    return code, cap.out, cap.err


def test_a_player_who_wins_every_game_ends_highest(db, capsys):
    db = sixth_takes(db)
    judged = Store(db).season(*ALL)
    assert all(r.finished for r in judged) and all(r.place_span["Ala"] == (1, 1) for r in judged)
    code, out, err = run(capsys, "--db", str(db), "standings", "--season", "2026-01-01", "2026-12-31", "--ratings",
                         "--json")
    assert code == 0, err
    ratings = json.loads(out)["ratings"]
    assert set(ratings) == set(P) and all(isinstance(v, float) for v in ratings.values())
    assert max(ratings, key=ratings.get) == "Ala"
    assert all(ratings["Ala"] > v for p, v in ratings.items() if p != "Ala")


def test_the_same_season_gives_the_same_ratings(db):
    db = sixth_takes(db)
    first = season_ratings(Store(db).season(*ALL))  # scored, then remembered
    again = season_ratings(Store(db).season(*ALL))  # from the memo
    fresh = season_ratings(Store(db).results(None, *ALL))  # every sheet scored afresh
    for other in (again, fresh):
        assert other.ratings() == first.ratings()
        assert [r.to_json() for r in other.players] == [r.to_json() for r in first.players]
        assert other.to_json() == first.to_json()
    assert list(first.ratings()) == [r.player for r in first.players]  # best first
    ala = first.players[0]
    assert ala.player == "Ala" and ala.games == 20 and ala.history[-1] == ("2026-10-01", ala.rating)
    assert [d for d, _ in ala.history] == ["2026-09-01", "2026-09-08", "2026-09-15", "2026-10-01"]


def test_the_json_with_ratings_keeps_the_standings_and_adds_the_ratings(db, capsys):
    db = club(db, dates=("2026-09-04", "2026-10-02"))
    code, plain_out, _ = run(capsys, "--db", str(db), "standings", "--season", "2026-09-01", "2026-12-31", "--json")
    assert code == 0
    table = standings(Store(db).season("2026-09-01", "2026-12-31"))
    rows = json.loads(json.dumps([{"rank": s.rank, "player": s.player, "games": s.games,
                                   "place_points": s.place_points, "money": s.money, "results": s.results}
                                  for s in table], ensure_ascii=False))
    assert json.loads(plain_out) == rows  # without --ratings: the list, unchanged
    code, out, _ = run(capsys, "--db", str(db), "standings", "--season", "2026-09-01", "2026-12-31", "--json",
                       "--ratings")
    data = json.loads(out)
    assert code == 0 and data["standings"] == rows
    assert set(data["ratings"]) == {r["player"] for r in rows}  # every player of the season
    assert all(isinstance(v, (int, float)) for v in data["ratings"].values())
    details = data["rating_details"]
    assert details["start"] == 1000 and details["scale"] == 20
    assert set(details["players"]) == set(data["ratings"])
    assert all(details["players"][p]["rating"] == v for p, v in data["ratings"].items())
    assert "bridge" in details["families"]


@pytest.mark.parametrize("argv", [["--season", "2026-13-01", "2026-12-31"], ["--season", "2026-12-31", "2026-01-01"],
                                  ["--season", "wczoraj", "dziś"], []])
def test_bad_dates_exit_2(db, capsys, argv):
    db = sixth_takes(db, evenings=1, per_evening=1)
    for json_flag in ([], ["--json"]):
        code, out, err = run(capsys, "--db", str(db), "standings", *argv, "--ratings", *json_flag)
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_ratings_table_in_one_language(db, capsys, monkeypatch, lang):
    monkeypatch.setenv("COLUMNS", "80")
    db = sixth_takes(db)
    Store(db).rename_player("Franek", "[bold]Franek[/]")  # a name is data, never markup
    code, out, err = run(capsys, "--db", str(db), "--lang", lang, "standings", "--season", "2026-01-01",
                         "2026-12-31", "--ratings")
    assert code == 0, err
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80
    rows = [line for line in lines if line.startswith("│")]
    assert len(rows) == 6 and " Ala " in rows[0] and "[bold]Franek[/]" in out
    rated = season_ratings(Store(db).season(*ALL))
    cells = [c.strip() for c in rows[0].strip("│").split("│")]
    assert cells == ["1.", "Ala", rating_text(rated.players[0].rating),
                     rating_text(rated.players[0].change, signed=True), "20"]
    header = next(line for line in lines if line.startswith("┃"))
    if lang == "pl":
        assert "ranking" in header and "zmiana" in header and "gry" in header and "rating" not in out
        assert "Gry policzone: 20" in out and "games" not in out.lower()
    else:
        assert "rating" in header and "change" in header and "games" in header
        assert "Games rated: 20" in out and "gry" not in out.lower() and "zmiana" not in out


def random_season(rng, n_games=60):
    """Games of 2-6 sides drawn at random: single players or pairs, ties anywhere, some unfinished, families mixed."""
    names = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek", "Gosia", "[red]Henryk[/]", ""]
    out = []
    for i in range(n_games):
        pool = rng.sample(names, rng.randint(2, 8))
        pairs = rng.random() < 0.3 and len(pool) >= 4
        sides = [pool[k:k + 2] for k in range(0, len(pool) - 1, 2)] if pairs else [[p] for p in pool]
        places, k = [], 1
        while len(places) < len(sides):  # runs of tied sides
            tie = min(rng.randint(1, 3), len(sides) - len(places))
            places += [(k, k + tie - 1)] * tie
            k += tie
        ruleset = rng.choice(["tysiac", "kop-wolsztyn", "bridge-rubber", "kierki", "6-sty-bierze", "skat-house"])
        out.append(game([(side, a, b) for side, (a, b) in zip(sides, places)], ruleset, finished=rng.random() < 0.8,
                        date=f"2026-{1 + i // 20:02d}-{1 + i % 20:02d}", key=str(i)))
    return out


@pytest.mark.parametrize("seed", range(12))
def test_random_seasons_never_break_and_repeat_exactly(seed):
    import math

    rng = random.Random(seed)
    games = random_season(rng)
    first, again = season_ratings(games), season_ratings(games)
    assert first.to_json() == again.to_json()
    assert set(first.ratings()) == {p for g in games for p in g.players}
    assert all(math.isfinite(v) for v in first.ratings().values())
    assert first.rated + first.skipped == len(games)
    json.dumps(first.to_json())  # plain data
    # one player added to every game as its sole winner ends highest
    won = [game([(["Zwycięzca"], 1, 1), *[(s[0], s[1] + 1, s[2] + 1) for s in g.sides]], g.rules.id, finished=True,
                date=g.evening, key=g.key) for g in games]
    ratings = season_ratings(won).ratings()
    assert max(ratings, key=ratings.get) == "Zwycięzca"
    assert all(ratings["Zwycięzca"] > v for p, v in ratings.items() if p != "Zwycięzca")
