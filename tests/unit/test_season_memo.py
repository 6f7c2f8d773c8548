"""The season's path (speed issue #14): games judged one at a time without keeping their sheets, each game's outcome
remembered under a key of everything that determines it, recomputed when any of it changes, and checked by
`zapis db check` against a fresh recomputation. The memo only saves time: what it gives equals the fresh result."""

import json
import sqlite3
from pathlib import Path

import pytest

from zapis.io import records
from zapis.cli import main
from zapis.core.module import get_module
from zapis.club.evening import season, standings
from zapis.store import Store
from zapis.store.db import outcome_key
from zapis.store.postgres import is_address


ALL = ("0000-01-01", "9999-12-31")


def table(results):
    """Standings as plain data, to compare two ways of reaching them."""
    return [(s.rank, s.player, s.games, s.place_points, s.money, s.results) for s in standings(results)]


def test_the_season_equals_the_evenings_scored_afresh_and_keeps_no_sheet(history):
    store = Store(history)
    fresh = store.results(None, *ALL)  # every sheet built and kept: the way the evening screen does it
    judged = store.season(*ALL)
    assert len(judged) == len(fresh) == 20
    assert all(r.sheet is None for r in judged)
    assert [r.key for r in judged] == [r.key for r in fresh]
    assert table(judged) == table(fresh)
    assert season(judged) == season(fresh)
    assert store.conn.execute("SELECT count(*) FROM game_results").fetchone()[0] == 20
    # the memo was written without waiting for the disk; every real write after it is flushed again (FULL = 2)
    if not is_address(history):  # SQLite: the memo written without waiting for the disk, then FULL again
        assert store.conn.execute("PRAGMA synchronous").fetchone()[0] == 2


def test_a_second_season_comes_from_the_memo_without_scoring(history, monkeypatch):
    store = Store(history)
    first = table(store.season(*ALL))
    for module in {type(get_module(m)) for m in ("kop", "tysiac", "bridge", "skat", "generic")}:
        # the season scores through totals() (score() for a module without its own): neither may run
        monkeypatch.setattr(module, "score", lambda *a, **k: pytest.fail("scored although remembered"))
        monkeypatch.setattr(module, "totals", lambda *a, **k: pytest.fail("scored although remembered"))
    again = Store(history).season(*ALL)
    assert table(again) == first
    assert season(again) == season(store.season(*ALL))


def test_a_date_span_takes_only_its_evenings(history):
    store = Store(history)
    one = store.season("2024-01-02", "2024-01-02")
    assert len(one) == 5 and {r.evening for r in one} == {"2024-01-02"}
    assert table(one) == table(store.results(None, "2024-01-02", "2024-01-02"))


def test_a_hand_entered_or_undone_and_a_player_renamed_are_seen(history):
    store = Store(history)
    store.season(*ALL)
    game = next(g for g in store.games() if g.ruleset == "tysiac")
    hands = store.hands(game.id)
    # one more deal: the game's version moved on, so its outcome is recomputed, not taken from the memo
    a, b, c = game.players
    store.enter(game.id, {"declarer": a, "bid": 100, "points": {a: 100, b: 10, c: 10}})
    assert table(store.season(*ALL)) == table(store.results(None, *ALL))
    store.undo(game.id)
    assert len(store.hands(game.id)) == len(hands)
    assert table(store.season(*ALL)) == table(store.results(None, *ALL))
    store.rename_player(a, "Zenon")
    judged = store.season(*ALL)
    assert "Zenon" in {p for r in judged for p in r.players} and a not in {p for r in judged for p in r.players}
    assert table(judged) == table(store.results(None, *ALL))


# the seats as the season's query brings them: [seat, the name recorded, the name now], in seat order
SEATS = '[[0,"A","A"],[1,"B","B"],[2,"C","C"]]'


def test_the_key_changes_with_everything_that_determines_an_outcome():
    module = get_module("tysiac")
    base = (3, '{"id": "tysiac"}', '["A", "B", "C"]', "{}", 0.0, SEATS, module)
    key = outcome_key(*base)
    assert outcome_key(*base) == key
    for i, other in enumerate((4, '{"id": "tysiac", "x": 1}', '["B", "A", "C"]', '{"dealer": "B"}', 2.0,
                               SEATS.replace('"A"]', '"Zenon"]'), get_module("kop"))):
        changed = list(base)
        changed[i] = other
        assert outcome_key(*changed) != key, f"argument {i} does not change the key"


