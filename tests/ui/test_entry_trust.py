"""Nothing is saved that was not typed: the audit's sequences, typed as a hurried scorekeeper types them.

A key that would take a number out of its field's range is refused in that box (the bell and one line naming the
field and its range) and never carried into the next box; a number moves the cursor on by itself only when it has
as many digits as the widest value of its field; Backspace never moves the cursor; typing into a value the app
filled in replaces it; a result the contract cannot have (7NT+1) is refused naming the field; a double is typed
with the contract (4SX). Each expected hand is what the keys say, worked out by hand from the rule texts where a
score is checked (zapis.modules: the skat list, Law 77)."""

from __future__ import annotations

import string

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from textual import events
from textual.widgets import Input

from tests.ui.conftest import new_game
from zapis.store import Store
from zapis.ui.app import make_app
from zapis.ui.screens.game import GameScreen
from zapis.ui.widgets.hand_form import MARKS, HandForm, complete, out_of_range

P4 = ["Ala", "Bartek", "Celina", "Darek"]
P3 = ["Igor", "Jola", "Kamil"]
PACE = 0.35  # a normal typing pace: keys of one word in a pad stay one word (type-ahead 1.2 s)


async def open_game(db, ruleset, players, size=(80, 24), touch=False, hands=()):
    gid = new_game(db, ruleset, players, hands=hands)
    app = make_app(db, "pl", touch=touch)
    return gid, app


def message(app) -> str:
    return str(app.screen.query_one("#message").render())


async def keys(pilot, *pressed, pace=0.0):
    for k in pressed:
        await pilot.press(k)
        await pilot.pause(pace)


# --- the rule, as functions --------------------------------------------------------------------------------------
def test_a_number_is_complete_only_at_the_widest_width_of_its_field():
    assert not complete("13", 0, 120) and not complete("70", 0, 120) and complete("120", 0, 120)
    assert not complete("0", 0, 120) and complete("7", 0, 9) and complete("0", 0, 9)
    assert not complete("2", -11, 11) and complete("11", -11, 11) and complete("-11", -11, 11)
    assert not complete("500", 0, None)  # no upper bound: Tab or Enter


def test_out_of_range_means_no_more_typing_can_mend_it():
    assert out_of_range("130", 0, 120) and not out_of_range("13", 0, 120)
    assert not out_of_range("2", 18, 264)  # 24 is still to come
    assert out_of_range("5", 100, 400) and out_of_range("50", 100, 400) and not out_of_range("4", 100, 400)
    assert not out_of_range("1", 18, 264) and not out_of_range("3", 18, 264)
    assert out_of_range("-", 0, 120) and not out_of_range("-", -11, 11) and out_of_range("-12", -11, 11)
    assert not out_of_range("", 0, 120)
    assert out_of_range("+1", -11, 11) and out_of_range("+", 0, None)  # a number has no plus: +1 is a result
    # a multiple of a step (tysiąc: contracts in tens, 100-400): 12 may become 120, 125 can become nothing
    assert not out_of_range("12", 100, 400, step=10) and out_of_range("125", 100, 400, step=10)
    assert not out_of_range("120", 100, 400, step=10) and out_of_range("105", 100, 400, step=10)
    assert not out_of_range("105", 100, 400, step=5) and out_of_range("41", 100, 400, step=10)
    # nobody writes 04: the 0 was a key too many (and -07 neither); 0 itself is a number
    assert out_of_range("04", 0, 120) and out_of_range("-07", -11, 11) and not out_of_range("0", 0, 120)


# --- the audit's sequences --------------------------------------------------------------------------------------
async def test_skat_130_card_points_keeps_13_in_its_box_and_says_why(db):
    """Skat: card points 0-120 (the ISkO's 120 card points). `1 3 0` at a typing pace: the 0 is refused in the
    box, not carried on; one Backspace leaves 1 with the cursor still there."""
    gid, app = await open_game(db, "skat-tournament", ["Ala", "Bartek", "Celina"])
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        form = app.screen.query_one(HandForm)
        box = form.query_one("#in-card_points", Input)
        box.focus()
        await keys(pilot, "1", "3", "0", pace=PACE)
        assert box.value == "13" and app.focused is box
        assert message(app) == "oczka: od 0 do 120"
        assert all(not w.value for w in form.query(Input) if w is not box)  # nothing landed anywhere else
        await keys(pilot, "backspace")
        assert box.value == "1" and app.focused is box and message(app) == ""  # mended: the line goes
    assert Store(db).hands(gid) == []


async def test_a_number_typed_on_zapisz_is_refused_in_a_line_not_dropped_unsaid(db):
    """Skat, found in a tmux trial (issue 30): card points `5 Space 5`: the space ends the number and, the form being
    complete, takes the cursor to Zapisz; the second 5 was dropped without a word. It is refused with one line
    that says where the cursor is; Enter then saves the 5 typed."""
    gid, app = await open_game(db, "skat-tournament", ["Ala", "Bartek", "Celina"])
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        form = app.screen.query_one(HandForm)
        form.set_values({"declarer": "Ala", "game": "hearts", "matadors": 1, "bid": 20})
        box = form.query_one("#in-card_points", Input)
        box.focus()
        await keys(pilot, "5", "space", pace=PACE)
        assert app.focused.id == "save" and box.value == "5"
        await keys(pilot, "5")
        assert box.value == "5" and app.focused.id == "save"
        assert message(app).startswith("Kursor jest na przycisku Zapisz, nie w polu")
        await keys(pilot, "enter")
        await pilot.pause()
    assert Store(db).hands(gid)[0]["card_points"] == 5


