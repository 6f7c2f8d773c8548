"""The store's database engine, SQLite: opening the file (to read only, where it cannot be written), making or
upgrading its schema, the transactions every write and every consistent read go through, the count that tells
another's change, and what SQLite's errors mean for the user. What is SQLite's own stays here, so that another
database (PostgreSQL) could later stand beside it."""

from __future__ import annotations

import os
import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, Self

from zapis.core.errors import ZapisError
from zapis.core.words import Bi
from zapis.store.schema import APPLICATION_ID, MIGRATIONS

SCHEMA_VERSION = len(MIGRATIONS)


class SQLiteConnection:
    """The Store's connection to its SQLite file (`conn`), whether it may write (`read_only`), and its
    transactions."""

    path: Path
    conn: sqlite3.Connection
    read_only: bool

    def _open(self, timeout: float) -> None:
        """Connect to the database at `self.path` and set it up (its schema made or upgraded where it may be
        written); what stops it is one line naming the file."""
        # a database we may not write (a read-only file, folder or disk) can still be read
        self.read_only = self.path.exists() and not (os.access(self.path, os.W_OK)
                                                     and os.access(self.path.parent, os.W_OK))
        if not self.path.exists() and not os.access(self.path.parent, os.W_OK):
            raise ZapisError(Bi("nie istnieje i nie można jej utworzyć: jej folder jest tylko do odczytu",
                                "does not exist, and cannot be made: its folder is read-only"), str(self.path))
        try:
            if self.read_only:
                self.conn = self._connect_read_only(timeout)
            else:
                self.conn = sqlite3.connect(self.path, timeout=timeout, isolation_level=None,
                                            check_same_thread=False)
            self.conn.row_factory = sqlite3.Row
            for attempt in range(100):
                try:
                    self._setup()
                    break
                except sqlite3.OperationalError as e:  # another process is making the same new database
                    if "locked" not in str(e) or attempt == 99:
                        raise
                    time.sleep(0.02 + 0.002 * attempt)
        except sqlite3.DatabaseError as e:
            raise ZapisError(_db_message(e), str(self.path)) from None

    def _reader(self) -> sqlite3.Connection:
        """A connection of this process's own that only reads (a forked child's: a connection is never used
        across a fork)."""
        conn = self._connect_read_only(5.0)
        conn.row_factory = sqlite3.Row
        return conn

    def _connect_read_only(self, timeout: float) -> sqlite3.Connection:
        """A connection that only reads. A WAL database needs its -shm file beside it, which a read-only folder (or
        disk) cannot get when nobody has the database open: then the file is read as it lies (immutable), unless a
        -wal file holds changes not yet in it (those would be missed: said in one line instead)."""
        uri = self.path.resolve().as_uri()

        def connect(params: str) -> sqlite3.Connection:
            return sqlite3.connect(f"{uri}?{params}", uri=True, timeout=timeout, isolation_level=None,
                                   check_same_thread=False)
        conn = connect("mode=ro")
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return conn
        except sqlite3.OperationalError as e:
            conn.close()
            if "unable to open" not in str(e):
                raise
        wal = self.path.with_name(self.path.name + "-wal")
        if wal.exists() and wal.stat().st_size:
            raise ZapisError(Bi("nie można jej tu zapisać (folder albo dysk tylko do odczytu), a jej plik -wal "
                                "ma zmiany, których w niej jeszcze nie ma: otwórz ją raz tam, gdzie można zapisywać",
                                "cannot be written here (a read-only folder or disk), and its -wal file holds changes "
                                "not yet in it: open it once where it can be written"), str(self.path))
        return connect("mode=ro&immutable=1")

    def _setup(self) -> None:
        c = self.conn
        c.execute("PRAGMA busy_timeout = 5000")
        c.execute("PRAGMA foreign_keys = ON")
        c.execute("BEGIN")  # one snapshot: another process may be making this new database right now
        try:
            app = c.execute("PRAGMA application_id").fetchone()[0]
            version = c.execute("PRAGMA user_version").fetchone()[0]
            tables = c.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        finally:
            c.execute("COMMIT")
        if app != APPLICATION_ID and (tables or version):
            raise ZapisError(Bi("to nie baza danych programu zapis (plik SQLite innego programu)",
                                "is not a zapis database (another program's SQLite file)"), str(self.path))
        if version > SCHEMA_VERSION:
            raise ZapisError(Bi(f"zapisała ją nowsza wersja programu zapis (schemat {version}, ta zna "
                                f"{SCHEMA_VERSION}): zaktualizuj zapis",
                                f"was written by a newer zapis (schema {version}, this one knows {SCHEMA_VERSION}): "
                                "upgrade zapis"), str(self.path))
        if self.read_only:
            if version < SCHEMA_VERSION:
                raise ZapisError(Bi("nie można jej zapisać (tylko do odczytu), a ta wersja programu zapis musi ją "
                                    "najpierw zaktualizować",
                                    "cannot be written (read-only), and this zapis must first upgrade it"),
                                 str(self.path))
            return
        c.execute("PRAGMA journal_mode = WAL")
        c.execute("PRAGMA synchronous = FULL")
        if version < SCHEMA_VERSION:
            with self._migration():
                # two processes opening a new database at once: the second finds it done
                version = c.execute("PRAGMA user_version").fetchone()[0]
                for sql in MIGRATIONS[version:]:
                    for stmt in sql.split(";"):
                        if stmt.strip():
                            c.execute(stmt)
                c.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                c.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @contextmanager
    def tx(self, tell: bool = True) -> Iterator[sqlite3.Connection]:
        """One write transaction: taken at once (BEGIN IMMEDIATE), committed or rolled back whole. `tell=False`:
        a memo written (what only saves time), which no other screen need look at at once (`after_commit`)."""
        if self.read_only:  # opened to read only: any write is refused before it begins
            raise ZapisError(Bi("nie można jej zapisać (tylko do odczytu): nic nie zapisano",
                                "cannot be written (read-only): nothing was saved"), str(self.path))
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as e:
            raise ZapisError(_db_message(e), str(self.path)) from None
        try:
            yield self.conn
            self.conn.execute("COMMIT")
            self._own_writes += 1  # PRAGMA data_version does not count this connection's own commits
        except BaseException as e:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            if isinstance(e, sqlite3.OperationalError):  # a full disk, an I/O error, a read-only file
                raise ZapisError(_db_message(e), str(self.path)) from None
            raise
        if tell and self.after_commit is not None:  # a served session tells the server (zapis.web.driver)
            try:  # what was committed stays, whatever becomes of the telling
                self.after_commit()
            except Exception:  # noqa: BLE001 - a broken pipe to a server going away: the poll is the fallback
                pass

    @contextmanager
    def _migration(self) -> Iterator[sqlite3.Connection]:
        """The schema's transaction; a lock met here is retried by the opening, not reported."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.conn
            self.conn.execute("COMMIT")
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise

    @contextmanager
    def snapshot(self) -> Iterator[sqlite3.Connection]:
        """Several reads that see one state of the database (no lock is taken against writers)."""
        own = not self.conn.in_transaction
        if own:
            self.conn.execute("BEGIN")
        try:
            yield self.conn
        finally:
            if own and self.conn.in_transaction:
                self.conn.execute("COMMIT")

    _own_writes = 0  # write transactions this store committed (see data_version)
    after_commit: Callable[[], None] | None = None  # called after each of them (outside any transaction)

    def data_version(self) -> int:
        """Changes whenever anyone committed: another connection (another tablet, the CLI), which SQLite's
        PRAGMA data_version tells without reading any data, or this store itself (a count of its own
        commits, which that pragma leaves out). Both only grow, so their sum changes when either does."""
        return self.conn.execute("PRAGMA data_version").fetchone()[0] + self._own_writes

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _db_message(e: sqlite3.DatabaseError) -> Bi:
    """What SQLite's error means for the user, in both languages (the file it is about is named by the caller)."""
    msg = str(e)
    if "full" in msg:
        return Bi("dysk jest pełny: nic nie zapisano; zwolnij trochę miejsca i zapisz ponownie",
                  "the disk is full: nothing was saved; free some space and save again")
    if "disk I/O" in msg:
        return Bi("nie udało się zapisać (błąd dysku): nic nie zapisano",
                  "could not be written (a disk error): nothing was saved")
    if "not a database" in msg or "malformed" in msg:
        return Bi("jest uszkodzona albo to nie baza danych: przywróć kopię zapasową poleceniem zapis restore BACKUP "
                  "(zob. zapis restore --help)",
                  "is damaged or not a database: bring back a backup with zapis restore BACKUP (see zapis restore --help)")
    if "locked" in msg or "busy" in msg:
        return Bi("jest zajęta (zapisuje inny tablet albo program): spróbuj jeszcze raz",
                  "is busy (another tablet or program is saving): try again")
    if "readonly" in msg:
        return Bi("nie można jej zapisać (tylko do odczytu)", "cannot be written (read-only)")
    return Bi(f"błąd bazy danych: {msg}", f"database error: {msg}")