def test_db_check_compares_the_memo_with_a_fresh_recomputation(history, capsys):
    store = Store(history)
    right = table(store.season(*ALL))
    gid, done = store.conn.execute("SELECT game_id, outcome_json FROM game_results ORDER BY game_id").fetchone()
    wrong = json.loads(done)
    wrong["sides"][0][4] += 10  # the winner's place points: a memo that no longer agrees with its game (a bug,
    # a hand-edited file)
    store.conn.execute("UPDATE game_results SET outcome_json = ? WHERE game_id = ?", (json.dumps(wrong), gid))
    assert table(store.season(*ALL)) != right  # the memo is trusted while its key holds...
    assert main(["--db", str(history), "db", "check"]) == 2  # ...and db check finds it, says which game, drops it
    out = capsys.readouterr()
    assert f"game {gid}: the remembered result differs from a fresh recomputation" in out.out + out.err
    assert table(store.season(*ALL)) == right
    assert main(["--db", str(history), "db", "check"]) == 0


def test_a_read_only_database_gives_its_season_without_writing(history):
    if is_address(history):
        pytest.skip("a SQLite file that cannot be written")
    history = Path(history)
    Store(history).close()
    store = Store(history)
    store.conn.close()  # as Store opens a file it may not write
    store.conn = sqlite3.connect(f"{history.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None)
    store.conn.row_factory = sqlite3.Row
    store.read_only = True
    assert table(store.season(*ALL)) == table(store.results(None, *ALL))
    assert store.conn.execute("SELECT count(*) FROM game_results").fetchone()[0] == 0


def test_a_new_scoring_code_recomputes(monkeypatch):
    """A module's `version` (and the digest of the scoring code) is part of the key: a new zapis never trusts an
    outcome the old one remembered."""
    module = get_module("tysiac")
    args = (3, '{"id": "tysiac"}', '["A", "B", "C"]', "{}", 0.0, SEATS, module)
    key = outcome_key(*args)
    monkeypatch.setattr(type(module), "version", "2", raising=False)
    assert outcome_key(*args) != key


def test_a_game_without_hands_has_its_place_in_the_season(tmp_path):
    store = Store(tmp_path / "e.db")
    ev = store.new_evening("2026-11-20")
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "tysiac", "players": ["Ala", "Bartek",
                                                                                             "Celina"]})
    store.new_game(ev, 1, rec, rules, module)
    judged = store.season(*ALL)
    assert [r.totals for r in judged] == [{"Ala": 0, "Bartek": 0, "Celina": 0}]
    assert table(judged) == table(store.results(None, *ALL))


def test_an_evening_judged_from_the_memo_reads_as_its_sheets_do(history, monkeypatch):
    """The evening's standings (screen, `zapis standings`, board) come from judged() with no sheet: the same
    table, and each game's result lines (places, sides, totals) the same as read from the full sheets."""
    from zapis.club.evening import result_lines

    store = Store(history)
    ev = store.evenings()[1]["id"]
    fresh = store.results(ev)
    judged = store.judged(ev)
    assert [r.key for r in judged] == [r.key for r in fresh] and all(r.sheet is None for r in judged)
    assert table(judged) == table(fresh)
    assert [result_lines(r, 60) for r in judged] == [result_lines(r, 60) for r in fresh]
    for module in {type(get_module(m)) for m in ("kop", "tysiac", "bridge", "skat", "generic")}:
        monkeypatch.setattr(module, "score", lambda *a, **k: pytest.fail("scored although remembered"))
        monkeypatch.setattr(module, "totals", lambda *a, **k: pytest.fail("scored although remembered"))
    assert [result_lines(r, 60) for r in Store(history).judged(ev)] == [result_lines(r, 60) for r in fresh]


def test_a_log_whose_rows_do_not_prove_their_order_is_replayed(history, monkeypatch):
    """The season reads each game's hands from one grouped query and trusts their order only when the entry
    positions prove it (0, 1, 2, ...). Here the first two entries of one game have their positions swapped (1, 0),
    so its grouped rows prove nothing: that game alone is read from its log and replayed, and the season still
    equals every game scored afresh."""
    store = Store(history)
    gid, first = store.conn.execute("SELECT game_id, min(id) FROM hand_log GROUP BY game_id ORDER BY game_id "
                                    "LIMIT 1").fetchone()
    with store.tx() as c:
        c.execute("UPDATE hand_log SET position = 1 - position WHERE id IN (?, ?)", (first, first + 1))
    replayed = []
    log = Store.log
    monkeypatch.setattr(Store, "log", lambda self, g: replayed.append(g) or log(self, g))
    games = [g for g, in store.conn.execute("SELECT id FROM games ORDER BY id")]
    hands = dict(store._hands_of(games))
    assert replayed == [gid]
    assert hands[gid] == store.hands(gid)
    assert table(store.season(*ALL)) == table(store.results(None, *ALL))


def test_json_that_orjson_refuses_is_read_by_python():
    """The store reads its JSON back with orjson; what only Python's reader takes (NaN, an integer beyond 64 bits)
    is still read."""
    from zapis.store.db import _loads
    assert _loads('{"a": [1, 2.5, "ż", null, true]}') == {"a": [1, 2.5, "ż", None, True]}
    assert _loads("[18446744073709551616]") == [2 ** 64]
    got = _loads("[NaN]")[0]
    assert got != got  # NaN
