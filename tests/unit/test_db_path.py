"""A mistyped --db makes nothing: a folder that does not exist is one line and exit 2 for every command; the
app asks (in the UI's language) before it makes a database file that is not there yet. The default database
and the demo's are made without a question, as before."""

from __future__ import annotations

import subprocess
import sys

import pytest

from zapis import cli
from zapis.store import Store
from zapis.store.db import default_db_path
from zapis.ui import app as app_module
from zapis.ui.app import NewDatabaseApp


@pytest.mark.parametrize("argv", [["evening", "list"], ["evening", "new", "--date", "20.11.2026"],
                                  ["standings", "--evening", "1"], ["standings", "--season", "2026-01-01", "2026-12-31"],
                                  ["players"], ["db", "check"], ["app"], []])
def test_a_db_in_a_folder_that_does_not_exist_is_refused(tmp_path, capsys, argv):
    db = tmp_path / "nowhere" / "klub.db"
    code = cli.main(["--db", str(db), *argv])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and str(db) in err and "Traceback" not in err
    assert not (tmp_path / "nowhere").exists()


def test_refused_in_a_real_process_too(tmp_path):
    db = tmp_path / "nowhere" / "klub.db"
    r = subprocess.run([sys.executable, "-m", "zapis", "--db", str(db), "app"], capture_output=True, text=True,
                       timeout=60, stdin=subprocess.DEVNULL)
    assert r.returncode == 2 and r.stderr.strip() == f"{db}: its folder does not exist (a typo in --db?)"
    assert not (tmp_path / "nowhere").exists()


class Ran:
    """make_app stood in for: what the app would have been started on."""

    def __init__(self):
        self.dbs = []

    def __call__(self, db, *args, **kw):
        self.dbs.append(db)
        return self

    def run(self):
        return None


@pytest.fixture
def started(monkeypatch):
    ran = Ran()
    monkeypatch.setattr(app_module, "make_app", ran)
    return ran


def answer(monkeypatch, yes: bool, asked: list):
    def run(self):
        asked.append((self.path, self.lang_asked))
        return yes
    monkeypatch.setattr(NewDatabaseApp, "run", run)
    original = NewDatabaseApp.__init__

    def init(self, path, lang=None):
        original(self, path, lang)
        self.lang_asked = lang
    monkeypatch.setattr(NewDatabaseApp, "__init__", init)


def test_the_app_asks_before_it_makes_a_new_database_and_no_makes_nothing(tmp_path, capsys, monkeypatch, started):
    asked = []
    answer(monkeypatch, False, asked)
    db = tmp_path / "nowy.db"
    assert cli.main(["--db", str(db), "--lang", "pl", "app"]) == 2
    assert asked == [(db, "pl")] and started.dbs == [] and not db.exists()
    assert capsys.readouterr().err.strip() == f"Nic nie utworzono: {db}"


def test_yes_makes_it_and_the_app_starts_on_it(tmp_path, monkeypatch, started):
    asked = []
    answer(monkeypatch, True, asked)
    db = tmp_path / "nowy.db"
    assert cli.main(["--db", str(db), "app"]) == 0
    assert len(asked) == 1 and started.dbs == [str(db)] and db.exists()
    assert Store(db).evenings() == []


def test_an_existing_database_is_not_asked_about(tmp_path, monkeypatch, started):
    asked = []
    answer(monkeypatch, False, asked)
    db = tmp_path / "klub.db"
    Store(db).close()
    assert cli.main(["--db", str(db)]) == 0  # no command: the app
    assert asked == [] and started.dbs == [str(db)]


def test_the_default_database_is_made_without_a_question(monkeypatch, started):
    asked = []
    answer(monkeypatch, False, asked)
    assert not default_db_path().exists()
    assert cli.main(["app"]) == 0
    assert asked == [] and started.dbs == [None] and default_db_path().exists()


def test_the_demo_asks_nothing(tmp_path, capsys, monkeypatch):
    asked = []
    answer(monkeypatch, False, asked)
    assert cli.main(["demo", "--build-only"]) == 0
    assert asked == [] and capsys.readouterr().out.strip().endswith("demo.db")


@pytest.mark.parametrize("lang, words, key", [("pl", ("Bazy danych", "jeszcze nie ma", "Utwórz", "Nie"), "t"),
                                              ("en", ("There is no database", "Create", "No"), "y")])
async def test_the_question_in_the_uis_language(tmp_path, lang, words, key):
    db = tmp_path / "nowy.db"
    app = NewDatabaseApp(db, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        text = " ".join(str(w.render()) for w in screen.query("Label, Button"))
        for w in words:
            assert w in text
        assert str(db) in text
        assert screen.focused.id == "yes"  # Enter alone makes it (issue 30: what a new --db is typed for)
        await pilot.press(key)
        await pilot.pause()
    assert app.return_value is True and not db.exists()  # the question makes nothing itself


async def test_enter_says_yes_and_escape_or_n_says_no(tmp_path):
    """`zapis --db NEW app` + Enter opens the app on a new database; Escape or n makes nothing."""
    for key, made in (("enter", True), ("escape", False), ("n", False)):
        app = NewDatabaseApp(tmp_path / "x.db", "en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press(key)
            await pilot.pause()
        assert app.return_value is made, key


async def test_a_path_with_markup_is_shown_as_typed(tmp_path):
    db = tmp_path / "[bold]klub[/].db"
    app = NewDatabaseApp(db, "en")
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        assert "[bold]klub[/].db" in " ".join(str(w.render()) for w in app.screen.query("Label"))


@pytest.mark.parametrize("argv", [["serve", "--db", "X", "--lang", "pl"], ["--db", "X", "serve", "--lang", "pl"],
                                  ["--lang", "pl", "serve", "--db", "X"]])
def test_the_global_options_go_before_or_after_the_command(argv):
    """`zapis serve --db X` was refused ("unrecognized arguments"): --db and --lang are read on either side."""
    from zapis.cli.parser import _global_options_everywhere, build_parser
    parser = build_parser("pl")
    _global_options_everywhere(parser)  # as zapis.cli.main builds it
    args = parser.parse_args(argv)
    assert args.func.__name__ == "cmd_serve" and str(args.db) == "X" and args.lang == "pl"
