"""A pairs session's hand record in the store: attached by the director after the session began (each attachment
kept), and each board's double dummy remembered by the database, so that another process never solves it again."""

from __future__ import annotations

import pytest

from zapis.core.errors import ZapisError
from zapis.io import records
from zapis.modules.bridge import deals as hand_record
from zapis.store import Store
from zapis.store.roles import for_table

PAIRS = {"1": ["Ala", "Bartek"], "2": ["Celina", "Darek"]}


def session(s: Store) -> int:
    ev = s.new_evening("2026-11-26")
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "bridge-pairs", "pairs": PAIRS,
                                        "results": [{"board": 1, "ns": 1, "ew": 2, "contract": "3NT",
                                                     "declarer": "N", "tricks": 9}]})
    return s.new_game(ev, 1, rec, rules, module, hands=rec.hands)


def test_a_hand_record_attached_later_is_kept_and_solved_once(db, monkeypatch):
    monkeypatch.setattr(hand_record, "ANALYSED", {})  # this process has solved nothing yet (another test may have)
    s = Store(db)
    gid = session(s)
    first = [{"board": 1, "deal": hand_record.deal_board("a", 1).pbn()}]
    second = [{"board": 1, "deal": hand_record.deal_board("b", 1).pbn()}, {"board": 2,
                                                                          "deal": hand_record.deal_board("b", 2).pbn()}]
    assert s.attach_deals(gid, first) == 2 and s.attach_deals(gid, second) == 3  # the version moves on each time
    assert [b["board"] for b in s.scored(gid).sheet.extra["boards"]] == [1, 2]
    kept = [r[0] for r in s.conn.execute("SELECT deals_json FROM deal_log WHERE game_id = ? ORDER BY id", (gid,))]
    assert len(kept) == 2 and "deal" in kept[0]  # the first attachment is not lost
    s.close()

    # another process: nothing solved in it yet, and no solver at hand: the database's memo answers
    monkeypatch.setattr(hand_record, "ANALYSED", {})
    monkeypatch.setattr(hand_record, "analyse", lambda deals: pytest.fail(f"solved again: {sorted(deals)}"))
    again = Store(db)
    boards = again.scored(gid).sheet.extra["boards"]
    assert [b["board"] for b in boards] == [1, 2] and set(boards[0]["dd"]) == {"N", "E", "S", "W"}


def test_only_the_director_attaches_a_hand_record_and_a_bad_one_is_refused(db):
    s = Store(db)
    gid = session(s)
    with pytest.raises(ZapisError) as e:
        s.attach_deals(gid, [{"board": 1, "deal": "N:AKQ"}])
    assert e.value.problems[0].place == "deals[0].deal"
    table = Store(db, role=for_table(1))
    with pytest.raises(ZapisError):
        table.attach_deals(gid, [{"board": 1, "deal": hand_record.deal_board("a", 1).pbn()}])
    assert s.conn.execute("SELECT count(*) FROM deal_log").fetchone()[0] == 0
