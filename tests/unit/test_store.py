"""The store: crash safety under SIGKILL, two writers, edits and undos kept in the history, frozen
rulesets, and clear messages for damaged, foreign or newer databases."""

import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
import tomllib
from pathlib import Path

import pytest

from zapis.io import records
from zapis.cli import main
from zapis.core.errors import ZapisError
from zapis.store import ConflictError, Store

ROOT = Path(__file__).resolve().parents[2]
RUBBER = ROOT / "tests" / "data" / "seeds" / "seed-rubber.toml"


def counting_game(store: Store) -> int:
    """A game that takes any number of hands: 6-sty bierze with a very long series."""
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "6-sty-bierze", "players": ["A", "B", "C"],
                                        "rules": {"deals": 1000000}})
    ev = store.new_evening("2026-11-20")
    return store.new_game(ev, 1, rec, rules, module)


HAND = {"taken": {"A": {"clubs": 1}, "B": {"hearts": 2}}}

CHILD = textwrap.dedent("""
    import sys, json
    from zapis.store import Store, ConflictError
    store = Store(sys.argv[1])
    game = int(sys.argv[2])
    hand = json.loads(sys.argv[3])
    n = int(sys.argv[4])
    conflicts = 0
    store.sheet(game)  # warm up: modules loaded, so the kill lands among the writes
    print("ready", flush=True)
    done = 0
    while done < n:
        v = store.game(game).version
        try:
            store.enter(game, hand, v)
            done += 1
        except ConflictError:
            conflicts += 1
    print(json.dumps({"done": done, "conflicts": conflicts}), flush=True)
""")


def spawn(db, game, n):
    import json
    return subprocess.Popen([sys.executable, "-c", CHILD, str(db), str(game), json.dumps(HAND), str(n)],
                            stdout=subprocess.PIPE, text=True)


def test_sigkill_while_entering_never_leaves_a_half_written_hand(db):
    with Store(db) as s:
        game = counting_game(s)
    rng = random.Random(2026)
    for trial in range(40):  # bench/reliability.py kills thousands of saves; here a regression's guard
        p = spawn(db, game, 10 ** 6)
        assert p.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0, 0.05))
        p.send_signal(signal.SIGKILL)
        p.wait()
        p.stdout.close()
    with Store(db) as s:
        assert s.integrity() == []
        log = s.log(game)
        assert all(e.hand == HAND for e in log)  # every entry whole
        assert s.game(game).version == len(log)  # the version moved with every committed hand
        sheet = s.sheet(game)
        assert len(sheet.hands) == len(log) > 0
        assert sheet.totals["A"] == -len(log)


def test_two_processes_lose_nothing_and_see_the_conflicts(db):
    with Store(db) as s:
        game = counting_game(s)
    import json
    procs = [spawn(db, game, 40) for _ in range(2)]
    for p in procs:
        assert p.stdout.readline().strip() == "ready"
    outs = [json.loads(p.stdout.readline()) for p in procs]
    for p in procs:
        p.wait()
        p.stdout.close()
    assert [o["done"] for o in outs] == [40, 40]
    with Store(db) as s:
        assert len(s.hands(game)) == 80


def test_a_stale_write_is_refused_with_a_message_and_nothing_is_lost(db):
    a, b = Store(db), Store(db)  # two tablets
    game = counting_game(a)
    va = a.game(game).version
    vb = b.game(game).version
    b.enter(game, HAND, vb)
    with pytest.raises(ConflictError) as e:
        a.enter(game, HAND, va)
    assert "changed by someone else" in str(e.value)
    assert len(a.hands(game)) == 1
    a.enter(game, HAND, a.game(game).version)
    assert len(b.hands(game)) == 2


def test_edit_and_undo_change_the_totals_and_keep_the_history(db):
    s = Store(db)
    rec, rules, module = records.read(RUBBER)
    game = s.new_game(s.new_evening("2026-11-20"), 1, rec, rules, module, hands=rec.hands)
    assert s.sheet(game).totals["Ala"] == 300
    # the first deal was 3NT making 10, not 9: +30 above the line for N-S
    s.edit(game, 0, {"contract": "3NT", "declarer": "N", "tricks": 10})
    assert s.sheet(game).totals["Ala"] == 330
    s.undo(game)  # the last deal (6NT) goes: the rubber is unfinished again
    sheet = s.sheet(game)
    assert len(sheet.hands) == 4 and sheet.finished is False
    assert [e.action for e in s.log(game)] == ["enter"] * 5 + ["edit", "undo"]
    assert s.log(game)[0].hand["tricks"] == 9  # the old version stays in the history
    with pytest.raises(ZapisError) as e:
        s.edit(game, 1, {"contract": "2H", "declarer": "E", "tricks": 14})
    assert str(e.value.problems[0]) == "hands[1].tricks: 14 is not between 0 and 13"
    assert len(s.log(game)) == 7  # nothing written


