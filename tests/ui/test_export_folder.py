"""The export dialog offers a sensible folder (the one used last, else the user's documents, else home), not
the folder zapis happened to start in, and remembers it in the settings; a served tablet is never shown a
server path and saves nothing. And a date is typed in the new-evening dialog as a club writes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.conftest import new_game
from tests.ui.test_serve import served
from zapis import paths, settings
from zapis.store import Store
from zapis.ui.app import make_app
from zapis.ui.dialogs import export as export_dialog

P4 = ["Ala", "Bartek", "Celina", "Darek"]
SIZE = (100, 30)


@pytest.fixture
def db(tmp_path, monkeypatch):
    db = tmp_path / "e.db"
    new_game(db, "bridge-rubber", P4, [{"contract": "3NT", "declarer": "N", "tricks": 9}])
    start = tmp_path / "started-here"
    start.mkdir()
    monkeypatch.chdir(start)  # the folder zapis was started in: not where exports go
    return db


@pytest.fixture
def documents(tmp_path, monkeypatch):
    docs = tmp_path / "Dokumenty"
    docs.mkdir()
    monkeypatch.setattr("platformdirs.user_documents_dir", lambda: str(docs))
    return docs


async def offered(app, pilot) -> str:
    app.action_export()
    await pilot.pause()
    return app.screen.query_one("#path").value


async def test_the_first_export_is_offered_in_the_documents_folder(db, documents):
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert await offered(app, pilot) == str(documents / "wieczor-1.html")


def test_without_a_documents_folder_home(tmp_path, monkeypatch):
    monkeypatch.setattr("platformdirs.user_documents_dir", lambda: str(tmp_path / "missing"))
    assert paths.documents_dir() == Path.home()
    monkeypatch.setattr("platformdirs.user_documents_dir", lambda: (_ for _ in ()).throw(RuntimeError("none")))
    assert paths.documents_dir() == Path.home()


async def test_the_folder_used_last_is_offered_next_time_and_after_a_restart(db, documents, tmp_path):
    club = tmp_path / "klub"
    club.mkdir()
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await offered(app, pilot)
        app.screen.query_one("#path").value = str(club / "piatek.html")
        await pilot.click("#ok")
        await pilot.pause()
        assert (club / "piatek.html").is_file()
        assert await offered(app, pilot) == str(club / "wieczor-1.html")  # not reset
        await pilot.press("escape")
    assert settings.load()["export_dir"] == str(club)
    app = make_app(db, "en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert await offered(app, pilot) == str(club / "wieczor-1.html")
        app.screen.query_one("#format").value = "csv"  # several files: a folder of them, in the same place
        await pilot.pause()
        assert app.screen.query_one("#path").value == str(club / "wieczor-1")


async def test_a_folder_that_is_gone_is_not_offered(db, documents, tmp_path):
    settings.save(export_dir=str(tmp_path / "usb-stick"))
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert await offered(app, pilot) == str(documents / "wieczor-1.html")


async def test_the_language_and_the_folder_are_kept_side_by_side(db, documents, tmp_path):
    settings.save(lang="en")
    settings.save(export_dir=str(tmp_path))
    assert settings.load() == {"lang": "en", "export_dir": str(tmp_path)}
    settings.config_file().write_text('export_dir = 5\nlang = "pl"\n', encoding="utf-8")  # damaged: ignored
    assert settings.load() == {"lang": "pl"}
    assert export_dialog.export_folder() == documents


async def test_a_served_tablet_is_shown_no_server_path_and_saves_nothing(db, documents, tmp_path):
    club = tmp_path / "klub"
    club.mkdir()
    settings.save(export_dir=str(club))
    before = settings.config_file().read_text(encoding="utf-8")
    app = make_app(db, "pl")
    delivered = []
    with served(app):
        app.deliver_text = lambda f, **kw: delivered.append(kw["save_filename"])
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            value = await offered(app, pilot)
            assert value == "wieczor-1.html" and str(club) not in value and str(documents) not in value
            app.screen.query_one("#path").value = str(documents / "x.html")  # a tablet names a server path
            await pilot.click("#ok")
            await pilot.pause()
    assert delivered == ["x.html"]
    assert settings.config_file().read_text(encoding="utf-8") == before  # the server's settings untouched
    assert list(documents.iterdir()) == []


@pytest.mark.parametrize("typed, stored", [("20.11.2026", "2026-11-20"), ("1.2.2027", "2027-02-01"),
                                           ("2026-11-20", "2026-11-20")])
async def test_the_new_evening_dialog_takes_a_date_as_a_club_writes_it(tmp_path, typed, stored):
    db = tmp_path / "d.db"
    Store(db).close()
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.run_command("new_evening")
        await pilot.pause()
        app.screen.query_one("#date").value = typed
        await pilot.click("#ok")
        await pilot.pause()
        assert type(app.screen).__name__ == "EveningScreen"
    assert [e["date"] for e in Store(db).evenings()] == [stored]


@pytest.mark.parametrize("lang, word", [("pl", "Data"), ("en", "Date")])
@pytest.mark.parametrize("typed", ["20261120", "2026-W47-5"])
async def test_the_new_evening_dialog_refuses_a_non_date_naming_the_field(tmp_path, lang, word, typed):
    db = tmp_path / "d.db"
    Store(db).close()
    app = make_app(db, lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.run_command("new_evening")
        await pilot.pause()
        app.screen.query_one("#date").value = typed
        await pilot.click("#ok")
        await pilot.pause()
        error = str(app.screen.query_one("#error").render())
        assert error.startswith(word) and typed in error and len(error.splitlines()) == 1
    assert Store(db).evenings() == []


async def test_the_results_site_is_offered_and_written_a_folder_a_session(tmp_path, documents):
    """Two pairs sessions in the evening: choosing "site" offers a folder (no suffix) and writes each session's
    pages in a folder of its own inside it, index first."""
    from zapis.club import pairs_session as ps

    db = tmp_path / "pairs.db"
    store = Store(db)
    evening = store.new_evening("2026-11-27", "Klub", "Piątek")
    pairs = [[f"G{i}a", f"G{i}b"] for i in range(1, 9)]
    ps.new_session(store, evening, pairs)
    ps.new_session(store, evening, pairs, table=2)
    store.close()
    app = make_app(db, "pl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await offered(app, pilot)
        app.screen.query_one("#format").value = "site"
        await pilot.pause()
        assert app.screen.query_one("#path").value == str(documents / "wieczor-1")
        await pilot.click("#ok")
        await pilot.pause()
    assert (documents / "wieczor-1" / "game-1" / "index.html").is_file()
    assert (documents / "wieczor-1" / "game-2" / "index.html").is_file()
