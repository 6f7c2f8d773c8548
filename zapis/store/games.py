"""The games in the store: a game begun with its ruleset frozen as it is then (an import with all its hands at
once), the games listed, and a game read back as a record in its players' current names (its hands: its log
replayed)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zapis.core.errors import Problem, ZapisError
from zapis.core.names import name_problems
from zapis.core.words import both, raw
from zapis.store import roles
from zapis.store.evenings import _make_current
from zapis.store.names import _names, _names_now, _seated_names
from zapis.store.rows import GameInfo, LogEntry, _entry, _frozen_json, _frozen_of, _json, _no_game, _row_id, replay
from zapis.store.validate import check_stake, check_table_number, parse_date

if TYPE_CHECKING:
    import sqlite3

    from zapis.io import records
    from zapis.core.module import Rules, ScoringModule
    from zapis.store.roles import Role


class Games:
    """The Store's games: begun, listed, and read back as records."""

    conn: sqlite3.Connection
    role: Role

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
        values = dict(rules.values)
        if stake and "stake" in values:  # one stake per game: the one given for it (import --stake, the game dialog)
            values["stake"] = stake      # overrides the ruleset's own (a skat house list's groszy a point)
        frozen = {"id": rules.id, "module": rules.module, "title": raw(rules.title), "values": values}
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
        self._solved(rules)  # a session's hand record solved now, once, for every process
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
        self._solved(rules)  # a hand record's double dummy, from the memo
        recorded = [r[0] for r in self.conn.execute("SELECT name FROM game_players WHERE game_id = ? ORDER BY seat",
                                                    (game_id,))]
        rules, layout, start, hands = _names_now(module, rules, zip(recorded, self._current_names(game_id)),
                                                 row["layout_json"], row["start_json"],
                                                 self.hands(game_id) if hands is None else hands, game_id)
        rec = records.GameRecord(ruleset=row["ruleset"], players=layout, hands=hands, start=start, title=row["title"])
        return rec, rules, module
