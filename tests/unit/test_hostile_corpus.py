"""The malformed corpus, extended by the robustness issue's classes: special files, deep nesting,
huge and non-finite numbers, names with markup, control characters and spaces, and the CLI's own
options. Every refusal exits 2 with one line per problem naming the place, never a traceback or exit
1, never a hang, and a refused input changes nothing in the database."""

from __future__ import annotations

import copy
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import tomli_w

from zapis.cli import main
from zapis.store import Store
from zapis.core.names import BIDI_CONTROLS
from zapis.store.db import _rename

DATA = Path(__file__).resolve().parents[1] / "data"
VALID = sorted((DATA / "samples").glob("*.toml")) + sorted((DATA / "seeds").glob("*.toml"))

HOSTILE_NAMES = ["Ala[/]", "[bold]B", "[@click=app.quit]C", "[link=x]D[/link]", "\x1b[31mE", "F\x07", "G\u202e",
                 "=1+1", "-H", "@I", "<b>J</b>", "K\\"]


def _bad_values():
    """Values no field accepts: non-finite and huge numbers, deep nesting."""
    deep: object = 1
    for _ in range(40):
        deep = [deep]
    return [("inf", float("inf")), ("nan", float("nan")), ("-inf", float("-inf")), ("huge", 10 ** 18),
            ("tiny", -10 ** 18), ("deep", deep)]


def record_cases():
    out = []
    for path in VALID:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        hkey = "results" if "results" in data else "hands"
        for i, hand in enumerate(data.get(hkey, [])[:3]):
            for field in list(hand):
                for label, bad in _bad_values():
                    d = copy.deepcopy(data)
                    d[hkey][i][field] = bad
                    out.append((f"{path.stem}-{hkey}{i}-{field}-{label}", d, 2))
        if isinstance(data.get("players"), list):
            d = copy.deepcopy(data)
            d["players"][0] = " " + d["players"][0]
            out.append((f"{path.stem}-name-space", d, 2))
            d = copy.deepcopy(data)
            d["players"][0] = "x" * 61
            out.append((f"{path.stem}-name-long", d, 2))
        for label, bad in _bad_values():
            d = copy.deepcopy(data)
            d["start"] = {"zzz": bad}
            out.append((f"{path.stem}-start-{label}", d, 2))
    return out


RECORDS = record_cases()


def names_cases():
    """Valid records whose players hold hostile names: scored and imported, exit 0; a name with a control character
    (ESC, BEL) never enters (exit 2, naming the player: issue 29)."""
    out = []
    for path in VALID:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data.get("players"), list):
            continue
        n = len(data["players"])
        for k in range(0, len(HOSTILE_NAMES), n):
            mapping = dict(zip(data["players"], (HOSTILE_NAMES * 2)[k:k + n]))
            control = any(c < " " or c in BIDI_CONTROLS for name in mapping.values() for c in name)
            out.append((f"{path.stem}-names{k}", _rename(copy.deepcopy(data), mapping), 2 if control else 0))
    return out


NAMES = names_cases()


def test_the_corpus_with_the_first_one_passes_a_thousand():
    from tests.unit.test_generated_corpus import CASES
    assert len(CASES) + len(RECORDS) + len(NAMES) + len(OPTIONS) >= 1000


def _check(tmp_path, capsys, argv, expect, place):
    db = tmp_path / "store.db"
    code = main(["--db", str(db), *argv])
    cap = capsys.readouterr()
    assert code == expect, (argv, cap.out, cap.err)
    assert "Traceback" not in cap.err and "internal error" not in cap.err
    if expect == 2:
        lines = cap.err.strip().splitlines()
        assert lines and all(line.startswith(place) for line in lines), lines
        if db.exists():
            with Store(db) as s:
                assert s.games() == [] and s.evenings() == []


@pytest.mark.parametrize("name,data,expect", RECORDS + NAMES, ids=[c[0] for c in RECORDS + NAMES])
def test_hostile_record(name, data, expect, tmp_path, capsys):
    path = tmp_path / f"{name}.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    _check(tmp_path, capsys, ["import", str(path)], expect, str(path))
    if expect == 0:
        assert main(["score", str(path)]) == 0
        assert "\x1b" not in capsys.readouterr().out


def options_cases():
    out = []
    for opt in ("--table", "--stake"):
        for v in ("0", "-1", "1000", "100000000000000000000", "inf", "nan", "-inf", "1e999", "2000000"):
            if opt == "--table" and v in ("inf", "nan", "-inf", "1e999") or opt == "--stake" and v in ("0", "1000"):
                continue  # not an integer at all (argparse's own refusal), or a fine stake
            out.append((f"import{opt}={v}", ["import", "{record}", f"{opt}={v}"], opt))
    for v in ("100000000000000000000", "0", "-5"):
        out.append((f"evening-show-{v}", ["evening", "show", v], "evening"))
        out.append((f"export-{v}", ["export", "--evening", v, "--format", "csv"], "evening"))
        out.append((f"standings-{v}", ["standings", "--evening", v], "--evening"))
        out.append((f"import-evening-{v}", ["import", "{record}", "--evening", v], "evening"))
    for v in ("20261120", "2026-W47-5", "2026-13-01", "30.02.2026", "x" * 100):
        out.append((f"evening-new-date-{v[:12]}", ["evening", "new", "--date", v], "--date"))
    return out


OPTIONS = options_cases()


@pytest.mark.parametrize("name,argv,place", OPTIONS, ids=[c[0] for c in OPTIONS])
def test_hostile_option(name, argv, place, tmp_path, capsys):
    record = DATA / "seeds" / "seed-rubber.toml"
    argv = [a.replace("{record}", str(record)) for a in argv]
    _check(tmp_path, capsys, argv, 2, place)


def special_files(tmp: Path) -> list[tuple[str, Path]]:
    fifo = tmp / "fifo.toml"
    os.mkfifo(fifo)
    (tmp / "a.toml").symlink_to(tmp / "b.toml")
    (tmp / "b.toml").symlink_to(tmp / "a.toml")
    (tmp / "dir.toml").mkdir()
    big = tmp / "big.toml"
    with open(big, "wb") as f:
        f.truncate(9 * 1024 * 1024)
    deep = tmp / "deep.toml"
    deep.write_text('format = "zapis/1"\nruleset = "bridge-rubber"\nplayers = ["A","B","C","D"]\nx = '
                    + "[" * 2000 + "]" * 2000 + "\n")
    return [("dev-zero", Path("/dev/zero")), ("fifo", fifo), ("link-loop", tmp / "a.toml"), ("dir", tmp / "dir.toml"),
            ("big", big), ("deep", deep)]


def test_special_files_are_refused_without_a_hang(tmp_path):
    for label, path in special_files(tmp_path):
        for argv in (["score", str(path)], ["import", str(path)], ["rulesets", "check", str(path)]):
            r = subprocess.run([sys.executable, "-m", "zapis", "--db", str(tmp_path / "s.db"), *argv],
                               capture_output=True, text=True, timeout=60)
            assert r.returncode == 2 and r.stderr.startswith(str(path)), (label, argv, r.stderr)
            assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
        rec = tmp_path / f"uses-{label}.toml"
        rec.write_text(f'format = "zapis/1"\nruleset = "{path}"\nplayers = ["A", "B", "C", "D"]\n')
        r = subprocess.run([sys.executable, "-m", "zapis", "score", str(rec)], capture_output=True, text=True,
                           timeout=60)
        assert r.returncode == 2 and "Traceback" not in r.stderr, (label, r.stderr)
