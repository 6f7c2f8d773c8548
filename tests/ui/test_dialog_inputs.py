"""The app's dialogs as inputs of the malformed corpus: whatever is typed, the app keeps running, the
refusal names the field in the UI's language, and nothing reaches the database."""

from __future__ import annotations

import pytest

from tests.ui.conftest import new_game
from zapis.store import Store
from zapis.ui.app import make_app

BAD_TEXT = ["", " ", "[/]", "[@click=app.quit]x", "\x1b[2J", "1e999", "-1e999", "nan", "inf", "99999999999999999999",
            "20261120", "2026-W47-5", "31.02.2026", "x" * 500]
SIZE = (110, 36)


def snapshot(db):
    with Store(db) as s:
        return ([tuple(e) for e in s.evenings()], [(g.id, g.players, g.version) for g in s.games()], s.players())


@pytest.mark.parametrize("value", [v for v in BAD_TEXT if v.strip()])  # an empty date is today
async def test_the_new_evening_dialog(tmp_path, value):
    db = tmp_path / "e.db"
    Store(db).new_evening("2026-11-20")
    before = snapshot(db)
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.run_command("new_evening")
        await pilot.pause()
        app.screen.query_one("#date").value = value
        await pilot.click("#ok")
        await pilot.pause()
        assert app.is_running and type(app.screen).__name__ == "NewEveningDialog"
        assert str(app.screen.query_one("#error").render()).startswith("Data")
    assert snapshot(db) == before


@pytest.mark.parametrize("field, value", [(f, v) for f in ("table", "stake")
                                          for v in [v for v in BAD_TEXT if v.strip()] + ["0", "-3", "1000"]
                                          if not (f == "stake" and v in ("0", "1000"))])  # fine stakes
async def test_the_new_game_dialog(tmp_path, field, value):
    db = tmp_path / "g.db"
    Store(db).new_evening("2026-11-20")
    before = snapshot(db)
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.run_command("new_game")
        await pilot.pause()
        d = app.screen
        d.chosen = "kierki"
        for i, name in enumerate(["Ala", "Bartek", "Celina", "Darek"]):
            d.query_one(f"#p{i}").value = name
        d.query_one(f"#{field}").value = value
        await pilot.click("#ok")
        await pilot.pause()
        assert app.is_running and app.screen is d
        label = {"table": "Stół", "stake": "Stawka"}[field]
        assert str(d.query_one("#error").render()).lower().startswith(label.lower())
    assert snapshot(db) == before


@pytest.mark.parametrize("value", ["", " ", "Ala", "[/]", "x" * 500])
async def test_the_players_rename_field(tmp_path, value):
    db = tmp_path / "p.db"
    new_game(db, "kierki", ["Ala", "Bartek", "Celina", "Darek"])
    before = snapshot(db)
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.run_command("players")
        await pilot.pause()
        app.screen.query_one("#players").highlighted = 1  # Bartek
        box = app.screen.query_one("#new-name")
        box.value = value
        box.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.is_running
    if value.strip() and value != "Ala" and len(value) <= 60 and value == value.strip():
        assert "[/]" in snapshot(db)[2]  # a name with brackets is just a name
    else:
        assert snapshot(db) == before
