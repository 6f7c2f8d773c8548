"""The app as a scorekeeper uses it: entering hands through the form for every module, undo, edit,
refusals with the message shown, standings, export, the language switch."""

import pytest

from tests.ui.conftest import key_bar, new_game
from zapis.store import Store
from zapis.ui.screens.game import GameScreen
from zapis.ui.widgets.hand_form import HandForm

P4 = ["Ala", "Bartek", "Celina", "Darek"]
P3 = ["Ala", "Bartek", "Celina"]
SIZE = (100, 40)


async def open_game(app, pilot, gid):
    app.push_screen(GameScreen(gid))
    await pilot.pause()
    return app.screen.query_one(HandForm)


async def type_into(pilot, widget_id, text):
    pilot.app.screen.query_one(f"#{widget_id}").focus()
    await pilot.press(*text)


async def test_bridge_hand_typed_and_saved(db, app_factory):
    gid = new_game(db, "bridge-rubber", P4)
    app = app_factory()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_game(app, pilot, gid)
        await type_into(pilot, "in-contract", "3nt")
        form.query_one("#in-declarer").value = "N"
        await type_into(pilot, "in-tricks", "9")
        await pilot.press("enter")
        await pilot.pause()
        assert "Zapisano rozdanie 1" in str(app.screen.query_one("#message").render())
        # 3NT made: 100 below the line; the rubber is unfinished, so N-S's only game scores 300 (Law 80)
        assert Store(db).sheet(gid).totals["Ala"] == 100 + 300
        assert form.query_one("#in-contract").value == ""  # the form is ready for the next hand


async def test_a_hand_that_breaks_a_check_is_refused_with_the_message(db, app_factory):
    gid = new_game(db, "bridge-rubber", P4)
    app = app_factory("en")
    async with app.run_test(size=SIZE) as pilot:
        form = await open_game(app, pilot, gid)
        await type_into(pilot, "in-contract", "4S")  # no declarer, no result: a contract needs both
        await pilot.press("ctrl+s")
        await pilot.pause()
        msg = str(app.screen.query_one("#message").render())
        assert "declarer: missing" in msg and "result: missing" in msg
        assert form.query_one("#f-tricks").has_class("error")
        assert Store(db).hands(gid) == []  # nothing saved


async def test_tysiac_card_points_must_sum_to_120_shown_before_saving(db, app_factory):
    gid = new_game(db, "tysiac", P3)
    app = app_factory("en")
    async with app.run_test(size=SIZE) as pilot:
        form = await open_game(app, pilot, gid)
        form.query_one("#in-declarer").value = "Bartek"
        await type_into(pilot, "in-bid", "120")
        for i, v in enumerate(("30", "70")):
            await type_into(pilot, f"in-points-{i}", v)
        await pilot.pause()
        last = form.query_one("#in-points-2")
        assert last.value == "20" and last.has_class("auto")  # the rest of 120, filled in and shown as such
        last.value = "15"  # the scorekeeper overrides it (a miscount): now it is his, and refused
        await pilot.pause()
        assert not last.has_class("auto")
        await type_into(pilot, "in-melds-1", "h")
        await pilot.press("enter")
        await pilot.pause()
        assert "card points: 115 in all, not 120 (5 short)" in str(app.screen.query_one("#message").render())
        last.value = "20"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert Store(db).sheet(gid).totals == {"Ala": 30, "Bartek": 120, "Celina": 20}