def test_a_ruleset_changed_after_the_game_began_does_not_change_it(db, monkeypatch):
    from zapis.paths import user_rulesets_dir
    d = user_rulesets_dir()
    d.mkdir(parents=True)
    (d / "nasz.toml").write_text('extends = "bridge-rubber"\n[rules]\nunfinished_partscore_bonus = 100\n')
    s = Store(db)
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "nasz", "players": ["A", "B", "C", "D"],
                                        "hands": [{"contract": "2S", "declarer": "N", "tricks": 8}]})
    game = s.new_game(s.new_evening(), 1, rec, rules, module, hands=rec.hands)
    assert s.sheet(game).totals["A"] == 160
    (d / "nasz.toml").write_text('extends = "bridge-rubber"\n[rules]\nunfinished_partscore_bonus = 50\n')
    assert s.sheet(game).totals["A"] == 160


def test_renaming_a_player_keeps_the_games(db):
    s = Store(db)
    rec, rules, module = records.read(RUBBER)
    game = s.new_game(s.new_evening(), 1, rec, rules, module, hands=rec.hands[:2])
    s.rename_player("Bartek", "Bartosz")
    sheet = s.sheet(game)
    assert sheet.players == ["Ala", "Bartosz", "Celina", "Darek"] and sheet.totals["Bartosz"] == 160
    s.enter(game, {"contract": "1C", "declarer": "E", "tricks": 7, "dealer": "Bartosz"})  # in the new name
    assert s.sheet(game).totals["Bartosz"] == 180  # 60 + 20 below, + 100 for the only partscore
    assert s.log(game)[-1].hand["dealer"] == "Bartek"  # the log keeps the name the game was recorded with
    with pytest.raises(ZapisError):
        s.rename_player("Ala", "Celina")


def test_a_games_rules_keep_the_rulesets_order(db):
    """The items of a card-count game are columns of its form and sheet in the order the ruleset gives them."""
    s = Store(db)
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "czarna-manka", "players": ["A", "B", "C"]})
    game = s.new_game(s.new_evening("2026-11-20"), 1, rec, rules, module)
    assert list(Store(db).record(game)[1]["items"]) == ["hearts", "queen_spades", "king_spades",
                                                                       "ace_spades"]


def test_renaming_a_player_follows_a_turas_partners(db):
    """A tura's partners are a parameter frozen with the rules: a renamed partner is renamed there too, in the
    sheet, the standings and the exported record."""
    s = Store(db)
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "bridge-tura",
                                        "players": ["Ala", "Bartek", "Celina", "Darek"],
                                        "partners": ["Darek", "Bartek", "Celina"]})
    ev = s.new_evening("2026-11-20")
    game = s.new_game(ev, 1, rec, rules, module)
    s.enter(game, {"contract": "4S", "declarer": "Darek", "tricks": 10})  # Ala and Darek together: 120 below
    before = s.sheet(game).totals
    s.rename_player("Darek", "Dariusz")
    rec2, rules2, module2 = s.record(game)
    assert rules2["partners"] == ["Dariusz", "Bartek", "Celina"]
    rec2.rules = {"partners": rules2["partners"]}  # as the export writes what differs from the ruleset
    assert tomllib.loads(records.dumps(rec2, module2))["partners"] == ["Dariusz", "Bartek", "Celina"]
    after = s.sheet(game).totals
    assert after["Dariusz"] == before["Darek"] and after["Ala"] == before["Ala"]
    s.enter(game, {"contract": "1C", "declarer": "Dariusz", "tricks": 7})  # in the new name
    assert s.record(game)[0].hands[-1]["declarer"] == "Dariusz"
    assert s.hands(game)[-1]["declarer"] == "Darek"  # the log keeps the name the game was recorded with
    assert sorted(r.totals for r in s.judged(ev))[0]["Dariusz"] == s.sheet(game).totals["Dariusz"]


