"""The keyboard path, counted: the keys of a typical hand per module, against the targets of the touch-entry
issue (bridge <= 7, skat <= 10, tysiąc with three players and no meld <= 10, kierki <= 6, kop <= 8).

Digits type straight in; a number moves the cursor on by itself only when it has as many digits as the widest
value its field takes (120 of 0-120; 70 waits for Tab, as a 0 typed after it is refused there, never carried into
the next box); a choice is picked by typing its beginning; Enter saves. The terminal is 80x24 and 120x40 (no touch
pads). Tysiąc takes one key more than the old target of 10: a Tab after 70, the price of never carrying a key."""

from __future__ import annotations

import pytest

from tests.ui.conftest import new_game
from zapis.store import Store
from zapis.ui.app import make_app
from zapis.ui.screens.game import GameScreen

P4 = ["Ala", "Bartek", "Celina", "Darek"]
P3 = ["Ala", "Bartek", "Celina"]

# ruleset, players, the keys (each one press), the hand saved, the target
CASES = [
    ("bridge-rubber", P4, ["4", "s", "s", "equals_sign", "enter"], {"contract": "4S", "declarer": "S", "tricks": 10},
     7),
    ("bridge-chicago", P4, ["3", "n", "w", "minus", "1", "enter"], {"contract": "3NT", "declarer": "W", "tricks": 8},
     7),
    ("skat-tournament", P3, ["a", "k", "i", "2", "tab", "7", "0", "enter"],
     {"declarer": "Ala", "game": "hearts", "matadors": 2, "card_points": 70}, 10),
    # the contract 110 has the widest width of 100-400 (every meld made: 400): the cursor moves on by itself
    ("tysiac", P3, ["l", "1", "1", "0", "7", "0", "tab", "3", "0", "enter"],
     {"declarer": "Leon", "bid": 110, "points": {"Leon": 70, "Marta": 30, "Nina": 20}}, 10),
    ("kierki", P4, ["3", "tab", "5", "tab", "4", "enter"], {"deal": "no-tricks", "taken": {"Ala": 3, "Bartek": 5, "Celina": 4,
                                                                           "Darek": 1}}, 6),
    ("kop-wolsztyn", P4, ["a", "c", "6", "0", "enter"], {"game": "ordinary", "old": ["Ala", "Celina"], "old_points": 60},
     8),
]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("ruleset,players,keys,hand,most", CASES, ids=[c[0] for c in CASES])
async def test_a_typical_hand_in_few_keys(db, ruleset, players, keys, hand, most, size):
    if ruleset == "tysiac":
        players = ["Leon", "Marta", "Nina"]
    gid = new_game(db, ruleset, players)
    app = make_app(db, "pl", touch=False)
    async with app.run_test(size=size) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        for k in keys:
            await pilot.press(k)
            await pilot.pause()
        message = str(app.screen.query_one("#message").render())
        assert "Zapisano rozdanie 1." in message, message
    assert Store(db).hands(gid) == [hand]
    assert len(keys) <= most


async def test_typing_never_picks_the_empty_entry(db):
    """The double's "—" (undoubled) is a cell, but no typed letter lands on it: "x" picks X, "xx" XX."""
    gid = new_game(db, "bridge-rubber", P4)
    app = make_app(db, "pl", touch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        pad = app.screen.query_one("#in-double")
        pad.focus()
        for k in ["minus", "space"]:  # the cursor stays off the empty cell's word
            await pilot.press(k)
        await pilot.press("x")
        assert pad.value == "X"
        await pilot.press("x")
        await pilot.pause(1.3)
        assert pad.value == "XX"
