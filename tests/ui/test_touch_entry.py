"""A hand of every built-in module entered by taps alone (Pilot clicks, no key pressed), on the touch pads at
the sizes of a tablet's browser: 1024x768 landscape is 113x36 cells, 800x1280 portrait 88x60 (measured
through `zapis serve` at its default font size). Each tap must land on a cell the screen shows: nothing is
scrolled by the test. The store and the sheet are then checked, and the taps of a typical hand counted.

Expected totals are worked out by hand from the rules (each case says which)."""

from __future__ import annotations

import contextlib

import pytest
from textual.widgets import Input

from tests.ui.conftest import new_game
from zapis.store import Store
from zapis.ui.app import make_app
from zapis.ui.screens.game import GameScreen
from zapis.ui.widgets.hand_form import HandForm
from zapis.ui.widgets.pad import Pad

P4 = ["Ala", "Bartek", "Celina", "Darek"]
P3 = ["Ala", "Bartek", "Celina"]
LANDSCAPE, PORTRAIT = (113, 36), (88, 60)


@contextlib.asynccontextmanager
async def tablet(db, gid, size, lang="pl"):
    """The app as a tablet runs it (touch pads), open on game `gid`."""
    app = make_app(db, lang, touch=True)
    async with app.run_test(size=size) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        yield pilot


class Finger:
    """Taps as a person does: only where the screen shows the target; counts them."""

    def __init__(self, pilot):
        self.pilot, self.taps = pilot, 0

    async def _click_at(self, widget, x: int, y: int) -> None:
        screen = self.pilot.app.screen
        region = widget.content_region
        sx, sy = region.x + x, region.y + y
        hit, _ = screen.get_widget_at(sx, sy)
        assert hit is widget, f"{widget.id} is not on the screen where it should be tapped (found {hit})"
        assert await self.pilot.click(offset=(sx, sy))
        await self.pilot.pause()
        self.taps += 1

    async def pad(self, selector: str, value) -> None:
        pad = self.pilot.app.screen.query_one(selector, Pad)
        x, y = pad.cell_offset(value)
        await self._click_at(pad, x, y)

    async def keys(self, digits: str) -> None:
        for d in digits:
            await self.pad("#keypad", d)

    async def box(self, selector: str) -> None:
        box = self.pilot.app.screen.query_one(selector, Input)
        await self._click_at(box, 1, 0)

    async def save(self) -> None:
        button = self.pilot.app.screen.query_one("#save")
        await self._click_at(button, 2, 1)


