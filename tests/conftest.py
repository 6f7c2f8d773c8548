
from pathlib import Path

import pytest

from zapis.io import records


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: a test of many seconds (a real browser, a real terminal, a load "
                                       "test); the fast set, -m 'not slow', leaves it out")


#: whole files of the slow kind, beside every test in tests/browser (measured: each file takes 30 s or more)
SLOW_FILES = {"test_entry_tmux.py", "test_reliability.py"}


#: the tests measured at 1 s or more (tests/slow_list.py writes the file from a run's --durations=0)
MEASURED = Path(__file__).with_name("slow_tests.txt")


def pytest_collection_modifyitems(config, items):
    """The fast set a developer runs after each step (`pytest -m "not slow" -n 2`, README) leaves out the browser
    tests, the real terminal, the files named in SLOW_FILES and the tests measured slow (MEASURED); the whole
    suite (.ci/run) runs everything."""
    measured = {line.strip() for line in MEASURED.read_text(encoding="utf-8").splitlines()
                if line.strip() and not line.startswith("#")} if MEASURED.exists() else set()
    for item in items:
        path = item.path
        if "browser" in path.parts or path.name in SLOW_FILES or item.nodeid in measured:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    """Every test gets its own data directory; no colour codes in captured output."""
    monkeypatch.setenv("ZAPIS_HOME", str(tmp_path / "zapis-home"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    yield
    import gc

    gc.unfreeze()  # an app frees start-up's objects from the collector; a test run starts many apps


def score(data, overrides=None):
    """Score a record given as a dict (as it would be read from TOML); returns the JSON object."""
    rec, rules, module = records.parse({"format": "zapis/1", **data}, overrides=overrides)
    return records.score(rec, rules, module).to_json()


def problems(data):
    """The problem lines a record raises (empty if it is fine)."""
    from zapis.core.errors import ZapisError
    try:
        score(data)
    except ZapisError as e:
        return [str(p) for p in e.problems]
    return []


@pytest.fixture(scope="session")
def pg_server():
    """A PostgreSQL server of this test run's own (tests/pgserver.py), started once per worker. Where PostgreSQL
    is not installed the tests that need it are skipped, except in CI (.ci/run installs it): there they fail."""
    import os

    from tests.pgserver import PgServer, binaries

    if binaries() is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not installed (.ci/run installs Debian's postgresql)")
        pytest.skip("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    server = PgServer()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request, tmp_path):
    """A new, empty database of each engine the store runs on: a SQLite file's path, a PostgreSQL address."""
    if request.param == "sqlite":
        return str(tmp_path / "zapis.db")
    return request.getfixturevalue("pg_server").fresh()
