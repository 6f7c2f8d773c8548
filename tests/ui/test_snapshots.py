"""A few snapshots of the main screens at 80x24 (pytest --snapshot-update to accept a change)."""

from pathlib import Path

import pytest
from textual.widgets import Input

from zapis.io import records
from zapis.store import Store
from zapis.ui.app import make_app

SIZE = (80, 24)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def fixed_db(tmp_path, monkeypatch):
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    db = tmp_path / "snap.db"
    s = Store(db)
    ev = s.new_evening("2026-11-20", "Klub", "Piątek")
    for i, name in enumerate(("seeds/seed-rubber.toml", "seeds/seed-kierki-loop.toml", "samples/tysiac.toml")):
        rec, rules, module = records.read(ROOT / "tests" / "data" / name)
        s.new_game(ev, i + 1, rec, rules, module, 1, rec.hands)
    s.close()
    return db


def no_blink(pilot):
    for w in pilot.app.screen.query(Input):
        w.cursor_blink = False


def test_evening_screen(snap_compare, fixed_db):
    assert snap_compare(make_app(fixed_db, "pl"), terminal_size=SIZE, run_before=lambda p: no_blink(p))


def open_game(row):
    async def run_before(pilot):
        await pilot.pause()  # the first screen opens once the app runs
        pilot.app.screen.query_one("#games").move_cursor(row=row)
        await pilot.press("enter")
        await pilot.pause()
        no_blink(pilot)
    return run_before


def test_rubber_sheet(snap_compare, fixed_db):
    assert snap_compare(make_app(fixed_db, "pl"), terminal_size=SIZE, run_before=open_game(0))


def test_kierki_loop_sheet_in_english(snap_compare, fixed_db):
    assert snap_compare(make_app(fixed_db, "en"), terminal_size=SIZE, run_before=open_game(1))


def test_standings(snap_compare, fixed_db):
    async def standings(pilot):
        await pilot.press("s")
        await pilot.pause()
    assert snap_compare(make_app(fixed_db, "pl"), terminal_size=SIZE, run_before=standings)
