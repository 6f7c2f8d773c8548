"""The store on SQLite and on PostgreSQL (issue #35): every record imported into each scores the same, the season and
`zapis db check` agree, and the rewrites that run the store's statements on PostgreSQL each do what they say. A
PostgreSQL address never shows its password."""

import json
import sqlite3
from pathlib import Path

import pytest

from zapis.cli import main
from zapis.club.evening import season, standings
from zapis.store import Store
from zapis.store.postgres import shown, translate

SAMPLES = sorted((Path(__file__).resolve().parents[1] / "data" / "samples").glob("*.toml"))


def imported(db: str, capsys) -> Store:
    for f in SAMPLES:
        assert main(["--db", db, "import", str(f)]) == 0, capsys.readouterr()
    capsys.readouterr()
    return Store(db)


def everything(store: Store) -> dict:
    """What the store gives: each game's sheet and record, the season's standings, the memo's outcomes."""
    games = [g for e in store.evenings() for g in store.games(e["id"])]
    results = store.season("2000-01-01", "2100-12-31")
    return {
        "sheets": [store.sheet(g.id).to_json() for g in games],
        "hands": [store.hands(g.id) for g in games],
        "players": store.players(),
        "season": [tuple(vars(r).values()) for r in season(results)],
        "standings": [(s.rank, s.player, s.games, s.place_points, s.money) for s in standings(results)],
    }


def test_every_record_imported_into_each_engine_scores_the_same(tmp_path, pg_server, capsys):
    lite = imported(str(tmp_path / "z.db"), capsys)
    pg = imported(pg_server.fresh(), capsys)
    a, b = everything(lite), everything(pg)
    assert len(a["sheets"]) == len(SAMPLES)
    assert a == b
    # the memo written on each, then read back from it: the same again
    assert everything(lite) == everything(pg) == a


def test_db_check_agrees_on_both(db, capsys):
    store = imported(db, capsys)
    store.season("2000-01-01", "2100-12-31")  # the memo written
    assert main(["--db", db, "db", "check"]) == 0
    out = capsys.readouterr()
    assert "error" not in (out.out + out.err).lower()
    gid, done = store.conn.execute("SELECT game_id, outcome_json FROM game_results ORDER BY game_id").fetchone()
    wrong = json.loads(done)
    wrong["totals"][0] += 1  # a memo that no longer agrees with its game
    with store.tx() as c:
        c.execute("UPDATE game_results SET outcome_json = ? WHERE game_id = ?", (json.dumps(wrong), gid))
    assert main(["--db", db, "db", "check"]) == 2
    assert f"game {gid}: the remembered result differs from a fresh recomputation" in "".join(capsys.readouterr())


def test_a_change_is_counted_for_every_other_connection(db):
    a, b = Store(db), Store(db)
    seen = b.data_version()
    a.new_evening("2026-11-20")
    assert b.data_version() != seen
    seen = b.data_version()
    b.new_evening("2026-11-21")  # its own change too
    assert b.data_version() != seen


def test_two_writers_one_board_one_kept(db):
    """Two connections entering against the same version: exactly one hand is kept, the other is refused."""
    from zapis.io import records
    from zapis.store import ConflictError

    a, b = Store(db), Store(db)
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "tysiac", "players": ["A", "B", "C"]})
    gid = a.new_game(a.new_evening("2026-11-20"), 1, rec, rules, module)
    hand = {"points": {"A": 120, "B": 0, "C": 0}, "bid": 120, "declarer": "A"}
    v = a.game(gid).version
    a.enter(gid, hand, v)
    with pytest.raises(ConflictError):
        b.enter(gid, hand, v)
    assert len(a.hands(gid)) == len(b.hands(gid)) == 1


@pytest.mark.parametrize("sqlite_sql,pg_sql", [
    ("SELECT name FROM players WHERE id = ?", "SELECT name FROM players WHERE id = %s"),
    ("SELECT id FROM games WHERE id IN (SELECT value FROM json_each(?))",
     "SELECT id FROM games WHERE id IN (SELECT value::bigint FROM json_array_elements_text(%s::json) AS value)"),
    ("SELECT 1 WHERE key IN (SELECT value FROM json_each(?))",
     "SELECT 1 WHERE key IN (SELECT value FROM json_array_elements_text(%s::json) AS value)"),
    ("SELECT json_group_array(json_array(a, b)) FROM t",
     "SELECT coalesce(json_agg(json_build_array(a, b))::text, '[]') FROM t"),
    ("SELECT group_concat(coalesce(h, 'null')) FROM hand_log",
     "SELECT string_agg((coalesce(h, 'null'))::text, ',' ORDER BY id) FROM hand_log"),
    ("INSERT OR REPLACE INTO game_results (game_id, key, outcome_json) VALUES (?, ?, ?)",
     "INSERT INTO game_results (game_id, key, outcome_json) VALUES (%s, %s, %s) ON CONFLICT (game_id) DO UPDATE "
     "SET key = excluded.key, outcome_json = excluded.outcome_json"),
    ("INSERT INTO players (name) VALUES (?)", "INSERT INTO players (name) VALUES (%s) RETURNING id"),
    ("SELECT name FROM players ORDER BY name COLLATE NOCASE",
     "SELECT name FROM players ORDER BY translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', "
     "'abcdefghijklmnopqrstuvwxyz'), name"),
    ("SELECT '50%' || name FROM players WHERE name = '?'", "SELECT '50%%' || name FROM players WHERE name = '?'"),
])
def test_each_rewrite_says_in_postgresql_what_sqlite_says(sqlite_sql, pg_sql):
    assert translate(sqlite_sql) == pg_sql


