"""Hands entered by taps alone on a tablet: Chromium with touch at 1024x768 landscape and 800x1280 portrait,
through `zapis serve`. A hand of every built-in module: each tap lands on a word the screen shows (read back
from the terminal's bytes), the saved message is read off the screen, and the store holds the hand."""

from __future__ import annotations

import pytest

from tests.browser.conftest import CAPTURE
from tests.browser.terminal import tap, tap_key, wait_for
from tests.ui.conftest import new_game
from zapis.store import Store

SIZES = {"1024x768": (1024, 768), "800x1280": (800, 1280)}

# ruleset, players, taps as (word, the field label it is under), the hand, the most taps (Save included)
HANDS = [
    ("bridge-rubber", ["Ala", "Bartek", "Celina", "Darek"],
     [("4", "kontrakt"), ("♠", "kontrakt"), ("S Celina", "rozgrywający"), ("=", "wynik")],
     {"contract": "4S", "declarer": "S", "tricks": 10}, 6),
    ("skat-tournament", ["Ewa", "Franek", "Gosia"],
     [("Ewa", "rozgrywający"), ("♥ kier", "gra"), ("z 1", "szczyty"), ("7", None), ("0", None)],
     {"declarer": "Ewa", "game": "hearts", "matadors": 1, "card_points": 70}, 7),
    # a lost null: "nie" (no) is a tap of its own, as "tak" is
    ("skat-house", ["Ewa", "Franek", "Gosia"], [("Ewa", "rozgrywający"), ("null", "gra"), ("nie", "wygrana")],
     {"declarer": "Ewa", "game": "null", "won": False}, 4),
    # metamorfoza: part 1 preselected from the game's next deal; each player's declaration on his own row
    ("metamorfoza", ["Ala", "Bartek"], [("1", "deklaracje"), ("3", "Bartek    1"), ("7→5", None)],
     {"part": 1, "declared": {"Ala": 1, "Bartek": 3}, "points": {"Ala": 7, "Bartek": 5}}, 6),
    ("tysiac", ["Leon", "Marta", "Nina"],
     [("Leon", "grający"), ("110", "gra"), ("7", None), ("0", None), ("→", None), ("3", None), ("0", None)],
     {"declarer": "Leon", "bid": 110, "points": {"Leon": 70, "Marta": 30, "Nina": 20}}, 9),
    ("kierki", ["Henryk", "Iza", "Janek", "Kasia"], [("3", None), ("→", None), ("5", None), ("→", None), ("4", None)],
     {"deal": "no-tricks", "taken": {"Henryk": 3, "Iza": 5, "Janek": 4, "Kasia": 1}}, 8),
    # the other modules, with the keypad written as one string of keys
    ("kierki-loop", ["Henryk", "Iza", "Janek", "Kasia"], [("30→30→35", None)],
     {"deal": "robber", "points": {"Henryk": 30, "Iza": 30, "Janek": 35, "Kasia": 35}}, 10),
    ("kop-wolsztyn", ["Ala", "Bartek", "Celina", "Darek"], [("Ala", "starzy"), ("Celina", "starzy"), ("60", None)],
     {"game": "ordinary", "old": ["Ala", "Celina"], "old_points": 60}, 8),
    ("3-5-8", ["Ala", "Bartek", "Celina"], [("♥ kier", "rodzaj"), ("4→9", None)],
     {"kind": "hearts", "tricks": {"Ala": 4, "Bartek": 9, "Celina": 3}}, 7),
    ("planowanie", ["Ala", "Bartek", "Celina", "Darek"], [("4→3→1→4→4→4→1→4", None)],
     {"bids": {"Ala": 4, "Bartek": 3, "Celina": 1, "Darek": 4},
      "tricks": {"Ala": 4, "Bartek": 4, "Celina": 1, "Darek": 4}}, 17),
    ("poker-rownolegly", ["Ala", "Bartek"], [("Bartek", "⌫")] * 4 + [("Ala", "⌫")],
     {"showdowns": ["Bartek", "Bartek", "Bartek", "Bartek", "Ala"]}, 8),
    ("czarna-manka-dama", ["Ala", "Bartek", "Celina"], [("3→→→→10→1", None)],
     {"taken": {"Ala": {"hearts": 3}, "Celina": {"hearts": 10, "queen_spades": 1}}}, 12),
]
PAIRS = ("bridge-pairs", {"1": ["Ala", "Bartek"], "2": ["Celina", "Darek"]},
         [("1→1→2", None), ("4", "kontrakt"), ("♠", "kontrakt"), ("N", "rozgrywający"), ("=", "wynik")],
         {"board": 1, "ns": 1, "ew": 2, "contract": "4S", "declarer": "N", "tricks": 10}, 12)
HANDS.append(PAIRS)


def keypad_tap(page, word):
    """A key is tapped on the keypad, not on a number elsewhere on the screen."""
    tap_key(page, word)


@pytest.mark.parametrize("ruleset,players,taps,hand,most", HANDS, ids=[h[0] for h in HANDS])
def test_a_hand_by_taps_in_the_browser(chromium, serve, tmp_path, ruleset, players, taps, hand, most):
    """Both tablet sizes on one server: the 1024x768 tablet at table 1, the 800x1280 one at table 2, each with a
    game of its own."""
    db = tmp_path / "club.db"
    games = [new_game(db, ruleset, players) for _ in SIZES]
    server = serve(db)
    for table, (size, (width, height)) in enumerate(SIZES.items(), start=1):
        ctx = chromium.new_context(viewport={"width": width, "height": height}, has_touch=True)
        ctx.add_init_script(CAPTURE)
        page = ctx.new_page()
        page.goto(server.url + f"/?table={table}")
        wait_for(page, "Rozdanie 1")
        count = 0
        for word, under in taps:
            if under is None:  # keys of the keypad
                for key in word:
                    keypad_tap(page, key)
                    count += 1
            else:
                tap(page, word, after=under)
                count += 1
        tap(page, "Zapisz", after="Rozdanie 1")
        count += 1
        try:
            wait_for(page, "Zapisano rozdanie 1.")
        finally:
            page.screenshot(path=str(tmp_path / f"{ruleset}-{size}.png"))
        assert Store(db).hands(games[table - 1]) == [hand], size
        assert count <= most
        ctx.close()
