"""Fixtures the unit tests share."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from make_history import build  # noqa: E402


@pytest.fixture
def history(tmp_path):
    """A database of four evenings of five games each: kop, tysiąc, a rubber, a skat list, 6-sty bierze."""
    db = tmp_path / "h.db"
    build(db, 4)
    return db
