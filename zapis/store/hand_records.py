"""A duplicate session's hand record in the store: the deals attached to a session after it began (each
attachment kept in `deal_log`, the last one in the game's rules), and each board's double dummy and par
remembered in `deal_analyses` by what determines them, so that no process solves a deal another has solved
(a tablet opens a session's travellers without running the solver)."""

from __future__ import annotations

import json
import sqlite3
from typing import TYPE_CHECKING, Any

from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi
from zapis.store.rows import _frozen_json, _frozen_of, _json

if TYPE_CHECKING:  # the scoring core is imported where a game is scored, not at start-up
    from zapis.core.module import Rules

ATTACH = Bi("dołączać rozkładów rozdań", "attach a hand record")


class HandRecords:
    """The Store's part for hand records (zapis.modules.bridge.deals holds the deals and the solver)."""

    def _solved(self, rules: Rules) -> None:
        """Before a session with deals is scored: the analyses this database remembers are put where the scoring
        finds them; those it lacks are solved now and remembered (when the database can be written)."""
        deals = rules.get("deals") if rules.module == "bridge-pairs" else None
        if not deals:
            return
        from zapis.modules.bridge import deals as hand_record
        by_board = hand_record.deals_by_board(deals)
        keys = {b: hand_record.analysis_key(b, d) for b, d in by_board.items()}
        wanted = [k for k in keys.values() if k not in hand_record.ANALYSED]
        if wanted:
            try:
                for key, text in self.conn.execute(
                        "SELECT key, analysis_json FROM deal_analyses WHERE key IN "
                        "(SELECT value FROM json_each(?))", (json.dumps(wanted),)):
                    hand_record.ANALYSED[key] = json.loads(text)
            except (sqlite3.DatabaseError, ValueError):
                pass  # an older or damaged memo: only a memo, the solver answers
        missing = {b: d for b, d in by_board.items() if keys[b] not in hand_record.ANALYSED}
        if not missing:
            return
        found = hand_record.analyse(missing)
        for b, analysis in found.items():
            hand_record.ANALYSED[keys[b]] = analysis
        if self.read_only or self.conn.in_transaction:  # inside a read's snapshot: kept in this process only
            return
        try:
            with self.tx(tell=False) as c:  # a memo: no other screen need look again for it
                c.executemany("INSERT OR REPLACE INTO deal_analyses (key, analysis_json) VALUES (?, ?)",
                              [(keys[b], _json(a)) for b, a in found.items()])
        except (ZapisError, sqlite3.DatabaseError):
            pass

    def attach_deals(self, game_id: int, deals: list[dict[str, Any]]) -> int:
        """The hand record of a pairs session (the director's): checked, kept in the log of hand records, and made
        the session's; the game's version moves on (every tablet shows it). Returns the new version."""
        from zapis.modules.bridge.deals import deals_problems
        self.directs(ATTACH)
        problems = deals_problems(deals)
        if problems:
            raise ZapisError(problems)
        with self.tx() as c:
            row = c.execute("SELECT rules_json, version FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise ZapisError([Problem("game", Bi(f"nie ma gry {game_id}", f"no game {game_id}"))])
            frozen = _frozen_json(row[0], game_id)
            if frozen.get("module") != "bridge-pairs":
                raise ZapisError([Problem("game", Bi(f"gra {game_id} to nie turniej par",
                                                     f"game {game_id} is not a pairs session"))])
            frozen["values"] = {**frozen["values"], "deals": deals}
            c.execute("INSERT INTO deal_log (game_id, deals_json) VALUES (?, ?)", (game_id, _json(deals)))
            c.execute("UPDATE games SET rules_json = ?, version = version + 1 WHERE id = ?",
                      (_json(frozen, sort=False), game_id))
            version = row[1] + 1
        self._scored.pop(game_id, None)
        self._solved(_frozen_of(_json(frozen, sort=False), game_id)[0])  # solved now, once, for every process
        return version


__all__ = ["HandRecords", "ATTACH"]
