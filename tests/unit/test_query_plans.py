"""Speed (issue #14): no query zapis runs for an evening, a game or a season reads the whole hand log or every
game (each is found by an index: EXPLAIN QUERY PLAN says SEARCH, never SCAN of those tables), nor sorts the hand
log again in a temporary B-tree (its index brings it in order); and a database made
by the first schema gains the index when it is opened."""

import sqlite3

from zapis.demo import build_demo
from zapis.store import Store
from zapis.store.schema import APPLICATION_ID, MIGRATIONS


def test_the_evening_and_game_queries_search_by_index(tmp_path):
    db = tmp_path / "d.db"
    build_demo(db).close()
    store = Store(db)
    said: list[str] = []
    store.conn.set_trace_callback(said.append)
    ev = store.evenings()[-1]["id"]
    store.results(ev)
    store.results(None, "2026-01-01", "2026-12-31")
    store.season(None, None)  # scored and remembered
    store.season(None, None)  # from the memo
    store.judged(ev)
    for g in store.games(ev):
        store.game(g.id)
        store.sheet(g.id)
        store.hands(g.id)
        store.log(g.id)
    store.conn.set_trace_callback(None)
    selects = {s for s in said if s.lstrip().upper().startswith("SELECT") and "sqlite_master" not in s}
    assert len(selects) >= 5
    scans = {}
    for sql in selects:
        plan = [r[3] for r in store.conn.execute("EXPLAIN QUERY PLAN " + sql)]
        bad = [p for p in plan if p.startswith("SCAN") and any(t in p for t in ("hand_log", " l", " g", "games"))]
        if "FROM hand_log" in sql and "GROUP BY" in sql:  # a game's log grouped as its index brings it, unsorted
            bad += [p for p in plan if "TEMP B-TREE" in p]
        if bad:
            scans[sql] = bad
    assert not scans, scans


def test_a_first_schema_database_gains_the_index_when_opened(tmp_path):
    db = tmp_path / "old.db"
    c = sqlite3.connect(db)
    c.executescript(MIGRATIONS[0])
    c.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    c.execute("PRAGMA user_version = 1")
    c.commit()
    c.close()
    store = Store(db)
    names = {r[0] for r in store.conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert "games_table" in names
    assert store.conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
