"""Whether the store is sound: SQLite's checks of the file, then every game read back and scored again, and the
remembered outcomes compared with a fresh recomputation (`zapis db check`)."""

from __future__ import annotations

import sqlite3

from zapis.core.errors import ZapisError


class Integrity:
    """The Store's checks of itself."""

    conn: sqlite3.Connection

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
