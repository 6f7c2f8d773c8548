"""The store under a full disk, a read-only file, two first opens at once, killed imports and absurd
numbers: plain words and nothing half-saved (the robustness issue)."""

from __future__ import annotations

import math
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from unittest import mock

import pytest

from zapis.io import records
from zapis.core.errors import ZapisError
from zapis.store import Store

RUBBER = {"format": "zapis/1", "ruleset": "bridge-rubber", "players": ["Ala", "Bartek", "Celina", "Darek"]}


def game(store: Store) -> int:
    rec, rules, module = records.parse(dict(RUBBER))
    return store.new_game(store.new_evening("2026-11-20"), 1, rec, rules, module)


def test_a_full_disk_saves_nothing_and_says_so(tmp_path):
    s = Store(tmp_path / "f.db")
    gid = game(s)
    s.enter(gid, {"contract": "1NT", "declarer": "N", "tricks": 7})
    pages = s.conn.execute("PRAGMA page_count").fetchone()[0]
    s.conn.execute(f"PRAGMA max_page_count = {pages}")  # the disk is full from here on
    with pytest.raises(ZapisError, match="disk is full: nothing was saved"):
        s.enter(gid, {"contract": "1NT", "declarer": "N", "tricks": 7, "note": "x" * 100_000})
    assert not s.conn.in_transaction
    assert len(s.hands(gid)) == 1 and s.game(gid).version == 1
    s.conn.execute(f"PRAGMA max_page_count = {pages * 1000}")  # space again: the same hand saves
    s.enter(gid, {"contract": "1NT", "declarer": "N", "tricks": 7, "note": "x" * 100_000})
    assert len(s.hands(gid)) == 2


def test_a_read_only_database_can_still_be_read(tmp_path):
    db = tmp_path / "ro.db"
    s = Store(db)
    gid = game(s)
    s.enter(gid, {"contract": "1NT", "declarer": "N", "tricks": 7})
    s.close()
    with mock.patch("os.access", lambda path, mode: False):  # root ignores permissions: say it is read-only
        ro = Store(db)
        assert ro.read_only and len(ro.hands(gid)) == 1 and ro.sheet(gid).totals
        with pytest.raises(ZapisError, match="read-only"):
            ro.enter(gid, {"contract": "1NT", "declarer": "N", "tricks": 7})
        with pytest.raises(ZapisError, match="read-only"):
            ro.new_evening("2026-11-21")
        assert [e["id"] for e in ro.evenings()] == [1]


def open_fresh(path: str) -> str:
    try:
        Store(path).close()
        return "ok"
    except Exception as e:  # noqa: BLE001 - the test counts every failure
        return f"{type(e).__name__}: {e}"


def test_tablets_opening_a_new_database_at_once_all_succeed(tmp_path):
    with ProcessPoolExecutor(4) as pool:
        for i in range(6):
            path = str(tmp_path / f"new-{i}.db")
            assert list(pool.map(open_fresh, [path] * 4)) == ["ok"] * 4
            with Store(path) as s:
                assert s.integrity() == []


def test_an_import_makes_its_evening_and_game_in_one_transaction(db):
    s = Store(db)
    rec, rules, module = records.parse(dict(RUBBER))
    with mock.patch.object(Store, "_table_id", side_effect=RuntimeError("killed")):
        with pytest.raises(RuntimeError):
            s.new_game(None, 1, rec, rules, module, evening=("2026-11-20", "", ""))
    assert s.evenings() == []  # no empty evening left behind
    gid = s.new_game(None, 1, rec, rules, module, evening=("2026-11-20", "Klub", ""))
    assert s.game(gid).evening_id == s.evenings()[0]["id"]


@pytest.mark.parametrize("table", [0, -1, 1000, 10 ** 20, True, 1.5])
def test_a_table_number_is_checked_where_it_enters(db, table):
    s = Store(db)
    rec, rules, module = records.parse(dict(RUBBER))
    with pytest.raises(ZapisError, match="table"):
        s.new_game(s.new_evening("2026-11-20"), table, rec, rules, module)
    assert s.games() == []


@pytest.mark.parametrize("stake", [math.inf, -math.inf, math.nan, -1, 1e999, 10 ** 7])
def test_a_stake_is_finite_and_sane(db, stake):
    s = Store(db)
    rec, rules, module = records.parse(dict(RUBBER))
    with pytest.raises(ZapisError, match="stake"):
        s.new_game(s.new_evening("2026-11-20"), 1, rec, rules, module, stake=stake)


@pytest.mark.parametrize("typed, stored", [("2026-11-20", "2026-11-20"), ("20.11.2026", "2026-11-20"),
                                           ("1.2.2027", "2027-02-01")])
def test_dates_as_polish_users_write_them(db, typed, stored):
    s = Store(db)
    assert s.evening(s.new_evening(typed))["date"] == stored


@pytest.mark.parametrize("bad", ["20261120", "2026-W47-5", "2026-02-30", "31.02.2026", "jutro"])
def test_what_is_not_a_date_is_refused(db, bad):
    with pytest.raises(ZapisError, match="date"):
        Store(db).new_evening(bad)


def test_a_mistyped_db_folder_is_refused_not_created(tmp_path):
    r = subprocess.run([sys.executable, "-m", "zapis", "--db", str(tmp_path / "nowhere" / "z.db"), "evening", "list"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "folder does not exist" in r.stderr and not (tmp_path / "nowhere").exists()