# ruleset, players, the taps, the hand as the record writes it, a player and their total after it, at most taps
CASES = [
    # 4♠ made by S (Celina, N-S): 4 x 30 = 120 below the line; an unfinished rubber gives the side with the only
    # game 300 (Law 80): N-S 420
    ("bridge-rubber", P4, [("pad", "#part-contract-0", "4"), ("pad", "#part-contract-1", "S"),
                           ("pad", "#in-declarer", "S"), ("pad", "#in-tricks", 10)],
     {"contract": "4S", "declarer": "S", "tricks": 10}, "Ala", 420, 6),
    # deal 1, nobody vulnerable: 4♠= scores 420; the HCP table expects 300 of N-S with 25 points; the difference
    # 120 is 3 IMP on the scale (90-129)
    ("bridge-imp", P4, [("pad", "#part-contract-0", "4"), ("pad", "#part-contract-1", "S"),
                        ("pad", "#in-declarer", "N"), ("pad", "#in-tricks", 10), ("keys", "25")],
     {"contract": "4S", "declarer": "N", "tricks": 10, "hcp_ns": 25}, "Ala", 3, 7),
    # a pass-out: nothing scores (Law 22)
    ("bridge-chicago", P4, [("pad", "#part-contract-0", "pass")], {"contract": "pass"}, "Ala", 0, 2),
    ("bridge-pairs", {"1": ["Ala", "Bartek"], "2": ["Celina", "Darek"]},
     [("box", "#in-board"), ("keys", "1→1→2"), ("pad", "#part-contract-0", "4"), ("pad", "#part-contract-1", "S"),
      ("pad", "#in-declarer", "N"), ("pad", "#in-tricks", 10)],
     {"board": 1, "ns": 1, "ew": 2, "contract": "4S", "declarer": "N", "tricks": 10}, "Ala", 0, 12),
    # hearts (10) with 1, game 2 = 20, won with 70 card points: Seeger-Fabian 20 + 50 = 70
    ("skat-tournament", P3, [("pad", "#in-declarer", "Ala"), ("pad", "#in-game", "hearts"),
                             ("pad", "#q-matadors", 1), ("keys", "70")],
     {"declarer": "Ala", "game": "hearts", "matadors": 1, "card_points": 70}, "Ala", 70, 7),
    # a lost null (value 23) on the house list: twice its value lost, -46; "no" is a tap, as "yes" is
    ("skat-house", P3, [("pad", "#in-declarer", "Ala"), ("pad", "#in-game", "null"), ("pad", "#in-won", False)],
     {"declarer": "Ala", "game": "null", "won": False}, "Ala", -46, 4),
    # the Rewolucja (a null ouvert hand worth 92) lost: -184
    ("skat-house", P3, [("pad", "#in-declarer", "Ala"), ("pad", "#in-game", "revolution"),
                        ("pad", "#in-won", False)],
     {"declarer": "Ala", "game": "revolution", "won": False}, "Ala", -184, 4),
    # no tricks, the owed first deal (preselected): 20 a trick, Ala 3 tricks = -60; Darek's 1 is the rest of 13
    ("kierki", P4, [("keys", "3→5→4")], {"deal": "no-tricks", "taken": {"Ala": 3, "Bartek": 5, "Celina": 4, "Darek": 1}},
     "Ala", -60, 6),
    # a robber (owed first): 130 points a deal; Ala took 30 -> -30; Darek's 35 is the rest
    ("kierki-loop", P4, [("keys", "30→30→35")],
     {"deal": "robber", "points": {"Ala": 30, "Bartek": 30, "Celina": 35, "Darek": 35}}, "Ala", -30, 9),
    # czarna manka counting hearts and the queen of spades: 1 a heart, 13 for the queen: Celina 10 + 13 = -23
    ("czarna-manka-dama", P3, [("box", "#in-taken-0-0"), ("keys", "3"), ("box", "#in-taken-2-0"), ("keys", "10"),
                          ("box", "#in-taken-2-1"), ("keys", "1")],
     {"taken": {"Ala": {"hearts": 3}, "Celina": {"hearts": 10, "queen_spades": 1}}}, "Celina", -23, 10),
    # Ala bids 100 and takes 70: short, she loses the 100; the defenders keep theirs (30, and 20 the rest of 120)
    ("tysiac", P3, [("pad", "#in-declarer", "Ala"), ("pad", "#q-bid", 100), ("keys", "70→30")],
     {"declarer": "Ala", "bid": 100, "points": {"Ala": 70, "Bartek": 30, "Celina": 20}}, "Ala", -100, 8),
    # an ordinary game (preselected), the old side Ala and Celina with 60: they win, 1 point each
    ("kop-wolsztyn", P4, [("pad", "#in-old", "Ala"), ("pad", "#in-old", "Celina"), ("keys", "60")],
     {"game": "ordinary", "old": ["Ala", "Celina"], "old_points": 60}, "Ala", 1, 8),
    ("planowanie", P4, [("keys", "4→3→1→4"), ("keys", "→4→4→1→4")],
     {"bids": {"Ala": 4, "Bartek": 3, "Celina": 1, "Darek": 4},
      "tricks": {"Ala": 4, "Bartek": 4, "Celina": 1, "Darek": 4}}, "Ala", 14, 17),
    ("3-5-8", P3, [("pad", "#in-kind", "hearts"), ("keys", "4→9")],
     {"kind": "hearts", "tricks": {"Ala": 4, "Bartek": 9, "Celina": 3}}, "Ala", 1, 6),
    ("poker-rownolegly", ["Ala", "Bartek"], [("pad", "#q-showdowns", "Bartek")] * 4 + [("pad", "#q-showdowns", "Ala")],
     {"showdowns": ["Bartek", "Bartek", "Bartek", "Bartek", "Ala"]}, "Ala", 7, 8),
]


@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT], ids=["1024x768", "800x1280"])
@pytest.mark.parametrize("ruleset,players,taps,hand,who,total,most", CASES,
                         ids=[c[0] + ("-" + c[3]["game"] if c[0] == "skat-house" else "") for c in CASES])
