"""A sample evening: a rubber, a skat list, a kierki z zapętlaniem game and a tysiąc game."""

from __future__ import annotations

from pathlib import Path

from zapis.io import records
from zapis.store import Store

DEMO = [
    {"ruleset": "bridge-rubber", "players": ["Ala", "Bartek", "Celina", "Darek"], "stake": 100, "hands": [
        {"contract": "3NT", "declarer": "N", "tricks": 9},
        {"contract": "2H", "declarer": "E", "tricks": 8},
        {"contract": "2H", "declarer": "E", "double": "XX", "tricks": 7},
        {"contract": "4H", "declarer": "E", "tricks": 10}]},
    {"ruleset": "skat-tournament", "players": ["Ewa", "Franek", "Gosia"], "stake": 0, "hands": [
        {"declarer": "Ewa", "game": "hearts", "bid": 20, "matadors": 1, "card_points": 70},
        {"declarer": "Franek", "game": "grand", "bid": 48, "matadors": 2, "card_points": 50},
        {"passed": True},
        {"declarer": "Gosia", "game": "clubs", "bid": 36, "matadors": 1, "hand": True, "card_points": 80}]},
    {"ruleset": "kierki-loop", "players": ["Henryk", "Iza", "Janek", "Kasia"], "stake": 1, "hands": [
        {"deal": "robber", "points": {"Henryk": 18, "Iza": 47, "Janek": 60, "Kasia": 5}},
        {"deal": "robber", "points": {"Henryk": 72, "Iza": 0, "Janek": 48, "Kasia": 10}},
        {"deal": "robber", "points": {"Henryk": 90, "Iza": 0, "Janek": 40, "Kasia": 0}},
        {"deal": "robber", "points": {"Henryk": 15, "Iza": 70, "Janek": 2, "Kasia": 43}},
        {"deal": "trumps", "tricks": {"Henryk": 4, "Iza": 3, "Janek": 3, "Kasia": 3}},
        {"deal": "trumps", "tricks": {"Henryk": 3, "Iza": 6, "Janek": 0, "Kasia": 4}}]},
    {"ruleset": "tysiac", "players": ["Leon", "Marta", "Nina"], "stake": 1, "hands": [
        {"declarer": "Marta", "bid": 120, "points": {"Leon": 30, "Marta": 70, "Nina": 20},
         "melds": {"Marta": ["hearts"]}},
        {"declarer": "Nina", "bid": 100, "points": {"Leon": 44, "Marta": 15, "Nina": 61}},
        {"declarer": "Leon", "bid": 110, "points": {"Leon": 70, "Marta": 30, "Nina": 20},
         "melds": {"Leon": ["spades"]}}]},
]


def build_demo(db: str | Path, lang: str = "pl") -> Store:
    """The sample evening, its title and place in the language the app will speak (they are data once made)."""
    store = Store(db)
    ev = store.new_evening(title="Demo evening" if lang == "en" else "Wieczór pokazowy",
                           place="Club" if lang == "en" else "Klub")
    for i, g in enumerate(DEMO):
        data = {"format": "zapis/1", "ruleset": g["ruleset"], "players": g["players"]}
        rec, rules, module = records.parse(data)
        store.new_game(ev, i + 1, rec, rules, module, g["stake"], g["hands"])
    for g in store.games(ev):  # every demo game is valid as stored
        store.sheet(g.id)
    return store