@pytest.mark.parametrize("ruleset,typed,enter_from,next_key,saved", [
    # kop: the old side's points 5, Enter, and a 5 meant for the next hand: 5 is saved, not 55
    ("kop-wolsztyn", ["a", "c", "5"], "in-old_points", "5",
     {"game": "ordinary", "old": ["Ala", "Celina"], "old_points": 5}),
    # bridge: Enter on the result pad, then the next hand's level 4 (a pad's Enter holds the keys too)
    ("bridge-rubber", ["3", "n", "t", "n", "="], "in-tricks", "4", {"contract": "3NT", "declarer": "N", "tricks": 9}),
    # the same with the cursor on Zapisz (where a complete hand puts it)
    ("bridge-rubber", ["3", "n", "t", "n", "="], "save", "4", {"contract": "3NT", "declarer": "N", "tricks": 9}),
])
async def test_a_key_typed_at_once_after_enter_is_the_next_hands(db, ruleset, typed, enter_from, next_key, saved):
    """Found reading Textual's queues after a tmux trial (issue 30): a key typed in one burst with Enter reached the
    field before the screen had read the form: `5 Enter 5` saved 55. Keys after an Enter are held until the form
    is read (and renewed): the hand is saved as typed, the key goes to the next hand's first field."""
    gid, app = await open_game(db, ruleset, P4)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        await keys(pilot, *typed, pace=PACE)
        app.screen.query_one(f"#{enter_from}").focus()
        await pilot.pause()
        app.post_message(events.Key("enter", "\r"))  # one burst: both in the app's queue at once
        app.post_message(events.Key(next_key, next_key))
        await pilot.pause(0.5)
        form = app.screen.query_one(HandForm)
        assert not form.holding and not form._held
        if ruleset == "bridge-rubber":  # the 4 is the next hand's level
            assert form.raw().get("contract") == "4"
    assert Store(db).hands(gid) == [saved]


@pytest.mark.parametrize("burst,where", [
    (["7", "0", "tab", "4", "0"], {"in-points-0": "70", "in-points-1": "40"}),  # Tab: the next box
    (["1", "1", "0", "7", "0"], {"in-bid": "110", "in-points-0": "70"}),  # 110 is whole: the cursor moved on
    (["1", "3", "backspace", "5"], {"in-points-0": "15"}),  # Backspace at once, not after the 5 (1)
    (["1", "0", "left", "1"], {"in-points-0": "110"}),  # the arrow too (the 1 went on the end: 101)
])
async def test_keys_typed_in_one_burst_land_where_they_would_at_a_typing_pace(db, burst, where):
    """A terminal sends keys typed quickly in one burst, and every key is handed to the box with the cursor when
    it arrives, before any is read: the keys behind a Tab (or behind a number that moved the cursor on) were
    all refused in the box being left and lost. Now they land as they do at a typing pace."""
    gid, app = await open_game(db, "tysiac", P3)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        form = app.screen.query_one(HandForm)
        form.query_one(f"#{next(iter(where))}").focus()
        await pilot.pause()
        for k in burst:
            app.post_message(events.Key(k, None if k == "tab" else k))
        await pilot.pause(0.3)
        assert {w: form.query_one(f"#{w}", Input).value for w in where} == where
        assert message(app) == ""


@pytest.mark.parametrize("pace", [PACE, 0.0], ids=["pace", "burst"])
async def test_a_refused_key_not_yet_mended_saves_nothing(db, pace):
    """Skat: card points 0-120. `1 3 0 Enter`: the 0 is refused and 13 is left in the box, a valid number that was
    never meant (a schneider loss): Enter saves nothing while the refusal stands, says so, and leaves the cursor
    there; mended (the box changed), the hand saves as it stands."""
    gid, app = await open_game(db, "skat-tournament", ["Ala", "Bartek", "Celina"])
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        form = app.screen.query_one(HandForm)
        form.set_values({"declarer": "Ala", "game": "clubs", "matadors": 1})
        await pilot.pause()
        box = form.query_one("#in-card_points", Input)
        box.focus()
        await pilot.pause()
        await keys(pilot, "1", "3", "0", "enter", pace=pace)
        await pilot.pause()
        assert Store(db).hands(gid) == [] and app.focused is box and box.value == "13"
        assert message(app) == "oczka: od 0 do 120 (popraw to, zanim zapiszesz)"
        await keys(pilot, "backspace", "backspace", "9", "0", "enter")
        assert Store(db).hands(gid)[0]["card_points"] == 90


