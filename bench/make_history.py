"""A synthetic club history: a season of evenings (default 1,000, about 200,000 hands) written into
a zapis database, for bench/scale.py. Every hand is valid for its ruleset."""

from __future__ import annotations

import datetime as dt
import random
import sys
from pathlib import Path

P = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek", "Gosia", "Henryk", "Iza", "Janek", "Kasia", "Leon"]


def kop(rng, players):
    old = rng.sample(players, 2)
    return {"game": "ordinary", "old": old, "old_points": rng.randint(1, 103)}


def tysiac(rng, players):
    pts = sorted(rng.sample(range(1, 120), 2))
    split = [pts[0], pts[1] - pts[0], 120 - pts[1]]
    return {"declarer": rng.choice(players), "bid": rng.choice([100, 110, 120]), "points": dict(zip(players, split))}


def rubber(rng, players):
    return {"contract": f"{rng.randint(1, 4)}{rng.choice(['C', 'D', 'H', 'S', 'NT'])}",
            "declarer": rng.choice("NESW"), "tricks": rng.randint(5, 11)}


def skat(rng, players):
    return {"declarer": rng.choice(players), "game": rng.choice(["diamonds", "hearts", "spades", "clubs", "grand"]),
            "matadors": rng.choice([1, 2, -1, -2]), "card_points": rng.randint(20, 110)}


def szostka(rng, players):
    return {"taken": {rng.choice(players): {"hearts": rng.randint(0, 3), "clubs": rng.randint(0, 3)}}}


# ruleset, players, a hand maker, hands per evening (200 in all)
GAMES = [("kop-wolsztyn", 4, kop, 80), ("tysiac", 3, tysiac, 14), ("bridge-rubber", 4, rubber, 50),
         ("skat-tournament", 3, skat, 36), ("6-sty-bierze", 5, szostka, 20)]


def build(db: str | Path, evenings: int = 1000, seed: int = 1) -> int:
    from zapis.io import records
    from zapis.store import Store
    rng = random.Random(seed)
    store = Store(db)
    day = dt.date(2024, 1, 1)
    total = 0
    for e in range(evenings):
        ev = store.new_evening((day + dt.timedelta(days=e)).isoformat())
        for t, (ruleset, n, make, hands) in enumerate(GAMES):
            players = rng.sample(P, n)
            data = {"format": "zapis/1", "ruleset": ruleset, "players": players}
            if ruleset == "6-sty-bierze":
                data["rules"] = {"deals": hands}
            rec, rules, module = records.parse(data)
            hs = [make(rng, players) for _ in range(hands)]
            store.new_game(ev, t + 1, rec, rules, module, hands=hs)
            total += hands
    store.close()
    return total


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else "history.db"
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    print(f"{build(out, n)} hands in {out}")
