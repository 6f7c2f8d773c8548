"""The store's last faults (issue 29, point 5): a damaged row of a game is one plain line naming the game (and the
hand), exit 2, for every command that reads games; a database in a read-only folder or disk is read, and a write
is refused in one line; a value nested past any reader (`--rules`, a record's values, a stored hand) is refused in
one line naming its place. Never exit 1, never a traceback."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
import tomli_w

from zapis.io import records, rulesets
from zapis.cli import main
from zapis.core.errors import ZapisError
from zapis.store import Store

RUBBER = {"format": "zapis/1", "ruleset": "bridge-rubber", "players": ["Ala", "Bartek", "Celina", "Darek"]}
HAND = {"contract": "1NT", "declarer": "N", "tricks": 7}
SEASON = ["2026-01-01", "2026-12-31"]
#: every command that reads games (its games read again, not from a memo)
READERS = [["evening", "show", "1"], ["standings", "--evening", "1"], ["standings", "--season", *SEASON],
           ["standings", "--season", *SEASON, "--stats", "--ratings"], ["export", "--evening", "1", "--format", "html"],
           ["export", "--evening", "1", "--format", "toml"], ["export", "--season", *SEASON, "--format", "html"],
           ["db", "check"]]


def club(db: Path) -> None:
    """Two games of three hands each (hand rows 1-3 are game 1's, 4-6 game 2's); nothing remembered yet."""
    with Store(db) as s:
        ev = s.new_evening("2026-11-20", "Klub", "Piątek")
        for table in (1, 2):
            rec, rules, module = records.parse(dict(RUBBER))
            s.new_game(ev, table, rec, rules, module, hands=[HAND] * 3)


def damage(db: Path, sql: str, *args) -> None:
    with sqlite3.connect(db) as c:
        c.execute(sql, args)
    c.close()


def run(db: Path, argv: list[str], capsys) -> tuple[int, list[str]]:
    code = main(["--db", str(db), "--lang", "en", *argv])
    err = capsys.readouterr().err
    assert "Traceback" not in err and "internal error" not in err, err
    return code, err.strip().splitlines()


# --- a damaged row ---------------------------------------------------------------------------------------------
DAMAGED_HANDS = {"not JSON": "{bad", "nested past any reader": "[" * 100_000 + "]" * 100_000}


@pytest.mark.parametrize("kind", list(DAMAGED_HANDS))
@pytest.mark.parametrize("argv", READERS, ids=[" ".join(a) for a in READERS])
def test_a_damaged_hand_is_one_line_naming_the_game_and_the_hand(tmp_path, capsys, argv, kind):
    db = tmp_path / "d.db"
    club(db)
    damage(db, "UPDATE hand_log SET hand_json = ? WHERE id = 5", DAMAGED_HANDS[kind])  # game 2, hand 2
    code, lines = run(db, argv, capsys)
    assert code == 2
    assert lines == ["game 2, hand 2: the stored hand is damaged (not JSON); zapis restore brings back a backup"]


@pytest.mark.parametrize("argv", READERS, ids=[" ".join(a) for a in READERS])
def test_a_hand_that_is_json_but_no_hand(tmp_path, capsys, argv):
    db = tmp_path / "d.db"
    club(db)
    damage(db, "UPDATE hand_log SET hand_json = 'null' WHERE id = 3")  # game 1, hand 3
    code, lines = run(db, argv, capsys)
    assert code == 2 and lines == ["game 1, hand 3: the stored hand is damaged (not as zapis wrote it); zapis "
                                   "restore brings back a backup"]


GAME_ROWS = [("rules_json", "{bad", "rules of the game are damaged (not JSON)"),
             ("rules_json", '{"id": "bridge-rubber"}', "rules of the game are damaged (not as zapis wrote it)"),
             ("layout_json", "[Ala", "seats of the players are damaged (not JSON)"),
             ("layout_json", "7", "seats of the players are damaged (not as zapis wrote it)"),
             ("start_json", "{", "start of the game is damaged (not JSON)")]


@pytest.mark.parametrize("column, value, said", GAME_ROWS, ids=[f"{c}={v}" for c, v, _ in GAME_ROWS])
@pytest.mark.parametrize("argv", READERS + [["evening", "list"]], ids=[" ".join(a) for a in READERS + [["evening", "list"]]])
def test_a_damaged_game_row_is_one_line_naming_the_game(tmp_path, capsys, argv, column, value, said):
    db = tmp_path / "d.db"
    club(db)
    damage(db, f"UPDATE games SET {column} = ? WHERE id = 2", value)
    code, lines = run(db, argv, capsys)
    if argv == ["evening", "list"] and column != "rules_json":
        assert code == 0  # the list of evenings reads only a game's rules (its title)
        return
    assert code == 2 and lines == [f"game 2: the stored {said}; zapis restore brings back a backup"]


def test_the_store_says_it_to_the_app_too(tmp_path):
    db = tmp_path / "d.db"
    club(db)
    damage(db, "UPDATE hand_log SET hand_json = '{bad' WHERE id = 2")
    s = Store(db)
    for read in (lambda: s.scored(1), lambda: s.hands(1), lambda: s.record(1), lambda: s.judged(1), s.season,
                 lambda: s.results(1)):
        with pytest.raises(ZapisError, match=r"^game 1, hand 2: the stored hand is damaged"):
            read()
    assert s.scored(2).sheet.totals  # the other game is unharmed
    assert s.integrity() == ["game 1, hand 2: the stored hand is damaged (not JSON); zapis restore brings back a "
                             "backup"]


def test_a_damaged_memo_is_only_computed_again(tmp_path, capsys):
    db = tmp_path / "d.db"
    club(db)
    assert main(["--db", str(db), "standings", "--season", *SEASON, "--json"]) == 0
    before = capsys.readouterr().out
    damage(db, "UPDATE game_results SET outcome_json = '{bad'")
    assert main(["--db", str(db), "standings", "--season", *SEASON, "--json"]) == 0
    assert capsys.readouterr().out == before
    assert main(["--db", str(db), "db", "check"]) == 0  # remembered anew, and right


# --- a read-only folder or disk ---------------------------------------------------------------------------------
DRIVER = """
import json, subprocess, sys
out = []
for argv in json.loads(sys.argv[1]):
    r = subprocess.run([sys.executable, "-m", "zapis", "--lang", "en", *argv], capture_output=True, text=True)
    out.append([r.returncode, r.stdout, r.stderr])