def test_players_are_ordered_as_sqlite_orders_them(db):
    """NOCASE folds only A-Z: Łukasz after Zenon on both (PostgreSQL's lower() would fold Ł as well)."""
    store = Store(db)
    for name in ("zenon", "Łukasz", "ala", "Bartek", "Ewa"):
        store.player_id(name)
    assert store.players() == ["ala", "Bartek", "Ewa", "zenon", "Łukasz"]


def test_an_address_never_shows_its_password(tmp_path, capsys):
    assert shown("postgresql://zapis:tajne@db.klub:5432/wieczor") == "postgresql://zapis:***@db.klub:5432/wieczor"
    # nobody listens there: one line naming the database without the password, exit 2
    code = main(["--db", "postgresql://zapis:tajne@127.0.0.1:1/wieczor", "evening", "list"])
    out = capsys.readouterr()
    assert code == 2
    lines = (out.out + out.err).strip().splitlines()
    assert len(lines) == 1 and "tajne" not in lines[0] and "postgresql://zapis:***@127.0.0.1:1/wieczor" in lines[0]
    assert "Traceback" not in out.err


def test_a_sqlite_error_class_is_what_the_app_catches(pg_server):
    store = Store(pg_server.fresh())
    store.player_id("Ala")
    with pytest.raises(sqlite3.IntegrityError):
        store.conn.execute("INSERT INTO players (name) VALUES (?)", ("Ala",))


def test_a_lost_server_is_one_line_nothing_half_saved_and_the_next_save_after_it_is_back_goes_through():
    """PostgreSQL stopped under a store: every statement says so in one line (a ZapisError: what the screens show),
    nothing is saved; started again, the store connects again by itself and the same hand is saved once."""
    from tests.pgserver import PgServer
    from zapis.io import records
    from zapis.store import Unreachable

    server = PgServer()  # a server of this test's own: it is stopped and started again
    try:
        store = Store(server.fresh())
        rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "tysiac", "players": ["A", "B", "C"]})
        gid = store.new_game(store.new_evening("2026-11-20"), 1, rec, rules, module)
        hand = {"points": {"A": 120, "B": 0, "C": 0}, "bid": 120, "declarer": "A"}
        store.enter(gid, hand)
        server.pause()
        for attempt in range(2):
            with pytest.raises(Unreachable) as e:
                store.enter(gid, hand, 1)
            assert len(e.value.lines()) == 1 and "cannot reach the PostgreSQL database" in e.value.lines()[0]
            assert "Traceback" not in str(e.value)
        server.resume()
        store.enter(gid, hand, 1)
        assert len(store.hands(gid)) == 2 and [x.action for x in store.log(gid)] == ["enter", "enter"]
    finally:
        server.stop()


def test_a_server_hears_the_other_servers_commits_at_once_and_not_its_own(pg_server, monkeypatch):
    """LISTEN/NOTIFY: a commit made by another server's process (another origin) is heard within a moment; one of
    this server's own (its sessions carry its origin) is not: the server has told its sessions itself."""
    import threading
    import time

    from zapis.store.postgres import ORIGIN, ChangeListener

    db = pg_server.fresh()
    Store(db).close()  # the schema made
    heard = threading.Event()
    listener = ChangeListener(db, "this-server", heard.set)
    listener.start()
    try:
        time.sleep(0.5)  # listening
        monkeypatch.setenv(ORIGIN, "this-server")
        Store(db).new_evening("2026-11-20")
        assert not heard.wait(1.0)
        monkeypatch.setenv(ORIGIN, "another-server")
        t0 = time.perf_counter()
        Store(db).new_evening("2026-11-21")
        assert heard.wait(2.0) and time.perf_counter() - t0 < 1.0
        assert listener.heard_count == 1
    finally:
        listener.stop()


def test_two_tablets_accepting_the_same_board_at_once_keep_exactly_one(db):
    """Two tablets (two connections, as on two servers) accept the same board of the same table at the same moment:
    the writers' lock orders them, the second is checked against the first's result and refused; one is kept."""
    import threading

    from zapis.core.errors import ZapisError
    from zapis.io import records

    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "bridge-pairs",
                                        "pairs": {"1": ["Ala", "Bartek"], "2": ["Celina", "Darek"]}})
    gid = Store(db).new_game(Store(db).new_evening("2026-11-26"), 1, rec, rules, module)
    result = {"board": 1, "ns": 1, "ew": 2, "contract": "4S", "declarer": "S", "tricks": 10}
    stores = [Store(db), Store(db)]
    for s in stores:
        s.scored(gid)  # each has read the session as it stands: no result yet
    start, outcome = threading.Barrier(2), []

    def accept(store: Store) -> None:
        start.wait()
        try:
            store.enter(gid, dict(result))
            outcome.append("kept")
        except ZapisError as e:
            outcome.append(str(e))

    threads = [threading.Thread(target=accept, args=(s,)) for s in stores]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert len(outcome) == 2 and outcome.count("kept") == 1, outcome  # the other: refused, in words
    assert len(Store(db).hands(gid)) == 1


def test_the_app_and_restore_take_an_address(pg_server, capsys):
    """`zapis --db postgresql://...` opens the app on it (no new-file question: the administrator made the database);
    `zapis restore` says in one line that a PostgreSQL copy is pg_restore's."""
    from zapis.ui.app import make_app

    db = pg_server.fresh()
    assert main(["--db", db, "restore"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pg_restore" in err
    app = make_app(db, "en")
    assert app.store.data_version() >= 0
    assert type(app.store).__name__ == "PostgresStore" and app.store.evenings() == []  # on it, its schema made
    app.store.close()
