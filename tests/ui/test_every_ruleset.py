"""Every game zapis lists can be kept in the app: one hand of each built-in ruleset filled in the shared form,
saved with Ctrl+S, and its players in the evening's standings. A ruleset added without a hand here fails."""

import pytest

from tests.ui.conftest import new_game
from zapis.io import rulesets
from zapis.club.evening import standings
from zapis.store import Store
from zapis.ui.screens.game import GameScreen
from zapis.ui.widgets.hand_form import HandForm

P2 = ["Ala", "Bartek"]
P3 = ["Ala", "Bartek", "Celina"]
P4 = ["Ala", "Bartek", "Celina", "Darek"]
PAIRS = {"1": ["Ala", "Bartek"], "2": ["Celina", "Darek"]}
BOARD = {"board": 1, "ns": 1, "ew": 2, "contract": "4S", "declarer": "N", "tricks": 10}
RUBBER = {"contract": "4S", "declarer": "N", "tricks": 10}
SKAT = {"declarer": "Ala", "game": "hearts", "bid": 20, "matadors": 1, "card_points": 70}

HANDS = {
    "3-5-8": (P3, {"kind": "hearts", "tricks": {"Ala": 4, "Bartek": 9, "Celina": 3}}),
    "6-sty-bierze": (P3, {"taken": {"Ala": {"clubs": 2, "hearts": 1}, "Celina": {"spades": 3}}}),
    "bridge-bobby": (P3, {"contract": "4NULLO", "declarer": "Ala", "tricks": 3}),
    "bridge-butler": (PAIRS, BOARD),
    "bridge-chicago": (P4, RUBBER),
    "bridge-chinese": (P2, {"contract": "4S", "declarer": "Ala", "tricks": 10}),
    "bridge-two": (P2, {"contract": "4S", "declarer": "Bartek", "tricks": 9}),
    "bridge-tura": (P4, {"contract": "4S", "declarer": "Celina", "tricks": 10}),
    "bridge-chicago-acbl": (P4, RUBBER),
    "bridge-imp": (P4, {**RUBBER, "hcp_ns": 25}),
    "bridge-old-polish": (P4, RUBBER),
    "bridge-pairs": (PAIRS, BOARD),
    "bridge-pairs-imp": (PAIRS, BOARD),
    "bridge-rubber": (P4, RUBBER),
    "czarna-manka": (P3, {"taken": {"Ala": {"hearts": 3, "ace_spades": 1},
                                    "Celina": {"hearts": 10, "queen_spades": 1, "king_spades": 1}}}),
    "czarna-manka-dama": (P3, {"taken": {"Ala": {"hearts": 3}, "Celina": {"hearts": 10, "queen_spades": 1}}}),
    "czarna-manka-pary": (P4, {"taken": {"Ala": {"hearts": 5, "queen_spades": 1}, "Bartek": {"hearts": 4},
                                         "Celina": {"hearts": 1, "king_spades": 1},
                                         "Darek": {"hearts": 3, "ace_spades": 1}}}),
    "czarna-manka-pik": (P3, {"taken": {"Bartek": {"hearts": 13, "queen_spades": 1, "king_spades": 1,
                                                   "ace_spades": 1}}}),
    "kierki": (P4, {"deal": "no-hearts", "taken": {"Ala": 13}}),
    "kierki-dominowe": (P4, {"taken": {"Ala": {"hearts": 6}, "Darek": {"hearts": 7}}}),
    "kierki-dzokerowe": (P4, {"taken": {"Ala": {"heart_points": 60}, "Bartek": {"heart_points": 44, "joker": 1}}}),
    "kierki-licytowane": (P3, {"bids": {"Ala": 4}, "suit": "clubs",
                               "taken": {"Ala": {"cards": 2}, "Bartek": {"cards": 6}, "Celina": {"cards": 4}}}),
    "kierki-loop": (P4, {"deal": "robber", "points": {"Ala": 30, "Bartek": 30, "Celina": 35, "Darek": 35}}),
    "kierki-loteryjka": (P4, {"deal": "no-hearts", "taken": {"Ala": 13}}),
    "kierki-rozbojnik": (P4, {"deal": "no-hearts", "taken": {"Ala": 13}}),
    "kop-koscian": (P4, {"game": "ordinary", "old": ["Ala", "Celina"], "old_points": 60}),
    "kop-wolsztyn": (P4, {"game": "ordinary", "old": ["Ala", "Celina"], "old_points": 60}),
    "metamorfoza": (P2, {"part": 1, "declared": {"Ala": 1, "Bartek": 2}, "points": {"Ala": 5, "Bartek": 3}}),
    "omnibus": (P4, {"taken": {"Ala": {"hearts": 5, "queen_spades": 1}, "Bartek": {"hearts": 8, "ten_diamonds": 1}}}),
    "planowanie": (P4, {"bids": {"Ala": 4, "Bartek": 3, "Celina": 1, "Darek": 4},
                        "tricks": {"Ala": 4, "Bartek": 4, "Celina": 1, "Darek": 4}}),
    "poker-rownolegly": (P2, {"showdowns": ["Bartek", "Bartek", "Bartek", "Bartek", "Ala"]}),
    "polignac": (P3, {"tricks": {"Ala": 6, "Bartek": 6, "Celina": 5},
                      "taken": {"Ala": {"jack_hearts": 1}, "Bartek": {"jack_clubs": 1},
                                "Celina": {"jack_diamonds": 1}}}),
    "skat-beer": (P3, SKAT),
    "skat-house": (P3, SKAT),
    "skat-pzskat": (P3, SKAT),
    "skat-tournament": (P3, SKAT),
    "slobberhannes": (P3, {"taken": {"Ala": {"first_trick": 1}, "Celina": {"last_trick": 1}}}),
    "swinie": (P3, {"taken": {"Bartek": {"cards": 4}, "Celina": {"cards": 9}}}),
    "tysiac": (P3, {"declarer": "Ala", "bid": 100, "points": {"Ala": 100, "Bartek": 10, "Celina": 10}}),
    "tysiac-900": (P3, {"declarer": "Ala", "bid": 100, "points": {"Ala": 100, "Bartek": 10, "Celina": 10}}),
}