async def test_the_last_players_tricks_are_filled_in_and_taken_back(db, app_factory):
    """3-5-8: 16 tricks a deal (the ruleset's `tricks`): two counts give the third."""
    gid = new_game(db, "3-5-8", P3)
    app = app_factory()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_game(app, pilot, gid)
        await type_into(pilot, "in-tricks-0", "8")
        await type_into(pilot, "in-tricks-2", "3")
        await pilot.pause()
        assert form.query_one("#in-tricks-1").value == "5"
        await type_into(pilot, "in-tricks-2", "0")  # 30 tricks: past the total, the 0 is refused in that box
        await pilot.pause()
        assert form.query_one("#in-tricks-2").value == "3" and form.query_one("#in-tricks-1").value == "5"
        assert "od 0 do 16" in str(app.screen.query_one("#message").render())
        form.query_one("#in-kind").value = "hearts"
        await pilot.press("ctrl+s")  # the refusal not yet mended: nothing saved (3 was left, 30 was typed)
        await pilot.pause()
        assert Store(db).hands(gid) == [] and "zanim zapiszesz" in str(app.screen.query_one("#message").render())
        await type_into(pilot, "in-tricks-2", ["backspace", "3"])  # mended in its box: it saves as it stands
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert Store(db).hands(gid) == [{"kind": "hearts", "tricks": {"Ala": 8, "Bartek": 5, "Celina": 3}}]


# One hand of every module, filled in the form and saved with Ctrl+S.
EVERY = [
    ("bridge-chicago", P4, {"contract": "4S", "declarer": "N", "tricks": 10}, "Ala", 420),
    ("bridge-imp", P4, {"contract": "4S", "declarer": "N", "tricks": 10, "hcp_ns": 25}, "Ala", 3),
    ("bridge-pairs", {"1": ["Ala", "Bartek"], "2": ["Celina", "Darek"]},
     {"board": 1, "ns": 1, "ew": 2, "contract": "4S", "declarer": "N", "tricks": 10}, "Ala", 0),
    ("skat-tournament", P3, {"declarer": "Ala", "game": "hearts", "bid": 20, "matadors": 1, "card_points": 70},
     "Ala", 70),
    ("kierki", P4, {"deal": "no-hearts", "taken": {"Ala": 13}}, "Ala", -260),
    ("kierki-loop", P4, {"deal": "robber", "points": {"Ala": 30, "Bartek": 30, "Celina": 35, "Darek": 35}},
     "Ala", -30),
    ("czarna-manka-dama", P3, {"taken": {"Ala": {"hearts": 3}, "Celina": {"hearts": 10, "queen_spades": 1}}},
     "Celina", -23),
    ("tysiac", P3, {"declarer": "Ala", "bid": 100, "points": {"Ala": 100, "Bartek": 10, "Celina": 10}}, "Ala", 100),
    ("kop-wolsztyn", P4, {"game": "ordinary", "old": ["Ala", "Celina"], "old_points": 60}, "Ala", 1),
    ("planowanie", P4, {"bids": {"Ala": 4, "Bartek": 3, "Celina": 1, "Darek": 4},
                        "tricks": {"Ala": 4, "Bartek": 4, "Celina": 1, "Darek": 4}}, "Ala", 14),
    ("3-5-8", P3, {"kind": "hearts", "tricks": {"Ala": 4, "Bartek": 9, "Celina": 3}}, "Ala", 1),
    ("poker-rownolegly", ["Ala", "Bartek"], {"showdowns": ["Bartek", "Bartek", "Bartek", "Bartek", "Ala"]}, "Ala", 7),
]


@pytest.mark.parametrize("ruleset,players,hand,who,total", EVERY, ids=[e[0] for e in EVERY])
async def test_every_module_takes_a_hand_through_the_form(db, app_factory, ruleset, players, hand, who, total):
    gid = new_game(db, ruleset, players)
    app = app_factory("en")
    async with app.run_test(size=SIZE) as pilot:
        form = await open_game(app, pilot, gid)
        form.set_values(hand)
        await pilot.pause()
        assert form.values() == hand  # the form writes the hand exactly as a record would
        await pilot.press("ctrl+s")
        await pilot.pause()
        msg = str(app.screen.query_one("#message").render())
        assert "Hand 1 saved" in msg, msg
        assert Store(db).sheet(gid).totals[who] == total