async def test_kop_110_is_not_saved_as_11(db):
    """Kop (Wolsztyn): the old side's points 0-104 (the seed's count of the cards). 1 1 0 then Enter: 110 cannot
    be, so the 0 is refused and nothing is saved until the value is mended."""
    gid, app = await open_game(db, "kop-wolsztyn", P4)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        await keys(pilot, "a", "c", pace=PACE)  # the old side: Ala and Celina
        box = app.screen.query_one("#in-old_points", Input)
        assert app.focused is box
        await keys(pilot, "1", "1", "0", pace=PACE)
        assert box.value == "11" and "od 0 do 104" in message(app)
        await keys(pilot, "backspace", "backspace", "6", "0", "enter")
    assert Store(db).hands(gid) == [{"game": "ordinary", "old": ["Ala", "Celina"], "old_points": 60}]


async def test_a_number_refused_on_saving_is_replaced_by_what_is_typed_next(db):
    """Kop: 30 points for an old side that took no trick cannot be (a trick's cards are counted to its taker),
    refused on saving with the cursor in "oczka starych"; typing 0 there replaces the 30 (it made 300 before,
    refused, and typing seemed ignored until Backspace)."""
    gid, app = await open_game(db, "kop-wolsztyn", P4)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        form = app.screen.query_one(HandForm)
        form.set_values({"game": "ordinary", "old": ["Ala", "Celina"], "old_points": 30, "old_tricks": 0})
        await pilot.pause()
        await keys(pilot, "ctrl+s")
        box = app.screen.query_one("#in-old_points", Input)
        assert app.focused is box and "oczka starych" in message(app) and Store(db).hands(gid) == []
        await keys(pilot, "0", "enter")
    assert Store(db).hands(gid) == [{"game": "ordinary", "old": ["Ala", "Celina"], "old_points": 0, "old_tricks": 0}]


async def test_a_contract_refused_on_saving_is_mended_by_the_digit_it_lacked(db):
    """Tysiąc: 12 as the contract (the 5 of 125 refused) is refused on saving (at least 100); a 0 typed next goes
    on the end, 120, as the scorekeeper means it (replacing it, 0, would be refused)."""
    gid, app = await open_game(db, "tysiac", P3)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        form = app.screen.query_one(HandForm)
        form.set_values({"declarer": "Igor", "bid": 12, "points": {"Igor": 70, "Jola": 30, "Kamil": 20}})
        await pilot.pause()
        await keys(pilot, "ctrl+s")
        bid = form.query_one("#in-bid", Input)
        assert app.focused is bid and message(app).startswith("gra: ")
        await keys(pilot, "0")
        assert bid.value == "120" and message(app) == ""


@pytest.mark.parametrize("correct", ["e", "ctrl+e"])
async def test_a_correction_asked_for_right_after_enter_never_loses_the_hand_typed(db, correct):
    """Found by a scorekeeper's burst (issue 30): kop, a hand typed, then Enter and e (or Ctrl+E) in one burst, with
    hand 1 picked on the sheet before. The correction's key used to run before the save, fill the form with hand 1
    and have the Enter save that as an unchanged "edit": the typed hand was gone. Now e is refused in the field (a
    letter the key bar does not name is the field's), and Ctrl+E asks before dropping a typed hand, its cursor on
    No from its first frame (the burst's Enter answers it so): the hand stays typed, and is saved as hand 2; no
    correction is written."""
    first = {"game": "ordinary", "old": ["Ala", "Celina"], "old_points": 60}
    gid, app = await open_game(db, "kop-wolsztyn", P4, hands=[first])
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        app.screen.action_row(-1)  # hand 1 under the sheet's cursor (Ctrl+Up)
        app.screen.query_one(HandForm).focus_first()
        await keys(pilot, "b", "c", pace=PACE)  # the old side: Bartek and Celina
        await keys(pilot, "5", "5")
        # one burst, as a terminal sends it: both keys in the app's queue before either is handled (Pilot's press
        # would wait for the first to be done)
        app.post_message(events.Key("enter", "\r"))
        app.post_message(events.Key(correct, "e" if correct == "e" else None))
        await pilot.pause(0.3)
        if type(app.screen).__name__ == "ConfirmDialog":  # Ctrl+E asked first: the burst's Enter answered it no
            await keys(pilot, "enter")
        await pilot.pause()
        if len(Store(db).hands(gid)) == 1:  # the hand still in the form, as typed: Enter saves it
            assert app.screen.query_one("#in-old_points", Input).value == "55"
            await pilot.pause(1.1)  # (an Enter no screen took holds the keys after it for a second at most)
            await keys(pilot, "enter")
            await pilot.pause()
    assert Store(db).hands(gid) == [first, {"game": "ordinary", "old": ["Bartek", "Celina"], "old_points": 55}]
    assert [e.action for e in Store(db).log(gid)] == ["enter", "enter"]  # no correction of hand 1 written


