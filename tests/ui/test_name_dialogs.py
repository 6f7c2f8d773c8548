"""Names are data in the app's dialogs too (issue 29): a name of more than 60 characters or with a control character
is refused in one line naming the field by its label, in the app's language, and nothing is saved: the new evening
(title, place), the new game (a seat's player, a pair), the new pairs session (a pair, the title), a rename."""

from __future__ import annotations

import pytest

from tests.ui.conftest import new_game
from zapis.store import Store
from zapis.ui.app import make_app

SIZE = (120, 40)
BAD = {"long": "x" * 61, "esc": "Ala\x1b[2J", "bel": "Bartek\x07"}


def snapshot(db):
    with Store(db) as s:
        return [tuple(e) for e in s.evenings()], [(g.id, g.players, g.title) for g in s.games()], s.players()


def said(screen, wid: str) -> str:
    text = str(screen.query_one(wid).render())
    assert "\n" not in text and "\x1b" not in text and "\x07" not in text
    return text


@pytest.mark.parametrize("label", list(BAD))
@pytest.mark.parametrize("field, name", [("title", "Tytuł"), ("place", "Miejsce")])
async def test_the_new_evening_dialog(tmp_path, label, field, name):
    db = tmp_path / "e.db"
    Store(db).new_evening("2026-11-20")
    before = snapshot(db)
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.run_command("new_evening")
        await pilot.pause()
        dialog = app.screen
        dialog.query_one(f"#{field}").value = BAD[label]
        await pilot.click("#ok")
        await pilot.pause()
        assert app.screen is dialog and said(dialog, "#error").startswith(f"{name}: ")
    assert snapshot(db) == before


@pytest.mark.parametrize("label", list(BAD))
async def test_the_new_game_dialog_names_the_seat(tmp_path, label):
    db = tmp_path / "g.db"
    Store(db).new_evening("2026-11-20")
    before = snapshot(db)
    app = make_app(db, "en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.run_command("new_game")
        await pilot.pause()
        dialog = app.screen
        dialog.chosen = "kierki"
        for i, player in enumerate(["Ala", BAD[label], "Celina", "Darek"]):
            dialog.query_one(f"#p{i}").value = player
        await pilot.click("#ok")
        await pilot.pause()
        text = said(dialog, "#error")
        assert app.screen is dialog and text.startswith("Player 2: "), text
        assert ("longer than 60" in text) == (label == "long")
    assert snapshot(db) == before


async def test_the_new_game_dialog_names_a_pair(tmp_path):
    db = tmp_path / "p.db"
    Store(db).new_evening("2026-11-20")
    before = snapshot(db)
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.run_command("new_game")
        await pilot.pause()
        dialog = app.screen
        dialog.chosen = "bridge-pairs"
        for i, pair in enumerate(["Ala, Bartek", "Celina, Darek", f"Ewa, {BAD['long']}", "Gosia, Hubert"]):
            dialog.query_one(f"#p{i}").value = pair
        await pilot.click("#ok")
        await pilot.pause()
        assert said(dialog, "#error") == "Para 3: jest dłuższe niż 60 znaków"
    assert snapshot(db) == before


@pytest.mark.parametrize("label", list(BAD))
@pytest.mark.parametrize("where", ["pair", "title"])
async def test_the_new_pairs_session_dialog(tmp_path, label, where):
    db = tmp_path / "s.db"
    Store(db).new_evening("2026-11-20", "Klub", "Piątek")
    before = snapshot(db)
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        dialog = app.screen
        pairs = ["Ala, Bartek", "Celina, Darek", "Ewa, Franek", "Gosia, Hubert"]
        if where == "pair":
            pairs[1] = f"Celina, {BAD[label]}"
        else:
            dialog.query_one("#ns-title").value = BAD[label]
        dialog.query_one("#ns-pairs").text = "\n".join(pairs)
        await pilot.click("#ok")
        await pilot.pause()
        assert app.screen is dialog
        assert said(dialog, "#ns-error").startswith("Pary: para 2: " if where == "pair" else "Tytuł: ")
    assert snapshot(db) == before


@pytest.mark.parametrize("label", list(BAD))
async def test_the_players_rename_field(tmp_path, label):
    db = tmp_path / "r.db"
    new_game(db, "kierki", ["Ala", "Bartek", "Celina", "Darek"])
    before = snapshot(db)
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.run_command("players")
        await pilot.pause()
        app.screen.query_one("#players").highlighted = 1
        box = app.screen.query_one("#new-name")
        box.value = BAD[label]
        box.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert said(app.screen, "#error").startswith("Nowa nazwa: ")
    assert snapshot(db) == before
