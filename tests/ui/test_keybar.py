"""The key bar at the bottom of every screen: one widget drawing the screen's keys as the compact Footer showed
them; its keys are in the first frame, a click or tap presses one, a key that cannot be used now is dim and rings
the bell, and it is drawn again only when the keys it shows change (not at every move of the focus)."""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Label

from tests.ui.conftest import at_first_frame, key_bar, new_game
from zapis.ui.screens.game import GameScreen
from zapis.ui.widgets.keybar import KeyBar

P4 = ["Ala", "Bartek", "Celina", "Darek"]


async def test_the_first_frame_shows_the_evening_screens_keys(db, app_factory):
    new_game(db, "kierki", P4)
    app = app_factory("pl")
    first = at_first_frame(app, lambda screen: str(screen.query_one(KeyBar).render()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    assert first and first[0].startswith("n Nowy wieczór g Nowa gra s Wyniki x Eksport"), first


async def test_a_click_on_a_key_presses_it_and_the_columns_are_where_it_is_drawn(db, app_factory):
    new_game(db, "kierki", P4)
    app = app_factory("en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = key_bar(app)
        drawn = str(bar.render())
        for k in bar.keys:  # each key's columns hold its key and its words
            assert drawn[k.start:k.end] == f"{k.display} {k.description}"
        assert bar.key_at(bar.keys[0].end) is None  # the space between two keys is no key
        await pilot.click(bar, offset=bar.offset_of("question_mark"))
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        await pilot.click(key_bar(app), offset=key_bar(app).offset_of("escape"))
        await pilot.pause()
        assert type(app.screen).__name__ == "EveningScreen"


class Locked(Screen):
    BINDINGS = [Binding("o", "open", "Open"), Binding("c", "close", "Close")]

    def compose(self):
        yield Label("zamek")
        yield KeyBar()

    def check_action(self, action, parameters):
        return None if action == "close" else True  # None: shown, but not usable now

    def action_open(self):
        self.app.opened.append("o")

    def action_close(self):
        self.app.opened.append("c")


class LockedApp(App):
    def __init__(self):
        super().__init__()
        self.opened, self.bells = [], 0

    def on_mount(self):
        self.push_screen(Locked())

    def bell(self):
        self.bells += 1


async def test_a_key_that_cannot_be_used_is_dim_and_rings_the_bell():
    app = LockedApp()
    async with app.run_test(size=(60, 10)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        closed = next(k for k in bar.keys if k.key == "c")
        assert not closed.enabled
        text = bar.render()
        assert any("dim" in str(span.style) and span.start <= closed.start < span.end for span in text.spans)
        await pilot.click(bar, offset=bar.offset_of("c"))
        await pilot.click(bar, offset=bar.offset_of("o"))
        await pilot.pause()
        assert app.opened == ["o"] and app.bells == 1


async def test_moving_the_focus_draws_the_bar_again_only_when_its_keys_change(db, app_factory):
    gid = new_game(db, "tysiac", ["Ala", "Bartek", "Celina"])
    app = app_factory("pl")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(GameScreen(gid))
        await pilot.pause()
        bar = key_bar(app)
        boxes = list(app.screen.query("#form Input"))
        assert len(boxes) >= 3
        boxes[0].focus()
        await pilot.pause()
        drawn = []
        real = bar.render
        bar.render = lambda: drawn.append(1) or real()
        keys = list(bar.keys)
        for box in boxes[1:]:  # from box to box of the form: the same keys
            box.focus()
            await pilot.pause()
        assert bar.keys == keys and drawn == []
        app.screen.query_one("#sheet").focus()  # the sheet has keys of its own: drawn again, once
        await pilot.pause()
        await pilot.pause()
        assert bar.keys != keys and len(drawn) == 1