async def test_a_letter_that_is_no_value_never_opens_a_correction_from_a_field(db):
    """Tysiąc, the cursor on "grający" (Igor, Jola, Kamil): e is no player; it used to open "Poprawiasz rozdanie 1"
    (the hidden e of Ctrl+E) and the keys after it corrected hand 1. Refused in the field, with its name; and a
    Ctrl+E with a hand begun asks first (No keeps it)."""
    hand = {"declarer": "Igor", "bid": 100, "points": {"Igor": 70, "Jola": 30, "Kamil": 20}}
    gid, app = await open_game(db, "tysiac", P3, hands=[hand])
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        screen = app.screen
        assert app.focused.id == "in-declarer"
        await keys(pilot, "e")
        assert screen.editing is None and "grający" in message(app)
        await pilot.pause(1.3)  # (a key at once after a refused one is taken as more of the refused word)
        await keys(pilot, "j", pace=PACE)  # Jola: a hand begun
        await keys(pilot, "ctrl+e")
        assert type(app.screen).__name__ == "ConfirmDialog"
        assert app.screen.question == "Rozdanie 2 jest wpisane, ale nie zapisane. Porzucić je?"
        await keys(pilot, "enter")  # no
        assert app.screen is screen and screen.editing is None
        assert screen.query_one("#in-declarer").value == "Jola"
        await keys(pilot, "ctrl+e", "t")  # yes: hand 1 into the form
        assert screen.editing == 0 and screen.query_one("#in-declarer").value == "Igor"
    assert [e.action for e in Store(db).log(gid)] == ["enter"]


