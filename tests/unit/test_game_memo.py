"""The game as it stands is scored once per save (speed issue #14): the store keeps the game it last read or wrote,
scored, while its version and its players' names are unchanged; the check that precedes a save scores the game
as it will stand, and that is what the screen shows. The memo equals a fresh reading in every case."""

from zapis.io import records
from zapis.core.module import get_module
from zapis.store import Store

P3 = ["Ala", "Bartek", "Celina"]


def tysiac_game(store: Store) -> int:
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "tysiac", "players": P3})
    return store.new_game(store.new_evening("2026-11-20"), 1, rec, rules, module)


def deal(declarer, bid, pts):
    # the points dict in an order that is not the sorted one the log keeps: the memo must read as the log does
    return {"points": dict(zip(reversed(P3), reversed(pts))), "bid": bid, "declarer": declarer}


def fresh(db, gid):
    """The game read and scored by another Store: no memo of this one involved."""
    other = Store(db)
    try:
        rec, rules, module = other.record(gid)
        return module.score(rules, rec.players, rec.hands, rec.start).to_json(), rec.hands
    finally:
        other.close()


def count_scores(monkeypatch):
    calls = []
    cls = type(get_module("tysiac"))
    real = cls.score
    monkeypatch.setattr(cls, "score", lambda self, *a, **k: calls.append(1) or real(self, *a, **k))
    return calls


def test_a_save_scores_the_game_once_and_what_is_shown_equals_a_fresh_reading(db, monkeypatch):
    store = Store(db)
    gid = tysiac_game(store)
    store.scored(gid)
    calls = count_scores(monkeypatch)
    store.enter(gid, deal("Ala", 100, [70, 30, 20]))
    now = store.scored(gid)
    assert len(calls) == 1  # the check's scoring, kept
    # tysiąc: Ala bid 100 and took 70 < 100, so she loses her bid: -100; the others score their points rounded
    # to tens (30 -> 30, 20 -> 20) (tysiac rules: "nie ugrał: minus kontrakt")
    assert now.sheet.totals == {"Ala": -100, "Bartek": 30, "Celina": 20}
    assert (now.sheet.to_json(), now.record.hands) == fresh(db, gid)
    store.edit(gid, 0, deal("Ala", 100, [100, 10, 10]))
    store.enter(gid, deal("Bartek", 110, [40, 80, 0]))
    store.undo(gid)
    now = store.scored(gid)
    assert len(calls) == 2 + 3 and now.edited == {0}  # fresh() scored once, then each write once
    assert (now.sheet.to_json(), now.record.hands) == fresh(db, gid)


def test_another_writer_or_a_rename_is_seen(db):
    store = Store(db)
    gid = tysiac_game(store)
    store.enter(gid, deal("Ala", 100, [100, 10, 10]))
    before = store.scored(gid)
    other = Store(db)  # another tablet's store
    other.enter(gid, deal("Bartek", 100, [10, 100, 10]))
    now = store.scored(gid)
    assert now.version == before.version + 1 and len(now.record.hands) == 2
    assert now.sheet.to_json() == fresh(db, gid)[0]
    other.rename_player("Ala", "Alicja")
    now = store.scored(gid)
    assert now.sheet.players == ["Alicja", "Bartek", "Celina"] and "Alicja" in now.sheet.totals
    assert now.sheet.to_json() == fresh(db, gid)[0]
    other.close()
