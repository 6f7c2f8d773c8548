"""A season's games scored on two cores (zapis.store.spread): a forked child does every other game. The answer
never depends on the spreading: the same results in the same order, and whatever stops the child is done (or
said) by the parent exactly as one process would."""

import os
import time

import pytest

from zapis.club.evening import season
from zapis.core.errors import ZapisError
from zapis.store import Store, spread
from zapis.store.outcomes import Outcomes
from tests.unit.test_season_memo import table

ALL = ("0000-01-01", "9999-12-31")
two_cores = pytest.mark.skipif(not (hasattr(os, "fork") and spread.cores() >= 2), reason="one core: never spread")


@pytest.fixture
def spreading(monkeypatch):
    monkeypatch.setattr(spread, "MIN_ITEMS", 2)  # twenty games are worth a fork here




@two_cores
def test_the_odd_items_are_done_by_a_child_and_come_back_in_order(spreading):
    me = os.getpid()
    got = spread.in_two(list(range(9)), lambda i: (i * i, os.getpid() == me))
    assert [square for square, _ in got] == [i * i for i in range(9)]
    assert [here for _, here in got] == [i % 2 == 0 for i in range(9)]


@two_cores
def test_what_the_child_sends_is_made_a_result_here(spreading):
    got = spread.in_two(list(range(6)), lambda i: {"n": i}, send=lambda r: r["n"] * 10,
                        back=lambda item, sent: {"n": sent // 10, "from": "child"})
    assert got == [{"n": 0}, {"n": 1, "from": "child"}, {"n": 2}, {"n": 3, "from": "child"}, {"n": 4},
                   {"n": 5, "from": "child"}]


@two_cores
def test_a_child_that_fails_leaves_its_half_to_the_parent(spreading):
    me = os.getpid()

    def work(i):
        if os.getpid() != me:
            raise RuntimeError("only the parent can do this")
        return i + 1
    assert spread.in_two(list(range(7)), work) == [1, 2, 3, 4, 5, 6, 7]

    def dies(i):
        if os.getpid() != me:
            os._exit(9)
        return i
    assert spread.in_two(list(range(4)), dies) == [0, 1, 2, 3]


def test_what_stops_the_parents_half_is_raised(spreading):
    def work(i):
        if i == 4:
            raise ValueError("four")
        return i
    with pytest.raises(ValueError, match="four"):
        spread.in_two(list(range(6)), work)


def test_too_little_work_or_threads_running_stay_in_one_process(monkeypatch):
    me = os.getpid()
    assert spread.in_two(list(range(10)), lambda i: os.getpid()) == [me] * 10  # below MIN_ITEMS
    monkeypatch.setattr(spread, "MIN_ITEMS", 2)
    monkeypatch.setenv("ZAPIS_ONE_CORE", "1")
    assert spread.in_two(list(range(10)), lambda i: os.getpid()) == [me] * 10
    monkeypatch.delenv("ZAPIS_ONE_CORE")
    monkeypatch.setattr(spread.threading, "active_count", lambda: 2)  # the app's threads: no fork
    assert spread.in_two(list(range(10)), lambda i: os.getpid()) == [me] * 10


def memo(db):
    return [tuple(r) for r in Store(db).conn.execute("SELECT game_id, key, outcome_json FROM game_results ORDER BY 1")]


@two_cores
def test_a_season_spread_equals_one_scored_in_one_process(history, spreading, monkeypatch):
    forks, fork = [], os.fork
    monkeypatch.setattr(os, "fork", lambda: forks.append(1) or fork())
    spread_season = Store(history).season(*ALL)
    assert forks == [1]  # the twenty games were spread
    remembered = memo(history)
    with Store(history).tx() as c:
        c.execute("DELETE FROM game_results")
    monkeypatch.setenv("ZAPIS_ONE_CORE", "1")
    one = Store(history).season(*ALL)
    assert [r.key for r in spread_season] == [r.key for r in one]
    assert table(spread_season) == table(one) and season(spread_season) == season(one)
    assert [(r.players, r.totals, r.money, r.declared, r.finished) for r in spread_season] == \
        [(r.players, r.totals, r.money, r.declared, r.finished) for r in one]
    # the memo written from the child's outcomes is the one process's memo, byte for byte
    assert memo(history) == remembered and len(remembered) == 20


@two_cores
def test_a_damaged_game_in_the_childs_half_is_said_as_one_process_says_it(history, spreading, monkeypatch):
    store = Store(history)
    second = store.conn.execute("SELECT id FROM games ORDER BY id LIMIT 1 OFFSET 1").fetchone()[0]  # the child's
    with store.tx() as c:
        c.execute("UPDATE hand_log SET hand_json = '{\"declarer' WHERE id = (SELECT min(id) FROM hand_log "
                  "WHERE game_id = ?)", (second,))
    with pytest.raises(ZapisError) as spread_error:
        Store(history).season(*ALL)
    monkeypatch.setenv("ZAPIS_ONE_CORE", "1")
    with pytest.raises(ZapisError) as one_error:
        Store(history).season(*ALL)
    assert str(spread_error.value) == str(one_error.value) and f"{second}" in str(one_error.value)


@two_cores
def test_halves_gives_each_half_whole_to_its_process(spreading):
    me = os.getpid()
    seen = []

    def part(some):
        seen.append(list(some))  # the parent's record only: the child's list is its own copy
        return [(i, os.getpid() == me) for i in some]
    assert spread.halves(list(range(7)), part) == [(i, i % 2 == 0) for i in range(7)]
    assert seen == [[0, 2, 4, 6]]  # one call for the parent's half; the child's half done by the child alone


def _parts_here(monkeypatch):
    """The games' halves the parent scored itself (two: the child failed and its half was done here)."""
    from zapis.store.outcomes import Outcomes
    calls, part = [], Outcomes._scored_now
    monkeypatch.setattr(Outcomes, "_scored_now", lambda self, todo: calls.append(len(todo)) or part(self, todo))
    return calls


@two_cores
def test_the_child_reads_a_corrected_game_and_a_half_kept_memo_on_its_own_connection(history, spreading,
                                                                                     monkeypatch):
    """Only the games not remembered are scored, in two halves; the child reads its games' hands on a connection of
    its own: a game corrected and undone (its log replayed) in the child's half needs no help from the parent."""
    store = Store(history)
    store.season("2024-01-03", "2024-01-04")  # the last two evenings remembered: the first two's ten games to score
    second = store.conn.execute("SELECT id FROM games ORDER BY id LIMIT 1 OFFSET 1").fetchone()[0]  # the child's
    hands = store.hands(second)
    store.edit(second, 0, {**hands[0], "note": "poprawione"})
    store.undo(second)
    calls = _parts_here(monkeypatch)
    spread_season = Store(history).season(*ALL)
    # the parent scored its four of the ten (3, 4, 7, 8: outcomes._MINE); the child its six
    assert calls == [len([i for i in range(1, 11) if i * 2654435761 % 1000 < 480])] == [4]
    monkeypatch.setenv("ZAPIS_ONE_CORE", "1")
    fresh = Store(history).results(None, *ALL)
    assert table(spread_season) == table(fresh) and season(spread_season) == season(fresh)


@two_cores
def test_a_damaged_memo_in_the_childs_half_is_scored_here(history, spreading, monkeypatch):
    store = Store(history)
    store.season(*ALL)
    second = store.conn.execute("SELECT id FROM games ORDER BY id LIMIT 1 OFFSET 1").fetchone()[0]  # the child's
    with store.tx() as c:
        c.execute("UPDATE game_results SET outcome_json = '{\"players' WHERE game_id = ?", (second,))
    spread_season = Store(history).season(*ALL)
    assert table(spread_season) == table(store.results(None, *ALL))
    # scored again and remembered anew
    assert Store(history).conn.execute("SELECT outcome_json FROM game_results WHERE game_id = ?",
                                       (second,)).fetchone()[0].startswith('{"declared"')


@two_cores
def test_a_cold_season_is_split_from_the_start_by_the_games_ids(history, spreading, monkeypatch):
    """Nothing remembered: each half reads, keys and scores its own games from the start, those a hash of their ids
    gives this process here and the others in the child, and the season comes back in the order of its evenings,
    tables and games."""
    scored_here = []
    part = Outcomes._scored_now
    monkeypatch.setattr(Outcomes, "_scored_now",
                        lambda self, todo: scored_here.extend(how[0] for _, _, how in todo) or part(self, todo))
    spread_season = Store(history).season(*ALL)
    ids = [r[0] for r in Store(history).conn.execute("SELECT id FROM games ORDER BY id")]
    assert sorted(scored_here) == [i for i in ids if i * 2654435761 % 1000 < 480] and len(ids) == 20
    assert 0 < len(scored_here) < 20
    assert [int(r.key.rsplit("#", 1)[1].rstrip(")")) for r in spread_season] == ids  # one evening after another
    monkeypatch.setenv("ZAPIS_ONE_CORE", "1")
    assert table(spread_season) == table(Store(history).results(None, *ALL))


@two_cores
def test_stale_memos_are_scored_in_two_halves_once_their_keys_are_known(history, spreading, monkeypatch):
    """After an upgrade every remembered outcome is stale (its key no longer holds) but none is missing: the games
    are keyed here and then scored in two halves, and remembered anew under their keys."""
    store = Store(history)
    store.season(*ALL)
    keys = memo(history)
    with store.tx() as c:
        c.execute("UPDATE game_results SET key = 'made by an older zapis'")
    forks, fork = [], os.fork
    monkeypatch.setattr(os, "fork", lambda: forks.append(1) or fork())
    calls = _parts_here(monkeypatch)
    spread_season = Store(history).season(*ALL)
    assert forks == [1] and calls == [10]  # the parent scored every other one of the twenty
    assert memo(history) == keys
    monkeypatch.setenv("ZAPIS_ONE_CORE", "1")
    assert table(spread_season) == table(Store(history).results(None, *ALL))


@two_cores
def test_alongside_takes_the_childs_pieces_as_they_come_between_the_parents_steps(spreading):
    """The child's pieces reach take() in the order sent, some while the parent still works (it polls between its
    steps), all by the end; what the parent's work returned comes back with "all came"."""
    taken, seen_at = [], []

    def mine(poll):
        for step in range(2000):  # up to 10 s for a slow machine; the pieces come in milliseconds
            time.sleep(0.005)
            poll()
            seen_at.append(len(taken))
            if len(taken) == 5:
                break
        return "mine"

    def theirs(send):
        for k in range(5):
            send([k, os.getpid()])
    result, whole = spread.alongside(mine, theirs, taken.append, size=1000)
    assert (result, whole) == ("mine", True)
    assert [k for k, _ in taken] == [0, 1, 2, 3, 4] and all(pid != os.getpid() for _, pid in taken)
    assert seen_at[-1] == 5  # all five had come while the parent was still at its steps


@two_cores
def test_alongside_says_when_the_childs_work_did_not_all_come(spreading):
    def dies(send):
        send("one")
        os._exit(3)

    def raises(send):
        send("one")
        raise RuntimeError("only the parent can do this")
    for theirs in (dies, raises):
        taken = []
        assert spread.alongside(lambda poll: 7, theirs, taken.append, size=1000) == (7, False)

    def unreadable(piece):
        raise ValueError("no result made of it")
    assert spread.alongside(lambda poll: 7, lambda send: send("x"), unreadable, size=1000) == (7, False)


def test_alongside_does_nothing_where_it_would_not_spread(monkeypatch):
    monkeypatch.setenv("ZAPIS_ONE_CORE", "1")
    ran = []
    assert spread.alongside(lambda poll: ran.append("mine"), lambda send: None, ran.append, size=10_000) is None
    assert ran == []


@two_cores
def test_what_stops_the_parents_own_work_alongside_is_raised_and_the_child_reaped(spreading):
    def mine(poll):
        raise ValueError("mine")
    with pytest.raises(ValueError, match="mine"):
        spread.alongside(mine, lambda send: send(list(range(100_000))), lambda piece: None, size=1000)
    with pytest.raises(ChildProcessError):
        os.waitpid(-1, os.WNOHANG)  # no child left behind


@two_cores
def test_a_cold_seasons_halves_come_in_chunks_and_make_the_one_process_season(history, spreading, monkeypatch):
    """Three games a chunk: the child's pieces come one after another and are made results between the parent's
    own chunks; the season, its order and the memo are the one process's."""
    from zapis.store import outcomes
    monkeypatch.setattr(outcomes, "_CHUNK", 3)
    pieces, take = [], spread.alongside

    def counting(mine, theirs, took, size):
        return take(mine, theirs, lambda piece: pieces.append(len(piece)) or took(piece), size)
    monkeypatch.setattr(outcomes, "alongside", counting)
    spread_season = Store(history).season(*ALL)
    assert len(pieces) == 4 and sum(pieces) == 10  # the child's ten games (outcomes._MINE), three at a time
    remembered = memo(history)
    with Store(history).tx() as c:
        c.execute("DELETE FROM game_results")
    monkeypatch.setenv("ZAPIS_ONE_CORE", "1")
    one = Store(history).season(*ALL)
    assert [r.key for r in spread_season] == [r.key for r in one] and table(spread_season) == table(one)
    assert memo(history) == remembered and len(remembered) == 20
