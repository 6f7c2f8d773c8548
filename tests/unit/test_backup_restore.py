"""Backups stay good and a restore brings the last good one back (the robustness issue)."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from zapis.core.errors import ZapisError
from zapis.store import Store
from zapis.store.db import check_backup, restore

RUBBER = {"format": "zapis/1", "ruleset": "bridge-rubber", "players": ["Ala", "Bartek", "Celina", "Darek"]}


def club(db, hands=3):
    from zapis.io import records
    s = Store(db)
    rec, rules, module = records.parse(dict(RUBBER))
    ev = s.new_evening("2026-11-20", "Klub", "Piątek")
    gid = s.new_game(ev, 1, rec, rules, module)
    for _ in range(hands):
        s.enter(gid, {"contract": "1NT", "declarer": "N", "tricks": 7})
    return s, gid


def damage(db) -> None:
    """Overwrite pages in the middle of the file (as a failing disk would)."""
    sqlite3.connect(db).execute("PRAGMA wal_checkpoint(TRUNCATE)").connection.close()
    size = db.stat().st_size
    with open(db, "r+b") as f:
        for off in range(4096, size, 4096):
            f.seek(off)
            f.write(b"\xde\xad\xbe\xef" * 1024)


def zapis(*args, db):
    return subprocess.run([sys.executable, "-m", "zapis", "--db", str(db), *args], capture_output=True, text=True,
                          timeout=120)


def test_a_backup_is_checked_and_never_replaces_a_file_silently(tmp_path):
    s, _ = club(tmp_path / "a.db")
    out = s.backup(tmp_path / "copy.db")
    assert check_backup(out) == []
    with pytest.raises(ZapisError, match="exists already"):
        s.backup(tmp_path / "copy.db")
    other = tmp_path / "other.db"
    other.write_text("my notes")
    r = zapis("backup", str(other), db=tmp_path / "a.db")
    assert r.returncode == 2 and "exists already" in r.stderr and other.read_text() == "my notes"
    r = zapis("backup", str(tmp_path), db=tmp_path / "a.db")
    assert r.returncode == 2 and "folder" in r.stderr
    r = zapis("backup", str(tmp_path / "missing" / "x.db"), db=tmp_path / "a.db")
    assert r.returncode == 2 and "does not exist" in r.stderr


def test_five_starts_on_a_damaged_database_keep_every_good_backup(tmp_path):
    db = tmp_path / "z.db"
    s, _ = club(db)
    for _ in range(3):
        s.auto_backup()
    s.close()
    good = sorted((tmp_path / "backups").glob("z-*.db"))
    assert len(good) == 3 and all(check_backup(b) == [] for b in good)
    damage(db)
    for _ in range(5):
        r = zapis("standings", db=db)
        assert r.returncode == 2 and "zapis restore" in r.stderr and "Traceback" not in r.stderr
        with pytest.raises(ZapisError):
            with Store(db) as s2:
                s2.auto_backup()
    assert sorted((tmp_path / "backups").glob("z-*.db")) == good
    assert all(check_backup(b) == [] for b in good)
    r = zapis("restore", str(good[-1]), db=db)
    assert r.returncode == 0, r.stderr
    assert "replaced" in r.stdout
    with Store(db) as s3:
        assert s3.integrity() == [] and len(s3.hands(1)) == 3
    assert list(tmp_path.glob("z.db.replaced-*"))  # the damaged file is kept aside, never deleted


def test_restore_moves_a_leftover_wal_aside(tmp_path):
    """A -wal from after the backup must not be replayed onto the restored file."""
    db = tmp_path / "w.db"
    s, gid = club(db, hands=1)
    backup = s.backup(tmp_path / "b.db")
    s.enter(gid, {"contract": "2NT", "declarer": "N", "tricks": 8})  # after the backup, in the WAL
    wal = db.with_name(db.name + "-wal")
    assert wal.exists() and wal.stat().st_size > 0
    saved = wal.read_bytes()
    s.conn.close()
    wal.write_bytes(saved)  # a crash leaves the -wal behind
    restore(backup, db)
    with Store(db) as s2:
        assert len(s2.hands(gid)) == 1


def test_a_bad_backup_is_refused_by_restore(tmp_path):
    db = tmp_path / "d.db"
    club(db)[0].close()
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"SQLite format 3\x00" + b"\x00" * 100)
    for bad in (junk, tmp_path / "none.db"):
        r = zapis("restore", str(bad), db=db)
        assert r.returncode == 2 and r.stderr.startswith("restore")
    with Store(db) as s:
        assert len(s.hands(1)) == 3  # untouched


def test_a_killed_backup_never_passes_for_a_backup(tmp_path):
    db = tmp_path / "k.db"
    s, gid = club(db, hands=0)
    for i in range(300):
        s.enter(gid, {"contract": "1NT", "declarer": "N", "tricks": 7, "note": "x" * 2000})
    s.close()
    left = 0
    for i in range(8):
        target = tmp_path / f"kill-{i}.db"
        p = subprocess.Popen([sys.executable, "-m", "zapis", "--db", str(db), "backup", str(target)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.25 + 0.05 * i)
        p.send_signal(signal.SIGKILL)
        p.wait()
        if target.exists():
            left += 1
            assert check_backup(target) == []  # a file with a backup's name is a whole, checked backup
    assert all(".partial" in p.name for p in tmp_path.glob(".kill-*"))


def test_db_check_reports_an_unreadable_row_instead_of_crashing(tmp_path):
    db = tmp_path / "j.db"
    s, gid = club(db)
    s.conn.execute("UPDATE games SET rules_json = '{not json' WHERE id = ?", (gid,))
    s.close()
    r = zapis("--lang", "en", "db", "check", db=db)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.splitlines() == [f"game {gid}: the stored rules of the game are damaged (not JSON); zapis restore "
                                     "brings back a backup"]
