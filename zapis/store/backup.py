"""Backups of the store: a consistent, checked copy taken while the database is in use (by hand, or one of the
newest few kept in backups/ beside it), a backup checked, and a backup brought back as the database."""

from __future__ import annotations

import os
import shutil
import sqlite3
import time
from pathlib import Path

from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi
from zapis.store import roles
from zapis.store.rows import _not_created
from zapis.store.schema import APPLICATION_ID
from zapis.store.sqlite import SCHEMA_VERSION, _db_message


class Backups:
    """The Store's backups."""

    path: Path
    conn: sqlite3.Connection

    def backup(self, target: str | Path, replace: bool = False) -> Path:
        """A consistent, checked copy of the database, taken while it is in use (SQLite's online backup).

        The copy is written to a temporary file beside the target, checked, and only then renamed into
        place: a killed backup leaves no file that could pass for a backup, and a damaged database is
        never copied over a good backup. An existing target is replaced only when asked.
        """
        self.directs(roles.BACKUP)
        target = Path(target)
        if target.is_dir():
            raise ZapisError([Problem(str(target), Bi("to folder: podaj nazwę pliku kopii zapasowej",
                                                      "is a folder: name the backup file"))])
        if target.exists() and not replace:
            raise ZapisError([Problem(str(target), Bi("już istnieje: wybierz nową nazwę pliku",
                                                      "exists already: choose a new file name"))])
        if not target.parent.is_dir():
            raise ZapisError([Problem(str(target), Bi("folder nie istnieje", "the folder does not exist"))])
        damage = self.check()
        if damage:
            raise ZapisError([Problem(str(self.path), Bi(
                f"jest uszkodzona, więc nie zrobiono kopii zapasowej (dobre kopie zostają): {damage[0]}; "
                "zapis restore BACKUP przywraca jedną z nich",
                "is damaged, so it was not backed up (the good backups "
                f"stay): {damage[0]}; zapis restore BACKUP brings one back"))])
        tmp = target.with_name(f".{target.name}.{os.getpid()}.partial")
        try:
            dest = sqlite3.connect(tmp)
            try:
                self.conn.backup(dest)
                dest.execute("PRAGMA journal_mode = DELETE")  # one self-contained file: no -wal beside it
                ok = [r[0] for r in dest.execute("PRAGMA quick_check")] == ["ok"]
            finally:
                dest.close()
            if not ok:
                raise ZapisError([Problem(str(target), Bi("kopia nie przeszła sprawdzenia; niczego nie zachowano",
                                                          "the copy did not pass its check; nothing was kept"))])
            with open(tmp, "rb+") as f:
                os.fsync(f.fileno())
            os.replace(tmp, target)
        except sqlite3.DatabaseError as e:
            raise ZapisError([Problem(str(self.path), _db_message(e))]) from None
        except OSError as e:
            raise ZapisError([Problem(str(target), Bi(f"nie można go zapisać ({e.strerror or e})",
                                                      f"cannot be written ({e.strerror or e})"))]) from None
        finally:
            try:
                tmp.unlink(missing_ok=True)
            except OSError:
                pass
        return target

    def auto_backup(self, keep: int = 5) -> Path:
        """A checked backup into the data directory's backups/, keeping the newest `keep`.

        Only checked copies ever get a backup's name, so rotating keeps `keep` good ones; when the
        database is damaged nothing is written and nothing is rotated out.
        """
        self.directs(roles.BACKUP)
        d = self.path.parent / "backups"
        try:
            d.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise ZapisError([Problem(str(d), _not_created(e))]) from None
        stamp = time.strftime("%Y%m%d-%H%M%S") + f"-{time.time_ns() % 1_000_000:06d}"
        out = self.backup(d / f"{self.path.stem}-{stamp}.db")
        old = sorted(d.glob(f"{self.path.stem}-*.db"))
        for p in old[:-keep]:
            p.unlink(missing_ok=True)
        return out


def check_backup(path: str | Path) -> list[str]:
    """Why a file is not a good zapis backup (empty when it is): opened read-only, never changed. Each line is a Bi
    (print it with `say(line, lang)`: as a plain str it is the Polish text)."""
    path = Path(path)
    if not path.is_file():
        return [f"{path}: " + Bi("nie ma takiego pliku", "no such file")]
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as e:
        return [f"{path}: " + _db_message(e)]
    try:
        if conn.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
            return [f"{path}: " + Bi("to nie baza danych programu zapis", "is not a zapis database")]
        rows = [r[0] for r in conn.execute("PRAGMA integrity_check")]
        if rows != ["ok"]:
            return [f"{path}: " + Bi(f"jest uszkodzona: {rows[0]}", f"is damaged: {rows[0]}")]
        if conn.execute("PRAGMA user_version").fetchone()[0] > SCHEMA_VERSION:
            return [f"{path}: " + Bi("zapisała ją nowsza wersja programu zapis", "was written by a newer zapis")]
    except sqlite3.DatabaseError as e:
        return [f"{path}: " + _db_message(e)]
    finally:
        conn.close()
    return []


def restore(backup: str | Path, db: str | Path) -> list[str]:
    """Bring a checked backup back as the database; the file it replaces and its -wal/-shm are moved
    aside (never deleted). Returns what was done, one line each."""
    backup, db = Path(backup), Path(db)
    problems = check_backup(backup)
    if problems:
        raise ZapisError([Problem("restore", p) for p in problems])
    if backup.resolve() == db.resolve():
        raise ZapisError([Problem("restore", Bi(f"{backup} to ta sama baza danych",
                                                f"{backup} is the database itself"))])
    done = []
    stamp = time.strftime("%Y%m%d-%H%M%S")
    tmp = db.with_name(f".{db.name}.restoring")
    try:
        shutil.copyfile(backup, tmp)
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        for suffix in ("", "-wal", "-shm"):
            old = db.with_name(db.name + suffix)
            if old.exists():
                aside = db.with_name(f"{db.name}.replaced-{stamp}{suffix}")
                os.replace(old, aside)
                done.append(f"{old} → {aside}")
        os.replace(tmp, db)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise ZapisError([Problem(str(db), Bi(f"nie można jej przywrócić ({e.strerror or e})",
                                              f"cannot be restored ({e.strerror or e})"))]) from None
    done.append(f"{backup} → {db}")
    return done
