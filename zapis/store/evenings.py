"""The club in the store: its players, its evenings and their tables, and the director's settings (the evening the
tablets and the board follow, whether a table may start a game), with the check of what a table may write."""

from __future__ import annotations

import json
import sqlite3
from typing import TYPE_CHECKING, Any

from zapis.core.errors import Problem, ZapisError
from zapis.core.names import name_problems
from zapis.core.words import Bi
from zapis.store import roles
from zapis.store.rows import _json, _no_player, _row_id
from zapis.store.validate import parse_date

if TYPE_CHECKING:
    from zapis.store.roles import Role
    from zapis.store.rows import GameInfo


class Evenings:
    """The Store's players, evenings, tables and settings: what its games hang on."""

    conn: sqlite3.Connection
    role: Role

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

    def skat_tournament(self, evening_id: int) -> dict[str, Any] | None:
        """The evening's prize tournament (Preisskat) as a tournament file's data (zapis.club.preisskat reads it),
        or None when the evening has none."""
        data = self.setting(f"skat_tournament:{evening_id}")
        return data if isinstance(data, dict) else None

    def set_skat_tournament(self, evening_id: int, data: dict[str, Any] | None) -> None:
        """Keep the evening's prize tournament (None: no more prize tournament); the director's work."""
        self.directs(roles.SETTINGS)
        self.evening(evening_id)
        with self.tx() as c:
            if data is None:
                c.execute("DELETE FROM meta WHERE key = ?", (f"skat_tournament:{evening_id}",))
            else:  # in the order typed: the special prizes are given in their order
                _set(c, f"skat_tournament:{evening_id}", data, sort=False)

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


def _set(c: sqlite3.Connection, key: str, value: Any, sort: bool = True) -> None:
    c.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
              (key, _json(value, sort)))


def _make_current(c: sqlite3.Connection, evening_id: int) -> None:
    _set(c, "current_evening", evening_id)
