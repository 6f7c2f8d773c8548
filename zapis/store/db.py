"""The store: players, evenings, tables, games and an append-only log of hands.

Every write is one transaction, committed before the caller hears it is saved (WAL,
synchronous=FULL). Each game carries a version; a write names the version it read, so two
tablets writing one game never silently overwrite each other. Totals are never stored: a game is
read back as a record and scored.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import os
import shutil
import sqlite3
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date as Date
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

import orjson

from zapis.core.errors import Problem, ZapisError
from zapis.core.gcpause import collector_paused
from zapis.core.names import name_problems
from zapis.core.words import Bi, both, raw
from zapis.paths import data_dir
from zapis.store import roles
from zapis.store.roles import Role
from zapis.store.schema import APPLICATION_ID, MIGRATIONS

if TYPE_CHECKING:
    from zapis.io import records
    from zapis.core.module import Rules, ScoringModule
    from zapis.club.evening import GameResult

# The records, the scoring core and the standings are imported where a game is read or scored, not with the
# store: opening the app (its evening list, its first frame) needs none of them.

SCHEMA_VERSION = len(MIGRATIONS)


class ConflictError(ZapisError):
    """Somebody else changed the game since it was read; nothing was written."""


def default_db_path() -> Path:
    return data_dir() / "zapis.db"


@dataclass
class GameInfo:
    id: int
    evening_id: int
    table: int
    ruleset: str
    title: str
    module: str
    players: list[str]
    version: int
    stake: float


@dataclass
class LogEntry:
    id: int
    action: str
    position: int
    hand: dict[str, Any] | None
    at: str


@dataclass(frozen=True)
class Scored:
    """A game as it stands at one version, scored: what the game screen shows. Shared, never to be changed."""

    version: int
    names: tuple[str, ...]  # its players' names now (a rename changes what the sheet says)
    record: records.GameRecord
    rules: Rules
    module: ScoringModule
    sheet: Any  # the Sheet
    edited: frozenset[int]  # the hands corrected at some time (their rows carry a mark)


def _loads(text: str) -> Any:
    """JSON the store wrote, read back: by orjson (twice as fast as the standard library on a season's hands), or
    by Python's own reader for what orjson refuses (NaN, Infinity, an integer beyond 64 bits)."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


#: what a game keeps as JSON, named as a damaged row of it is said (one line naming the game, and the hand)
_STORED = {"hand": Bi("zapisane rozdanie jest uszkodzone", "the stored hand is damaged"),
           "rules": Bi("zapisane zasady gry są uszkodzone", "the stored rules of the game are damaged"),
           "players": Bi("zapisane miejsca graczy są uszkodzone", "the stored seats of the players are damaged"),
           "start": Bi("zapisany stan początkowy jest uszkodzony", "the stored start of the game is damaged")}
_NOT_JSON = Bi(" (to nie JSON); zapis restore przywraca kopię zapasową",
               " (not JSON); zapis restore brings back a backup")
_NOT_OURS = Bi(" (nie tak, jak zapisał go zapis); zapis restore przywraca kopię zapasową",
               " (not as zapis wrote it); zapis restore brings back a backup")


def _damaged(place: str, what: str, why: Bi = _NOT_JSON) -> ZapisError:
    return ZapisError([Problem(place, _STORED[what] + why)])


def _stored(text: Any, place: str, what: str) -> Any:
    """A game's JSON read back (as _loads reads it); a row damaged since it was written (not JSON, not text, or
    nested past any reader) is one plain line naming the game (and the hand), never a traceback."""
    try:
        return _loads(text)
    except (ValueError, TypeError, RecursionError):
        raise _damaged(place, what) from None


def _outcome_json(outcome: dict[str, Any]) -> str:
    """A game's outcome as the memo keeps it (plain numbers and names, never NaN): by orjson, as a season writes
    thousands, else (an integer beyond 64 bits) as the store writes any JSON."""
    try:
        return orjson.dumps(outcome, option=orjson.OPT_SORT_KEYS).decode()
    except orjson.JSONEncodeError:
        return _json(outcome)


def _json(v: Any, sort: bool = True) -> str:
    return json.dumps(v, ensure_ascii=False, sort_keys=sort, default=str)


class Store:
    def __init__(self, path: str | Path | None = None, timeout: float = 5.0, role: Role | None = None):
        self.path = Path(path) if path else default_db_path()
        self.role = role or Role()  # who writes: every write below is checked against it (zapis.store.roles)
        if path is None:  # the user's data directory is ours to make; a folder someone typed is not
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise ZapisError([Problem(str(self.path.parent), _not_created(e))]) from None
        elif not self.path.parent.is_dir():
            raise ZapisError([Problem(str(self.path), Bi("jej folder nie istnieje (literówka w --db?)",
                                                         "its folder does not exist (a typo in --db?)"))])
        if self.path.exists() and not self.path.is_file():
            raise ZapisError([Problem(str(self.path), Bi("to nie plik", "is not a file"))])
        # a database we may not write (a read-only file, folder or disk) can still be read
        self._scored: dict[int, Scored] = {}  # the games last read or written, by id (a memo: see scored())
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

    # --- opening ------------------------------------------------------------------------------
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
    def tx(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: taken at once (BEGIN IMMEDIATE), committed or rolled back whole."""
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

    def data_version(self) -> int:
        """Changes whenever anyone committed: another connection (another tablet, the CLI), which SQLite's
        PRAGMA data_version tells without reading any data, or this store itself (a count of its own
        commits, which that pragma leaves out). Both only grow, so their sum changes when either does."""
        return self.conn.execute("PRAGMA data_version").fetchone()[0] + self._own_writes

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # --- players ----------------------------------------------------------------------------------
    def player_id(self, name: str, create: bool = True) -> int:
        name = name.strip()
        row = self.conn.execute("SELECT id FROM players WHERE name = ?", (name,)).fetchone()
        if row:
            return row[0]
        if not create:
            raise ZapisError(_no_player(name))
        return self.conn.execute("INSERT INTO players (name) VALUES (?)", (name,)).lastrowid

    def players(self) -> list[str]:
        return [r[0] for r in self.conn.execute("SELECT name FROM players ORDER BY name COLLATE NOCASE")]

    def rename_player(self, old: str, new: str) -> None:
        self.directs(roles.RENAME)
        new = new.strip()
        if not new:
            raise ZapisError([Problem("name", Bi("gracz musi mieć nazwisko", "a player needs a name"))])
        problems = name_problems(new, "name")  # as every name that enters: short, no control characters
        if problems:
            raise ZapisError(problems)
        with self.tx() as c:
            if c.execute("SELECT 1 FROM players WHERE name = ?", (new,)).fetchone():
                raise ZapisError([Problem("name", Bi(f"{new!r} już jest graczem", f"{new!r} is already a player"))])
            n = c.execute("UPDATE players SET name = ? WHERE name = ?", (new, old)).rowcount
            if not n:
                raise ZapisError([Problem("name", _no_player(old))])

    # --- evenings and tables ----------------------------------------------------------------------
    def new_evening(self, date: str | None = None, place: str = "", title: str = "") -> int:
        self.directs(roles.NEW_EVENING)
        date = parse_date(date)
        problems = name_problems(place, "place") + name_problems(title, "title")
        if problems:
            raise ZapisError(problems)
        with self.tx() as c:
            eid = c.execute("INSERT INTO evenings (date, place, title) VALUES (?, ?, ?)",
                            (date, place, title)).lastrowid
            _make_current(c, eid)  # an evening the director starts is the one the tablets follow
            return eid

    def evenings(self, date_from: str | None = None, date_to: str | None = None) -> list[sqlite3.Row]:
        sql, args = "SELECT * FROM evenings", []
        if date_from or date_to:
            sql += " WHERE date BETWEEN ? AND ?"
            args = [date_from or "0000-01-01", date_to or "9999-12-31"]
        return self.conn.execute(sql + " ORDER BY date, id", args).fetchall()

    def evening_count(self) -> int:
        return self.conn.execute("SELECT count(*) FROM evenings").fetchone()[0]

    def latest_evening(self) -> int | None:
        """The newest evening's id (by date, then the one started last), or None."""
        row = self.conn.execute("SELECT id FROM evenings ORDER BY date DESC, id DESC LIMIT 1").fetchone()
        return row[0] if row else None

    # --- the director's settings: the evening the tablets and the board follow, what a table may do ---------
    def directs(self, what) -> None:
        """Only the director does `what` (a Bi naming it): anyone else is refused in one line."""
        if not self.role.directs:
            raise roles.refused(self.role, what)

    def setting(self, key: str, default: Any = None) -> Any:
        try:
            row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        except sqlite3.OperationalError:  # a read-only database of an older schema: nothing set
            return default
        if row is None:
            return default
        try:
            return json.loads(row[0])
        except (ValueError, RecursionError):  # damaged: as if never set
            return default

    def set_setting(self, key: str, value: Any) -> None:
        self.directs(roles.SETTINGS)
        with self.tx() as c:
            _set(c, key, value)

    def current_evening(self) -> int | None:
        """The evening the director runs: the one set on the laptop (`set_current_evening`), else the newest. The
        tablets and the board follow it, never simply the latest by date."""
        chosen = self.setting("current_evening")
        if _row_id(chosen) and self.conn.execute("SELECT 1 FROM evenings WHERE id = ?", (chosen,)).fetchone():
            return chosen
        return self.latest_evening()

    def set_current_evening(self, evening_id: int) -> None:
        self.evening(evening_id)
        if self.setting("current_evening") != evening_id:
            self.set_setting("current_evening", evening_id)

    def tables_start_games(self) -> bool:
        """Whether a table's tablet may start the next game at its table (the director's choice; yes by default)."""
        return bool(self.setting("tables_start_games", True))

    def _may_write(self, game: GameInfo, action: str, old: dict[str, Any] | None, hand: dict[str, Any] | None,
                   session: bool) -> None:
        """A table writes only its own table's hands in the current evening; the board writes nothing."""
        role = self.role
        if role.directs:
            return
        if role.kind != roles.TABLE:
            raise roles.refused(role, roles.WRITE)
        if game.evening_id != self.current_evening():
            raise roles.refused(role, roles.OTHER_EVENING)
        if not session:
            if game.table != role.table:
                raise roles.refused(role, roles.OTHER_TABLE)
            return
        # a duplicate pairs session is one game of every table: each result names the table it was played at
        for h in (old, hand):
            if h is not None and (not isinstance(h, dict) or h.get("table") != role.table):
                raise roles.refused(role, roles.OTHER_TABLE)

    def evening(self, evening_id: int) -> sqlite3.Row:
        row = self.conn.execute("SELECT * FROM evenings WHERE id = ?", (evening_id,)).fetchone() \
            if _row_id(evening_id) else None
        if row is None:
            raise ZapisError([Problem("evening", Bi(f"nie ma wieczoru {evening_id}", f"no evening {evening_id}"))])
        return row

    def _table_id(self, c: sqlite3.Connection, evening_id: int, number: int) -> int:
        row = c.execute("SELECT id FROM tables WHERE evening_id = ? AND number = ?", (evening_id, number)).fetchone()
        if row:
            return row[0]
        return c.execute("INSERT INTO tables (evening_id, number) VALUES (?, ?)", (evening_id, number)).lastrowid

    # --- games ---------------------------------------------------------------------------------
    def new_game(self, evening_id: int | None, table: int, rec: records.GameRecord, rules: Rules,
                 module: ScoringModule, stake: float = 0, hands: list[dict[str, Any]] | None = None,
                 evening: tuple[str | None, str, str] | None = None) -> int:
        """A game with its ruleset frozen as it is now; with `hands` (an import), all or nothing.

        With `evening` = (date, place, title) instead of an id, the evening is made in the same
        transaction: a kill in between never leaves an empty evening behind.
        """
        problems = check_table_number(table) + check_stake(stake)
        # every name that enters, checked as the records and the dialogs check it (a caller that skipped them)
        problems += [p for place, name in _seated_names(rec.players) for p in name_problems(name, place)]
        problems += name_problems(rec.title, "title")
        if evening is not None:
            problems += name_problems(evening[1], "place") + name_problems(evening[2], "title")
        if problems:
            raise ZapisError(problems)
        if not self.role.directs:  # a table starts a game at its own table, in the current evening, if allowed
            if self.role.kind != roles.TABLE or evening is not None or hands:
                raise roles.refused(self.role, roles.NEW_GAME)
            if table != self.role.table:
                raise roles.refused(self.role, roles.OTHER_TABLE, "table")
            if evening_id != self.current_evening():
                raise roles.refused(self.role, roles.OTHER_EVENING)
            if not self.tables_start_games():
                raise roles.refused(self.role, roles.NEW_GAME)
        if evening is None:
            self.evening(evening_id)
        else:
            date = parse_date(evening[0])
        frozen = {"id": rules.id, "module": rules.module, "title": raw(rules.title), "values": dict(rules.values)}
        names = _names(rec.players)
        with self.tx() as c:
            if evening is not None:
                evening_id = c.execute("INSERT INTO evenings (date, place, title) VALUES (?, ?, ?)",
                                       (date, evening[1], evening[2])).lastrowid
                _make_current(c, evening_id)
            tid = self._table_id(c, evening_id, table)
            gid = c.execute(
                "INSERT INTO games (table_id, ruleset, rules_json, layout_json, start_json, title, stake) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                # the rules in the ruleset's own order: a game's items are shown in it (hearts before the Q♠)
                (tid, rec.ruleset, _json(frozen, sort=False), _json(rec.players), _json(rec.start), rec.title,
                 stake)).lastrowid
            for seat, name in enumerate(names):
                c.execute("INSERT INTO game_players (game_id, seat, player_id, name) VALUES (?, ?, ?, ?)",
                          (gid, seat, self.player_id(name), name))
            for i, h in enumerate(hands or []):
                c.execute("INSERT INTO hand_log (game_id, action, position, hand_json) VALUES (?, 'enter', ?, ?)",
                          (gid, i, _json(h)))
            c.execute("UPDATE games SET version = ? WHERE id = ?", (len(hands or []), gid))
        return gid

    def games(self, evening_id: int | None = None) -> list[GameInfo]:
        sql = ("SELECT g.*, t.number, t.evening_id FROM games g JOIN tables t ON t.id = g.table_id"
               + (" WHERE t.evening_id = ?" if evening_id is not None else "") + " ORDER BY t.evening_id, t.number, g.id")
        rows = self.conn.execute(sql, () if evening_id is None else (evening_id,)).fetchall()
        return [self._info(r) for r in rows]

    def game(self, game_id: int) -> GameInfo:
        row = self.conn.execute("SELECT g.*, t.number, t.evening_id FROM games g JOIN tables t ON t.id = g.table_id "
                                "WHERE g.id = ?", (game_id,)).fetchone() if _row_id(game_id) else None
        if row is None:
            raise ZapisError([Problem("game", _no_game(game_id))])
        return self._info(row)

    def _info(self, r: sqlite3.Row) -> GameInfo:
        frozen = _frozen_json(r["rules_json"], r["id"])
        return GameInfo(r["id"], r["evening_id"], r["number"], r["ruleset"], r["title"] or both(frozen["title"]),
                        frozen["module"], self._current_names(r["id"]), r["version"], r["stake"])

    def _current_names(self, game_id: int) -> list[str]:
        return [row[0] for row in self.conn.execute(
            "SELECT p.name FROM game_players gp JOIN players p ON p.id = gp.player_id WHERE gp.game_id = ? "
            "ORDER BY gp.seat", (game_id,))]

    def log(self, game_id: int) -> list[LogEntry]:
        return [_entry(r) for r in self.conn.execute("SELECT * FROM hand_log WHERE game_id = ? ORDER BY id",
                                                     (game_id,))]

    def hands(self, game_id: int) -> list[dict[str, Any]]:
        """The hands as they stand: the log replayed."""
        return replay(self.log(game_id))

    def record(self, game_id: int, hands: list[dict[str, Any]] | None = None
               ) -> tuple[records.GameRecord, Rules, ScoringModule]:
        """The game as a record, with the rules frozen when it began, in the players' current names."""
        from zapis.io import records
        row = self.conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise ZapisError([Problem("game", _no_game(game_id))])
        rules, module = _frozen_of(row["rules_json"], game_id)
        recorded = [r[0] for r in self.conn.execute("SELECT name FROM game_players WHERE game_id = ? ORDER BY seat",
                                                    (game_id,))]
        rules, layout, start, hands = _names_now(module, rules, zip(recorded, self._current_names(game_id)),
                                                 row["layout_json"], row["start_json"],
                                                 self.hands(game_id) if hands is None else hands, game_id)
        rec = records.GameRecord(ruleset=row["ruleset"], players=layout, hands=hands, start=start, title=row["title"])
        return rec, rules, module

    def season(self, date_from: str | None = None, date_to: str | None = None) -> list[GameResult]:
        """Every game of the evenings from `date_from` to `date_to`, judged (places, place points, money) as the
        season's standings need it, without its sheet: a thousand evenings are never held at once.

        A game's outcome is taken from the memo (table game_results) while its key (everything that determines
        it) is unchanged; otherwise its hands are scored (one query streams them, a game's hands as one JSON
        array) and the outcome remembered. The memo is never a source of truth: `zapis db check` compares it
        with a fresh recomputation."""
        with collector_paused():  # thousands of outcomes made, all kept: the collector would only scan them
            return [r for _, _, r in self._outcomes("e.date BETWEEN ? AND ?",
                                                    [date_from or "0000-01-01", date_to or "9999-12-31"])]

    def judged(self, evening_id: int) -> list[GameResult]:
        """Every game of an evening judged for its standings (places, place points, money, each side's result),
        without sheets: as season() does, from the memo where it holds. A screen of standings reads this."""
        self.evening(evening_id)  # an evening that does not exist is said so
        return [r for _, _, r in self._outcomes("e.id = ?", [evening_id], dated=False)]

    def _outcomes(self, where: str, args: list[Any], memo: bool = True, dated: bool = True
                  ) -> list[tuple[int, str, GameResult]]:
        """(game id, its key, the game judged) for every game of the evenings `where` picks (a condition on the
        evenings e), in the order of the evenings, tables and games; from the memo where its key holds (unless
        memo=False), else scored and then remembered (unless memo=False). A game's label carries its date when
        `dated` (a season's games come from many evenings)."""
        from zapis.club.evening import GameResult
        rows = self.conn.execute(
            "SELECT g.id, e.date, t.number, g.ruleset, g.rules_json, g.layout_json, g.start_json, g.title, g.stake, "
            "g.version, r.key, r.outcome_json FROM games g JOIN tables t ON t.id = g.table_id "
            f"JOIN evenings e ON e.id = t.evening_id LEFT JOIN game_results r ON r.game_id = g.id "
            f"WHERE {where} ORDER BY e.date, e.id, t.number, g.id", args).fetchall()
        seated: dict[int, list[tuple[int, str, str]]] = {}
        for gid, seat, recorded, current in self.conn.execute(
                # CROSS JOIN keeps SQLite to this order (by the evenings' dates, not every seat ever taken); the
                # seats of a game are put in order here (a sort of four, not of the season's seats in SQL)
                "SELECT gp.game_id, gp.seat, gp.name, p.name FROM evenings e CROSS JOIN tables t ON t.evening_id = e.id "
                "CROSS JOIN games g ON g.table_id = t.id CROSS JOIN game_players gp ON gp.game_id = g.id "
                f"JOIN players p ON p.id = gp.player_id WHERE {where}", args):
            seated.setdefault(gid, []).append((seat, recorded, current))
        seats = {gid: [(recorded, current) for _, recorded, current in sorted(found)]
                 for gid, found in seated.items()}
        frozen_rules: dict[str, tuple[Rules, ScoringModule]] = {}  # the games of one ruleset share its Rules
        out: list[tuple[int, str, GameResult | None]] = []
        todo: dict[int, tuple[int, tuple]] = {}  # game id -> (its place in out, what scores it)
        for gid, date, table, ruleset, rules_json, layout_json, start_json, title, stake, version, key, done in rows:
            if rules_json not in frozen_rules:
                frozen_rules[rules_json] = _frozen_of(rules_json, gid)
            rules, module = frozen_rules[rules_json]
            label = f"{date + ' ' if dated else ''}stół {table}: {raw(title or both(rules.title))} (#{gid})"
            names = seats.get(gid, [])
            want = outcome_key(version, rules_json, layout_json, start_json, stake, names, module)
            if memo and key == want:
                try:
                    out.append((gid, want, GameResult.judged_from(label, _loads(done), rules, module, stake, date)))
                    continue
                except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError):
                    pass  # a damaged memo: only a memo, so the game is scored again (and remembered anew)
            todo[gid] = (len(out), (gid, label, rules, module, layout_json, start_json, stake, date, names))
            out.append((gid, want, None))
        found = []
        for gid, hands in self._hands_of(list(todo)):
            at, how = todo.pop(gid)
            found.append((at, self._judged(*how, hands)))
        for at, how in todo.values():  # a game without a hand yet
            found.append((at, self._judged(*how, [])))
        for at, r in found:
            out[at] = (out[at][0], out[at][1], r)
        if memo:
            self._remember([(out[at][0], out[at][1], _outcome_json(r.outcome())) for at, r in found])
        return out  # type: ignore[return-value]

    def _hands_of(self, game_ids: list[int]) -> Iterator[tuple[int, list[dict[str, Any]]]]:
        """Each game's hands as they stand (its log replayed), a game at a time, from one query that brings a
        game's log as one JSON array (decoding each hand alone costs three times as much).

        The rows are grouped as the index (game_id, id) brings them, in the log's order: no ORDER BY in a
        subquery, which made SQLite sort the whole season again in a temporary B-tree (half the query's time).
        Their order is not taken on trust: the entry positions check it (below), and a game whose rows did not
        come in order is replayed from its log."""
        if not game_ids:
            return
        for gid, others, positions, hands in self.conn.execute(
                "SELECT game_id, sum(action <> 'enter'), group_concat(position), "
                "'[' || group_concat(coalesce(hand_json, 'null')) || ']' FROM hand_log "
                "WHERE game_id IN (SELECT value FROM json_each(?)) GROUP BY game_id",
                (json.dumps(game_ids),)):
            if not others and positions == _counting(positions.count(",") + 1):
                # hands entered one after another and nothing else: the entry positions 0, 1, 2, ... prove
                # the rows came in the log's order (each enter is at the end of the hands before it)
                try:
                    found = _loads(hands)
                except (ValueError, TypeError, RecursionError):
                    found = None
                if found is not None and all(type(h) is dict for h in found):
                    yield gid, found
                else:  # a damaged row among them: the log read row by row says which hand
                    yield gid, replay(self.log(gid))
            else:  # corrections and undos (or the rows out of order): the game's log read and replayed
                yield gid, replay(self.log(gid))

    @staticmethod
    def _judged(gid: int, label: str, rules: Rules, module: ScoringModule, layout_json: str, start_json: str,
                stake: float, date: str, names: list[tuple[str, str]], hands: list[dict[str, Any]]) -> GameResult:
        """One game scored and judged (with its declarers' hands, for the statistics); its sheet let go at once."""
        from zapis.core.module import DECLARED
        from zapis.club.evening import GameResult, declared_of, declarers, judge
        rules, layout, start, hands = _names_now(module, rules, names, layout_json, start_json, hands, gid)
        sheet = _scored_or_said(gid, module.totals, rules, layout, hands, start)
        r = judge(GameResult(label, sheet, rules, module, stake, evening=date))
        declared = sheet.extra.get(DECLARED)  # found by the module's fold, else asked for
        r.sheet = None
        r.declared = (declared_of(declared, layout) if declared is not None
                      else declarers(module, rules, layout, hands))
        return r

    def _remember(self, memo: list[tuple[int, str, str]]) -> None:
        """Outcomes kept for the next time; a database that cannot be written now (read-only, busy) is left as it
        is: the memo only saves time."""
        if not memo or self.read_only:
            return
        try:
            # not flushed to the disk at once (a power cut may lose a memo, never the database's consistency):
            # a screen of standings waits for no fsync
            self.conn.execute("PRAGMA synchronous = OFF")
            with self.tx() as c:
                c.executemany("INSERT OR REPLACE INTO game_results (game_id, key, outcome_json) VALUES (?, ?, ?)",
                              memo)
        except (ZapisError, sqlite3.DatabaseError):
            pass
        finally:
            self.conn.execute("PRAGMA synchronous = FULL")

    def memo_problems(self) -> list[str]:
        """Every remembered outcome whose key still holds, compared with a fresh recomputation: empty when all
        agree. A stale or differing one is dropped (the next standings recompute it)."""
        kept = {gid: (key, _memo(done)) for gid, key, done in
                self.conn.execute("SELECT game_id, key, outcome_json FROM game_results")}
        if not kept:
            return []
        out, drop = [], []
        fresh = {gid: (key, r) for gid, key, r in self._outcomes("1", [], memo=False)}
        for gid, (key, done) in sorted(kept.items()):
            if gid not in fresh or fresh[gid][0] != key:
                drop.append(gid)  # stale: the game changed since (it is recomputed when next asked)
            elif done != _loads(_outcome_json(fresh[gid][1].outcome())):
                out.append(f"game {gid}: the remembered result differs from a fresh recomputation (dropped)")
                drop.append(gid)
        if drop and not self.read_only:
            with self.tx() as c:
                c.executemany("DELETE FROM game_results WHERE game_id = ?", [(g,) for g in drop])
        return out

    def scored(self, game_id: int) -> Scored:
        """The game as it stands, scored (its hands were checked when entered). A memo of the last version this
        store read or wrote of it: while the game's version and its players' names are those, nothing is read
        again or scored again (saving a hand scores the game once, to check it, and the screen shows that)."""
        with self.snapshot():
            row = self.conn.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone() \
                if _row_id(game_id) else None
            if row is None:
                raise ZapisError([Problem("game", _no_game(game_id))])
            names = tuple(self._current_names(game_id))
            known = self._scored.get(game_id)
            if known and known.version == row[0] and known.names == names:
                return known
            log = self.log(game_id)
            rec, rules, module = self.record(game_id, replay(log))
        sheet = module.score(rules, rec.players, rec.hands, rec.start)
        return self._keep(game_id, Scored(row[0], names, rec, rules, module, sheet,
                                          frozenset(e.position for e in log if e.action == "edit")))

    def knows(self, game_id: int, version: int) -> bool:
        """Whether scored(game_id) at this version would come from the memo (names aside): nothing to wait for."""
        known = self._scored.get(game_id)
        return known is not None and known.version == version

    def _keep(self, game_id: int, scored: Scored) -> Scored:
        self._scored.pop(game_id, None)
        self._scored[game_id] = scored
        while len(self._scored) > 16:  # a few games at once (the screen's, the evening's): the oldest let go
            self._scored.pop(next(iter(self._scored)))
        return scored

    def sheet(self, game_id: int):
        rec, rules, module = self.record(game_id)
        return module.validate_and_score(rules, rec.players, rec.hands, rec.start)

    def results(self, evening_id: int | None = None, date_from: str | None = None,
                date_to: str | None = None) -> list[GameResult]:
        """Every game of an evening (or of the evenings in a date range), recomputed from its hand log.

        The hands were validated when they were entered (and `zapis db check` validates them all
        again), so this path scores them without validating: one query reads every log entry.
        """
        from zapis.club.evening import GameResult, declarers
        if evening_id is not None:
            evs = [self.evening(evening_id)]
        else:
            evs = self.evenings(date_from, date_to)
        if not evs:
            return []
        by_id = {ev["id"]: ev for ev in evs}
        games = [g for g in self.games() if g.evening_id in by_id] if evening_id is None else self.games(evening_id)
        logs: dict[int, list[LogEntry]] = {g.id: [] for g in games}
        marks = ",".join("?" * len(by_id))
        for r in self.conn.execute(
                f"SELECT l.* FROM hand_log l JOIN games g ON g.id = l.game_id JOIN tables t ON t.id = g.table_id "
                f"WHERE t.evening_id IN ({marks}) ORDER BY l.id", list(by_id)):
            logs[r["game_id"]].append(_entry(r))
        out = []
        for g in games:
            rec, rules, module = self.record(g.id, replay(logs[g.id]))
            sheet = _scored_or_said(g.id, module.score, rules, rec.players, rec.hands, rec.start)
            ev = by_id[g.evening_id]
            label = f"{ev['date']} " if evening_id is None else ""
            out.append(GameResult(f"{label}stół {g.table}: {raw(g.title)} (#{g.id})", sheet, rules, module,
                                  g.stake, evening=ev["date"],
                                  declared=declarers(module, rules, rec.players, rec.hands)))
        return out

    # --- the hand log ------------------------------------------------------------------------------
    def _write(self, game_id: int, expected_version: int | None, action: str, position: int,
               hand: dict[str, Any] | None) -> int:
        """Check first, then append one log entry in a short write transaction.

        The game is read and checked without holding the write lock (the check scores the game, which
        takes a while on a long one); the transaction then only confirms that the game is still at the
        version that was checked, appends and commits. If another writer got in between, a caller that
        named the version it read hears so (ConflictError); one that did not (an import, the CLI) is
        checked again against the new state.

        The caller speaks the players' current names; the log keeps the names the game was
        recorded with, so a later rename never rewrites history.
        """
        for attempt in range(4):
            if attempt == 3:  # others keep getting in first: check under the lock this time (progress assured)
                with self.tx() as c:
                    version, position2, entry, after = self._checked(game_id, expected_version, action, position,
                                                                     hand)
                    done = self._append(c, game_id, version, action, position2, entry)
                self._keep(game_id, after)
                return done
            with self.snapshot():
                version, position2, entry, after = self._checked(game_id, expected_version, action, position, hand)
            with self.tx() as c:
                if c.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()[0] == version:
                    done = self._append(c, game_id, version, action, position2, entry)
                else:
                    done = None
            if done is not None:
                self._keep(game_id, after)  # the game as it now stands, scored by the check: shown without more
                return done
            if expected_version is not None:
                raise _conflict(version + 1, expected_version)
        raise AssertionError("unreachable")

    @staticmethod
    def _append(c: sqlite3.Connection, game_id: int, version: int, action: str, position: int,
                entry: dict[str, Any] | None) -> int:
        c.execute("INSERT INTO hand_log (game_id, action, position, hand_json) VALUES (?, ?, ?, ?)",
                  (game_id, action, position, None if entry is None else _json(entry)))
        c.execute("UPDATE games SET version = version + 1 WHERE id = ?", (game_id,))
        return version + 1

    def _checked(self, game_id: int, expected_version: int | None, action: str, position: int,
                 hand: dict[str, Any] | None) -> tuple[int, int, dict[str, Any] | None, Scored]:
        """The version read, the position and the entry to append (in the recorded names), and the game as it
        will stand after it, scored; or why not."""
        from zapis.core.module import COMMON_HAND_FIELDS
        now = self.scored(game_id)
        version = now.version
        if expected_version is not None and version != expected_version:
            raise _conflict(version, expected_version)
        rec, rules, module = now.record, now.rules, now.module
        hands = list(rec.hands)  # the memo is shared: never changed in place
        if not self.role.directs:
            old = (hands[position] if action == "edit" and 0 <= position < len(hands)
                   else hands[-1] if action == "undo" and hands else None)
            session = rules.module == "bridge-pairs" and rules.get("movement", "none") != "none"
            self._may_write(self.game(game_id), action, old, hand, session)
        if action == "enter":
            position = len(hands)
            hands.append(hand)
        elif action == "edit":
            if not 0 <= position < len(hands):
                raise ZapisError([Problem("hand", Bi(f"nie ma rozdania {position + 1} do poprawienia",
                                                     f"no hand {position + 1} to edit"))])
            hands[position] = hand
        else:
            if not hands:
                raise ZapisError([Problem("hand", Bi("nie ma czego cofnąć", "nothing to undo"))])
            position = len(hands) - 1
            hands.pop()
        if action != "undo":
            # the other hands were checked when they were entered: check this one, then the order
            # of them all (an owed deal, a game already over) and that the whole game still scores
            problems = (module.check_each(rules, rec.players, [hand], first=position)
                        or module.check_sequence(rules, rec.players, hands, rec.start))
            if problems:
                raise ZapisError(problems)
            hands[position] = json.loads(_json(hand))  # as it will read back from the log (keys, lists, numbers)
        # one hand more: folded onto the sheet shown now where the module can (else, and after an edit or an
        # undo, the whole game scored again)
        sheet = module.extend(rules, rec.players, now.sheet, hands, rec.start) if action == "enter" else None
        if sheet is None:
            sheet = module.score(rules, rec.players, hands, rec.start)
        after = Scored(version + 1, now.names, dataclasses.replace(rec, hands=hands), rules, module, sheet,
                       now.edited | {position} if action == "edit" else now.edited)
        recorded = [r[0] for r in self.conn.execute(
            "SELECT name FROM game_players WHERE game_id = ? ORDER BY seat", (game_id,))]
        back = {b: a for a, b in zip(recorded, now.names) if a != b}
        if hand is not None and back:
            hand = rename_hand((*COMMON_HAND_FIELDS, *module.hand_fields(rules, rec.players)), hand, back)
        return version, position, hand, after

    def enter(self, game_id: int, hand: dict[str, Any], expected_version: int | None = None) -> int:
        return self._write(game_id, expected_version, "enter", -1, hand)

    def edit(self, game_id: int, position: int, hand: dict[str, Any], expected_version: int | None = None) -> int:
        return self._write(game_id, expected_version, "edit", position, hand)

    def undo(self, game_id: int, expected_version: int | None = None) -> int:
        return self._write(game_id, expected_version, "undo", -1, None)

    # --- maintenance ---------------------------------------------------------------------------------
    def integrity(self) -> list[str]:
        """SQLite's integrity check, then every game recomputed; empty when all is well."""
        out = []
        try:
            rows = [r[0] for r in self.conn.execute("PRAGMA integrity_check")]
        except sqlite3.DatabaseError as e:
            return [f"integrity check failed: {e}"]
        if rows != ["ok"]:
            out += [f"integrity: {r}" for r in rows]
        fk = self.conn.execute("PRAGMA foreign_key_check").fetchall()
        out += [f"foreign key: {tuple(r)}" for r in fk]
        try:
            ids = self.conn.execute("SELECT id FROM games ORDER BY id").fetchall()
        except sqlite3.DatabaseError as e:
            return out + [f"games cannot be read: {e}"]
        for (gid,) in ids:
            try:
                self.sheet(gid)
            except ZapisError as e:  # a damaged row names its game (and hand) itself
                out += [line if line.startswith((f"game {gid}:", f"game {gid},")) else f"game {gid}: {line}"
                        for line in e.lines()]
            except Exception as e:  # a row no longer readable (bad JSON, a missing module): say which game
                out.append(f"game {gid}: cannot be read ({type(e).__name__}: {e})")
        if not out:  # the remembered outcomes against a fresh recomputation (only where every game scores)
            out += self.memo_problems()
        return out

    def check(self) -> list[str]:
        """SQLite's own check of the file (pages, indexes); empty when it is sound."""
        try:
            rows = [r[0] for r in self.conn.execute("PRAGMA quick_check")]
        except sqlite3.DatabaseError as e:
            return [str(e)]
        return [] if rows == ["ok"] else rows

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


def _names_now(module: ScoringModule, rules: Rules, seats: Iterable[tuple[str, str]], layout_json: str,
               start_json: str, hands: list[dict[str, Any]], game_id: int | None = None
               ) -> tuple[Rules, Any, dict[str, Any], list[dict[str, Any]]]:
    """A game's rules, seats, start and hands in its players' names now (seats: (recorded, current) in seat
    order). Of the rules only the parameters a record writes at its top level (a tura's partners) hold names.
    A damaged seats or start row is one line naming the game."""
    from zapis.io import records
    from zapis.core.module import COMMON_HAND_FIELDS
    place = f"game {game_id}"
    layout, start = _stored(layout_json, place, "players"), _stored(start_json, place, "start")
    if not isinstance(layout, (list, dict)) or not layout:
        raise _damaged(place, "players", _NOT_OURS)
    if not isinstance(start, dict):
        raise _damaged(place, "start", _NOT_OURS)
    mapping = {a: b for a, b in seats if a != b}
    layout = _rename(layout, mapping)
    if mapping:  # only where a field holds a player: a double "X" stays "X" when a player X is renamed
        named = {k: _rename(rules.values[k], mapping) for k in records.record_keys(module) if k in rules.values}
        if named:
            rules = dataclasses.replace(rules, values={**rules.values, **named})
        fields = (*COMMON_HAND_FIELDS, *module.hand_fields(rules, layout))
        hands = [rename_hand(fields, h, mapping) for h in hands]
    return rules, layout, _rename(start, mapping), hands


def _scored_or_said(game_id: int, scoring: Callable[..., Any], *args: Any) -> Any:
    """A game scored (score or totals); what stops it is said as the game's problem, in one line."""
    try:
        return scoring(*args)
    except ZapisError as e:
        raise ZapisError([Problem(f"game {game_id}", Bi(p.say("pl"), p.say("en"))) for p in e.problems]) from None
    except Exception as e:  # a log that no longer scores: say which game, `zapis db check` tells more
        raise ZapisError([Problem(f"game {game_id}", Bi(f"nie da się jej policzyć ({type(e).__name__}): uruchom "
                                                        "zapis db check",
                                                        f"cannot be scored ({type(e).__name__}): run zapis db "
                                                        "check"))]) from None


@functools.lru_cache(maxsize=64)
def _counting(n: int) -> str:
    return ",".join(map(str, range(n)))


def _frozen_json(text: Any, game_id: int) -> dict[str, Any]:
    """A game's frozen rules as stored (JSON: id, module, title, values), or one line: the game's rules are damaged."""
    frozen = _stored(text, f"game {game_id}", "rules")
    if not (isinstance(frozen, dict) and isinstance(frozen.get("id"), str) and isinstance(frozen.get("module"), str)
            and "title" in frozen and isinstance(frozen.get("values"), dict)):
        raise _damaged(f"game {game_id}", "rules", _NOT_OURS)
    return frozen


def _frozen_of(text: Any, game_id: int) -> tuple[Rules, ScoringModule]:
    """The rules a game was begun with and its module, from its stored row; a damaged row (or a module no longer
    known) is one line naming the game."""
    frozen = _frozen_json(text, game_id)
    try:
        return _frozen(frozen)
    except ZapisError as e:
        raise ZapisError([Problem(f"game {game_id}", p.message) for p in e.problems]) from None


def _entry(r: sqlite3.Row) -> LogEntry:
    """One row of the hand log; a damaged hand is one line naming the game and the hand (the log's position, 1 the
    first hand)."""
    text, place = r["hand_json"], f"game {r['game_id']}, hand {_hand_number(r['position'])}"
    hand = None if text is None else _stored(text, place, "hand")
    if r["action"] in ("enter", "edit") and not isinstance(hand, dict):  # a hand is a table of its fields
        raise _damaged(place, "hand", _NOT_OURS)
    return LogEntry(r["id"], r["action"], r["position"], hand, r["at"])


def _hand_number(position: Any) -> str:
    return str(position + 1) if isinstance(position, int) and not isinstance(position, bool) else "?"


def _memo(done: Any) -> Any:
    """A remembered outcome read back; a damaged one is None (it then differs from the recomputation, and is
    dropped)."""
    try:
        return _loads(done)
    except (ValueError, TypeError, RecursionError):
        return None


def _frozen(frozen: dict[str, Any]) -> tuple[Rules, ScoringModule]:
    """The rules a game was begun with (as frozen then) and its module."""
    from zapis.core.module import Rules, get_module
    module = get_module(frozen["module"])
    return Rules(id=frozen["id"], module=frozen["module"], title=both(frozen["title"]),
                 values={**module.defaults(), **frozen["values"]}), module


@functools.cache
def _scoring_code(module_file: str | None) -> str:
    """A digest of the code that computes an outcome: the scoring core, the built-in modules, the evening's places
    and money, and a module's own file when it comes from elsewhere. Another zapis recomputes every memo."""
    root = Path(__file__).resolve().parent.parent
    files = sorted([*root.glob("core/*.py"), *root.glob("modules/**/*.py"), root / "club" / "evening.py"])
    if module_file and not Path(module_file).resolve().is_relative_to(root):
        files.append(Path(module_file))
    digest = hashlib.sha256()
    for f in files:
        digest.update(f.name.encode())
        digest.update(f.read_bytes())
    return digest.hexdigest()


def outcome_key(version: int, rules_json: str, layout_json: str, start_json: str, stake: float,
                names: list[tuple[str, str]], module: ScoringModule) -> str:
    """What determines a game's outcome, as one digest: the game's version (its hand log), its frozen rules, seats,
    start and stake, its players' names now, and the code that scores it (the module's own `version` too)."""
    what = "\x00".join((str(version), _digest(rules_json), layout_json, start_json, repr(float(stake)), repr(names),
                         _module_code(module)))
    return hashlib.sha256(what.encode()).hexdigest()


@functools.lru_cache(maxsize=256)
def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _module_code(module: ScoringModule) -> str:
    return "\x00".join((module.id, str(getattr(module, "version", "")),
                         _scoring_code(getattr(sys.modules.get(type(module).__module__), "__file__", None))))


def replay(log: list[LogEntry]) -> list[dict[str, Any]]:
    hands: list[dict[str, Any]] = []
    for e in log:
        if e.action == "enter":
            hands.append(e.hand)
        elif e.action == "edit":
            hands[e.position] = e.hand
        elif e.action == "undo" and hands:
            hands.pop()
    return hands


def _seated_names(players: Any) -> list[tuple[str, Any]]:
    """(where it stands in a record, the name) for every seated name: players[i], or a pairs session's pairs.N[j]."""
    if isinstance(players, dict):
        return [(f"pairs.{k}[{j}]", n) for k, names in players.items() if isinstance(names, list)
                for j, n in enumerate(names)]
    return [(f"players[{i}]", n) for i, n in enumerate(players if isinstance(players, list) else [])]


def _names(players: Any) -> list[str]:
    if isinstance(players, dict):  # pairs
        return [n for k in sorted(players, key=lambda x: int(x) if str(x).isdigit() else 0) for n in players[k]]
    return list(players)


def rename_hand(fields, hand: Any, mapping: dict[str, str]) -> Any:
    """A hand with player names replaced where its fields say a player stands, and nowhere else."""
    if not isinstance(hand, dict):
        return hand
    out = dict(hand)
    for f in fields:
        if f.name in out:
            out[f.name] = _rename_value(f, out[f.name], mapping)
    return out


def _rename_value(f, v: Any, mapping: dict[str, str]) -> Any:
    k = f.kind
    if k == "player" and isinstance(v, str):
        return mapping.get(v, v)
    if k == "players" and isinstance(v, list):
        return [mapping.get(x, x) if isinstance(x, str) else x for x in v]
    if k == "list" and isinstance(v, list) and not f.choices:  # a list of names (who won each showdown)
        return [mapping.get(x, x) if isinstance(x, str) else x for x in v]
    if k in ("player_map", "table") and isinstance(v, dict):
        if f.sub:
            return rename_hand(f.sub, v, mapping)
        by_player = k == "player_map" or not f.keys  # a table keyed by players (bids.Ola), not by items
        return {(mapping.get(key, key) if by_player else key): (_rename_value(f.item, x, mapping) if f.item else x)
                for key, x in v.items()}
    return v


def _rename(v: Any, mapping: dict[str, str]) -> Any:
    """The same value with player names replaced (keys of player maps and name strings)."""
    if not mapping:
        return v
    if isinstance(v, str):
        return mapping.get(v, v)
    if isinstance(v, list):
        return [_rename(x, mapping) for x in v]
    if isinstance(v, dict):
        return {mapping.get(k, k): _rename(x, mapping) for k, x in v.items()}
    return v


def _row_id(v: Any) -> bool:
    """An id SQLite can hold (a number like 10**20 is simply no evening, not an overflow)."""
    return isinstance(v, int) and not isinstance(v, bool) and 0 < v < 2 ** 63


MAX_TABLE = 999
MAX_STAKE = 1_000_000


def _set(c: sqlite3.Connection, key: str, value: Any) -> None:
    c.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
              (key, _json(value)))


