"""A served tablet's process (`python -m zapis.web.session`, started by `zapis serve`): the app on the server's
database and the tablet's table, without the command line's parser; bad options and a bad database are plain
lines and exit 2, as for `zapis app`."""

from __future__ import annotations

import subprocess
import sys

import pytest

from zapis.web import session
from zapis.store import Store
from zapis.ui import app as app_module


@pytest.fixture
def started(monkeypatch):
    made = []

    class Fake:
        def __init__(self, db, lang, **kw):
            self.store = Store(db)
            made.append((db, lang, kw))

        def run(self):
            made.append("ran")
    monkeypatch.setattr(app_module, "make_app", Fake)
    return made


def test_the_app_starts_on_the_database_language_and_table_given(tmp_path, started):
    db = tmp_path / "klub.db"
    Store(db).close()
    assert session.main(["--db", str(db), "--lang", "en", "--table", "3"]) == 0
    assert started == [(str(db), "en", {"table": 3}), "ran"]
    assert session.main(["--db", str(db)]) == 0
    assert started[2:] == [(str(db), None, {"table": None}), "ran"]


@pytest.mark.parametrize("argv, named", [
    (["--frob", "1"], "--frob"), (["--table"], "--table"), (["--table", "x"], "--table"),
    (["--table", "0"], "--table"), (["--lang", "de"], "--lang"), (["--db", "{db}", "--table", "1.5"], "--table")])
def test_a_bad_option_is_one_line_naming_it_and_exit_2(tmp_path, capsys, started, argv, named):
    db = tmp_path / "klub.db"
    Store(db).close()
    assert session.main([a.replace("{db}", str(db)) for a in argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(named) and started == []


def test_a_database_that_is_not_there_is_not_made(tmp_path, capsys, started):
    db = tmp_path / "brak.db"
    assert session.main(["--db", str(db)]) == 2
    assert capsys.readouterr().err.strip() == f"{db}: no such database" and not db.exists() and started == []


def test_a_damaged_database_is_one_line_in_a_real_process(tmp_path):
    db = tmp_path / "klub.db"
    db.write_bytes(b"this is not a database at all" * 100)
    r = subprocess.run([sys.executable, "-m", "zapis.web.session", "--db", str(db)], capture_output=True, text=True,
                       timeout=60, stdin=subprocess.DEVNULL)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and str(db) in r.stderr
    assert "Traceback" not in r.stderr
