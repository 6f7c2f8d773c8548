"""Fixtures the unit tests share."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from make_history import build  # noqa: E402


@pytest.fixture
def db(any_db):
    """A new, empty database on each engine the store runs on (tests/conftest.py's any_db)."""
    return any_db


@pytest.fixture
def history(db):
    """A database of four evenings of five games each: kop, tysiąc, a rubber, a skat list, 6-sty bierze; on each
    engine the store runs on (the fixture db: a SQLite file, a PostgreSQL database)."""
    build(db, 4)
    return db