def test_every_builtin_ruleset_has_a_hand_here():
    assert {rid for rid, _, _ in rulesets.list_rulesets()} == set(HANDS)


@pytest.mark.parametrize("ruleset", sorted(HANDS))
async def test_every_ruleset_is_kept_through_the_form_and_stands_in_the_evening(db, app_factory, ruleset):
    players, hand = HANDS[ruleset]
    gid = new_game(db, ruleset, players)
    app = app_factory("en")
    async with app.run_test(size=(100, 40)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        form = app.screen.query_one(HandForm)
        form.set_values(hand)
        await pilot.pause()
        assert form.values() == hand  # the form holds the hand exactly as a record writes it
        await pilot.press("ctrl+s")
        await pilot.pause()
        msg = str(app.screen.query_one("#message").render())
        assert "Hand 1 saved" in msg, msg
    store = Store(db)
    assert store.hands(gid) == [hand]
    names = [n for pair in players.values() for n in pair] if isinstance(players, dict) else players
    ranked = standings(store.judged(store.evenings()[-1]["id"]))
    assert sorted(s.player for s in ranked) == sorted(names)
    assert all(s.games == 1 for s in ranked)


async def test_metamorfoza_asks_for_the_declarations_on_a_rounds_first_deal_only(db):
    """The game names the next part; the form preselects it and asks for the declarations with part 1 alone."""
    from tests.ui.test_touch_entry import LANDSCAPE, Finger, tablet

    gid = new_game(db, "metamorfoza", P2)
    async with tablet(db, gid, LANDSCAPE) as pilot:
        form = pilot.app.screen.query_one(HandForm)
        assert form.query_one("#in-part").value == 1  # "Dalej: runda 1, rozgrywka 1"
        assert form.query_one("#f-declared").display
        finger = Finger(pilot)
        await finger.pad("#in-declared-0", 1)
        await finger.pad("#in-declared-1", 3)
        await finger.box("#in-points-0")
        await finger.keys("7")
        await finger.box("#in-points-1")
        await finger.keys("5")
        assert form.values() == {"part": 1, "declared": {"Ala": 1, "Bartek": 3}, "points": {"Ala": 7, "Bartek": 5}}
        await finger.save()
        assert form.query_one("#in-part").value == 2  # the next deal: part 2, no declarations asked
        assert not form.query_one("#f-declared").display
        await finger.box("#in-points-0")
        await finger.keys("4")
        await finger.box("#in-points-1")
        await finger.keys("9")
        await finger.save()
    hands = Store(db).hands(gid)
    assert hands[1] == {"part": 2, "points": {"Ala": 4, "Bartek": 9}}
    # Ala alone best in her declared part 1: 7 + 10
    assert Store(db).sheet(gid).totals == {"Ala": 21, "Bartek": 14}


async def test_metamorfoza_by_keys_alone(db, app_factory):
    """On a keyboard: a digit picks a player's declaration and the cursor goes on to the next player's pad."""
    gid = new_game(db, "metamorfoza", P2)
    app = app_factory("en")
    async with app.run_test(size=(100, 32)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        await pilot.press("1", "3", "7", "tab", "5", "ctrl+s")
        await pilot.pause()
    assert Store(db).hands(gid) == [{"part": 1, "declared": {"Ala": 1, "Bartek": 3}, "points": {"Ala": 7, "Bartek": 5}}]