async def test_undo_and_edit_an_earlier_hand_with_history(db, app_factory):
    hands = [{"contract": "3NT", "declarer": "N", "tricks": 9}, {"contract": "2H", "declarer": "E", "tricks": 8}]
    gid = new_game(db, "bridge-rubber", P4, hands)
    app = app_factory("en")
    async with app.run_test(size=SIZE) as pilot:
        form = await open_game(app, pilot, gid)
        await pilot.press("ctrl+z")  # asks first, as Cofnij on a tablet does (issue 36): Enter answers no
        await pilot.pause()
        assert type(app.screen).__name__ == "ConfirmDialog" and "Undo hand 2?" in app.screen.question
        await pilot.press("enter")
        await pilot.pause()
        assert len(Store(db).hands(gid)) == 2 and type(app.screen).__name__ == "GameScreen"
        await pilot.press("ctrl+z", "y")
        await pilot.pause()
        assert len(Store(db).hands(gid)) == 1
        assert "undone" in str(app.screen.query_one("#message").render())
        # select the first hand in the sheet and correct it: 10 tricks, not 9
        sheet = app.screen.query_one("#sheet")
        row = next(i for i, key in enumerate(sheet.row_keys()) if sheet.row_hand.get(key) == 0)
        sheet.focus()
        sheet.move_cursor(row=row)
        await pilot.press("e")
        await pilot.pause()
        assert form.query_one("#in-tricks").value == 9
        form.query_one("#in-tricks").value = 10
        await pilot.press("ctrl+s")
        await pilot.pause()
        store = Store(db)
        assert store.hands(gid)[0]["tricks"] == 10
        assert [e.action for e in store.log(gid)] == ["enter", "enter", "undo", "edit"]
        app.screen.query_one("#sheet").focus()
        await pilot.press("h")
        await pilot.pause()
        assert type(app.screen).__name__ == "HistoryDialog"
        # the hands as the form names them, a correction as what it changed (no JSON)
        rows = [[str(c) for c in app.screen.query_one("DataTable").get_row_at(i)] for i in range(4)]
        # as players write them (issue 36): 3NT by N with 9 tricks made exactly "="; 2H by E, 8 of 8 "="; the
        # correction 9 -> 10 tricks of 3NT: "= → +1"
        assert rows[0][4] == "contract 3NT · declarer N · result ="
        assert rows[2][2] == "undone" and rows[2][4] == "contract 2♥ · declarer E · result ="
        assert rows[3][2] == "edited" and rows[3][4] == "result = → +1"
        assert not any("{" in r[4] for r in rows)