def _make_current(c: sqlite3.Connection, evening_id: int) -> None:
    _set(c, "current_evening", evening_id)


def check_table_number(table: Any, place: str = "table") -> list[Problem]:
    if not isinstance(table, int) or isinstance(table, bool) or not 1 <= table <= MAX_TABLE:
        return [Problem(place, Bi(f"{str(table)[:20]} to nie numer stołu (od 1 do {MAX_TABLE})",
                                  f"{str(table)[:20]} is not a table number (1 to {MAX_TABLE})"))]
    return []


def check_stake(stake: Any, place: str = "stake") -> list[Problem]:
    import math
    if not isinstance(stake, (int, float)) or isinstance(stake, bool) or not math.isfinite(stake) \
            or not 0 <= stake <= MAX_STAKE:
        return [Problem(place, Bi(f"{str(stake)[:20]} to nie stawka (liczba od 0 do {MAX_STAKE:,})".replace(",", " "),
                                  f"{str(stake)[:20]} is not a stake (a number from 0 to {MAX_STAKE:,})".replace(",", " ")))]
    return []


def parse_date(date: str | None) -> str:
    """An evening's date as ISO (2026-11-20); 20.11.2026, as Polish users write it, is accepted too."""
    import re
    date = (date or Date.today().isoformat()).strip()
    m = re.fullmatch(r"(\d{1,2})\.(\d{1,2})\.(\d{4})", date)
    if m:
        date = f"{m[3]}-{int(m[2]):02d}-{int(m[1]):02d}"
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
        raise ZapisError([Problem("date", _not_a_date(date[:20]))])
    try:
        return Date.fromisoformat(date).isoformat()
    except ValueError:
        raise ZapisError([Problem("date", _not_a_date(date))]) from None


def _not_a_date(typed: str) -> Bi:
    return Bi(f"{typed!r} to nie data (2026-11-20 albo 20.11.2026)",
              f"{typed!r} is not a date (2026-11-20 or 20.11.2026)")


def _no_game(game_id: Any) -> Bi:
    return Bi(f"nie ma gry {game_id}", f"no game {game_id}")


def _no_player(name: str) -> Bi:
    return Bi(f"nie ma gracza {name!r}", f"no player named {name!r}")


def _not_created(e: OSError) -> Bi:
    """A folder that could not be made."""
    return Bi(f"nie można go utworzyć ({e.strerror})", f"cannot be created ({e.strerror})")


def _conflict(version: int, expected: int) -> ConflictError:
    return ConflictError([Problem("game", Bi(f"w międzyczasie zmienił ją ktoś inny (wersja {version}, a nie "
                                             f"{expected}): nic nie zapisano; sprawdź jeszcze raz i wpisz ponownie",
                                             f"changed by someone else since you read it (version {version}, not "
                                             f"{expected}): nothing was saved; look again and enter it once more"))])


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


__all__ = ["Store", "ConflictError", "GameInfo", "LogEntry", "replay", "default_db_path", "check_backup", "restore"]