async def test_a_hand_by_taps_alone(db, ruleset, players, taps, hand, who, total, most, size):
    gid = new_game(db, ruleset, players)
    async with tablet(db, gid, size) as pilot:
        app = pilot.app
        finger = Finger(pilot)
        for kind, *what in taps:
            await getattr(finger, kind)(*what)
        assert app.screen.query_one(HandForm).values() == hand
        await finger.save()
        message = str(app.screen.query_one("#message").render())
        assert "Zapisano rozdanie 1." in message, message
        assert finger.taps <= most, f"{finger.taps} taps"
    store = Store(db)
    assert store.hands(gid) == [hand]
    assert store.sheet(gid).totals[who] == total


async def test_the_pads_are_three_rows_tall_and_the_keypad_comes_with_numbers(db):
    """A finger's target: every cell of a pad, the keypad's keys and Save are 3 rows (about 60 CSS px)."""
    gid = new_game(db, "tysiac", P3)
    async with tablet(db, gid, LANDSCAPE) as pilot:
        app = pilot.app
        screen = app.screen
        assert screen.query_one("#in-declarer", Pad).row_height == 3
        assert screen.query_one("#keypad").display
        assert screen.query_one("#save").region.height == 3
        assert screen.query_one("#in-points-0").region.height == 3
    gid = new_game(db, "bridge-rubber", P4)
    async with tablet(db, gid, LANDSCAPE) as pilot:
        app = pilot.app
        assert not app.screen.query_one("#keypad").display  # rubber bridge has nothing to type


async def test_the_result_row_follows_the_contract(db):
    """Law 77: a contract of level n needs n + 6 tricks: after 3BA the row reads -9 .. = .. +4."""
    gid = new_game(db, "bridge-rubber", P4)
    async with tablet(db, gid, LANDSCAPE) as pilot:
        app = pilot.app
        finger = Finger(pilot)
        await finger.pad("#part-contract-0", "3")
        await finger.pad("#part-contract-1", "NT")
        labels = [c.label for c in app.screen.query_one("#in-tricks", Pad).cells]
        assert labels[0] == "-9" and labels[9] == "=" and labels[-1] == "+4"
        await finger.pad("#part-contract-0", "6")  # 6BA now: 12 tricks, the same strain kept
        labels = [c.label for c in app.screen.query_one("#in-tricks", Pad).cells]
        assert labels[12] == "=" and labels[-1] == "+1"
        assert app.screen.query_one(HandForm).values()["contract"] == "6NT"


async def test_a_result_tapped_stays_what_was_tapped_when_the_contract_changes(db):
    """Law 77: 2♥ needs 8 tricks, so +1 is 9; 3♥ needs 9, and +1 is 10: the +1 tapped stays +1 (it read -4 when
    the level went to 7, the 9 tricks kept: a result nobody tapped). 7♥ has no +1 (13 tricks is all): the result
    goes, and Zapisz asks for it."""
    gid = new_game(db, "bridge-rubber", P4)
    async with tablet(db, gid, LANDSCAPE) as pilot:
        form = pilot.app.screen.query_one(HandForm)
        finger = Finger(pilot)
        await finger.pad("#part-contract-0", "2")
        await finger.pad("#part-contract-1", "H")
        await finger.pad("#in-declarer", "S")
        await finger.pad("#in-tricks", 9)  # the cell "+1"
        assert form.values()["tricks"] == 9
        await finger.pad("#part-contract-0", "3")
        assert form.values()["contract"] == "3H" and form.values()["tricks"] == 10
        await finger.pad("#part-contract-0", "7")
        assert form.raw()["contract"] == "7H" and form.query_one("#in-tricks", Pad).value is None


async def test_a_second_tap_takes_an_optional_choice_back(db):
    gid = new_game(db, "bridge-rubber", P4)
    async with tablet(db, gid, PORTRAIT) as pilot:
        app = pilot.app
        finger = Finger(pilot)
        await finger.pad("#in-declarer", "E")
        await finger.pad("#in-declarer", "E")
        assert app.screen.query_one("#in-declarer", Pad).value is None
        await finger.pad("#in-double", "X")
        assert app.screen.query_one("#in-double", Pad).value == "X"