async def test_evening_standings_export_and_language(db, app_factory, tmp_path):
    new_game(db, "tysiac", P3, [{"declarer": "Ala", "bid": 100, "points": {"Ala": 70, "Bartek": 30, "Celina": 20}}])
    app = app_factory("pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        footer = " ".join(str(b.description) for b in app.screen._bindings.key_to_bindings.get("s", []))
        assert "Wyniki" in footer
        await pilot.press("s")
        await pilot.pause()
        assert type(app.screen).__name__ == "StandingsScreen"
        assert app.screen.query_one("#standings").row_count == 3
        await pilot.press("escape")
        await pilot.press("x")
        await pilot.pause()
        out = tmp_path / "wieczor.html"
        app.screen.query_one("#path").value = str(out)
        app.screen.query_one("#path").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
        await pilot.press("l")
        await pilot.pause()
        footer = " ".join(str(b.description) for b in app.screen._bindings.key_to_bindings.get("s", []))
        assert "Standings" in footer


async def test_new_game_dialog_creates_a_game(db, app_factory):
    Store(db).new_evening("2026-11-20")
    app = app_factory("en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        await type_into(pilot, "search", "tysiac-900")
        await pilot.pause()
        app.screen.query_one("#rulesets").focus()
        await pilot.press("enter")  # choose it; the focus moves to the first seat
        for i, name in enumerate(P3):
            await type_into(pilot, f"p{i}", name)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert type(app.screen).__name__ == "GameScreen"
        info = Store(db).games()[0]
        assert info.ruleset == "tysiac-900" and info.players == P3


async def test_a_house_variant_saved_from_the_rulesets_screen(db, app_factory):
    from zapis.io import rulesets
    app = app_factory("en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        ol = screen.query_one("#ruleset-list")
        ol.highlighted = [o.id for o in ol._options].index("tysiac")
        await pilot.pause()
        table = screen.query_one("#params")
        table.focus()
        table.move_cursor(row=[k.value for k in table.rows].index("barrier"))
        await pilot.press("enter")  # edit the value
        await pilot.pause()
        screen.query_one("#param-value").value = "900"
        await pilot.press("enter")
        await pilot.pause()
        await type_into(pilot, "variant-id", "u-bogdana")
        await pilot.press("enter")
        await pilot.pause()
        assert "u-bogdana" in str(screen.query_one("#ruleset-msg").render())
    r = rulesets.load("u-bogdana")
    assert r["barrier"] == 900 and r.chain == ("tysiac",) and r["bid_step"] == 10


async def test_the_rulesets_screen_shows_every_ruleset(db, app_factory):
    from zapis.io import rulesets
    app = app_factory("pl")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        ol = app.screen.query_one("#ruleset-list")
        ol.focus()
        for _ in rulesets.list_rulesets():
            await pilot.press("down")
            await pilot.pause()
            app.screen.query_one("#params").focus()
            await pilot.press("down", "enter")
            ol.focus()
        assert type(app.screen).__name__ == "RulesetsScreen"


async def test_help_history_and_export_dialogs_open(db, app_factory):
    new_game(db, "tysiac", P3, [{"declarer": "Ala", "bid": 100, "points": {"Ala": 100, "Bartek": 10, "Celina": 10}}])
    app = app_factory("pl")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        await pilot.press("escape", "p")
        await pilot.pause()
        assert type(app.screen).__name__ == "PlayersScreen"


async def test_keys_typed_after_quit_open_nothing(db, app_factory):
    new_game(db, "tysiac", P3, [{"declarer": "Ala", "bid": 100, "points": {"Ala": 100, "Bartek": 10, "Celina": 10}}])
    app = app_factory("pl")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q", "s", "x", "g")
        await pilot.pause()
    assert app.return_code in (0, None)


async def test_the_form_does_not_pin_an_override_the_rules_derive(db, app_factory):
    # bridge's `vulnerable` is an override: the form must leave it empty, or every hand would carry it
    gid = new_game(db, "bridge-rubber", P4)
    app = app_factory("en")
    async with app.run_test(size=SIZE) as pilot:
        form = await open_game(app, pilot, gid)
        await type_into(pilot, "in-contract", "4S")
        form.query_one("#in-declarer").value = "N"
        await type_into(pilot, "in-tricks", "10")
        await pilot.press("enter")
        await pilot.pause()
        assert Store(db).hands(gid) == [{"contract": "4S", "declarer": "N", "tricks": 10}]
        assert "vulnerable" not in form.values()


async def test_a_contract_typed_in_polish_notation_is_recorded_as_the_record_writes_it(db, app_factory):
    gid = new_game(db, "bridge-rubber", P4)
    app = app_factory()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_game(app, pilot, gid)
        await type_into(pilot, "in-contract", "3ba")
        form.query_one("#in-declarer").value = "N"
        await type_into(pilot, "in-tricks", "9")
        await pilot.press("enter")
        await pilot.pause()
        await type_into(pilot, "in-contract", "pas")
        await pilot.press("enter")
        await pilot.pause()
    assert Store(db).hands(gid) == [{"contract": "3NT", "declarer": "N", "tricks": 9}, {"contract": "pass"}]


async def test_at_80x24_the_refusal_and_the_saved_message_are_on_screen(db, app_factory):
    """A rubber well under way fills the sheet and the form: the message line still shows, whole."""
    gid = new_game(db, "bridge-rubber", P4, [{"contract": "3NT", "declarer": "N", "tricks": 9}] * 3)
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(app, pilot, gid)
        app.screen.query_one("#in-contract").value = "9nt"
        await pilot.press("ctrl+s")
        await pilot.pause()
        msg = app.screen.query_one("#message")
        assert "9nt" in str(msg.render())
        assert msg.region.height >= 1 and msg.region.bottom <= 23 and msg.region.y >= 0  # above the footer
        assert "9nt" in app.export_screenshot()
        app.screen.query_one("#in-contract").value = "1NT"
        app.screen.query_one("#in-declarer").value = "E"
        app.screen.query_one("#in-tricks").value = 7
        await pilot.press("ctrl+s")
        for _ in range(100):  # a busy machine: until the save has been shown
            await pilot.pause(0.02)
            if "Zapisano" in str(msg.render()):
                break
        assert str(msg.render()) == "Zapisano rozdanie 4."
        assert msg.region.bottom <= 23 and "Zapisano" in app.export_screenshot().replace("&#160;", " ")


async def test_the_language_chosen_is_the_next_starts_language(db, monkeypatch):
    """`l` switches the language and remembers it (the user's settings); --lang still wins."""
    from zapis import settings
    from zapis import lang as i18n
    from zapis.ui.app import make_app

    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    new_game(db, "bridge-rubber", P4)
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        assert i18n.get_lang() == "en"
        await pilot.press("l")
        await pilot.pause()
        assert i18n.get_lang() == "pl"
    assert settings.load() == {"lang": "pl"}
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        assert i18n.get_lang() == "pl" and app.title == "zapis — zapis gry w karty"
    make_app(db, "en")
    assert i18n.get_lang() == "en"
    settings.config_file().write_text("lang = [", encoding="utf-8")  # damaged: as if there were none
    make_app(db)
    assert i18n.get_lang() == "en"


async def test_new_game_by_keyboard_exact_id_wins_and_enter_goes_on(db, app_factory):
    """Typing "bridge-pairs" finds bridge-pairs first (not bridge-pairs-imp nor Butler); Enter takes it, Enter moves
    from seat to seat, and Enter on the empty seat after the last player starts the game."""
    Store(db).new_evening("2026-11-20")
    app = app_factory("en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        await pilot.press(*"tysiac", "enter")  # the best match of "tysiac" is tysiac itself, not tysiac-900
        await pilot.pause()
        assert app.screen.chosen == "tysiac" and app.focused.id == "p0"
        for name in P3:
            await pilot.press(*name, "enter")
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "GameScreen"
    assert Store(db).games()[0].ruleset == "tysiac"
    from zapis.ui.dialogs.new_game import NewGameDialog
    dialog = NewGameDialog.__new__(NewGameDialog)
    dialog.all = [("bridge-butler", "bridge-pairs", "Butler"), ("bridge-pairs-imp", "bridge-pairs", "Pairs IMP"),
                  ("bridge-pairs", "bridge-pairs", "Pairs")]
    assert [o.id for o in dialog._options("bridge-pairs")][0] == "bridge-pairs"


@pytest.mark.parametrize("lang", ["pl", "en"])
async def test_every_footer_key_fits_80_columns(db, lang):
    """The evening and game screens at 80x24: the footer's last key (Koniec / quit, Wróć / back) is whole on
    screen, and no English "palette" in Polish."""
    from zapis.ui.app import make_app

    gid = new_game(db, "bridge-rubber", P4)
    app = make_app(db, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = key_bar(app)
        text = str(bar.render())
        assert bar.region.width == 80 and bar.region.x == 0
        assert bar.keys and bar.keys[-1].end <= 80, text
        assert bar.keys[-1].description in ("Koniec", "Quit") and text.rstrip().endswith(bar.keys[-1].description)
        assert "palette" not in app.export_screenshot()
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        assert key_bar(app).keys[-1].end <= 80


async def test_a_rubber_won_is_not_the_end_of_the_game(db, app_factory):
    """Rubber bridge: N-S make two games (3NT, then 4♠): the rubber is theirs (Law 17/18: two games win it),
    the sheet says so, but play goes on: no "game over", the evening list counts hands, and the next hand
    opens rubber 2 (the record's own `finished` stays the spec's)."""
    game = {"contract": "3NT", "declarer": "N", "tricks": 9}
    gid = new_game(db, "bridge-rubber", P4, [game, {"contract": "4S", "declarer": "S", "tricks": 10}])
    assert Store(db).sheet(gid).finished  # the spec's meaning: the record ends at the end of a rubber
    app = app_factory("pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        games = app.screen.query_one("#games")
        assert str(games.get_row(str(gid))[2]) == "2"  # hands, not "koniec"
        await open_game(app, pilot, gid)
        said = str(app.screen.query_one("#next").render())
        assert "Rober wygrali: Ala, Celina. Następne rozdanie zaczyna nowy rober." in said and "Koniec" not in said
        app.screen.query_one(HandForm).set_values(game)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Zapisano rozdanie 3." in str(app.screen.query_one("#message").render())
    sheet = Store(db).sheet(gid)
    assert not sheet.finished and sheet.next["rubber"] == 2


async def test_what_a_finished_unit_means_is_said_for_its_game(db, app_factory):
    """A Chicago cycle ends after four deals: the cycle, not a rubber, is said; a pairs session goes on."""
    gid = new_game(db, "bridge-chicago", P4, [{"contract": "3NT", "declarer": "N", "tricks": 9}] * 4)
    app = app_factory("en")
    async with app.run_test(size=SIZE) as pilot:
        await open_game(app, pilot, gid)
        said = str(app.screen.query_one("#next").render())
        assert "won the four-deal cycle" in said and "new cycle" in said and "rubber" not in said
    from zapis.core.module import get_module
    from zapis.core.words import say
    from zapis.io.rulesets import load

    pairs = say(get_module("bridge-pairs").unit_over(load("bridge-pairs"), "Ala, Bartek"), "pl")
    assert "Turniej trwa" in pairs and "rober" not in pairs


async def test_a_sheets_labels_are_not_cut_where_there_is_room(db, app_factory):
    """Chicago: "1. Ala (N) nikt po partii: 4♠ N =" and the like are longer than 30 characters; at 120 columns
    the label column holds the longest whole."""
    gid = new_game(db, "bridge-chicago", P4, [{"contract": "4S", "declarer": "N", "tricks": 10},
                                              {"contract": "3NT", "declarer": "E", "tricks": 8, "double": "XX"}])
    app = app_factory("pl")
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, gid)
        sheet = app.screen.sheet
        longest = max(len(r.label) for sec in sheet.sections for r in sec.rows)
        assert longest > 30
        view = app.screen.query_one("#sheet")
        assert view.label_width >= longest
    # a section's title stands in the label column too: "1: nad kreską / above (niedokończony...)" whole
    gid = new_game(db, "bridge-rubber", P4, [{"contract": "2H", "declarer": "E", "tricks": 8}])
    app = app_factory("pl")
    async with app.run_test(size=(120, 40)) as pilot:
        await open_game(app, pilot, gid)
        titles = [sec.title for sec in app.screen.sheet.sections]
        assert app.screen.query_one("#sheet").label_width >= max(map(len, titles))


@pytest.mark.parametrize("ruleset,says", [
    ("bridge-rubber", "players: 4 · N, E, S, W"), ("bridge-two", "players: 2 · N-S, E-W"), ("bridge-tura", "players: 4\n"),
    ("czarna-manka", "players: 3, 4, 5 or 6"), ("czarna-manka-pary", "players: 4"), ("metamorfoza", "players: 2 or 3")])
async def test_new_game_dialog_says_how_many_these_rules_seat(db, app_factory, ruleset, says):
    Store(db).new_evening("2026-11-20")
    app = app_factory("en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        await type_into(pilot, "search", ruleset)
        await pilot.pause()
        text = str(app.screen.query_one("#description").render()) + "\n"
        assert says in text, text