@pytest.mark.parametrize("kind,message", [
    ("garbage", "is damaged or not a database"),
    ("foreign", "is not a zapis database"),
    ("newer", "was written by a newer zapis"),
])
def test_bad_databases_give_one_line_and_exit_2(tmp_path, capsys, kind, message):
    db = tmp_path / f"{kind}.db"
    if kind == "garbage":
        db.write_bytes(b"this is not sqlite at all" * 100)
    elif kind == "foreign":
        c = sqlite3.connect(db)
        c.execute("CREATE TABLE invoices (id INTEGER)")
        c.commit()
        c.close()
    else:
        Store(db).close()
        c = sqlite3.connect(db)
        c.execute("PRAGMA user_version = 99")
        c.close()
    assert main(["--db", str(db), "evening", "list"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"{db}: ") and message in err[0]


def test_backup_and_auto_backup(tmp_path):
    s = Store(tmp_path / "b.db")
    rec, rules, module = records.read(RUBBER)
    s.new_game(s.new_evening(), 1, rec, rules, module, hands=rec.hands)
    copy = s.backup(tmp_path / "copy.db")
    assert Store(copy).sheet(1).totals["Bartek"] == 1620
    for _ in range(7):
        s.auto_backup(keep=3)
    assert len(list((tmp_path / "backups").glob("b-*.db"))) == 3


def test_import_is_all_or_nothing(tmp_path, capsys):
    db = tmp_path / "i.db"
    bad = ROOT / "tests" / "data" / "bad" / "second-hand-bad.toml"
    assert main(["--db", str(db), "import", str(bad)]) == 2
    assert capsys.readouterr().err.strip().endswith("hands[1].tricks: 14 is not between 0 and 13")
    assert Store(db).games() == [] and Store(db).evenings() == []
    assert main(["--db", str(db), "import", str(RUBBER)]) == 0
    assert len(Store(db).hands(1)) == 5


def test_renaming_a_player_touches_only_where_a_player_stands(db):
    """Players X and N (a seat letter as an initial): a hand's double "X" and declarer seat "N" stay."""
    from zapis.io import records
    s = Store(db)
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "bridge-rubber",
                                        "players": ["N", "Bartek", "Celina", "X"]})
    ev = s.new_evening("2026-11-20")
    gid = s.new_game(ev, 1, rec, rules, module)
    s.enter(gid, {"contract": "2H", "declarer": "N", "double": "X", "tricks": 7})
    before = s.sheet(gid).totals
    s.rename_player("X", "Xawery")
    s.rename_player("N", "Nina")
    assert s.hands(gid) == [{"contract": "2H", "declarer": "N", "double": "X", "tricks": 7}]
    rec2, _, _ = s.record(gid)
    assert rec2.players == ["Nina", "Bartek", "Celina", "Xawery"]
    assert rec2.hands == [{"contract": "2H", "declarer": "N", "double": "X", "tricks": 7}]
    after = s.sheet(gid).totals
    assert [after[p] for p in ("Nina", "Bartek", "Celina", "Xawery")] == [before[p] for p in ("N", "Bartek", "Celina",
                                                                                             "X")]
    s.enter(gid, {"contract": "1NT", "declarer": "S", "double": "X", "tricks": 7})  # entered in the new names
    assert s.log(gid)[-1].hand["double"] == "X"


def test_renaming_follows_player_fields_and_maps_but_not_choices(db):
    """tysiąc: declarer, points and melds name players; a player called "hearts" (a meld's suit) is
    renamed where he stands, and a meld of hearts stays hearts."""
    from zapis.io import records
    s = Store(db)
    players = ["Ala", "hearts", "Celina"]
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "tysiac", "players": players})
    gid = s.new_game(s.new_evening("2026-11-20"), 1, rec, rules, module)
    s.enter(gid, {"declarer": "hearts", "bid": 100, "points": {"Ala": 20, "hearts": 80, "Celina": 20},
                  "melds": {"hearts": ["hearts"]}})
    s.rename_player("hearts", "Henryk")
    rec2, _, _ = s.record(gid)
    assert rec2.hands == [{"declarer": "Henryk", "bid": 100, "points": {"Ala": 20, "Henryk": 80, "Celina": 20},
                           "melds": {"Henryk": ["hearts"]}}]
    assert s.sheet(gid).totals == {"Ala": 20, "Henryk": 100, "Celina": 20}  # made: the declarer scores his bid