async def test_the_cells_say_what_players_say_in_english_too(db):
    """Levels 1-7, pass, the suit signs and NT, X and XX, the seat and name, Save."""
    gid = new_game(db, "bridge-rubber", P4)
    async with tablet(db, gid, LANDSCAPE, lang="en") as pilot:
        app = pilot.app
        screen = app.screen
        labels = lambda sel: [c.label for c in screen.query_one(sel, Pad).cells]  # noqa: E731
        assert labels("#part-contract-0") == ["1", "2", "3", "4", "5", "6", "7", "pass"]
        assert labels("#part-contract-1") == ["♣", "♦", "♥", "♠", "NT"]
        assert labels("#in-double") == ["—", "X", "XX"]
        assert labels("#in-declarer") == ["N Ala", "E Bartek", "S Celina", "W Darek"]
        assert str(screen.query_one("#save").label) == "Save"
        text = app.export_screenshot()
        assert "pass" in text and "NT" in text and "Save" in text


async def test_cofnij_asks_before_it_undoes(db):
    """A stray tap on Cofnij does nothing without a second, deliberate one; the undo stays in the history."""
    hand = {"contract": "3NT", "declarer": "N", "tricks": 9}
    gid = new_game(db, "bridge-rubber", P4, [hand])
    async with tablet(db, gid, LANDSCAPE) as pilot:
        app = pilot.app
        await pilot.click("#undo", offset=(2, 1))
        await pilot.pause()
        assert type(app.screen).__name__ == "ConfirmDialog" and "Cofnąć rozdanie 1?" in app.screen.question
        await pilot.click("#no")
        await pilot.pause()
        assert Store(db).hands(gid) == [hand]
        await pilot.click("#undo", offset=(2, 1))
        await pilot.pause()
        await pilot.click("#yes")
        await pilot.pause()
        assert Store(db).hands(gid) == []
        assert str(app.screen.query_one("#message").render()) == "Cofnięto ostatnie rozdanie."
        await pilot.click("#undo", offset=(2, 1))  # nothing left to undo: said, nothing asked
        await pilot.pause()
        assert type(app.screen).__name__ == "GameScreen"
    assert [e.action for e in Store(db).log(gid)] == ["enter", "undo"]


async def test_the_key_bars_cofnij_asks_as_the_button_does(db):
    """One act, one behaviour (issue 36): ^z Cofnij clicked on the terminal's key bar asks the same question as
    the tablet's button. A tablet's key bar names no key (it has no Ctrl or Esc) and does not repeat its
    Zapisz and Cofnij buttons; its keys are a finger's size: three rows, at least six columns."""
    hand = {"contract": "3NT", "declarer": "N", "tricks": 9}
    gid = new_game(db, "bridge-rubber", P4, [hand])
    async with tablet(db, gid, PORTRAIT) as pilot:
        bar = pilot.app.screen.query_one("KeyBar")
        assert [k.description for k in bar.keys] == ["Popraw", "Historia", "Duże cyfry", "Wykres", "Wróć"]
        drawn = str(bar.render()).splitlines()
        assert bar.size.height == 3 and len(drawn) == 3 and "^" not in drawn[1] and "esc" not in drawn[1]
        assert all(w >= 6 for _row, _x, w in bar._tall_layout(bar.content_size.width))
        await pilot.click(bar, offset=bar.offset_of("escape"))  # its Wróć goes back, as Esc does
        await pilot.pause()
        assert type(pilot.app.screen).__name__ == "EveningScreen"
    app = make_app(db, "pl", touch=False)
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        bar = app.screen.query_one("KeyBar")
        assert bar.size.height == 1 and "^s Zapisz ^z Cofnij" in str(bar.render())
        await pilot.click(bar, offset=bar.offset_of("ctrl+z"))
        await pilot.pause()
        assert type(app.screen).__name__ == "ConfirmDialog" and "Cofnąć rozdanie 1?" in app.screen.question
        await pilot.click("#yes")
        await pilot.pause()
        assert Store(db).hands(gid) == []