async def test_tysiac_keypad_130_is_refused_in_igors_box(db):
    """Tysiąc on a tablet: card points 0-120 each, 120 in all. Keypad 1, 3, 0 in Igor's box: the 0 is refused
    there (Jola's box stays empty, Kamil's is not filled in from a wrong value)."""
    gid, app = await open_game(db, "tysiac", P3, touch=True)
    async with app.run_test(size=(113, 36)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        form = app.screen.query_one(HandForm)
        igor = form.query_one("#in-points-0", Input)
        igor.focus()
        await pilot.pause()
        for k in "130":
            form._keypad(k)
            await pilot.pause()
        assert igor.value == "13" and "punkty z kart (Igor): od 0 do 120" in message(app)
        assert form.query_one("#in-points-1", Input).value == ""
        assert form.query_one("#in-points-2", Input).value == ""


async def test_typing_into_a_filled_in_value_replaces_it(db):
    """Tysiąc: 70 and 40 typed, Kamil's 10 filled in (120 in all); typing 5 there makes it 5, not 510."""
    gid, app = await open_game(db, "tysiac", P3)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        form = app.screen.query_one(HandForm)
        form.query_one("#in-points-0", Input).focus()
        await keys(pilot, "7", "0", "tab", "4", "0", "tab")
        kamil = form.query_one("#in-points-2", Input)
        assert kamil.value == "10" and app.focused is kamil  # filled in, and the cursor is there
        await keys(pilot, "5")
        assert kamil.value == "5"


async def test_a_contract_no_step_of_the_rules_reaches_is_refused_as_typed(db):
    """Tysiąc: a contract is a multiple of 10 from 100 (the rules' bid_step and min_bid), at most every meld and
    the cards (120 + 100 + 80 + 60 + 40 = 400). `1 2 5`: the 5 is refused in "gra", 12 stays (120 is still to come).
    One more 0 after a whole 110 is said in the next box, not typed there; typed again it is, and then `4` is
    refused: nobody writes 04."""
    gid, app = await open_game(db, "tysiac", P3)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        form = app.screen.query_one(HandForm)
        bid = form.query_one("#in-bid", Input)
        bid.focus()
        await keys(pilot, "1", "2", "5", pace=PACE)
        assert bid.value == "12" and app.focused is bid and message(app) == "gra: od 100 do 400, co 10"
        await keys(pilot, "backspace", "backspace", "1", "1", "0", "0", pace=PACE)
        igor = form.query_one("#in-points-0", Input)
        assert bid.value == "110" and app.focused is igor and igor.value == ""  # the 0 again: said, not taken
        assert message(app) == ("punkty z kart (Igor): „0” zaraz po pełnym 110 (gra) — jeśli to nie pomyłka, "
                                "wpisz jeszcze raz")
        await keys(pilot, "0", "4", pace=PACE)  # typed again, it is Igor's: then 04 is no number
        assert igor.value == "0" and message(app) == "punkty z kart (Igor): liczba nie zaczyna się od 0"
        await keys(pilot, "tab", "4", "0", pace=PACE)  # Jola's value typed: the line on Igor's box stays
        assert message(app) == "punkty z kart (Igor): liczba nie zaczyna się od 0"
        await keys(pilot, "shift+tab", "backspace", "7", "0", pace=PACE)  # mended where it was refused: it goes
        assert message(app) == "" and igor.value == "70"


async def test_matadors_beyond_what_the_game_has_are_refused_as_typed(db):
    """Skat: a grand is played with or without 1-4 matadors (only the four jacks are trumps), a suit game with
    1-11 (ISkO 3.2.1): szczyty 5 in a grand is refused where it is typed, 5 in a suit game is kept."""
    gid, app = await open_game(db, "skat-tournament", ["Ala", "Bartek", "Celina"])
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        form = app.screen.query_one(HandForm)
        form.set_values({"game": "grand"})
        await pilot.pause()
        box = form.query_one("#in-matadors", Input)
        assert box.placeholder == "-4…4"  # the hint says the grand's range
        box.focus()
        await keys(pilot, "5", pace=PACE)
        assert box.value == "" and message(app) == "szczyty: od -4 do 4"
        await keys(pilot, "4", pace=PACE)
        assert box.value == "4"
        form.set_values({"game": "clubs"})
        await pilot.pause()
        box.focus()
        await keys(pilot, "5", pace=PACE)
        assert box.value == "5" and box.placeholder == "-11…11"


@pytest.mark.parametrize("pace", [PACE, 0.0], ids=["pace", "burst"])
async def test_7nt_plus_1_is_refused_naming_the_result(db, pace):
    """Rubber: 7NT needs all 13 tricks (Law 77: the declarer needs 6 + level), so +1 cannot be: `7 n n + 1
    Enter` saves nothing and says why (it was 7NT with 1 trick, 600 to the defenders)."""
    gid, app = await open_game(db, "bridge-rubber", P4)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        await keys(pilot, "7", "n", "n", "plus", pace=pace)
        assert message(app).startswith("wynik: „+”")
        await keys(pilot, "1", pace=pace)
        assert message(app).startswith("wynik: „+1”")
        assert app.screen.query_one("#in-tricks").value is None
        await keys(pilot, "enter")
        assert app.focused.id == "in-tricks"  # the cursor on the field the refusal names
    assert Store(db).hands(gid) == []


@pytest.mark.parametrize("typed,contract,double", [
    ("4sx", "4S", "X"), ("3ntxx", "3NT", "XX"), ("4 pik x", "4S", "X"), ("4hx", "4H", "X")])
async def test_a_doubled_contract_in_one_typing(db, typed, contract, double):
    """Players write a doubled contract as 4SX (kontra) or 3NTXX (rekontra): typed so, the double is set; the
    declarer and the result follow. 4♠X by S made: 2 x 120 = 240 below the line (Law 81)."""
    gid, app = await open_game(db, "bridge-rubber", P4)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        await keys(pilot, *[{" ": "space"}.get(c, c) for c in typed], pace=0.1)
        await keys(pilot, "s", "equals_sign", "enter", pace=0.1)
    tricks = {"4S": 10, "3NT": 9, "4H": 10}[contract]
    assert Store(db).hands(gid) == [{"contract": contract, "declarer": "S", "double": double, "tricks": tricks}]
    if contract == "4S":
        # 2 x 4 x 30 = 240 below the line, 50 for making a doubled contract (Law 81), 300 for the only game of an
        # unfinished rubber (Law 80)
        assert Store(db).sheet(gid).totals["Ala"] == 240 + 50 + 300


async def test_the_same_keys_as_before_still_make_the_usual_hand(db):
    gid, app = await open_game(db, "bridge-rubber", P4)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        await keys(pilot, "4", "s", "s", "equals_sign", "enter", pace=PACE)
    assert Store(db).hands(gid) == [{"contract": "4S", "declarer": "S", "tricks": 10}]


# --- the cursor, by sight and by keys ------------------------------------------------------------------------------
def marked_labels(form) -> list[str]:
    """The form's field labels marked ▶ (the cursor's)."""
    return [str(lbl.render()) for lbl in form.query(".field-label") if str(lbl.render()).startswith("▶")]


async def test_the_field_with_the_cursor_is_marked_without_colour(db):
    gid, app = await open_game(db, "bridge-rubber", P4)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        form = app.screen.query_one(HandForm)
        assert marked_labels(form) == [MARKS["current"] + "kontrakt"]
        await keys(pilot, "4", "s")
        assert marked_labels(form) == [MARKS["current"] + "rozgrywający"]
        await keys(pilot, "tab")  # at once after the cursor moved on by itself: that move confirmed, no skip
        assert marked_labels(form) == [MARKS["current"] + "rozgrywający"]
        await keys(pilot, "tab", "tab")
        assert marked_labels(form) == [MARKS["current"] + "wynik"]
        await keys(pilot, "enter")  # the declarer and the result missing: the cursor goes to the first, ✗ the other
        labels = {str(lbl.render()).strip(" ▶✗"): str(lbl.render())[0] for lbl in form.query(".field-label")}
        assert labels["rozgrywający"] == "▶" and labels["wynik"] == "✗"
        await keys(pilot, "n", "1", "0")  # the hand is whole: the cursor on Zapisz, the one mark on the screen
        from tests.ui.test_standings_layout import screen_text
        assert [line.split("▶")[1].split()[0] for line in screen_text(app) if "▶" in line] == ["Zapisz"]
        assert marked_labels(form) == []


async def test_the_mark_stays_while_the_app_has_not_the_focus_as_a_served_tablet_starts(db):
    """A served app starts without the focus (Textual's web driver: AppBlur until the browser's terminal has it,
    on a tablet at its first tap): the field the cursor comes back to keeps its ▶, and a tap moves it."""
    gid, app = await open_game(db, "bridge-rubber", P4, size=(100, 40), touch=True)
    async with app.run_test(size=(100, 40)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        form = app.screen.query_one(HandForm)
        assert marked_labels(form) == [MARKS["current"] + "kontrakt"]
        app.post_message(events.AppBlur())
        await pilot.pause()
        await pilot.pause()
        assert app.focused is None and marked_labels(form) == [MARKS["current"] + "kontrakt"]
        await pilot.click("#in-declarer")  # the tablet's first tap: a declarer picked, the cursor on to the result
        await pilot.pause()
        assert marked_labels(form) == [MARKS["current"] + "wynik"]

async def test_the_evening_list_marks_its_row_without_colour_and_cuts_nothing_at_80_columns(db):
    """The list of games at 80 columns: each game's title, and under it its totals (four players' fit one line of
    what the other columns leave); the row the cursor is on marked ▶ while the list has the cursor."""
    from zapis.ui.screens.evening import EveningScreen
    new_game(db, "bridge-rubber", P4)
    new_game(db, "skat-tournament", ["Ewa", "Franek", "Gosia"])
    app = make_app(db, "pl")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, EveningScreen)
        games = app.screen.query_one("#games")
        await pilot.pause()
        cell = str(games.get_row_at(0)[3]).split("\n")
        assert cell == ["Brydż robrowy (zapis międzynarodowy)", "Ala 0  Bartek 0  Celina 0  Darek 0"]
        assert games.virtual_size.width <= 80
        games.focus()
        games.move_cursor(row=1)
        await pilot.pause()
        assert [str(r.label) for r in games.ordered_rows] == [" ", "▶"]
        await keys(pilot, "up")
        assert [str(r.label) for r in games.ordered_rows] == ["▶", " "]
        app.screen.query_one("#evening").focus()
        await pilot.pause()
        assert [str(r.label) for r in games.ordered_rows] == [" ", " "]  # the cursor is elsewhere: no mark


async def test_a_tablets_evening_list_fills_in_each_games_hands_and_totals(db):
    """On a tablet the list's cells are drawn in the middle of rows three lines tall: each game's hands and totals,
    scored after the first frame, were never filled in there ("…" for good: the wait compared a drawn cell with
    "…"). The row with the cursor is marked on its middle line, with its words."""
    new_game(db, "bridge-rubber", P4, hands=[{"contract": "3NT", "declarer": "N", "tricks": 9}])
    app = make_app(db, "pl", touch=True)
    async with app.run_test(size=(113, 36)) as pilot:
        await pilot.pause()
        await pilot.pause(0.5)
        games = app.screen.query_one("#games")
        games.focus()
        await pilot.pause()
        row = [str(getattr(c, "renderable", c)) for c in games.get_row_at(0)]  # (each drawn in the row's middle)
        assert row[2] == "1" and row[3].split("\n")[1:] == ["Brydż robrowy (zapis międzynarodowy)",
                                                                        "Ala 400  Bartek 0  Celina 400  Darek 0"]
        # (3NT made by N-S: 100 below the line, a game; the rubber unfinished, a side with its only game gets
        # 300: Law 80)
        assert str(games.ordered_rows[0].label).split("\n") == ["", "▶"]


async def test_the_new_games_highlighted_ruleset_is_marked_without_colour(db):
    """The new game's list: the highlighted ruleset is marked ▶ on the screen's text (what a plain-text screen
    shows); ↓ in the search moves it, and the description follows."""
    from tests.ui.test_standings_layout import screen_text
    from zapis.ui.dialogs.new_game import NewGameDialog
    app = make_app(db, "pl")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(NewGameDialog(1))
        await pilot.pause()
        await keys(pilot, *"tysi")
        marked = [line for line in screen_text(app) if "▶" in line]
        assert len(marked) == 1 and "▶ tysiac — Tysiąc" in marked[0]
        await keys(pilot, "down")
        marked = [line for line in screen_text(app) if "▶" in line]
        assert len(marked) == 1 and "▶ tysiac-900 — " in marked[0]
        assert "900" in str(app.screen.query_one("#description").render())


async def test_players_typed_in_one_burst_each_take_their_seat(db):
    """The new game: "Celina Enter Darek Enter" sent at once (a terminal's burst) gave seat 3 "CelinaDarek": the
    keys behind an Enter went to the seat being left. Each name now takes its own seat, and the last Enter (four
    seats: all that bridge takes) makes the game."""
    from zapis.ui.dialogs.new_game import NewGameDialog
    app = make_app(db, "pl")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ev = Store(db).new_evening("2026-11-28", "Klub")
        made = []
        app.push_screen(NewGameDialog(ev), made.append)
        await pilot.pause()
        burst = [*"bridge-rubber", "enter", *"Ala", "enter", *"Bartek", "enter", *"Celina", "enter", *"Darek", "enter"]
        for k in burst:
            app.post_message(events.Key(k, "\r" if k == "enter" else k))
        await pilot.pause(0.5)
        assert [m.record.players for m in made] == [["Ala", "Bartek", "Celina", "Darek"]]


async def test_enter_on_a_cell_the_arrows_reached_takes_it(db):
    """Skat: the arrows to the third game of the row and Enter takes it, as Space does (it tried to save the hand
    with no game: "gra: brak"); Enter with nothing moved saves (or says what is missing) as before."""
    gid, app = await open_game(db, "skat-tournament", ["Ala", "Bartek", "Celina"])
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        form = app.screen.query_one(HandForm)
        pad = form.query_one("#in-game")
        pad.focus()
        await pilot.pause()
        await keys(pilot, "right", "right", "enter")
        assert pad.value == pad.cells[2].value and "brak" not in message(app) and Store(db).hands(gid) == []


async def test_a_key_a_players_pad_refuses_is_said_with_the_field_and_the_player(db):
    """Tysiąc's melds are a pad for each player: a 0 typed there was said as ': „0” — nie ma takiej wartości',
    with no field before the colon."""
    gid, app = await open_game(db, "tysiac", P3)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        app.screen.query_one("#in-melds-0").focus()
        await pilot.pause()
        await keys(pilot, "0")
        assert message(app).startswith("meldunki (Igor): „0” — nie ma takiej wartości")


async def test_esc_on_a_hand_typed_and_not_saved_asks_first(db):
    """Esc (a tablet's Wróć) left a half-typed hand without a word. Now it asks; its default, No, keeps the hand
    as typed; Tak goes back to the list."""
    from zapis.ui.screens.evening import EveningScreen
    gid, app = await open_game(db, "bridge-rubber", P4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        await keys(pilot, "7", "n", "n", "escape")
        assert type(app.screen).__name__ == "ConfirmDialog" and "Rozdanie 1 jest wpisane" in app.screen.question
        await keys(pilot, "enter")
        assert isinstance(app.screen, GameScreen) and app.screen.query_one(HandForm).raw() == {"contract": "7n", "declarer": "N"}
        await keys(pilot, "escape", "t")
        assert isinstance(app.screen, EveningScreen)


async def test_a_hand_is_corrected_by_keys_alone(db):
    hands = [{"contract": "3NT", "declarer": "N", "tricks": 9}, {"contract": "4S", "declarer": "E", "tricks": 10}]
    gid, app = await open_game(db, "bridge-rubber", P4, hands=hands)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        screen = app.screen
        await keys(pilot, "ctrl+e")  # no row chosen: the last hand
        assert screen.editing == 1
        await keys(pilot, "escape", "ctrl+up", "ctrl+up")
        assert "Rozdanie 1" in message(app)
        await keys(pilot, "ctrl+e")
        assert screen.editing == 0
        assert app.screen.query_one("#in-contract").value == "3BA"  # as Polish players write it, not the record's 3NT
        app.screen.query_one("#in-tricks").focus()
        await keys(pilot, "plus", "1", "enter", pace=0.1)  # 3NT+1
        await keys(pilot, "question_mark")
        assert type(app.screen).__name__ == "HelpScreen"
    assert Store(db).hands(gid)[0] == {"contract": "3NT", "declarer": "N", "tricks": 10}


# --- the property: random keys at a form save what they typed, or nothing -----------------------------------------
FORMS = [("skat-tournament", ["Ala", "Bartek", "Celina"]), ("tysiac", P3), ("kierki", P4), ("kop-wolsztyn", P4),
         ("3-5-8", P3)]


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
async def test_random_keys_into_number_boxes_land_where_typed_or_are_refused(tmp_path_factory, data):
    """In every number box of these forms: each digit typed either makes the box hold exactly what was typed so far
    (within the field's range) or is refused there with a line naming the field; no other box ever changes by it,
    except the one the form fills in (the rest of a fixed total, shown as filled in)."""
    ruleset, players = data.draw(st.sampled_from(FORMS))
    db = tmp_path_factory.mktemp("prop") / "p.db"
    gid, app = await open_game(db, ruleset, players)
    async with app.run_test(size=(100, 40)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        form = app.screen.query_one(HandForm)
        boxes = [w for w in form.query(Input) if w.type == "integer" and w.display
                 and all(a.display for a in w.ancestors if a is not app.screen and hasattr(a, "display"))]
        if not boxes:
            return
        box = data.draw(st.sampled_from(boxes))
        box.focus()
        await pilot.pause()
        typed = data.draw(st.lists(st.sampled_from(list(string.digits) + ["backspace"]), max_size=6))
        model = ""
        for k in typed:
            if app.focused is not box:
                break  # complete: the cursor moved on by itself (checked below)
            others = {w.id: w.value for w in boxes if w is not box and w.id not in form.auto}
            await pilot.press(k)
            await pilot.pause()
            f, item = form._field_of(box)
            lo, hi = form._bounds(f, item)
            if k == "backspace":
                model = model[:-1]
                assert app.focused is box  # Backspace never moves the cursor
            elif not out_of_range(model + k, lo, hi, step=item.step):
                model += k
            else:
                assert message(app).startswith(form.field_words(box)), (model, k, message(app))
            assert box.value == model, (ruleset, box.id, typed)
            if app.focused is not box:
                assert k != "backspace" and complete(model, lo, hi)
            changed = {i: w.value for w in boxes if (i := w.id) in others and w.value != others[i]
                       and w.id not in form.auto}
            assert not changed, changed


# --- the same keys, the same game ------------------------------------------------------------------------------
async def test_ramsz_only_where_the_rules_play_it_and_never_with_a_soloist(tmp_path):
    """Skat: a Ramsch is played only on a deal everybody passed, and only where the rules play one (the
    skat rules' all_pass: "ramsch" in skat-house, "pass" in the tournament list, ISkO 5.2.1: the deal is not
    played). The tournament list's form offers no ramsz: `r` is refused in the game box; in the house list
    `r a` picks ramsz, and the soloist's box goes (a ramsz has none), so what is saved is what is shown."""
    tour, app = await open_game(tmp_path / "t.db", "skat-tournament", P3)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(tour))
        await pilot.pause()
        await keys(pilot, "i", "r", pace=PACE)
        form = app.screen.query_one(HandForm)
        assert app.focused.id == "in-game" and "game" not in form.raw()
        assert message(app).startswith("gra: „r”")
        assert "ramsz" not in [c.label for c in app.focused.cells]
    house, app = await open_game(tmp_path / "h.db", "skat-house", P3)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(house))
        await pilot.pause()
        form = app.screen.query_one(HandForm)
        await keys(pilot, "i", pace=PACE)
        assert form.raw() == {"declarer": "Igor"} and app.focused.id == "in-game"
        await keys(pilot, "r", "a", pace=PACE)
        await pilot.pause()
        assert form.raw().get("game") == "ramsch" and "declarer" not in form.values()
        soloist = form._row(next(f for f in form.fields if f.name == "declarer"))
        assert not soloist.display
        app.screen.query_one("#in-game").focus()  # back to the game box: grand brings the soloist's box back
        await keys(pilot, "g", pace=PACE)
        assert form.raw().get("game") == "grand" and soloist.display


@pytest.mark.parametrize("typed", [("i", "t", "2", "space", "7", "0", "enter"),
                                   ("i", "t", "space", "2", "tab", "7", "0", "enter")])
async def test_a_space_ends_a_number_as_on_paper(tmp_path, typed):
    """Space after a number moves on as Tab does (2 szczyty of a clubs game, which takes up to 11: 2 is not yet
    whole, then 70 oczka); in an empty box it is refused there and the digit after it is still that box's. Either
    way the hand saved is what was typed. (In a grand, 1-4: 2 is whole and moves on by itself.)"""
    gid, app = await open_game(tmp_path / "s.db", "skat-tournament", P3)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        await keys(pilot, *typed, pace=PACE)
    assert Store(tmp_path / "s.db").hands(gid) == [{"declarer": "Igor", "game": "clubs", "matadors": 2,
                                                    "card_points": 70}]


async def test_a_tab_right_after_the_cursor_moved_on_by_itself_skips_nothing(tmp_path):
    """Tysiąc: 110 is a whole contract (100-400: a fourth digit would pass 400), so the cursor moves on by
    itself to Leon's card points; the Tab a scorekeeper types after each number out of habit confirms that move
    instead of skipping Leon's box: `l 110 Tab 70 Tab 30` saves 70 for Leon, 30 for Marta and 20 for Nina (the
    rest of 120, the form fills it in). A Tab typed later, once the cursor has stood in the box, moves on."""
    db = tmp_path / "t.db"
    gid, app = await open_game(db, "tysiac", P3)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        await keys(pilot, "i", "1", "1", "0", "tab", "7", "0", "tab", "3", "0", "enter", pace=PACE)
        await keys(pilot, "j", "1", "2", "0", pace=PACE)
        await pilot.pause(1.5)  # the cursor stood in Igor's box: this Tab is a move of its own
        await keys(pilot, "tab", pace=PACE)
        boxes = [w for w in app.screen.query_one(HandForm).query(Input) if (w.id or "").startswith("in-points")]
        assert boxes[0].value == "" and app.focused is boxes[1]  # Igor's box holds nothing: the Tab moved on
    assert Store(db).hands(gid) == [{"declarer": "Igor", "bid": 110, "points": {"Igor": 70, "Jola": 30,
                                                                                "Kamil": 20}}]


@pytest.mark.parametrize("touch, hint", [(False, "(Esc: nowe)"), (True, "(Wróć: nowe)")])
async def test_the_correction_hint_names_a_key_the_device_has(db, touch, hint):
    """A tablet has no Esc: while a hand is corrected, the form's title names the key bar's Wróć there (issue 36),
    Esc at a keyboard; tapping Wróć on the key bar leaves the correction for a new hand."""
    gid, app = await open_game(db, "bridge-rubber", P4, touch=touch, hands=[{"contract": "3NT", "declarer": "N",
                                                                            "tricks": 9}])
    async with app.run_test(size=(100, 40)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        await keys(pilot, "ctrl+e")
        title = str(app.screen.query_one("#form-title").render())
        assert title == f"Poprawiasz rozdanie 1 {hint}"
        if touch:
            bar = app.screen.query_one("KeyBar")
            await pilot.click(bar, offset=bar.offset_of("escape"))
            await pilot.pause()
            assert app.screen.editing is None and isinstance(app.screen, GameScreen)
