"""The store: players, evenings, tables, games and an append-only log of hands.

Every write is one transaction, committed before the caller hears it is saved (WAL,
synchronous=FULL). Each game carries a version; a write names the version it read, so two
tablets writing one game never silently overwrite each other. Totals are never stored: a game is
read back as a record and scored.

The Store is made of one part per concern, each a module beside this one: the SQLite file and its
transactions (sqlite), the players, evenings and settings (evenings), the games (games), their
outcomes scored and remembered (outcomes), the checks of the whole (integrity) and the backups
(backup); what the rows hold is in rows, players' names in them in names, typed values checked in
validate. Here the parts are put together, with the hand log: the one write every hand goes through.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi
from zapis.paths import data_dir
from zapis.store.backup import Backups, check_backup, restore
from zapis.store.evenings import Evenings
from zapis.store.games import Games
from zapis.store.hand_records import HandRecords
from zapis.store.integrity import Integrity
from zapis.store.names import rename_hand
from zapis.store.outcomes import Outcomes
from zapis.store.roles import Role
# a hand's row is written with _json as this module names it: a test fills the disk through zapis.store.db._json
from zapis.store.rows import GameInfo, LogEntry, Scored, _json, _not_created, replay
from zapis.store.postgres import PostgresConnection, is_address, shown
from zapis.store.sqlite import SQLiteConnection

# named from here by the rest of zapis and by the tests (this module was once the whole store)
from zapis.store.names import _rename  # noqa: F401
from zapis.store.outcomes import outcome_key  # noqa: F401
from zapis.store.rows import _loads  # noqa: F401
from zapis.store.sqlite import SCHEMA_VERSION, _db_message  # noqa: F401
from zapis.store.validate import MAX_STAKE, MAX_TABLE, check_stake, check_table_number, parse_date  # noqa: F401

if TYPE_CHECKING:
    import sqlite3


class ConflictError(ZapisError):
    """Somebody else changed the game since it was read; nothing was written."""


def default_db_path() -> Path:
    return data_dir() / "zapis.db"


class Store(Evenings, Games, HandRecords, Outcomes, Integrity, Backups, SQLiteConnection):
    """The club's database: each concern is a part it is made of (above); the hand log is its own (below)."""

    def __new__(cls, path: str | Path | None = None, *args: Any, **kw: Any) -> Store:
        if cls is Store and is_address(path):  # postgresql://...: the same store on PostgreSQL
            return super().__new__(PostgresStore)
        return super().__new__(cls)

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
        self._scored: dict[int, Scored] = {}  # the games last read or written, by id (a memo: see scored())
        self._open(timeout)  # the file opened and set up (zapis.store.sqlite)

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


def _conflict(version: int, expected: int) -> ConflictError:
    return ConflictError([Problem("game", Bi(f"w międzyczasie zmienił ją ktoś inny (wersja {version}, a nie "
                                             f"{expected}): nic nie zapisano; sprawdź jeszcze raz i wpisz ponownie",
                                             f"changed by someone else since you read it (version {version}, not "
                                             f"{expected}): nothing was saved; look again and enter it once more"))])


__all__ = ["Store", "ConflictError", "GameInfo", "LogEntry", "replay", "default_db_path", "check_backup", "restore"]


class PostgresStore(PostgresConnection, Store):
    """The Store on a PostgreSQL database (zapis.store.postgres): every part as on SQLite, its connection
    PostgreSQL's. `path` names the database as a person may see it (the address without its password)."""

    def __init__(self, path: str, timeout: float = 5.0, role: Role | None = None):
        self.address = path
        self.path = shown(path)  # type: ignore[assignment]
        self.role = role or Role()
        self._scored = {}
        self._open(timeout)

    def login_secret(self, renew: bool = False) -> bytes:
        """The tablets' login secret, kept in the database (meta "tablet_logins"): every server of the event
        derives the same key and code for a table from it, so a table's card works on whichever server serves
        it. Made when there is none (or renewed: every card printed before stops working)."""
        import secrets

        with self.tx(tell=False) as c:
            row = None if renew else c.execute("SELECT value FROM meta WHERE key = ?", ("tablet_logins",)).fetchone()
            if row is not None:
                try:
                    return bytes.fromhex(json.loads(row[0]))
                except (ValueError, TypeError):
                    pass  # damaged: a new one
            secret = secrets.token_bytes(32)
            c.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = "
                      "excluded.value", ("tablet_logins", json.dumps(secret.hex())))
            return secret

    def backup(self, target: str | Path, replace: bool = False) -> Path:
        """A PostgreSQL database is copied by PostgreSQL's own tools (pg_dump), which also see every server's
        writes at once: said in one line, nothing written."""
        raise ZapisError([Problem(self.path, Bi(
            "baza PostgreSQL: kopię robi pg_dump (np. pg_dump -Fc -f kopia.dump BAZA)",
            "a PostgreSQL database: back it up with pg_dump (e.g. pg_dump -Fc -f copy.dump DBNAME)"))])

    def auto_backup(self, keep: int = 5) -> Path | None:  # type: ignore[override]
        """None: PostgreSQL's backups are its administrator's (pg_dump), not a server start's."""
        return None