print(json.dumps(out))
"""


def read_only_runs(folder: Path, argvs: list[list[str]]) -> list[tuple[int, str, str]]:
    """Each command run while `folder` cannot be written. Not as root: the folder's mode is 0555. As root (which
    ignores a folder's mode) the folder is made a read-only bind mount in a mount namespace of its own
    (`unshare -m`), a truly read-only file system for those commands only."""
    argvs_json = json.dumps(argvs)
    env = {**os.environ, "ZAPIS_HOME": str(folder.parent / "home")}
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            r = subprocess.run([sys.executable, "-c", DRIVER, argvs_json], capture_output=True, text=True,
                               timeout=600, env=env, cwd=Path(__file__).resolve().parents[2])
        finally:
            folder.chmod(0o755)
    else:
        if not shutil.which("unshare") or subprocess.run(["unshare", "-m", "true"], capture_output=True).returncode:
            pytest.skip("root, and no mount namespace to make a read-only folder in")
        script = ('mount --bind "$1" "$1" && mount -o remount,ro,bind "$1" && touch "$1/x" 2>/dev/null '
                  '&& { echo "the folder is still writable" >&2; exit 99; }; exec "$2" -c "$3" "$4"')
        r = subprocess.run(["unshare", "-m", "sh", "-c", script, "sh", str(folder), sys.executable, DRIVER, argvs_json],
                           capture_output=True, text=True, timeout=600, env=env,
                           cwd=Path(__file__).resolve().parents[2])
    assert r.returncode == 0, r.stderr
    return [tuple(x) for x in json.loads(r.stdout)]


def digest(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def test_a_database_in_a_read_only_folder_is_read_and_never_written(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    db = folder / "club.db"
    club(db)
    record = tmp_path / "game.toml"
    record.write_text(tomli_w.dumps(RUBBER), encoding="utf-8")
    assert sorted(p.name for p in folder.iterdir()) == ["club.db"]  # closed: no -wal or -shm beside it (WAL mode)
    before = digest(folder)
    reads = [["evening", "list"], ["evening", "show", "1"], ["players"], ["standings", "--evening", "1"],
             ["standings", "--season", *SEASON], ["export", "--evening", "1", "--format", "html"],
             ["export", "--season", *SEASON, "--format", "json"], ["db", "check"]]
    writes = [["evening", "new"], ["import", str(record), "--evening", "1"], ["players", "rename", "Ala", "Ola"],
              ["pairs", "new", "--evening", "1", *("--pair A,B --pair C,D --pair E,F --pair G,H".split())]]
    results = read_only_runs(folder, [["--db", str(db), *a] for a in reads + writes])
    for argv, (code, out, err) in zip(reads, results):
        assert code == 0 and out and not err, (argv, err)
    assert "Ala" in results[2][1] and "Piątek" in results[0][1]
    for argv, (code, out, err) in zip(writes, results[len(reads):]):
        assert code == 2 and err.splitlines() == [f"{db}: cannot be written (read-only): nothing was saved"], \
            (argv, err)
    assert digest(folder) == before


def test_a_wal_with_changes_in_a_read_only_folder_is_said_not_missed(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    club(folder / "left.db")
    # a writer killed before its changes were copied into the file: its -wal (and -shm) stay beside it
    code = ("import sqlite3, os, shutil, sys\n"
            "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
            "c.execute('PRAGMA wal_autocheckpoint = 0')\n"
            "c.execute(\"UPDATE evenings SET title = 'after'\")\n"
            "shutil.copy(sys.argv[1] + '-wal', sys.argv[2] + '-wal')\n"
            "shutil.copy(sys.argv[1], sys.argv[2])\n"
            "os._exit(0)\n")
    subprocess.run([sys.executable, "-c", code, str(folder / "left.db"), str(folder / "nowal.db")], check=True)
    assert (folder / "left.db-shm").exists() and not (folder / "nowal.db-shm").exists()
    got = read_only_runs(folder, [["--db", str(folder / "left.db"), "evening", "list"],
                                  ["--db", str(folder / "nowal.db"), "evening", "list"],
                                  ["--db", str(folder / "new.db"), "evening", "list"]])
    assert got[0][0] == 0 and "after" in got[0][1]  # its -shm is there: the changes are read
    assert got[1][0] == 2 and got[1][2].splitlines() == [
        f"{folder / 'nowal.db'}: cannot be written here (a read-only folder or disk), and its -wal file holds "
        "changes not yet in it: open it once where it can be written"]
    assert got[2][0] == 2 and got[2][2].splitlines() == [
        f"{folder / 'new.db'}: does not exist, and cannot be made: its folder is read-only"]


# --- nesting past any reader ----------------------------------------------------------------------------------
def deep(n: int, key: str = "x") -> str:
    return f"{key}=" + "[" * n + "]" * n


@pytest.mark.parametrize("n", [33, 1_000, 5_000])
@pytest.mark.parametrize("key", ["x", "barrier", "partners"])
def test_a_deeply_nested_rules_value_is_refused(tmp_path, capsys, n, key):
    f = tmp_path / "game.toml"
    f.write_text(tomli_w.dumps(RUBBER), encoding="utf-8")
    code, lines = run(tmp_path / "n.db", ["score", str(f), "--rules", deep(n, key)], capsys)
    assert code == 2 and lines == [f"--rules.{key}: is nested too deeply (at most 32 levels)"]


def test_nesting_within_the_limit_is_judged_as_ever(tmp_path, capsys):
    f = tmp_path / "game.toml"
    f.write_text(tomli_w.dumps(RUBBER), encoding="utf-8")
    code, lines = run(tmp_path / "n.db", ["score", str(f), "--rules", deep(32)], capsys)
    assert code == 2 and lines == ["game.toml: --rules.x: unknown parameter of module bridge".replace(
        "game.toml", str(f))]
    assert rulesets.toml_value("[[1], [2]]", "p") == [[1], [2]] and rulesets.toml_value("a b", "p") == "a b"
    with pytest.raises(ZapisError, match="^p: is nested too deeply"):
        rulesets.toml_value("{a=" * 3000 + "1" + "}" * 3000, "p")


@pytest.mark.parametrize("where", ["rules", "hand", "top"])
@pytest.mark.parametrize("n", [40, 5_000])
def test_a_deeply_nested_value_in_a_record_file_is_refused(tmp_path, capsys, where, n):
    value, base = "[" * n + "]" * n, tomli_w.dumps(RUBBER)
    text = {"rules": base + f"[rules]\nbarrier = {value}\n", "top": f"x = {value}\n" + base,
            "hand": base + f'[[hands]]\ncontract = "1NT"\ndeclarer = "N"\ntricks = {value}\n'}[where]
    f = tmp_path / "deep.toml"
    f.write_text(text, encoding="utf-8")
    for argv in (["score", str(f)], ["import", str(f)]):
        code, lines = run(tmp_path / "n.db", argv, capsys)
        assert code == 2 and lines == [f"{f}: is nested too deeply (at most 32 levels)"], (argv, lines)


def test_a_deeply_nested_json_file_is_no_record(tmp_path, capsys):
    """A record is TOML (../shared/spec/records.md); JSON given instead is refused in one line, however deep."""
    f = tmp_path / "deep.json"
    f.write_text('{"format": "zapis/1", "x": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    for argv in (["score", str(f)], ["import", str(f)]):
        code, lines = run(tmp_path / "n.db", argv, capsys)
        assert code == 2 and len(lines) == 1 and lines[0].startswith(f"{f}: "), lines


def test_a_deeply_nested_settings_file_is_as_if_none(tmp_path):
    home = tmp_path / "home"
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.toml").write_text("lang = " + "[" * 5_000 + "]" * 5_000 + "\n")
    r = subprocess.run([sys.executable, "-m", "zapis", "--db", str(tmp_path / "s.db"), "evening", "list"],
                       capture_output=True, text=True, timeout=120, env={**os.environ, "ZAPIS_HOME": str(home)})
    assert r.returncode == 0 and not r.stderr, r.stderr