async def test_popraw_on_a_tablet_offers_the_hands_as_cells_a_finger_hits(db):
    """A tablet corrects an earlier hand without aiming at a sheet's line of text (issue 36): Popraw on its key bar
    offers the hands as tall cells, the last one marked; a tap on 1 puts hand 1 in the form. Anuluj leaves the form
    as it was."""
    hands = [{"contract": "3NT", "declarer": "N", "tricks": 9}, {"contract": "2S", "declarer": "E", "tricks": 8}]
    gid = new_game(db, "bridge-rubber", P4, hands)
    async with tablet(db, gid, PORTRAIT) as pilot:
        app = pilot.app
        bar = app.screen.query_one("KeyBar")
        await pilot.click(bar, offset=bar.offset_of("ctrl+e"))
        await pilot.pause()
        assert type(app.screen).__name__ == "PickHandDialog"
        pad = app.screen.query_one("#hands", Pad)
        assert pad.row_height == 3 and pad.value == 1 and [c.label for c in pad.cells] == ["1", "2"]
        await pilot.click(pad, offset=pad.cell_offset(0))
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen) and game.editing == 0
        assert str(game.query_one("#form-title").render()) == "Poprawiasz rozdanie 1 (Wróć: nowe)"
        assert {k: v for k, v in game.query_one(HandForm).values().items() if v is not None} == hands[0]
        assert game.query_one("#in-double", Pad).value == ""  # undoubled: its "—" ticked, as on a new hand
        await pilot.click(bar, offset=bar.offset_of("ctrl+e"))  # asked again, and called off
        await pilot.pause()
        assert app.screen.query_one("#hands", Pad).value == 0  # the hand being corrected is the one marked
        await pilot.click("#cancel")
        await pilot.pause()
        assert app.screen is game and game.editing == 0


async def test_the_keypads_arrow_reaches_every_field_and_a_tapped_value_mends_a_refusal(db):
    """Tysiąc on a tablet. The contract is 100 at the least (the rules' min_bid) and 400 at the most: keypad 5
    (no contract begins so below 1000) is refused in the box, and a tap on the quick 120 mends it (the ✗ and the
    line go). After the card points, → goes on to each meld row in turn, the rare ones too, where it used to
    stop on the last field it fills."""
    from zapis.ui.widgets.hand_form import HandForm

    gid = new_game(db, "tysiac", ["Leon", "Marta", "Nina"])
    app = make_app(db, "pl", touch=True)
    async with app.run_test(size=(100, 60)) as pilot:
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        finger = Finger(pilot)
        form = app.screen.query_one(HandForm)
        await finger.pad("#in-declarer", "Marta")
        await finger.keys("5")
        assert form.query_one("#in-bid", Input).value == ""
        assert str(app.screen.query_one("#message").render()) == "gra: od 100 do 400, co 10"
        await finger.pad("#q-bid", 120)
        assert form.query_one("#in-bid", Input).value == "120"
        assert str(app.screen.query_one("#message").render()) == ""  # mended: the line went
        assert app.focused.id == "in-points-0"
        await finger.keys("40")
        await finger.pad("#keypad", "→")
        await finger.keys("60")  # Nina's 20 filled in
        focused = []
        for _ in range(4):
            await finger.pad("#keypad", "→")
            focused.append(app.focused.id)
        # Nina's 20 the form filled in first (the cursor goes there too), then each player's melds
        assert focused == ["in-points-2", "in-melds-0", "in-melds-1", "in-melds-2"], focused


@pytest.mark.parametrize("lang", ["pl", "en"])
async def test_no_hint_on_a_tablet_names_a_key_it_has_not(db, lang):
    """A tablet has no Tab, Enter, Ctrl or Esc (issue 36): its help says what to tap, the new game's seats say no
    "Enter", a correction says Wróć/Back, and its key bar names no key."""
    import re
    from zapis.ui.dialogs.new_game import NewGameDialog
    from zapis.ui.screens.help import HelpScreen
    keys = re.compile(r"\b(Tab|Enter|Ctrl|Esc|Shift)\b|\^[a-z]")
    gid = new_game(db, "bridge-rubber", P4, [{"contract": "3NT", "declarer": "N", "tricks": 9}])
    async with tablet(db, gid, LANDSCAPE, lang) as pilot:
        app = pilot.app
        await pilot.click(app.screen.query_one("KeyBar"), offset=app.screen.query_one("KeyBar").offset_of("ctrl+e"))
        await pilot.pause()
        said = [str(app.screen.query_one("#form-title").render())]
        app.push_screen(HelpScreen())
        await pilot.pause()
        said.append(app.screen.query_one("Markdown").source)
        said.append(str(app.screen.query_one("KeyBar").render()))
        app.pop_screen()
        app.push_screen(NewGameDialog(app.evening_id))
        await pilot.pause()
        said += [str(label.render()) for label in app.screen.query("Label")]
    text = "\n".join(said)
    assert ("Poprawiasz rozdanie 1 (Wróć: nowe)" if lang == "pl" else "Editing hand 1 (Back: new)") in text
    assert ("Popraw" if lang == "pl" else "Edit") in said[1]  # the help says what to tap
    assert not keys.search(text), keys.search(text)
